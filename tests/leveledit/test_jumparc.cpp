// Jump arcs (jumparc.h): every arc is the trajectory simulateLevel() gives for
// its input script on the level world, step by step; arcs end standing; the
// heights and widths follow the physics settings.
#include "tilesmith/level/levelworld.h"
#include "tilesmith/leveledit/jumparc.h"

#include <QTest>

#include <algorithm>

using namespace ts;
using namespace ts::level;
using namespace ts::leveledit;

namespace {

/// W x H with a solid floor on the bottom row, the player at (1, H-2).
Level floorLevel(int w = 40, int h = 20) {
    Level l = Level::make(w, h, 16);
    for (int x = 0; x < w; ++x)
        l.setTile(x, h - 1, Tile::Solid);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, h - 2));
    return l;
}

/// floorLevel with a 5-tile-wide platform, 7 tiles above the floor, at columns 10..14.
Level platformLevel() {
    Level l = floorLevel();
    for (int x = 10; x <= 14; ++x)
        l.setTile(x, 12, Tile::Solid);
    return l;
}

const JumpArc* findArc(const JumpArcSet& arcs, ArcKind kind, int dir) {
    for (const JumpArc& a : arcs.arcs)
        if (a.kind == kind && a.direction == dir)
            return &a;
    return nullptr;
}

float apex(const JumpArc& a) {
    float y = a.points.front().y;
    for (Vec2 p : a.points)
        y = std::max(y, p.y);
    return y;
}

} // namespace

class TestJumpArc : public QObject {
    Q_OBJECT

private slots:
    void arcsArePlayModeTrajectories_data();
    void arcsArePlayModeTrajectories();
    void arcsEndStanding();
    void heightsAndWidthsFollowThePhysics();
    void fallsOnlyOffLedges();
    void startInTheAirSettlesFirst();
    void badStartTiles();
    void usesThePlayersSize();
};

void TestJumpArc::arcsArePlayModeTrajectories_data() {
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::newRow("platform top") << 12 << 11;
    QTest::newRow("floor") << 3 << 18;
    QTest::newRow("in the air") << 20 << 5;
}

void TestJumpArc::arcsArePlayModeTrajectories() {
    QFETCH(int, x);
    QFETCH(int, y);
    Level level = platformLevel();
    const JumpArcSet arcs = computeJumpArcs(level, x, y);
    QVERIFY(arcs.ok);
    QVERIFY(arcs.arcs.size() >= 4);
    // The same level with the player on the start tile, as play mode builds it.
    level.spawns[0].x = x;
    level.spawns[0].y = y;
    for (const JumpArc& arc : arcs.arcs) {
        LevelWorld lw = buildWorld(level);
        std::uint64_t checked = 0;
        simulateLevel(lw, arc.inputs, arc.points.size(), [&](std::uint64_t k) {
            const Vec2 p = lw.world.position(lw.player);
            const Vec2 q = arc.points[k - 1];
            if (p == q)
                ++checked;
            else
                qWarning("%s %d: step %llu differs: (%g, %g) vs (%g, %g)", arcKindName(arc.kind),
                         arc.direction, static_cast<unsigned long long>(k), double(p.x),
                         double(p.y), double(q.x), double(q.y));
        });
        QCOMPARE(checked, std::uint64_t(arc.points.size()));
        QCOMPARE(arc.firstStep, arcs.settleSteps + 1);
        // The arc's own keys start after the settling steps.
        const Input first = arc.inputs.at(arc.firstStep);
        QCOMPARE(first.left, arc.direction < 0);
        QCOMPARE(first.right, arc.direction > 0);
        QCOMPARE(first.jump, arc.kind != ArcKind::Fall);
        QCOMPARE(arc.inputs.at(arc.firstStep - 1), Input{});
    }
}

void TestJumpArc::arcsEndStanding() {
    const Level level = platformLevel();
    const JumpArcSet arcs = computeJumpArcs(level, 12, 11);
    QVERIFY(arcs.ok);
    for (const JumpArc& arc : arcs.arcs) {
        QVERIFY(arc.landed);
        // Replay it, then stand still: the player stays where the arc ended.
        Level at = level;
        at.spawns[0].x = 12;
        at.spawns[0].y = 11;
        LevelWorld lw = buildWorld(at);
        simulateLevel(lw, arc.inputs, arc.points.size());
        QVERIFY(lw.world.hasContact(lw.player, OnGround));
        const Vec2 end = lw.world.position(lw.player);
        QCOMPARE(end, arc.points.back());
        for (int k = 0; k < 10; ++k) {
            lw.world.setInput(lw.player, Input{});
            lw.world.step();
        }
        QCOMPARE(lw.world.position(lw.player).y, end.y);
        QVERIFY(lw.world.hasContact(lw.player, OnGround));
    }
}

