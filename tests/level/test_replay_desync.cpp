// Desync reports (ReplayChecker, describeDesync): what changed since recording, in the
// designer's terms. A spawn removed, added, changed or listed in another order is named
// as such with the editor's names ("NPC #3"); a body that moved is named with its tile
// beside the pixels, the one farthest apart first, printed so different values never
// read equal; every checkpoint field is checked, also when the hash matches; an edited
// hash and speeds that differ say so instead of "positions agree, speeds differ".
#include "replayformats.h"
#include "samplelevels.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

using namespace ts;
using namespace ts::level;
using testlevels::kRoute;
using testlevels::loadSample;
using testlevels::script;

namespace {

using Change = ReplaySpawnChange::Kind;

Level tutorial() {
    return loadSample("tutorial.yaml");
}

/// The tutorial route recorded on the tutorial (150 steps, a checkpoint every 60).
Replay recorded(const Level& level) {
    return recordScript(level, script(kRoute), 150, 60);
}

Spawn& spawn(Level& level, int id) {
    Spawn* s = level.findSpawn(id);
    if (!s)
        qFatal("no spawn %d", id);
    return *s;
}

ReplayDesync desyncOf(const Level& level, const Replay& replay) {
    const ReplayCheckResult c = checkReplay(level, replay);
    if (!c.desync)
        qFatal("the replay reproduces");
    return *c.desync;
}

std::string message(const Level& level, const Replay& replay) {
    return describeDesync(desyncOf(level, replay));
}

/// The first step (1-based) where two runs of `s` on `a` and `b` differ; 0 if none.
std::uint64_t firstDifference(const Level& a, const Level& b, const InputScript& s,
                              std::uint64_t steps) {
    LevelWorld wa = buildWorld(a);
    LevelWorld wb = buildWorld(b);
    for (std::uint64_t k = 1; k <= steps; ++k) {
        wa.world.setInput(wa.player, s.at(k));
        wb.world.setInput(wb.player, s.at(k));
        wa.world.step();
        wb.world.step();
        if (wa.world.stateHash() != wb.world.stateHash())
            return k;
    }
    return 0;
}

bool startsWith(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
}

} // namespace

class TestReplayDesync : public QObject {
    Q_OBJECT

private slots:
    // It said "5 bodies, recorded 6", and "body": null in JSON.
    void aRemovedSpawnIsNamed() {
        const Level lv = tutorial();
        const Replay r = recorded(lv);
        Level now = lv;
        now.spawns.erase(now.spawns.begin() + 2); // NPC #3
        const ReplayDesync d = desyncOf(now, r);
        QCOMPARE(d.step, std::uint64_t(60));
        QCOMPARE(d.kind, ReplayDesyncKind::Spawns);
        QCOMPARE(d.spawnChanges.size(), std::size_t(1));
        QCOMPARE(d.spawnChanges[0].kind, Change::Removed);
        QCOMPARE(d.spawnChanges[0].id, std::int64_t(3));
        QCOMPARE(describeDesync(d), std::string("desync at step 60: NPC #3 was removed since "
                                                "recording"));
        // A version-2 file knows the id only.
        const Replay old = *loadReplayFromString(testreplays::olderFormat(saveReplayToString([&] {
                                                                              Replay named = r;
                                                                              named.levelPath =
                                                                                  "tutorial.yaml";
                                                                              return named;
                                                                          }()),
                                                                          2))
                                .replay;
        QCOMPARE(message(now, old),
                 std::string("desync at step 60: spawn #3 was removed since recording"));
    }

