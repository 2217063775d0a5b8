// Why a goal is not reachable (tilesmith/level/reachreasons.h) on small drawn levels: each
// stop (enclosed, ceiling, wall, jump too low, gap, floor, missed by the search), the
// nearest point and its distance, the measured jump, the lint finding carrying the reason,
// and the explainer's bounds (unknown ids, the step budget).
#include "tilesmith/level/goals.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"

#include "bandlevel.h"
#include "reachreasonsimpl.h"
#include "rowlevel.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

using namespace ts;
using namespace ts::level;
using ts::test::levelFromRows;

namespace {

ReachReason why(const Level& l, int id, const ReachOptions& options = {}) {
    return explainUnreached(l, findReachable(l, options), id);
}

/// The default player's height (its box), from the level's own player spawn.
float playerHeight(const Level& l) {
    return 2.0f * bodyDef(l, *l.player()).halfSize.y;
}

/// What the reason says, for a failing check's message.
QByteArray said(const ReachReason& r) {
    return QByteArray::fromStdString(std::string(reachStopName(r.stop)) + " | " + r.nearestText +
                                     " | " + r.stopText);
}

/// A floor with the player on it and, seven tiles up, the goals of `goalRow`: out of
/// reach of any jump.
Level goalsAboveTheJump(const char* goalRow) {
    return levelFromRows({
        "..........",
        goalRow,
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "P.........",
        "##########",
    });
}

} // namespace

class TestReachReasons : public QObject {
    Q_OBJECT
private slots:
    void freeJumpIsMeasuredWithTheController() {
        // docs/format/level-format.md: the default jump lifts the feet 4370/60 px and a jump
        // with a direction held lands 101.33 px ahead. The reason measures, never assumes.
        const Level l = levelFromRows({
            "..........",
            "..........",
            "..2.......",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "P.........",
            "##########",
        });
        const ReachReason r = why(l, 2);
        QVERIFY2(r.explained(), said(r));
        QVERIFY(std::fabs(r.jumpRise - 4370.0f / 60.0f) < 0.01f);
        QVERIFY(std::fabs(r.jumpDistance - 101.33f) < 0.01f);
        // A stronger jump rises higher: the number follows the level's physics.
        Level strong = l;
        strong.physics.jumpSpeed = 640;
        const ReachReason s = why(strong, 2);
        QVERIFY2(s.jumpRise > r.jumpRise + 50, said(s));
    }

    void goalAboveTheHighestJump() {
        // Goal 2 floats 7 tiles above the floor: a jump's top gets short of it.
        const Level l = levelFromRows({
            "..........",
            "..2.......",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "P.........",
            "##########",
        });
        const ReachReason r = why(l, 2);
        QCOMPARE(r.stop, ReachStop::JumpTooLow);
        // The goal's bottom is 7 tiles (112 px) above the feet; the box's top gets to the
        // rise plus its height.
        const float expected = 112.0f - (r.jumpRise + playerHeight(l));
        QVERIFY2(std::fabs(r.shortBy - expected) < 0.01f, said(r));
        QVERIFY2(std::fabs(r.distance - expected) < 0.01f, said(r));
        QCOMPARE(r.nearest.x, 2);
        QCOMPARE(r.move, ReachMove::Jump);
        QVERIFY2(r.stopText.find("too high to jump to") == 0, said(r));
        QVERIFY2(r.stopText.find("below Goal #2") != std::string::npos, said(r));
        QVERIFY2(r.nearestText.find("from Goal #2") != std::string::npos, said(r));
    }

    void goalInAClosedRoomIsEnclosed() {
        const Level l = levelFromRows({
            "############",
            "#..........#",
            "#......###.#",
            "#......#2#.#",
            "#P.....###.#",
            "############",
        });
        const ReachReason r = why(l, 2);
        QCOMPARE(r.stop, ReachStop::Enclosed);
        QVERIFY2(r.stopText.find("no opening the player's box (12 x 20 px)") != std::string::npos,
                 said(r));
        QVERIFY(r.distance > 0);
    }

