// Replays (replay.h): recording, the file format round trip, checking against a
// changed level, re-recording, seeking by restored states, and hostile files.
#include "replayformats.h"
#include "samplelevels.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/level/replay.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <thread>

using namespace ts;
using namespace ts::level;
using testlevels::kRoute;
using testlevels::loadSample;
using testlevels::script;
using testreplays::errorText;
using testreplays::olderFormat;

/// Spawns that become physics bodies (every kind but goals).
static std::size_t bodyCount(const ts::level::Level& lv) {
    std::size_t n = 0;
    for (const ts::level::Spawn& sp : lv.spawns)
        n += ts::level::isBodyKind(sp.kind) ? 1 : 0;
    return n;
}

class TestReplay : public QObject {
    Q_OBJECT

private slots:
    void recordsWhatSimulateRuns() {
        const Level lv = loadSample("tutorial.yaml");
        const InputScript s = script(kRoute);
        LevelWorld lw = buildWorld(lv);
        const std::uint64_t simulated = simulateLevel(lw, s, 150);
        const Replay r = recordScript(lv, s, 150, 60);
        QCOMPARE(r.steps, std::uint64_t(150));
        QCOMPARE(r.finalHash, simulated);
        QCOMPARE(r.checkpoints.size(), std::size_t(3)); // 60, 120, 150
        QCOMPARE(r.checkpoints.back().step, std::uint64_t(150));
        QCOMPARE(r.levelHash, levelContentHash(lv));
        QCOMPARE(r.bodyIds.size(), bodyCount(lv)); // goals are areas, not bodies
        // Run-length inputs: the script's ranges, merged where keys are equal.
        QCOMPARE(r.inputs.size(), std::size_t(5));
        QCOMPARE(r.inputs[0].from, std::uint64_t(1));
        QCOMPARE(r.inputs[0].to, std::uint64_t(40));
        for (std::uint64_t k = 1; k <= 150; ++k) {
            const Input a = r.inputAt(k), b = s.at(k);
            QVERIFY(a.left == b.left && a.right == b.right && a.jump == b.jump && a.down == b.down);
        }
        QVERIFY(checkReplay(lv, r).ok());
    }

    void fileRoundTripIsCanonical() {
        const Level lv = loadSample("tutorial.yaml");
        Replay r = recordScript(lv, script(kRoute), 130, 25);
        r.levelPath = "tutorial.yaml";
        r.recorded = "2026-11-22T11:48:27Z";
        r.playerStart = std::pair{3, 16};
        ReplayEvent e;
        e.step = 10;
        e.kind = ReplayEventKind::Clone;
        r.events.push_back(e);
        e.kind = ReplayEventKind::Tile;
        e.x = 5, e.y = 6, e.tile = Tile::OneWay;
        r.events.push_back(e);
        e.step = 12;
        e.kind = ReplayEventKind::Scale;
        e.scale = 1.5f;
        r.events.push_back(e);
        e.kind = ReplayEventKind::Settings;
        e.settings.gravity = 1234.5f;
        e.settings.partitionCellTiles = 8;
        r.events.push_back(e);
        const std::string text = saveReplayToString(r);
        const ReplayLoadResult back = loadReplayFromString(text, "r.tsreplay");
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        const Replay& b = *back.replay;
        QCOMPARE(b.levelPath, r.levelPath);
        QVERIFY(b.physics == r.physics);
        QVERIFY(b.playerStart == r.playerStart);
        QCOMPARE(b.recorded, r.recorded);
        QVERIFY(b.bodyIds == r.bodyIds);
        QVERIFY(b.inputs == r.inputs);
        QVERIFY(b.events == r.events);
        QVERIFY(b.checkpoints == r.checkpoints);
        QVERIFY(b == r);
        QCOMPARE(saveReplayToString(*back.replay), text);
        // Unchanged bodies are written as '=': the resting box, for one.
        QVERIFY(text.find(" =") != std::string::npos);
        // Saved by an editor that writes a UTF-8 byte order mark: the same replay.
        const ReplayLoadResult bom = loadReplayFromString("\xEF\xBB\xBF" + text, "r.tsreplay");
        QVERIFY2(bom.ok(), qPrintable(errorText(bom)));
        QVERIFY(*bom.replay == r);
    }

