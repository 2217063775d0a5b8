// Manifolds, impulse resolution, positional correction and resting stacks.
#include "testutil.h"

#include <QtTest/QtTest>

#include <cstring>
#include <vector>

using namespace ts;
using namespace tstest;

class TestImpulse : public QObject {
    Q_OBJECT
private slots:
    void circleManifolds_data();
    void circleManifolds();
    void aabbManifolds_data();
    void aabbManifolds();
    void movingAabbManifolds_data();
    void movingAabbManifolds();
    void aabbCircleManifolds_data();
    void aabbCircleManifolds();
    void elasticHeadOn_data();
    void elasticHeadOn();
    void inelasticLeavesNoApproach_data();
    void inelasticLeavesNoApproach();
    void infiniteMassIsUntouched();
    void masksFilterResolution();
    void noNaN();
    void restingStacks_data();
    void restingStacks();
    void solverMatchesPublicFunctions();
};

void TestImpulse::circleManifolds_data() {
    QTest::addColumn<Vec2>("a");
    QTest::addColumn<float>("ra");
    QTest::addColumn<Vec2>("b");
    QTest::addColumn<float>("rb");
    QTest::addColumn<bool>("hit");
    QTest::addColumn<Vec2>("normal");
    QTest::addColumn<float>("penetration");
    // The tutorial's bug summed the centres: these two would "collide" there.
    QTest::newRow("far apart, symmetric about 0")
        << Vec2{-100, 0} << 10.0f << Vec2{100, 0} << 10.0f << false << Vec2{} << 0.0f;
    QTest::newRow("overlap on x") << Vec2{0, 0} << 10.0f << Vec2{15, 0} << 10.0f << true
                                  << Vec2{1, 0} << 5.0f;
    QTest::newRow("overlap 3-4-5")
        << Vec2{0, 0} << 4.0f << Vec2{3, 4} << 2.0f << true << Vec2{0.6f, 0.8f} << 1.0f;
    QTest::newRow("touching") << Vec2{0, 0} << 1.0f << Vec2{0, -3} << 2.0f << true << Vec2{0, -1}
                              << 0.0f;
    QTest::newRow("coincident") << Vec2{7, 7} << 3.0f << Vec2{7, 7} << 5.0f << true << Vec2{1, 0}
                                << 3.0f;
    QTest::newRow("just apart") << Vec2{0, 0} << 1.0f << Vec2{0, 3.01f} << 2.0f << false << Vec2{}
                                << 0.0f;
}

void TestImpulse::circleManifolds() {
    QFETCH(Vec2, a);
    QFETCH(float, ra);
    QFETCH(Vec2, b);
    QFETCH(float, rb);
    QFETCH(bool, hit);
    QFETCH(Vec2, normal);
    QFETCH(float, penetration);
    Manifold m;
    QCOMPARE(collideCircles(a, ra, b, rb, m), hit);
    if (hit) {
        QVERIFY(std::fabs(m.normal.x - normal.x) < 1e-6f);
        QVERIFY(std::fabs(m.normal.y - normal.y) < 1e-6f);
        QVERIFY(std::fabs(m.penetration - penetration) < 1e-5f);
    }
}