    void ceilingCutsTheJumpShort() {
        // Goal 2 stands on the corridor's ceiling (row 4). The corridor's only way up is the
        // shaft at x 11, taller than a jump: not enclosed, but the ceiling is what stops.
        const Level l = levelFromRows({
            "..........#.#...",
            "..........#.#...",
            "..........#.#...",
            ".....2....#.#...",
            "###########.####",
            "#...............",
            "#P..............",
            "################",
        });
        const ReachReason r = why(l, 2);
        QCOMPARE(r.stop, ReachStop::Ceiling);
        QCOMPARE(r.tile, (LevelTile{5, 4}));
        // The ceiling's thickness, and the head stops a hair below it.
        QVERIFY2(r.shortBy >= 16.0f && r.shortBy <= 17.01f, said(r));
        QCOMPARE(r.distance, r.shortBy);
        QCOMPARE(r.nearest, (LevelTile{5, 5}));
        QVERIFY2(r.stopText.find("stopped by the ceiling at x 5, y 4") == 0, said(r));
    }

    void wallTooHighToJump() {
        // A wall 6 tiles high (x 6, top at y 1) between the player and goal 2, open above.
        const Level l = levelFromRows({
            "..........",
            "......#...",
            "......#...",
            "......#...",
            "......#...",
            "......#...",
            ".P....#.2.",
            "##########",
        });
        const ReachReason r = why(l, 2);
        QCOMPARE(r.stop, ReachStop::Wall);
        QCOMPARE(r.tile, (LevelTile{6, 1}));
        // The wall's top is 6 tiles above the feet; the feet rise jumpRise.
        QVERIFY2(std::fabs(r.shortBy - (96.0f - r.jumpRise)) < 0.01f, said(r));
        // Nearest: against the wall, low enough to be level with the goal; the empty
        // column between them.
        QVERIFY2(std::fabs(r.distance - 32.0f) < 0.01f, said(r));
        QCOMPARE(r.nearest.x, 5);
        QVERIFY2(r.stopText.find("stopped by the wall at x 6, y 1") == 0, said(r));
    }

    void gapWiderThanAJump() {
        // A pit 9 tiles wide (x 5-13) and 12 deep between the player and goal 2.
        Level l = levelFromRows({
            "....................",
            "....................",
            "....................",
            ".P.............2....",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "#####.........######",
            "####################",
        });
        const ReachReason r = why(l, 2);
        QCOMPARE(r.stop, ReachStop::Gap);
        QCOMPARE(r.tile, (LevelTile{5, 4}));
        QCOMPARE(r.gapEnd, 13);
        QCOMPARE(r.shortBy, 144.0f);
        QCOMPARE(r.from.y, 4);
        QVERIFY2(r.jumpDistance > 0 && r.jumpDistance < r.shortBy, said(r));
        QVERIFY2(r.stopText.find("stopped by the gap at x 5-13, y 4: 144 px wide") == 0, said(r));
    }

    void floorAboveTheGoal() {
        // Goal 2 is in the basement under the floor; the way down is over the wall at x 13,
        // too high to jump.
        const Level l = levelFromRows({
            ".............#.",
            ".............#.",
            ".............#.",
            ".............#.",
            ".P...........#.",
            "##############.",
            "...............",
            "....2..........",
            "###############",
        });
        const ReachReason r = why(l, 2);
        QCOMPARE(r.stop, ReachStop::Floor);
        QCOMPARE(r.tile, (LevelTile{4, 5}));
        QCOMPARE(r.move, ReachMove::Standing);
        QVERIFY2(std::fabs(r.distance - 32.0f) < 0.01f, said(r)); // the floor and row 6
        QVERIFY2(r.stopText == "stopped by the floor at x 4, y 5, above Goal #2", said(r));
    }

    void moveTheSearchDidNotTryIsSaid() {
        // The search stopped after a few states: a jump from where it got does reach goal 2.
        const Level l = levelFromRows({
            "..........",
            "..........",
            "P...2.....",
            "##########",
        });
        ReachOptions few;
        few.maxStates = 1;
        const ReachResult reach = findReachable(l, few);
        QVERIFY(!reach.spawnReached(2));
        const ReachReason r = explainUnreached(l, reach, 2);
        QCOMPARE(r.stop, ReachStop::MissedBySearch);
        QCOMPARE(r.distance, 0.0f);
    }

    void unreachedBoxIsExplainedToo() {
        Level l = levelFromRows({
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "P.........",
            "##########",
        });
        Spawn box = l.defaultSpawn(SpawnKind::Box, 3, 5, 1);
        box.mass = 0; // stays up there
        l.spawns.push_back(box);
        const LintReport rep = lintLevel(l, findReachable(l));
        QCOMPARE(rep.findings.size(), std::size_t(1));
        const LintFinding& f = rep.findings[0];
        QCOMPARE(f.rule, LintRule::SpawnUnreachable);
        QCOMPARE(f.reason.stop, ReachStop::JumpTooLow);
        QVERIFY2(f.reason.stopText.find("below Box #3") != std::string::npos, said(f.reason));
    }