    void eventsReplayLikeTheSession() {
        // A "session" that clones, paints and rescales between steps, recorded as it
        // goes, runs again to the same hashes.
        const Level lv = loadSample("tutorial.yaml");
        const InputScript s = script(kRoute);
        LevelWorld lw = buildWorld(lv);
        ReplayRecorder rec;
        rec.begin(lv, lw, std::nullopt, 7);
        for (std::uint64_t k = 1; k <= 100; ++k) {
            auto event = [&](ReplayEvent e) {
                applyReplayEvent(lv, lw, e);
                rec.noteEvent(e);
            };
            if (k == 20) {
                ReplayEvent e;
                e.kind = ReplayEventKind::Clone;
                event(e);
            }
            if (k == 30) {
                ReplayEvent e;
                e.kind = ReplayEventKind::Tile;
                e.x = 12, e.y = 16, e.tile = Tile::Solid;
                event(e);
            }
            if (k == 50) {
                ReplayEvent e;
                e.kind = ReplayEventKind::Scale;
                e.scale = 0.5f;
                event(e);
            }
            if (k == 60) {
                ReplayEvent e;
                e.kind = ReplayEventKind::Settings;
                e.settings = lw.world.settings();
                e.settings.jumpSpeed = 700;
                event(e);
            }
            rec.beforeStep(s.at(k));
            lw.world.setInput(lw.player, s.at(k));
            lw.world.step();
            rec.afterStep(lw.world);
        }
        Replay r = rec.finish(lw.world);
        r.levelPath = "tutorial.yaml";
        QCOMPARE(r.events.size(), std::size_t(4));
        QCOMPARE(r.events[0].step, std::uint64_t(20));
        QCOMPARE(r.finalHash, lw.world.stateHash());
        QCOMPARE(r.checkpoints.back().positions.size(), bodyCount(lv) + 1); // the clone
        QVERIFY(checkReplay(lv, r).ok());
        const ReplayLoadResult back = loadReplayFromString(saveReplayToString(r));
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        QVERIFY(checkReplay(lv, *back.replay).ok());
    }

    void stopKeepsTheStepsBefore() {
        const Level lv = loadSample("tutorial.yaml");
        LevelWorld lw = buildWorld(lv);
        ReplayRecorder rec;
        rec.begin(lv, lw);
        for (int k = 0; k < 45; ++k) {
            rec.beforeStep({false, true, false, false});
            lw.world.setInput(lw.player, {false, true, false, false});
            lw.world.step();
            rec.afterStep(lw.world);
        }
        const std::uint64_t atStop = lw.world.stateHash();
        rec.stop(lw.world, "a body was dragged");
        QVERIFY(!rec.recording());
        lw.world.setPosition(lw.player, {100, 100}); // the unrecordable change
        lw.world.step();
        const Replay r = rec.finish(lw.world);
        QCOMPARE(r.steps, std::uint64_t(45));
        QCOMPARE(r.finalHash, atStop);
        QCOMPARE(rec.stopReason(), std::string("a body was dragged"));
        QVERIFY(checkReplay(lv, r).ok());
    }

    void physicsChangeIsADesync() {
        const Level lv = loadSample("tutorial.yaml");
        const Replay r = recordScript(lv, script(kRoute), 120);
        Level changed = lv;
        changed.physics.gravity = 1200;
        const ReplayCheckResult c = checkReplay(changed, r);
        QVERIFY(c.desync);
        QCOMPARE(c.desync->step, std::uint64_t(60));
    }

