// TMX import: Tiled maps (ours and others') into a level. This file reads the XML
// (map, tilesets, layers, object groups); tmxconvert.cpp turns properties and
// objects into the level's settings and spawns.
#include "tmxreader.h"

#include "tilesmith/level/rulemessages.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <zlib.h>

namespace ts::tmx {

namespace detail {

namespace {

/// Inflates zlib or gzip data (auto-detected) into at most `limit` bytes. The output
/// is capped before it is allocated, so a decompression bomb cannot exhaust memory
/// (qUncompress would keep doubling its buffer). True when the stream ends within
/// the limit.
bool inflateBounded(const QByteArray& in, std::size_t limit, QByteArray& out) {
    z_stream zs{};
    if (inflateInit2(&zs, 15 + 32) != Z_OK) // 15-bit window, zlib or gzip header
        return false;
    out.resize(qsizetype(limit) + 1); // one spare byte tells "too much" from "just right"
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.constData()));
    zs.avail_in = uInt(in.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = uInt(out.size());
    const int rc = inflate(&zs, Z_FINISH);
    const std::size_t produced = zs.total_out;
    inflateEnd(&zs);
    if (rc != Z_STREAM_END || produced > limit)
        return false;
    out.resize(qsizetype(produced));
    return true;
}

/// A layer (its name as shown()) whose data has `count` tiles where the map needs
/// width x height.
QString tileCountMessage(const QString& layer, const QString& count, int width, int height,
                         std::size_t expected) {
    return QStringLiteral("layer %1 has %2 tiles, expected %3 x %4 = %5")
        .arg(layer, count, QString::number(width), QString::number(height),
             QString::number(expected));
}

/// The tile kind a tileset tile's type names, in any case ("Solid", "ONE_WAY"): Tiled
/// users type these by hand.
bool collisionType(const QString& type, Tile& out) {
    for (const Tile t : level::kTileKinds) {
        if (type.compare(QLatin1String(level::tileKindName(t)), Qt::CaseInsensitive) == 0) {
            out = t;
            return true;
        }
    }
    return false;
}

} // namespace

level::LoadResult Reader::run(const QByteArray& data) {
    mCurrentFile = mFile;
    const QString text = QString::fromUtf8(data);
    mCurrentText = &text;
    QXmlStreamReader r(text);
    if (!r.readNextStartElement()) {
        if (r.hasError())
            xmlError(r);
        else
            error(1, 1, QStringLiteral("expected a <map> element (is this a TMX file?)"));
    } else if (r.name() != QLatin1String("map")) {
        errorAtTag(r, QStringLiteral("expected a <map> element (is this a TMX file?), got the "
                                     "element %1")
                          .arg(shown(r.name())));
    } else {
        readMap(r);
        if (r.hasError() && r.error() != QXmlStreamReader::CustomError)
            xmlError(r);
    }

    level::LoadResult result;
    if (mErrors.empty() && mHaveMap) {
        applyMapProperties();
        for (const Object& o : mObjects)
            addSpawn(o);
        // Objects without an id (hand-written maps) get fresh ones after the largest.
        int next = 1;
        for (const level::Spawn& s : mLevel.spawns)
            next = std::max(next, s.id + 1);
        for (level::Spawn& s : mLevel.spawns)
            if (s.id == 0)
                s.id = next++;
        if (int(mLevel.spawns.size()) > mLimits.maxSpawns) { // at the first one too many
            const Object& extra = mObjects[std::size_t(std::max(mLimits.maxSpawns, 0))];
            error(extra.line, extra.column,
                  QString::fromStdString(level::rules::tooManySpawnsMessage(
                      mLevel.spawns.size(), std::size_t(mLimits.maxSpawns))));
        }
    }
    if (mErrors.empty() && mHaveMap) {
        std::vector<level::Diagnostic> found =
            level::validateLevel(mLevel, mFile.toStdString(), mSources);
        // In file order, as the YAML loader reports; those without a position last.
        const auto place = [](const level::Diagnostic& d) {
            return std::pair(d.line > 0 ? d.line : std::numeric_limits<int>::max(), d.column);
        };
        std::stable_sort(found.begin(), found.end(),
                         [&](const level::Diagnostic& a, const level::Diagnostic& b) {
                             return place(a) < place(b);
                         });
        for (level::Diagnostic& d : found)
            if (!full())
                mErrors.push_back(std::move(d));
    }
    result.errors = std::move(mErrors);
    if (result.errors.empty())
        result.level = std::move(mLevel);
    return result;
}

void Reader::readMap(QXmlStreamReader& r) {
    const auto attrs = r.attributes();
    const QString orientation = attrs.value(QLatin1String("orientation")).toString();
    if (!attrs.hasAttribute(QLatin1String("orientation"))) {
        errorAtTag(r, QStringLiteral("the <map> has no 'orientation' attribute (Tiled writes "
                                     "orientation=\"orthogonal\"): is this a Tiled map?"));
        return;
    }
    if (orientation != QLatin1String("orthogonal")) {
        errorAtTag(r, QStringLiteral("only orthogonal maps can be imported, this one is %1")
                          .arg(shown(orientation)));
        return;
    }
    if (attrs.value(QLatin1String("infinite")) == QLatin1String("1")) {
        errorAtTag(r, QStringLiteral("infinite maps cannot be imported: turn off Map > Map "
                                     "Properties > Infinite in Tiled first"));
        return;
    }
    int width = 0, height = 0, tw = 0, th = 0;
    // The level format's limits (level::Limits, from limits::kMapSide); within them the
    // map also fits the physics TileMap (kMaxSide a side, kMaxTiles in all).
    if (!intAttr(r, QLatin1String("width"), width, true, 1, mLimits.maxWidth) ||
        !intAttr(r, QLatin1String("height"), height, true, 1, mLimits.maxHeight) ||
        !intAttr(r, QLatin1String("tilewidth"), tw, true, 1) ||
        !intAttr(r, QLatin1String("tileheight"), th, true, 1))
        return;
    if (tw != th) {
        errorAtTag(
            r, QStringLiteral("tiles must be square, these are %1 x %2 pixels").arg(tw).arg(th));
        return;
    }
    mLevel = level::Level::make(width, height, tw);
    mLevel.name = QFileInfo(mFile).completeBaseName().toStdString();
    mHaveMap = true;
    const Pos mapPos = tagStart(r);
    mSources.level = {mapPos.line, mapPos.column, {}};
    mSources.tileSize = attrSource(r, QLatin1String("tilewidth"));

    while (r.readNextStartElement() && !full()) {
        const auto name = r.name();
        if (name == QLatin1String("properties"))
            readProperties(r, mMapProps);
        else if (name == QLatin1String("tileset"))
            readTileset(r);
        else if (name == QLatin1String("layer"))
            readLayer(r);
        else if (name == QLatin1String("objectgroup"))
            readObjectGroup(r);
        else if (name == QLatin1String("group"))
            readGroup(r);
        else
            r.skipCurrentElement(); // image layers, editor settings, ...
    }
}

void Reader::readGroup(QXmlStreamReader& r) {
    while (r.readNextStartElement() && !full()) {
        const auto name = r.name();
        if (name == QLatin1String("layer"))
            readLayer(r);
        else if (name == QLatin1String("objectgroup"))
            readObjectGroup(r);
        else if (name == QLatin1String("group"))
            readGroup(r);
        else
            r.skipCurrentElement();
    }
}

void Reader::readProperties(QXmlStreamReader& r, PropList& out) {
    while (r.readNextStartElement()) {
        if (r.name() != QLatin1String("property")) {
            r.skipCurrentElement();
            continue;
        }
        Prop p;
        const Pos pos = tagStart(r);
        p.line = pos.line;
        p.column = pos.column;
        const auto attrs = r.attributes();
        p.name = attrs.value(QLatin1String("name")).toString();
        p.type = attrs.value(QLatin1String("type")).toString();
        if (p.type == QLatin1String("class")) {
            errorAtTag(r, QStringLiteral("property %1 is a class property, which cannot be "
                                         "imported (use string, int, float or bool)")
                              .arg(shown(p.name)));
            r.skipCurrentElement();
            continue;
        }
        if (attrs.hasAttribute(QLatin1String("value"))) {
            p.value = attrs.value(QLatin1String("value")).toString();
            r.skipCurrentElement();
        } else {
            // Multi-line strings are stored as the element's text.
            p.value = r.readElementText(QXmlStreamReader::SkipChildElements);
        }
        out.push_back(std::move(p));
    }
}

void Reader::readTileset(QXmlStreamReader& r) {
    Tileset ts;
    int firstGid = 0;
    if (!intAttr(r, QLatin1String("firstgid"), firstGid, true, 1)) {
        r.skipCurrentElement();
        return;
    }
    ts.firstGid = std::uint32_t(firstGid);
    const QString source = r.attributes().value(QLatin1String("source")).toString();
    if (!source.isEmpty()) {
        const Pos pos = tagStart(r);
        r.skipCurrentElement();
        readExternalTileset(source, ts, pos.line, pos.column);
    } else {
        readTilesetBody(r, ts);
    }
    mTilesets.push_back(std::move(ts));
    std::sort(mTilesets.begin(), mTilesets.end(),
              [](const Tileset& a, const Tileset& b) { return a.firstGid < b.firstGid; });
    mCachedGid = 0xffffffffu;
}

void Reader::readTilesetBody(QXmlStreamReader& r, Tileset& ts) {
    while (r.readNextStartElement()) {
        if (r.name() != QLatin1String("tile")) {
            r.skipCurrentElement();
            continue;
        }
        int id = 0;
        if (!intAttr(r, QLatin1String("id"), id, true, 0)) {
            r.skipCurrentElement();
            continue;
        }
        // Tiled 1.8 writes `type`, Tiled 1.9+ writes `class`.
        const auto attrs = r.attributes();
        QString type = attrs.value(QLatin1String("type")).toString();
        if (type.isEmpty())
            type = attrs.value(QLatin1String("class")).toString();
        Tile t = Tile::Empty;
        if (collisionType(type, t) && t != Tile::Empty) // a tile with no type is empty
            ts.types[std::uint32_t(id)] = t;
        r.skipCurrentElement();
    }
}

void Reader::readExternalTileset(const QString& source, Tileset& ts, int line, int column) {
    const QString path = QDir(mBaseDir).filePath(source);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        error(line, column,
              QStringLiteral("cannot open the tileset %1: %2").arg(shown(source), f.errorString()));
        return;
    }
    if (f.size() > qint64(mLimits.maxFileBytes)) {
        error(line, column,
              QStringLiteral("the tileset %1 is too large (%2 bytes; the limit is %3)")
                  .arg(shown(source), QString::number(f.size()),
                       QString::number(mLimits.maxFileBytes)));
        return;
    }
    const QString saved = mCurrentFile;
    const QString* savedText = mCurrentText;
    const QString text = QString::fromUtf8(f.readAll());
    mCurrentFile = path;
    mCurrentText = &text;
    QXmlStreamReader r(text);
    if (!r.readNextStartElement() || r.name() != QLatin1String("tileset")) {
        if (r.hasError())
            xmlError(r);
        else
            errorAtTag(r, QStringLiteral("expected a <tileset> element (is this a TSX file?)"));
    } else {
        readTilesetBody(r, ts);
        if (r.hasError())
            xmlError(r);
    }
    mCurrentFile = saved;
    mCurrentText = savedText;
}

