// Tile sensors: the four directions, corner landings, one-way platforms, ceilings,
// the map's edges and outside, and the no-tunnelling sweep.
#include "testutil.h"

#include <QtTest/QtTest>

using namespace ts;
using namespace tstest;

class TestSensors : public QObject {
    Q_OBJECT
private slots:
    void directions_data();
    void directions();
    void cornerLandings_data();
    void cornerLandings();
    void oneWayThreshold_data();
    void oneWayThreshold();
    void oneWayFromBelowPassesThrough();
    void dropThrough();
    void noDropThroughWhenPartlyOnSolid();
    void ceilingBump_data();
    void ceilingBump();
    void mapEdgeWalls_data();
    void mapEdgeWalls();
    void outsideTheMap();
    void tunnelling_data();
    void tunnelling();
    void roundedSensorsWithOddScale();
    void subPixelWallOverlap_data();
    void subPixelWallOverlap();
};

// One 16 x 16 px body hits the solid block at tile (10, 10) = [160, 176]^2 from
// each side in one step, with gravity off.
void TestSensors::directions_data() {
    QTest::addColumn<Vec2>("start");
    QTest::addColumn<Vec2>("velocity");
    QTest::addColumn<Vec2>("expected");
    QTest::addColumn<int>("flag");
    QTest::newRow("ground") << Vec2{168, 188} << Vec2{0, -600} << Vec2{168, 184} << int(OnGround);
    QTest::newRow("ceiling") << Vec2{168, 148} << Vec2{0, 600} << Vec2{168, 151} << int(AtCeiling);
    QTest::newRow("left wall") << Vec2{188, 168} << Vec2{-600, 0} << Vec2{184, 168}
                               << int(PushesLeftWall);
    QTest::newRow("right wall") << Vec2{148, 168} << Vec2{600, 0} << Vec2{152, 168}
                                << int(PushesRightWall);
    QTest::newRow("ground, moving up: no check")
        << Vec2{168, 185} << Vec2{0, 60} << Vec2{168, 186} << 0;
    QTest::newRow("ceiling, moving down: no check")
        << Vec2{168, 151} << Vec2{0, -60} << Vec2{168, 150} << 0;
    QTest::newRow("left wall, moving right: no check")
        << Vec2{185, 168} << Vec2{60, 0} << Vec2{186, 168} << 0;
    QTest::newRow("resting on ground stays")
        << Vec2{168, 184} << Vec2{0, 0} << Vec2{168, 184} << int(OnGround);
    QTest::newRow("miss beside the block")
        << Vec2{140, 188} << Vec2{0, -600} << Vec2{140, 178} << 0;
}

void TestSensors::directions() {
    QFETCH(Vec2, start);
    QFETCH(Vec2, velocity);
    QFETCH(Vec2, expected);
    QFETCH(int, flag);
    TileMap m = makeMap(20, 20);
    m.set(10, 10, Tile::Solid);
    World w(m, noGravity());
    const BodyId id = w.add(box(start, velocity));
    w.step();
    const auto b = view(w, id);
    QVERIFY(b);
    QVERIFY(std::fabs(b->position.x - expected.x) < 1e-3f);
    QVERIFY(std::fabs(b->position.y - expected.y) < 1e-3f);
    QCOMPARE(int(b->contacts & (OnGround | AtCeiling | PushesLeftWall | PushesRightWall)), flag);
    if (flag & (OnGround | AtCeiling))
        QCOMPARE(b->speed.y, 0.0f);
    if (flag & (PushesLeftWall | PushesRightWall))
        QCOMPARE(b->speed.x, 0.0f);
    QCOMPARE(b->aabb.center, b->position);
}

