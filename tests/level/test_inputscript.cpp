// Input scripts ("FROM TO KEYS"): parsing, errors with positions, at() and the shared
// simulation loop.
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelworld.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace ts;
using namespace ts::level;

namespace {

/// "lrjd" letters of the keys held, '-' for none: compact for data tables.
QString keyString(const Input& in) {
    QString s;
    if (in.left)
        s += QLatin1Char('l');
    if (in.right)
        s += QLatin1Char('r');
    if (in.jump)
        s += QLatin1Char('j');
    if (in.down)
        s += QLatin1Char('d');
    return s.isEmpty() ? QStringLiteral("-") : s;
}

/// Ranges as "FROM-TO:keys" joined by spaces.
QString rangesString(const InputScript& s) {
    QStringList parts;
    for (const InputRange& r : s.ranges)
        parts << QStringLiteral("%1-%2:%3").arg(r.from).arg(r.to).arg(keyString(r.keys));
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TestInputScript : public QObject {
    Q_OBJECT

private slots:
    void parsesValid_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("ranges");
        QTest::newRow("empty") << ""
                               << "";
        QTest::newRow("one") << "1 10 right"
                             << "1-10:r";
        QTest::newRow("all keys") << "5 5 left,right,jump,down\n"
                                  << "5-5:lrjd";
        QTest::newRow("none") << "3 4 none"
                              << "3-4:-";
        QTest::newRow("blanks around commas") << "1 2 left , jump"
                                              << "1-2:lj";
        QTest::newRow("tabs") << "\t1\t2\tjump\t"
                              << "1-2:j";
        QTest::newRow("comments and blanks")
            << "# a run to the right\n\n1 30 right   # walk\n   \n31 31 right,jump\n"
            << "1-30:r 31-31:rj";
        QTest::newRow("crlf") << "1 2 left\r\n3 4 right\r\n"
                              << "1-2:l 3-4:r";
        QTest::newRow("comment right after keys") << "1 2 jump#now"
                                                  << "1-2:j";
        QTest::newRow("duplicate key") << "1 2 jump,jump"
                                       << "1-2:j";
        QTest::newRow("the step limit") << "1 100000000 right" // limits::kMaxSteps
                                        << "1-100000000:r";
        QTest::newRow("no final newline") << "7 8 down"
                                          << "7-8:d";
        // A step number as a level file writes a whole number (level::readIntText()).
        QTest::newRow("plus sign") << "+1 +10 right"
                                   << "1-10:r";
        QTest::newRow("leading zeros") << "007 010 left"
                                       << "7-10:l";
    }
    void parsesValid() {
        QFETCH(QString, text);
        QFETCH(QString, ranges);
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(parseInputScript(text.toStdString(), "run.txt", script, errors));
        QVERIFY(errors.empty());
        QCOMPARE(rangesString(script), ranges);
    }

    void reportsErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::newRow("word for FROM")
            << "x 2 left" << 1 << 1 << "expected a step number (FROM), got 'x'";
        QTest::newRow("word for TO")
            << "1 two left" << 1 << 3 << "expected a step number (TO), got 'two'";
        QTest::newRow("negative") << "-1 2 left" << 1 << 1
                                  << "expected a step number (FROM), got '-1'";
        QTest::newRow("negative zero")
            << "-0 2 left" << 1 << 1 << "expected a step number (FROM), got '-0'";
        QTest::newRow("sign alone")
            << "+ 2 left" << 1 << 1 << "expected a step number (FROM), got '+'";
        QTest::newRow("plus zero") << "+0 2 left" << 1 << 1 << "step numbers start at 1";
        QTest::newRow("plus past the step limit")
            << "1 +100000001 left" << 1 << 3
            << "step number '+100000001' is too large (the limit is 100000000 steps)";
        QTest::newRow("decimal") << "1.5 2 left" << 1 << 1 << "got '1.5'";
        QTest::newRow("zero") << "0 2 left" << 1 << 1 << "step numbers start at 1";
        QTest::newRow("overflow") << "1 99999999999999999999 left" << 1 << 3
                                  << "step number '99999999999999999999' is too large (the limit "
                                     "is 100000000 steps)";
        QTest::newRow("past the step limit")
            << "100000001 100000002 left" << 1 << 1
            << "step number '100000001' is too large (the limit is 100000000 steps)";
        QTest::newRow("from after to") << "\n9 3 jump" << 2 << 3 << "FROM 9 is after TO 3";
        QTest::newRow("missing TO") << "4" << 1 << 2 << "expected the TO step number";
        QTest::newRow("missing keys") << "1 2 # comment" << 1 << 5 << "expected keys";
        QTest::newRow("unknown key")
            << "1 2 left,fire" << 1 << 10
            << "unknown key 'fire' (expected left, right, jump, down or none)";
        QTest::newRow("capitalised key") << "1 2 Left" << 1 << 5 << "unknown key 'Left'";
        QTest::newRow("trailing comma") << "1 2 left," << 1 << 10 << "expected a key";
        QTest::newRow("leading comma") << "1 2 ,left" << 1 << 5 << "expected a key";
        QTest::newRow("space between keys")
            << "1 2 left jump" << 1 << 9 << "expected ',' between keys, got 'jump'";
        QTest::newRow("none with keys")
            << "1 2 none,left" << 1 << 10 << "'none' cannot be combined";
        QTest::newRow("third line")
            << "1 2 left\n3 4 right\n5 6 up" << 3 << 5 << "unknown key 'up'";
        QTest::newRow("binary") << QString::fromLatin1("1 2 \x01\xff") << 1 << 5
                                << "unknown key '\\x01";
    }
    void reportsErrors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(!parseInputScript(text.toStdString(), "run.txt", script, errors));
        QVERIFY(!errors.empty());
        const Diagnostic& d = errors.front();
        QCOMPARE(QString::fromStdString(d.file), QStringLiteral("run.txt"));
        QCOMPARE(d.line, line);
        QCOMPARE(d.column, column);
        QVERIFY2(QString::fromStdString(d.message).contains(message), d.toString().c_str());
        QVERIFY(script.ranges.empty());
    }

    void skipsAByteOrderMark() {
        // Bytes as a Windows editor saves them (QString would drop the mark).
        const std::string bom = "\xEF\xBB\xBF";
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(parseInputScript(bom + "1 2 left\r\n3 4 jump\r\n", "run.txt", script, errors));
        QCOMPARE(rangesString(script), QStringLiteral("1-2:l 3-4:j"));
        // Columns on line 1 count from after the mark, as an editor shows them.
        QVERIFY(!parseInputScript(bom + "1 2 up", "run.txt", script, errors));
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(errors.front().line, 1);
        QCOMPARE(errors.front().column, 5);
        QVERIFY2(errors.front().message.find("unknown key 'up'") != std::string::npos,
                 errors.front().toString().c_str());
    }

    void reportsEveryBadLine() {
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(
            !parseInputScript("x 1 left\n1 2 right\n3 y left\n5 6 kick\n", "r", script, errors));
        QCOMPARE(errors.size(), std::size_t(3));
        QCOMPARE(errors[0].line, 1);
        QCOMPARE(errors[1].line, 3);
        QCOMPARE(errors[2].line, 4);
    }

    void capsErrors() {
        std::string text;
        for (int i = 0; i < 1000; ++i)
            text += "bad line\n";
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(!parseInputScript(text, "r", script, errors));
        QVERIFY(errors.size() <= 50);
        QVERIFY(errors.size() >= 10);
    }

    void atCombinesRanges_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // keys for steps 1..8
        QTest::newRow("nothing") << ""
                                 << "- - - - - - - -";
        QTest::newRow("inclusive ends") << "2 4 right"
                                        << "- r r r - - - -";
        QTest::newRow("overlap ORs") << "1 5 right\n3 3 jump\n4 8 left"
                                     << "r r rj lr lr l l l";
        QTest::newRow("out of order") << "6 7 down\n1 1 jump"
                                      << "j - - - - d d -";
        QTest::newRow("none range adds nothing") << "1 8 none\n2 2 left"
                                                 << "- l - - - - - -";
    }
    void atCombinesRanges() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(parseInputScript(text.toStdString(), "r", script, errors));
        QStringList got;
        for (std::uint64_t k = 1; k <= 8; ++k)
            got << keyString(script.at(k));
        QCOMPARE(got.join(QLatin1Char(' ')), expected);
        QCOMPARE(keyString(script.at(0)), QStringLiteral("-"));
    }

    void loadsFiles() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("run.txt")).toStdString();
        std::ofstream(path) << "1 3 right\n4 x left\n";
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(!loadInputScript(path, script, errors));
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(
            QString::fromStdString(errors[0].toString()),
            QString::fromStdString(path + ":2:3: error: expected a step number (TO), got 'x'"));

        errors.clear();
        QVERIFY(!loadInputScript(path + ".missing", script, errors));
        QCOMPARE(errors.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(errors[0].message).contains(QLatin1String("cannot open")));
    }

    // simulateLevel must feed exactly script.at(k) at step k: compare with a plain loop.
    void simulateMatchesPlainLoop() {
        Level lvl = Level::make(40, 12);
        for (int x = 0; x < lvl.width; ++x)
            lvl.setTile(x, lvl.height - 1, Tile::Solid);
        for (int x = 10; x < 16; ++x)
            lvl.setTile(x, 7, Tile::OneWay);
        lvl.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 10));
        lvl.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 2, 20, 10));
        lvl.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 3, 30, 10));

        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(parseInputScript("1 40 right\n20 22 jump\n30 90 left\n60 61 jump\n85 120 down\n",
                                 "r", script, errors));

        LevelWorld a = buildWorld(lvl);
        std::vector<std::uint64_t> seen;
        const std::uint64_t hashA =
            simulateLevel(a, script, 120, [&](std::uint64_t k) { seen.push_back(k); });
        QCOMPARE(seen.size(), std::size_t(120));
        QCOMPARE(seen.front(), std::uint64_t(1));
        QCOMPARE(seen.back(), std::uint64_t(120));

        LevelWorld b = buildWorld(lvl);
        for (std::uint64_t k = 1; k <= 120; ++k) {
            b.world.setInput(b.player, script.at(k));
            b.world.step();
        }
        QCOMPARE(hashA, b.world.stateHash());

        // The inputs matter: without them the run ends elsewhere.
        LevelWorld c = buildWorld(lvl);
        QVERIFY(simulateLevel(c, InputScript{}, 120) != hashA);
    }
};

QTEST_GUILESS_MAIN(TestInputScript)
#include "test_inputscript.moc"
