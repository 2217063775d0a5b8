// Bodies in the reachability search (reach.h, lint.h): fixed bodies (mass 0, at rest
// on a tile) are obstacles and ground in the search's world; moving bodies are left
// out, and the routes to a goal are replayed with every body, as `tilesmith simulate
// --inputs` runs them (LevelRun::runScript), until one works, or what is in the way is
// named. The levels are in tests/level/reachbodies/.
#include "tilesmith/level/goals.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/reach.h"

#include "rowlevel.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

Level loadBodies(const char* name) {
    const std::string path = std::string(TILESMITH_SOURCE_DIR "/tests/level/reachbodies/") + name;
    const LoadResult r = loadLevelFile(path);
    if (!r.ok())
        qFatal("cannot load %s: %s", path.c_str(),
               r.errors.empty() ? "" : r.errors[0].toString().c_str());
    return *r.level;
}

/// The step at which `route`, run as `tilesmith simulate --inputs` runs it (every
/// body present), first reaches goal `id`; 0 when it never does.
std::uint64_t simulatedGoalStep(const Level& level, int id, const Route& route) {
    LevelRun run(level);
    run.runScript(route.script, route.steps);
    for (const GoalEvent& e : run.goalEvents())
        if (e.goalId == id)
            return e.step;
    return 0;
}

/// The highest the player's feet get (world px, y up) running `route` with every body.
float highestFeet(const Level& level, const Route& route) {
    LevelRun run(level);
    float top = -1e9f;
    run.runScript(route.script, route.steps, [&](std::uint64_t, const std::vector<GoalEvent>&) {
        top = std::max(top, run.world().position(run.player()).y);
    });
    return top;
}

int spawnIndex(const Level& level, int id) {
    for (std::size_t i = 0; i < level.spawns.size(); ++i)
        if (level.spawns[i].id == id)
            return int(i);
    return -1;
}

} // namespace

class TestReachBodies : public QObject {
    Q_OBJECT

private slots:
    void whichBodiesAreFixed() {
        // A 12 x 6 room: floor on row 5, a one-way tile at (9, 2).
        Level l = ts::test::levelFromRows({
            "############",
            "#..........#",
            "#........=.#",
            "#..........#",
            "#P.........#",
            "############",
        });
        const auto add = [&](SpawnKind kind, int id, int x, int y, float mass, float vx) {
            Spawn s = l.defaultSpawn(kind, id, x, y);
            s.mass = mass;
            s.vx = vx;
            l.spawns.push_back(s);
        };
        add(SpawnKind::Box, 2, 2, 4, 0, 0);  // on the floor: fixed
        add(SpawnKind::Ball, 3, 3, 4, 0, 0); // a ball on the floor: fixed
        add(SpawnKind::Box, 4, 4, 2, 0, 0);  // in the air: it falls
        add(SpawnKind::Box, 5, 5, 4, 0, 40); // a speed of its own: it slides
        add(SpawnKind::Box, 6, 6, 4, 2, 0);  // a mass: the player pushes it
        add(SpawnKind::Npc, 7, 7, 4, 0, 0);  // a character walks by itself
        add(SpawnKind::Box, 8, 9, 1, 0, 0);  // on the one-way tile: fixed
        add(SpawnKind::Box, 9, 8, 4, 0, 0);  // on the floor...
        add(SpawnKind::Box, 10, 8, 3, 0, 0); // ...and one on it: infinite masses pass through
        const auto errors = validateLevel(l);
        QVERIFY2(errors.empty(), errors.empty() ? "" : errors[0].toString().c_str());
        const std::vector<bool> fixed = fixedBodies(l);
        QCOMPARE(fixed.size(), l.spawns.size());
        const std::vector<int> want = {2, 3, 8, 9};
        for (std::size_t i = 0; i < l.spawns.size(); ++i) {
            const bool expected = std::find(want.begin(), want.end(), l.spawns[i].id) != want.end();
            QVERIFY2(fixed[i] == expected, qPrintable(QString("spawn %1").arg(l.spawns[i].id)));
        }
        // What fixed means: in the whole level they never move.
        LevelRun run(l);
        std::vector<Vec2> start;
        for (const BodyId b : run.levelWorld().spawnBodies)
            start.push_back(run.world().position(b));
        for (int k = 0; k < 120; ++k)
            run.step(Input{});
        for (std::size_t i = 0; i < l.spawns.size(); ++i)
            if (fixed[i])
                QCOMPARE(run.world().position(run.levelWorld().spawnBodies[i]), start[i]);
        // And the search's world holds them, the player besides.
        QCOMPARE(PlayerSim(l).fixedBodyCount(), 4);
    }

