// Level loading errors and hostile input: every error with its position, the
// error cap, hostile and huge files, configurable limits, a missing file, and
// mutated files that must never crash (round trips: test_levelio.cpp).
#include "levelio_testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>
#include <random>

using namespace ts;
using namespace ts::level;
using namespace ts::level::test;

class TestLevelIoErrors : public QObject {
    Q_OBJECT

private slots:
    void mutationsNeverCrash();
    void reportsAllErrorsUpToTheCap();
    void badTileHidesNoSpawnOffTheMap();
    void hostile_data();
    void hostile();
    void unclosedBracket_data();
    void unclosedBracket();
    void hugeInputs();
    void limitsAreConfigurable();
    void missingFile();
    void saveRefusesWhatWouldNotLoad_data();
    void saveRefusesWhatWouldNotLoad();
};

void TestLevelIoErrors::reportsAllErrorsUpToTheCap() {
    // Three independent errors are all reported, in file order.
    std::string text = kSmall;
    text.replace(text.find("width: 4"), 8, "width: 4\nfoo: 1");
    text.replace(text.find("kind: player"), 12, "kind: player, mass: -2");
    text += "physics: {dt: 0}\n";
    const LoadResult r = loadLevelFromString(text, "x.yaml");
    QVERIFY(!r.ok());
    QVERIFY(!r.level.has_value());
    QCOMPARE(r.errors.size(), std::size_t(3));
    QCOMPARE(r.errors[0].line, 4);
    QVERIFY(r.errors[0].message.find("unknown key 'foo'") != std::string::npos);
    QCOMPARE(r.errors[1].line, 11);
    QVERIFY(r.errors[1].message.find("'mass'") != std::string::npos);
    QCOMPARE(r.errors[2].line, 12);
    QVERIFY(r.errors[2].message.find("'dt'") != std::string::npos);

    // A map full of bad characters stops at the cap with a final note.
    std::string many = "tilesmith: 1\nwidth: 100\nheight: 10\ntiles: |\n";
    for (int y = 0; y < 10; ++y)
        many += "  " + std::string(100, 'x') + "\n";
    Limits limits;
    limits.maxErrors = 20;
    const LoadResult m = loadLevelFromString(many, "many.yaml", limits);
    QCOMPARE(m.errors.size(), std::size_t(21));
    QVERIFY(m.errors.back().message.find("too many errors") != std::string::npos);
    QCOMPARE(m.errors[0].line, 5);
    QCOMPARE(m.errors[0].column, 3);
    QCOMPARE(m.errors[1].column, 4);
}

void TestLevelIoErrors::badTileHidesNoSpawnOffTheMap() {
    // The map's size is known, so a spawn off it is an error beside the bad tile; whether
    // a spawn stands in a wall is not known once a tile is unreadable, so that is not said.
    std::string text = kSmall;
    text.replace(text.find("  .==."), 6, "  .=?.");
    text.replace(text.find("x: 0, y: 1"), 10, "x: 9, y: 1");
    text += "  - {id: 2, kind: goal, x: 1, y: 2}\n"; // in the bottom row's solid tile
    const LoadResult r = loadLevelFromString(text, "x.yaml");
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), std::size_t(2));
    QCOMPARE(r.errors[0].toString(),
             std::string("x.yaml:7:5: error: unknown tile character '?' (the legend has '.', "
                         "'#' and '=')"));
    QCOMPARE(r.errors[1].toString(),
             std::string("x.yaml:10:30: error: spawn 1 is outside the map: x is 9, expected 0 "
                         "to 3"));

    // With the tiles read, the goal in the wall is an error too.
    text.replace(text.find("  .=?."), 6, "  .==.");
    const LoadResult all = loadLevelFromString(text, "x.yaml");
    QCOMPARE(all.errors.size(), std::size_t(2));
    QCOMPARE(all.errors[0].line, 10);
    QCOMPARE(all.errors[1].toString(),
             std::string("x.yaml:11:5: error: spawn 2 (goal) is inside a solid tile at x 1, y 2"));
}

