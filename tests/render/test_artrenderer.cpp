// Art layers drawn pixel for pixel: Tiled's flips (the diagonal one included), layer
// opacity, larger tiles anchored at their cell's bottom-left corner, the drawing order of
// back and front layers, an exposed rectangle repainted at a zoom, the placeholder, and
// renderArt() / renderLevel() with art. Tiled itself judges the same drawing in
// tests/tmx/test_tmx_art.cpp.
#include "artlevel.h"
#include "tilesmith/render/artrenderer.h"
#include "tilesmith/render/levelrenderer.h"

#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace ts;
using namespace ts::level;
using namespace ts::render;

namespace {

constexpr int kT = 4; // tile size of the test sheets

/// A sheet of `cols` x `rows` tiles of kT px whose every pixel says where it is: red the
/// tile, green the column and blue the row inside the tile (opaque). Margin and spacing
/// pixels are grey.
QImage numberedSheet(int cols, int rows, int margin = 0, int spacing = 0) {
    QImage img(2 * margin + cols * kT + (cols - 1) * spacing,
               2 * margin + rows * kT + (rows - 1) * spacing, QImage::Format_ARGB32);
    img.fill(qRgb(128, 128, 128));
    for (int i = 0; i < cols * rows; ++i)
        for (int y = 0; y < kT; ++y)
            for (int x = 0; x < kT; ++x)
                img.setPixel(margin + (i % cols) * (kT + spacing) + x,
                             margin + (i / cols) * (kT + spacing) + y,
                             qRgb(10 + 40 * i, 30 + 50 * x, 30 + 50 * y));
    return img;
}

/// The colour numberedSheet() has at pixel (x, y) of tile `tile`.
QRgb sheetPixel(int tile, int x, int y) {
    return qRgb(10 + 40 * tile, 30 + 50 * x, 30 + 50 * y);
}

/// The raw pixel of a 32-bit image (premultiplied or not, as its format stores it).
QRgb raw(const QImage& img, int x, int y) {
    return reinterpret_cast<const QRgb*>(img.constScanLine(y))[x];
}

/// Qt's (and so Tiled's) source-over of premultiplied `src` at painter opacity `opacity`
/// on premultiplied `dst`: the source scaled by the opacity's 8-bit alpha (the opacity in
/// 256ths, truncated, then in 255ths), then over.
QRgb over(QRgb dst, QRgb src, qreal opacity) {
    const int alpha = (int(opacity * 256) * 255) >> 8;
    auto mul = [](uint c, uint a) {
        uint t = c * a;
        return (t + (t >> 8) + 0x80) >> 8;
    };
    uint out = 0;
    uint s[4], d[4];
    for (int k = 0; k < 4; ++k) {
        s[k] = alpha == 255 ? (src >> (8 * k)) & 0xff : mul((src >> (8 * k)) & 0xff, uint(alpha));
        d[k] = (dst >> (8 * k)) & 0xff;
    }
    for (int k = 0; k < 4; ++k)
        out |= (s[k] + mul(d[k], 255 - s[3])) << (8 * k);
    return out;
}

struct Fixture {
    QTemporaryDir dir;
    Level level;
    TilesetImages images;

    /// A `w` x `h` level of kT px tiles with tileset "sheet" (numberedSheet(2, 2)).
    Fixture(int w, int h) : level(Level::make(w, h, kT)) {
        numberedSheet(2, 2).save(dir.filePath(QStringLiteral("sheet.png")));
        level.tilesets.push_back(
            {.name = "sheet", .image = "sheet.png", .tileSize = kT, .columns = 2, .count = 4});
    }
    ArtLayer& addLayer(const std::string& name, ArtDepth depth = ArtDepth::Back) {
        ArtLayer l;
        l.name = name;
        l.tileset = "sheet";
        l.depth = depth;
        l.cells.assign(std::size_t(level.width) * level.height, ArtTile{});
        level.art.push_back(l);
        return level.art.back();
    }
    QImage art(double scale = 1) {
        images.sync(level, dir.path());
        QString error;
        const QImage img = renderArt(level, images, scale, &error);
        if (img.isNull())
            qWarning("%s", qPrintable(error));
        return img;
    }
};

/// Where dest pixel (u, v) of a tile flipped by `flips` comes from, written from Tiled's
/// rule (the diagonal flip first, then horizontal, then vertical) by undoing the flips in
/// the reverse order.
QPoint sourceOf(int u, int v, std::uint8_t flips) {
    if (flips & kFlipVertical)
        v = kT - 1 - v;
    if (flips & kFlipHorizontal)
        u = kT - 1 - u;
    if (flips & kFlipDiagonal)
        std::swap(u, v);
    return {u, v};
}

} // namespace

