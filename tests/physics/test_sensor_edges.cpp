// Tile sensors at exact tile edges and sub-pixel corners: a body flush against a
// wall (its side exactly on the wall's face) lands, rests and jumps like one away
// from the wall, on solid floors and one-way platforms, at odd sizes and scales.
//
// Regression (test_property noTunnelling, seed 1, step 586, body 85): a body with
// its left edge at x = 16.0 beside the map's left wall fell 18 px in one step and
// ended 15 px inside the floor. The ground sensor snapped it onto the floor, then
// the ceiling sensor, whose left end was derived from its rounded right end minus
// the unrounded width (up to half a pixel left of the box), read the wall column
// as a ceiling and put the body one pixel "under" it: below the floor.
#include "testutil.h"

#include <QtTest/QtTest>

using namespace ts;
using namespace tstest;

namespace {

// Walls: columns 0 and 11 ([0, 16) and [176, 192)). Floor: row 0 (top 16).
// One-way platform: row 3, columns 1-10 (top 64).
TileMap room(bool oneWay) {
    TileMap m = makeMap(12, 12);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 0, Tile::Solid);
    fillColumn(m, 11, Tile::Solid);
    if (oneWay)
        fillRow(m, 3, Tile::OneWay, 1, 10);
    return m;
}

QString where(const World& w, BodyId id, int step) {
    const Aabb b = w.aabb(id);
    return QStringLiteral("step %1: box [%2, %3] x [%4, %5]")
        .arg(step)
        .arg(double(b.min().x), 0, 'g', 9)
        .arg(double(b.max().x), 0, 'g', 9)
        .arg(double(b.min().y), 0, 'g', 9)
        .arg(double(b.max().y), 0, 'g', 9);
}

} // namespace

class TestSensorEdges : public QObject {
    Q_OBJECT
private slots:
    void flushAgainstWall_data();
    void flushAgainstWall();
    void jumpFlushAgainstWall_data();
    void jumpFlushAgainstWall();
    void subPixelCornerLandsOnTop_data();
    void subPixelCornerLandsOnTop();
    void walksIntoExactFitCorridor();
};

void TestSensorEdges::flushAgainstWall_data() {
    QTest::addColumn<bool>("leftWall");
    QTest::addColumn<float>("half");  // unscaled half size (square box)
    QTest::addColumn<float>("scale"); // uniform
    QTest::addColumn<bool>("oneWay");
    QTest::addColumn<bool>("circle");
    QTest::addColumn<float>("fallSpeed");
    // 6.59371424 px: the property test's body. Widths whose right edge - 1 rounds
    // down (x.19, x.25, x.4) were the failing ones on the left wall. (Not x.5 or
    // more: the wall sensor, 1 px outside, then reaches the next column's floor
    // tile when the box dips below the floor top during the move, and the
    // horizontal-first rule snaps the box flush with that column, see README.)
    const float halves[] = {6.59371424f, 5.0f, 6.125f, 6.2f, 7.0f};
    for (const bool left : {true, false})
        for (const float h : halves)
            for (const float s : {1.0f, 1.37f})
                for (const bool oneWay : {false, true})
                    for (const bool circle : {false, true}) {
                        QTest::addRow("%s wall, half %g, scale %g, %s, %s", left ? "left" : "right",
                                      double(h), double(s), oneWay ? "one-way" : "floor",
                                      circle ? "circle" : "box")
                            << left << h << s << oneWay << circle << 275.0f;
                    }
    QTest::newRow("left wall, property test's body at rest")
        << true << 6.59371424f << 1.0f << false << true << 0.0f;
    QTest::newRow("left wall, max fall speed") << true << 6.2f << 1.0f << false << false << 720.0f;
    QTest::newRow("right wall, max fall speed")
        << false << 6.2f << 1.0f << false << false << 720.0f;
}

void TestSensorEdges::flushAgainstWall() {
    QFETCH(bool, leftWall);
    QFETCH(float, half);
    QFETCH(float, scale);
    QFETCH(bool, oneWay);
    QFETCH(bool, circle);
    QFETCH(float, fallSpeed);
    World w(room(oneWay));
    const float floorTop = oneWay ? 64.0f : 16.0f;
    const float h = half * scale; // the scaled half size (exact for these values)
    BodyDef d = box({}, {0.0f, -fallSpeed}, {half, half});
    d.shape = circle ? Shape::Circle : Shape::Aabb;
    d.radius = half;
    d.scale = {scale, scale};
    d.position = {leftWall ? 16.0f + h : 176.0f - h, floorTop + h + 11.0f};
    const BodyId id = w.add(d);
    QCOMPARE(leftWall ? w.aabb(id).min().x : w.aabb(id).max().x, leftWall ? 16.0f : 176.0f);
    for (int step = 1; step <= 60; ++step) {
        w.step();
        const Aabb b = w.aabb(id);
        QVERIFY2(solidPenetration(w.map(), b) == 0.0f, qPrintable(where(w, id, step)));
        // (1e-4: the box's bottom is position - half, one float rounding off the snap)
        QVERIFY2(b.min().y >= floorTop - 1e-4f, qPrintable(where(w, id, step)));
    }
    const Aabb b = w.aabb(id);
    QVERIFY2(w.hasContact(id, OnGround), qPrintable(where(w, id, 60)));
    QCOMPARE(b.min().y, floorTop);
    QCOMPARE(leftWall ? b.min().x : b.max().x, leftWall ? 16.0f : 176.0f); // still flush
    QCOMPARE(w.hasContact(id, OnOneWayPlatform), oneWay);
}

