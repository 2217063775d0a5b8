// TMX export of art: each art tileset as a Tiled tileset, each art layer as a Tiled tile
// layer (tmxart.h).
#include "tmxart.h"
#include "tmxutil.h"

#include <QDir>
#include <QFileInfo>
#include <QIODevice>
#include <QImageReader>
#include <QXmlStreamWriter>

#include <algorithm>
#include <charconv>

namespace ts::tmx::detail {

std::uint32_t ArtTilesetOut::gid(level::ArtTile t) const {
    if (t.empty())
        return 0;
    const int declared = std::max(1, tileset->columns);
    const std::uint32_t index = std::uint32_t(t.index / declared) * std::uint32_t(columns) +
                                std::uint32_t(t.index % declared);
    return ((firstGid + index) & 0x0fffffffu) | gidFlips(t.flips);
}

std::vector<ArtTilesetOut> planArtTilesets(const level::Level& level, const QString& levelDir,
                                           const QString& tmxDir, std::uint32_t firstGid) {
    std::vector<ArtTilesetOut> out;
    const QDir from(levelDir.isEmpty() ? QDir::currentPath() : levelDir);
    const QDir to(tmxDir.isEmpty() ? QDir::currentPath() : tmxDir);
    for (const level::Tileset& t : level.tilesets) {
        ArtTilesetOut o;
        o.tileset = &t;
        const QString image =
            QDir::cleanPath(from.absoluteFilePath(QString::fromStdString(t.image)));
        o.source = to.relativeFilePath(image);
        // Tiled cuts the tiles from the image it reads, whatever the map declares: the
        // gids follow the columns of the real image. Without one, the geometry's.
        const QSize size = QImageReader(image).size();
        const bool known =
            size.width() >= t.minimumImageWidth() && size.height() >= t.minimumImageHeight();
        o.imageWidth = known ? size.width() : t.minimumImageWidth();
        o.imageHeight = known ? size.height() : t.minimumImageHeight();
        o.columns = std::max(
            {1, t.columns, level::tilesAcross(o.imageWidth, t.tileSize, t.margin, t.spacing)});
        const int rows =
            std::max(1, level::tilesAcross(o.imageHeight, t.tileSize, t.margin, t.spacing));
        o.tileCount = int(std::clamp<std::int64_t>(std::int64_t(o.columns) * rows, t.count,
                                                   std::max(t.count, kMaxTilesetTiles)));
        o.firstGid = firstGid;
        firstGid += std::uint32_t(o.tileCount);
        out.push_back(o);
    }
    return out;
}

void writeArtTileset(QXmlStreamWriter& w, const ArtTilesetOut& o) {
    const level::Tileset& t = *o.tileset;
    w.writeStartElement(QStringLiteral("tileset"));
    w.writeAttribute(QStringLiteral("firstgid"), QString::number(o.firstGid));
    w.writeAttribute(QStringLiteral("name"), QString::fromStdString(t.name));
    w.writeAttribute(QStringLiteral("tilewidth"), QString::number(t.tileSize));
    w.writeAttribute(QStringLiteral("tileheight"), QString::number(t.tileSize));
    if (t.spacing != 0)
        w.writeAttribute(QStringLiteral("spacing"), QString::number(t.spacing));
    if (t.margin != 0)
        w.writeAttribute(QStringLiteral("margin"), QString::number(t.margin));
    w.writeAttribute(QStringLiteral("tilecount"), QString::number(o.tileCount));
    w.writeAttribute(QStringLiteral("columns"), QString::number(o.columns));
    w.writeStartElement(QStringLiteral("image"));
    w.writeAttribute(QStringLiteral("source"), o.source);
    if (t.transparentColor >= 0)
        w.writeAttribute(
            QStringLiteral("trans"),
            QStringLiteral("%1").arg(t.transparentColor & 0xffffff, 6, 16, QLatin1Char('0')));
    w.writeAttribute(QStringLiteral("width"), QString::number(o.imageWidth));
    w.writeAttribute(QStringLiteral("height"), QString::number(o.imageHeight));
    w.writeEndElement(); // image
    w.writeEndElement(); // tileset
}

void writeArtLayer(QXmlStreamWriter& w, QIODevice* device, const level::Level& level,
                   const level::ArtLayer& layer, const std::vector<ArtTilesetOut>& tilesets,
                   int id) {
    w.writeStartElement(QStringLiteral("layer"));
    w.writeAttribute(QStringLiteral("id"), QString::number(id));
    w.writeAttribute(QStringLiteral("name"), QString::fromStdString(layer.name));
    w.writeAttribute(QStringLiteral("width"), QString::number(level.width));
    w.writeAttribute(QStringLiteral("height"), QString::number(level.height));
    if (layer.opacity != 1.0f)
        w.writeAttribute(QStringLiteral("opacity"), number(layer.opacity));
    if (!layer.visible)
        w.writeAttribute(QStringLiteral("visible"), QStringLiteral("0"));
    if (layer.locked)
        w.writeAttribute(QStringLiteral("locked"), QStringLiteral("1"));
    if (!layer.tileset.empty()) {
        // Its tileset by name: an empty layer has no gid to say it (tmxartreader.cpp).
        w.writeStartElement(QStringLiteral("properties"));
        w.writeStartElement(QStringLiteral("property"));
        w.writeAttribute(QStringLiteral("name"), QLatin1String(kArtTilesetProperty));
        w.writeAttribute(QStringLiteral("value"), QString::fromStdString(layer.tileset));
        w.writeEndElement(); // property
        w.writeEndElement(); // properties
    }
    w.writeStartElement(QStringLiteral("data"));
    w.writeAttribute(QStringLiteral("encoding"), QStringLiteral("csv"));
    w.writeCharacters(QString()); // emits the '>' of <data ...>

    const auto set = std::find_if(tilesets.begin(), tilesets.end(), [&](const ArtTilesetOut& t) {
        return t.tileset->name == layer.tileset;
    });
    const std::vector<level::ArtTile> cells = level::resolveArtLayer(level, layer);
    const std::size_t width = std::size_t(std::max(0, level.width));
    const std::size_t count = width * std::size_t(std::max(0, level.height));
    // Rows of gids in chunks of about 64 KiB, straight to the device (as the collision).
    QByteArray chunk;
    chunk.reserve(72 * 1024);
    chunk += '\n';
    char digits[16];
    for (std::size_t i = 0; i < count; ++i) {
        const level::ArtTile t = i < cells.size() ? cells[i] : level::ArtTile{};
        const std::uint32_t gid = set == tilesets.end() ? 0 : set->gid(t);
        const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, gid);
        chunk.append(digits, end - digits);
        if (i + 1 < count)
            chunk += ',';
        if ((i + 1) % width == 0) {
            chunk += '\n';
            if (chunk.size() >= 64 * 1024) {
                device->write(chunk);
                chunk.clear();
            }
        }
    }
    device->write(chunk);
    w.writeEndElement(); // data
    w.writeEndElement(); // layer
}

} // namespace ts::tmx::detail
