// Characters and rigid bodies (issue 8): a character walking into a box pushes it
// (momentum shared as the masses say) without sinking into it, a box against a wall
// stops the character, a box dropped on an NPC rests on it or slides off, and a
// stack of 20 boxes settles without sinking.
#include "testutil.h"

#include <QtTest>

#include <algorithm>

using namespace ts;
using namespace tstest;

namespace {

/// Depth of the overlap of two boxes (0 when apart or touching).
float depth(const Aabb& a, const Aabb& b) {
    const float ox = std::min(a.max().x, b.max().x) - std::max(a.min().x, b.min().x);
    const float oy = std::min(a.max().y, b.max().y) - std::max(a.min().y, b.min().y);
    return ox > 0.0f && oy > 0.0f ? std::min(ox, oy) : 0.0f;
}

BodyDef walker(Vec2 p, Control control = Control::Character) {
    BodyDef d = box(p, {}, {6.0f, 8.0f});
    d.control = control;
    return d;
}

} // namespace

class TestPush : public QObject {
    Q_OBJECT
private slots:
    void characterPushesBox_data();
    void characterPushesBox();
    void boxAgainstWallStopsCharacter();
    void boxDroppedOnNpc_data();
    void boxDroppedOnNpc();
    void stackOf20Boxes();
};

void TestPush::characterPushesBox_data() {
    QTest::addColumn<float>("boxMass");
    QTest::addColumn<bool>("ball");
    QTest::newRow("light box") << 0.5f << false;
    QTest::newRow("equal box") << 1.0f << false;
    QTest::newRow("heavy box") << 4.0f << false;
    QTest::newRow("ball") << 1.0f << true;
}

void TestPush::characterPushesBox() {
    QFETCH(float, boxMass);
    QFETCH(bool, ball);
    TileMap m = makeMap(60, 20);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    const BodyId ch = w.add(walker({100, 24}));
    BodyDef bd = box({160, 24});
    bd.mass = boxMass;
    if (ball) {
        bd.shape = Shape::Circle;
        bd.radius = 8.0f;
    }
    const BodyId bx = w.add(bd);
    const float slop = w.settings().correctionSlop;
    bool touched = false;
    int contactSteps = 0;
    for (int k = 0; k < 150; ++k) {
        w.setInput(ch, {.right = true});
        const Vec2 boxBefore = w.velocity(bx);
        w.step();
        const bool touching = !w.collisions(ch).empty();
        if (touching && !touched) {
            // The first contact: the character's walk (160 px/s) is shared with the
            // resting box by momentum, e = 0: both move at 160 * mc / (mc + mb).
            QCOMPARE(boxBefore.x, 0.0f);
            const float shared = 160.0f * 1.0f / (1.0f + boxMass);
            QVERIFY2(std::fabs(w.velocity(ch).x - shared) < 1e-3f,
                     qPrintable(QString::number(double(w.velocity(ch).x))));
            QVERIFY(std::fabs(w.velocity(bx).x - shared) < 1e-3f);
        }
        touched = touched || touching;
        if (touched) {
            ++contactSteps;
            QVERIFY2(depth(w.aabb(ch), w.aabb(bx)) <= slop + 1.0f,
                     qPrintable(QStringLiteral("step %1 depth %2")
                                    .arg(k)
                                    .arg(double(depth(w.aabb(ch), w.aabb(bx))))));
            QVERIFY(w.position(ch).x < w.position(bx).x); // never passes through
        }
    }
    QVERIFY(touched);
    QVERIFY(w.position(bx).x > 260.0f); // the box moved well beyond where it was
    QVERIFY(w.hasContact(ch, OnGround));
    QCOMPARE(solidPenetration(w.map(), w.aabb(bx)), 0.0f);
}

