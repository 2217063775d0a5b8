// `tilesmith lint`, run as a process: the error on an unreachable goal's spawn
// line, warnings and --strict, --json, deterministic output, and routes as
// proofs: `lint --route ID -o F` then `simulate --inputs F` reaches goal ID, for
// every goal of every sample and test level.
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "clitest.h"
#include "rowlevel.h"

using namespace ts;
using namespace ts::level;

namespace {

using namespace ts::test::cli;

/// A level from rows ('#' solid, '=' one-way, 'P' the player, digits 2-9 goals)
/// in canonical text.
QByteArray levelText(const std::vector<std::string>& rows, float jumpSpeed = 480) {
    Level l = ts::test::levelFromRows(rows);
    l.physics.jumpSpeed = jumpSpeed;
    return QByteArray::fromStdString(saveLevelToString(l));
}

/// The designed test levels: name -> text.
std::vector<std::pair<QString, QByteArray>> testLevels() {
    std::vector<std::pair<QString, QByteArray>> out;
    // Platforms 3 tiles up (goal 2) and 6 tiles up (goal 3).
    out.push_back(
        {"platforms.yaml",
         levelText({"....................", "....................", "...............3....",
                    "..............###...", "....................", "....................",
                    ".......2............", "......###...........", "....................",
                    ".P..................", "####################"})});
    // Pits: 4 wide (goal 2 beyond), then 9 wide (goal 3 beyond), 8 deep.
    std::vector<std::string> pit(14, std::string(32, '.'));
    for (int y = 5; y < 14; ++y)
        pit[std::size_t(y)] = std::string(32, '#');
    for (int y = 5; y < 13; ++y) {
        pit[std::size_t(y)].replace(5, 4, "....");
        pit[std::size_t(y)].replace(13, 9, ".........");
    }
    pit[4][1] = 'P';
    pit[4][11] = '2';
    pit[4][28] = '3';
    out.push_back({"pits.yaml", levelText(pit)});
    // Down through a wall-to-wall one-way floor.
    out.push_back({"drop.yaml", levelText({"#..........#", "#.P........#", "#==========#",
                                           "#..........#", "#.......2..#", "############"})});
    // Up through a one-way platform.
    out.push_back(
        {"oneway.yaml", levelText({"..........", "..........", "....2.....", "...====...",
                                   "..........", "..........", ".P........", "##########"})});
    return out;
}

} // namespace

class TestLint : public QObject {
    Q_OBJECT

private slots:
    void unreachableGoalIsAnErrorOnItsLine() {
        QTemporaryDir dir;
        const QString path = dir.filePath("platforms.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(testLevels()[0].second);
        f.close();
        const Run r = run({"lint", path});
        QCOMPARE(r.exitCode, 1);
        const LoadResult lr = loadLevelFile(path.toStdString());
        QVERIFY(lr.ok());
        std::size_t goal3 = 0;
        while (goal3 < lr.level->spawns.size() && lr.level->spawns[goal3].id != 3)
            ++goal3;
        QVERIFY(goal3 < lr.level->spawns.size());
        const SourcePos pos = lr.spawnPositions[goal3];
        QCOMPARE(pos.column, 5); // "  - {id: 3, kind: goal, ..."
        QVERIFY(pos.line > 0);
        const QString expected =
            QStringLiteral("%1:%2:%3: error: goal 3 is not reachable from the player")
                .arg(path)
                .arg(pos.line)
                .arg(pos.column);
        QVERIFY2(r.err.split('\n').contains(expected), qPrintable(describe(r)));
        QVERIFY2(!r.err.contains("goal 2 is not"), qPrintable(describe(r)));
        QVERIFY2(r.out.contains("1 of 2 goals reachable"), qPrintable(describe(r)));
        QVERIFY2(r.out.contains(", 1 error, 0 warnings\n"), qPrintable(describe(r)));
    }

    void jumpSpeedChangesTheAnswer() {
        // A stronger jump (640 px/s rises 131 px, 8.2 tiles) reaches the 6-tile platform.
        QTemporaryDir dir;
        const QString path = dir.filePath("high.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(levelText({"....................", "....................", "...............3....",
                           "..............###...", "....................", "....................",
                           ".......2............", "......###...........", "....................",
                           ".P..................", "####################"},
                          640));
        f.close();
        const Run r = run({"lint", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("2 of 2 goals reachable"), qPrintable(describe(r)));
    }

