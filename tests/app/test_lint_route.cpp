// `tilesmith lint LEVEL --route ID -o FILE`, run as a process: its errors stand at the
// level file's place they are about (the spawn's entry, the 'spawns' key; the file alone
// for a spawn the level does not have), --json gives the route or the errors as JSON,
// --strict is refused as a usage error, and the counts read in the right number.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "clitest.h"

namespace {

using namespace ts::test::cli;

/// An 8 x 4 level: the player on the floor at (1, 2), goal 2 beside it (one step right,
/// line 13) and goal 3 in a closed room of walls (never reached, line 14).
const QByteArray kLevel = "tilesmith: 1\nname: one\ntile_size: 16\nwidth: 8\nheight: 4\n"
                          "tiles: |\n  ....###.\n  ....#.#.\n  ....###.\n  ########\n"
                          "spawns:\n  - {id: 1, kind: player, x: 1, y: 2}\n"
                          "  - {id: 2, kind: goal, x: 2, y: 2}\n"
                          "  - {id: 3, kind: goal, x: 5, y: 1}\n";

/// A one-tile pit that two pushable boxes fill (line 17, 18), the goal at its bottom
/// (line 19): the search (moving bodies left out) gets there, no route does with them.
const QByteArray kBlocked = "tilesmith: 1\nname: c\ntile_size: 16\nwidth: 10\nheight: 8\n"
                            "tiles: |\n  ##########\n  #........#\n  #........#\n"
                            "  #........#\n  #####.####\n  #####.####\n  #####.####\n"
                            "  ##########\n"
                            "spawns:\n  - {id: 1, kind: player, x: 1, y: 3}\n"
                            "  - {id: 2, kind: box, x: 5, y: 4}\n"
                            "  - {id: 3, kind: box, x: 5, y: 5}\n"
                            "  - {id: 4, kind: goal, x: 5, y: 6}\n";

/// An immovable box (mass 0) two tiles tall on a flat floor between the player and
/// goal 3: jumped over.
const QByteArray kFixedBox = "tilesmith: 1\nname: f\ntile_size: 16\nwidth: 16\nheight: 6\n"
                             "tiles: |\n  ################\n  #..............#\n"
                             "  #..............#\n  #..............#\n  #..............#\n"
                             "  ################\n"
                             "spawns:\n  - {id: 1, kind: player, x: 2, y: 4}\n"
                             "  - {id: 2, kind: box, x: 7, y: 4, height: 32, mass: 0}\n"
                             "  - {id: 3, kind: goal, x: 13, y: 4}\n";

QJsonObject onlyFile(const Run& r) {
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &e);
    if (e.error != QJsonParseError::NoError)
        return {};
    const QJsonArray files = doc.object().value("files").toArray();
    return files.size() == 1 ? files.at(0).toObject() : QJsonObject();
}

} // namespace

class TestLintRoute : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mLevel, mBlocked;

    QString path(const char* name) const { return mDir.filePath(QString::fromLatin1(name)); }