class TestArtRenderer : public QObject {
    Q_OBJECT

private slots:
    void flipsAreTiledsEightOrientations() {
        Fixture f(8, 1);
        ArtLayer& l = f.addLayer("flips");
        for (int i = 0; i < 8; ++i)
            l.cells[std::size_t(i)] = {1, std::uint8_t(i)};
        const QImage img = f.art();
        QCOMPARE(img.size(), QSize(8 * kT, kT));
        QCOMPARE(img.format(), QImage::Format_ARGB32);
        for (int i = 0; i < 8; ++i)
            for (int v = 0; v < kT; ++v)
                for (int u = 0; u < kT; ++u) {
                    const QPoint s = sourceOf(u, v, std::uint8_t(i));
                    if (raw(img, i * kT + u, v) != sheetPixel(1, s.x(), s.y()))
                        QFAIL(qPrintable(
                            QStringLiteral("flips %1, pixel %2, %3").arg(i).arg(u).arg(v)));
                }
        // The rotations Tiled's editor makes: D + H turns a quarter clockwise (the top row
        // becomes the right column), H + V a half turn, D + V a quarter anticlockwise.
        for (int k = 0; k < kT; ++k) {
            QCOMPARE(raw(img, (kFlipDiagonal | kFlipHorizontal) * kT + kT - 1, k),
                     sheetPixel(1, k, 0));
            QCOMPARE(raw(img, (kFlipHorizontal | kFlipVertical) * kT + k, kT - 1),
                     sheetPixel(1, kT - 1 - k, 0));
            QCOMPARE(raw(img, (kFlipDiagonal | kFlipVertical) * kT, kT - 1 - k),
                     sheetPixel(1, k, 0));
        }
    }

    void tilesComeFromMarginAndSpacing() {
        Fixture f(4, 1);
        numberedSheet(2, 2, 3, 2).save(f.dir.filePath(QStringLiteral("sheet.png")));
        f.level.tilesets[0].margin = 3;
        f.level.tilesets[0].spacing = 2;
        ArtLayer& l = f.addLayer("a");
        for (int i = 0; i < 4; ++i)
            l.cells[std::size_t(i)] = {i, 0};
        const QImage img = f.art();
        for (int i = 0; i < 4; ++i)
            for (int y = 0; y < kT; ++y)
                for (int x = 0; x < kT; ++x)
                    QCOMPARE(raw(img, i * kT + x, y), sheetPixel(i, x, y));
    }