void TestImpulse::aabbManifolds_data() {
    QTest::addColumn<Aabb>("a");
    QTest::addColumn<Aabb>("b");
    QTest::addColumn<bool>("hit");
    QTest::addColumn<Vec2>("normal");
    QTest::addColumn<float>("penetration");
    QTest::newRow("b right: normal (1, 0), not (0, 0)")
        << Aabb{{0, 0}, {2, 2}} << Aabb{{3, 0.5f}, {2, 2}} << true << Vec2{1, 0} << 1.0f;
    QTest::newRow("b left") << Aabb{{0, 0}, {2, 2}} << Aabb{{-3, 0.5f}, {2, 2}} << true
                            << Vec2{-1, 0} << 1.0f;
    QTest::newRow("b above") << Aabb{{0, 0}, {2, 2}} << Aabb{{0.5f, 3.5f}, {2, 2}} << true
                             << Vec2{0, 1} << 0.5f;
    QTest::newRow("b below") << Aabb{{0, 0}, {2, 2}} << Aabb{{0.5f, -3.5f}, {2, 2}} << true
                             << Vec2{0, -1} << 0.5f;
    QTest::newRow("apart returns false")
        << Aabb{{0, 0}, {2, 2}} << Aabb{{5, 0}, {2, 2}} << false << Vec2{} << 0.0f;
    QTest::newRow("apart on y only")
        << Aabb{{0, 0}, {2, 2}} << Aabb{{0, 4.5f}, {2, 2}} << false << Vec2{} << 0.0f;
    QTest::newRow("same centre, tie prefers y")
        << Aabb{{1, 1}, {2, 2}} << Aabb{{1, 1}, {2, 2}} << true << Vec2{0, 1} << 4.0f;
}

void TestImpulse::aabbManifolds() {
    QFETCH(Aabb, a);
    QFETCH(Aabb, b);
    QFETCH(bool, hit);
    QFETCH(Vec2, normal);
    QFETCH(float, penetration);
    Manifold m;
    QCOMPARE(collideAabbs(a, b, m), hit);
    if (hit) {
        QCOMPARE(m.normal, normal);
        QCOMPARE(m.penetration, penetration);
    }
}

// B (4 x 4, at its new centre) came from `oldB` towards A = [-2, 2]^2 (still).
void TestImpulse::movingAabbManifolds_data() {
    QTest::addColumn<Vec2>("oldB");
    QTest::addColumn<Vec2>("b");
    QTest::addColumn<bool>("hit");
    QTest::addColumn<Vec2>("normal");
    QTest::addColumn<float>("penetration");
    // Fell from above into a spot where least penetration says sideways (x 0.5 <
    // y 3): it came from above, so it is pushed back up by the full 3 px.
    QTest::newRow("fell deep at a corner: up, not sideways")
        << Vec2{3.5f, 6} << Vec2{3.5f, 1} << true << Vec2{0, 1} << 3.0f;
    QTest::newRow("came from the left: sideways")
        << Vec2{-7, 3} << Vec2{-1, 3} << true << Vec2{-1, 0} << 3.0f;
    // Past the centre in one move: still pushed back the way it came.
    QTest::newRow("fell through the middle: up")
        << Vec2{0.5f, 10} << Vec2{0.5f, -1} << true << Vec2{0, 1} << 5.0f;
    QTest::newRow("already overlapping: least penetration")
        << Vec2{3.5f, 2} << Vec2{3.5f, 1} << true << Vec2{1, 0} << 0.5f;
    QTest::newRow("diagonal approach: least penetration")
        << Vec2{6, 6} << Vec2{3.5f, 3} << true << Vec2{1, 0} << 0.5f;
    QTest::newRow("touching after the move")
        << Vec2{0, 9} << Vec2{0, 4} << true << Vec2{0, 1} << 0.0f;
    QTest::newRow("apart after the move") << Vec2{0, 9} << Vec2{0, 4.5f} << false << Vec2{} << 0.0f;
}

void TestImpulse::movingAabbManifolds() {
    QFETCH(Vec2, oldB);
    QFETCH(Vec2, b);
    QFETCH(bool, hit);
    QFETCH(Vec2, normal);
    QFETCH(float, penetration);
    const Aabb a{{0, 0}, {2, 2}};
    Manifold m;
    QCOMPARE(collideMovingAabbs(a, Aabb{b, {2, 2}}, a.center, oldB, m), hit);
    if (hit) {
        QCOMPARE(m.normal, normal);
        QCOMPARE(m.penetration, penetration);
    }
    // Swapping the roles mirrors the normal.
    Manifold r;
    QCOMPARE(collideMovingAabbs(Aabb{b, {2, 2}}, a, oldB, a.center, r), hit);
    if (hit) {
        QCOMPARE(r.normal, -normal);
        QCOMPARE(r.penetration, penetration);
    }
}