void TestPush::boxAgainstWallStopsCharacter() {
    TileMap m = makeMap(40, 20);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 15, Tile::Solid); // wall at x = 240
    World w(m);
    const BodyId ch = w.add(walker({150, 24}));
    const BodyId bx = w.add(box({220, 24}));
    const float slop = w.settings().correctionSlop;
    bool touched = false;
    for (int k = 0; k < 180; ++k) {
        w.setInput(ch, {.right = true});
        w.step();
        touched = touched || !w.collisions(ch).empty();
        if (touched)
            QVERIFY2(depth(w.aabb(ch), w.aabb(bx)) <= slop + 1.0f,
                     qPrintable(QStringLiteral("step %1 depth %2")
                                    .arg(k)
                                    .arg(double(depth(w.aabb(ch), w.aabb(bx))))));
        QCOMPARE(solidPenetration(w.map(), w.aabb(bx)), 0.0f);
    }
    QVERIFY(touched);
    QCOMPARE(w.aabb(bx).max().x, 240.0f); // flush with the wall
    QVERIFY(w.aabb(ch).max().x >= 224.0f - slop - 1.0f);
    QVERIFY(std::fabs(w.velocity(ch).x) < 1e-3f); // stopped: the box is held by the wall
}

void TestPush::boxDroppedOnNpc_data() {
    QTest::addColumn<float>("x");
    QTest::newRow("centred") << 200.0f;
    QTest::newRow("off centre") << 206.0f;
    QTest::newRow("on the edge") << 213.0f;
}

// An NPC patrols between two walls; a box falls on it. The box either rides on it
// or slides off, never sinks into it or into the tiles, and ends on the ground.
void TestPush::boxDroppedOnNpc() {
    QFETCH(float, x);
    TileMap m = makeMap(40, 20);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 8, Tile::Solid);
    fillColumn(m, 20, Tile::Solid);
    World w(m);
    const BodyId npc = w.add(walker({200, 24}, Control::Patrol));
    const BodyId bx = w.add(box({x, 120}));
    const float slop = w.settings().correctionSlop;
    bool touched = false;
    for (int k = 0; k < 400; ++k) {
        w.step();
        const bool touching = !w.collisions(bx).empty();
        if (touching) // on it or beside it, never in it (also on the landing step)
            QVERIFY2(depth(w.aabb(npc), w.aabb(bx)) <= slop + 1.0f,
                     qPrintable(QStringLiteral("step %1 depth %2")
                                    .arg(k)
                                    .arg(double(depth(w.aabb(npc), w.aabb(bx))))));
        touched = touched || touching;
        QCOMPARE(solidPenetration(w.map(), w.aabb(bx)), 0.0f);
        QCOMPARE(solidPenetration(w.map(), w.aabb(npc)), 0.0f);
    }
    QVERIFY(touched);
    QVERIFY(w.hasContact(bx, OnGround)); // on the NPC or on the floor
    QVERIFY(w.hasContact(npc, OnGround));
}

void TestPush::stackOf20Boxes() {
    TileMap m = makeMap(20, 60);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    std::vector<BodyId> stack;
    for (int i = 0; i < 20; ++i) // 16 px boxes with 4 px gaps
        stack.push_back(w.add(box({160, 40.0f + 20.0f * static_cast<float>(i)})));
    for (int k = 0; k < 600; ++k)
        w.step();
    float worst = 0.0f;
    for (std::size_t i = 1; i < stack.size(); ++i)
        worst = std::max(worst, depth(w.aabb(stack[i - 1]), w.aabb(stack[i])));
    QVERIFY2(worst <= 1.0f, qPrintable(QString::number(double(worst))));
    QCOMPARE(w.aabb(stack[0]).min().y, 16.0f);
    const float top = w.aabb(stack.back()).max().y;
    QVERIFY2(std::fabs(top - (16.0f + 20.0f * 16.0f)) <= 2.0f,
             qPrintable(QString::number(double(top))));
    for (const BodyId id : stack) {
        QVERIFY(w.hasContact(id, OnGround));
        QCOMPARE(w.position(id).x, 160.0f);
    }
}

QTEST_GUILESS_MAIN(TestPush)
#include "test_push.moc"