    void opacityBlendsAsTiledDoes() {
        Fixture f(2, 1);
        ArtLayer& low = f.addLayer("low");
        low.cells[0] = {0, 0};
        low.cells[1] = {0, 0};
        ArtLayer& high = f.addLayer("high");
        high.cells[1] = {3, 0};
        high.opacity = 0.49f; // sewers.tmx's top layer
        f.level.art[0].opacity = 0.5f;
        // Painted premultiplied (as the editor paints): the opacity's 8-bit alpha scales
        // the tile, then source-over, layer after layer.
        f.images.sync(f.level, f.dir.path());
        QImage premul(2 * kT, kT, QImage::Format_ARGB32_Premultiplied);
        premul.fill(Qt::transparent);
        {
            QPainter p(&premul);
            for (const ArtLayer& l : f.level.art)
                paintArtLayer(&p, f.level, l, l.cells, *f.images.find("sheet"), QRect(0, 0, 2, 1));
        }
        for (int y = 0; y < kT; ++y)
            for (int x = 0; x < kT; ++x) {
                const QRgb under = over(0, sheetPixel(0, x, y), 0.5);
                QCOMPARE(qAlpha(under), 127);
                QCOMPARE(raw(premul, x, y), under);
                QCOMPARE(raw(premul, kT + x, y), over(under, sheetPixel(3, x, y), 0.49f));
            }
        // renderArt() stores the picture unpremultiplied, as tmxrasterizer does: a layer
        // alone over nothing keeps its colours exactly, its alpha scaled. (Translucent
        // over translucent is compared with Tiled's own drawing in test_tmx_art.)
        QImage img = f.art();
        for (int y = 0; y < kT; ++y)
            for (int x = 0; x < kT; ++x) {
                const QRgb s = sheetPixel(0, x, y);
                QCOMPARE(raw(img, x, y), qRgba(qRed(s), qGreen(s), qBlue(s), 127));
            }
        // Over an opaque layer: the blend exactly.
        f.level.art[0].opacity = 1;
        img = f.art();
        for (int y = 0; y < kT; ++y)
            for (int x = 0; x < kT; ++x)
                QCOMPARE(raw(img, kT + x, y),
                         over(sheetPixel(0, x, y), sheetPixel(3, x, y), 0.49f));
        // Opacity 0 draws nothing; an invisible layer is not drawn by renderArt().
        f.level.art[0].opacity = 0;
        f.level.art[1].visible = false;
        const QImage none = f.art();
        for (int x = 0; x < 2 * kT; ++x)
            QCOMPARE(raw(none, x, 1), QRgb(0));
    }

    void backLayersThenFrontLayers() {
        Fixture f(1, 1);
        f.addLayer("front", ArtDepth::Front).cells[0] = {2, 0};
        f.addLayer("back 1").cells[0] = {0, 0};
        f.addLayer("back 2").cells[0] = {1, 0};
        QCOMPARE(artDrawingOrder(f.level), (std::vector<std::size_t>{1, 2, 0}));
        QCOMPARE(raw(f.art(), 0, 0), sheetPixel(2, 0, 0));
        f.level.art[0].visible = false;
        QCOMPARE(artDrawingOrder(f.level), (std::vector<std::size_t>{1, 2}));
        QCOMPARE(artDrawingOrder(f.level, true), (std::vector<std::size_t>{1, 2, 0}));
        QCOMPARE(raw(f.art(), 0, 0), sheetPixel(1, 0, 0));
    }

    void autoLayersDrawTheirRules() {
        Fixture f(3, 2);
        f.level.setTile(1, 1, Tile::Solid);
        ArtLayer& l = f.addLayer("ground");
        l.isAuto = true;
        l.cells.clear();
        AutoRule top;
        top.pattern = {'?', '.', '?', '?', '#', '?', '?', '?', '?'};
        top.tiles = {3};
        l.rules.push_back(top);
        const QImage img = f.art();
        QCOMPARE(raw(img, kT + 1, kT + 2), sheetPixel(3, 1, 2));
        QCOMPARE(raw(img, 1, kT + 2), QRgb(0));
        QCOMPARE(raw(img, kT + 1, 2), QRgb(0));
    }