// Block at tile (5, 5) = [80, 96]^2; a 16 px body falls 10 px onto its corners.
void TestSensors::cornerLandings_data() {
    QTest::addColumn<Vec2>("start");
    QTest::addColumn<Vec2>("velocity");
    QTest::addColumn<bool>("grounded");
    QTest::addColumn<Vec2>("expected");
    QTest::newRow("1 px over the left corner lands")
        << Vec2{73, 108} << Vec2{0, -600} << true << Vec2{73, 104};
    QTest::newRow("flush with the left face falls past")
        << Vec2{72, 108} << Vec2{0, -600} << false << Vec2{72, 98};
    QTest::newRow("1 px over the right corner lands")
        << Vec2{103, 108} << Vec2{0, -600} << true << Vec2{103, 104};
    QTest::newRow("flush with the right face falls past")
        << Vec2{104, 108} << Vec2{0, -600} << false << Vec2{104, 98};
    // Horizontal first: coming from the side into the corner pushes sideways.
    QTest::newRow("diagonal into left corner is pushed sideways")
        << Vec2{60, 108} << Vec2{900, -600} << false << Vec2{72, 98};
    QTest::newRow("diagonal into right corner is pushed sideways")
        << Vec2{116, 108} << Vec2{-900, -600} << false << Vec2{104, 98};
    QTest::newRow("diagonal landing well inside the top")
        << Vec2{80, 108} << Vec2{120, -600} << true << Vec2{82, 104};
}

void TestSensors::cornerLandings() {
    QFETCH(Vec2, start);
    QFETCH(Vec2, velocity);
    QFETCH(bool, grounded);
    QFETCH(Vec2, expected);
    TileMap m = makeMap(20, 20);
    m.set(5, 5, Tile::Solid);
    World w(m, noGravity());
    const BodyId id = w.add(box(start, velocity));
    w.step();
    const auto b = view(w, id);
    QCOMPARE(b->has(OnGround), grounded);
    QVERIFY2(std::fabs(b->position.x - expected.x) < 1e-3f,
             qPrintable(QString::number(b->position.x)));
    QVERIFY2(std::fabs(b->position.y - expected.y) < 1e-3f,
             qPrintable(QString::number(b->position.y)));
    QCOMPARE(solidPenetration(w.map(), b->aabb), 0.0f);
}

// One-way row 4 (top T = 80). The body's bottom starts `k` px below the top and
// moves `d` px down in one step. It lands when its (rounded) sensor, 1 px under
// the bottom, is at most 2 + d px under the top: k + d + 1 <= 2 + d, i.e. k <= 1.
void TestSensors::oneWayThreshold_data() {
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("d");
    QTest::addColumn<bool>("lands");
    QTest::newRow("above, sensor reaches the top only") << -3 << 2 << false;
    QTest::newRow("from above") << -2 << 2 << true;
    QTest::newRow("bottom on the top") << 0 << 2 << true;
    QTest::newRow("1 px in: just inside, d=2") << 1 << 2 << true;
    QTest::newRow("2 px in: just outside, d=2") << 2 << 2 << false;
    QTest::newRow("1 px in: just inside, d=5") << 1 << 5 << true;
    QTest::newRow("2 px in: just outside, d=5") << 2 << 5 << false;
    QTest::newRow("1 px in: just inside, d=1") << 1 << 1 << true;
    QTest::newRow("2 px in: just outside, d=1") << 2 << 1 << false;
    QTest::newRow("deep inside") << 9 << 3 << false;
}

void TestSensors::oneWayThreshold() {
    QFETCH(int, k);
    QFETCH(int, d);
    QFETCH(bool, lands);
    TileMap m = makeMap(20, 20);
    fillRow(m, 4, Tile::OneWay);
    World w(m, noGravity());
    const float top = 80.0f;
    const BodyId id = w.add(box({100, top - float(k) + 8.0f}, {0, float(d) * 60.0f}));
    w.setVelocity(id, {0, -float(d) * 60.0f});
    w.step();
    const auto b = view(w, id);
    QCOMPARE(b->has(OnGround), lands);
    QCOMPARE(b->has(OnOneWayPlatform), lands);
    if (lands)
        QCOMPARE(b->position.y, top + 8.0f);
}

void TestSensors::oneWayFromBelowPassesThrough() {
    TileMap m = makeMap(20, 20);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 4, Tile::OneWay);
    World w(m); // gravity on
    // Thrown upwards from under the platform: passes it, then lands on its top.
    const BodyId id = w.add(box({100, 24}, {0, 700}));
    float maxY = 0;
    bool landedOnPlatform = false;
    for (int i = 0; i < 120; ++i) {
        w.step();
        const auto b = view(w, id);
        maxY = std::max(maxY, b->position.y);
        QVERIFY(!b->has(AtCeiling));
        if (b->has(OnOneWayPlatform)) {
            landedOnPlatform = true;
            QCOMPARE(b->position.y, 88.0f);
        }
    }
    QVERIFY(maxY > 88.0f);
    QVERIFY(landedOnPlatform);
    QCOMPARE(view(w, id)->position.y, 88.0f);
}