void TestImpulse::aabbCircleManifolds_data() {
    QTest::addColumn<Aabb>("a");
    QTest::addColumn<Vec2>("c");
    QTest::addColumn<float>("r");
    QTest::addColumn<bool>("hit");
    QTest::addColumn<Vec2>("normal");
    QTest::addColumn<float>("penetration");
    const Aabb box{{0, 0}, {4, 2}};
    QTest::newRow("right face") << box << Vec2{5, 0} << 2.0f << true << Vec2{1, 0} << 1.0f;
    QTest::newRow("corner, unit normal")
        << box << Vec2{7, 6} << 5.5f << true << Vec2{0.6f, 0.8f} << 0.5f;
    QTest::newRow("corner apart") << box << Vec2{7, 6} << 4.9f << false << Vec2{} << 0.0f;
    QTest::newRow("centre inside near top: flipped to push up")
        << box << Vec2{0.5f, 1.5f} << 1.0f << true << Vec2{0, 1} << 1.5f;
    QTest::newRow("centre inside near left")
        << box << Vec2{-3.5f, 0} << 1.0f << true << Vec2{-1, 0} << 1.5f;
    QTest::newRow("centre on the face") << box << Vec2{4, 0} << 1.0f << true << Vec2{1, 0} << 1.0f;
}

void TestImpulse::aabbCircleManifolds() {
    QFETCH(Aabb, a);
    QFETCH(Vec2, c);
    QFETCH(float, r);
    QFETCH(bool, hit);
    QFETCH(Vec2, normal);
    QFETCH(float, penetration);
    Manifold m;
    QCOMPARE(collideAabbCircle(a, c, r, m), hit);
    if (hit) {
        QVERIFY(std::fabs(length(m.normal) - 1.0f) < 1e-6f);
        QVERIFY(std::fabs(m.normal.x - normal.x) < 1e-6f);
        QVERIFY(std::fabs(m.normal.y - normal.y) < 1e-6f);
        QVERIFY(std::fabs(m.penetration - penetration) < 1e-5f);
    }
}

namespace {

BodyDef freeBody(Shape shape, Vec2 p, Vec2 v, float mass, float e) {
    BodyDef d = box(p, v);
    d.shape = shape;
    d.radius = 8.0f;
    d.mass = mass;
    d.restitution = e;
    d.gravity = false;
    d.collidesWithTiles = false;
    return d;
}

double energy(const World& w, std::initializer_list<BodyId> ids, std::initializer_list<float> m) {
    double e = 0;
    auto mi = m.begin();
    for (BodyId id : ids) {
        const Vec2 v = view(w, id)->speed;
        e += 0.5 * double(*mi++) * (double(v.x) * v.x + double(v.y) * v.y);
    }
    return e;
}

Vec2 momentum(const World& w, std::initializer_list<BodyId> ids, std::initializer_list<float> m) {
    Vec2 p;
    auto mi = m.begin();
    for (BodyId id : ids)
        p += view(w, id)->speed * *mi++;
    return p;
}

} // namespace

void TestImpulse::elasticHeadOn_data() {
    QTest::addColumn<int>("shapeA");
    QTest::addColumn<int>("shapeB");
    QTest::addColumn<float>("massA");
    QTest::addColumn<float>("massB");
    QTest::addColumn<Vec2>("dir");
    const Vec2 x{1, 0}, y{0, 1};
    const Vec2 diag{0.6f, 0.8f};
    QTest::newRow("box-box equal") << 0 << 0 << 1.0f << 1.0f << x;
    QTest::newRow("box-box 1:3") << 0 << 0 << 1.0f << 3.0f << x;
    QTest::newRow("box-box vertical 5:0.2") << 0 << 0 << 5.0f << 0.2f << y;
    QTest::newRow("circle-circle equal") << 1 << 1 << 1.0f << 1.0f << x;
    QTest::newRow("circle-circle diagonal 2:0.5") << 1 << 1 << 2.0f << 0.5f << diag;
    QTest::newRow("box-circle 1:4") << 0 << 1 << 1.0f << 4.0f << x;
    QTest::newRow("circle-box 3:1 vertical") << 1 << 0 << 3.0f << 1.0f << y;
}