    void largerTilesStandOnTheirCell() {
        // 8 px tiles on a level of 4 px cells: Tiled draws them up and right of the cell.
        Fixture f(3, 3);
        QImage big(8, 8, QImage::Format_ARGB32);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
                big.setPixel(x, y, qRgb(200, 20 * x, 20 * y));
        big.save(f.dir.filePath(QStringLiteral("big.png")));
        f.level.tilesets.push_back(
            {.name = "big", .image = "big.png", .tileSize = 8, .columns = 1, .count = 1});
        ArtLayer& l = f.addLayer("big");
        l.tileset = "big";
        l.cells[std::size_t(2 * 3 + 1)] = {0, 0}; // cell (1, 2)
        const QImage img = f.art();
        QCOMPARE(artTileRect(f.level, 1, 2, 8), QRectF(4, 4, 8, 8));
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
                QCOMPARE(raw(img, 4 + x, 4 + y), qRgb(200, 20 * x, 20 * y));
        QCOMPARE(raw(img, 3, 8), QRgb(0));
        // The cells that reach a rectangle include those below and left of it.
        QCOMPARE(artCellsCovering(f.level, QRectF(8, 4, 4, 4)), QRect(1, 1, 2, 2));
        QCOMPARE(artCellsCovering(f.level, QRectF(0, 0, 12, 12)), QRect(0, 0, 3, 3));
        QCOMPARE(artCellsCovering(f.level, QRectF(100, 100, 4, 4)), QRect());
    }

