// TMX export: a level as a Tiled 1.8 map plus its legend tileset image.
#include "tilesmith/level/atomicfile.h"
#include "tilesmith/tmx/tmx.h"
#include "tmxart.h"
#include "tmxutil.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QXmlStreamWriter>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string_view>

namespace ts::tmx {

using detail::number;

namespace {

const std::array<const char*, 5> kSpawnReserved = {"id", "mass", "restitution", "vx", "vy"};

bool isMapReserved(const std::string& key) {
    auto starts = [&](std::string_view p) { return key.compare(0, p.size(), p) == 0; };
    return starts("tilesmith.") || starts("physics.") || starts("property.") || starts("int64.");
}

bool isSpawnReserved(const std::string& key) {
    return key.compare(0, 9, "property.") == 0 || key.compare(0, 6, "int64.") == 0 ||
           std::find_if(kSpawnReserved.begin(), kSpawnReserved.end(),
                        [&](const char* r) { return key == r; }) != kSpawnReserved.end();
}

void writeProperty(QXmlStreamWriter& w, const QString& name, const level::PropertyValue& v) {
    w.writeStartElement(QStringLiteral("property"));
    const std::int64_t* i = std::get_if<std::int64_t>(&v);
    if (i && (*i < std::numeric_limits<std::int32_t>::min() ||
              *i > std::numeric_limits<std::int32_t>::max())) {
        // Tiled keeps int properties in 32 bits (it would turn 2^40 into 0): wider
        // integers travel as text under an `int64.` name, which import turns back.
        w.writeAttribute(QStringLiteral("name"), detail::kInt64Prefix + name);
        w.writeAttribute(QStringLiteral("value"), QString::number(*i));
        w.writeEndElement();
        return;
    }
    w.writeAttribute(QStringLiteral("name"), name);
    if (const bool* b = std::get_if<bool>(&v)) {
        w.writeAttribute(QStringLiteral("type"), QStringLiteral("bool"));
        w.writeAttribute(QStringLiteral("value"),
                         *b ? QStringLiteral("true") : QStringLiteral("false"));
    } else if (i) {
        w.writeAttribute(QStringLiteral("type"), QStringLiteral("int"));
        w.writeAttribute(QStringLiteral("value"), QString::number(*i));
    } else if (const double* d = std::get_if<double>(&v)) {
        w.writeAttribute(QStringLiteral("type"), QStringLiteral("float"));
        w.writeAttribute(QStringLiteral("value"), number(*d));
    } else {
        // Strings: no type attribute (Tiled's default). Multi-line text goes in the
        // element body, as Tiled writes it.
        const QString s = QString::fromStdString(std::get<std::string>(v));
        if (s.contains(QLatin1Char('\n')))
            w.writeCharacters(s);
        else
            w.writeAttribute(QStringLiteral("value"), s);
    }
    w.writeEndElement();
}

void writeFloatProperty(QXmlStreamWriter& w, const QString& name, float v) {
    w.writeStartElement(QStringLiteral("property"));
    w.writeAttribute(QStringLiteral("name"), name);
    w.writeAttribute(QStringLiteral("type"), QStringLiteral("float"));
    w.writeAttribute(QStringLiteral("value"), number(v));
    w.writeEndElement();
}

void writeIntProperty(QXmlStreamWriter& w, const QString& name, std::int64_t v) {
    writeProperty(w, name, level::PropertyValue(v));
}

void writeStringProperty(QXmlStreamWriter& w, const QString& name, const std::string& v) {
    writeProperty(w, name, level::PropertyValue(v));
}

/// The collision layer as Tiled's CSV: rows end with ",\n" except the last. The
/// digits and commas need no escaping, so after closing the start tag through the
/// writer they go to the device as Latin-1 bytes, in chunks of rows: no UTF-16 copy,
/// no escaping pass, and a 4096 x 4096 map never has its whole CSV text in memory.
/// (QXmlStreamWriter writes to its device as it goes; it keeps no buffer of its own.)
void writeCsvData(QXmlStreamWriter& w, QIODevice* device, const level::Level& level) {
    w.writeCharacters(QString()); // emits the '>' of <data ...>
    const std::size_t width = static_cast<std::size_t>(level.width);
    const std::size_t height = static_cast<std::size_t>(level.height);
    const std::size_t rowChars = width * 2 + 1;
    const std::size_t rowsPerChunk = std::max<std::size_t>(1, (64u * 1024u) / rowChars);
    QByteArray chunk;
    chunk.reserve(qsizetype(rowsPerChunk * rowChars + 1));
    chunk += '\n';
    for (std::size_t y = 0; y < height; ++y) {
        const Tile* row = level.tiles.data() + y * width;
        const bool lastRow = y + 1 == height;
        const qsizetype start = chunk.size();
        chunk.resize(start + qsizetype(rowChars));
        char* p = chunk.data() + start;
        for (std::size_t x = 0; x < width; ++x) {
            const Tile t = row[x];
            *p++ = t == Tile::Solid    ? char('0' + kSolidGid)
                   : t == Tile::OneWay ? char('0' + kOneWayGid)
                                       : '0';
            if (x + 1 < width || !lastRow)
                *p++ = ',';
        }
        *p++ = '\n';
        chunk.truncate(p - chunk.constData());
        if ((y + 1) % rowsPerChunk == 0 || lastRow) {
            device->write(chunk);
            chunk.clear();
        }
    }
}

} // namespace

QImage legendTilesetImage(int tileSize) {
    const int ts = std::max(tileSize, 1);
    QImage img(ts * 3, ts, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    QPainter p(&img);
    // Empty: a faint outline, so the tile is visible in Tiled's tileset view.
    p.setPen(QColor(128, 128, 128, 90));
    p.drawRect(0, 0, ts - 1, ts - 1);
    // Solid: a filled stone-grey block with a darker border.
    p.fillRect(ts, 0, ts, ts, QColor(96, 104, 120));
    p.setPen(QColor(48, 52, 64));
    p.drawRect(ts, 0, ts - 1, ts - 1);
    // One-way: a thick top band (the side that blocks) and light posts below it.
    const int band = std::max(ts / 4, 1);
    p.fillRect(2 * ts, 0, ts, band, QColor(214, 150, 60));
    p.setPen(QColor(214, 150, 60, 110));
    for (int x = 2 * ts + ts / 4; x < 3 * ts; x += std::max(ts / 2, 1))
        p.drawLine(x, band, x, ts - 1);
    p.end();
    return img;
}

QString tilesetImagePath(const QString& tmxPath) {
    const QFileInfo fi(tmxPath);
    const QString name = fi.completeBaseName() + QStringLiteral("-tiles.png");
    return fi.path() == QLatin1String(".") && !tmxPath.startsWith(QLatin1String("./"))
               ? name
               : fi.dir().filePath(name);
}

namespace {

void writeTmx(QIODevice* device, const level::Level& level, const QString& imageSource,
              const QString& levelDir, const QString& tmxDir) {
    QXmlStreamWriter w(device);
    w.setAutoFormatting(true);
    w.setAutoFormattingIndent(1);
    w.writeStartDocument();

    const int ts = level.tileSize;
    w.writeStartElement(QStringLiteral("map"));
    w.writeAttribute(QStringLiteral("version"), QStringLiteral("1.8"));
    w.writeAttribute(QStringLiteral("tiledversion"), QStringLiteral("1.8.2"));
    w.writeAttribute(QStringLiteral("orientation"), QStringLiteral("orthogonal"));
    w.writeAttribute(QStringLiteral("renderorder"), QStringLiteral("right-down"));
    w.writeAttribute(QStringLiteral("width"), QString::number(level.width));
    w.writeAttribute(QStringLiteral("height"), QString::number(level.height));
    w.writeAttribute(QStringLiteral("tilewidth"), QString::number(ts));
    w.writeAttribute(QStringLiteral("tileheight"), QString::number(ts));
    w.writeAttribute(QStringLiteral("infinite"), QStringLiteral("0"));
    // The collision is layer 1 and the spawns 2 with or without art; art layers follow.
    w.writeAttribute(QStringLiteral("nextlayerid"), QString::number(3 + level.art.size()));
    w.writeAttribute(QStringLiteral("nextobjectid"), QString::number(level.spawns.size() + 1));

    // Map properties: ours first, then the level's own (escaped where they would clash).
    w.writeStartElement(QStringLiteral("properties"));
    const level::PhysicsSettings& ph = level.physics;
    writeFloatProperty(w, QStringLiteral("physics.dt"), ph.dt);
    writeFloatProperty(w, QStringLiteral("physics.gravity"), ph.gravity);
    writeFloatProperty(w, QStringLiteral("physics.jump_speed"), ph.jumpSpeed);
    writeFloatProperty(w, QStringLiteral("physics.max_fall_speed"), ph.maxFallSpeed);
    writeFloatProperty(w, QStringLiteral("physics.one_way_threshold"), ph.oneWayThreshold);
    writeIntProperty(w, QStringLiteral("physics.partition_cell"), ph.partitionCell);
    writeFloatProperty(w, QStringLiteral("physics.walk_speed"), ph.walkSpeed);
    if (!(level.legend == level::Legend{}))
        writeStringProperty(
            w, QStringLiteral("tilesmith.legend"),
            std::string{level.legend.empty, level.legend.solid, level.legend.oneWay});
    writeStringProperty(w, QStringLiteral("tilesmith.name"), level.name);
    writeIntProperty(w, QStringLiteral("tilesmith.version"), level::kFormatVersion);
    for (const auto& [key, value] : level.properties) {
        const QString name = QString::fromStdString(key);
        writeProperty(w, isMapReserved(key) ? detail::kEscapePrefix + name : name, value);
    }
    w.writeEndElement(); // properties

    w.writeStartElement(QStringLiteral("tileset"));
    w.writeAttribute(QStringLiteral("firstgid"), QStringLiteral("1"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("tilesmith"));
    w.writeAttribute(QStringLiteral("tilewidth"), QString::number(ts));
    w.writeAttribute(QStringLiteral("tileheight"), QString::number(ts));
    w.writeAttribute(QStringLiteral("tilecount"), QStringLiteral("3"));
    w.writeAttribute(QStringLiteral("columns"), QStringLiteral("3"));
    w.writeStartElement(QStringLiteral("image"));
    w.writeAttribute(QStringLiteral("source"), imageSource);
    w.writeAttribute(QStringLiteral("width"), QString::number(3 * ts));
    w.writeAttribute(QStringLiteral("height"), QString::number(ts));
    w.writeEndElement();
    for (const Tile t : level::kTileKinds) { // local tile id = the Tile's value
        w.writeStartElement(QStringLiteral("tile"));
        w.writeAttribute(QStringLiteral("id"), QString::number(int(t)));
        w.writeAttribute(QStringLiteral("type"), QString::fromLatin1(level::tileKindName(t)));
        w.writeEndElement();
    }
    w.writeEndElement(); // tileset
    const std::vector<detail::ArtTilesetOut> artTilesets =
        detail::planArtTilesets(level, levelDir, tmxDir, 1 + 3);
    for (const detail::ArtTilesetOut& t : artTilesets)
        detail::writeArtTileset(w, t);

    // Back art layers under the collision and the spawns, front ones over them.
    const auto writeArt = [&](level::ArtDepth depth) {
        for (std::size_t i = 0; i < level.art.size(); ++i)
            if (level.art[i].depth == depth)
                detail::writeArtLayer(w, device, level, level.art[i], artTilesets, 3 + int(i));
    };
    writeArt(level::ArtDepth::Back);

    w.writeStartElement(QStringLiteral("layer"));
    w.writeAttribute(QStringLiteral("id"), QStringLiteral("1"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("collision"));
    w.writeAttribute(QStringLiteral("width"), QString::number(level.width));
    w.writeAttribute(QStringLiteral("height"), QString::number(level.height));
    w.writeStartElement(QStringLiteral("data"));
    w.writeAttribute(QStringLiteral("encoding"), QStringLiteral("csv"));
    writeCsvData(w, device, level);
    w.writeEndElement(); // data
    w.writeEndElement(); // layer

    w.writeStartElement(QStringLiteral("objectgroup"));
    w.writeAttribute(QStringLiteral("id"), QStringLiteral("2"));
    w.writeAttribute(QStringLiteral("name"), QStringLiteral("spawns"));
    int objectId = 1;
    for (const level::Spawn& s : level.spawns) {
        const bool ball = s.kind == level::SpawnKind::Ball;
        const double width = ball ? 2.0 * double(s.radius) : double(s.width);
        const double height = ball ? 2.0 * double(s.radius) : double(s.height);
        // The spawn's bottom centre stands on the bottom centre of its tile.
        const double bottomX = (s.x + 0.5) * ts;
        const double bottomY = double(s.y + 1) * ts;
        w.writeStartElement(QStringLiteral("object"));
        w.writeAttribute(QStringLiteral("id"), QString::number(objectId++));
        w.writeAttribute(QStringLiteral("name"), QString::fromLatin1(spawnKindName(s.kind)));
        w.writeAttribute(QStringLiteral("type"), QString::fromLatin1(spawnKindName(s.kind)));
        w.writeAttribute(QStringLiteral("x"), number(bottomX - width / 2));
        w.writeAttribute(QStringLiteral("y"), number(bottomY - height));
        w.writeAttribute(QStringLiteral("width"), number(width));
        w.writeAttribute(QStringLiteral("height"), number(height));
        w.writeStartElement(QStringLiteral("properties"));
        writeIntProperty(w, QStringLiteral("id"), s.id);
        if (level::isBodyKind(s.kind)) { // a goal is an area: no body fields
            writeFloatProperty(w, QStringLiteral("mass"), s.mass);
            writeFloatProperty(w, QStringLiteral("restitution"), s.restitution);
            writeFloatProperty(w, QStringLiteral("vx"), s.vx);
            writeFloatProperty(w, QStringLiteral("vy"), s.vy);
        }
        for (const auto& [key, value] : s.properties) {
            const QString name = QString::fromStdString(key);
            writeProperty(w, isSpawnReserved(key) ? detail::kEscapePrefix + name : name, value);
        }
        w.writeEndElement(); // properties
        if (ball)
            w.writeEmptyElement(QStringLiteral("ellipse"));
        w.writeEndElement(); // object
    }
    w.writeEndElement(); // objectgroup
    writeArt(level::ArtDepth::Front);

    w.writeEndElement(); // map
    w.writeEndDocument();
}

/// The sequential device the XML writer streams into: every write goes to `file`;
/// the first failure is kept (AtomicFile::errorReason()) and later writes are refused.
class AtomicFileDevice : public QIODevice {
public:
    explicit AtomicFileDevice(level::AtomicFile& file) : mFile(file) { open(QIODevice::WriteOnly); }
    bool isSequential() const override { return true; }
    bool ok() const { return mOk; }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 size) override {
        mOk = mOk && mFile.write(std::string_view(data, std::size_t(size)));
        return mOk ? size : -1;
    }

private:
    level::AtomicFile& mFile;
    bool mOk = true;
};

} // namespace

QByteArray tmxDocument(const level::Level& level, const QString& imageSource,
                       const QString& levelDir, const QString& tmxDir) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    writeTmx(&buffer, level, imageSource, levelDir, tmxDir);
    return bytes;
}

QString ExportError::toString() const {
    return QStringLiteral("cannot write %1: %2").arg(path, reason);
}

bool exportTmx(const level::Level& level, const QString& tmxPath, ExportError* error,
               const QString& levelDir) {
    const QString imagePath = tilesetImagePath(tmxPath);
    const auto fail = [&](const QString& path, const level::AtomicFile& file) {
        if (error)
            *error = ExportError{path, QString::fromLocal8Bit(file.errorReason().c_str())};
        return false;
    };

    QByteArray pngBytes;
    {
        QBuffer buffer(&pngBytes);
        buffer.open(QIODevice::WriteOnly);
        if (!legendTilesetImage(level.tileSize).save(&buffer, "PNG")) {
            if (error)
                *error = ExportError{imagePath, QStringLiteral("cannot encode the tileset image")};
            return false;
        }
    }
    level::AtomicFile png(QFile::encodeName(imagePath).toStdString());
    if (!png.open() ||
        !png.write(std::string_view(pngBytes.constData(), std::size_t(pngBytes.size()))) ||
        !png.commit())
        return fail(imagePath, png);

    level::AtomicFile tmx(QFile::encodeName(tmxPath).toStdString());
    if (!tmx.open())
        return fail(tmxPath, tmx);
    // Streamed straight into the file: no copy of the whole document in memory.
    AtomicFileDevice device(tmx);
    const QString tmxDir = QFileInfo(tmxPath).absolutePath();
    writeTmx(&device, level, QFileInfo(imagePath).fileName(),
             levelDir.isEmpty() ? tmxDir : levelDir, tmxDir);
    if (!device.ok() || !tmx.commit())
        return fail(tmxPath, tmx);
    return true;
}

} // namespace ts::tmx