void TestImpulse::elasticHeadOn() {
    QFETCH(int, shapeA);
    QFETCH(int, shapeB);
    QFETCH(float, massA);
    QFETCH(float, massB);
    QFETCH(Vec2, dir);
    World w(makeMap(100, 100), noGravity());
    const Vec2 c{800, 800};
    const BodyId a = w.add(freeBody(Shape(shapeA), c - dir * 40.0f, dir * 300.0f, massA, 1.0f));
    const BodyId b = w.add(freeBody(Shape(shapeB), c + dir * 40.0f, dir * -120.0f, massB, 1.0f));
    const double e0 = energy(w, {a, b}, {massA, massB});
    const Vec2 p0 = momentum(w, {a, b}, {massA, massB});
    bool collided = false;
    for (int i = 0; i < 60; ++i) {
        w.step();
        collided = collided || !w.collisions(a).empty();
    }
    QVERIFY(collided);
    const double e1 = energy(w, {a, b}, {massA, massB});
    const Vec2 p1 = momentum(w, {a, b}, {massA, massB});
    QVERIFY2(std::fabs(e1 - e0) <= 1e-5 * e0, qPrintable(QString("%1 vs %2").arg(e1).arg(e0)));
    const double pScale = double(massA) * 300.0 + double(massB) * 120.0;
    QVERIFY(std::fabs(double(p1.x) - p0.x) <= 1e-5 * pScale);
    QVERIFY(std::fabs(double(p1.y) - p0.y) <= 1e-5 * pScale);
    // They separate after the bounce.
    QVERIFY(dot(view(w, b)->speed - view(w, a)->speed, dir) > 0.0f);
}

void TestImpulse::inelasticLeavesNoApproach_data() {
    QTest::addColumn<int>("shapeA");
    QTest::addColumn<int>("shapeB");
    QTest::addColumn<float>("eA");
    QTest::addColumn<float>("eB");
    QTest::newRow("box-box e=0") << 0 << 0 << 0.0f << 0.0f;
    QTest::newRow("box-box min(0, 1) = 0") << 0 << 0 << 1.0f << 0.0f;
    QTest::newRow("circle-circle e=0") << 1 << 1 << 0.0f << 0.0f;
    QTest::newRow("box-circle min(0.9, 0)") << 0 << 1 << 0.9f << 0.0f;
}

void TestImpulse::inelasticLeavesNoApproach() {
    QFETCH(int, shapeA);
    QFETCH(int, shapeB);
    QFETCH(float, eA);
    QFETCH(float, eB);
    World w(makeMap(100, 100), noGravity());
    const BodyId a = w.add(freeBody(Shape(shapeA), {780, 802}, {250, 0}, 2.0f, eA));
    const BodyId b = w.add(freeBody(Shape(shapeB), {820, 800}, {-90, 0}, 1.0f, eB));
    bool checked = false;
    for (int i = 0; i < 30; ++i) {
        w.step();
        if (w.collisions(a).empty())
            continue;
        // The contact normal as the manifold sees it now.
        Manifold m;
        const auto ba = view(w, a);
        const auto bb = view(w, b);
        if (ba->shape == Shape::Circle && bb->shape == Shape::Circle)
            m.normal =
                (bb->aabb.center - ba->aabb.center) / length(bb->aabb.center - ba->aabb.center);
        else if (ba->shape == Shape::Aabb && bb->shape == Shape::Aabb)
            QVERIFY(collideAabbs(ba->aabb, bb->aabb, m));
        else
            QVERIFY(collideAabbCircle(ba->aabb, bb->aabb.center, bb->radius, m));
        const float vn = dot(bb->speed - ba->speed, m.normal);
        QVERIFY2(vn >= -1e-3f, qPrintable(QString::number(vn)));
        checked = true;
    }
    QVERIFY(checked);
    // Momentum is conserved (2 * 250 - 90 = 410, 0).
    const Vec2 p = view(w, a)->speed * 2.0f + view(w, b)->speed;
    QVERIFY(std::fabs(p.x - 410.0f) < 1e-3f);
    QVERIFY(std::fabs(p.y) < 1e-3f);
}