void TestSensors::dropThrough() {
    TileMap m = makeMap(20, 20);
    fillRow(m, 0, Tile::Solid);  // floor, top 16
    fillRow(m, 5, Tile::OneWay); // platform, top 96
    World w(m);
    BodyDef def = box({100, 104});
    def.control = Control::Character;
    const BodyId id = w.add(def);
    for (int i = 0; i < 5; ++i)
        w.step();
    QVERIFY(view(w, id)->has(OnOneWayPlatform));
    QCOMPARE(view(w, id)->position.y, 104.0f);
    Input down;
    down.down = true;
    w.setInput(id, down);
    bool landedOnFloor = false;
    for (int i = 0; i < 120; ++i) {
        w.step();
        const auto b = view(w, id);
        // Never lands on the platform again on the way down (down held or not).
        QVERIFY(!b->has(OnOneWayPlatform));
        if (b->has(OnGround)) {
            QCOMPARE(b->position.y, 24.0f);
            landedOnFloor = true;
        }
        if (i == 3)
            w.setInput(id, Input{});
    }
    QVERIFY(landedOnFloor);
}

void TestSensors::noDropThroughWhenPartlyOnSolid() {
    TileMap m = makeMap(20, 20);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 5, Tile::OneWay);
    m.set(6, 5, Tile::Solid); // tile x 6 covers [96, 112]
    World w(m);
    BodyDef def = box({92, 104}); // spans [84, 100]: one-way and solid under it
    def.control = Control::Character;
    const BodyId id = w.add(def);
    w.step();
    QVERIFY(view(w, id)->has(OnGround));
    QVERIFY(!view(w, id)->has(OnOneWayPlatform)); // solid wins
    Input down;
    down.down = true;
    w.setInput(id, down);
    for (int i = 0; i < 30; ++i) {
        w.step();
        QCOMPARE(view(w, id)->position.y, 104.0f);
        QVERIFY(view(w, id)->has(OnGround));
    }
}

void TestSensors::ceilingBump_data() {
    QTest::addColumn<int>("ceilingKind");
    QTest::addColumn<bool>("bumps");
    QTest::newRow("solid ceiling stops the jump") << int(Tile::Solid) << true;
    QTest::newRow("one-way above is jumped through") << int(Tile::OneWay) << false;
}

void TestSensors::ceilingBump() {
    QFETCH(int, ceilingKind);
    QFETCH(bool, bumps);
    TileMap m = makeMap(20, 20);
    fillRow(m, 0, Tile::Solid);                    // floor top 16
    fillRow(m, 4, static_cast<Tile>(ceilingKind)); // bottom 64, top 80
    World w(m);
    BodyDef def = box({100, 24});
    def.control = Control::Character;
    const BodyId id = w.add(def);
    w.step();
    Input jump;
    jump.jump = true;
    w.setInput(id, jump);
    w.step();
    w.setInput(id, Input{});
    bool hitCeiling = false;
    float maxTop = 0;
    for (int i = 0; i < 90; ++i) {
        w.step();
        const auto b = view(w, id);
        maxTop = std::max(maxTop, b->aabb.max().y);
        if (b->has(AtCeiling)) {
            hitCeiling = true;
            QCOMPARE(b->aabb.max().y, 63.0f); // 1 px under the ceiling
            QCOMPARE(b->speed.y, 0.0f);
        }
    }
    QCOMPARE(hitCeiling, bumps);
    if (bumps) {
        QCOMPARE(maxTop, 63.0f);
        QCOMPARE(view(w, id)->position.y, 24.0f); // back on the floor
    } else {
        QVERIFY(maxTop > 80.0f);
        QCOMPARE(view(w, id)->position.y, 88.0f); // landed on the one-way platform
    }
}

