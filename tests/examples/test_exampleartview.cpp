// The example game's drawing arithmetic (examples/platformer/artview.h), without SDL: Tiled's
// flip bits as the rotation and mirrors SDL_RenderCopyEx applies, the cells a view can see,
// where a tile lands, and which layers draw at each depth.
#include <QTest>

#include "artview.h"

#include <array>
#include <random>

using platformer::CellRange;
using platformer::PixelBox;
using platformer::TileTurn;
using ts::level::ArtDepth;
using ts::level::Level;

namespace {

struct Point {
    int u, v; // from the tile's centre, y down
    bool operator==(const Point&) const = default;
};

// Tiled's meaning of the flip bits: the diagonal flip (u and v swapped) first, then the
// horizontal flip, then the vertical one.
Point tiled(std::uint8_t flips, Point p) {
    if (flips & ts::level::kFlipDiagonal)
        p = {p.v, p.u};
    if (flips & ts::level::kFlipHorizontal)
        p.u = -p.u;
    if (flips & ts::level::kFlipVertical)
        p.v = -p.v;
    return p;
}

// SDL_RenderCopyEx's: the mirrors first, then the turn, clockwise on a screen whose y points
// down (a quarter turn takes the right (1, 0) to below (0, 1)).
Point sdl(const TileTurn& t, Point p) {
    if (t.mirrorX)
        p.u = -p.u;
    if (t.mirrorY)
        p.v = -p.v;
    for (int a = 0; a < t.angle; a += 90)
        p = {-p.v, p.u};
    return p;
}

Level levelWithLayers() {
    Level level = Level::make(10, 8);
    level.tilesets.push_back({.name = "sheet", .image = "sheet.png", .columns = 4, .count = 16});
    auto layer = [](const char* name, ArtDepth depth) {
        ts::level::ArtLayer l;
        l.name = name;
        l.tileset = "sheet";
        l.depth = depth;
        return l;
    };
    level.art.push_back(layer("front1", ArtDepth::Front)); // 0
    level.art.push_back(layer("back1", ArtDepth::Back));   // 1
    level.art.push_back(layer("hidden", ArtDepth::Back));  // 2
    level.art.back().visible = false;
    level.art.push_back(layer("clear", ArtDepth::Back)); // 3
    level.art.back().opacity = 0;
    level.art.push_back(layer("back2", ArtDepth::Back));   // 4
    level.art.push_back(layer("front2", ArtDepth::Front)); // 5
    level.art.push_back(layer("nosheet", ArtDepth::Back)); // 6
    level.art.back().tileset = "gone";
    return level;
}

} // namespace

class TestExampleArtView : public QObject {
    Q_OBJECT

private slots:
    // Every combination of the three flips turns a tile's points where Tiled does.
    void tileTurnIsTiledsFlip() {
        const std::array<Point, 4> points{{{3, 1}, {-2, 5}, {7, -4}, {-1, -6}}};
        for (int flips = 0; flips < 8; ++flips) {
            const TileTurn t = platformer::tileTurn(std::uint8_t(flips));
            QVERIFY2(t.angle == 0 || t.angle == 90 || t.angle == 180 || t.angle == 270,
                     qPrintable(QString::number(flips)));
            for (const Point p : points) {
                const Point want = tiled(std::uint8_t(flips), p), got = sdl(t, p);
                QVERIFY2(got == want, qPrintable(QStringLiteral("flips %1: (%2, %3) went to (%4, "
                                                                "%5), Tiled puts it at (%6, %7)")
                                                     .arg(flips)
                                                     .arg(p.u)
                                                     .arg(p.v)
                                                     .arg(got.u)
                                                     .arg(got.v)
                                                     .arg(want.u)
                                                     .arg(want.v)));
            }
        }
        // Tiled's "rotate right" is diagonal + horizontal: a plain clockwise quarter turn.
        QCOMPARE(platformer::tileTurn(ts::level::kFlipDiagonal | ts::level::kFlipHorizontal),
                 (TileTurn{90, false, false}));
        QCOMPARE(platformer::tileTurn(0), (TileTurn{0, false, false}));
        // Bits above the three flips change nothing.
        QCOMPARE(platformer::tileTurn(0xf8 | ts::level::kFlipVertical),
                 platformer::tileTurn(ts::level::kFlipVertical));
    }

    void tileBox() {
        const Level level = Level::make(10, 8, 16);
        QCOMPARE(platformer::artTileBox(level, 2, 3, 16), (PixelBox{32, 48, 16, 16}));
        // A larger tile keeps its bottom-left corner on the cell's and reaches up and right.
        QCOMPARE(platformer::artTileBox(level, 2, 3, 32), (PixelBox{32, 32, 32, 32}));
        QCOMPARE(platformer::artTileBox(level, 0, 0, 8), (PixelBox{0, 8, 8, 8}));
    }

