// setScale like the tutorial's size slider: bodies grow from their feet and never
// end inside a floor, wall or ceiling, at any scale from 0.25 to 4, standing,
// walking or against a wall; a grow that no short push can free is refused. A
// solid tile set over a body pushes it out by the same rule.
#include "testutil.h"

#include <QtTest>

using namespace ts;
using namespace tstest;

namespace {

const float kScales[] = {0.25f, 0.5f, 0.75f, 1.0f, 1.25f, 1.5f, 2.0f, 2.5f, 3.0f, 3.5f, 4.0f};

/// A character whose position is the centre of its box (offset 0) or its feet
/// (the level's bodies: offset = half height).
BodyDef character(Vec2 feet, bool feetOffset) {
    BodyDef d = box(feet);
    d.control = Control::Character;
    d.halfSize = {6.0f, 8.0f};
    if (feetOffset)
        d.offset = {0.0f, 8.0f};
    else
        d.position.y += 8.0f;
    return d;
}

float bottom(const World& w, BodyId id) {
    return w.aabb(id).min().y;
}

} // namespace

class TestScale : public QObject {
    Q_OBJECT
private slots:
    void growsFromTheFeet_data();
    void growsFromTheFeet();
    void standingAndWalkingAtEveryScale_data();
    void standingAndWalkingAtEveryScale();
    void againstAWallIsPushedOut_data();
    void againstAWallIsPushedOut();
    void underACeilingIsPushedDownOrRefused();
    void inACorner();
    void solidTileSetOverABodyPushesItOut_data();
    void solidTileSetOverABodyPushesItOut();
    void solidTileSetOverABoxedInBodyLeavesIt();
};

void TestScale::growsFromTheFeet_data() {
    QTest::addColumn<bool>("feetOffset");
    QTest::newRow("offset 0 (centre)") << false;
    QTest::newRow("offset at the feet") << true;
}

void TestScale::growsFromTheFeet() {
    QFETCH(bool, feetOffset);
    TileMap m = makeMap(40, 30);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    const BodyId id = w.add(character({200, 16}, feetOffset));
    w.step();
    QVERIFY(w.hasContact(id, OnGround));
    const Vec2 p0 = w.position(id);
    for (const float s : kScales) {
        QVERIFY(w.setScale(id, {s, s}));
        QCOMPARE(bottom(w, id), 16.0f);
        QCOMPARE(w.aabb(id).center.x, 200.0f);
        QCOMPARE(w.aabb(id).halfSize, (Vec2{6.0f * s, 8.0f * s}));
        if (feetOffset)
            QCOMPARE(w.position(id), p0); // the position is the feet: unchanged, bit for bit
        for (int i = 0; i < 3; ++i) {
            w.step();
            QVERIFY(w.hasContact(id, OnGround));
            QCOMPARE(bottom(w, id), 16.0f);
            QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
        }
    }
}

void TestScale::standingAndWalkingAtEveryScale_data() {
    QTest::addColumn<bool>("feetOffset");
    QTest::addColumn<int>("seed");
    for (int seed = 1; seed <= 3; ++seed) {
        QTest::newRow(qPrintable(QStringLiteral("centre %1").arg(seed))) << false << seed;
        QTest::newRow(qPrintable(QStringLiteral("feet %1").arg(seed))) << true << seed;
    }
}