    // The physics revision (ts::kPhysicsRevision) a replay was recorded with.
    void physicsRevisionRoundTrips() {
        const Level lv = loadSample("tutorial.yaml");
        Replay r = recordScript(lv, script(kRoute), 130, 60);
        QCOMPARE(r.physicsRevision, kPhysicsRevision);
        QCOMPARE(physicsRevisionNote(r), std::string());
        r.levelPath = "tutorial.yaml";
        const std::string text = saveReplayToString(r);
        const std::string revisionLine = "physics-revision: " + std::to_string(kPhysicsRevision);
        QVERIFY(text.find("\ntilesmith-replay: " + std::to_string(kReplayFormatVersion) + "\n") !=
                std::string::npos);
        QVERIFY(text.find("\n" + revisionLine + "\n") != std::string::npos);
        const ReplayLoadResult back = loadReplayFromString(text, "r.tsreplay");
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        QVERIFY(*back.replay == r);
        QCOMPARE(saveReplayToString(*back.replay), text);
        // The revision's line and column: for messages that point at it.
        const int line =
            1 + int(std::count(text.begin(), text.begin() + text.find(revisionLine), '\n'));
        QCOMPARE(back.revisionLine, line);
        QCOMPARE(back.revisionColumn, 19);
        // Another revision is kept as it is, and noted.
        r.physicsRevision = kPhysicsRevision + 1;
        const ReplayLoadResult newer = loadReplayFromString(saveReplayToString(r), "r.tsreplay");
        QVERIFY2(newer.ok(), qPrintable(errorText(newer)));
        QCOMPARE(newer.replay->physicsRevision, kPhysicsRevision + 1);
        QCOMPARE(physicsRevisionNote(*newer.replay),
                 "recorded with physics revision " + std::to_string(kPhysicsRevision + 1) +
                     ", this build is " + std::to_string(kPhysicsRevision));
    }

    void versionOneFilesLoadWithAnUnknownRevision() {
        const Level lv = loadSample("tutorial.yaml");
        Replay r = recordScript(lv, script(kRoute), 130, 60);
        r.levelPath = "tutorial.yaml";
        // A file written before revisions were stored: version 1, no physics-revision.
        const std::string old = olderFormat(saveReplayToString(r), 1);
        const ReplayLoadResult back = loadReplayFromString(old, "old.tsreplay");
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        QCOMPARE(back.replay->physicsRevision, kUnknownPhysicsRevision);
        QCOMPARE(back.revisionLine, 2); // the version line (after the comment)
        QCOMPARE(back.revisionColumn, 19);
        QCOMPARE(physicsRevisionNote(*back.replay),
                 "recorded before physics revisions were stored, this build is physics revision " +
                     std::to_string(kPhysicsRevision));
        // Saved again it stays version 1 (it has no revision to write), byte for byte.
        QCOMPARE(saveReplayToString(*back.replay), old);
        // The motion is the same, so it still checks; re-recording stores the revision.
        QVERIFY(checkReplay(lv, *back.replay).ok());
        const Replay updated = rerecordReplay(lv, *back.replay);
        QCOMPARE(updated.physicsRevision, kPhysicsRevision);
        QVERIFY(saveReplayToString(updated).find(
                    "tilesmith-replay: " + std::to_string(kReplayFormatVersion) + "\n") !=
                std::string::npos);
        Replay expected = *back.replay;
        expected.physicsRevision = kPhysicsRevision;
        expected.formatVersion = kReplayFormatVersion;
        expected.spawns = r.spawns;
        QVERIFY(updated == expected);
    }