void TestJumpArc::heightsAndWidthsFollowThePhysics() {
    Level level = floorLevel();
    const JumpArcSet arcs = computeJumpArcs(level, 20, 18);
    QVERIFY(arcs.ok);
    const JumpArc* full = findArc(arcs, ArcKind::FullJump, 1);
    const JumpArc* left = findArc(arcs, ArcKind::FullJump, -1);
    QVERIFY(full && left);
    QVERIFY(full->landed && left->landed);
    // v^2 / 2g = 480^2 / 3000 = 76.8 px, minus at most one step of discretisation.
    const float rise = apex(*full) - arcs.start.y;
    QVERIFY2(rise > 72.0f && rise <= 76.8f, qPrintable(QString::number(rise)));
    // Air time 2v/g = 0.64 s at 160 px/s: about 102 px sideways; the two sides mirror.
    const float dx = full->points.back().x - arcs.start.x;
    QVERIFY2(dx > 95.0f && dx < 110.0f, qPrintable(QString::number(dx)));
    QCOMPARE(left->points.back().x - arcs.start.x, -dx);
    QCOMPARE(full->points.back().y, arcs.start.y);
    // The short jump rises as high (the controller's jump height does not depend on
    // how long jump is held) but moves sideways for 4 steps only: 4 * 160 / 60 px.
    const JumpArc* hop = findArc(arcs, ArcKind::ShortJump, 1);
    QVERIFY(hop && hop->landed);
    QCOMPARE(apex(*hop), apex(*full));
    const float hopDx = hop->points.back().x - arcs.start.x;
    QVERIFY2(hopDx > 10.0f && hopDx < 11.0f, qPrintable(QString::number(hopDx)));
    QCOMPARE(hop->points.back().y, arcs.start.y);
    QCOMPARE(hop->inputs.at(arcs.settleSteps + 4).right, true);
    QCOMPARE(hop->inputs.at(arcs.settleSteps + 5), Input{});

    // A slower jump rises less and lands closer, as v^2 / 2g says.
    level.physics.jumpSpeed = 300;
    const JumpArcSet low = computeJumpArcs(level, 20, 18);
    const JumpArc* lowFull = findArc(low, ArcKind::FullJump, 1);
    QVERIFY(lowFull);
    const float lowRise = apex(*lowFull) - low.start.y;
    QVERIFY2(lowRise > 26.0f && lowRise <= 30.0f, qPrintable(QString::number(lowRise)));
    QVERIFY(lowFull->points.back().x - low.start.x < dx * 0.7f);
}

void TestJumpArc::fallsOnlyOffLedges() {
    // Flat floor wall to wall: no ledge, no falls.
    const JumpArcSet flat = computeJumpArcs(floorLevel(), 20, 18);
    QVERIFY(flat.ok);
    QVERIFY(!findArc(flat, ArcKind::Fall, -1));
    QVERIFY(!findArc(flat, ArcKind::Fall, 1));
    QCOMPARE(flat.arcs.size(), std::size_t(4));

    // Off the platform both ways, down to the floor (7 tiles lower).
    const JumpArcSet top = computeJumpArcs(platformLevel(), 12, 11);
    const JumpArc* right = findArc(top, ArcKind::Fall, 1);
    const JumpArc* left = findArc(top, ArcKind::Fall, -1);
    QVERIFY(right && left);
    QCOMPARE(right->points.back().y, top.start.y - 7 * 16.0f);
    QCOMPARE(left->points.back().y, top.start.y - 7 * 16.0f);
    QVERIFY(right->points.back().x > 15 * 16.0f);
    QVERIFY(left->points.back().x < 10 * 16.0f);
}

void TestJumpArc::startInTheAirSettlesFirst() {
    const Level level = floorLevel();
    const JumpArcSet arcs = computeJumpArcs(level, 20, 5);
    QVERIFY(arcs.ok);
    QVERIFY(arcs.settleSteps > 10);
    // Stands on the floor: the bottom row's top is 16 px above the map's bottom.
    QCOMPARE(arcs.start.y, 16.0f);
    QCOMPARE(arcs.start.x, 20.5f * 16.0f);
}

void TestJumpArc::badStartTiles() {
    const Level level = floorLevel();
    QVERIFY(!computeJumpArcs(level, 3, 19).ok);                  // solid
    QVERIFY(computeJumpArcs(level, 3, 19).why == NoArcs::Solid); // and says so
    QVERIFY(computeJumpArcs(level, -1, 5).why == NoArcs::OffMap);
    QVERIFY(computeJumpArcs(level, 0, 0).why == NoArcs::None);
    QVERIFY(!computeJumpArcs(level, -1, 5).ok); // off the map
    QVERIFY(!computeJumpArcs(level, 40, 5).ok); // off the map
    QVERIFY(!computeJumpArcs(level, 3, 20).ok); // off the map
    QVERIFY(computeJumpArcs(level, 0, 0).ok);   // top-left corner, in the air
}

void TestJumpArc::usesThePlayersSize() {
    // A 2-tile gap under a 3-tile-high ceiling: a 40 px tall player cannot jump
    // from under it onto anything higher, a default one rises 72.83 px.
    Level level = floorLevel();
    level.spawns[0].height = 40;
    level.spawns[0].width = 12;
    const JumpArcSet arcs = computeJumpArcs(level, 20, 18);
    QVERIFY(arcs.ok);
    QCOMPARE(arcs.halfSize, Vec2(6.0f, 20.0f));
    for (int x = 15; x < 26; ++x)
        level.setTile(x, 14, Tile::Solid); // ceiling: 4 tiles of headroom (64 px)
    const JumpArcSet low = computeJumpArcs(level, 20, 18);
    const JumpArc* full = findArc(low, ArcKind::FullJump, 1);
    QVERIFY(full);
    // The head (40 px) stops at the ceiling 64 px up: the feet rise 24 px at most.
    QVERIFY2(apex(*full) - low.start.y <= 24.0f, qPrintable(QString::number(apex(*full))));
    QVERIFY(full->landed);
}

QTEST_GUILESS_MAIN(TestJumpArc)
#include "test_jumparc.moc"