// Walk back and forth between two walls under a ceiling row with gaps, on a floor
// with steps, while the slider moves: after every step the body is outside every
// solid tile, and a body that stood on the ground before a grow still does after.
void TestScale::standingAndWalkingAtEveryScale() {
    QFETCH(bool, feetOffset);
    QFETCH(int, seed);
    TileMap m = makeMap(30, 20);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 2, Tile::Solid);
    fillColumn(m, 27, Tile::Solid);
    fillRow(m, 9, Tile::Solid, 8, 12);
    m.set(15, 1, Tile::Solid);
    m.set(20, 1, Tile::Solid);
    m.set(20, 2, Tile::Solid);
    World w(m);
    const BodyId id = w.add(character({100, 16}, feetOffset));
    Rng r(static_cast<std::uint64_t>(seed));
    int refused = 0;
    for (int k = 0; k < 1200; ++k) {
        if (k % 15 == 0) {
            const float s = kScales[r.range(0, 10)];
            const bool grounded = w.hasContact(id, OnGround);
            const Vec2 before = w.position(id);
            const float oldScale = w.scale(id).x;
            if (w.setScale(id, {s, s})) {
                QVERIFY2(solidPenetration(w.map(), w.aabb(id)) <= 1.0f / 256.0f,
                         qPrintable(QStringLiteral("step %1 scale %2").arg(k).arg(s)));
                // A grow keeps the ground (a shrink keeps the feet's centre, so a body
                // standing on a ledge's corner may step off it).
                if (grounded && s >= oldScale) {
                    w.setInput(id, {}); // stand still: the grow alone must keep the ground
                    w.step();
                    QVERIFY2(w.hasContact(id, OnGround),
                             qPrintable(
                                 QStringLiteral("step %1 scale %2 lost the ground").arg(k).arg(s)));
                }
            } else {
                ++refused;
                QCOMPARE(w.position(id), before);
            }
        }
        const int phase = (k / 120) % 2;
        w.setInput(id, {.left = phase == 1, .right = phase == 0, .jump = k % 97 == 0});
        w.step();
        QVERIFY2(solidPenetration(w.map(), w.aabb(id)) == 0.0f,
                 qPrintable(QStringLiteral("step %1 at (%2, %3) scale %4")
                                .arg(k)
                                .arg(double(w.position(id).x))
                                .arg(double(w.position(id).y))
                                .arg(double(w.scale(id).x))));
        QVERIFY(finite(w.position(id)));
    }
    QVERIFY(refused < 40); // most grows fit
}

void TestScale::againstAWallIsPushedOut_data() {
    QTest::addColumn<bool>("rightWall");
    QTest::newRow("wall on the right") << true;
    QTest::newRow("wall on the left") << false;
}

void TestScale::againstAWallIsPushedOut() {
    QFETCH(bool, rightWall);
    TileMap m = makeMap(30, 20);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, rightWall ? 20 : 5, Tile::Solid);
    World w(m);
    const BodyId id = w.add(character({rightWall ? 300.0f : 120.0f, 16}, true));
    for (int i = 0; i < 90; ++i) {
        w.setInput(id, {.left = !rightWall, .right = rightWall});
        w.step();
    }
    QVERIFY(w.hasContact(id, rightWall ? PushesRightWall : PushesLeftWall));
    for (const float s : {2.0f, 4.0f, 0.25f, 3.0f}) {
        const float before = w.scale(id).x;
        QVERIFY(w.setScale(id, {s, s}));
        QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
        if (s > before) { // pushed out, flush with the wall
            if (rightWall)
                QCOMPARE(w.aabb(id).max().x, 320.0f);
            else
                QCOMPARE(w.aabb(id).min().x, 96.0f);
        }
        QCOMPARE(bottom(w, id), 16.0f);
        for (int i = 0; i < 10; ++i) {
            w.setInput(id, {.left = !rightWall, .right = rightWall});
            w.step();
            QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
            QVERIFY(w.hasContact(id, OnGround));
        }
        if (rightWall) // walked back against the wall
            QCOMPARE(w.aabb(id).max().x, 320.0f);
        else
            QCOMPARE(w.aabb(id).min().x, 96.0f);
    }
}

void TestScale::underACeilingIsPushedDownOrRefused() {
    TileMap m = makeMap(30, 20);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 4, Tile::Solid); // a 48 px tunnel: bottom 16, ceiling at 64
    World w(m);
    const BodyId id = w.add(character({200, 16}, true));
    w.step();
    QVERIFY(w.setScale(id, {2.0f, 2.0f})); // 32 px tall: fits
    QCOMPARE(bottom(w, id), 16.0f);
    // A jump to the ceiling, then growing to 40 px pushes it down onto the floor.
    w.setInput(id, {.jump = true});
    for (int i = 0; i < 8 && !w.hasContact(id, AtCeiling); ++i) {
        w.step();
        w.setInput(id, {});
    }
    QVERIFY(w.hasContact(id, AtCeiling));
    QVERIFY(w.setScale(id, {2.5f, 2.5f}));
    QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
    QVERIFY(w.aabb(id).max().y <= 64.0f);
    // 64 px tall cannot fit in a 48 px tunnel anywhere near: refused, unchanged.
    for (int i = 0; i < 30; ++i)
        w.step();
    const BodySnapshot before = w.snapshot(id);
    QVERIFY(!w.setScale(id, {4.0f, 4.0f}));
    QVERIFY(w.snapshot(id) == before);
    QCOMPARE(w.scale(id), (Vec2{2.5f, 2.5f}));
}

