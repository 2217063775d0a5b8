// Replay format version 3: the `spawns:` section records the spawn each body started
// from (id, kind, tile, size, mass, restitution, velocity), so a desync can name a spawn
// added, removed or changed since recording. Recording, the canonical round trip, Play
// from Cursor's player, files of versions 1 and 2 (still read, checked and written back
// byte for byte), and hostile `spawns:` lines.
#include "replayformats.h"
#include "samplelevels.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"

#include <QStringList>
#include <QTest>

using namespace ts;
using namespace ts::level;
using testlevels::kRoute;
using testlevels::loadSample;
using testlevels::script;
using testreplays::errorText;
using testreplays::olderFormat;

namespace {

/// A small version-3 file: a player and a ball (lines 10 and 11 are their spawns).
const char* const kFile = "tilesmith-replay: 3\n"
                          "level: a.yaml\n"
                          "level-hash: 0123456789abcdef\n"
                          "physics: gravity=1500 walk_speed=160 jump_speed=480 "
                          "max_fall_speed=720 one_way_threshold=2 partition_cell=16 "
                          "dt=0.016666668\n"
                          "physics-revision: 7\n"
                          "steps: 3\n"
                          "checkpoint-interval: 2\n"
                          "final-hash: 00000000000000ff\n"
                          "spawns:\n"
                          "1 player 3 16 width=12 height=20 mass=1 restitution=0 vx=0 vy=0\n"
                          "2 ball 5 16 radius=8 mass=1 restitution=0.8 vx=60 vy=0\n"
                          "inputs:\n"
                          "1 3 right\n"
                          "events:\n"
                          "checkpoints:\n"
                          "2 00000000000000aa 1,2 3,4\n"
                          "3 00000000000000ff = 5,6\n";

} // namespace

class TestReplaySpawns : public QObject {
    Q_OBJECT

private slots:
    void recordsEachBodysSpawn() {
        Level lv = loadSample("tutorial.yaml");
        lv.spawns[1].properties["patrol"] = std::int64_t(3); // custom properties move nothing
        const Replay r = recordScript(lv, script(kRoute), 130, 60);
        QVERIFY(r.spawns);
        QCOMPARE(r.spawns->size(), r.bodyIds.size());
        const LevelWorld lw = buildWorld(lv);
        std::size_t body = 0;
        for (const Spawn& s : lv.spawns) {
            if (!isBodyKind(s.kind))
                continue; // a goal is no body
            const Spawn& rec = (*r.spawns)[body];
            QCOMPARE(r.bodyIds[body], std::int64_t(s.id));
            QCOMPARE(rec.id, s.id);
            QCOMPARE(rec.kind, s.kind);
            QCOMPARE(std::pair(rec.x, rec.y), std::pair(s.x, s.y));
            QCOMPARE(rec.mass, s.mass);
            QCOMPARE(rec.restitution, s.restitution);
            QCOMPARE(rec.vx, s.vx);
            QCOMPARE(rec.vy, s.vy);
            if (s.kind == SpawnKind::Ball)
                QCOMPARE(rec.radius, s.radius);
            else
                QCOMPARE(std::pair(rec.width, rec.height), std::pair(s.width, s.height));
            QVERIFY(rec.properties.empty());
            ++body;
        }
        QCOMPARE(body, r.bodyIds.size());

        // Written as the newest version, one line per body; it reads back to the same replay
        // and text.
        Replay named = r;
        named.levelPath = "tutorial.yaml";
        const std::string text = saveReplayToString(named);
        QVERIFY(text.find("\ntilesmith-replay: " + std::to_string(kReplayFormatVersion) + "\n") !=
                std::string::npos);
        QVERIFY(text.find("\nbodies:") == std::string::npos);
        QVERIFY2(text.find("\nspawns:\n1 player 3 16 width=12 height=20 mass=1 restitution=0 "
                           "vx=0 vy=0\n2 npc 9 16 ") != std::string::npos,
                 text.c_str());
        QVERIFY(text.find("\n5 ball 31 16 radius=8 mass=1 restitution=0.8 vx=60 vy=0\n") !=
                std::string::npos);
        const ReplayLoadResult back = loadReplayFromString(text, "r.tsreplay");
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        QVERIFY(*back.replay == named);
        QCOMPARE(saveReplayToString(*back.replay), text);
        // Reports name the bodies as the editor names their spawns.
        QCOMPARE(back.replay->bodyName(1), std::string("NPC #2"));
        QCOMPARE(back.replay->bodyName(r.bodyIds.size()), std::string("clone 1"));
    }