void TestLevelIoErrors::hostile_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");

    QByteArray bomb = "tilesmith: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 30; ++i) {
        bomb += QByteArray("a") + QByteArray::number(i) + ": &a" + QByteArray::number(i) + " [";
        for (int k = 0; k < 10; ++k)
            bomb += (k ? ", *a" : "*a") + QByteArray::number(i - 1);
        bomb += "]\n";
    }
    QTest::newRow("alias bomb") << bomb << 2 << 5 << "anchors ('&name') are not allowed";
    QTest::newRow("alias only") << QByteArray("tilesmith: 1\nwidth: *w\n") << 2 << 8
                                << "invalid YAML: the referenced anchor is not defined";
    QTest::newRow("10k flow nesting")
        << (QByteArray("tilesmith: 1\nwidth: ") + QByteArray(10000, '[') + QByteArray(10000, ']'))
        << 2 << 71 << "nesting is too deep";
    QByteArray blockDeep = "tilesmith: 1\nx:\n";
    for (int i = 1; i <= 2000; ++i)
        blockDeep += QByteArray(i, ' ') + "k:\n";
    QTest::newRow("2000-deep block nesting") << blockDeep << 66 << 65 << "nesting is too deep";
    QTest::newRow("10k dashes") << (QByteArray("tilesmith: 1\nx:\n") +
                                    QByteArray(20000, '-').replace("--", "- "))
                                << 3 << 1 << "nesting is too deep";
    QTest::newRow("NUL") << QByteArray("tilesmith: 1\nname: a\0b\n", 23) << 2 << 8 << "NUL byte";
    QTest::newRow("bad UTF-8") << QByteArray("tilesmith: 1\nname: ab\xC3(\n") << 2 << 9
                               << "invalid UTF-8 (byte 0xC3)";
    QTest::newRow("overlong UTF-8")
        << QByteArray("tilesmith: 1\nname: \xC0\xAF\n") << 2 << 7 << "invalid UTF-8";
    QTest::newRow("UTF-16 surrogate")
        << QByteArray("tilesmith: 1\nname: \xED\xA0\x80\n") << 2 << 7 << "invalid UTF-8";
    QTest::newRow("1e400") << QByteArray(kSmall).replace("y: 1}", "y: 1, mass: 1e400}") << 10 << 45
                           << "'mass' must be between 0 and 1000000, got 1e400";
    QTest::newRow(".nan") << QByteArray(kSmall).replace("y: 1}", "y: 1, vx: .nan}") << 10 << 43
                          << "'vx' must be between -100000 and 100000, got .nan";
    QTest::newRow("-.inf") << QByteArray(kSmall).replace("y: 1}", "y: 1, vy: -.inf}") << 10 << 43
                           << "'vy' must be between -100000 and 100000, got -.inf";
    QTest::newRow("huge int") << QByteArray(kSmall).replace("width: 4",
                                                            "width: 1" + QByteArray(400, '0'))
                              << 3 << 8 << "'width' must be between 1 and 4096";
    QTest::newRow("-5 size") << QByteArray(kSmall).replace("height: 3", "height: -5") << 4 << 9
                             << "'height' must be between 1 and 4096, got -5";
    QTest::newRow("negative spawn size") << QByteArray(kSmall).replace("y: 1}", "y: 1, width: -12}")
                                         << 10 << 46 << "'width' must be greater than 0";
    QTest::newRow("5000x5000") << QByteArray(
                                      "tilesmith: 1\nwidth: 5000\nheight: 5000\ntiles: |\n  ....\n")
                               << 2 << 8 << "'width' must be between 1 and 4096, got 5000";
    QTest::newRow("two documents")
        << (QByteArray(kSmall) + "---\n" + kSmall) << 11 << 1 << "one YAML document";
    QTest::newRow("tag") << QByteArray(kSmall).replace("name: Small", "name: !!binary AAAA") << 2
                         << 7 << "tags";
    QTest::newRow("control") << QByteArray("tilesmith: 1\nname: \x1b[31m\n") << 2 << 7
                             << "control character 0x1B";
    QTest::newRow("not yaml") << QByteArray("tilesmith: 1\nname: a\n  b: c\n") << 3 << 4
                              << "invalid YAML: illegal map value";
    // A closing bracket of the wrong kind: yaml-cpp's position is the right one.
    QTest::newRow("mismatched bracket")
        << QByteArray("tilesmith: 1\nname: [a}\n") << 2 << 9 << "invalid YAML: illegal flow end";
    QTest::newRow("binary junk") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << 1 << 1
                                 << "invalid UTF-8 (byte 0x89)";
    QTest::newRow("scalar root") << QByteArray("hello") << 1 << 1 << "expected a mapping";
}