    // It said "body 8 at (x, y), recorded (x, y)": a body never recorded.
    void anAddedSpawnIsNamedWithItsTile() {
        const Level lv = tutorial();
        const Replay r = recorded(lv);
        Level now = lv;
        now.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 8, 40, 10));
        const ReplayDesync d = desyncOf(now, r);
        QCOMPARE(d.kind, ReplayDesyncKind::Spawns);
        QCOMPARE(d.spawnChanges.size(), std::size_t(1));
        QCOMPARE(d.spawnChanges[0].kind, Change::Added);
        QVERIFY(!d.body || d.body->spawnId != 8); // the new box has nothing recorded to differ from
        QVERIFY2(startsWith(describeDesync(d), "desync at step 60: Box #8 was added since "
                                               "recording at tile 40, 10"),
                 describeDesync(d).c_str());
    }

    void aChangedSpawnSaysWhatChanged() {
        const Level lv = tutorial();
        const Replay r = recorded(lv);
        Level now = lv;
        spawn(now, 3).vx = 80; // NPC #3 walks right instead of left
        ReplayDesync d = desyncOf(now, r);
        QCOMPARE(d.kind, ReplayDesyncKind::Spawns);
        QCOMPARE(d.spawnChanges[0].kind, Change::Changed);
        QVERIFY2(startsWith(describeDesync(d), "desync at step 60: NPC #3 changed since "
                                               "recording: velocity x -80 -> 80; NPC #3 is at "
                                               "tile "),
                 describeDesync(d).c_str());
        // Several fields, the tile as the editor shows it.
        now = lv;
        spawn(now, 4).x = 18;
        spawn(now, 4).mass = 0;
        d = desyncOf(now, r);
        QVERIFY2(startsWith(describeDesync(d), "desync at step 60: Box #4 changed since "
                                               "recording: tile 17, 16 -> 18, 16, mass 2 -> 0"),
                 describeDesync(d).c_str());
        // What does not move a body is no change (custom properties).
        now = lv;
        spawn(now, 4).properties["colour"] = std::string("red");
        QVERIFY(checkReplay(now, r).ok());
    }

    // Two spawn lines swapped read "positions agree, speeds differ".
    void swappedSpawnsAreNamed() {
        const Level lv = tutorial();
        const Replay r = recorded(lv);
        Level now = lv;
        std::swap(now.spawns[3], now.spawns[4]); // Box #4 and Ball #5
        const ReplayDesync d = desyncOf(now, r);
        QCOMPARE(d.kind, ReplayDesyncKind::Spawns);
        QCOMPARE(d.spawnChanges.size(), std::size_t(1));
        QCOMPARE(d.spawnChanges[0].kind, Change::Reordered);
        const std::string m = describeDesync(d);
        QVERIFY2(startsWith(m, "desync at step 60: the level lists Ball #5 before Box #4, the "
                               "recording after it"),
                 m.c_str());
        QVERIFY(m.find("speeds differ") == std::string::npos);
    }

    // An edited hash read "positions agree, speeds differ".
    void anEditedHashIsNamed() {
        const Level lv = tutorial();
        Replay r = recorded(lv);
        r.checkpoints[0].hash ^= 1; // step 60
        ReplayDesync d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::FileHash);
        QCOMPARE(d.step, std::uint64_t(60));
        QCOMPARE(d.laterStep, std::uint64_t(120));
        QVERIFY2(startsWith(describeDesync(d),
                            "desync at step 60: only the checkpoint's state hash differs"),
                 describeDesync(d).c_str());
        QVERIFY(describeDesync(d).find("the next checkpoint, at step 120, matches in full") !=
                std::string::npos);
        // The last one (and the final hash): nothing later to tell, and it says so.
        r = recorded(lv);
        r.checkpoints.back().hash ^= 1;
        r.finalHash = r.checkpoints.back().hash;
        d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::State);
        QCOMPARE(d.step, std::uint64_t(150));
        QVERIFY(!d.body);
        QVERIFY2(startsWith(describeDesync(d), "desync at step 150: every body is where "
                                               "recorded, but a speed, contact or facing differs "
                                               "(state hash "),
                 describeDesync(d).c_str());
    }

    // Only the hash differs at one checkpoint, a body at a later one: that body is named.
    void stateThenPositionNamesTheBodyLater() {
        const Level lv = tutorial();
        Replay r = recorded(lv);
        r.checkpoints[0].hash ^= 1;
        r.checkpoints[1].hash ^= 1;
        r.checkpoints[1].positions[3].y += 3; // Box #4 at step 120
        const ReplayDesync d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::State);
        QCOMPARE(d.step, std::uint64_t(60));
        QVERIFY(d.body);
        QCOMPARE(d.body->step, std::uint64_t(120));
        QCOMPARE(d.body->body, std::string("Box #4"));
        const std::pair<int, int> tile = *spawnTileAt(lv, d.body->position);
        const std::string where = "; by step 120 Box #4 is at tile " + std::to_string(tile.first) +
                                  ", " + std::to_string(tile.second);
        QVERIFY2(describeDesync(d).find(where) != std::string::npos, describeDesync(d).c_str());
    }

    // A position edited in the file passed while the hash matched.
    void everyCheckpointFieldIsChecked() {
        const Level lv = tutorial();
        Replay r = recorded(lv);
        r.checkpoints[0].positions[1].x = std::numeric_limits<float>::infinity(); // NPC #2
        ReplayDesync d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::FileCheckpoint);
        QVERIFY(d.body);
        QCOMPARE(d.body->body, std::string("NPC #2"));
        QVERIFY(!d.body->recordedTile); // inf has no tile
        QVERIFY2(startsWith(describeDesync(d), "desync at step 60: the state hash matches, but "
                                               "the recorded position of NPC #2 does not"),
                 describeDesync(d).c_str());
        QVERIFY2(describeDesync(d).find(", recorded at (inf, ") != std::string::npos,
                 describeDesync(d).c_str());
        // From the file: 1e39 is no float (read as nan), still refused.
        Replay named = recorded(lv);
        named.levelPath = "tutorial.yaml";
        std::string text = saveReplayToString(named);
        const std::size_t line = text.find("\n60 ") + 1;
        const std::size_t first = text.find(' ', text.find(' ', line) + 1) + 1; // the player's x,y
        text.replace(text.find(',', first) + 1, text.find(' ', first) - text.find(',', first) - 1,
                     "1e39");
        const ReplayLoadResult edited = loadReplayFromString(text, "edited.tsreplay");
        QVERIFY(edited.ok());
        d = desyncOf(lv, *edited.replay);
        QCOMPARE(d.kind, ReplayDesyncKind::FileCheckpoint);
        QCOMPARE(d.body->body, std::string("Player #1"));
        // A body too many in the checkpoint.
        r = recorded(lv);
        r.checkpoints[0].positions.push_back({1, 2});
        d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::FileCheckpoint);
        QCOMPARE(describeDesync(d),
                 std::string("desync at step 60: the state hash matches, but the checkpoint "
                             "lists 7 bodies and the run has 6 (the file was edited or damaged)"));
    }

    // 0.00009 px printed as two equal positions.
    void differentPositionsNeverReadEqual() {
        const Level lv = tutorial();
        Replay r = recorded(lv);
        ReplayCheckpoint& c = r.checkpoints[0];
        c.hash ^= 1;
        c.positions[0].x += 0.00009f; // the nearest float: 0.000061 px at this x
        const ReplayDesync d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::Position);
        const std::string m = describeDesync(d);
        // "Player #1 is at tile X, Y (A, B px), recorded at tile X, Y (A', B' px): D px apart"
        const auto between = [&](std::size_t from, const char* a, const char* b) {
            const std::size_t i = m.find(a, from) + std::strlen(a);
            return m.substr(i, m.find(b, i) - i);
        };
        const std::string now = between(0, " (", ", ");
        const std::string was = between(m.find("recorded at"), " (", ", ");
        QVERIFY2(now != was, m.c_str());
        QCOMPARE(std::stof(now), d.body->position.x);
        QVERIFY(std::fabs(std::stof(was) - d.body->recordedPosition.x) < 1e-4f);
        // The distance with two significant digits: "0.000092 px apart".
        const std::string apart = between(m.find("px), recorded"), "px): ", " px apart");
        QVERIFY2(apart.size() == 8 && apart.rfind("0.0000", 0) == 0, m.c_str());
        const double dx = double(d.body->position.x) - double(d.body->recordedPosition.x);
        QVERIFY(std::fabs(std::stod(apart) - std::fabs(dx)) < 1e-6);
        // Equal y values keep two decimals.
        QVERIFY2(m.find(" px), recorded at tile ") != std::string::npos, m.c_str());
    }

    // The body farthest apart is named, with its tile and how many others differ.
    void theBodyFarthestApartIsNamed() {
        const Level lv = tutorial();
        Replay r = recorded(lv);
        ReplayCheckpoint& c = r.checkpoints[0];
        c.hash ^= 1;
        c.positions[1].x += 1;  // NPC #2
        c.positions[3].x += 20; // Box #4
        const ReplayDesync d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::Position);
        QCOMPARE(d.body->body, std::string("Box #4"));
        QCOMPARE(d.body->othersApart, std::size_t(1));
        QVERIFY(d.body->tile == std::pair(17, 16));
        QVERIFY(d.body->recordedTile == std::pair(18, 16));
        QCOMPARE(describeDesync(d),
                 std::string("desync at step 60: Box #4 is at tile 17, 16 (280.00, 48.00 px), "
                             "recorded at tile 18, 16 (300.00, 48.00 px): 20.00 px apart (and 1 "
                             "other body)"));
    }

    void desyncNamesTheStepAndBody() {
        const Level lv = loadSample("tutorial.yaml");
        const InputScript s = script(kRoute);
        const Replay r = recordScript(lv, s, 150, 10);
        Level changed = lv;
        changed.setTile(8, 16, Tile::Solid); // a wall on the player's way right
        const std::uint64_t first = firstDifference(lv, changed, s, 150);
        QVERIFY(first > 0);
        const std::uint64_t expectedStep = (first + 9) / 10 * 10;
        const ReplayCheckResult c = checkReplay(changed, r);
        QVERIFY(c.levelChanged);
        QVERIFY(c.desync);
        QCOMPARE(c.desync->step, expectedStep);
        QCOMPARE(c.desync->kind, ReplayDesyncKind::Position); // no spawn changed: a body moved
        QVERIFY(c.desync->body);
        const ReplayBodyDifference& b = *c.desync->body;
        QCOMPARE(b.step, expectedStep);
        // The report's positions are the body's now and as recorded at that step.
        LevelWorld now = buildWorld(changed);
        simulateLevel(now, s, expectedStep);
        const std::size_t index = std::size_t(
            std::find(r.bodyIds.begin(), r.bodyIds.end(), b.spawnId) - r.bodyIds.begin());
        QVERIFY(index < r.bodyIds.size());
        const Spawn* spawn = changed.findSpawn(int(b.spawnId));
        QVERIFY(spawn);
        QCOMPARE(b.body, spawnLabel(spawn->kind, spawn->id)); // "Player #1", as the editor names it
        const Vec2 p = now.world.position(now.spawnBodies[index]);
        QCOMPARE(b.position.x, p.x);
        QCOMPARE(b.position.y, p.y);
        const ReplayCheckpoint& rc = r.checkpoints[expectedStep / 10 - 1];
        QCOMPARE(b.recordedPosition.x, rc.positions[index].x);
        QVERIFY(b.tile == spawnTileAt(changed, p));
        QVERIFY(describeDesync(*c.desync).rfind("desync at step " + std::to_string(expectedStep) +
                                                    ": " + b.body + " is at tile ",
                                                0) == 0);
        // After an intended change, re-recording makes it pass again.
        const Replay updated = rerecordReplay(changed, r);
        QVERIFY(checkReplay(changed, updated).ok());
        QCOMPARE(updated.levelHash, levelContentHash(changed));
        QVERIFY(updated.inputs == r.inputs);
        QVERIFY(!checkReplay(lv, updated).ok());
    }

    // A tile under the route: no spawn changed, the player moved.
    void aTileUnderTheRouteNamesThePlayer() {
        const Level lv = tutorial();
        const Replay r = recorded(lv);
        Level now = lv;
        now.setTile(8, 16, Tile::Solid);
        const ReplayDesync d = desyncOf(now, r);
        QCOMPARE(d.kind, ReplayDesyncKind::Position);
        QVERIFY(d.spawnChanges.empty());
        QVERIFY2(startsWith(describeDesync(d), "desync at step 60: Player #1 is at tile "),
                 describeDesync(d).c_str());
    }

    // The same spawns, another number of clones (Space).
    void missingCloneIsABodiesDesync() {
        const Level lv = tutorial();
        Replay r = recorded(lv);
        ReplayEvent clone;
        clone.step = 30;
        clone.kind = ReplayEventKind::Clone;
        r.events.push_back(clone);
        r = rerecordReplay(lv, r);
        r.events.clear();
        const ReplayDesync d = desyncOf(lv, r);
        QCOMPARE(d.kind, ReplayDesyncKind::Bodies);
        QVERIFY2(startsWith(describeDesync(d), "desync at step 60: the run has 6 bodies, the "
                                               "recording 7"),
                 describeDesync(d).c_str());
    }

    // Many changes: the first four, and how many more.
    void manyChangesAreCounted() {
        const Level lv = tutorial();
        const Replay r = recorded(lv);
        Level now = lv;
        for (int id = 20; id < 26; ++id)
            now.spawns.push_back(Spawn::withDefaults(SpawnKind::Ball, id, 20 + id, 5));
        const std::string m = message(now, r);
        QVERIFY2(m.find("Ball #23 was added") != std::string::npos, m.c_str());
        QVERIFY2(m.find("Ball #24") == std::string::npos, m.c_str());
        QVERIFY2(m.find("; and 2 more spawn changes") != std::string::npos, m.c_str());
    }
};

QTEST_APPLESS_MAIN(TestReplayDesync)
#include "test_replay_desync.moc"
