// Replays of sessions with tiles painted while playing (replay.h, format version 4): play
// mode paints into the level, so the level saved after the session already has the edits;
// the replay undoes them (each tile event's `was`) and makes them again at their steps,
// bit for bit. Old format versions load and are written back as they were.
#include "replayformats.h"
#include "samplelevels.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/replay.h"

#include <QTest>

using namespace ts;
using namespace ts::level;
using testlevels::kRoute;
using testlevels::loadSample;
using testlevels::script;
using testreplays::errorText;

namespace {

/// The edits of the session: a wall in the route at step 30 (there from step 0, the run
/// differs by the first checkpoint), and the floor under the player's start taken away at
/// step 60 (the player has left it).
struct Edit {
    std::uint64_t step;
    int x, y;
    Tile tile;
};
const Edit kEdits[] = {{30, 12, 16, Tile::Solid}, {60, 3, 17, Tile::Empty}};

/// What a play session does: records `lv`, applying the edits before their steps. The
/// level it leaves (the document with the edits painted in) in `after`.
Replay playWithPaint(const Level& lv, std::uint64_t steps, Level& after) {
    LevelRun run(lv);
    run.startRecording(lv, std::nullopt, 25);
    after = lv;
    const InputScript s = script(kRoute);
    for (std::uint64_t k = 1; k <= steps; ++k) {
        for (const Edit& e : kEdits) {
            if (e.step != k)
                continue;
            ReplayEvent ev;
            ev.kind = ReplayEventKind::Tile;
            ev.x = e.x, ev.y = e.y, ev.tile = e.tile;
            if (!run.apply(ev))
                qFatal("the tile event did not apply");
            after.setTile(e.x, e.y, e.tile);
        }
        run.step(s.at(k));
    }
    Replay r = run.recording();
    r.levelPath = "tutorial.yaml";
    return r;
}

/// The document's spawn edits of a session, before their steps: the box moved a tile right
/// (20), NPC #2 deleted (40), a box added (50), NPC #3's mass changed (60) and a custom
/// property set on the ball (70: no body changes).
void editSpawns(std::uint64_t k, Level& doc) {
    auto find = [&](int id) {
        return std::find_if(doc.spawns.begin(), doc.spawns.end(),
                            [id](const Spawn& s) { return s.id == id; });
    };
    switch (k) {
    case 20:
        find(4)->x += 1;
        break;
    case 40:
        doc.spawns.erase(find(2));
        break;
    case 50:
        doc.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, doc.nextSpawnId(), 30, 16));
        break;
    case 60:
        find(3)->mass = 5;
        break;
    case 70:
        find(5)->properties["colour"] = std::string("red");
        break;
    default:
        break;
    }
}

/// A session recording `lv` with editSpawns() made while running (as play mode applies
/// them: the events of each edit); the level the session leaves in `after`.
Replay playWithSpawnEdits(const Level& lv, std::uint64_t steps, Level& after) {
    LevelRun run(lv);
    run.startRecording(lv, std::nullopt, 25);
    after = lv;
    const InputScript s = script(kRoute);
    for (std::uint64_t k = 1; k <= steps; ++k) {
        const std::vector<Spawn> before = after.spawns;
        editSpawns(k, after);
        for (const ReplayEvent& e : spawnEditEvents(before, after.spawns))
            if (!run.apply(e))
                qFatal("a spawn event did not apply at step %llu", (unsigned long long)k);
        run.step(s.at(k));
    }
    Replay r = run.recording();
    r.levelPath = "tutorial.yaml";
    return r;
}

/// Runs `r` on `level` and compares every checkpoint in full and the final hash.
void replaysBitForBit(const Level& level, const Replay& r) {
    ReplayRunner runner(level, r);
    std::size_t next = 0;
    while (runner.advance()) {
        if (next < r.checkpoints.size() && r.checkpoints[next].step == runner.step()) {
            const ReplayCheckpoint now = makeCheckpoint(runner.levelWorld());
            QVERIFY2(now == r.checkpoints[next],
                     qPrintable(QStringLiteral("checkpoint of step %1").arg(runner.step())));
            ++next;
        }
    }
    QCOMPARE(next, r.checkpoints.size());
    QCOMPARE(runner.world().stateHash(), r.finalHash);
}

} // namespace