// A character flush against a wall jumps as high as one in the open: before the
// fix the ceiling sensor read the wall at every tile row on the way up.
void TestSensorEdges::jumpFlushAgainstWall_data() {
    QTest::addColumn<float>("half");
    for (const float h : {6.59371424f, 6.2f, 7.0f, 7.75f})
        QTest::addRow("half %g", double(h)) << h;
}

void TestSensorEdges::jumpFlushAgainstWall() {
    QFETCH(float, half);
    TileMap m = makeMap(24, 16);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 0, Tile::Solid);
    fillColumn(m, 23, Tile::Solid);
    World w(m);
    BodyDef d = box({}, {}, {half, half});
    d.control = Control::Character;
    d.position = {16.0f + half, 16.0f + half}; // flush against the left wall
    const BodyId leftId = w.add(d);
    d.position = {368.0f - half, 16.0f + half}; // flush against the right wall
    const BodyId rightId = w.add(d);
    d.position = {192.0f + 0.3f, 16.0f + half}; // in the open
    const BodyId openId = w.add(d);
    for (const BodyId id : {leftId, rightId, openId})
        w.setInput(id, {.jump = true});
    float apex[3] = {0, 0, 0};
    for (int step = 1; step <= 90; ++step) {
        w.step();
        int k = 0;
        for (const BodyId id : {leftId, rightId, openId}) {
            QVERIFY2(!w.hasContact(id, AtCeiling), qPrintable(where(w, id, step)));
            apex[k] = std::max(apex[k], w.position(id).y);
            ++k;
        }
        QCOMPARE(w.position(leftId).y, w.position(openId).y);
        QCOMPARE(w.position(rightId).y, w.position(openId).y);
    }
    QVERIFY(apex[2] > 16.0f + half + 70.0f); // a full jump (72.83 px)
}

// A box over a pillar's top corner by 0.5 to 1 px (a pixel column it covers by at
// least half) lands on it from either side; the ground sensor's far end used to be
// the rounded near end plus the unrounded width, which could stop up to half a
// pixel short on the right. Pillar: column 5 = [80, 96), rows 0-5 (top 96).
void TestSensorEdges::subPixelCornerLandsOnTop_data() {
    QTest::addColumn<bool>("rightCorner"); // the box hangs over the pillar's right corner
    QTest::addColumn<float>("overlap");
    QTest::addColumn<float>("nearEdgeFraction"); // sub-pixel position of the other edge
    for (const bool right : {false, true})
        for (const float o : {0.6f, 0.75f, 0.9f})
            for (const float f : {0.1f, 0.4f})
                QTest::addRow("%s corner, %g px over, far edge +%g", right ? "right" : "left",
                              double(o), double(f))
                    << right << o << f;
}

void TestSensorEdges::subPixelCornerLandsOnTop() {
    QFETCH(bool, rightCorner);
    QFETCH(float, overlap);
    QFETCH(float, nearEdgeFraction);
    TileMap m = makeMap(12, 12);
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 5, Tile::Solid, 0, 5);
    World w(m, noGravity());
    // Box width: a whole number of pixels + the fractions, so that the edge away
    // from the pillar sits at `nearEdgeFraction` past a pixel.
    const float width =
        20.0f + (rightCorner ? overlap - nearEdgeFraction : overlap + nearEdgeFraction);
    const float left = rightCorner ? 96.0f - overlap : 80.0f + overlap - width;
    const float half = width * 0.5f;
    const BodyId id = w.add(box({left + half, 96.0f + half + 4.0f}, {0.0f, -300.0f}, {half, half}));
    w.step();
    const Aabb b = w.aabb(id);
    QVERIFY2(w.hasContact(id, OnGround), qPrintable(where(w, id, 1)));
    QCOMPARE(b.min().y, 96.0f);
    QCOMPARE(b.min().x, w.oldPosition(id).x - half); // no sideways push
}

// The wall sensors span the box's pixel rows [bottom, top - 1], like the ground
// and ceiling sensors' columns: a body exactly as tall as a corridor (as setScale
// can make one, see README "Scaling") walks in. With the tutorial's bottom-to-top
// inclusive rows it read the corridor's ceiling at its top edge as a wall. Floor:
// row 0 (top 16); corridor ceiling: row 2, columns 6-12 (bottom 32), 16 px high.
void TestSensorEdges::walksIntoExactFitCorridor() {
    TileMap m = makeMap(20, 12);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 2, Tile::Solid, 6, 12);
    World w(m);
    BodyDef d = box({60, 24}); // 16 x 16, standing on the floor
    d.control = Control::Character;
    const BodyId id = w.add(d);
    for (int step = 0; step < 60; ++step) {
        w.setInput(id, {.right = true});
        w.step();
        QCOMPARE(w.aabb(id).min().y, 16.0f);
        QCOMPARE(solidPenetration(w.map(), w.aabb(id)), 0.0f);
    }
    QVERIFY2(w.position(id).x > 120.0f, qPrintable(QString::number(double(w.position(id).x))));
    QVERIFY(!w.hasContact(id, PushesRightWall));
}

QTEST_GUILESS_MAIN(TestSensorEdges)
#include "test_sensor_edges.moc"
