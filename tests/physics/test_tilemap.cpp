// TileMap: point <-> tile conversion (negative coordinates included) and the
// documented behaviour outside the map.
#include <tilesmith/physics/tilemap.h>

#include <QtTest/QtTest>

using namespace ts;

class TestTileMap : public QObject {
    Q_OBJECT
private slots:
    void tileAtPoint_data();
    void tileAtPoint();
    void outside_data();
    void outside();
    void setInsideAndOutside();
    void tileCenterRoundTrip();
    void hugeAndNanCoordinates();
};

void TestTileMap::tileAtPoint_data() {
    QTest::addColumn<float>("tileSize");
    QTest::addColumn<float>("mapX");
    QTest::addColumn<float>("px");
    QTest::addColumn<int>("expected");
    // Map at (8, 8) with 16 px tiles: tile x covers [16x, 16x + 16).
    QTest::newRow("origin") << 16.0f << 8.0f << 0.0f << 0;
    QTest::newRow("inside first") << 16.0f << 8.0f << 15.99f << 0;
    QTest::newRow("edge belongs right") << 16.0f << 8.0f << 16.0f << 1;
    QTest::newRow("just negative") << 16.0f << 8.0f << -0.01f << -1;
    QTest::newRow("minus one tile") << 16.0f << 8.0f << -16.0f << -1;
    QTest::newRow("minus one tile - eps") << 16.0f << 8.0f << -16.01f << -2;
    QTest::newRow("far negative") << 16.0f << 8.0f << -1000.0f << -63;
    // Map at (0, 0): tile 0 is centred on 0, covering [-ts/2, ts/2).
    QTest::newRow("centred -half") << 32.0f << 0.0f << -16.0f << 0;
    QTest::newRow("centred below -half") << 32.0f << 0.0f << -16.5f << -1;
    QTest::newRow("centred +half") << 32.0f << 0.0f << 16.0f << 1;
    QTest::newRow("offset map") << 10.0f << -103.0f << -100.0f << 0;
}

void TestTileMap::tileAtPoint() {
    QFETCH(float, tileSize);
    QFETCH(float, mapX);
    QFETCH(float, px);
    QFETCH(int, expected);
    TileMap m(4, 4, tileSize, {mapX, mapX});
    QCOMPARE(m.tileXAtPoint(px), expected);
    QCOMPARE(m.tileYAtPoint(px), expected);
    QCOMPARE(m.tileAtPoint({px, px}), (TileCoord{expected, expected}));
}

void TestTileMap::outside_data() {
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("expected");
    // Default boundary: solid left, right and below; open sky above.
    QTest::newRow("left") << -1 << 2 << int(Tile::Solid);
    QTest::newRow("far left") << -100000 << 2 << int(Tile::Solid);
    QTest::newRow("right") << 5 << 2 << int(Tile::Solid);
    QTest::newRow("below") << 2 << -1 << int(Tile::Solid);
    QTest::newRow("above") << 2 << 5 << int(Tile::Empty);
    QTest::newRow("far above") << 2 << 30 << int(Tile::Empty);
    QTest::newRow("corner above-left: walls win") << -1 << 5 << int(Tile::Solid);
    QTest::newRow("corner above-right") << 5 << 9 << int(Tile::Solid);
    QTest::newRow("inside empty") << 2 << 2 << int(Tile::Empty);
    QTest::newRow("inside one-way") << 1 << 3 << int(Tile::OneWay);
}

void TestTileMap::outside() {
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(int, expected);
    TileMap m(5, 5);
    m.set(1, 3, Tile::OneWay);
    QCOMPARE(int(m.at(x, y)), expected);
}

void TestTileMap::setInsideAndOutside() {
    TileMap m(3, 2);
    QVERIFY(m.set(2, 1, Tile::Solid));
    QCOMPARE(m.at(2, 1), Tile::Solid);
    QCOMPARE(m.tiles()[1 * 3 + 2], Tile::Solid); // row-major, row 0 = bottom
    QVERIFY(!m.set(3, 0, Tile::Solid));
    QVERIFY(!m.set(-1, 0, Tile::Solid));
    QVERIFY(!m.set(0, 2, Tile::Solid));
    QVERIFY(!m.set(0, -1, Tile::Empty));
    QCOMPARE(m.tiles().size(), std::size_t(6));
    MapBoundary open{Tile::Empty, Tile::OneWay, Tile::Empty, Tile::Solid};
    m.setBoundary(open);
    QCOMPARE(m.at(-1, 0), Tile::Empty);
    QCOMPARE(m.at(3, 0), Tile::OneWay);
    QCOMPARE(m.at(0, 2), Tile::Solid);
}

void TestTileMap::tileCenterRoundTrip() {
    TileMap m(10, 10, 12.0f, {-37.5f, 20.25f});
    for (int y = -3; y < 13; ++y)
        for (int x = -3; x < 13; ++x)
            QCOMPARE(m.tileAtPoint(m.tileCenter(x, y)), (TileCoord{x, y}));
    QCOMPARE(m.origin(), (Vec2{-43.5f, 14.25f}));
    QCOMPARE(m.size(), (Vec2{120.0f, 120.0f}));
}

void TestTileMap::hugeAndNanCoordinates() {
    TileMap m(4, 4);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    // No undefined behaviour (the ASan/UBSan run checks the casts); saturated results.
    QVERIFY(m.tileXAtPoint(1e30f) > 1000000);
    QVERIFY(m.tileXAtPoint(-1e30f) < -1000000);
    QVERIFY(m.tileXAtPoint(inf) > 1000000);
    QCOMPARE(m.tileXAtPoint(nan), 0);
    QCOMPARE(m.at(m.tileXAtPoint(1e30f), 0), Tile::Solid);
}

QTEST_GUILESS_MAIN(TestTileMap)
#include "test_tilemap.moc"