void TestImpulse::infiniteMassIsUntouched() {
    TileMap m = makeMap(40, 40);
    World w(m, noGravity());
    BodyDef wall = freeBody(Shape::Aabb, {320, 320}, {0, 0}, 0.0f, 0.5f);
    wall.halfSize = {40, 40};
    const BodyId fixedBody = w.add(wall);
    BodyDef mover = wall;
    mover.position = {330.5f, 300.25f}; // overlapping the first: two infinite masses
    mover.velocity = {-3.5f, 1.25f};
    const BodyId fixedMover = w.add(mover);
    Rng r(7);
    for (int i = 0; i < 40; ++i) {
        const float ang = r.uniform(0.0f, 6.283f);
        const Vec2 dir{std::cos(ang), std::sin(ang)};
        w.add(freeBody(i % 2 ? Shape::Circle : Shape::Aabb, Vec2{320, 320} - dir * 120.0f,
                       dir * r.uniform(100.0f, 900.0f), r.uniform(0.1f, 10.0f),
                       r.uniform(0.0f, 1.0f)));
    }
    const BodyView before = *view(w, fixedBody);
    for (int i = 0; i < 240; ++i) {
        w.step();
        const auto b = view(w, fixedBody);
        QCOMPARE(std::memcmp(&b->position, &before.position, sizeof(Vec2)), 0);
        QCOMPARE(std::memcmp(&b->speed, &before.speed, sizeof(Vec2)), 0);
        const auto fm = view(w, fixedMover);
        QCOMPARE(fm->speed, (Vec2{-3.5f, 1.25f}));
        QVERIFY(finite(fm->position));
    }
}

void TestImpulse::masksFilterResolution() {
    World w(makeMap(100, 100), noGravity());
    BodyDef da = freeBody(Shape::Aabb, {795, 800}, {100, 0}, 1.0f, 1.0f);
    da.category = 2;
    BodyDef db = freeBody(Shape::Aabb, {805, 800}, {-100, 0}, 1.0f, 1.0f);
    db.mask = ~2u;
    const BodyId a = w.add(da);
    const BodyId b = w.add(db);
    w.step();
    // Recorded, but not resolved: they pass through each other.
    QCOMPARE(w.collisions(a).size(), std::size_t(1));
    QCOMPARE(view(w, a)->speed, (Vec2{100, 0}));
    QCOMPARE(view(w, b)->speed, (Vec2{-100, 0}));
}

void TestImpulse::noNaN() {
    TileMap m = makeMap(24, 16);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 0, Tile::Solid);
    fillColumn(m, 23, Tile::Solid);
    m.set(10, 4, Tile::OneWay);
    World w(m);
    Rng r(99);
    std::vector<BodyId> ids;
    for (int i = 0; i < 150; ++i) {
        BodyDef d = box({r.uniform(20, 360), r.uniform(20, 240)},
                        {r.uniform(-900, 900), r.uniform(-900, 900)});
        d.shape = r.range(0, 2) == 0 ? Shape::Circle : Shape::Aabb;
        d.radius = r.uniform(0.0f, 12.0f);
        d.halfSize = {r.uniform(0.0f, 12.0f), r.uniform(0.0f, 12.0f)};
        d.mass = r.range(0, 5) == 0 ? 0.0f : r.uniform(0.01f, 100.0f);
        d.restitution = r.uniform(0.0f, 1.0f);
        d.control = Control(r.range(0, 2));
        ids.push_back(w.add(d));
    }
    // Exactly coincident pairs of every shape combination.
    for (int s = 0; s < 4; ++s) {
        BodyDef d = box({200, 200});
        d.shape = (s & 1) ? Shape::Circle : Shape::Aabb;
        ids.push_back(w.add(d));
        d.shape = (s & 2) ? Shape::Circle : Shape::Aabb;
        ids.push_back(w.add(d));
    }
    for (int i = 0; i < 600; ++i) {
        Input in;
        in.left = r.range(0, 1);
        in.right = r.range(0, 1);
        in.jump = r.range(0, 3) == 0;
        in.down = r.range(0, 3) == 0;
        for (BodyId id : ids)
            w.setInput(id, in);
        w.step();
        for (BodyId id : ids) {
            const auto b = view(w, id);
            QVERIFY(finite(b->position) && finite(b->speed) && finite(b->aabb.center));
        }
    }
}

