// regiontransform.h: where Flip and Rotate put the selection in place, exactly:
// - a turn is about the region's centre, its top-left rounded toward the old one
//   when the sides differ by an odd number, so a turn and its inverse, two turns
//   and four turns put the region back; flips keep it;
// - the plan lifts the selected tiles and carries the selected spawns (Copy's
//   region, a selected spawn outside the tiles included), and puts them down as
//   a paste: the cells the turned region leaves are emptied, its empty cells
//   leave the level's tiles, spawns it would bury and carried spawns landing on
//   solid move to the nearest free tile, up first;
// - a turn off the map does not fit (and plans no edit);
// - steps in a row are planned from the level before the first, the region held
//   up between them: runs that compose to nothing give the level back exactly.
#include "document/regiontransform.h"

#include <QTest>

#include <cmath>
#include <string>
#include <vector>

using namespace ts::editor;
using ts::Tile;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
using ts::leveledit::Transform;

namespace {

/// '#' solid, '=' one-way, anything else empty; row 0 at the top.
Level levelFromRows(const std::vector<std::string>& rows) {
    Level l = Level::make(int(rows[0].size()), int(rows.size()));
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x) {
            const char c = rows[std::size_t(y)][std::size_t(x)];
            l.setTile(x, y, c == '#' ? Tile::Solid : c == '=' ? Tile::OneWay : Tile::Empty);
        }
    return l;
}

std::vector<std::string> rowsOf(const Level& l) {
    std::vector<std::string> out;
    for (int y = 0; y < l.height; ++y) {
        std::string row;
        for (int x = 0; x < l.width; ++x) {
            const Tile t = l.tile(x, y);
            row += t == Tile::Solid ? '#' : t == Tile::OneWay ? '=' : '.';
        }
        out.push_back(row);
    }
    return out;
}

QPoint at(const Level& l, int id) {
    const Spawn* s = l.findSpawn(id);
    return s ? QPoint(s->x, s->y) : QPoint(-1, -1);
}

/// A 4 x 2 piece at (2, 3) with an NPC (2) at (5, 3) on it; turned clockwise
/// (the 2 x 4 at (3, 2)) it covers the player (1) at (3, 2), a one-way tile at
/// (3, 5) and a wall tile at (4, 5).
Level coverLevel() {
    Level l = levelFromRows({
        "..........",
        "..........",
        "..........",
        "..#.......",
        "..#..#....",
        "...=#.....",
        "..........",
        "##########",
    });
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 2));
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 2, 5, 3));
    return l;
}

const Transform kTurns[] = {Transform::RotateClockwise, Transform::RotateCounterclockwise};

} // namespace

class TestRegionTransform : public QObject {
    Q_OBJECT
private slots:
    void turnsAboutTheCentre() {
        // 7 x 3 at (5, 9): its centre (8.5, 10.5) is the 3 x 7's at (7, 7).
        for (const Transform t : kTurns)
            QCOMPARE(transformedRegion(QRect(5, 9, 7, 3), t), QRect(7, 7, 3, 7));
        // 4 x 1: the exact place (10.5, 8.5) is rounded toward (10, 10), both ways.
        QCOMPARE(transformedRegion(QRect(10, 10, 4, 1), Transform::RotateClockwise),
                 QRect(11, 9, 1, 4));
        QCOMPARE(transformedRegion(QRect(11, 9, 1, 4), Transform::RotateClockwise),
                 QRect(10, 10, 4, 1));
        QCOMPARE(transformedRegion(QRect(0, 0, 1, 4), Transform::RotateCounterclockwise),
                 QRect(-1, 1, 4, 1));
        // Squares and flips stay where they are.
        QCOMPARE(transformedRegion(QRect(3, 4, 5, 5), Transform::RotateClockwise),
                 QRect(3, 4, 5, 5));
        QCOMPARE(transformedRegion(QRect(5, 9, 7, 3), Transform::FlipHorizontally),
                 QRect(5, 9, 7, 3));
        QCOMPARE(transformedRegion(QRect(5, 9, 7, 3), Transform::FlipVertically),
                 QRect(5, 9, 7, 3));
        // Any size: the centre moves by half a tile at most, each way, and turning
        // back, twice or four times puts the region where it was.
        for (int w = 1; w <= 6; ++w)
            for (int h = 1; h <= 6; ++h) {
                const QRect r(20, 30, w, h);
                for (const Transform t : kTurns) {
                    const QRect once = transformedRegion(r, t);
                    QCOMPARE(once.size(), QSize(h, w));
                    const QPointF moved = QRectF(once).center() - QRectF(r).center();
                    QVERIFY(std::abs(moved.x()) <= 0.5 && std::abs(moved.y()) <= 0.5);
                    const Transform back = t == Transform::RotateClockwise
                                               ? Transform::RotateCounterclockwise
                                               : Transform::RotateClockwise;
                    QCOMPARE(transformedRegion(once, back), r);
                    QCOMPARE(transformedRegion(once, t), r);
                }
            }
    }

