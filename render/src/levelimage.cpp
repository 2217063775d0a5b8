// Whole-level images: renderLevel() (the editor's picture) and the size rule it shares
// with renderArt().
#include "rendersize.h"
#include "tilesmith/render/artrenderer.h"
#include "tilesmith/render/levelrenderer.h"

#include <QHash>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace ts::render {

using ts::level::Level;
using ts::level::Spawn;

namespace detail {

bool renderImageSize(const Level& level, double scale, int& width, int& height, QString* error) {
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (!(scale > 0) || !std::isfinite(scale))
        return fail(QStringLiteral("invalid scale %1: it must be a positive number").arg(scale));
    const qint64 pxW = qint64(level.width) * level.tileSize;
    const qint64 pxH = qint64(level.height) * level.tileSize;
    if (level.width <= 0 || level.height <= 0 || pxW <= 0 || pxH <= 0)
        return fail(QStringLiteral("the level is empty (%1 x %2 tiles)")
                        .arg(level.width)
                        .arg(level.height));
    const double w = std::ceil(double(pxW) * scale);
    const double h = std::ceil(double(pxH) * scale);
    if (w > kMaxRenderSide || h > kMaxRenderSide || w * h * 4.0 > double(kMaxRenderBytes)) {
        // The largest power of two that fits (above 1 too: a small level may be drawn
        // much larger than scale 1), as a friendly suggestion.
        const double fit =
            std::min({double(kMaxRenderSide) / double(pxW), double(kMaxRenderSide) / double(pxH),
                      std::sqrt(double(kMaxRenderBytes) / 4.0 / (double(pxW) * double(pxH)))});
        double suggest = 1;
        while (suggest * 2 <= fit)
            suggest *= 2;
        while (suggest > fit)
            suggest /= 2;
        const double mib = w * h * 4.0 / (1024.0 * 1024.0);
        return fail(QStringLiteral("level is %1 x %2 px at scale 1; at scale %3 the image would "
                                   "be %4 x %5 px (%6 MiB), but the largest image is %7 px per "
                                   "side and %8 MiB; use --scale %9 or less")
                        .arg(pxW)
                        .arg(pxH)
                        .arg(scale)
                        .arg(qint64(w))
                        .arg(qint64(h))
                        .arg(qint64(std::ceil(mib)))
                        .arg(kMaxRenderSide)
                        .arg(kMaxRenderBytes / (1024 * 1024))
                        .arg(suggest));
    }
    width = int(w);
    height = int(h);
    return true;
}

} // namespace detail

namespace {

/// The art of `level` drawn into the scene rows [top, bottom) of `p` (already scaled):
/// every visible layer in artDrawingOrder().
void paintArtRows(QPainter* p, const Level& level, const TilesetImages& images,
                  const std::vector<std::vector<ts::level::ArtTile>>& resolved, qreal top,
                  qreal bottom) {
    const QRect cells =
        artCellsCovering(level, QRectF(0, top, qreal(level.width) * level.tileSize, bottom - top));
    const std::vector<std::size_t> order = artDrawingOrder(level);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const ts::level::ArtLayer& layer = level.art[order[k]];
        if (const TilesetImage* image = images.find(layer.tileset))
            paintArtLayer(p, level, layer, resolved[k], *image, cells);
    }
}

/// The editor's picture with art, straight into an RGB32 image: art has far more colours
/// than the palette image of the art-less picture can hold.
QImage renderLevelWithArt(const Level& level, const TilesetImages& images, double scale, int iw,
                          int ih) {
    QImage image(iw, ih, QImage::Format_RGB32);
    if (image.isNull())
        return image;
    std::vector<std::vector<ts::level::ArtTile>> resolved;
    for (const std::size_t i : artDrawingOrder(level))
        resolved.push_back(ts::level::resolveArtLayer(level, level.art[i]));
    const qreal tsz = level.tileSize;
    // The collision overlay is drawn opaque into its own strip, then laid over the art at
    // kCollisionOverlayOpacity as a whole (overlapping edges do not add up).
    const int stripH = std::max(1, std::min(ih, (4 << 20) / (iw * 4))); // ~4 MiB strips
    QImage overlay(iw, stripH, QImage::Format_ARGB32_Premultiplied);
    if (overlay.isNull())
        return QImage();
    image.fill(palette::mapBackground);
    QPainter p(&image);
    for (int y0 = 0; y0 < ih; y0 += stripH) {
        const qreal top = y0 / scale;
        const qreal bottom = (y0 + stripH) / scale;
        p.save();
        p.setClipRect(QRect(0, y0, iw, stripH));
        p.scale(scale, scale);
        p.setRenderHint(QPainter::SmoothPixmapTransform, scale <= 1);
        paintArtRows(&p, level, images, resolved, top, bottom);
        p.restore();

        overlay.fill(Qt::transparent);
        QPainter o(&overlay);
        o.translate(0, -y0);
        o.scale(scale, scale);
        const int ty0 = std::max(0, int(std::floor(top / tsz)) - 1);
        const int ty1 = std::min(level.height - 1, int(std::ceil(bottom / tsz)) + 1);
        paintTiles(&o, level, QRect(0, ty0, level.width, ty1 - ty0 + 1), scale);
        o.end();
        p.setOpacity(kCollisionOverlayOpacity);
        p.drawImage(QPoint(0, y0), overlay);
        p.setOpacity(1);

        p.save();
        p.setClipRect(QRect(0, y0, iw, stripH));
        p.scale(scale, scale);
        const QRectF band(-1e9, top, 2e9, bottom - top);
        for (const Spawn& s : level.spawns)
            if (spawnBounds(level, s).intersects(band))
                paintSpawn(&p, level, s, false, scale);
        p.restore();
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(palette::border, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRect(0, 0, iw - 1, ih - 1));
    return image;
}

} // namespace