void TestSensors::mapEdgeWalls_data() {
    QTest::addColumn<float>("vx");
    QTest::newRow("slow left") << -100.0f;
    QTest::newRow("fast left") << -3000.0f;
    QTest::newRow("8 tiles/step left") << -7680.0f;
    QTest::newRow("slow right") << 100.0f;
    QTest::newRow("fast right") << 3000.0f;
    QTest::newRow("8 tiles/step right") << 7680.0f;
}

void TestSensors::mapEdgeWalls() {
    QFETCH(float, vx);
    TileMap m = makeMap(30, 10);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    const BodyId id = w.add(box({240, 24}, {vx, 0}));
    bool pushed = false;
    for (int i = 0; i < 200; ++i) {
        w.setVelocity(id, {vx, view(w, id)->speed.y});
        w.step();
        const auto b = view(w, id);
        QVERIFY(b->aabb.min().x >= 0.0f);
        QVERIFY(b->aabb.max().x <= 480.0f);
        pushed = pushed || b->has(vx < 0 ? PushesLeftWall : PushesRightWall);
    }
    QVERIFY(pushed);
    QCOMPARE(view(w, id)->aabb.min().x, vx < 0 ? 0.0f : 464.0f);
    QCOMPARE(view(w, id)->position.y, 24.0f);
}

void TestSensors::outsideTheMap() {
    TileMap m = makeMap(10, 3); // no tiles at all
    World w(m);
    // Below: the boundary is a solid floor at y = 0.
    const BodyId falling = w.add(box({80, 40}));
    // Above: open sky; a body above the top falls back in.
    const BodyId high = w.add(box({40, 500}));
    // Jumping out of the top: no ceiling at the map's top edge (48 px).
    BodyDef c = box({120, 8});
    c.control = Control::Character;
    const BodyId jumper = w.add(c);
    // Placed inside the left boundary: embedded in solid, stays put, stays finite.
    const BodyId embedded = w.add(box({-100, 100}));
    w.step();
    Input jump;
    jump.jump = true;
    w.setInput(jumper, jump);
    w.step();
    w.setInput(jumper, Input{});
    float jumperTop = 0;
    for (int i = 0; i < 300; ++i) {
        w.step();
        jumperTop = std::max(jumperTop, view(w, jumper)->aabb.max().y);
        QVERIFY(!view(w, jumper)->has(AtCeiling));
        for (BodyId id : w.bodies())
            QVERIFY(finite(view(w, id)->position));
    }
    QCOMPARE(view(w, falling)->position.y, 8.0f);
    QVERIFY(view(w, falling)->has(OnGround));
    QCOMPARE(view(w, high)->position.y, 8.0f);
    QVERIFY(jumperTop > 48.0f + 16.0f);
    QCOMPARE(view(w, jumper)->position.y, 8.0f);
    QCOMPARE(view(w, embedded)->position.x, -100.0f);
    QVERIFY(view(w, embedded)->position.y <= 100.0f);
}

// Speeds 1.5 .. 8 tiles per step against a one-tile wall / floor / ceiling /
// one-way floor and diagonally into corners, start offsets swept by 1/16 tile.
void TestSensors::tunnelling_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<float>("tilesPerStep");
    const char* kinds[] = {"wall right", "wall left",    "floor",        "ceiling",
                           "one-way",    "inner corner", "outer corner", "diagonal floor"};
    for (const char* k : kinds)
        for (float s = 1.5f; s <= 8.0f; s += 0.5f)
            QTest::newRow(qPrintable(QString("%1 %2").arg(k).arg(s))) << QString(k) << s;
}