class TestReplayEdits : public QObject {
    Q_OBJECT
private slots:
    void tileEventsRecordTheTileTheyReplaced() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        const Replay r = playWithPaint(lv, 130, after);
        QCOMPARE(r.formatVersion, kReplayFormatVersion);
        QCOMPARE(r.events.size(), std::size_t(2));
        QCOMPARE(r.events[0].step, std::uint64_t(30));
        QVERIFY(r.events[0].was == std::optional<Tile>(Tile::Empty));
        QCOMPARE(r.events[1].step, std::uint64_t(60));
        QVERIFY(r.events[1].was == std::optional<Tile>(Tile::Solid));
        // Written and read back, byte for byte.
        const std::string text = saveReplayToString(r);
        QVERIFY(text.find("\ntilesmith-replay: " + std::to_string(kReplayFormatVersion) + "\n") !=
                std::string::npos);
        QVERIFY(text.find("\n30 tile 12 16 solid was=empty\n") != std::string::npos);
        QVERIFY(text.find("\n60 tile 3 17 empty was=solid\n") != std::string::npos);
        const ReplayLoadResult back = loadReplayFromString(text, "r.tsreplay");
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        QVERIFY(*back.replay == r);
        QCOMPARE(saveReplayToString(*back.replay), text);
    }

    // The session watched on the level it left (the edits painted in): every checkpoint and
    // the final hash as recorded, bit for bit.
    void aSessionWithPaintReplaysBitForBitOnTheLevelItLeft() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        const Replay recorded = playWithPaint(lv, 130, after);
        const ReplayLoadResult loaded =
            loadReplayFromString(saveReplayToString(recorded), "r.tsreplay");
        QVERIFY2(loaded.ok(), qPrintable(errorText(loaded)));
        const Replay& r = *loaded.replay;
        QVERIFY(levelContentHash(after) != r.levelHash);

        ReplayRunner runner(after, r);
        QVERIFY(runner.startLevel().match == ReplayLevelMatch::SessionEdits);
        QCOMPARE(runner.startLevel().editsUndone(), std::size_t(2));
        QCOMPARE(levelContentHash(runner.startLevel().level), levelContentHash(lv));
        std::size_t next = 0;
        while (runner.advance()) {
            if (next < r.checkpoints.size() && r.checkpoints[next].step == runner.step()) {
                const ReplayCheckpoint now = makeCheckpoint(runner.world());
                QVERIFY2(now == r.checkpoints[next],
                         qPrintable(QStringLiteral("checkpoint of step %1").arg(runner.step())));
                ++next;
            }
        }
        QCOMPARE(next, r.checkpoints.size());
        QCOMPARE(runner.world().stateHash(), r.finalHash);
        // The run's level ends as the session left it.
        QCOMPARE(levelContentHash(runner.level()), levelContentHash(after));

        const ReplayCheckResult c = checkReplay(after, r);
        QVERIFY2(c.ok(), c.desync ? describeDesync(*c.desync).c_str() : "");
        QCOMPARE(c.finalHash, r.finalHash);
        QVERIFY(!c.levelChanged);
        QVERIFY(c.levelMatch == ReplayLevelMatch::SessionEdits);
        QCOMPARE(describeStartLevel(runner.startLevel()),
                 std::string("the level has the 2 tile edits the session made while playing: the "
                             "replay starts without them and makes them at their steps"));
        // The level as recorded (the edits never saved) replays as it is.
        const ReplayCheckResult same = checkReplay(lv, r);
        QVERIFY(same.ok());
        QVERIFY(same.levelMatch == ReplayLevelMatch::Recorded);
        QCOMPARE(same.editsUndone, std::size_t(0));
    }

    // Without the tiles they replaced (as format version 3 records them), the hole is in
    // the level from step 0: the player falls through it at once.
    void withoutWhatTheyReplacedTheEditsAreThereFromTheStart() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        Replay r = playWithPaint(lv, 130, after);
        for (ReplayEvent& e : r.events)
            e.was.reset();
        const ReplayCheckResult c = checkReplay(after, r);
        QVERIFY(c.desync);
        QCOMPARE(c.desync->step, std::uint64_t(25));
        QVERIFY(c.levelChanged);
    }

    // A level changed since recording besides the session's edits: the edits are undone,
    // the other change stays (and is what the report is about).
    void otherChangesStayAndAreSaid() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        const Replay r = playWithPaint(lv, 130, after);
        Level changed = after;
        changed.setTile(6, 16, Tile::Solid); // in the route, not painted by the session
        const ReplayStartLevel start = replayStartLevel(changed, r);
        QVERIFY(start.match == ReplayLevelMatch::Changed);
        QCOMPARE(start.editsUndone(), std::size_t(2));
        QCOMPARE(start.level.tile(6, 16), Tile::Solid);
        QCOMPARE(start.level.tile(3, 17), Tile::Solid);
        QCOMPARE(start.level.tile(12, 16), Tile::Empty);
        QCOMPARE(describeStartLevel(start),
                 std::string("the level changed since recording, besides the 2 tile edits the "
                             "session made while playing (undone for the run)"));
        const ReplayCheckResult c = checkReplay(changed, r);
        QVERIFY(c.desync);
        QVERIFY(c.levelChanged);
        // An edited tile changed again since is not the session's: left as it is.
        Level repainted = after;
        repainted.setTile(12, 16, Tile::OneWay);
        const ReplayStartLevel again = replayStartLevel(repainted, r);
        QVERIFY(again.match == ReplayLevelMatch::Changed);
        QCOMPARE(again.editsUndone(), std::size_t(1));
        QCOMPARE(again.level.tile(12, 16), Tile::OneWay);
    }

    // `replay update` on the level the session left: it starts from the recorded level.
    void rerecordingStartsFromTheLevelAsRecorded() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        const Replay r = playWithPaint(lv, 130, after);
        const Replay updated = rerecordReplay(after, r);
        QCOMPARE(updated.levelHash, levelContentHash(lv));
        QVERIFY(updated.events == r.events);
        QCOMPARE(updated.finalHash, r.finalHash);
        QVERIFY(checkReplay(after, updated).ok());
    }

    // The events of a spawn edit: one per spawn whose body changes, none for a custom
    // property or a goal.
    void spawnEditEventsSayWhatChanged() {
        const Level lv = loadSample("tutorial.yaml");
        Level doc = lv;
        for (std::uint64_t k : {20, 40, 50, 60})
            editSpawns(k, doc);
        const std::vector<ReplayEvent> events = spawnEditEvents(lv.spawns, doc.spawns);
        QCOMPARE(events.size(), std::size_t(4));
        QCOMPARE(events[0].spawnId, 3); // changed (doc order), then the box moved and added
        QVERIFY(events[0].spawn && events[0].wasSpawn);
        QCOMPARE(events[0].spawn->mass, 5.0f);
        QCOMPARE(events[0].wasSpawn->mass, 1.0f);
        QCOMPARE(events[1].spawnId, 4);
        QCOMPARE(events[1].spawn->x, 18);
        QCOMPARE(events[1].wasSpawn->x, 17);
        QCOMPARE(events[2].spawnId, 8);
        QVERIFY(events[2].spawn && !events[2].wasSpawn);
        QCOMPARE(events[3].spawnId, 2); // deleted: what it was and where
        QVERIFY(!events[3].spawn && events[3].wasSpawn);
        QCOMPARE(events[3].wasIndex, 1);
        Level props = doc;
        editSpawns(70, props);
        QVERIFY(spawnEditEvents(doc.spawns, props.spawns).empty());
        Level goal = doc;
        for (Spawn& sp : goal.spawns)
            if (sp.kind == SpawnKind::Goal)
                sp.x += 2;
        QVERIFY(spawnEditEvents(doc.spawns, goal.spawns).empty());
    }

    // Spawns edited while playing are recorded at their steps (the recording goes on) and
    // replay bit for bit on the level the session left, every checkpoint (with the removed
    // bodies) and the final hash; the file round-trips byte for byte.
    void spawnEditsReplayBitForBit() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        const Replay recorded = playWithSpawnEdits(lv, 130, after);
        QCOMPARE(recorded.steps, std::uint64_t(130));
        QCOMPARE(recorded.events.size(), std::size_t(4));
        const std::string text = saveReplayToString(recorded);
        QVERIFY2(text.find("\n20 spawn 4 box 18 16 width=16 height=16 mass=2 restitution=0.2 "
                           "vx=0 vy=0 was 3 box 17 16 ") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("\n40 spawn 2 removed was 1 npc 9 16 ") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("\n50 spawn 8 box 30 16 ") != std::string::npos, text.c_str());
        QVERIFY2(text.find(" - ") != std::string::npos, text.c_str()); // removed bodies
        const ReplayLoadResult loaded = loadReplayFromString(text, "r.tsreplay");
        QVERIFY2(loaded.ok(), qPrintable(errorText(loaded)));
        QVERIFY(*loaded.replay == recorded);
        QCOMPARE(saveReplayToString(*loaded.replay), text);
        const Replay& r = *loaded.replay;

        replaysBitForBit(after, r);
        // The custom property set while playing moves no body: no event, so the level
        // reads as changed otherwise too (the run is exact all the same).
        const ReplayStartLevel withProperty = replayStartLevel(after, r);
        QVERIFY(withProperty.match == ReplayLevelMatch::Changed);
        QCOMPARE(withProperty.spawnEditsUndone, std::size_t(4));
        QVERIFY(checkReplay(after, r).ok());
        for (Spawn& sp : after.spawns)
            sp.properties.clear();
        const ReplayStartLevel start = replayStartLevel(after, r);
        QVERIFY(start.match == ReplayLevelMatch::SessionEdits);
        QCOMPARE(levelContentHash(start.level), levelContentHash(lv));
        QCOMPARE(start.spawnEditsUndone, std::size_t(4));
        QCOMPARE(describeStartLevel(start),
                 std::string("the level has the 4 spawn edits the session made while playing: "
                             "the replay starts without them and makes them at their steps"));
        const ReplayCheckResult c = checkReplay(after, r);
        QVERIFY2(c.ok(), c.desync ? describeDesync(*c.desync).c_str() : "");
        replaysBitForBit(lv, r); // the edits never saved: the recorded level
        QVERIFY(checkReplay(lv, r).ok());
        QCOMPARE(rerecordReplay(after, r).levelHash, levelContentHash(lv));
    }

    // Run without its events (as a replay that cannot undo them would be), the level after
    // the session has the edits from step 0: NPC #2 is gone at once, and the report says so.
    void theEditsFromStepZeroDesync() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        Replay r = playWithSpawnEdits(lv, 130, after);
        r.events.clear();
        const ReplayCheckResult c = checkReplay(after, r);
        QVERIFY(c.desync);
        QVERIFY(c.levelChanged);
        QVERIFY2(describeDesync(*c.desync).find("NPC #2 was removed since recording") !=
                     std::string::npos,
                 describeDesync(*c.desync).c_str());
    }

    // Spawn events and removed bodies are refused with a position where they break the
    // rules, and before version 4.
    void badSpawnEventsAndRemovedBodiesAreRefused_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected"); // the error's message start
        QTest::newRow("removed without was")
            << "\n40 spawn 2 removed was 1 "
            << "\n40 spawn 2 removed \n40 tile 0 0 solid "
            << "'spawn' expects ID KIND X Y KEY=VALUE... or ID removed";
        QTest::newRow("a goal") << "\n40 spawn 2 removed was 1 npc"
                                << "\n40 spawn 2 removed was 1 goal"
                                << "expected the kind of a body";
        QTest::newRow("a bad index") << "\n40 spawn 2 removed was 1 "
                                     << "\n40 spawn 2 removed was -1 "
                                     << "the spawn's index must be between 0 and";
        QTest::newRow("version 3") << "tilesmith-replay: 4\n"
                                   << "tilesmith-replay: 3\n"
                                   << "expected a body position X,Y or '=', got '-'";
    }

    void badSpawnEventsAndRemovedBodiesAreRefused() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, expected);
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        std::string text = saveReplayToString(playWithSpawnEdits(lv, 130, after));
        const std::size_t at = text.find(from.toStdString());
        QVERIFY2(at != std::string::npos, text.c_str());
        text.replace(at, std::size_t(from.size()), to.toStdString());
        const ReplayLoadResult r = loadReplayFromString(text, "r.tsreplay");
        QVERIFY(!r.ok());
        QVERIFY2(errorText(r).contains(expected), qPrintable(errorText(r)));
    }

    void aRemovedBodyDoesNotComeBack() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        std::string text = saveReplayToString(playWithSpawnEdits(lv, 130, after));
        // The last checkpoint lists NPC #2's removed body as '-': a position there is refused.
        const std::size_t last = text.rfind('\n', text.size() - 2) + 1;
        const std::size_t dash = text.find(" - ", last);
        QVERIFY2(dash != std::string::npos, text.c_str());
        text.replace(dash, 3, " 1,2 ");
        const ReplayLoadResult r = loadReplayFromString(text, "r.tsreplay");
        QVERIFY(!r.ok());
        QVERIFY2(errorText(r).contains("expected '-': this body was removed at an earlier "
                                       "checkpoint"),
                 qPrintable(errorText(r)));
    }

    // A version-3 file (tile events without `was`) loads, checks as before and is written
    // back byte for byte; `was=` is refused there, and a bad one in version 4 is pointed at.
    void olderVersionsStayAsTheyWere() {
        const Level lv = loadSample("tutorial.yaml");
        Level after;
        const Replay r = playWithPaint(lv, 130, after);
        const std::string v3 = testreplays::olderFormat(saveReplayToString(r), 3);
        QVERIFY(v3.find("\ntilesmith-replay: 3\n") != std::string::npos);
        QVERIFY(v3.find("was=") == std::string::npos);
        const ReplayLoadResult back = loadReplayFromString(v3, "old.tsreplay");
        QVERIFY2(back.ok(), qPrintable(errorText(back)));
        QCOMPARE(back.replay->formatVersion, 3);
        QCOMPARE(saveReplayToString(*back.replay), v3);
        QVERIFY(checkReplay(lv, *back.replay).ok());
        for (int version : {1, 2}) {
            const std::string old = testreplays::olderFormat(saveReplayToString(r), version);
            const ReplayLoadResult o = loadReplayFromString(old, "old.tsreplay");
            QVERIFY2(o.ok(), qPrintable(errorText(o)));
            QCOMPARE(saveReplayToString(*o.replay), old);
        }

        std::string bad = v3;
        bad.replace(bad.find("30 tile 12 16 solid"), 19, "30 tile 12 16 solid was=empty");
        const ReplayLoadResult refused = loadReplayFromString(bad, "old.tsreplay");
        QVERIFY(!refused.ok());
        QVERIFY2(errorText(refused).contains("'tile' expects X Y and"),
                 qPrintable(errorText(refused)));

        std::string lava = saveReplayToString(r);
        const std::size_t at = lava.find("was=empty");
        lava.replace(at, 9, "was=lava");
        const ReplayLoadResult l = loadReplayFromString(lava, "new.tsreplay");
        QVERIFY(!l.ok());
        const int line = 1 + int(std::count(lava.begin(), lava.begin() + std::ptrdiff_t(at), '\n'));
        const int column = int(at - lava.rfind('\n', at)) + 4;
        QVERIFY2(errorText(l).startsWith(
                     QStringLiteral("new.tsreplay:%1:%2: error: expected ").arg(line).arg(column)),
                 qPrintable(errorText(l)));
        QVERIFY2(errorText(l).contains("after 'was=', got 'lava'"), qPrintable(errorText(l)));
    }
};

QTEST_APPLESS_MAIN(TestReplayEdits)
#include "test_replay_edits.moc"
