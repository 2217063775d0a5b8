// MinimapImage: the mini-map's picture of a level's tiles, exact pixels for a
// small level, updates limited to the edited region, blocks of tiles on a level
// wider than kMaxSide (solid wins over one-way, one-way over empty), and levels
// with no tiles.
#include "tilesmith/editor/minimapimage.h"
#include "tilesmith/render/levelrenderer.h"

#include <QTest>

using ts::Tile;
using ts::editor::MinimapImage;
using ts::level::Level;

namespace {
QRgb solid() {
    return ts::render::palette::solid.rgb();
}
QRgb oneWay() {
    return ts::render::palette::oneWay.rgb();
}
QRgb empty() {
    return ts::render::palette::mapBackground.rgb();
}
} // namespace

class TestMinimapImage : public QObject {
    Q_OBJECT
private slots:
    void onePixelPerTile() {
        Level level = Level::make(5, 3);
        level.setTile(0, 2, Tile::Solid);
        level.setTile(4, 0, Tile::OneWay);
        MinimapImage m;
        m.rebuild(level);
        QCOMPARE(m.tilesPerPixel(), 1);
        QCOMPARE(m.image().size(), QSize(5, 3));
        for (int y = 0; y < 3; ++y) {
            for (int x = 0; x < 5; ++x) {
                const QRgb want = x == 0 && y == 2   ? solid()
                                  : x == 4 && y == 0 ? oneWay()
                                                     : empty();
                QCOMPARE(m.image().pixel(x, y), want);
            }
        }
    }

    void updateRedrawsTheEditedRegionOnly() {
        Level level = Level::make(8, 4);
        MinimapImage m;
        m.rebuild(level);
        level.setTile(2, 1, Tile::Solid);
        level.setTile(6, 3, Tile::OneWay);
        m.update(level, QRect(1, 0, 3, 3)); // holds (2, 1), not (6, 3)
        QCOMPARE(m.image().pixel(2, 1), solid());
        QCOMPARE(m.image().pixel(6, 3), empty());
        m.update(level, QRect(6, 3, 5, 5)); // clipped to the map
        QCOMPARE(m.image().pixel(6, 3), oneWay());
        level.setTile(2, 1, Tile::Empty);
        m.update(level, QRect(2, 1, 1, 1));
        QCOMPARE(m.image().pixel(2, 1), empty());
        m.update(level, QRect(-5, -5, 2, 2)); // off the map: nothing to do
        m.update(level, QRect());
        QCOMPARE(m.image().size(), QSize(8, 4));
    }

    void wideLevelsShareAPixelPerBlock() {
        // 4096 tiles wide: blocks of 4 x 4 tiles, 1024 x 2 pixels for 7 rows.
        Level level = Level::make(4096, 7);
        level.setTile(4095, 6, Tile::OneWay); // the last block of the last row
        level.setTile(8, 0, Tile::OneWay);    // block (2, 0): one-way ...
        level.setTile(11, 3, Tile::Solid);    // ... and solid: solid wins
        MinimapImage m;
        m.rebuild(level);
        QCOMPARE(m.tilesPerPixel(), 4);
        QCOMPARE(m.image().size(), QSize(1024, 2));
        QCOMPARE(m.image().pixel(1023, 1), oneWay());
        QCOMPARE(m.image().pixel(2, 0), solid());
        QCOMPARE(m.image().pixel(1, 0), empty());
        QVERIFY(m.image().width() <= MinimapImage::kMaxSide);
        // An edit of one tile redraws its block from all of the block's tiles.
        level.setTile(11, 3, Tile::Empty);
        m.update(level, QRect(11, 3, 1, 1));
        QCOMPARE(m.image().pixel(2, 0), oneWay());
        level.setTile(8, 0, Tile::Empty);
        m.update(level, QRect(8, 0, 1, 1));
        QCOMPARE(m.image().pixel(2, 0), empty());
        // 1025 tiles: two tiles a pixel, the last pixel holding one column.
        Level odd = Level::make(3, 1025);
        odd.setTile(2, 1024, Tile::Solid);
        m.rebuild(odd);
        QCOMPARE(m.tilesPerPixel(), 2);
        QCOMPARE(m.image().size(), QSize(2, 513));
        QCOMPARE(m.image().pixel(1, 512), solid());
    }

    void levelsWithoutTiles() {
        MinimapImage m;
        m.rebuild(Level{});
        QVERIFY(m.image().isNull());
        m.update(Level{}, QRect(0, 0, 4, 4));
        QVERIFY(m.image().isNull());
        // Sizes without their tiles (a malformed level): drawn as empty, no read past the end.
        Level sized{.width = 3, .height = 2};
        m.rebuild(sized);
        QCOMPARE(m.image().size(), QSize(3, 2));
        QCOMPARE(m.image().pixel(2, 1), empty());
    }
};

QTEST_MAIN(TestMinimapImage)
#include "test_minimapimage.moc"