QImage renderLevel(const Level& level, double scale, QString* error, const TilesetImages* art) {
    int iw = 0, ih = 0;
    if (!detail::renderImageSize(level, scale, iw, ih, error))
        return QImage();
    auto outOfMemory = [&] {
        if (error)
            *error = QStringLiteral("out of memory for a %1 x %2 px image").arg(iw).arg(ih);
        return QImage();
    };
    if (art && !artDrawingOrder(level).empty()) {
        QImage image = renderLevelWithArt(level, *art, scale, iw, ih);
        return image.isNull() ? outOfMemory() : image;
    }
    // Without art the image is drawn in horizontal strips into a small RGB32 buffer and
    // stored as an 8-bit palette image: a quarter of the memory of a 32-bit image, and
    // PNG encoding (most of `tilesmith render`'s time) has a quarter of the bytes to
    // compress and no per-row filter search. The drawing has a few hundred colours at
    // most (flat fills plus antialiased spawn edges): a first pass counts them, the 256
    // most frequent go into the palette exactly and any rarer antialiasing shade beyond
    // that takes its nearest palette colour.
    const int stripH = std::max(1, std::min(ih, (4 << 20) / (iw * 4))); // ~4 MiB strips
    QImage strip(iw, stripH, QImage::Format_RGB32);
    if (strip.isNull())
        return outOfMemory();
    const qreal tsz = level.tileSize;
    auto drawStrip = [&](int y0) {
        strip.fill(palette::mapBackground);
        QPainter p(&strip);
        p.translate(0, -y0);
        p.scale(scale, scale);
        // Level pixels covered by this strip (one tile of slack for edges).
        const qreal top = y0 / scale;
        const qreal bottom = (y0 + stripH) / scale;
        const int ty0 = std::max(0, int(std::floor(top / tsz)) - 1);
        const int ty1 = std::min(level.height - 1, int(std::ceil(bottom / tsz)) + 1);
        paintTiles(&p, level, QRect(0, ty0, level.width, ty1 - ty0 + 1), scale);
        const QRectF band(-1e9, top, 2e9, bottom - top);
        for (const Spawn& s : level.spawns) {
            if (spawnBounds(level, s).intersects(band))
                paintSpawn(&p, level, s, false, scale);
        }
        p.resetTransform();
        p.translate(0, -y0);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(palette::border, 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRect(0, 0, iw - 1, ih - 1));
    };

    // Pass 1: colour frequencies.
    QHash<QRgb, qint64> counts;
    for (int y0 = 0; y0 < ih; y0 += stripH) {
        drawStrip(y0);
        const int rows = std::min(stripH, ih - y0);
        for (int y = 0; y < rows; ++y) {
            const QRgb* line = reinterpret_cast<const QRgb*>(strip.constScanLine(y));
            int x = 0;
            while (x < iw) {
                const QRgb c = line[x];
                int e = x + 1;
                while (e < iw && line[e] == c)
                    ++e;
                counts[c] += e - x;
                x = e;
            }
        }
    }
    std::vector<std::pair<qint64, QRgb>> byCount;
    byCount.reserve(size_t(counts.size()));
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        byCount.emplace_back(it.value(), it.key());
    std::sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (byCount.size() > 256)
        byCount.resize(256);
    QList<QRgb> colors;
    QHash<QRgb, uchar> index;
    for (const auto& [n, c] : byCount) {
        index.insert(c, uchar(colors.size()));
        colors.append(c);
    }
    auto indexOf = [&](QRgb c) -> uchar {
        const auto it = index.constFind(c);
        if (it != index.cend())
            return it.value();
        int best = 0;
        qint64 bestD = std::numeric_limits<qint64>::max();
        for (int i = 0; i < colors.size(); ++i) {
            const qint64 dr = qRed(c) - qRed(colors[i]);
            const qint64 dg = qGreen(c) - qGreen(colors[i]);
            const qint64 db = qBlue(c) - qBlue(colors[i]);
            const qint64 d = dr * dr + dg * dg + db * db;
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        index.insert(c, uchar(best));
        return uchar(best);
    };

    // Pass 2: the same strips, stored as palette indices.
    QImage image(iw, ih, QImage::Format_Indexed8);
    if (image.isNull())
        return outOfMemory();
    image.setColorTable(colors);
    for (int y0 = 0; y0 < ih; y0 += stripH) {
        drawStrip(y0);
        const int rows = std::min(stripH, ih - y0);
        for (int y = 0; y < rows; ++y) {
            const QRgb* line = reinterpret_cast<const QRgb*>(strip.constScanLine(y));
            uchar* out = image.scanLine(y0 + y);
            int x = 0;
            while (x < iw) {
                const QRgb c = line[x];
                int e = x + 1;
                while (e < iw && line[e] == c)
                    ++e;
                std::memset(out + x, indexOf(c), size_t(e - x));
                x = e;
            }
        }
    }
    return image;
}

} // namespace ts::render