    void lintFindingCarriesTheReason() {
        const Level l = levelFromRows({
            "..........",
            "......#...",
            "......#...",
            "......#...",
            "......#...",
            "......#...",
            ".P....#.2.",
            "##########",
        });
        const LintReport rep = lintLevel(l, findReachable(l));
        QCOMPARE(rep.findings.size(), std::size_t(1));
        QCOMPARE(rep.findings[0].rule, LintRule::GoalUnreachable);
        QCOMPARE(rep.findings[0].message, std::string("goal 2 is not reachable from the player"));
        QCOMPARE(rep.findings[0].reason.stop, ReachStop::Wall);
        QVERIFY(!rep.findings[0].reason.nearestText.empty());
    }

    void nothingToExplain() {
        const Level l = levelFromRows({
            "..........",
            "P...2.....",
            "##########",
        });
        const ReachResult reach = findReachable(l);
        ReachExplainer e(l, reach);
        QVERIFY(!e.explain(99).explained()); // no such spawn
        QVERIFY(!e.explain(1).explained());  // the player
        Level none = l;
        none.spawns.erase(none.spawns.begin());
        QVERIFY(!explainUnreached(none, findReachable(none), 2).explained()); // no player
    }

    void surfaceGridFindsTheNearestAsMeasuringAll() {
        // The grid's rings give the n nearest surfaces that measuring every one gives, for
        // targets all over a generated level (and off it).
        const Level l = ts::test::bandLevel(64);
        const ReachResult reach = findReachable(l);
        const std::vector<LevelTile> surfaces = reach.surfaces();
        QVERIFY(surfaces.size() > 100);
        const reasons::SurfaceGrid grid(l, surfaces);
        for (int ty = -3; ty < l.height + 3; ty += 7) {
            for (int tx = -3; tx < l.width + 3; tx += 5) {
                const auto distance = [&](std::size_t i) {
                    const float dx = float(surfaces[i].x - tx), dy = float(surfaces[i].y - ty);
                    return 16.0f * std::sqrt(dx * dx + dy * dy);
                };
                std::vector<std::pair<float, std::size_t>> all;
                for (std::size_t i = 0; i < surfaces.size(); ++i)
                    all.emplace_back(distance(i), i);
                std::sort(all.begin(), all.end());
                all.resize(6);
                QCOMPARE(grid.nearest(LevelTile{tx, ty}, 6, 16.0f, distance), all);
            }
        }
    }

    void lintStopsWhenCancelled() {
        const Level l = goalsAboveTheJump("..2.3.4...");
        const ReachResult reach = findReachable(l);
        const LintReport whole = lintLevel(l, reach);
        QVERIFY(!whole.cancelled);
        QCOMPARE(whole.goals.size(), std::size_t(3));
        for (const LintFinding& f : whole.findings)
            QVERIFY(f.reason.explained());
        // Cancelled after the goals are listed, while their reasons are worked out.
        int asked = 0;
        const int goalsAndPlayer = 4;
        const LintReport part = lintLevel(l, reach, [&] { return ++asked > goalsAndPlayer + 1; });
        QVERIFY(part.cancelled);
        QCOMPARE(part.goals.size(), std::size_t(3));
        QCOMPARE(part.findings.size(), whole.findings.size());
        QVERIFY(part.findings[0].reason.explained());
        QVERIFY(!part.findings[1].reason.explained());
        QVERIFY(!part.findings[2].reason.explained());
        // Cancelled at once: nothing.
        const LintReport none = lintLevel(l, reach, [] { return true; });
        QVERIFY(none.cancelled);
        QVERIFY(none.goals.empty());
        QVERIFY(none.findings.empty());
    }

    void stepBudgetBoundsTheWork() {
        const Level l = goalsAboveTheJump("..2.3.....");
        const ReachResult reach = findReachable(l);
        ReasonOptions options;
        ReachExplainer free(l, reach, options);
        QVERIFY(free.explain(2).explained());
        const std::uint64_t one = free.stepsUsed();
        QVERIFY(one > 0);
        options.stepBudget = one; // enough for the first goal only
        ReachExplainer bounded(l, reach, options);
        QVERIFY(bounded.explain(2).explained());
        QVERIFY(!bounded.explain(3).explained());
        QCOMPARE(bounded.stepsUsed(), one);
    }
};

QTEST_APPLESS_MAIN(TestReachReasons)
#include "test_reachreasons.moc"