    void rerecordingAnOlderRevisionStoresThisOne() {
        // A replay from an older revision whose checkpoints differ (what the old
        // physics computed): the check desyncs, the note explains it, and after
        // rerecordReplay it checks again with this build's revision.
        const Level lv = loadSample("tutorial.yaml");
        Replay r = recordScript(lv, script(kRoute), 130, 60);
        r.physicsRevision = kPhysicsRevision - 1;
        r.checkpoints[0].hash ^= 1;
        r.checkpoints[0].positions[0].x += 2;
        const ReplayCheckResult c = checkReplay(lv, r);
        QVERIFY(c.desync);
        QCOMPARE(c.desync->step, std::uint64_t(60));
        QVERIFY(!physicsRevisionNote(r).empty());
        const Replay updated = rerecordReplay(lv, r);
        QCOMPARE(updated.physicsRevision, kPhysicsRevision);
        QVERIFY(checkReplay(lv, updated).ok());
        QVERIFY(physicsRevisionNote(updated).empty());
    }

    void randomSeeksMatchALinearRun() {
        // The Box2D recording test on the crowd level: states restored from keyframes
        // and stepped forward hash the same as one linear run, backward and forward.
        const Level lv = loadSample("crowd.yaml");
        const std::uint64_t steps = 240; // debug and ASan builds step the crowd slowly
        const Replay r =
            recordScript(lv, script("1 100 right\n50 50 jump\n101 200 left\n"), steps, 60);
        ReplayRunner linear(lv, r);
        std::vector<std::uint64_t> hashes{linear.world().stateHash()};
        std::vector<ReplayRunner::State> keyframes{linear.state()};
        while (linear.advance()) {
            hashes.push_back(linear.world().stateHash());
            if (linear.step() % 32 == 0)
                keyframes.push_back(linear.state());
        }
        QCOMPARE(hashes.back(), r.finalHash);
        ReplayRunner seeker(lv, r);
        QRandomGenerator rng(1234);
        for (int i = 0; i < 16; ++i) {
            const std::uint64_t target = rng.bounded(quint32(steps + 1));
            seeker.restore(keyframes[std::size_t(target / 32)]);
            while (seeker.step() < target)
                seeker.advance();
            QCOMPARE(seeker.world().stateHash(), hashes[std::size_t(target)]);
        }
    }

