// Drawing art layers (artrenderer.h).
#include "tilesmith/render/artrenderer.h"

#include "rendersize.h"

#include <QPainter>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

namespace ts::render {

using ts::level::ArtLayer;
using ts::level::ArtTile;
using ts::level::Level;

namespace {

/// renderArt() paints this many bands of cell rows (at most), spread over its threads.
constexpr int kArtBands = 32;

/// The rows of cells per band: bands only when a cell is a whole number of image pixels
/// (Qt's raster engine rounds a smooth-scaled tile's edge pixels differently after a
/// fractional translation), so that a band paints what one painter over the image paints.
int artRowsPerBand(int height, qreal cell, double scale) {
    const double px = cell * scale;
    if (std::abs(px - std::round(px)) > 1e-9)
        return std::max(1, height);
    return std::max(1, (height + kArtBands - 1) / kArtBands);
}

} // namespace

QTransform artFlipTransform(std::uint8_t flips, qreal tileSize) {
    // Tiled's order on the image: the diagonal flip (x and y swapped) first, then the
    // horizontal flip, then the vertical one. QTransform a * b applies a, then b.
    QTransform t;
    if (flips & ts::level::kFlipDiagonal)
        t = t * QTransform(0, 1, 1, 0, 0, 0);
    if (flips & ts::level::kFlipHorizontal)
        t = t * QTransform(-1, 0, 0, 1, tileSize, 0);
    if (flips & ts::level::kFlipVertical)
        t = t * QTransform(1, 0, 0, -1, 0, tileSize);
    return t;
}

QRectF artTileRect(const Level& level, int x, int y, int tileSize) {
    const ts::level::PixelRect r = ts::level::artTileDestination(level, x, y, tileSize);
    return QRectF(r.x, r.y, r.width, r.height);
}

QRect artCellsCovering(const Level& level, const QRectF& sceneRect) {
    if (level.width <= 0 || level.height <= 0 || level.tileSize <= 0 || sceneRect.isEmpty())
        return {};
    const qreal cell = level.tileSize;
    int largest = level.tileSize;
    for (const ts::level::Tileset& t : level.tilesets)
        largest = std::max(largest, t.tileSize);
    // A tile larger than its cell reaches up and right of it: cells below and left of
    // the rectangle by the difference can draw into it.
    const qreal reach = largest - cell;
    const auto clampTo = [](double v, int hi) { return int(std::clamp(v, -1.0, double(hi))); };
    const int x0 = clampTo(std::floor((sceneRect.left() - reach) / cell), level.width);
    const int x1 = clampTo(std::ceil(sceneRect.right() / cell) - 1, level.width);
    const int y0 = clampTo(std::floor(sceneRect.top() / cell), level.height);
    const int y1 = clampTo(std::ceil((sceneRect.bottom() + reach) / cell) - 1, level.height);
    return QRect(QPoint(x0, y0), QPoint(x1, y1))
        .intersected(QRect(0, 0, level.width, level.height));
}

quint64 paintArtLayer(QPainter* p, const Level& level, const ArtLayer& layer,
                      const std::vector<ArtTile>& cells, const TilesetImage& image,
                      const QRect& tileRect) {
    const QRect r = tileRect.intersected(QRect(0, 0, level.width, level.height));
    const float opacity = std::clamp(layer.opacity, 0.0f, 1.0f); // NaN: nothing drawn
    if (r.isEmpty() || !(opacity > 0) ||
        cells.size() != std::size_t(level.width) * std::size_t(level.height))
        return 0;
    const ts::level::Tileset& tileset = image.tileset;
    const int size = std::max(1, tileset.tileSize);
    const QRectF target(0, 0, size, size);
    p->save();
    p->setOpacity(p->opacity() * opacity);
    const QTransform base = p->transform();
    bool atBase = true;
    quint64 drawn = 0;
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const ArtTile* row = cells.data() + std::size_t(y) * std::size_t(level.width);
        for (int x = r.left(); x <= r.right(); ++x) {
            const ArtTile t = row[x];
            if (t.empty())
                continue;
            const QRectF at = artTileRect(level, x, y, size);
            const bool real = image.ok() && t.index < tileset.count;
            const QImage& sheet = real ? image.image : image.placeholder;
            QRectF source(0, 0, size, size);
            if (real) {
                const ts::level::PixelRect pr = tileset.tileRect(t.index);
                source = QRectF(pr.x, pr.y, pr.width, pr.height);
            }
            const std::uint8_t flips = t.flips & 7;
            if (flips == 0) {
                if (!atBase) {
                    p->setTransform(base);
                    atBase = true;
                }
                p->drawImage(at, sheet, source);
            } else {
                p->setTransform(artFlipTransform(flips, size) *
                                QTransform::fromTranslate(at.x(), at.y()) * base);
                atBase = false;
                p->drawImage(target, sheet, source);
            }
            ++drawn;
        }
    }
    p->restore();
    return drawn;
}