bool Reader::decodeCsv(const QString& text, int line, int column,
                       std::vector<std::uint32_t>& gids) {
    // Positions are tracked so a bad value is reported where it stands.
    const QChar* p = text.constData();
    const QChar* end = p + text.size();
    int l = line, c = column;
    auto advance = [&](QChar ch) {
        if (ch == QLatin1Char('\n')) {
            ++l;
            c = 1;
        } else {
            ++c;
        }
    };
    while (p < end) {
        while (p < end && (p->isSpace() || *p == QLatin1Char(','))) {
            advance(*p);
            ++p;
        }
        if (p == end)
            break;
        const int tokLine = l, tokColumn = c;
        std::uint64_t v = 0;
        const QChar* start = p;
        while (p < end && p->unicode() >= '0' && p->unicode() <= '9') {
            v = v * 10 + (p->unicode() - '0');
            if (v > 0xffffffffu)
                break;
            ++p;
            ++c;
        }
        if (p == start || v > 0xffffffffu || (p < end && !p->isSpace() && *p != QLatin1Char(','))) {
            // Not plain digits of 32 bits: the whole value, up to the next separator,
            // read as readGid() reads it ("+7" is a gid; "x7" is no integer).
            const QChar* tokEnd = start;
            while (tokEnd < end && !tokEnd->isSpace() && *tokEnd != QLatin1Char(','))
                ++tokEnd;
            std::uint32_t gid = 0;
            const QString message = readGid(QStringView(start, tokEnd), gid);
            if (!message.isEmpty()) {
                error(mCurrentFile, tokLine, tokColumn, message);
                return false;
            }
            c = tokColumn + int(tokEnd - start);
            p = tokEnd;
            v = gid;
        }
        gids.push_back(std::uint32_t(v));
        if (gids.size() > mLevel.tiles.size())
            break; // counted below
    }
    return true;
}