void TestScale::inACorner() {
    TileMap m = makeMap(30, 20);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 3, Tile::Solid);
    m.set(4, 3, Tile::Solid); // a low ledge over the corner
    m.set(5, 3, Tile::Solid);
    World w(m);
    const BodyId id = w.add(character({70, 16}, false));
    for (int i = 0; i < 30; ++i) {
        w.setInput(id, {.left = true});
        w.step();
    }
    QVERIFY(w.hasContact(id, PushesLeftWall));
    for (const float s : kScales) {
        if (w.setScale(id, {s, s}))
            QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
        for (int i = 0; i < 5; ++i) {
            w.setInput(id, {.left = true});
            w.step();
            QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
        }
        QVERIFY(w.hasContact(id, OnGround));
    }
}

void TestScale::solidTileSetOverABodyPushesItOut_data() {
    QTest::addColumn<float>("scale");
    QTest::addColumn<int>("control");
    QTest::addColumn<int>("row"); ///< the tile row painted over the body (1: its feet's)
    QTest::addColumn<bool>("up"); ///< onto the tile (else beside it)
    // 1x: 12 x 16 px, 14 px aside beats 16 up; 2x: 24 x 32, 16 up beats 20 aside.
    QTest::newRow("character 1x") << 1.0f << int(Control::Character) << 1 << false;
    QTest::newRow("character 2x, its head") << 2.0f << int(Control::Character) << 2 << false;
    QTest::newRow("character 2x, its feet") << 2.0f << int(Control::Character) << 1 << true;
    QTest::newRow("patrol 1x") << 1.0f << int(Control::Patrol) << 1 << false;
    QTest::newRow("box 2x") << 2.0f << int(Control::None) << 2 << false;
}

void TestScale::solidTileSetOverABodyPushesItOut() {
    QFETCH(float, scale);
    QFETCH(int, control);
    QFETCH(int, row);
    QFETCH(bool, up);
    TileMap m = makeMap(30, 20);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    BodyDef d = character({200, 16}, true);
    d.control = Control(control);
    const BodyId id = w.add(d);
    const BodyId far = w.add(character({400, 16}, true));
    QVERIFY(w.setScale(id, {scale, scale}));
    for (int i = 0; i < 5; ++i)
        w.step();
    const Vec2 farAt = w.position(far);
    QVERIFY(w.setTile(12, row, Tile::Solid)); // over the body's box (x 194 - 206 at 1x)
    QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
    QCOMPARE(w.position(far), farAt); // only the bodies under the tile move
    // Out the shortest way: beside the tile (feet where they were) or onto it.
    const Aabb box = w.aabb(id);
    if (up) {
        QCOMPARE(box.min().y, 32.0f);
        QCOMPARE(box.center.x, 200.0f);
    } else {
        QVERIFY(box.max().x <= 192.0f || box.min().x >= 208.0f);
        QCOMPARE(box.min().y, 16.0f);
    }
    w.step();
    QVERIFY(w.hasContact(id, OnGround));
    QVERIFY(!w.hasContact(id, AtCeiling));
    if (Control(control) != Control::Character)
        return;
    // It jumps (no ceiling holds it down) and walks (no wall holds it back).
    w.setInput(id, {.jump = true});
    w.step();
    w.setInput(id, {});
    for (int i = 0; i < 10; ++i)
        w.step();
    QVERIFY(bottom(w, id) > box.min().y + 24.0f);
    for (int i = 0; i < 60 && !w.hasContact(id, OnGround); ++i)
        w.step();
    const bool right = box.min().x >= 200.0f;
    const float x0 = w.position(id).x;
    for (int i = 0; i < 20; ++i) {
        w.setInput(id, {.left = !right, .right = right});
        w.step();
    }
    QVERIFY(std::fabs(w.position(id).x - x0) > 20.0f);
}

void TestScale::solidTileSetOverABoxedInBodyLeavesIt() {
    TileMap m = makeMap(30, 20);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 2, Tile::Solid); // a one-tile tunnel ...
    m.set(11, 1, Tile::Solid);  // ... closed at both ends around the body
    m.set(13, 1, Tile::Solid);
    World w(m);
    const BodyId id = w.add(character({200, 16}, true));
    w.step();
    const Vec2 at = w.position(id);
    QVERIFY(w.setTile(12, 1, Tile::Solid)); // no short push frees it: it stays
    QCOMPARE(w.position(id), at);
    QCOMPARE(w.map().at(12, 1), Tile::Solid);
}

QTEST_GUILESS_MAIN(TestScale)
#include "test_scale.moc"
