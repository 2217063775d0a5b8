// LevelRun (levelrun.h): an edit applied live and the same event replayed give the
// same world, a recording with live edits replays to its final hash, events that do
// not apply are not recorded, scripted runs are `simulate`'s, and snapshots restore
// the level copy and the goals with the world.
#include "samplelevels.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/replay.h"

#include <QTest>

using namespace ts;
using namespace ts::level;
using testlevels::kRoute;
using testlevels::loadSample;
using testlevels::script;

namespace {

/// The event of each kind a session might make before step `k` (none at other steps).
std::optional<ReplayEvent> editBefore(std::uint64_t k, const World& world) {
    ReplayEvent e;
    switch (k) {
    case 20:
        e.kind = ReplayEventKind::Clone;
        return e;
    case 30:
        e.kind = ReplayEventKind::Tile;
        e.x = 12, e.y = 16, e.tile = Tile::Solid;
        return e;
    case 50:
        e.kind = ReplayEventKind::Scale;
        e.scale = 0.5f;
        return e;
    case 60:
        e.kind = ReplayEventKind::Settings;
        e.settings = world.settings();
        e.settings.jumpSpeed = 700;
        return e;
    default:
        return std::nullopt;
    }
}

/// `live` runs `lv` recorded, with live edits of every kind; `hashes[k]` is the state after
/// step k.
void playWithEdits(const Level& lv, std::uint64_t steps, std::vector<std::uint64_t>& hashes,
                   LevelRun& live) {
    const InputScript s = script(kRoute);
    live.startRecording(lv, std::nullopt, 25);
    hashes = {live.world().stateHash()};
    for (std::uint64_t k = 1; k <= steps; ++k) {
        if (const std::optional<ReplayEvent> e = editBefore(k, live.world()))
            QVERIFY(live.apply(*e));
        live.step(s.at(k));
        hashes.push_back(live.world().stateHash());
    }
}

} // namespace

class TestLevelRun : public QObject {
    Q_OBJECT

private slots:
    void liveEditAndReplayedEventGiveTheSameWorld() {
        const Level lv = loadSample("tutorial.yaml");
        LevelRun live(lv);
        std::vector<std::uint64_t> hashes;
        playWithEdits(lv, 100, hashes, live);
        const Replay r = live.recording();
        QCOMPARE(r.events.size(), std::size_t(4));
        QCOMPARE(r.events[1].step, std::uint64_t(30));
        // The recorded events run again through the same apply(): every step agrees.
        ReplayRunner replayed(lv, r);
        while (replayed.advance())
            QCOMPARE(replayed.world().stateHash(), hashes[replayed.step()]);
        QCOMPARE(replayed.step(), std::uint64_t(100));
        QCOMPARE(replayed.world().bodyCount(), live.world().bodyCount()); // the clone
        QCOMPARE(replayed.level(), live.level()); // the tile reached both level copies
        QCOMPARE(live.level().tile(12, 16), Tile::Solid);
    }

    void recordingWithLiveEditsReplays() {
        const Level lv = loadSample("tutorial.yaml");
        LevelRun live(lv);
        std::vector<std::uint64_t> hashes;
        playWithEdits(lv, 130, hashes, live);
        Replay r = live.recording();
        QCOMPARE(r.finalHash, live.world().stateHash());
        const ReplayCheckResult c = checkReplay(lv, r);
        QVERIFY(c.ok());
        QCOMPARE(c.finalHash, r.finalHash);
        r.levelPath = "tutorial.yaml";
        const ReplayLoadResult back = loadReplayFromString(saveReplayToString(r));
        QVERIFY(back.ok());
        QVERIFY(checkReplay(lv, *back.replay).ok());
        const Replay again = rerecordReplay(lv, r);
        QCOMPARE(again.checkpoints, r.checkpoints);
        QCOMPARE(again.events, r.events);
        QCOMPARE(again.inputs, r.inputs);
    }