    void hostileFiles_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // "LINE:COLUMN: message start"
        const QString head =
            QStringLiteral("tilesmith-replay: 1\nlevel: a.yaml\nlevel-hash: 0123456789abcdef\n"
                           "physics: gravity=1500 walk_speed=160 jump_speed=480 max_fall_speed=720 "
                           "one_way_threshold=2 partition_cell=16 dt=0.016666668\n");
        const QString tail = QStringLiteral(
            "checkpoint-interval: 2\nfinal-hash: 00000000000000ff\nbodies: 1 2\ninputs:\n"
            "1 3 right\nevents:\ncheckpoints:\n2 00000000000000aa 1,2 3,4\n"
            "3 00000000000000ff = 5,6\n");
        QTest::newRow("empty") << ""
                               << "1:1: empty file";
        QTest::newRow("not a replay") << "tilesmith: 1\n"
                                      << "1:1: not a Tilesmith replay";
        QTest::newRow("a newer version")
            << QStringLiteral("tilesmith-replay: %1\n").arg(kReplayFormatVersion + 1)
            << "1:19: this file needs a newer Tilesmith";
        QTest::newRow("revision in version 1") << head + "physics-revision: 6\n"
                                               << "5:1: 'physics-revision' needs format version 2";
        QTest::newRow("version 2 without revision")
            << QString(head).replace("replay: 1", "replay: 2") + "steps: 3\n" + tail
            << "14:1: missing header key 'physics-revision'";
        QTest::newRow("revision zero")
            << QString(head).replace("replay: 1", "replay: 2") + "physics-revision: 0\n"
            << "5:19: 'physics-revision' must be between 1 and 1000000";
        QTest::newRow("nul byte") << head + "steps: 3<NUL>\n"
                                  << "5:9: NUL byte";
        QTest::newRow("truncated") << head + "steps: 3\n" + tail.left(tail.indexOf("3 0000"))
                                   << "13:1: expected 2 checkpoints";
        QTest::newRow("truncated header") << head << "4:1: missing header key 'steps'";
        QTest::newRow("huge steps") << head + "steps: 99999999999999999999\n"
                                    << "5:8: 'steps' 99999999999999999999 is too large (the "
                                       "limit is 100000000 steps)";
        QTest::newRow("huge interval") << head + "steps: 3\ncheckpoint-interval: 1000000000\n"
                                       << "6:22: 'checkpoint-interval' must be between 1 and 3600";
        QTest::newRow("short hash")
            << QString(head).replace("0123456789abcdef", "0123") + "steps: 3\n"
            << "3:13: expected level-hash (16 hexadecimal digits), got '0123'";
        QTest::newRow("bad hash digit")
            << head + "steps: 3\n" + QString(tail).replace("00000000000000aa", "00000000000000ag")
            << "13:3: expected the state hash (16 hexadecimal digits)";
        QTest::newRow("final hash differs")
            << head + "steps: 3\n" +
                   QString(tail).replace("00000000000000ff\nbodies", "00000000000000fe\nbodies")
            << "7:1: final-hash 00000000000000fe differs";
        QTest::newRow("overlapping inputs")
            << head + "steps: 3\n" + QString(tail).replace("1 3 right\n", "1 3 right\n2 2 jump\n")
            << "11:1: input ranges must be in step order";
        QTest::newRow("input after end")
            << head + "steps: 3\n" + QString(tail).replace("1 3 right", "1 9 right")
            << "10:1: input range ends at step 9";
        QTest::newRow("bad key") << head + "steps: 3\n" +
                                        QString(tail).replace("1 3 right", "1 3 fly")
                                 << "10:5: unknown key 'fly'";
        QTest::newRow("event after end")
            << head + "steps: 3\n" + QString(tail).replace("events:\n", "events:\n7 clone\n")
            << "15:1: an event at step 7";
        QTest::newRow("unknown event")
            << head + "steps: 3\n" + QString(tail).replace("events:\n", "events:\n1 explode\n")
            << "12:3: unknown event 'explode'";
        QTest::newRow("bad settings")
            << head + "steps: 3\n" +
                   QString(tail).replace("events:\n", "events:\n1 settings gravity=heavy\n")
            << "12:20: expected a number for 'gravity', got 'heavy'";
        // A number outside the level's range, nan too: the level's rule, in its words.
        QTest::newRow("nan gravity")
            << head + "steps: 3\n" +
                   QString(tail).replace(
                       "events:\n", "events:\n1 settings gravity=nan walk_speed=1 jump_speed=1 "
                                    "max_fall_speed=1 one_way_threshold=1 "
                                    "partition_cell=8 dt=0.01 correction_percent=0.2 "
                                    "correction_slop=0.01 solver_iterations=4\n")
            << "12:20: physics 'gravity' must be between 0 and 100000, got nan";
        QTest::newRow("wrong checkpoint step")
            << head + "steps: 3\n" +
                   QString(tail).replace("2 00000000000000aa", "4 00000000000000aa")
            << "13:1: expected the checkpoint of step 2";
        QTest::newRow("= first") << head + "steps: 3\n" + QString(tail).replace("1,2 3,4", "= 3,4")
                                 << "13:20: '=' (unchanged) needs this body";
        QTest::newRow("bad position")
            << head + "steps: 3\n" + QString(tail).replace("1,2 3,4", "1,2 3;4")
            << "13:24: expected a body position";
        QTest::newRow("duplicate key") << head + "level: b.yaml\n"
                                       << "5:1: header key 'level' is given twice";
        QTest::newRow("unknown key") << head + "colour: red\n"
                                     << "5:1: unknown header key 'colour'";
        QTest::newRow("sections out of order")
            << head + "steps: 3\n" + QString(tail).replace("inputs:\n", "events:\ninputs:\n")
            << "9:1: section 'events:' out of order";
        // Tile coordinates and settings take their ranges from the level library's limits.
        const QString side = QString::number(ts::level::limits::kMapSide.hi);
        const QString largest = QStringLiteral(", got %1 (the largest map is %1 x %1 tiles)");
        QTest::newRow("start past the largest map")
            << head + "player-start: " + side + " 0\n"
            << "5:15: the start column must be between 0 and " +
                   QString::number(ts::level::limits::kMapSide.hi - 1) + largest.arg(side);
        QTest::newRow("tile past the largest map")
            << head + "steps: 3\n" +
                   QString(tail).replace("events:\n", "events:\n1 tile 0 " + side + " solid\n")
            << "12:10: the tile row must be between 0 and " +
                   QString::number(ts::level::limits::kMapSide.hi - 1) + largest.arg(side);
        QTest::newRow("scale too big")
            << head + "steps: 3\n" + QString(tail).replace("events:\n", "events:\n1 scale 5\n")
            << "12:9: the player's scale must be between 0.25 and 4, got 5";
        QTest::newRow("partition cell too big")
            << head + "steps: 3\n" +
                   QString(tail).replace("events:\n",
                                         "events:\n1 settings gravity=1 walk_speed=1 jump_speed=1 "
                                         "max_fall_speed=1 one_way_threshold=1 "
                                         "partition_cell=2000 dt=0.01 correction_percent=0.2 "
                                         "correction_slop=0.01 solver_iterations=4\n")
            << "12:100: physics 'partition_cell' must be between 1 and 1024, got 2000";
        QTest::newRow("huge body id") << head + "bodies: 99999999999\n"
                                      << "5:9: a spawn id must be between 1 and 2147483647";
    }

    void hostileFiles() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        std::string bytes = text.toStdString();
        if (const auto nul = bytes.find("<NUL>"); nul != std::string::npos)
            bytes.replace(nul, 5, std::string(1, '\0'));
        const ReplayLoadResult r = loadReplayFromString(bytes, "bad.tsreplay");
        QVERIFY(!r.ok());
        QVERIFY(!r.errors.empty());
        const QString first = QString::fromStdString(r.errors.front().toString());
        QVERIFY2(first.startsWith(QStringLiteral("bad.tsreplay:") + expected.section(':', 0, 1)) &&
                     first.contains(expected.section(": ", 1)),
                 qPrintable(first + QStringLiteral("\nexpected ") + expected + "\nall:\n" +
                            errorText(r)));
    }

    void sizeLimit() {
        ReplayLimits limits;
        limits.maxFileBytes = 100;
        const ReplayLoadResult r = loadReplayFromString(std::string(101, '#'), "big", limits);
        QVERIFY(!r.ok());
        QVERIFY(r.errors.front().message.find("too large") != std::string::npos);
        // Many errors stop at maxErrors instead of flooding.
        std::string many = "tilesmith-replay: 1\n";
        for (int i = 0; i < 1000; ++i)
            many += "bogus line\n";
        QCOMPARE(int(loadReplayFromString(many).errors.size()), ReplayLimits{}.maxErrors);
    }

    // "Atomic, like saveLevelFile" (replay.h): 'tilesmith replay update' rewrites
    // replays in place. The old writer used a fixed temporary name (PATH.tmp-save,
    // which it overwrote and deleted), did not fsync, gave the replaced file the
    // umask's permissions, and said "cannot write PATH.tmp-save" without a reason.
    void saveFileIsAtomicLikeLevels() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("run.tsreplay");
        const Level lv = loadSample("tutorial.yaml");
        Replay r = recordScript(lv, script(kRoute), 60, 30);
        r.levelPath = "tutorial.yaml";
        std::string error = "stale";
        QVERIFY(saveReplayFile(r, path.toStdString(), &error));
        QVERIFY(error.empty());
        // A file of the user's that happens to have the old temporary name stays.
        QFile other(path + ".tmp-save");
        QVERIFY(other.open(QIODevice::WriteOnly) && other.write("mine") == 4);
        other.close();
        // The replaced file keeps its permissions.
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        QVERIFY2(saveReplayFile(r, path.toStdString(), &error), error.c_str());
        namespace fs = std::filesystem;
        QVERIFY(fs::status(path.toStdString()).permissions() ==
                (fs::perms::owner_read | fs::perms::owner_write));
        QFile check(path + ".tmp-save");
        QVERIFY(check.open(QIODevice::ReadOnly));
        QCOMPARE(check.readAll(), QByteArray("mine"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 (QStringList{"run.tsreplay", "run.tsreplay.tmp-save"}));
        const ReplayLoadResult back = loadReplayFile(path.toStdString());
        QVERIFY(back.ok() && *back.replay == r);
        // A failure says why.
        QVERIFY(!saveReplayFile(r, dir.filePath("missing/run.tsreplay").toStdString(), &error));
        QVERIFY2(error.find("No such file or directory") != std::string::npos, error.c_str());
    }

    // Scripts and replays are read like levels: from a pipe too (`simulate --inputs
    // <(...)`, /dev/stdin), and never trusting the size a seek reports. They used to
    // seek to the end for the size: a pipe failed ("cannot read the input script"),
    // and /dev/zero (size 0) read as an empty script, so simulate ran 0 steps.
    void scriptsAndReplaysReadFromPipes() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string fifo = dir.filePath("script.fifo").toStdString();
        QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
        std::thread writer([&] {
            if (std::FILE* f = std::fopen(fifo.c_str(), "wb")) {
                std::fputs("1 30 right\n31 31 right,jump\n", f);
                std::fclose(f);
            }
        });
        InputScript s;
        std::vector<Diagnostic> errors;
        const bool ok = loadInputScript(fifo, s, errors);
        writer.join();
        QVERIFY2(ok, errors.empty() ? "" : errors[0].toString().c_str());
        QCOMPARE(s.ranges.size(), std::size_t(2));
        QCOMPARE(s.ranges[1].to, std::uint64_t(31));
        // An endless device is too large, not empty.
        errors.clear();
        QVERIFY(!loadInputScript("/dev/zero", s, errors));
        QVERIFY2(errors[0].message.find("too large") != std::string::npos,
                 errors[0].message.c_str());
        const ReplayLoadResult z = loadReplayFile("/dev/zero");
        QVERIFY(!z.ok());
        QVERIFY2(z.errors[0].message.find("too large") != std::string::npos,
                 z.errors[0].message.c_str());
        // A replay through a pipe.
        Replay rec = recordScript(loadSample("tutorial.yaml"), script(kRoute), 60, 30);
        rec.levelPath = "tutorial.yaml";
        const std::string text = saveReplayToString(rec);
        const std::string fifo2 = dir.filePath("replay.fifo").toStdString();
        QVERIFY(::mkfifo(fifo2.c_str(), 0600) == 0);
        std::thread writer2([&] {
            if (std::FILE* f = std::fopen(fifo2.c_str(), "wb")) {
                std::fwrite(text.data(), 1, text.size(), f);
                std::fclose(f);
            }
        });
        const ReplayLoadResult r = loadReplayFile(fifo2);
        writer2.join();
        QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors[0].toString().c_str());
        QCOMPARE(saveReplayToString(*r.replay), text);
    }

    void relativePaths() {
        QCOMPARE(relativeLevelPath("/a/b/level.yaml", "/a/b/run.tsreplay"),
                 std::string("level.yaml"));
        QCOMPARE(relativeLevelPath("/a/level.yaml", "/a/b/run.tsreplay"),
                 std::string("../level.yaml"));
        Replay r;
        r.levelPath = "../level.yaml";
        QCOMPARE(replayLevelPath(r, "/a/b/run.tsreplay"), std::string("/a/level.yaml"));
    }
};

QTEST_APPLESS_MAIN(TestReplay)
#include "test_replay.moc"
