// The reachability search on designed levels with known answers, the routes it
// returns (replayed step by step: they reach what they claim), jump speed
// changing the answers as the physics says, progress and cancellation, and the
// jump-arc primitives.
#include "tilesmith/level/goals.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/reach.h"

#include "rowlevel.h"

#include <QTest>

#include <string>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

/// Replays a route in the whole level and returns the step at which goal `id`
/// was first reached (0 = never).
std::uint64_t replayGoal(const Level& l, int id, const Route& route) {
    LevelWorld lw = buildWorld(l);
    GoalWatch watch(l);
    std::uint64_t at = 0;
    simulateLevel(lw, route.script, route.steps, [&](std::uint64_t step) {
        for (const GoalEvent& e : watch.check(lw.world, lw.player, step))
            if (e.goalId == id && !at)
                at = step;
    });
    return at;
}

/// Every goal the search reaches is reached by replaying its route, at its last step.
void checkRoutes(const Level& l, const ReachResult& r) {
    for (const Spawn& s : l.spawns) {
        if (s.kind != SpawnKind::Goal || !r.spawnReached(s.id))
            continue;
        const std::optional<Route> route = r.routeToSpawn(s.id);
        QVERIFY(route);
        QCOMPARE(replayGoal(l, s.id, *route), route->steps);
    }
}

/// Floor on the bottom two rows, the player at the left; a solid platform 3
/// tiles wide whose top is `up` tiles above the floor's top, with goal 2 on it.
Level platformLevel(int up) {
    const int h = up + 6;
    std::vector<std::string> rows(std::size_t(h), std::string(16, '.'));
    rows[std::size_t(h - 1)] = rows[std::size_t(h - 2)] = std::string(16, '#');
    rows[std::size_t(h - 3)][1] = 'P';
    const int top = h - 2 - up; // the platform's row
    rows[std::size_t(top)].replace(6, 3, "###");
    rows[std::size_t(top - 1)][7] = '2';
    return ts::test::validLevelFromRows(rows);
}

/// A ledge, a pit `width` tiles wide and 8 deep, the far ledge with goal 2.
Level pitLevel(int width) {
    const int w = 6 + width + 6;
    std::vector<std::string> rows(14, std::string(std::size_t(w), '.'));
    for (int y = 5; y < 14; ++y)
        rows[std::size_t(y)] = std::string(std::size_t(w), '#');
    for (int y = 5; y < 13; ++y)
        rows[std::size_t(y)].replace(6, std::size_t(width), std::string(std::size_t(width), '.'));
    rows[4][2] = 'P';
    rows[4][std::size_t(w - 3)] = '2';
    return ts::test::validLevelFromRows(rows);
}

} // namespace

class TestReach : public QObject {
    Q_OBJECT

private slots:
    void startSurfaceAndRoutes() {
        const Level l = ts::test::validLevelFromRows({"..........", "..P.....2.", "##########"});
        const ReachResult r = findReachable(l);
        QVERIFY(r.hasPlayer());
        QVERIFY(r.complete());
        QVERIFY(r.spawnReached(1));
        QVERIFY(r.spawnReached(2));
        for (int x = 0; x < 10; ++x)
            QVERIFY(r.standable(x, 2));
        QVERIFY(!r.standable(3, 1)); // empty tiles are never surfaces
        QCOMPARE(int(r.surfaces().size()), 10);
        const std::optional<Route> toEnd = r.routeToSurface(9, 2);
        QVERIFY(toEnd);
        // Replaying the route ends with the player standing on tile (9, 2).
        LevelWorld lw = buildWorld(l);
        simulateLevel(lw, toEnd->script, toEnd->steps);
        QVERIFY(lw.world.hasContact(lw.player, OnGround));
        const Aabb box = lw.world.aabb(lw.player);
        QVERIFY(box.max().x > 9 * 16.0f);
        // ... which tilesStoodOn() says by the search's own rule; in the air, nothing.
        const std::vector<LevelTile> on = tilesStoodOn(l, lw.world, lw.player);
        QVERIFY(std::find(on.begin(), on.end(), LevelTile{9, 2}) != on.end());
        for (const LevelTile& t : on) {
            QCOMPARE(t.y, 2);
            QVERIFY(r.standable(t.x, t.y));
        }
        InputScript jump;
        jump.ranges.push_back(InputRange{1, 1, Input{.jump = true}});
        simulateLevel(lw, jump, 6);
        QVERIFY(!lw.world.hasContact(lw.player, OnGround));
        QVERIFY(tilesStoodOn(l, lw.world, lw.player).empty());
        checkRoutes(l, r);
    }