void TestSensors::tunnelling() {
    QFETCH(QString, kind);
    QFETCH(float, tilesPerStep);
    const float ts = 16.0f;
    const float v = tilesPerStep * ts * 60.0f;
    for (int off = 0; off < 16; ++off) {
        const float o = float(off) * ts / 16.0f;
        TileMap m = makeMap(80, 80);
        Vec2 start, vel;
        // Wall column 40 ([640, 656]), floor row 40 ([640, 656]).
        if (kind == "wall right") {
            fillColumn(m, 40, Tile::Solid);
            start = {640 - 8 - 20 * ts - o, 400};
            vel = {v, 0};
        } else if (kind == "wall left") {
            fillColumn(m, 40, Tile::Solid);
            start = {656 + 8 + 20 * ts + o, 400};
            vel = {-v, 0};
        } else if (kind == "floor" || kind == "one-way") {
            fillRow(m, 40, kind == "floor" ? Tile::Solid : Tile::OneWay);
            start = {400, 656 + 8 + 20 * ts + o};
            vel = {0, -v};
        } else if (kind == "ceiling") {
            fillRow(m, 40, Tile::Solid);
            start = {400, 640 - 8 - 20 * ts - o};
            vel = {0, v};
        } else if (kind == "inner corner") {
            fillRow(m, 40, Tile::Solid, 0, 40);
            fillColumn(m, 40, Tile::Solid, 40, 79);
            start = {640 - 8 - 20 * ts - o, 656 + 8 + 20 * ts + o * 0.5f};
            vel = {v, -v};
        } else if (kind == "outer corner") {
            m.set(40, 40, Tile::Solid); // a single block, hit from the upper left
            start = {640 - 8 - 10 * ts - o, 656 + 8 + 10 * ts - o * 0.5f};
            vel = {v, -v};
        } else { // diagonal floor: fast and shallow onto a long one-tile floor
            fillRow(m, 40, Tile::Solid);
            start = {100 + o, 656 + 8 + 5 * ts + o};
            vel = {v, -v * 0.25f};
        }
        World w(m, noGravity());
        const BodyId id = w.add(box(start, vel));
        for (int i = 0; i < 40; ++i) {
            w.step();
            const auto b = view(w, id);
            const QString where = QString("offset %1 step %2 at (%3, %4)")
                                      .arg(off)
                                      .arg(i)
                                      .arg(b->position.x)
                                      .arg(b->position.y);
            QVERIFY2(solidPenetration(w.map(), b->aabb) == 0.0f, qPrintable(where));
            if (kind == "wall right" || kind == "inner corner")
                QVERIFY2(b->aabb.max().x <= 640.0f, qPrintable(where));
            if (kind == "wall left")
                QVERIFY2(b->aabb.min().x >= 656.0f, qPrintable(where));
            if (kind == "floor" || kind == "one-way" || kind == "inner corner" ||
                kind == "diagonal floor")
                QVERIFY2(b->aabb.min().y >= 656.0f, qPrintable(where));
            if (kind == "ceiling")
                QVERIFY2(b->aabb.max().y <= 640.0f, qPrintable(where));
        }
        const auto b = view(w, id);
        if (kind == "wall right")
            QVERIFY(b->has(PushesRightWall) && b->aabb.max().x == 640.0f);
        if (kind == "wall left")
            QVERIFY(b->has(PushesLeftWall) && b->aabb.min().x == 656.0f);
        if (kind == "floor" || kind == "one-way")
            QVERIFY(b->has(OnGround) && b->aabb.min().y == 656.0f);
        if (kind == "ceiling")
            QVERIFY(b->aabb.max().y == 639.0f);
    }
}

void TestSensors::roundedSensorsWithOddScale() {
    // A scaled body with an odd size and an offset map: sensors are rounded, so a
    // body resting on the ground keeps resting (no creeping, no falling through).
    TileMap m(20, 20, 16.0f, {8.25f, 8.0f});
    fillRow(m, 0, Tile::Solid);
    World w(m);
    BodyDef d = box({100, 30}, {}, {5.3f, 7.1f});
    d.scale = {1.37f, 0.83f};
    const BodyId id = w.add(d);
    for (int i = 0; i < 120; ++i)
        w.step();
    const auto b = view(w, id);
    QCOMPARE(solidPenetration(w.map(), b->aabb), 0.0f);
    QVERIFY(b->has(OnGround));
    QCOMPARE(b->aabb.min().y, 16.0f);
    const float y = b->position.y;
    for (int i = 0; i < 60; ++i) {
        w.step();
        QCOMPARE(view(w, id)->position.y, y);
    }
}