    void slowWalkAndFineStepsAndTheSearchModelInJson() {
        // walk_speed 40 at dt 1/240: the goal ten tiles away is reachable, and
        // --json reports the model the search explored (derived from the settings).
        Level l = ts::test::levelFromRows(
            {"..............", "..............", ".P.........2..", "##############"});
        l.physics.walkSpeed = 40;
        l.physics.dt = 1.0f / 240.0f;
        QTemporaryDir dir;
        const QString path = dir.filePath("slow.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(saveLevelToString(l)));
        f.close();
        const Run r = run({"lint", "--json", path});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject file = QJsonDocument::fromJson(r.out.toUtf8())
                                     .object()
                                     .value("files")
                                     .toArray()
                                     .at(0)
                                     .toObject();
        QCOMPARE(file.value("goals").toArray().at(0).toObject().value("reachable").toBool(), true);
        const QJsonObject search = file.value("search").toObject();
        QVERIFY2(search.value("finished").toBool(), qPrintable(r.out));
        QCOMPARE(file.value("complete").toBool(), search.value("finished").toBool());
        const ReachModel model = reachModel(l);
        QCOMPARE(search.value("steps_per_move").toInt(), model.stepsPerMove);
        QCOMPARE(search.value("steps_per_move").toInt(), 16);
        // The grids as the floats they are, printed in their shortest digits.
        QCOMPARE(float(search.value("position_grid_px").toDouble()), model.positionGrid);
        QCOMPARE(float(search.value("fine_grid_px").toDouble()), model.fineGrid);
        QCOMPARE(float(search.value("speed_grid_px_s").toDouble()), model.speedGrid);
        QVERIFY2(!r.out.contains(QRegularExpression("_px(_s)?\": \\d+\\.\\d{10,}")),
                 qPrintable(r.out));
        QCOMPARE(search.value("refinement").toBool(), true);
        QCOMPARE(search.value("exhaustive").toBool(), false);
    }

    void warningsStrictAndJson() {
        QTemporaryDir dir;
        const QString path = dir.filePath("w.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // An unreachable one-way platform (row 1) and an NPC whose 20 px box reaches
        // into the solid tile above it (so the player cannot walk up to it either).
        f.write("tilesmith: 1\nname: W\ntile_size: 16\nwidth: 10\nheight: 9\ntiles: |\n"
                "  ..........\n  ==........\n  ..........\n  ..........\n  ..........\n"
                "  ..........\n  .......#..\n  ..........\n  ##########\n"
                "spawns:\n  - {id: 1, kind: player, x: 1, y: 7}\n"
                "  - {id: 2, kind: npc, x: 7, y: 7}\n");
        f.close();
        const Run r = run({"lint", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(path + ":8:3: warning: one-way platform at x 0-1, y 1 is never "
                                       "reachable"),
                 qPrintable(describe(r)));
        QVERIFY2(r.err.contains(path + ":18:5: warning: npc 2 starts inside a wall (solid tile "
                                       "at x 7, y 6)"),
                 qPrintable(describe(r)));
        QVERIFY2(r.err.contains(path + ":18:5: warning: npc 2 is not reachable from the player"),
                 qPrintable(describe(r)));
        QCOMPARE(run({"lint", "--strict", path}).exitCode, 1);

        const Run j = run({"lint", "--json", path});
        QCOMPARE(j.exitCode, 0);
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(j.out.toUtf8(), &e);
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(j.out));
        const QJsonObject file = doc.object().value("files").toArray().at(0).toObject();
        QCOMPARE(file.value("file").toString(), path);
        QVERIFY(file.value("complete").toBool());
        QVERIFY(file.value("standable_tiles").toInt() >= 10);
        const QJsonArray diags = file.value("diagnostics").toArray();
        QCOMPARE(diags.size(), 3);
        QCOMPARE(diags.at(0).toObject().value("severity").toString(), QStringLiteral("warning"));
        QCOMPARE(diags.at(0).toObject().value("line").toInt(), 8);
        QCOMPARE(diags.at(0).toObject().value("column").toInt(), 3);
    }

    void groundlessPlayer() {
        QTemporaryDir dir;
        const QString path = dir.filePath("g.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("tilesmith: 1\nname: G\ntile_size: 16\nwidth: 4\nheight: 3\ntiles: |\n"
                "  ....\n  ....\n  ....\nspawns:\n  - {id: 1, kind: player, x: 1, y: 0}\n");
        f.close();
        const Run r = run({"lint", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(path + ":11:5: warning: player spawn 1 has no standable ground"),
                 qPrintable(describe(r)));
    }

    // A level without a player: one warning at its 'spawns' key, not every goal, spawn
    // and platform as unreachable; --strict makes it fail, --route says to place one.
    void levelWithoutAPlayer() {
        QTemporaryDir dir;
        const QString path = dir.filePath("n.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("tilesmith: 1\nname: N\ntile_size: 16\nwidth: 6\nheight: 3\ntiles: |\n"
                "  ......\n  ..==..\n  ######\nspawns:\n  - {id: 1, kind: goal, x: 4, y: 1}\n"
                "  - {id: 2, kind: box, x: 1, y: 1}\n");
        f.close();
        const Run r = run({"lint", path});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.err, path + ":10:1: warning: the level has no player: place one to play it\n");
        QCOMPARE(r.out, path + ": 0 of 1 goal reachable, 0 standable tiles, 0 states searched, "
                               "0 errors, 1 warning\n");
        QCOMPARE(run({"lint", "--strict", path}).exitCode, 1);
        const Run route = run({"lint", path, "--route", "1", "-o", dir.filePath("r.inputs")});
        QCOMPARE(route.exitCode, 1);
        QCOMPARE(route.err,
                 path + ":10:1: error: the level has no player: place one to find a route\n");
        QVERIFY(!QFile::exists(dir.filePath("r.inputs")));
    }

    void deterministicAndUsage() {
        const Run a = run({"lint", sample("crowd.yaml"), sample("tutorial.yaml")});
        const Run b = run({"lint", sample("crowd.yaml"), sample("tutorial.yaml")});
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.out, b.out);
        QCOMPARE(a.err, b.err);
        QCOMPARE(run({"lint"}).exitCode, 2);
        QCOMPARE(run({"lint", sample("tutorial.yaml"), "--route", "7"}).exitCode, 2); // no -o
        QCOMPARE(run({"lint", sample("tutorial.yaml"), "--route", "x", "-o", "r"}).exitCode, 2);
        QTemporaryDir dir;
        const Run missing =
            run({"lint", sample("tutorial.yaml"), "--route", "999", "-o", dir.filePath("r")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("no spawn 999"));
        QVERIFY(run({"lint", "--help"}).out.contains("Not reachable", Qt::CaseInsensitive));
        QVERIFY(run({"--help"}).out.contains("lint"));
    }

    /// --threads (-j) changes how long the search takes, never what it reports.
    void threadsGiveTheSameReport() {
        const QStringList levels = {sample("tutorial.yaml"), sample("crowd.yaml"),
                                    sample("playground.yaml")};
        const Run all = run(QStringList{"lint", "--json"} + levels);
        QCOMPARE(all.exitCode, 0);
        for (const QStringList& threads :
             {QStringList{"-j", "1"}, QStringList{"--threads", "2"}, QStringList{"-j", "64"}}) {
            const Run r = run(QStringList{"lint", "--json"} + threads + levels);
            QCOMPARE(r.exitCode, all.exitCode);
            QCOMPARE(r.out, all.out);
            QCOMPARE(r.err, all.err);
        }
        QTemporaryDir dir;
        const Run one = run({"lint", sample("tutorial.yaml"), "--route", "7", "-o",
                             dir.filePath("one.inputs"), "-j", "1"});
        const Run two = run({"lint", sample("tutorial.yaml"), "--route", "7", "-o",
                             dir.filePath("two.inputs"), "--threads", "2"});
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(two.exitCode, 0);
        QFile a(dir.filePath("one.inputs")), b(dir.filePath("two.inputs"));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
        for (const char* bad : {"0", "65", "x", "2.5", "-1", ""}) {
            const Run r = run({"lint", sample("tutorial.yaml"), "--threads", bad});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(QStringLiteral("--threads expects a whole number from 1 to "
                                                   "64, got '%1'")
                                        .arg(bad)),
                     qPrintable(r.err));
        }
    }

    /// Routes are proofs: every goal lint finds reachable, in every sample and
    /// test level, is reached by `simulate --inputs` at the route's last step.
    void routesReplayInSimulate() {
        QTemporaryDir dir;
        std::vector<QString> files;
        for (const char* s : {"tutorial.yaml", "crowd.yaml", "playground.yaml"})
            files.push_back(sample(QString::fromLatin1(s)));
        for (const auto& [name, text] : testLevels()) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
            files.push_back(dir.filePath(name));
        }
        int proven = 0;
        for (const QString& file : files) {
            const Run json = run({"lint", "--json", file});
            const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8())
                                           .object()
                                           .value("files")
                                           .toArray()
                                           .at(0)
                                           .toObject();
            for (const QJsonValue g : report.value("goals").toArray()) {
                const QJsonObject goal = g.toObject();
                if (!goal.value("reachable").toBool())
                    continue;
                const int id = goal.value("id").toInt();
                const QString route = dir.filePath(QStringLiteral("route-%1.inputs").arg(id));
                const Run w = run({"lint", file, "--route", QString::number(id), "-o", route});
                QVERIFY2(w.exitCode == 0, qPrintable(describe(w)));
                const Run sim = run({"simulate", file, "--inputs", route});
                QVERIFY2(sim.exitCode == 0, qPrintable(describe(sim)));
                const QRegularExpression re(
                    QStringLiteral("^goal %1 reached at step (\\d+) ").arg(id),
                    QRegularExpression::MultilineOption);
                const QRegularExpressionMatch m = re.match(sim.out);
                QVERIFY2(m.hasMatch(), qPrintable(file + "\n" + describe(sim)));
                QCOMPARE(m.captured(1).toDouble(), goal.value("steps").toDouble());
                ++proven;
            }
        }
        // Three samples with a goal each, and the test levels' reachable goals
        // (platform 3 up, pit 4 wide, drop, one-way).
        QCOMPARE(proven, 7);
    }
};

QTEST_GUILESS_MAIN(TestLint)
#include "test_lint.moc"
