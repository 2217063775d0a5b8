// Goals (`kind: goal`): loading with the tile-sized default, errors for body
// fields, canonical saving, no physics body, and the watch that reports the
// step at which the player reaches one (and continues from reached goals).
#include "tilesmith/level/goals.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"

#include <QTest>

using namespace ts;
using namespace ts::level;

namespace {

std::string levelText(const std::string& goalLine, int tileSize = 16) {
    return "tilesmith: 1\nname: G\ntile_size: " + std::to_string(tileSize) +
           "\nwidth: 8\nheight: 4\ntiles: |\n  ........\n  ........\n  ........\n  ########\n"
           "spawns:\n  - {id: 1, kind: player, x: 1, y: 2}\n" +
           goalLine + "\n";
}

Level flatLevel(int goalX) {
    Level l = Level::make(12, 5, 16);
    for (int x = 0; x < 12; ++x)
        l.setTile(x, 4, Tile::Solid);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 3));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, 2, goalX, 3));
    return l;
}

} // namespace

class TestGoals : public QObject {
    Q_OBJECT

private slots:
    void kindName() {
        SpawnKind k = SpawnKind::Box;
        QVERIFY(spawnKindFromName("goal", k));
        QCOMPARE(k, SpawnKind::Goal);
        QCOMPARE(std::string(spawnKindName(SpawnKind::Goal)), std::string("goal"));
        QVERIFY(!isBodyKind(SpawnKind::Goal));
        QVERIFY(isBodyKind(SpawnKind::Ball));
    }