// Regression (bench settle, 10,000 bodies, a 10 x 10 box ended 2.4 px inside a
// wall): a box whose edge overlaps a wall column by under half a pixel while it is
// above the wall top. The ground sensor spans the rounded pixel columns, so it
// misses the wall top; the wall sensor sees the wall once the box is below the top,
// and the response must push the box out sideways (the old edge rounds to outside)
// instead of letting it slide down inside the wall (and a neighbour's correction
// push shove it deeper). From half a pixel of overlap on, the ground sensor sees the
// wall top and the box lands on it. Wall: column 5 = [80, 96) x [0, 96).
void TestSensors::subPixelWallOverlap_data() {
    QTest::addColumn<float>("overlap");
    QTest::addColumn<bool>("rightEdge"); // the box's right edge overlaps the wall's left face
    QTest::addColumn<float>("fallSpeed");
    QTest::addColumn<bool>("neighbour"); // a second box beside it, on the open side
    QTest::addColumn<bool>("landsOnTop");
    for (const bool right : {true, false}) {
        const char* side = right ? "right edge" : "left edge";
        for (const float d : {0.25f, 0.49f, 0.5f, 0.75f}) {
            // Rounding is half away from zero: a right edge at 80.5 rounds into the
            // wall (the ground sensor reaches column 5), a left edge at 95.5 out of it.
            const bool lands = right ? d >= 0.5f : d > 0.5f;
            for (const float v : {0.0f, 800.0f}) // 800 px/s: the bench's box, 13 px a step
                QTest::addRow("%s %.2f px, %.0f px/s", side, static_cast<double>(d),
                              static_cast<double>(v))
                    << d << right << v << false << lands;
            if (!lands)
                QTest::addRow("%s %.2f px, pushed by a neighbour", side, static_cast<double>(d))
                    << d << right << 800.0f << true << false;
        }
    }
}

void TestSensors::subPixelWallOverlap() {
    QFETCH(float, overlap);
    QFETCH(bool, rightEdge);
    QFETCH(float, fallSpeed);
    QFETCH(bool, neighbour);
    QFETCH(bool, landsOnTop);
    TileMap m = makeMap(12, 12);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 5, Tile::Solid, 0, 5);
    World w(m); // default gravity
    const Vec2 half{5.0f, 5.0f};
    const float x = rightEdge ? 80.0f - 5.0f + overlap : 96.0f + 5.0f - overlap;
    const float y = 96.0f + 8.0f; // centre 8 px above the wall top, as in the bench
    const BodyId id = w.add(box({x, y}, {0.0f, -fallSpeed}, half));
    // The neighbour overlaps the box by 1 px on the open side: the correction pushes
    // the box towards the wall every step while they fall together.
    BodyId other;
    if (neighbour)
        other = w.add(box({rightEdge ? x - 9.0f : x + 9.0f, y}, {0.0f, -fallSpeed}, half));
    for (int step = 1; step <= 90; ++step) {
        w.step();
        const auto b = view(w, id);
        QVERIFY(b);
        // Overlap with the wall: the sensors work on whole pixels, so the box's corner
        // may overlap the wall's top corner by under a pixel on both axes for the step
        // before the wall sensor sees it. Sliding down inside the wall (the bug) keeps
        // the sub-pixel overlap across but grows the one down.
        const float ox = std::min(b->aabb.max().x, 96.0f) - std::max(b->aabb.min().x, 80.0f);
        const float oy = std::min(b->aabb.max().y, 96.0f) - std::max(b->aabb.min().y, 0.0f);
        QVERIFY2(ox <= 0.0f || oy <= 0.0f || (ox < 1.0f && oy < 1.0f),
                 qPrintable(QStringLiteral("step %1: box at (%2, %3) is %4 x %5 px inside the wall")
                                .arg(step)
                                .arg(double(b->position.x))
                                .arg(double(b->position.y))
                                .arg(double(ox))
                                .arg(double(oy))));
        if (neighbour)
            QCOMPARE(solidPenetration(w.map(), view(w, other)->aabb), 0.0f);
    }
    const auto b = view(w, id);
    QCOMPARE(solidPenetration(w.map(), b->aabb), 0.0f);
    QVERIFY(b->has(OnGround));
    if (landsOnTop) {
        QCOMPARE(b->position.y, 101.0f); // bottom on the wall top
        QCOMPARE(b->position.x, x);
    } else {
        QCOMPARE(b->position.y, 21.0f); // pushed out flush, fell to the floor
        QCOMPARE(b->position.x, rightEdge ? 75.0f : 101.0f);
    }
}

QTEST_GUILESS_MAIN(TestSensors)
#include "test_sensors.moc"