void TestLevelIoErrors::hostile() {
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    const LoadResult r = loadLevelFromString(
        std::string(text.constData(), static_cast<std::size_t>(text.size())), "hostile.yaml");
    QVERIFY(!r.ok());
    QVERIFY(!r.errors.empty());
    const auto found = std::find_if(r.errors.begin(), r.errors.end(), [&](const Diagnostic& e) {
        return e.message.find(message.toStdString()) != std::string::npos;
    });
    QVERIFY2(found != r.errors.end(), r.errors[0].toString().c_str());
    const Diagnostic& d = *found;
    QCOMPARE(d.line, line);
    QCOMPARE(d.column, column);
}

void TestLevelIoErrors::unclosedBracket_data() {
    // yaml-cpp reports an unclosed bracket where it gives up (often the end of
    // the file); the error points at the bracket, the note at that place.
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected"); // the whole toString(), both lines

    QTest::newRow("'[' at the end")
        << QByteArray("tilesmith: 1\nname: [unclosed\n")
        << "u.yaml:2:7: error: '[' is never closed\n"
           "u.yaml:3:1: note: the YAML parser gave up here: end of sequence flow not found";
    QTest::newRow("'[' before more keys")
        << (QByteArray("tilesmith: 1\nname: [Small\nwidth: 4\nheight: 3\n"))
        << "u.yaml:2:7: error: '[' is never closed\n"
           "u.yaml:3:6: note: the YAML parser gave up here: end of sequence flow not found";
    QTest::newRow("'{' of a spawn, closed ones after it")
        << QByteArray(kSmall).replace("y: 1}", "y: 1\n  - {id: 2, kind: npc, x: 1, y: 1}")
        << "u.yaml:10:5: error: '{' is never closed\n"
           "u.yaml:11:5: note: the YAML parser gave up here: end of map flow not found";
    QTest::newRow("nested, inner closed")
        << (QByteArray(kSmall) + "physics: {gravity: 900, dt: [0.02], partition: grid\n")
        << "u.yaml:11:10: error: '{' is never closed\n"
           "u.yaml:12:1: note: the YAML parser gave up here: end of map flow not found";
    QTest::newRow("nested, both open: the inner one")
        << (QByteArray(kSmall) + "physics: {gravity: [900, 1\n")
        << "u.yaml:11:20: error: '[' is never closed\n"
           "u.yaml:12:1: note: the YAML parser gave up here: end of sequence flow not found";
    QTest::newRow("brackets in double quotes")
        << (QByteArray(kSmall).replace("name: Small", "name: \"a ] [ b\"") +
            "physics: {partition: \"a \\\" [ b\", dt: 0.02\n")
        << "u.yaml:11:10: error: '{' is never closed\n"
           "u.yaml:12:1: note: the YAML parser gave up here: end of map flow not found";
    QTest::newRow("brackets in single quotes")
        << (QByteArray(kSmall) + "physics: {partition: 'it''s ] [', dt: 0.02\n")
        << "u.yaml:11:10: error: '{' is never closed\n"
           "u.yaml:12:1: note: the YAML parser gave up here: end of map flow not found";
    QTest::newRow("a ']' in the comment does not close it")
        << (QByteArray("# a [ in a comment\n") + kSmall + "physics: [1, 2  # ]\n")
        << "u.yaml:12:10: error: '[' is never closed\n"
           "u.yaml:13:1: note: the YAML parser gave up here: end of sequence flow not found";
    QTest::newRow("brackets in a plain scalar and a block scalar")
        << QByteArray("tilesmith: 1\nname: a[b]{\ntext: |\n  ]]}}\nx: {a: 1\n")
        << "u.yaml:5:4: error: '{' is never closed\n"
           "u.yaml:6:1: note: the YAML parser gave up here: end of map flow not found";
}

void TestLevelIoErrors::unclosedBracket() {
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    const LoadResult r = loadLevelFromString(text.toStdString(), "u.yaml");
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(errorsText(r)).trimmed(), expected);
}