    void fixedBoxOnTheFloorIsJumpedOver() {
        // The issue's case: an immovable box between spawn and goal on a flat floor.
        const Level l = loadBodies("fixed_box_floor.yaml");
        const ReachResult r = findReachable(l);
        QVERIFY(r.complete());
        QVERIFY(r.spawnReached(3));
        const RouteCheck c = checkRoutesToSpawn(l, r, 3);
        QVERIFY(c.route);
        QCOMPARE(c.routesTried, 1); // the shortest is found in a world with the box
        QCOMPARE(simulatedGoalStep(l, 3, *c.route), c.route->steps);
        // It goes over the box (two tiles tall), not through it.
        const float boxTop = tileBottomCenter(l, 7, 4).y + 32.0f;
        QVERIFY(highestFeet(l, *c.route) >= boxTop);
        // The floor on both sides of the box is stood on.
        QVERIFY(r.standable(6, 5) && r.standable(13, 5));
        const LintReport rep = lintLevel(l, r);
        QCOMPARE(rep.goalsReached, 1);
        QCOMPARE(rep.findings.size(), std::size_t(0));
    }

    void fixedBoxIsAStep() {
        // A ledge five tiles up (the jump rises 4.55): only the fixed box, three tiles
        // tall, makes it reachable.
        const Level l = loadBodies("fixed_box_step.yaml");
        const ReachResult r = findReachable(l);
        QVERIFY(r.spawnReached(3));
        for (int x = 11; x <= 14; ++x)
            QVERIFY(r.standable(x, 6));
        const RouteCheck c = checkRoutesToSpawn(l, r, 3);
        QVERIFY(c.route);
        QCOMPARE(simulatedGoalStep(l, 3, *c.route), c.route->steps);
        // The box's top is no tile: standing on it reports no surface (the tile it
        // stands in is empty), only the goal and spawn reach count it.
        QVERIFY(!r.standable(7, 7));
        QVERIFY(!r.standable(7, 8));

        Level without = l;
        without.spawns.erase(without.spawns.begin() + spawnIndex(l, 2));
        const ReachResult rw = findReachable(without);
        QVERIFY(!rw.spawnReached(3));
        QVERIFY(!rw.standable(12, 6));
    }

    void standingOnFixedBodiesReachesSpawns() {
        // A goal on top of a fixed box three tiles tall, a fixed ball on the way.
        const Level l = loadBodies("fixed_box_top.yaml");
        QCOMPARE(PlayerSim(l).fixedBodyCount(), 2);
        const ReachResult r = findReachable(l);
        QVERIFY(r.spawnReached(3));
        QVERIFY(r.spawnReached(2)); // the box, touched
        QVERIFY(r.spawnReached(4)); // the ball
        const RouteCheck c = checkRoutesToSpawn(l, r, 3);
        QVERIFY(c.route);
        QCOMPARE(simulatedGoalStep(l, 3, *c.route), c.route->steps);
    }

    void pushedBoxTriesOtherRoutes() {
        // A pushable box between the player and a goal against the far wall: the
        // shortest route, found without the box, walks into it and pushes it onto the
        // goal's tile; another of the routes kept works.
        const Level l = loadBodies("pushed_box_floor.yaml");
        const ReachResult r = findReachable(l);
        const std::vector<Route> routes = r.routesToSpawn(3);
        QVERIFY(routes.size() > 1);
        QVERIFY(int(routes.size()) <= ReachResult::kSpawnRoutes);
        QCOMPARE(routes.front().steps, r.routeToSpawn(3)->steps);
        QVERIFY(!routeReachesSpawn(l, 3, routes.front()));
        const RouteCheck c = checkRoutesToSpawn(l, r, 3);
        QVERIFY(c.route);
        QVERIFY(c.routesTried > 1);
        QCOMPARE(simulatedGoalStep(l, 3, *c.route), c.route->steps);
        // Lint reports the goal reached, with the route that works.
        const LintReport rep = lintLevel(l, r);
        QCOMPARE(rep.goalsReached, 1);
        QCOMPARE(rep.goals[0].steps, c.route->steps);
        QVERIFY(rep.goals[0].routeReplays);
    }