std::vector<std::size_t> artDrawingOrder(const Level& level, bool withHidden) {
    std::vector<std::size_t> order;
    for (const ts::level::ArtDepth depth : {ts::level::ArtDepth::Back, ts::level::ArtDepth::Front})
        for (std::size_t i = 0; i < level.art.size(); ++i)
            if (level.art[i].depth == depth && (withHidden || level.art[i].visible))
                order.push_back(i);
    return order;
}

QImage renderArt(const Level& level, const TilesetImages& images, double scale, QString* error,
                 int threads) {
    int iw = 0, ih = 0;
    if (!detail::renderImageSize(level, scale, iw, ih, error))
        return QImage();
    // Not premultiplied: translucent art is stored as Tiled's tmxrasterizer stores it, so
    // the two agree to the last bit where layers of partial opacity overlap.
    QImage image(iw, ih, QImage::Format_ARGB32);
    if (image.isNull()) {
        if (error)
            *error = QStringLiteral("out of memory for a %1 x %2 px image").arg(iw).arg(ih);
        return image;
    }
    image.fill(Qt::transparent);
    struct Drawn {
        const ArtLayer* layer;
        const TilesetImage* tiles;
        std::vector<ArtTile> cells;
    };
    std::vector<Drawn> layers;
    for (const std::size_t i : artDrawingOrder(level))
        if (const TilesetImage* tiles = images.find(level.art[i].tileset))
            layers.push_back(
                {&level.art[i], tiles, ts::level::resolveArtLayer(level, level.art[i])});

    // Bands of whole cell rows, each painted into its own view of the image's rows: the
    // bands do not depend on the thread count, so neither do the pixels.
    const qreal cell = level.tileSize;
    const int rowsPerBand = artRowsPerBand(level.height, cell, scale);
    uchar* const bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    const auto paintBand = [&](int band) {
        const int r0 = band * rowsPerBand;
        const int r1 = std::min(level.height, r0 + rowsPerBand);
        const int y0 = int(std::lround(r0 * cell * scale));
        const int y1 = r1 == level.height ? ih : int(std::lround(r1 * cell * scale));
        if (r0 >= r1 || y0 >= y1)
            return;
        QImage view(bits + y0 * stride, iw, y1 - y0, stride, QImage::Format_ARGB32);
        QPainter p(&view);
        p.translate(0, -y0);
        p.scale(scale, scale);
        // Smooth as tmxrasterizer draws (it changes how a flipped tile's translucent
        // pixels round even at scale 1), except when enlarging: pixel art stays sharp.
        p.setRenderHint(QPainter::SmoothPixmapTransform, scale <= 1);
        const QRect cells =
            artCellsCovering(level, QRectF(0, y0 / scale, level.width * cell, (y1 - y0) / scale));
        for (const Drawn& d : layers)
            paintArtLayer(&p, level, *d.layer, d.cells, *d.tiles, cells);
    };
    const int bands = (level.height + rowsPerBand - 1) / rowsPerBand;
    if (threads <= 0)
        threads = int(std::min(8u, std::max(1u, std::thread::hardware_concurrency())));
    threads = std::min(threads, bands);
    std::atomic<int> next{0};
    const auto work = [&] {
        for (int b; (b = next.fetch_add(1)) < bands;)
            paintBand(b);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    return image;
}

} // namespace ts::render