void TestLevelIoErrors::hugeInputs() {
    // A string one byte over the limit is refused before parsing.
    Limits limits;
    std::string big(limits.maxFileBytes + 1, ' ');
    const LoadResult r = loadLevelFromString(big, "big.yaml");
    QCOMPARE(r.errors.size(), std::size_t(1));
    QVERIFY(r.errors[0].message.find("too large") != std::string::npos);
    big.clear();
    big.shrink_to_fit();

    // A file over a (small) limit is refused without reading it all.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("big.yaml");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(300000, '#'));
    f.close();
    limits.maxFileBytes = 100000;
    const LoadResult rf = loadLevelFile(path.toStdString(), limits);
    QCOMPARE(rf.errors.size(), std::size_t(1));
    QVERIFY(rf.errors[0].message.find("too large") != std::string::npos);
    QCOMPARE(rf.errors[0].file, path.toStdString());

    // The largest map allowed loads.
    std::string maxMap = "tilesmith: 1\nwidth: 4096\nheight: 2\ntiles: |\n  " +
                         std::string(4096, '.') + "\n  " + std::string(4096, '#') +
                         "\nspawns:\n  - {id: 1, kind: player, x: 4095, y: 0}\n";
    const LoadResult mr = loadLevelFromString(maxMap);
    QVERIFY2(mr.ok(), errorsText(mr).c_str());
    QCOMPARE(mr.level->tiles.size(), std::size_t(8192));
}

void TestLevelIoErrors::limitsAreConfigurable() {
    Limits limits;
    limits.maxSpawns = 2;
    std::string text = kSmall;
    text += "  - {id: 2, kind: npc, x: 1, y: 1}\n  - {id: 3, kind: box, x: 2, y: 1}\n";
    QVERIFY(loadLevelFromString(text).ok());
    LoadResult r = loadLevelFromString(text, "s.yaml", limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors[0].line, 10);
    QCOMPARE(r.errors[0].column, 3);
    QVERIFY(r.errors[0].message.find("too many spawns (3; the limit is 2)") != std::string::npos);

    limits = Limits{};
    limits.maxWidth = 3;
    r = loadLevelFromString(kSmall, "s.yaml", limits);
    QVERIFY(!r.ok());
    QVERIFY(r.errors[0].message.find("'width' must be between 1 and 3") != std::string::npos);

    limits = Limits{};
    limits.maxNodes = 10;
    r = loadLevelFromString(kSmall, "s.yaml", limits);
    QVERIFY(!r.ok());
    QVERIFY(r.errors[0].message.find("too many YAML values") != std::string::npos);

    limits = Limits{};
    limits.maxDepth = 4;
    r = loadLevelFromString(kSmall, "s.yaml", limits);
    QVERIFY2(r.ok(), errorsText(r).c_str()); // the format itself needs 4 levels
    text = kSmall;
    text.replace(text.find("y: 1}"), 5, "y: 1, properties: {a: [1]}}");
    r = loadLevelFromString(text, "s.yaml", limits);
    QVERIFY(!r.ok());
    QVERIFY(r.errors[0].message.find("nesting is too deep") != std::string::npos);
}

void TestLevelIoErrors::missingFile() {
    const LoadResult r = loadLevelFile("/nonexistent/dir/level.yaml");
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].toString(),
             std::string("/nonexistent/dir/level.yaml: error: cannot open the file: No such "
                         "file or directory"));
    QTemporaryDir dir;
    const LoadResult d = loadLevelFile(dir.path().toStdString());
    QVERIFY(!d.ok());
    QVERIFY2(d.errors[0].message.find("cannot read") != std::string::npos,
             d.errors[0].toString().c_str());
}