    void blockedGoalNamesTheBody() {
        // Two pushable boxes fill a one-tile pit with the goal at its bottom: the
        // player walks over them, and no route of the search (boxes left out) gets in.
        const Level l = loadBodies("pit_filled.yaml");
        const ReachResult r = findReachable(l);
        QVERIFY(r.spawnReached(2));
        const RouteCheck c = checkRoutesToSpawn(l, r, 2);
        QVERIFY(!c.route);
        QCOMPARE(c.routesTried, int(r.routesToSpawn(2).size()));
        QVERIFY(c.blockedAt > 0);
        QVERIFY(c.blockedAt <= r.routeToSpawn(2)->steps);
        QVERIFY(c.blockerIndex >= 0);
        QCOMPARE(l.spawns[std::size_t(c.blockerIndex)].kind, SpawnKind::Box);
        QCOMPARE(c.blockerX, 5);
        const std::string msg = routeCheckMessage(l, l.spawns[std::size_t(spawnIndex(l, 2))], c);
        const std::string body =
            spawnLabel(SpawnKind::Box, l.spawns[std::size_t(c.blockerIndex)].id);
        QVERIFY2(msg.rfind("goal 2 is reachable only without the moving bodies: " + body +
                               " is in the way at step " + std::to_string(c.blockedAt) +
                               ", tile 5, ",
                           0) == 0,
                 msg.c_str());
        QVERIFY2(msg.find("routes tried)") != std::string::npos, msg.c_str());
        const LintReport rep = lintLevel(l, r);
        QCOMPARE(rep.goalsReached, 0);
        QCOMPARE(rep.findings.size(), std::size_t(1));
        QCOMPARE(rep.findings[0].rule, LintRule::GoalRouteBlocked);
        QCOMPARE(rep.findings[0].message, msg);
        // Without the boxes the shortest route gets there.
        Level open = l;
        open.spawns.resize(2);
        QVERIFY(routeReachesSpawn(open, 2, *r.routeToSpawn(2)));
    }

    void npcIsPassedThrough() {
        // An NPC walks towards the player: characters pass through one another, so the
        // route the search finds without it works with it.
        const Level l = loadBodies("npc_crossing.yaml");
        QCOMPARE(PlayerSim(l).fixedBodyCount(), 0);
        const ReachResult r = findReachable(l);
        const RouteCheck c = checkRoutesToSpawn(l, r, 3);
        QVERIFY(c.route);
        QCOMPARE(c.routesTried, 1);
        QCOMPARE(simulatedGoalStep(l, 3, *c.route), c.route->steps);
    }

    void movingStepIsOutOfTheModel() {
        // The step level with a box of mass 2: a body that moves is no ground for the
        // search (docs/reachability.md), so the ledge is not found.
        const Level l = loadBodies("pushed_box_step.yaml");
        QCOMPARE(PlayerSim(l).fixedBodyCount(), 0);
        const ReachResult r = findReachable(l);
        QVERIFY(r.complete());
        QVERIFY(!r.spawnReached(3));
        QVERIFY(!r.standable(12, 6));
    }

    void surfaceRoutesReplayWithFixedBodies() {
        // Every surface's route ends standing on that tile when run in the whole level,
        // the ones that climb the fixed bodies included.
        for (const char* name : {"fixed_box_step.yaml", "fixed_box_top.yaml"}) {
            const Level l = loadBodies(name);
            const ReachResult r = findReachable(l);
            int failed = 0;
            for (const LevelTile& t : r.surfaces()) {
                const Route route = *r.routeToSurface(t.x, t.y);
                LevelRun run(l);
                run.runScript(route.script, route.steps);
                const World& w = run.world();
                const Aabb box = w.aabb(run.player());
                const float ts = float(l.tileSize);
                const bool on = w.hasContact(run.player(), OnGround) &&
                                box.min().x < (float(t.x) + 1) * ts &&
                                box.max().x > float(t.x) * ts &&
                                std::abs(box.min().y - tileBottomCenter(l, t.x, t.y).y - ts) < 0.1f;
                if (!on) {
                    ++failed;
                    qWarning("%s: tile %d, %d: route of %llu steps ends at (%g, %g)", name, t.x,
                             t.y, (unsigned long long)route.steps, double(box.center.x),
                             double(box.min().y));
                }
            }
            QCOMPARE(failed, 0);
        }
    }

    void spawnRoutesAreTheSameOnEveryThreadCount() {
        // The tutorial's batches are long enough to be shared between threads.
        std::vector<Level> levels = {loadBodies("pushed_box_floor.yaml"),
                                     loadBodies("fixed_box_step.yaml")};
        const LoadResult tutorial =
            loadLevelFile(std::string(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"));
        QVERIFY(tutorial.ok());
        levels.push_back(*tutorial.level);
        for (const Level& l : levels) {
            ReachOptions one;
            one.threads = 1;
            const ReachResult a = findReachable(l, one);
            for (int threads : {2, 3}) {
                ReachOptions more;
                more.threads = threads;
                const ReachResult b = findReachable(l, more);
                QCOMPARE(a.statesExplored(), b.statesExplored());
                for (const Spawn& s : l.spawns) {
                    const std::vector<Route> ra = a.routesToSpawn(s.id);
                    const std::vector<Route> rb = b.routesToSpawn(s.id);
                    QCOMPARE(ra.size(), rb.size());
                    for (std::size_t i = 0; i < ra.size(); ++i) {
                        QCOMPARE(ra[i].steps, rb[i].steps);
                        QVERIFY(ra[i].script.ranges == rb[i].script.ranges);
                    }
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestReachBodies)
#include "test_reach_bodies.moc"
