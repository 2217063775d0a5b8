// The lint rules (tilesmith/level/lint.h) on small drawn levels: each rule, what a
// finding names (spawn, tiles, severity), the goals list, and routeReachesSpawn().
#include "tilesmith/level/level.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/reach.h"

#include "rowlevel.h"

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace ts::level;
using ts::test::levelFromRows;

namespace {

LintReport lint(const Level& l, const ReachOptions& options = {}) {
    return lintLevel(l, findReachable(l, options));
}

std::vector<const LintFinding*> withRule(const LintReport& r, LintRule rule) {
    std::vector<const LintFinding*> out;
    for (const LintFinding& f : r.findings)
        if (f.rule == rule)
            out.push_back(&f);
    return out;
}

} // namespace

class TestLint : public QObject {
    Q_OBJECT
private slots:
    void cleanLevelHasNoFindings() {
        const Level l = levelFromRows({
            "##########",
            "#........#",
            "#P......2#",
            "##########",
        });
        const LintReport r = lint(l);
        QVERIFY2(r.findings.empty(), r.findings.empty() ? "" : r.findings[0].message.c_str());
        QCOMPARE(r.goals.size(), std::size_t(1));
        QCOMPARE(r.goals[0].id, 2);
        QVERIFY(r.goals[0].reachable);
        QVERIFY(r.goals[0].routeReplays);
        QVERIFY(r.goals[0].steps > 0);
        QCOMPARE(r.goalsReached, 1);
        QVERIFY(r.complete);
        QVERIFY(r.surfaces >= 7);
        QCOMPARE(r.errorCount(), 0);
        QCOMPARE(r.warningCount(), 0);
    }

    void unreachableGoalIsAnError() {
        // Goal 2 sits behind a wall the player cannot jump.
        const Level l = levelFromRows({
            "##########",
            "#.....#..#",
            "#.....#..#",
            "#.....#..#",
            "#.....#..#",
            "#.....#..#",
            "#P....#.2#",
            "##########",
        });
        const LintReport r = lint(l);
        const auto goals = withRule(r, LintRule::GoalUnreachable);
        QCOMPARE(goals.size(), std::size_t(1));
        QCOMPARE(goals[0]->severity, LintSeverity::Error);
        QCOMPARE(goals[0]->spawnId, 2);
        QCOMPARE(l.spawns[std::size_t(goals[0]->spawnIndex)].id, 2);
        QCOMPARE(goals[0]->message, std::string("goal 2 is not reachable from the player"));
        QCOMPARE(r.errorCount(), 1);
        QCOMPARE(r.goalsReached, 0);
        QVERIFY(!r.goals[0].reachable);
    }