    void flipMirrorsTheSelectionWhereItIs() {
        Level l = levelFromRows({
            "..........",
            ".##.......",
            ".#=..#....",
            "##########",
        });
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 8, 2));
        Spawn npc = Spawn::withDefaults(SpawnKind::Npc, 2, 3, 2);
        npc.vx = 40;
        l.spawns.push_back(npc);
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 3, 4, 1)); // not selected
        const EditSelection selection{QRect(1, 1, 5, 2), {2}};
        const TurnsPlan plan = planTurns(l, selection, {Transform::FlipHorizontally});
        QVERIFY(plan.fits);
        QCOMPARE(plan.from, QRect(1, 1, 5, 2));
        QCOMPARE(plan.to, plan.from);
        QCOMPARE(plan.after, selection);
        const Level after = appliedPaste(l, plan.paste);
        QCOMPARE(rowsOf(after), (std::vector<std::string>{
                                    "..........",
                                    "....##....",
                                    ".#..=#....",
                                    "##########",
                                }));
        QCOMPARE(at(after, 2), QPoint(3, 2)); // the middle column of five stays
        QCOMPARE(after.findSpawn(2)->vx, -40.0f);
        // The box was not selected: it stays, and the mirrored wall buries it, so
        // it moves straight up as under a paste.
        QCOMPARE(at(after, 3), QPoint(4, 0));
        QCOMPARE(at(after, 1), QPoint(8, 2));
        QCOMPARE(plan.paste.movedSpawns.size(), std::size_t(1));
        QCOMPARE(plan.paste.relocatedPasted, 0);
        // Again: the level as it was (but the box, which was pushed out of the wall).
        const Level twice =
            appliedPaste(after, planTurns(after, plan.after, {Transform::FlipHorizontally}).paste);
        QCOMPARE(rowsOf(twice), rowsOf(l));
        QCOMPARE(*twice.findSpawn(2), *l.findSpawn(2));
    }

    void turnCoversTheLevelAsAPaste() {
        // The 4 x 2 at (2, 3) turns clockwise into the 2 x 4 at (3, 2).
        const Level l = coverLevel();
        const TurnsPlan plan = planTurns(l, {QRect(2, 3, 4, 2), {2}}, {Transform::RotateClockwise});
        QVERIFY(plan.fits);
        QCOMPARE(plan.to, QRect(3, 2, 2, 4));
        QCOMPARE(plan.after, (EditSelection{QRect(3, 2, 2, 4), {2}}));
        const Level after = appliedPaste(l, plan.paste);
        // What the turned region leaves is empty; its solid cells replace the
        // level's one-way (5, 3); its empty cell leaves the level's wall at (4, 5).
        QCOMPARE(rowsOf(after), (std::vector<std::string>{
                                    "..........",
                                    "..........",
                                    "...##.....",
                                    "..........",
                                    "..........",
                                    "...##.....",
                                    "..........",
                                    "##########",
                                }));
        // The player, not selected, was under the turned wall: it moved up. The
        // NPC turned onto the level's wall at (4, 5) and moved up off it.
        QCOMPARE(at(after, 1), QPoint(3, 1));
        QCOMPARE(at(after, 2), QPoint(4, 4));
        QCOMPARE(plan.paste.movedSpawns.size(), std::size_t(1));
        QCOMPARE(plan.paste.relocatedPasted, 1);
        QCOMPARE(plan.paste.droppedSpawns, 0);
    }

    void stepsInARowAreHeldUpBetween() {
        // The piece of the covering case: turned clockwise it covers the player,
        // a one-way tile and a wall tile. Put down after each step, the
        // counterclockwise turn back cannot give them back; planned as a run
        // from the level before the first step, it does, exactly.
        const Level l = coverLevel();
        const EditSelection selection{QRect(2, 3, 4, 2), {2}};
        const Transform cw = Transform::RotateClockwise, ccw = Transform::RotateCounterclockwise;
        const Transform flipH = Transform::FlipHorizontally, flipV = Transform::FlipVertically;

        // Put down after each step: the turn back from where the first left the
        // level loses the one-way tile and the player's place.
        const TurnsPlan first = planTurns(l, selection, {cw});
        QCOMPARE(first.result, appliedPaste(l, first.paste));
        const Level putDownTwice = planTurns(first.result, first.after, {ccw}).result;
        QVERIFY(putDownTwice != l);
        QCOMPARE(putDownTwice.tile(3, 5), Tile::Empty);

        for (const std::vector<Transform>& identity :
             std::vector<std::vector<Transform>>{{cw, ccw},
                                                 {ccw, cw},
                                                 {cw, cw, cw, cw},
                                                 {flipH, flipH},
                                                 {cw, flipH, cw, flipH},
                                                 {flipH, flipV, cw, cw}}) {
            const TurnsPlan run = planTurns(l, selection, identity);
            QVERIFY(run.fits);
            QCOMPARE(run.to, QRect(2, 3, 4, 2));
            QCOMPARE(run.after, selection);
            QCOMPARE(run.result, l);
        }
        // Two clockwise turns are a half turn, whichever way it is reached.
        QCOMPARE(planTurns(l, selection, {cw, cw}).result,
                 planTurns(l, selection, {flipH, flipV}).result);
        QCOMPARE(planTurns(l, selection, {cw, cw, cw}).result,
                 planTurns(l, selection, {ccw}).result);
        // No step, or nothing selected: nothing planned.
        QVERIFY(!planTurns(l, selection, {}).fits);
        QVERIFY(!planTurns(l, {QRect(), {}}, {cw}).fits);
    }

    void aSelectedSpawnOutsideTheTilesWidensTheRegion() {
        // As Copy takes it: the tiles (1..3, 1) and the NPC standing at (5, 1).
        Level l = levelFromRows({
            ".......",
            ".#=....",
            "#######",
        });
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 0, 0));
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 2, 5, 1));
        const TurnsPlan plan =
            planTurns(l, {QRect(1, 1, 3, 1), {2}}, {Transform::FlipHorizontally});
        QCOMPARE(plan.from, QRect(1, 1, 5, 1));
        QCOMPARE(plan.after, (EditSelection{QRect(3, 1, 3, 1), {2}}));
        const Level after = appliedPaste(l, plan.paste);
        QCOMPARE(rowsOf(after), (std::vector<std::string>{
                                    ".......",
                                    "....=#.",
                                    "#######",
                                }));
        QCOMPARE(at(after, 2), QPoint(1, 1));
    }

    void aTurnOffTheMapDoesNotFit() {
        Level l = levelFromRows({
            "........",
            ".####...",
            "........",
            "########",
        });
        // 6 x 2 at the top: turned, 2 x 6 from row -2.
        const TurnsPlan plan =
            planTurns(l, {QRect(0, 0, 6, 2), {}}, {Transform::RotateCounterclockwise});
        QVERIFY(!plan.fits);
        QCOMPARE(plan.to, QRect(2, -2, 2, 6));
        QVERIFY(plan.paste.writes.empty());
        // Nothing selected, nothing planned.
        const TurnsPlan none = planTurns(l, {QRect(), {}}, {Transform::FlipVertically});
        QVERIFY(!none.fits);
        QVERIFY(none.paste.writes.empty());
    }
};

QTEST_GUILESS_MAIN(TestRegionTransform)
#include "test_regiontransform.moc"
