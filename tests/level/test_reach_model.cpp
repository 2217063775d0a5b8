// The reachability search's model at physics settings other than the defaults
// (reachModel(), docs/reachability.md "How the search works"): slow walks, fine
// and coarse time steps, low gravity and fall speed, one-step take-off windows,
// one-tile openings from every spawn column, zero gravity. Each case found is
// replayed as `tilesmith simulate --inputs` runs it; each one the old fixed model
// (4-step moves, 4 px x 50 px/s grid, no refinement) missed is checked to be
// missed by it, so the test shows what the derived model changes.
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"

#include "reachreplay.h"
#include "rowlevel.h"

#include <QTest>

#include <string>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

/// The search before its resolution followed the settings.
ReachOptions fixedModel() {
    ReachOptions o;
    o.stepsPerMove = 4;
    o.positionGrid = 4;
    o.speedGrid = 50;
    o.refine = false;
    return o;
}

/// Whether the search reaches goal `id`, and when it does, that its route reaches
/// the goal at its last step when run.
bool reachesGoal(const Level& l, int id, const ReachOptions& o = {}) {
    const ReachResult r = findReachable(l, o);
    if (!r.finished())
        qFatal("search did not finish");
    if (!r.spawnReached(id))
        return false;
    const std::optional<Route> route = r.routeToSpawn(id);
    if (!route || ts::test::replayGoal(l, id, *route) != route->steps)
        qFatal("goal %d: the route does not reach it at its last step", id);
    return true;
}

Level settings(Level l, float walk, float dt, float gravity = 1500, float maxFall = 720) {
    l.physics.walkSpeed = walk;
    l.physics.dt = dt;
    l.physics.gravity = gravity;
    l.physics.maxFallSpeed = maxFall;
    return l;
}