    void unreachedSpawnAndPlatformAreWarnings() {
        // A one-way run high above the floor (x 3-5, row 1) and a box beside it.
        Level l = levelFromRows({
            "##########",
            "#..===...#",
            "#........#",
            "#........#",
            "#........#",
            "#........#",
            "#........#",
            "#........#",
            "#........#",
            "#P.......#",
            "##########",
        });
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 3, 7, 1));
        const LintReport r = lint(l);
        const auto platforms = withRule(r, LintRule::OneWayNeverStood);
        QCOMPARE(platforms.size(), std::size_t(1));
        QCOMPARE(platforms[0]->x0, 3);
        QCOMPARE(platforms[0]->x1, 5);
        QCOMPARE(platforms[0]->y, 1);
        QCOMPARE(platforms[0]->spawnIndex, -1);
        QCOMPARE(platforms[0]->message,
                 std::string("one-way platform at x 3-5, y 1 is never reachable (the player "
                             "never stands on it)"));
        const auto spawns = withRule(r, LintRule::SpawnUnreachable);
        QCOMPARE(spawns.size(), std::size_t(1));
        QCOMPARE(spawns[0]->spawnId, 3);
        QCOMPARE(spawns[0]->message, std::string("box 3 is not reachable from the player"));
        QCOMPARE(r.errorCount(), 0);
        QCOMPARE(r.warningCount(), 2);
        // Spawns first, then platforms.
        QCOMPARE(r.findings[0].rule, LintRule::SpawnUnreachable);
        QCOMPARE(r.findings[1].rule, LintRule::OneWayNeverStood);
    }

    void bodyInWallNamesTheTile() {
        Level l = levelFromRows({
            "##########",
            "#........#",
            "#P...#...#",
            "##########",
        });
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 4, 5, 2));
        const LintReport r = lint(l);
        const auto walls = withRule(r, LintRule::BodyInWall);
        QCOMPARE(walls.size(), std::size_t(1));
        QCOMPARE(walls[0]->spawnId, 4);
        QCOMPARE(walls[0]->x0, 5);
        QCOMPARE(walls[0]->x1, 5);
        QCOMPARE(walls[0]->y, 2);
        QCOMPARE(walls[0]->severity, LintSeverity::Warning);
    }

    void groundlessPlayer() {
        Level l = levelFromRows({
            "..........",
            "..........",
            "....P.....",
            "..........",
        });
        const LintReport r = lint(l);
        const auto ground = withRule(r, LintRule::PlayerNoGround);
        QCOMPARE(ground.size(), std::size_t(1));
        QCOMPARE(ground[0]->spawnId, 1);
        QCOMPARE(ground[0]->spawnIndex, 0);
    }

    void levelWithoutAPlayerIsOneWarning() {
        // No player: one warning first, the goal listed as not reachable but no error, no
        // spawn or platform reported as unreachable; a body inside a wall still is.
        Level l = levelFromRows({
            "##########",
            "#........#",
            "#.===...2#",
            "##########",
        });
        l.spawns.erase(l.spawns.begin()); // levelFromRows() places a player
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Npc, 5, 6, 2));
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 6, 0, 1));
        QVERIFY(!l.player());
        const LintReport r = lint(l);
        QCOMPARE(r.findings.size(), std::size_t(2));
        QCOMPARE(r.findings[0].rule, LintRule::NoPlayer);
        QCOMPARE(r.findings[0].severity, LintSeverity::Warning);
        QCOMPARE(r.findings[0].spawnIndex, -1);
        QCOMPARE(r.findings[0].message,
                 std::string("the level has no player: place one to play it"));
        QCOMPARE(r.findings[1].rule, LintRule::BodyInWall);
        QCOMPARE(r.findings[1].spawnId, 6);
        QCOMPARE(r.errorCount(), 0);
        QCOMPARE(r.goals.size(), std::size_t(1));
        QVERIFY(!r.goals[0].reachable);
        QCOMPARE(r.goalsReached, 0);
    }

    void incompleteSearchIsReported() {
        const Level l = levelFromRows({
            "##########",
            "#........#",
            "#P......2#",
            "##########",
        });
        ReachOptions few;
        few.maxStates = 3;
        const LintReport r = lint(l, few);
        QVERIFY(!r.complete);
        const auto stopped = withRule(r, LintRule::SearchIncomplete);
        QCOMPARE(stopped.size(), std::size_t(1));
        QVERIFY(stopped[0]->message.find("states; more may be reachable") != std::string::npos);
        QCOMPARE(r.findings.back().rule, LintRule::SearchIncomplete);
    }

    void blockedRouteIsAWarning() {
        // The goal lies at the bottom of a pit one tile wide and three deep; two boxes
        // fill the pit above it, so the route the search finds (bodies ignored)
        // does not reach it once bodies move.
        Level l = levelFromRows({
            "##########",
            "#........#",
            "#........#",
            "#P.......#",
            "#####.####",
            "#####.####",
            "#####2####",
            "##########",
        });
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 3, 5, 4));
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 4, 5, 5));
        const LintReport r = lint(l);
        QCOMPARE(r.goals.size(), std::size_t(1));
        QVERIFY2(r.goals[0].reachable, "the search (bodies ignored) reaches the pit's bottom");
        const auto blocked = withRule(r, LintRule::GoalRouteBlocked);
        QCOMPARE(blocked.size(), std::size_t(1));
        QCOMPARE(blocked[0]->spawnId, 2);
        QVERIFY(!r.goals[0].routeReplays);
        QCOMPARE(r.goalsReached, 0);
        // Without the box the same route reaches the goal.
        Level open = l;
        open.spawns.resize(open.spawns.size() - 2);
        const ReachResult reach = findReachable(open);
        QVERIFY(routeReachesSpawn(open, 2, *reach.routeToSpawn(2)));
    }

    void routeReachesSpawnEdges() {
        const Level l = levelFromRows({
            "######",
            "#P..2#",
            "######",
        });
        const Route none;
        QVERIFY(routeReachesSpawn(l, 1, none));   // the player spawn itself
        QVERIFY(!routeReachesSpawn(l, 99, none)); // no such spawn
        QVERIFY(!routeReachesSpawn(l, 2, none));  // standing still does not get there
    }

    void deterministic() {
        const Level l = levelFromRows({
            "##########",
            "#..===...#",
            "#........#",
            "#P......2#",
            "##########",
        });
        const LintReport a = lint(l), b = lint(l);
        QCOMPARE(a.findings.size(), b.findings.size());
        for (std::size_t i = 0; i < a.findings.size(); ++i)
            QCOMPARE(a.findings[i].message, b.findings[i].message);
        QCOMPARE(a.statesExplored, b.statesExplored);
    }
};

QTEST_GUILESS_MAIN(TestLint)
#include "test_levellint.moc"