void TestLevelIoErrors::mutationsNeverCrash() {
    // Seeded random edits of a valid level: every result loads or gives
    // positioned errors, never crashes (run under ASan in CI); a result that
    // loads round-trips; and the fast path never disagrees with yaml-cpp.
    const std::string base = readAll(levelsDir() + "/playground.yaml");
    QVERIFY(!base.empty());
    static const char pieces[][6] = {
        "{",  "}",  "[",   "]",    ":", ": ", ",",    "\"",           "'",    "#",
        "&a", "*a", "!",   "|",    ">", "-",  "- ",   "\n",           "\n  ", " ",
        "\t", "\\", "1e9", ".nan", "x", "=",  "\xC3", "\xE2\x9C\x93", "~"};
    std::mt19937 rng(777);
    int loaded = 0;
    int fast = 0;
    for (int round = 0; round < 600; ++round) {
        std::string text = base;
        const int edits = 1 + static_cast<int>(rng() % 3);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = rng() % (text.size() + 1);
            const char* piece = pieces[rng() % std::size(pieces)];
            switch (rng() % 3) {
            case 0:
                text.insert(at, piece);
                break;
            case 1:
                text.erase(at, 1 + rng() % 4);
                break;
            default:
                text.replace(at, 1, piece);
            }
        }
        const LoadResult r = loadLevelFromString(text, "m.yaml");
        if (r.ok()) {
            ++loaded;
            const LoadResult again = loadLevelFromString(saveLevelToString(*r.level));
            QVERIFY2(again.ok() && *again.level == *r.level, text.c_str());
        } else {
            QVERIFY(!r.errors.empty());
            for (const Diagnostic& d : r.errors)
                QVERIFY(d.line >= 0 && d.column >= 0 && !d.message.empty());
        }
        std::string why;
        // Only texts that pass the raw checks reach either parser.
        std::string normalized;
        detail::YTree unused;
        std::vector<Diagnostic> pre;
        if (detail::parseYamlTree(text, "m", Limits{}, normalized, unused, pre)) {
            const int c = compareParsers(normalized, why);
            QVERIFY2(c >= 0, (why + "\n" + text).c_str());
            fast += c;
        }
    }
    qInfo("%d of 600 edited levels loaded, %d took the fast path", loaded, fast);
    QVERIFY(loaded >= 5); // some edits keep the level valid
    QVERIFY(fast > 100);  // and the fast path was exercised
}

namespace {

/// Ways a model can break the rules of a level file, each applied to kSmall.
const std::vector<std::pair<const char*, std::function<void(Level&)>>>& breakages() {
    static const std::vector<std::pair<const char*, std::function<void(Level&)>>> list = {
        {"nan spawn width", [](Level& l) { l.spawns[0].width = std::nanf(""); }},
        {"nan gravity", [](Level& l) { l.physics.gravity = std::nanf(""); }},
        {"dt 0", [](Level& l) { l.physics.dt = 0; }},
        {"negative mass", [](Level& l) { l.spawns[0].mass = -1; }},
        {"width 0", [](Level& l) { l.width = 0; }},
        {"tile_size 0", [](Level& l) { l.tileSize = 0; }},
        {"spawn id 0", [](Level& l) { l.spawns[0].id = 0; }},
        {"two players",
         [](Level& l) { l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 2, 1, 1)); }},
        {"spawn off the map", [](Level& l) { l.spawns[0].x = 99; }},
        {"infinite property",
         [](Level& l) { l.properties["speed"] = std::numeric_limits<double>::infinity(); }},
    };
    return list;
}

} // namespace

void TestLevelIoErrors::saveRefusesWhatWouldNotLoad_data() {
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < breakages().size(); ++i)
        QTest::newRow(breakages()[i].first) << int(i);
}

void TestLevelIoErrors::saveRefusesWhatWouldNotLoad() {
    QFETCH(int, index);
    Level level = *loadLevelFromString(kSmall).level;
    breakages()[std::size_t(index)].second(level);
    // The premise: the loader refuses what the saver would have written.
    QVERIFY(!loadLevelFromString(saveLevelToString(level)).ok());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("level.yaml");
    QVERIFY(saveLevelFile(*loadLevelFromString(kSmall).level, path.toStdString()));
    const std::string old = readAll(path);
    std::string error;
    QVERIFY(!saveLevelFile(level, path.toStdString(), &error));
    const std::string prefix =
        "cannot save " + path.toStdString() + ": the level would not load back: ";
    QVERIFY2(error.rfind(prefix, 0) == 0 && error.size() > prefix.size(), error.c_str());
    QCOMPARE(readAll(path), old); // the old file is untouched
    // Nothing is written for a new file either, and no temporary file is left.
    QVERIFY(!saveLevelFile(level, dir.filePath("new.yaml").toStdString(), &error));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"level.yaml"});
}

QTEST_GUILESS_MAIN(TestLevelIoErrors)
#include "test_levelio_errors.moc"