    void defaultSizeIsOneTile() {
        for (int ts : {16, 32, 8}) {
            const LoadResult r =
                loadLevelFromString(levelText("  - {id: 9, kind: goal, x: 5, y: 2}", ts));
            QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors[0].toString().c_str());
            const Spawn* g = r.level->findSpawn(9);
            QVERIFY(g);
            QCOMPARE(g->kind, SpawnKind::Goal);
            QCOMPARE(g->width, float(ts));
            QCOMPARE(g->height, float(ts));
            QCOMPARE(r.level->defaultSpawn(SpawnKind::Goal, 9, 5, 2), *g);
        }
    }

    void explicitSizeAndCanonicalSave() {
        const std::string line =
            "  - {id: 9, kind: goal, x: 5, y: 2, width: 40, height: 24, properties: {exit: true}}";
        const std::string text = levelText(line);
        const LoadResult r = loadLevelFromString(text);
        QVERIFY(r.ok());
        const Spawn* g = r.level->findSpawn(9);
        QCOMPARE(g->width, 40.0f);
        QCOMPARE(g->height, 24.0f);
        const std::string saved = saveLevelToString(*r.level);
        QVERIFY(saved.find("  - {id: 9, kind: goal, x: 5, y: 2, width: 40, height: 24, properties: "
                           "{exit: true}}\n") != std::string::npos);
        const LoadResult again = loadLevelFromString(saved);
        QVERIFY(again.ok());
        QCOMPARE(*again.level, *r.level);
        QCOMPARE(saveLevelToString(*again.level), saved);
        QVERIFY(validateLevel(*r.level).empty());
    }

    void bodyFieldsAreErrors_data() {
        QTest::addColumn<QString>("field");
        QTest::newRow("mass") << "mass: 1";
        QTest::newRow("restitution") << "restitution: 0";
        QTest::newRow("vx") << "vx: 3";
        QTest::newRow("vy") << "vy: -3";
        QTest::newRow("radius") << "radius: 3";
    }
    void bodyFieldsAreErrors() {
        QFETCH(QString, field);
        const std::string line = "  - {id: 9, kind: goal, x: 5, y: 2, " + field.toStdString() + "}";
        const int column = int(line.find(": ", line.find("y: 2, ") + 6)) + 3; // the value
        const LoadResult r = loadLevelFromString(levelText(line), "l.yaml");
        QVERIFY(!r.ok());
        QCOMPARE(int(r.errors.size()), 1);
        QCOMPARE(r.errors[0].line, 13);
        QCOMPARE(r.errors[0].column, column);
        QVERIFY2(r.errors[0].message.find("goal") != std::string::npos,
                 r.errors[0].message.c_str());
    }

    void sizeLimits() {
        QVERIFY(
            !loadLevelFromString(levelText("  - {id: 9, kind: goal, x: 5, y: 2, width: 0}")).ok());
        QVERIFY(!loadLevelFromString(levelText("  - {id: 9, kind: goal, x: 5, y: 2, height: 1025}"))
                     .ok());
        QVERIFY(!loadLevelFromString(levelText("  - {id: 9, kind: goal, x: 5, y: 3}"))
                     .ok()); // in the floor
        Level l = flatLevel(5);
        l.findSpawn(2)->width = std::numeric_limits<float>::quiet_NaN();
        QVERIFY(!validateLevel(l).empty());
    }

    void notAPhysicsBody() {
        const Level l = flatLevel(5);
        const LevelWorld lw = buildWorld(l);
        QCOMPARE(lw.world.bodyCount(), std::size_t(1));
        QCOMPARE(lw.spawnBodies.size(), std::size_t(2));
        QVERIFY(lw.spawnBodies[1].isNull());
        QCOMPARE(lw.player, lw.spawnBodies[0]);
    }

    void area() {
        Level l = flatLevel(5);
        const Aabb a = goalArea(l, *l.findSpawn(2));
        // Tile (5, 3) in level rows is physics row 1: x 80..96, y 16..32.
        QCOMPARE(a.min().x, 80.0f);
        QCOMPARE(a.max().x, 96.0f);
        QCOMPARE(a.min().y, 16.0f);
        QCOMPARE(a.max().y, 32.0f);
        l.findSpawn(2)->width = 48;
        l.findSpawn(2)->height = 8;
        const Aabb b = goalArea(l, *l.findSpawn(2));
        QCOMPARE(b.min().x, 64.0f);
        QCOMPARE(b.max().x, 112.0f);
        QCOMPARE(b.max().y, 24.0f);
        QVERIFY(boxesOverlap(a, b));
        QVERIFY(!boxesOverlap(a, Aabb{{104.0f, 24.0f}, {8.0f, 8.0f}})); // touching edges
    }

    void watchReportsTheFirstOverlapOnce() {
        const Level l = flatLevel(6);
        LevelWorld lw = buildWorld(l);
        GoalWatch watch(l);
        QCOMPARE(watch.goalCount(), std::size_t(1));
        const Aabb goal = goalArea(l, *l.findSpawn(2));
        std::vector<GoalEvent> all;
        std::uint64_t firstOverlap = 0;
        InputScript right;
        right.ranges.push_back(
            {1, 200, Input{.left = false, .right = true, .jump = false, .down = false}});
        simulateLevel(lw, right, 120, [&](std::uint64_t step) {
            if (!firstOverlap && boxesOverlap(lw.world.aabb(lw.player), goal))
                firstOverlap = step;
            for (const GoalEvent& e : watch.check(lw.world, lw.player, step))
                all.push_back(e);
        });
        QVERIFY(firstOverlap > 0);
        QCOMPARE(int(all.size()), 1);
        QCOMPARE(all[0].goalId, 2);
        QCOMPARE(all[0].step, firstOverlap);
        QCOMPARE(all[0].seconds, double(firstOverlap) * double(l.physics.dt));
        QVERIFY(watch.allReached());
        QCOMPARE(watch.events(), all);
        const std::string text = goalEventText(all[0]);
        QCOMPARE(text, "goal 2 reached at step " + std::to_string(firstOverlap) + " (" +
                           QString::number(all[0].seconds, 'f', 2).toStdString() + " s)");
    }

    /// setEvents(): continuing from a state where goals were reached (a replay shown at a
    /// step, Play from Here) does not report them again; forgetting them does.
    void setEventsContinuesFromAState() {
        const Level l = flatLevel(6);
        LevelWorld lw = buildWorld(l);
        InputScript right;
        right.ranges.push_back(
            {1, 200, Input{.left = false, .right = true, .jump = false, .down = false}});
        GoalWatch first(l);
        simulateLevel(lw, right, 120,
                      [&](std::uint64_t step) { first.check(lw.world, lw.player, step); });
        QCOMPARE(first.events().size(), std::size_t(1));
        const GoalEvent reached = first.events().front();
        // The state at the step the goal was reached: the player overlaps it.
        lw = buildWorld(l);
        simulateLevel(lw, right, reached.step, [](std::uint64_t) {});
        QVERIFY(boxesOverlap(lw.world.aabb(lw.player), goalArea(l, *l.findSpawn(2))));

        GoalWatch resumed(l);
        resumed.setEvents({reached, GoalEvent{99, 5, 0.1}}); // 99 is no goal: ignored
        QCOMPARE(resumed.events(), std::vector<GoalEvent>{reached});
        QVERIFY(resumed.allReached());
        QVERIFY(resumed.check(lw.world, lw.player, reached.step + 1).empty());

        resumed.setEvents({}); // back before the goal: reached again at the next check
        QVERIFY(resumed.events().empty());
        const std::vector<GoalEvent> again = resumed.check(lw.world, lw.player, reached.step);
        QCOMPARE(again, std::vector<GoalEvent>{reached});
    }

    void samplesCarryGoals() {
        for (const char* name : {"tutorial.yaml", "crowd.yaml", "playground.yaml"}) {
            const LoadResult r =
                loadLevelFile(std::string(TILESMITH_SOURCE_DIR "/resources/levels/") + name);
            QVERIFY(r.ok());
            int goals = 0;
            for (const Spawn& s : r.level->spawns)
                goals += s.kind == SpawnKind::Goal;
            QVERIFY2(goals >= 1, name);
        }
    }
};

QTEST_GUILESS_MAIN(TestGoals)
#include "test_goals.moc"