private slots:
    void initTestCase() {
        QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built"));
        mLevel = path("one.yaml");
        writeFile(mLevel, kLevel);
        mBlocked = path("blocked.yaml");
        writeFile(mBlocked, kBlocked);
    }

    // "1 step", in the summary and in the route's first line.
    void oneStepReadsInTheSingular() {
        const QString out = path("r2.inputs");
        const Run r = run({"lint", mLevel, "--route", "2", "-o", out});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.out, "wrote " + out + " (1 step to goal 2)\n");
        QCOMPARE(r.err, QString());
        QVERIFY2(readFile(out).startsWith("# tilesmith lint --route 2: one, from the player spawn "
                                          "to spawn 2 in 1 step\n"),
                 readFile(out).constData());
        const Run sim = run({"simulate", mLevel, "--inputs", out});
        QVERIFY2(sim.out.startsWith("goal 2 reached at step 1 "), qPrintable(describe(sim)));
    }

    // Each error at its place: the goal's entry, the file alone for a spawn it has not,
    // the 'spawns' key for a level without a player; nothing is written.
    void errorsStandAtTheirPlace() {
        const QString out = path("never.inputs");
        const Run unreachable = run({"lint", mLevel, "--route", "3", "-o", out});
        QCOMPARE(unreachable.exitCode, 1);
        QCOMPARE(unreachable.out, QString());
        // The error, then why: the nearest point reached and what stops the player.
        const QStringList lines = unreachable.err.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], mLevel + ":14:5: error: goal 3 is not reachable from the player");
        QVERIFY2(lines[1].contains(": note: nearest point reached: "), qPrintable(lines[1]));
        QVERIFY2(lines[2].contains(": note: "), qPrintable(lines[2]));
        // The position and the notes are lint's own for the same goal.
        const Run lint = run({"lint", mLevel});
        QVERIFY2(lint.err.contains(unreachable.err), qPrintable(describe(lint)));

        const Run missing = run({"lint", mLevel, "--route", "9", "-o", out});
        QCOMPARE(missing.exitCode, 1);
        QCOMPARE(missing.err, mLevel + ": error: the level has no spawn 9\n");

        // Found with the moving bodies left out, blocked by them: at the goal's entry too,
        // naming the box in the way as the editor does.
        const Run blocked = run({"lint", mBlocked, "--route", "4", "-o", out});
        QCOMPARE(blocked.exitCode, 1);
        QVERIFY2(blocked.err.startsWith(mBlocked +
                                        ":19:5: error: goal 4 is reachable only without the "
                                        "moving bodies: Box #"),
                 qPrintable(blocked.err));
        QVERIFY2(blocked.err.contains(" is in the way at step "), qPrintable(blocked.err));
        QVERIFY(!QFile::exists(out));
        // lint says the same as a warning.
        const Run warned = run({"lint", mBlocked});
        QCOMPARE(warned.exitCode, 0);
        QVERIFY2(warned.err.startsWith(mBlocked + ":19:5: warning: goal 4 is reachable only "
                                                  "without the moving bodies: Box #"),
                 qPrintable(describe(warned)));
    }

    // An immovable box is in the search's world: the route jumps over it, and
    // `simulate --inputs` reaches the goal at the route's last step with the box there.
    void fixedBodyRouteSimulates() {
        const QString level = path("fixed.yaml");
        writeFile(level, kFixedBox);
        const Run lint = run({"lint", level});
        QVERIFY2(lint.exitCode == 0 && lint.err.isEmpty(), qPrintable(describe(lint)));
        QVERIFY2(lint.out.contains(": 1 of 1 goal reachable"), qPrintable(describe(lint)));
        const QString out = path("fixed.inputs");
        const Run route = run({"lint", level, "--route", "3", "-o", out});
        QVERIFY2(route.exitCode == 0, qPrintable(describe(route)));
        const QString steps = route.out.section('(', 1).section(' ', 0, 0);
        QVERIFY2(steps.toInt() > 0, qPrintable(route.out));
        const Run sim = run({"simulate", level, "--inputs", out});
        QVERIFY2(sim.exitCode == 0, qPrintable(describe(sim)));
        QVERIFY2(sim.out.contains("goal 3 reached at step " + steps + " "), qPrintable(sim.out));
        QVERIFY2(sim.out.contains("ran " + steps + " steps, 2 bodies"), qPrintable(sim.out));
    }

    // --json: the route written (id, kind, steps, output), or the errors with their lines;
    // nothing but the JSON on stdout, nothing on stderr.
    void json() {
        const QString out = path("j.inputs");
        const Run ok = run({"lint", mLevel, "--route", "2", "-o", out, "--json"});
        QVERIFY2(ok.exitCode == 0, qPrintable(describe(ok)));
        QCOMPARE(ok.err, QString());
        const QJsonObject file = onlyFile(ok);
        QVERIFY2(!file.isEmpty(), qPrintable(ok.out));
        QCOMPARE(file.value("file").toString(), mLevel);
        QVERIFY(file.value("loaded").toBool());
        QCOMPARE(file.value("diagnostics").toArray().size(), 0);
        const QJsonObject route = file.value("route").toObject();
        QCOMPARE(route.value("id").toInt(), 2);
        QCOMPARE(route.value("kind").toString(), QStringLiteral("goal"));
        QCOMPARE(route.value("steps").toInt(), 1);
        QCOMPARE(route.value("output").toString(), out);
        QVERIFY(readFile(out).startsWith("# tilesmith lint --route 2"));

        const Run bad = run({"lint", mLevel, "--route", "3", "-o", path("k.inputs"), "--json"});
        QCOMPARE(bad.exitCode, 1);
        QCOMPARE(bad.err, QString());
        const QJsonObject badFile = onlyFile(bad);
        QVERIFY2(badFile.value("route").isNull(), qPrintable(bad.out));
        const QJsonArray diags = badFile.value("diagnostics").toArray();
        QCOMPARE(diags.size(), 1);
        const QJsonObject d = diags.at(0).toObject();
        QCOMPARE(d.value("line").toInt(), 14);
        QCOMPARE(d.value("column").toInt(), 5);
        QCOMPARE(d.value("severity").toString(), QStringLiteral("error"));
        QCOMPARE(d.value("message").toString(),
                 QStringLiteral("goal 3 is not reachable from the player"));
        QVERIFY(!QFile::exists(path("k.inputs")));

        // A level that does not load: its errors, loaded false.
        const QString broken = path("broken.yaml");
        writeFile(broken, QByteArray(kLevel).replace("width: 8", "width: x"));
        const Run load = run({"lint", broken, "--route", "2", "-o", path("l.inputs"), "--json"});
        QCOMPARE(load.exitCode, 1);
        QCOMPARE(load.err, QString());
        const QJsonObject loadFile = onlyFile(load);
        QVERIFY2(!loadFile.value("loaded").toBool(true), qPrintable(load.out));
        QVERIFY(loadFile.value("route").isNull());
        const QJsonObject first = loadFile.value("diagnostics").toArray().at(0).toObject();
        QCOMPARE(first.value("line").toInt(), 4);
        QVERIFY2(first.value("message").toString().contains("'width'"), qPrintable(load.out));
    }

    // --strict makes warnings fatal; a route has none: refused, not ignored.
    void strictIsAUsageError() {
        const QString out = path("s.inputs");
        const Run r = run({"lint", mLevel, "--route", "2", "-o", out, "--strict"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("tilesmith lint: --strict is for linting levels, not for "
                                  "--route"),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        QVERIFY(run({"lint", "--help"}).out.contains("--route ID -o ROUTE.inputs [--json]"));
    }
};

QTEST_GUILESS_MAIN(TestLintRoute)
#include "test_lint_route.moc"