    void platformHeights() {
        // The default jump rises 4.55 tiles: a platform 3 tiles up is reachable, 6 is not.
        const Level three = platformLevel(3);
        const ReachResult r3 = findReachable(three);
        QVERIFY(r3.spawnReached(2));
        QVERIFY(r3.standable(7, three.height - 2 - 3));
        checkRoutes(three, r3);
        const Level six = platformLevel(6);
        const ReachResult r6 = findReachable(six);
        QVERIFY(r6.complete());
        QVERIFY(!r6.spawnReached(2));
        QVERIFY(!r6.standable(7, six.height - 2 - 6));
        QVERIFY(!r6.routeToSpawn(2));
    }

    void pits() {
        const Level four = pitLevel(4);
        const ReachResult r4 = findReachable(four);
        QVERIFY(r4.spawnReached(2));
        checkRoutes(four, r4);
        const Level nine = pitLevel(9);
        const ReachResult r9 = findReachable(nine);
        QVERIFY(r9.complete());
        QVERIFY(!r9.spawnReached(2));
        QVERIFY(r9.standable(8, 13)); // the pit's floor: fall in, never climb out
    }

    void dropThroughOneWayFloor() {
        // Wall to wall: the only way down is holding down on the one-way floor.
        const std::vector<std::string> rows = {"#..........#", "#.P........#", "#==========#",
                                               "#..........#", "#.......2..#", "############"};
        const Level l = ts::test::validLevelFromRows(rows);
        const ReachResult r = findReachable(l);
        QVERIFY(r.spawnReached(2));
        const std::optional<Route> route = r.routeToSpawn(2);
        bool down = false;
        for (const InputRange& range : route->script.ranges)
            down = down || range.keys.down;
        QVERIFY(down);
        checkRoutes(l, r);
        // The same room with a solid floor: no way down.
        std::vector<std::string> solid = rows;
        solid[2] = "############";
        const ReachResult blocked = findReachable(ts::test::validLevelFromRows(solid));
        QVERIFY(blocked.complete());
        QVERIFY(!blocked.spawnReached(2));
    }

    void jumpUpThroughOneWayPlatform() {
        const Level l =
            ts::test::validLevelFromRows({"..........", "..........", "....2.....", "...====...",
                                          "..........", "..........", ".P........", "##########"});
        const ReachResult r = findReachable(l);
        QVERIFY(r.spawnReached(2));
        for (int x = 3; x <= 6; ++x)
            QVERIFY(r.standable(x, 3));
        checkRoutes(l, r);
    }

    void jumpSpeedChangesTheAnswers() {
        // The apex of a straight jump, measured with the same controller, decides
        // which platform heights are reachable.
        for (float jumpSpeed : {300.0f, 400.0f, 480.0f, 560.0f}) {
            for (int up = 2; up <= 6; ++up) {
                Level l = platformLevel(up);
                l.physics.jumpSpeed = jumpSpeed;
                const Trajectory t =
                    simulateHeld(l, 1, l.height - 3, Input{.jump = true}, 1, Input{});
                QVERIFY(t.landed);
                const float floorY = t.states.back().position.y;
                float apex = 0;
                for (const PlayerState& s : t.states)
                    apex = std::max(apex, s.position.y - floorY);
                const float needed = float(up) * 16.0f;
                if (std::abs(apex - needed) < 2.0f)
                    continue; // too close to call by a straight jump alone
                const ReachResult r = findReachable(l);
                QVERIFY(r.complete());
                QVERIFY2(r.spawnReached(2) == (apex > needed),
                         qPrintable(QStringLiteral("jump speed %1, platform %2 up, apex %3 px")
                                        .arg(jumpSpeed)
                                        .arg(up)
                                        .arg(apex)));
                checkRoutes(l, r);
            }
        }
    }