// Stacks of 16 px boxes on a solid floor (top at y = 16), 600 steps.
void TestImpulse::restingStacks_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<float>("gap");
    QTest::addColumn<float>("massRatio");
    QTest::newRow("1 box") << 1 << 0.0f << 1.0f;
    QTest::newRow("5 boxes") << 5 << 0.0f << 1.0f;
    QTest::newRow("20 boxes") << 20 << 0.0f << 1.0f;
    QTest::newRow("5 boxes dropped with gaps") << 5 << 6.0f << 1.0f;
    QTest::newRow("20 boxes, heavier upwards") << 20 << 0.0f << 1.5f;
}

void TestImpulse::restingStacks() {
    QFETCH(int, count);
    QFETCH(float, gap);
    QFETCH(float, massRatio);
    TileMap m = makeMap(20, 40);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    const float slop = w.settings().correctionSlop;
    std::vector<BodyId> stack;
    float mass = 1.0f;
    for (int i = 0; i < count; ++i) {
        BodyDef d = box({160, 24.0f + float(i) * (16.0f + gap)});
        d.mass = mass;
        mass *= massRatio;
        stack.push_back(w.add(d));
    }
    // Sinking is measured at every step, landings included. Jitter is measured once
    // the stack has compressed to its rest state (slop per contact) and, for dropped
    // stacks, once the boxes have fallen: after that no box may move at all.
    const int settle = gap > 0 ? 120 : 10;
    std::vector<float> lastY(stack.size(), 0.0f);
    float maxSink = 0, maxJitter = 0;
    for (int stepNo = 0; stepNo < 600; ++stepNo) {
        w.step();
        for (std::size_t i = 0; i < stack.size(); ++i) {
            const auto b = view(w, stack[i]);
            const float below = i == 0 ? 16.0f : view(w, stack[i - 1])->aabb.max().y;
            maxSink = std::max(maxSink, below - b->aabb.min().y);
            if (stepNo > settle)
                maxJitter = std::max(maxJitter, std::fabs(b->position.y - lastY[i]));
            lastY[i] = b->position.y;
            QCOMPARE(b->position.x, 160.0f);
        }
    }
    qInfo("stack %d: deepest sink %.6f px (slop %.3f), largest step-to-step move %.6f px", count,
          double(maxSink), double(slop), double(maxJitter));
    QVERIFY2(maxSink <= slop + 1e-4f, qPrintable(QString::number(maxSink)));
    QVERIFY2(maxJitter <= 1e-4f, qPrintable(QString::number(maxJitter)));
    QCOMPARE(view(w, stack[0])->aabb.min().y, 16.0f);
    for (BodyId id : stack) {
        QVERIFY(view(w, id)->has(OnGround)); // supported: characters could jump off
        QVERIFY(std::fabs(view(w, id)->speed.y) < 1e-3f);
    }
    // And it is really standing: the top is where count boxes minus slop put it.
    const float top = view(w, stack.back())->aabb.max().y;
    QVERIFY(top >= 16.0f + 16.0f * float(count) - slop * float(count) - 1e-3f);
}

namespace {
bool sameBits(Vec2 a, Vec2 b) {
    return std::memcmp(&a, &b, sizeof(Vec2)) == 0;
}
} // namespace