    // Play from Cursor: the player the world started with stands on the start tile, and a
    // level without a player got one there.
    void playerStartIsTheRecordedPlayer() {
        const Level lv = loadSample("tutorial.yaml");
        Replay r = recordScript(lv, script(kRoute), 60, 60);
        r.playerStart = std::pair{12, 16};
        const Replay moved = rerecordReplay(lv, r);
        QVERIFY(moved.spawns);
        QCOMPARE(moved.spawns->front().kind, SpawnKind::Player);
        QCOMPARE(std::pair(moved.spawns->front().x, moved.spawns->front().y), std::pair(12, 16));
        QVERIFY(checkReplay(lv, moved).ok());

        Level noPlayer = lv;
        noPlayer.spawns.erase(noPlayer.spawns.begin());
        const Replay added = rerecordReplay(noPlayer, r);
        QVERIFY(added.spawns);
        QCOMPARE(added.spawns->size(), added.bodyIds.size());
        const Spawn& player = added.spawns->back();
        QCOMPARE(player.kind, SpawnKind::Player);
        QCOMPARE(player.id, noPlayer.nextSpawnId());
        QCOMPARE(std::pair(player.x, player.y), std::pair(12, 16));
        QVERIFY(checkReplay(noPlayer, added).ok());
    }

    // Files from before version 3 hold only ids: they load (no spawns), check, and are
    // written back as they were until `replay update` re-records them as version 3.
    void olderVersionsStayAsTheyWere() {
        const Level lv = loadSample("tutorial.yaml");
        Replay r = recordScript(lv, script(kRoute), 130, 60);
        r.levelPath = "tutorial.yaml";
        const std::string v3 = saveReplayToString(r);
        for (int version : {1, 2}) {
            const std::string old = olderFormat(v3, version);
            const ReplayLoadResult back = loadReplayFromString(old, "old.tsreplay");
            QVERIFY2(back.ok(), qPrintable(errorText(back)));
            QVERIFY(!back.replay->spawns);
            QVERIFY(back.replay->bodyIds == r.bodyIds);
            QCOMPARE(back.replay->bodyName(1), std::string("spawn #2")); // its kind is unknown
            QCOMPARE(saveReplayToString(*back.replay), old);
            QVERIFY(checkReplay(lv, *back.replay).ok());
            const Replay updated = rerecordReplay(lv, *back.replay);
            QVERIFY(updated.spawns == r.spawns);
            QCOMPARE(saveReplayToString(updated), v3);
        }
    }

    void smallFileReads() {
        const ReplayLoadResult r = loadReplayFromString(kFile, "a.tsreplay");
        QVERIFY2(r.ok(), qPrintable(errorText(r)));
        QVERIFY(r.replay->spawns);
        QCOMPARE(r.replay->spawns->size(), std::size_t(2));
        QVERIFY(r.replay->bodyIds == (std::vector<std::int64_t>{1, 2}));
        const Spawn& ball = (*r.replay->spawns)[1];
        QCOMPARE(ball.kind, SpawnKind::Ball);
        QCOMPARE(ball.radius, 8.0f);
        QCOMPARE(ball.vx, 60.0f);
        // Load -> save -> load is a fixed point (the writer adds its comment line).
        const std::string saved = saveReplayToString(*r.replay);
        QCOMPARE(saved.substr(saved.find('\n') + 1), std::string(kFile));
    }