    void cellsInView() {
        const Level level = Level::make(10, 8, 16); // 160 x 128 px
        QCOMPARE(platformer::artCellsInView(level, {0, 0, 160, 128}, 16), (CellRange{0, 0, 10, 8}));
        QCOMPARE(platformer::artCellsInView(level, {20, 20, 40, 40}, 16), (CellRange{1, 1, 4, 4}));
        // On cell edges: a cell that only touches the view is not in it.
        QCOMPARE(platformer::artCellsInView(level, {16, 32, 32, 16}, 16), (CellRange{1, 2, 3, 3}));
        // 32 px tiles reach a cell up and right: one more column left, one more row below.
        QCOMPARE(platformer::artCellsInView(level, {20, 20, 40, 40}, 32), (CellRange{0, 1, 4, 5}));
        // Clipped to the map; nothing for a view off it, empty or not finite.
        QCOMPARE(platformer::artCellsInView(level, {-50, -50, 1000, 1000}, 16),
                 (CellRange{0, 0, 10, 8}));
        QVERIFY(platformer::artCellsInView(level, {-100, 0, 50, 50}, 16).empty());
        QVERIFY(platformer::artCellsInView(level, {200, 0, 50, 50}, 16).empty());
        QVERIFY(platformer::artCellsInView(level, {0, 0, 0, 50}, 16).empty());
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float inf = std::numeric_limits<float>::infinity();
        QVERIFY(platformer::artCellsInView(level, {nan, 0, 50, 50}, 16).empty());
        QVERIFY(platformer::artCellsInView(level, {0, 0, inf, 50}, 16).empty());
        QVERIFY(platformer::artCellsInView(Level{}, {0, 0, 50, 50}, 16).empty());
    }

    // The range holds exactly the cells whose tile overlaps the view, for views anywhere
    // (on and off the map, on half pixels) and tiles smaller or larger than the cells.
    void cellsInViewAgainstEveryCell() {
        const Level level = Level::make(13, 9, 16);
        std::mt19937 rng(7);
        std::uniform_int_distribution<int> pos(-80, 260), len(1, 200); // empty views: above
        for (int i = 0; i < 2000; ++i) {
            const PixelBox view{pos(rng) * 0.5f, pos(rng) * 0.5f, len(rng) * 0.5f, len(rng) * 0.5f};
            for (const int size : {8, 16, 24, 40}) {
                const CellRange r = platformer::artCellsInView(level, view, size);
                for (int y = 0; y < level.height; ++y)
                    for (int x = 0; x < level.width; ++x) {
                        const PixelBox b = platformer::artTileBox(level, x, y, size);
                        const bool overlaps = b.x < view.x + view.width && b.x + b.width > view.x &&
                                              b.y < view.y + view.height && b.y + b.height > view.y;
                        const bool inRange = x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
                        if (overlaps && !inRange)
                            QFAIL(qPrintable(QStringLiteral("cell (%1, %2) of %3 px tiles shows "
                                                            "in view (%4, %5, %6, %7) but is "
                                                            "not in the range")
                                                 .arg(x)
                                                 .arg(y)
                                                 .arg(size)
                                                 .arg(view.x)
                                                 .arg(view.y)
                                                 .arg(view.width)
                                                 .arg(view.height)));
                        // Only the cells in range are drawn: no more than overlap (a tile
                        // of size 8 in a 16 px cell may miss a view its cell touches).
                        if (inRange && !overlaps && size >= level.tileSize)
                            QFAIL(qPrintable(QStringLiteral("cell (%1, %2) in range but off view")
                                                 .arg(x)
                                                 .arg(y)));
                    }
            }
        }
    }

    void layersAtDepth() {
        const Level level = levelWithLayers();
        QCOMPARE(platformer::artLayersAt(level, ArtDepth::Back), (std::vector<std::size_t>{1, 4}));
        QCOMPARE(platformer::artLayersAt(level, ArtDepth::Front), (std::vector<std::size_t>{0, 5}));
        QVERIFY(platformer::hasArt(level));
        Level hiddenOnly = level;
        for (ts::level::ArtLayer& l : hiddenOnly.art)
            l.visible = false;
        QVERIFY(!platformer::hasArt(hiddenOnly));
        QVERIFY(!platformer::hasArt(Level::make(4, 4)));
    }
};

QTEST_APPLESS_MAIN(TestExampleArtView)
#include "test_exampleartview.moc"