// One copy of each collision routine: the world's detection, impulse and
// correction give exactly (bit for bit) what the public overlapsSigned,
// collide*, applyImpulse and applyCorrection give for the same two bodies.
void TestImpulse::solverMatchesPublicFunctions() {
    Rng r(2024);
    int checked = 0;
    for (int trial = 0; trial < 400; ++trial) {
        WorldSettings s = noGravity();
        s.solverIterations = 1;
        World w(makeMap(40, 40), s);
        BodyDef d[2];
        for (BodyDef& def : d) {
            def.shape = r.range(0, 2) == 0 ? Shape::Circle : Shape::Aabb;
            def.position = {r.uniform(300.0f, 340.0f), r.uniform(300.0f, 340.0f)};
            def.velocity = {r.uniform(-300.0f, 300.0f), r.uniform(-300.0f, 300.0f)};
            def.halfSize = {r.uniform(2.0f, 16.0f), r.uniform(2.0f, 16.0f)};
            def.radius = r.uniform(2.0f, 16.0f);
            def.scale = {r.uniform(0.5f, 2.0f), r.uniform(0.5f, 2.0f)};
            def.mass = r.range(0, 5) == 0 ? 0.0f : r.uniform(0.1f, 10.0f);
            def.restitution = r.uniform(0.0f, 1.0f);
            def.collidesWithTiles = false;
            def.gravity = false;
        }
        const BodyId a = w.add(d[0]);
        const BodyId b = w.add(d[1]);
        // Where the step's integration puts them, computed as the step does.
        Vec2 pa = d[0].position + d[0].velocity * s.dt;
        Vec2 pb = d[1].position + d[1].velocity * s.dt;
        const Aabb boxA{pa, w.aabb(a).halfSize};
        const Aabb boxB{pb, w.aabb(b).halfSize};
        const float ra = w.aabb(a).halfSize.x < w.aabb(a).halfSize.y ? w.aabb(a).halfSize.x
                                                                     : w.aabb(a).halfSize.y;
        const float rb = w.aabb(b).halfSize.x < w.aabb(b).halfSize.y ? w.aabb(b).halfSize.x
                                                                     : w.aabb(b).halfSize.y;
        Manifold m;
        bool touching;
        if (d[0].shape == Shape::Aabb && d[1].shape == Shape::Aabb) {
            touching = collideMovingAabbs(boxA, boxB, d[0].position, d[1].position, m);
        } else if (d[0].shape == Shape::Aabb) {
            touching = collideAabbCircle(boxA, pb, rb, m);
        } else if (d[1].shape == Shape::Aabb) {
            touching = collideAabbCircle(boxB, pa, ra, m);
            m.normal = -m.normal;
        } else {
            touching = collideCircles(pa, ra, pb, rb, m);
        }
        Vec2 ov;
        const bool overlapping = overlapsSigned(boxA, boxB, ov);
        w.step();
        QCOMPARE(w.collisions(a).size(), std::size_t(overlapping ? 1 : 0));
        if (overlapping)
            QVERIFY(sameBits(w.collisions(a)[0].overlap, ov));
        if (!touching || (d[0].mass == 0.0f && d[1].mass == 0.0f))
            continue;
        Vec2 va = d[0].velocity;
        Vec2 vb = d[1].velocity;
        const float ima = w.inverseMass(a);
        const float imb = w.inverseMass(b);
        const float e = d[0].restitution < d[1].restitution ? d[0].restitution : d[1].restitution;
        applyImpulse(va, ima, vb, imb, e, m.normal);
        QVERIFY(sameBits(w.velocity(a), va));
        QVERIFY(sameBits(w.velocity(b), vb));
        applyCorrection(pa, ima, pb, imb, m, s.correctionPercent, s.correctionSlop);
        QVERIFY(sameBits(w.position(a), pa));
        QVERIFY(sameBits(w.position(b), pb));
        ++checked;
    }
    QVERIFY(checked > 100);
}

QTEST_GUILESS_MAIN(TestImpulse)
#include "test_impulse.moc"