    void eventsThatDoNotApplyAreNotRecorded() {
        Level lv = Level::make(6, 4);
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 1, 2, 2));
        LevelRun run(lv); // no player
        run.startRecording(lv, std::nullopt, 10);
        ReplayEvent clone;
        clone.kind = ReplayEventKind::Clone;
        BodyId id;
        QVERIFY(!run.apply(clone, &id));
        QVERIFY(id.isNull());
        ReplayEvent scale;
        scale.kind = ReplayEventKind::Scale;
        scale.scale = 2;
        QVERIFY(!run.apply(scale));
        ReplayEvent off;
        off.kind = ReplayEventKind::Tile;
        off.x = 6;
        off.tile = Tile::Solid;
        QVERIFY(!run.apply(off));
        ReplayEvent on = off;
        on.x = 5;
        QVERIFY(run.apply(on));
        QCOMPARE(run.world().bodyCount(), std::size_t(1));
        run.step({});
        const Replay r = run.recording();
        QCOMPARE(r.events.size(), std::size_t(1));
        ReplayEvent recorded = on;
        recorded.was = Tile::Empty; // the recording says which tile it replaced
        QCOMPARE(r.events[0], recorded);
    }

    void runScriptIsSimulate() {
        const Level lv = loadSample("playground.yaml");
        const InputScript s = script(kRoute);
        LevelWorld lw = buildWorld(lv);
        const std::uint64_t simulated = simulateLevel(lw, s, 150);
        LevelRun run(lv);
        run.startRecording(lv, std::nullopt, 60);
        std::uint64_t last = 0;
        QCOMPARE(run.runScript(s, 150, [&](std::uint64_t k, const auto&) { last = k; }), simulated);
        QCOMPARE(last, std::uint64_t(150));
        QCOMPARE(run.recording(), recordScript(lv, s, 150, 60));
    }

    void snapshotsRestoreLevelAndGoals() {
        Level lv = Level::make(12, 5, 16);
        for (int x = 0; x < 12; ++x)
            lv.setTile(x, 4, Tile::Solid);
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 3));
        lv.spawns.push_back(lv.defaultSpawn(SpawnKind::Goal, 2, 4, 3));
        LevelRun run(lv);
        const LevelRun::Snapshot start = run.snapshot();
        ReplayEvent wall;
        wall.kind = ReplayEventKind::Tile;
        wall.x = 9, wall.y = 3, wall.tile = Tile::Solid;
        QVERIFY(run.apply(wall));
        std::vector<std::uint64_t> first;
        for (int k = 0; k < 60; ++k) {
            run.step({.left = false, .right = true, .jump = false, .down = false});
            first.push_back(run.world().stateHash());
        }
        QCOMPARE(run.goalEvents().size(), std::size_t(1));
        run.restore(start);
        QCOMPARE(run.steps(), std::uint64_t(0));
        QVERIFY(run.goalEvents().empty());
        QCOMPARE(run.level(), lv);
        QCOMPARE(run.world().map().at(9, physicsRow(lv, 3)), Tile::Empty);
        QVERIFY(run.apply(wall));
        for (int k = 0; k < 60; ++k) {
            run.step({.left = false, .right = true, .jump = false, .down = false});
            QCOMPARE(run.world().stateHash(), first[std::size_t(k)]);
        }
        QCOMPARE(run.goalEvents().size(), std::size_t(1));
    }

    void takeOverRecordsOnFromTheReplay() {
        const Level lv = loadSample("tutorial.yaml");
        const Replay r = recordScript(lv, script(kRoute), 120, 30);
        ReplayRunner runner(lv, r);
        while (runner.step() < 70)
            runner.advance();
        LevelRun run(lv);
        run.takeOver(r, runner.level(), runner.levelWorld(), runner.step(),
                     runner.run().goalEvents());
        QCOMPARE(run.steps(), std::uint64_t(70));
        QVERIFY(run.isRecording());
        ReplayEvent clone;
        clone.kind = ReplayEventKind::Clone;
        QVERIFY(run.apply(clone));
        for (int k = 0; k < 40; ++k)
            run.step({.left = true, .right = false, .jump = false, .down = false});
        const Replay on = run.recording();
        QCOMPARE(on.steps, std::uint64_t(110));
        QCOMPARE(on.events.size(), std::size_t(1));
        QCOMPARE(on.events[0].step, std::uint64_t(71));
        const ReplayCheckResult c = checkReplay(lv, on);
        QVERIFY(c.ok());
        QCOMPARE(c.finalHash, run.world().stateHash());
    }
};

QTEST_APPLESS_MAIN(TestLevelRun)
#include "test_levelrun.moc"