void Reader::mergeGids(const std::vector<std::uint32_t>& gids, int line, int column) {
    for (std::size_t i = 0; i < gids.size(); ++i) {
        const std::uint32_t gid = gids[i] & kGidMask;
        if (gid == 0)
            continue;
        if (gid != mCachedGid) {
            // The tileset of a gid is the one with the largest firstgid <= gid.
            auto it = std::upper_bound(
                mTilesets.begin(), mTilesets.end(), gid,
                [](std::uint32_t g, const Tileset& ts) { return g < ts.firstGid; });
            if (it == mTilesets.begin()) {
                error(line, column,
                      QStringLiteral("tile gid %1 (cell %2, %3) belongs to no tileset")
                          .arg(gid)
                          .arg(i % std::size_t(mLevel.width))
                          .arg(i / std::size_t(mLevel.width)));
                return;
            }
            --it;
            const auto t = it->types.find(gid - it->firstGid);
            mCachedGid = gid;
            mCachedTile = t == it->types.end() ? Tile::Empty : t->second;
        }
        Tile& cell = mLevel.tiles[i];
        if (mCachedTile == Tile::Solid || (mCachedTile == Tile::OneWay && cell == Tile::Empty))
            cell = mCachedTile;
    }
}

void Reader::readLayer(QXmlStreamReader& r) {
    const Pos layerPos = tagStart(r);
    const int layerLine = layerPos.line;
    const int layerColumn = layerPos.column;
    // As every message shows it: quoted, a long one cut ("'...'").
    const QString layerName = shown(r.attributes().value(QLatin1String("name")));
    int w = mLevel.width, h = mLevel.height;
    if (!intAttr(r, QLatin1String("width"), w, false, 1) ||
        !intAttr(r, QLatin1String("height"), h, false, 1)) {
        r.skipCurrentElement();
        return;
    }
    if (w != mLevel.width || h != mLevel.height) {
        errorAtTag(r, QStringLiteral("layer %1 is %2 x %3 tiles, the map is %4 x %5")
                          .arg(layerName, QString::number(w), QString::number(h),
                               QString::number(mLevel.width), QString::number(mLevel.height)));
        r.skipCurrentElement();
        return;
    }
    const std::size_t expected = mLevel.tiles.size();
    std::vector<std::uint32_t> gids;
    int dataLine = layerLine, dataColumn = layerColumn;
    bool sawData = false;
    while (r.readNextStartElement()) {
        if (r.name() != QLatin1String("data")) {
            r.skipCurrentElement();
            continue;
        }
        sawData = true;
        const Pos dataPos = tagStart(r);
        dataLine = dataPos.line;
        dataColumn = dataPos.column;
        // The reader stands just after <data ...>: CSV text starts there.
        const int textLine = int(r.lineNumber());
        const int textColumn = int(r.columnNumber()) + 1;
        const auto attrs = r.attributes();
        const QString encoding = attrs.value(QLatin1String("encoding")).toString();
        const QString compression = attrs.value(QLatin1String("compression")).toString();
        if (encoding == QLatin1String("csv")) {
            const QString text = r.readElementText(QXmlStreamReader::IncludeChildElements);
            gids.reserve(expected);
            if (!decodeCsv(text, textLine, textColumn, gids))
                return r.skipCurrentElement();
        } else if (encoding == QLatin1String("base64")) {
            const QString text = r.readElementText(QXmlStreamReader::IncludeChildElements);
            const auto decoded = QByteArray::fromBase64Encoding(
                text.trimmed().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded) {
                error(dataLine, dataColumn,
                      QStringLiteral("layer %1: the base64 data is corrupt").arg(layerName));
                return;
            }
            QByteArray raw;
            if (compression.isEmpty()) {
                raw = decoded.decoded;
            } else if (compression == QLatin1String("zlib") ||
                       compression == QLatin1String("gzip")) {
                if (!inflateBounded(decoded.decoded, expected * 4, raw)) {
                    error(dataLine, dataColumn,
                          QStringLiteral("layer %1: the %2 data is corrupt or does not hold "
                                         "%3 tiles")
                              .arg(layerName, compression, QString::number(expected)));
                    return;
                }
            } else {
                error(dataLine, dataColumn,
                      QStringLiteral("layer %1: the compression %2 is not supported (use CSV, "
                                     "base64 uncompressed, zlib or gzip)")
                          .arg(layerName, shown(compression)));
                return;
            }
            if (std::size_t(raw.size()) != expected * 4) {
                error(dataLine, dataColumn,
                      tileCountMessage(layerName, QString::number(raw.size() / 4), mLevel.width,
                                       mLevel.height, expected));
                return;
            }
            gids.resize(expected);
            const auto* b = reinterpret_cast<const unsigned char*>(raw.constData());
            for (std::size_t i = 0; i < expected; ++i, b += 4) // little-endian
                gids[i] = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 |
                          std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
        } else if (encoding.isEmpty()) {
            // The old XML form: one <tile gid="..."/> per cell.
            while (r.readNextStartElement()) {
                if (r.name() == QLatin1String("chunk")) {
                    errorAtTag(r, QStringLiteral("infinite maps (chunks) cannot be imported"));
                    return;
                }
                if (r.name() == QLatin1String("tile")) {
                    std::uint32_t gid = 0; // no gid: an empty cell
                    const auto v = r.attributes().value(QLatin1String("gid"));
                    if (!v.isEmpty()) {
                        if (const QString message = readGid(v, gid); !message.isEmpty()) {
                            errorAtTag(r, message);
                            return;
                        }
                    }
                    if (gids.size() <= expected)
                        gids.push_back(gid);
                }
                r.skipCurrentElement();
            }
        } else {
            errorAtTag(r, QStringLiteral("layer %1: unknown data encoding %2 (expected csv or "
                                         "base64)")
                              .arg(layerName, shown(encoding)));
            return;
        }
    }
    if (!sawData) {
        error(layerLine, layerColumn, QStringLiteral("layer %1 has no <data>").arg(layerName));
        return;
    }
    if (gids.size() != expected) {
        error(dataLine, dataColumn,
              tileCountMessage(layerName,
                               gids.size() > expected ? QStringLiteral("more than %1").arg(expected)
                                                      : QString::number(gids.size()),
                               mLevel.width, mLevel.height, expected));
        return;
    }
    mergeGids(gids, dataLine, dataColumn);
}