    void progressAndCancel() {
        const Level l = pitLevel(4);
        std::size_t calls = 0, last = 0;
        ReachOptions o;
        o.progressInterval = 16;
        o.progress = [&](const ReachProgress& p) {
            ++calls;
            QVERIFY(p.statesExplored >= last);
            last = p.statesExplored;
        };
        const ReachResult full = findReachable(l, o);
        QVERIFY(calls > 1);
        QCOMPARE(last, full.statesExplored());

        int polls = 0;
        o.progress = {};
        o.cancelled = [&] { return ++polls > 1; };
        const ReachResult cut = findReachable(l, o);
        QVERIFY(cut.cancelled());
        QVERIFY(!cut.complete());
        QVERIFY(cut.statesExplored() < full.statesExplored());

        ReachOptions small;
        small.maxStates = 10;
        const ReachResult limited = findReachable(l, small);
        QVERIFY(!limited.complete());
        QVERIFY(!limited.cancelled());
        QCOMPARE(limited.statesExplored(), std::size_t(10));
    }

    void deterministic() {
        const Level l = pitLevel(4);
        const ReachResult a = findReachable(l);
        const ReachResult b = findReachable(l);
        QCOMPARE(a.statesExplored(), b.statesExplored());
        QCOMPARE(a.surfaces(), b.surfaces());
        QCOMPARE(a.routeToSpawn(2)->script.ranges, b.routeToSpawn(2)->script.ranges);
    }

    void noPlayer() {
        Level l = Level::make(4, 3);
        const ReachResult r = findReachable(l);
        QVERIFY(!r.hasPlayer());
        QVERIFY(r.surfaces().empty());
        QVERIFY(!r.spawnReached(1));
    }

    void playerSimReset() {
        // A state reached by stepping is reproduced bit for bit, on the ground and in the air.
        const Level l = pitLevel(4);
        PlayerSim a(l);
        a.resetToSpawn();
        std::vector<PlayerState> states;
        for (int k = 0; k < 90; ++k)
            states.push_back(a.step(Input{.right = k < 40, .jump = k == 30}));
        for (std::size_t i = 0; i + 1 < states.size(); ++i) {
            PlayerSim b(l);
            QVERIFY(b.reset(states[i]));
            const PlayerState next = b.step(Input{.right = i + 1 < 40, .jump = i + 1 == 30});
            QCOMPARE(next.position.x, states[i + 1].position.x);
            QCOMPARE(next.position.y, states[i + 1].position.y);
            QCOMPARE(next.velocity.y, states[i + 1].velocity.y);
            QCOMPARE(next.contacts, states[i + 1].contacts);
        }
    }

    void simulateHeldLedges() {
        // The arcs the Jump Arc tool draws are tested in test_jumparc; here the
        // search's own trajectory helper: off a platform's edge onto the floor,
        // and nothing to stand on above the map's top.
        const Level l = platformLevel(3);
        QVERIFY(
            simulateHeld(l, 7, l.height - 3 - 3, Input{.right = true}, 600, Input{.right = true})
                .landed); // off the platform's right edge onto the floor
        QVERIFY(simulateHeld(l, 7, 0, Input{}, 1, Input{}).states.empty()); // nothing to stand on
        // A trajectory's route is exactly what the player does with its inputs.
        const int y = l.height - 3; // standing on the floor
        const Trajectory t =
            simulateHeld(l, 12, y, Input{.right = true, .jump = true}, 1, Input{.right = true});
        QVERIFY(t.landed);
        QCOMPARE(t.route.steps, std::uint64_t(t.states.size()));
        PlayerSim sim(l);
        QVERIFY(sim.placeOn(12, y));
        PlayerState s;
        for (std::uint64_t k = 1; k <= t.route.steps; ++k)
            s = sim.step(t.route.script.at(k));
        QCOMPARE(s.position.x, t.states.back().position.x);
        QCOMPARE(s.position.y, t.states.back().position.y);
        QVERIFY(s.position.x > 12.5f * 16.0f);
    }

    void samples() {
        for (const char* name : {"tutorial.yaml", "crowd.yaml", "playground.yaml"}) {
            const LoadResult lr =
                loadLevelFile(std::string(TILESMITH_SOURCE_DIR "/resources/levels/") + name);
            QVERIFY(lr.ok());
            const ReachResult r = findReachable(*lr.level);
            QVERIFY(r.complete());
            for (const Spawn& s : lr.level->spawns)
                if (s.kind == SpawnKind::Goal)
                    QVERIFY2(r.spawnReached(s.id), name);
            checkRoutes(*lr.level, r);
        }
    }
};

QTEST_GUILESS_MAIN(TestReach)
#include "test_reach.moc"