    void hostileSpawnLines_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // "LINE:COLUMN: message start"
        const QString file = QString::fromLatin1(kFile);
        const QString player = "1 player 3 16 width=12 height=20 mass=1 restitution=0 vx=0 vy=0";
        const QString ball = "2 ball 5 16 radius=8 mass=1 restitution=0.8 vx=60 vy=0";
        const auto withBall = [&](const QString& line) {
            return QString(file).replace(ball, line);
        };
        QTest::newRow("bodies in version 3")
            << QString(file).replace("spawns:\n", "bodies: 1 2\nspawns:\n")
            << "9:1: 'bodies' is for format versions 1 and 2 (version 3 lists the bodies in the "
               "'spawns:' section)";
        QTest::newRow("spawns in version 2") << QString(file).replace("replay: 3", "replay: 2")
                                             << "9:1: section 'spawns:' needs format version 3 "
                                                "(the file says 'tilesmith-replay: 2')";
        QTest::newRow("no spawns section")
            << QString(file).replace("spawns:\n" + player + "\n" + ball + "\n", "")
            << "9:1: section 'inputs:' out of order (expected the header, then spawns:, inputs:, "
               "events:, checkpoints:)";
        QTest::newRow("goal") << withBall("2 goal 5 16 width=16 height=16")
                              << "11:3: expected the kind of a body (player, npc, box or ball), "
                                 "got 'goal'";
        QTest::newRow("a box's key on a ball")
            << withBall("2 ball 5 16 width=8 mass=1 restitution=0.8 vx=60 vy=0")
            << "11:13: expected KEY=VALUE with a ball's key (radius, mass, restitution, vx and "
               "vy), got 'width=8'";
        QTest::newRow("missing key")
            << withBall("2 ball 5 16 radius=8 mass=1 restitution=0.8 vx=60")
            << "11:50: missing 'vy' (a ball records radius, mass, "
               "restitution, vx and vy)";
        QTest::newRow("key twice")
            << withBall("2 ball 5 16 radius=8 mass=1 mass=2 restitution=0.8 vx=60 vy=0")
            << "11:29: 'mass' is given twice";
        QTest::newRow("id twice") << withBall(QString(ball).replace("2 ball", "1 ball"))
                                  << "11:1: spawn id 1 is given twice (first on line 10)";
        QTest::newRow("not a number") << withBall(QString(ball).replace("vx=60", "vx=fast"))
                                      << "11:48: expected a number for the spawn's vx, got 'fast'";
        QTest::newRow("short line")
            << withBall("2 ball 5") << "11:9: expected a spawn: ID KIND X Y and its fields";
        QTest::newRow("column past the largest map")
            << withBall(QString(ball).replace("ball 5 16", "ball 5000 16"))
            << "11:8: the spawn's column must be between 0 and 4095, got 5000 (the largest map "
               "is 4096 x 4096 tiles)";
        QTest::newRow("checkpoint without every body")
            << QString(file).replace("1,2 3,4", "1,2") << "16:23: checkpoint has 1 bod";
        QTest::newRow("truncated in the spawns")
            << file.left(file.indexOf("inputs:"))
            << "11:1: missing section (a replay has 'spawns:', 'inputs:', 'events:' and "
               "'checkpoints:'";
    }

    void hostileSpawnLines() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const ReplayLoadResult r = loadReplayFromString(text.toStdString(), "bad.tsreplay");
        QVERIFY(!r.ok());
        const QString first = QString::fromStdString(r.errors.front().toString());
        QVERIFY2(first.startsWith(QStringLiteral("bad.tsreplay:") + expected.section(':', 0, 1)) &&
                     first.contains(expected.section(": ", 1)),
                 qPrintable(first + QStringLiteral("\nexpected ") + expected + "\nall:\n" +
                            errorText(r)));
    }
};

QTEST_APPLESS_MAIN(TestReplaySpawns)
#include "test_replay_spawns.moc"