void Reader::readObjectGroup(QXmlStreamReader& r) {
    while (r.readNextStartElement()) {
        if (r.name() != QLatin1String("object")) {
            r.skipCurrentElement();
            continue;
        }
        Object o;
        const Pos pos = tagStart(r);
        o.line = pos.line;
        o.column = pos.column;
        const auto attrs = r.attributes();
        o.kind = attrs.value(QLatin1String("type")).toString();
        if (o.kind.isEmpty())
            o.kind = attrs.value(QLatin1String("class")).toString();
        level::SpawnKind kind;
        if (!level::spawnKindFromName(o.kind.toStdString(), kind)) {
            r.skipCurrentElement(); // not one of ours: decoration, triggers, ...
            continue;
        }
        for (const char* name : {"id", "x", "y", "width", "height"})
            o.attrs[name] = attrSource(r, QLatin1String(name));
        if (!intAttr(r, QLatin1String("id"), o.objectId, false) ||
            !realAttr(r, QLatin1String("x"), o.x) || !realAttr(r, QLatin1String("y"), o.y) ||
            !realAttr(r, QLatin1String("width"), o.width) ||
            !realAttr(r, QLatin1String("height"), o.height)) {
            r.skipCurrentElement();
            continue;
        }
        while (r.readNextStartElement()) {
            if (r.name() == QLatin1String("properties")) {
                readProperties(r, o.props);
                continue;
            }
            if (r.name() == QLatin1String("ellipse"))
                o.ellipse = true;
            else if (r.name() == QLatin1String("point"))
                o.point = true;
            r.skipCurrentElement();
        }
        mObjects.push_back(std::move(o));
    }
}

} // namespace detail

using detail::Reader;

level::LoadResult importTmxFromData(const QByteArray& data, const QString& fileName,
                                    const QString& baseDir, const level::Limits& limits) {
    Reader reader(fileName, baseDir, limits);
    return reader.run(data);
}

level::LoadResult importTmx(const QString& tmxPath, const level::Limits& limits) {
    QFile f(tmxPath);
    auto fail = [&](const QString& message) {
        level::LoadResult r;
        level::Diagnostic d;
        d.file = tmxPath.toStdString();
        d.message = message.toStdString();
        r.errors.push_back(std::move(d));
        return r;
    };
    if (!f.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot open the file: %1").arg(f.errorString()));
    if (f.size() > qint64(limits.maxFileBytes))
        return fail(QStringLiteral("the file is too large (%1 bytes; the limit is %2)")
                        .arg(f.size())
                        .arg(limits.maxFileBytes));
    return importTmxFromData(f.readAll(), tmxPath, QFileInfo(tmxPath).absolutePath(), limits);
}

} // namespace ts::tmx