Level tutorial() {
    const LoadResult lr =
        loadLevelFile(std::string(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"));
    if (!lr.ok())
        qFatal("cannot load the tutorial");
    return *lr.level;
}

} // namespace

class TestReachModel : public QObject {
    Q_OBJECT
private slots:
    void derivedModel() {
        const Level l = ts::test::validLevelFromRows({"P.", "##"});
        const ReachModel def = reachModel(l);
        QCOMPARE(def.stepsPerMove, 4); // 1/15 s at 60 Hz
        QCOMPARE(def.positionGrid, 4.0f);
        QCOMPARE(def.speedGrid, 50.0f);
        QVERIFY(def.fineGrid < 160.0f / 60.0f); // below one step's walk
        const ReachModel fine = reachModel(settings(l, 40, 1.0f / 240.0f));
        QCOMPARE(fine.stepsPerMove, 16);
        QVERIFY(fine.positionGrid < 0.5f * 40.0f * 16.0f / 240.0f + 1e-4f);
        QCOMPARE(reachModel(settings(l, 160, 1.0f / 30.0f)).stepsPerMove, 2);
        // Low gravity: the speed band stays below what one move adds.
        const ReachModel low = reachModel(settings(l, 160, 1.0f / 60.0f, 100));
        QVERIFY(low.speedGrid < 100.0f * 4.0f / 60.0f);
        // Options override; the exhaustive mode moves every step on a sub-pixel grid.
        ReachOptions o;
        o.stepsPerMove = 6;
        o.positionGrid = 3;
        QCOMPARE(reachModel(l, o).stepsPerMove, 6);
        QCOMPARE(reachModel(l, o).positionGrid, 3.0f);
        o.exhaustive = true;
        QCOMPARE(reachModel(l, o).stepsPerMove, 1);
        QVERIFY(reachModel(l, o).positionGrid < 1.0f);
        // The result reports the model it explored.
        QCOMPARE(findReachable(settings(l, 40, 1.0f / 240.0f)).model(),
                 reachModel(settings(l, 40, 1.0f / 240.0f)));
    }

    void flatFloorSlowWalk() {
        // The goal ten tiles away on a flat floor: walking there is the whole route.
        const Level base = ts::test::validLevelFromRows(
            {"..............", "..............", ".P.........2..", "##############"});
        for (float walk : {40.0f, 55.0f, 100.0f, 400.0f})
            QVERIFY2(reachesGoal(settings(base, walk, 1.0f / 60.0f), 2),
                     qPrintable(QString::number(walk)));
        QVERIFY(!reachesGoal(settings(base, 40, 1.0f / 60.0f), 2, fixedModel()));
    }

    void tutorialAtOtherSettings() {
        // The sample's goal at slow walks and fine steps, and (nearly) the surfaces
        // of its default settings: 102 standable tiles.
        const Level t = tutorial();
        const std::size_t atDefault = findReachable(t).surfaces().size();
        QCOMPARE(atDefault, std::size_t(102));
        for (const auto& [walk, dt] :
             {std::pair{50.0f, 1.0f / 60.0f}, std::pair{160.0f, 1.0f / 144.0f},
              std::pair{160.0f, 1.0f / 240.0f}}) {
            const Level l = settings(t, walk, dt);
            const ReachResult r = findReachable(l);
            QVERIFY(r.finished());
            for (const Spawn& s : l.spawns)
                if (s.kind == SpawnKind::Goal)
                    QVERIFY(reachesGoal(l, s.id));
            qInfo("tutorial at walk_speed %g, dt 1/%g: %zu surfaces, %zu states", double(walk),
                  double(1.0f / dt), r.surfaces().size(), r.statesExplored());
            QVERIFY(r.surfaces().size() >= 90);
        }
        const Level slow = settings(t, 160, 1.0f / 240.0f);
        QVERIFY(findReachable(slow, fixedModel()).surfaces().size() < 20);
    }

    void dropThroughAtLowGravityAndFallSpeed() {
        const Level room =
            ts::test::validLevelFromRows({"#..........#", "#.P........#", "#==========#",
                                          "#..........#", "#.......2..#", "############"});
        for (const auto& [gravity, maxFall] :
             {std::pair{260.0f, 720.0f}, std::pair{100.0f, 720.0f}, std::pair{30.0f, 720.0f},
              std::pair{1500.0f, 40.0f}, std::pair{1500.0f, 12.0f}})
            QVERIFY2(
                reachesGoal(settings(room, 160, 1.0f / 60.0f, gravity, maxFall), 2),
                qPrintable(QStringLiteral("gravity %1, max fall %2").arg(gravity).arg(maxFall)));
        QVERIFY(!reachesGoal(settings(room, 160, 1.0f / 60.0f, 260, 720), 2, fixedModel()));
        QVERIFY(!reachesGoal(settings(room, 160, 1.0f / 60.0f, 1500, 40), 2, fixedModel()));
    }

    void oneWayHoleFromEverySpawnColumn() {
        // A one-tile one-way hole in a solid floor: standing over it and holding
        // down is the only way down, a window of 4 px for the 12 px player.
        std::vector<std::string> rows = {"#..................#", "#..................#",
                                         "##########=#########", "#..................#",
                                         "#.........2........#", "####################"};
        int oldMissed = 0;
        for (int x = 1; x <= 18; ++x) {
            std::vector<std::string> r = rows;
            r[1][std::size_t(x)] = 'P';
            const Level l = ts::test::validLevelFromRows(r);
            QVERIFY2(reachesGoal(l, 2), qPrintable(QString::number(x)));
            oldMissed += !reachesGoal(l, 2, fixedModel());
        }
        // The physics pushes a player half over the solid floor into the hole
        // as it drops, so the window is wider than the box's 4 px of play, and
        // the fixed model finds this one too.
        qInfo("the fixed model misses the hole from %d of 18 spawn columns", oldMissed);
    }

    void ceilingNotchFromEverySpawnColumn() {
        // A low room whose ceiling has a one-tile notch up to the goal's chamber:
        // only a jump from under the notch, within 4 px, gets through.
        const std::vector<std::string> rows = {
            "####################", "#..................#", "#.........2........#",
            "##########.#########", "##########.#########", "#..................#",
            "#..................#", "#..................#", "####################"};
        int oldMissed = 0;
        for (int x = 1; x <= 18; ++x) {
            std::vector<std::string> r = rows;
            r[7][std::size_t(x)] = 'P';
            const Level l = ts::test::validLevelFromRows(r);
            QVERIFY2(reachesGoal(l, 2), qPrintable(QString::number(x)));
            oldMissed += !reachesGoal(l, 2, fixedModel());
        }
        qInfo("the fixed model misses the notch from %d of 18 spawn columns", oldMissed);
        QVERIFY(oldMissed > 0);
    }

    void oneStepTakeoffWindow() {
        // A 7-tile pit at walk_speed 170: only a take-off in the last step or two
        // before the edge clears it.
        const int gap = 7, w = 6 + gap + 6;
        std::vector<std::string> rows(14, std::string(std::size_t(w), '.'));
        for (int y = 5; y < 14; ++y)
            rows[std::size_t(y)] = std::string(std::size_t(w), '#');
        for (int y = 5; y < 13; ++y)
            rows[std::size_t(y)].replace(6, std::size_t(gap), std::string(std::size_t(gap), '.'));
        rows[4][std::size_t(w - 3)] = '2';
        int oldMissed = 0;
        for (int x = 1; x <= 4; ++x) {
            std::vector<std::string> r = rows;
            r[4][std::size_t(x)] = 'P';
            const Level l = settings(ts::test::validLevelFromRows(r), 170, 1.0f / 60.0f);
            QVERIFY2(reachesGoal(l, 2), qPrintable(QString::number(x)));
            oldMissed += !reachesGoal(l, 2, fixedModel());
        }
        QVERIFY(oldMissed > 0);
    }

    void zeroGravity() {
        // Nothing pulls the player down: a jump rises until a ceiling or the sky. The
        // search ends (a player above the map rising forever is not followed).
        std::vector<std::string> rows(12, std::string(20, '.'));
        rows[11] = std::string(20, '#');
        rows[7].replace(8, 4, "####");
        rows[10][1] = 'P';
        rows[10][17] = '2';
        rows[6][8] = '3'; // on the block's edge: a jump beside it floats up past it
        Level l = ts::test::validLevelFromRows(rows);
        l.physics.gravity = 0;
        const ReachResult r = findReachable(l);
        QVERIFY(r.finished());
        QVERIFY2(r.statesExplored() < 100000, qPrintable(QString::number(r.statesExplored())));
        QVERIFY(reachesGoal(l, 2));
        QVERIFY(reachesGoal(l, 3));
    }
};

QTEST_GUILESS_MAIN(TestReachModel)
#include "test_reach_model.moc"
