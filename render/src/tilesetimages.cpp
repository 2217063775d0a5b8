// Loading and caching tileset images (tilesetimages.h).
#include "tilesmith/render/tilesetimages.h"

#include "tilesmith/level/level.h"

#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QPainter>

#include <algorithm>

namespace ts::render {

using ts::level::Level;
using ts::level::Tileset;

namespace {

/// What a tileset's geometry asks of its image, in words: "64 tiles of 16 px in 8 columns
/// (margin 1, spacing 2)".
QString geometryText(const Tileset& t) {
    QString s = QStringLiteral("%1 %2 of %3 px in %4 %5")
                    .arg(t.count)
                    .arg(t.count == 1 ? QStringLiteral("tile") : QStringLiteral("tiles"))
                    .arg(t.tileSize)
                    .arg(t.columns)
                    .arg(t.columns == 1 ? QStringLiteral("column") : QStringLiteral("columns"));
    if (t.margin != 0 || t.spacing != 0)
        s += QStringLiteral(" (margin %1, spacing %2)").arg(t.margin).arg(t.spacing);
    return s;
}

/// Whether two definitions draw from the same pixels: the name and anything else that
/// does not change the image is left out.
bool sameImage(const Tileset& a, const Tileset& b) {
    return a.image == b.image && a.tileSize == b.tileSize && a.columns == b.columns &&
           a.count == b.count && a.margin == b.margin && a.spacing == b.spacing &&
           a.transparentColor == b.transparentColor;
}

QString resolve(const QString& baseDir, const std::string& image) {
    const QString written = QString::fromStdString(image);
    if (QFileInfo(written).isAbsolute())
        return QDir::cleanPath(written);
    const QString base = baseDir.isEmpty() ? QDir::currentPath() : baseDir;
    return QDir::cleanPath(QDir(base).absoluteFilePath(written));
}

} // namespace

QImage TilesetImages::placeholderTile(int tileSize) {
    const int ts = std::max(1, tileSize);
    QImage img(ts, ts, QImage::Format_ARGB32_Premultiplied);
    // A 4 x 4 checkerboard (cells at least one pixel): unmistakably not art at any zoom.
    const int cell = std::max(1, ts / 4);
    for (int y = 0; y < ts; ++y) {
        QRgb* line = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < ts; ++x)
            line[x] = ((x / cell + y / cell) % 2 == 0) ? qRgb(0xff, 0x00, 0xff) : qRgb(0, 0, 0);
    }
    return img;
}

TilesetImage TilesetImages::load(const Tileset& tileset, const QString& baseDir) {
    TilesetImage out;
    out.tileset = tileset;
    out.path = resolve(baseDir, tileset.image);
    out.placeholder = placeholderTile(tileset.tileSize);
    const QString shownPath = QString::fromStdString(tileset.image);
    const QFileInfo info(out.path);
    out.mModified = info.lastModified();
    out.mFileSize = info.exists() ? info.size() : -1;
    if (!info.exists()) {
        out.status = TilesetImage::Status::Missing;
        out.problem = QStringLiteral("cannot read %1: no such file").arg(shownPath);
        return out;
    }
    QImageReader reader(out.path);
    reader.setAutoTransform(false); // tile sheets are cut by pixel position, as Tiled does
    QImage decoded = reader.read();
    if (decoded.isNull()) {
        out.status = TilesetImage::Status::Unreadable;
        out.problem = QStringLiteral("cannot read %1: %2")
                          .arg(shownPath, info.isDir() ? QStringLiteral("it is a folder")
                                                       : reader.errorString().toLower());
        return out;
    }
    if (decoded.width() < tileset.minimumImageWidth() ||
        decoded.height() < tileset.minimumImageHeight()) {
        out.status = TilesetImage::Status::TooSmall;
        out.problem = QStringLiteral("%1 is %2 x %3 px, smaller than the %4 x %5 px its "
                                     "tileset needs (%6)")
                          .arg(shownPath)
                          .arg(decoded.width())
                          .arg(decoded.height())
                          .arg(tileset.minimumImageWidth())
                          .arg(tileset.minimumImageHeight())
                          .arg(geometryText(tileset));
        return out;
    }
    QImage argb = decoded.convertToFormat(QImage::Format_ARGB32);
    if (tileset.transparentColor >= 0) {
        // Tiled's `trans`: an opaque pixel of exactly this colour becomes transparent.
        const QRgb key = 0xff000000u | QRgb(tileset.transparentColor & 0xffffff);
        for (int y = 0; y < argb.height(); ++y) {
            QRgb* line = reinterpret_cast<QRgb*>(argb.scanLine(y));
            for (int x = 0; x < argb.width(); ++x)
                if (line[x] == key)
                    line[x] = 0;
        }
    }
    out.image = argb.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    out.status = TilesetImage::Status::Ok;
    return out;
}

TilesetImages::TilesetImages(const Level& level, const QString& baseDir) {
    sync(level, baseDir);
}

bool TilesetImages::sync(const Level& level, const QString& baseDir) {
    bool changed = level.tilesets.size() != mImages.size();
    std::vector<TilesetImage> next;
    next.reserve(level.tilesets.size());
    for (const Tileset& t : level.tilesets) {
        const auto old = std::find_if(mImages.begin(), mImages.end(), [&](const TilesetImage& i) {
            return i.tileset.name == t.name;
        });
        if (old != mImages.end() && sameImage(old->tileset, t) &&
            old->path == resolve(baseDir, t.image)) {
            const QFileInfo info(old->path);
            if (info.lastModified() == old->mModified &&
                (info.exists() ? info.size() : -1) == old->mFileSize) {
                next.push_back(std::move(*old));
                next.back().tileset = t;
                continue;
            }
        }
        changed = true;
        next.push_back(load(t, baseDir));
    }
    mImages = std::move(next);
    return changed;
}

void TilesetImages::clear() {
    mImages.clear();
}

const TilesetImage* TilesetImages::find(std::string_view name) const {
    for (const TilesetImage& i : mImages)
        if (i.tileset.name == name)
            return &i;
    return nullptr;
}

std::vector<const TilesetImage*> TilesetImages::problems() const {
    std::vector<const TilesetImage*> out;
    for (const TilesetImage& i : mImages)
        if (!i.ok())
            out.push_back(&i);
    return out;
}

} // namespace ts::render