    void anExposedRectangleRepaintsAsTheWhole_data() {
        QTest::addColumn<double>("zoom");
        QTest::newRow("100 %") << 1.0;
        QTest::newRow("300 %") << 3.0;
        QTest::newRow("50 %") << 0.5;
    }
    void anExposedRectangleRepaintsAsTheWhole() {
        // The editor repaints what a scroll exposes, at its zoom: the same pixels there as
        // a paint of the whole map.
        QFETCH(double, zoom);
        Fixture f(6, 5);
        ArtLayer& l = f.addLayer("a");
        for (std::size_t i = 0; i < l.cells.size(); ++i)
            l.cells[i] = {int(i % 4), std::uint8_t(i % 8)};
        f.level.art[0].opacity = 0.75f;
        f.images.sync(f.level, f.dir.path());
        const TilesetImage& sheet = *f.images.find("sheet");
        const QSize size(qRound(6 * kT * zoom), qRound(5 * kT * zoom));
        QImage whole(size, QImage::Format_ARGB32_Premultiplied);
        whole.fill(Qt::transparent);
        {
            QPainter p(&whole);
            p.scale(zoom, zoom);
            QCOMPARE(paintArtLayer(&p, f.level, l, l.cells, sheet, QRect(0, 0, 6, 5)), quint64(30));
        }
        const QRectF exposed(5, 3, 9, 7); // scene pixels, not on tile edges
        QImage part(size, QImage::Format_ARGB32_Premultiplied);
        part.fill(Qt::transparent);
        {
            QPainter p(&part);
            p.scale(zoom, zoom);
            p.setClipRect(exposed);
            const QRect cells = artCellsCovering(f.level, exposed);
            QCOMPARE(cells, QRect(1, 0, 3, 3));
            paintArtLayer(&p, f.level, l, l.cells, sheet, cells);
        }
        // The device pixels wholly inside the exposed rectangle.
        const int x0 = int(std::ceil(exposed.left() * zoom));
        const int x1 = int(std::floor(exposed.right() * zoom));
        const int y0 = int(std::ceil(exposed.top() * zoom));
        const int y1 = int(std::floor(exposed.bottom() * zoom));
        QVERIFY(x1 - x0 >= 3 && y1 - y0 >= 2);
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x)
                if (raw(part, x, y) != raw(whole, x, y))
                    QFAIL(qPrintable(QStringLiteral("pixel %1, %2").arg(x).arg(y)));
    }

    void placeholderStandsInForAMissingImage() {
        Fixture f(2, 1);
        f.level.tilesets[0].image = "gone.png";
        ArtLayer& l = f.addLayer("a");
        l.cells[0] = {1, kFlipDiagonal | kFlipHorizontal};
        l.cells[1] = {2, 0};
        const QImage img = f.art();
        const QImage tile = TilesetImages::placeholderTile(kT);
        for (int y = 0; y < kT; ++y)
            for (int x = 0; x < kT; ++x) {
                QCOMPARE(raw(img, kT + x, y), raw(tile, x, y));
                // Its four colours alternate: a checkerboard of one-pixel squares here.
                QCOMPARE(raw(tile, x, y), (x + y) % 2 == 0 ? qRgb(255, 0, 255) : qRgb(0, 0, 0));
            }
        // An index the tileset does not have draws the placeholder too.
        f.level.tilesets[0].image = "sheet.png";
        f.level.art[0].cells[1] = {7, 0};
        const QImage img2 = f.art();
        QCOMPARE(raw(img2, kT, 0), qRgb(255, 0, 255));
        QCOMPARE(raw(img2, 0, 0), sheetPixel(1, 0, kT - 1)); // the real tile, turned
    }

    void theSamePictureOnAnyNumberOfThreads_data() {
        QTest::addColumn<double>("scale");
        for (const double s : {1.0, 0.25, 0.3, 2.0})
            QTest::newRow(qPrintable(QString::number(s))) << s;
    }
    void theSamePictureOnAnyNumberOfThreads() {
        // renderArt() paints bands of rows on threads; a band is a clipped view of the
        // image, so its pixels are those of one painter over the whole image.
        QFETCH(double, scale);
        QTemporaryDir dir;
        const Level level = test::artLevel(dir.path(), 30, 70);
        const TilesetImages images(level, dir.path());
        QString error;
        const QImage one = renderArt(level, images, scale, &error, 1);
        QCOMPARE(renderArt(level, images, scale, &error, 3), one);
        QCOMPARE(renderArt(level, images, scale, &error, 8), one);
        QImage whole(one.size(), QImage::Format_ARGB32);
        whole.fill(Qt::transparent);
        {
            QPainter p(&whole);
            p.scale(scale, scale);
            p.setRenderHint(QPainter::SmoothPixmapTransform, scale <= 1);
            for (const std::size_t i : artDrawingOrder(level))
                paintArtLayer(&p, level, level.art[i], resolveArtLayer(level, level.art[i]),
                              *images.find(level.art[i].tileset), QRect(0, 0, 30, 70));
        }
        QCOMPARE(one, whole);
    }

    void renderArtRefusesWhatRenderLevelRefuses() {
        Fixture f(2, 2);
        QString error;
        QVERIFY(renderArt(f.level, f.images, 0, &error).isNull());
        QVERIFY2(error.contains(QLatin1String("invalid scale 0")), qPrintable(error));
        QVERIFY(renderArt(f.level, f.images, 1e6, &error).isNull());
        QVERIFY2(error.contains(QLatin1String("use --scale")), qPrintable(error));
        // No art: a transparent image of the level's size.
        const QImage empty = f.art(2);
        QCOMPARE(empty.size(), QSize(4 * kT, 4 * kT));
        QCOMPARE(raw(empty, 3, 3), QRgb(0));
    }

    void editorPictureHasArtUnderCollisionAndSpawns() {
        Fixture f(3, 2);
        f.level.setTile(2, 1, Tile::Solid);
        ArtLayer& l = f.addLayer("a");
        for (ArtTile& c : l.cells)
            c = {0, 0};
        f.images.sync(f.level, f.dir.path());
        QString error;
        const QImage plain = renderLevel(f.level, 1, &error);
        QCOMPARE(plain.format(), QImage::Format_Indexed8); // no art asked for: as before
        const QImage pic = renderLevel(f.level, 1, &error, &f.images);
        QCOMPARE(pic.format(), QImage::Format_RGB32);
        QCOMPARE(pic.size(), plain.size());
        // An empty cell shows its (opaque) art; a solid one the collision over the art.
        QCOMPARE(pic.pixel(kT + 1, 2), sheetPixel(0, 1, 2));
        const QRgb solidOverArt = pic.pixel(2 * kT + 1, kT + 2);
        QVERIFY(solidOverArt != sheetPixel(0, 1, 2));
        QVERIFY(solidOverArt != plain.pixel(2 * kT + 1, kT + 2));
        // Hidden art: the picture without art, exactly.
        f.level.art[0].visible = false;
        QCOMPARE(renderLevel(f.level, 1, &error, &f.images), plain);
    }
};

QTEST_MAIN(TestArtRenderer)
#include "test_artrenderer.moc"
