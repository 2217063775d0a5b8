// TMX import: a map's tile layers, decoded (CSV, base64, zlib, gzip, <tile> elements) and
// merged into the level's collision tiles; their art goes on in tmxartreader.cpp.
#include "tmxart.h"
#include "tmxreader.h"

#include <zlib.h>

namespace ts::tmx::detail {

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

/// A layer (its name as shown()) whose data has `count` tiles (more than `expected` when
/// `tooMany`) where the map needs width x height.
QString tileCountMessage(const QString& layer, std::size_t count, bool tooMany, int width,
                         int height, std::size_t expected) {
    const std::string has =
        tooMany ? std::string("more than ").append(level::countText(expected, "tile", "tiles"))
                : level::countText(count, "tile", "tiles");
    return QStringLiteral("layer %1 has %2, expected %3 x %4 = %5")
        .arg(layer, QString::fromStdString(has), QString::number(width), QString::number(height),
             QString::number(expected));
}

} // namespace

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

Tileset* Reader::tilesetOf(std::uint32_t gid, std::size_t cell, int line, int column) {
    // The tileset of a gid is the one with the largest firstgid <= gid.
    auto it = std::upper_bound(mTilesets.begin(), mTilesets.end(), gid,
                               [](std::uint32_t g, const Tileset& ts) { return g < ts.firstGid; });
    if (it == mTilesets.begin()) {
        error(line, column,
              QStringLiteral("tile gid %1 (cell %2, %3) belongs to no tileset")
                  .arg(gid)
                  .arg(cell % std::size_t(mLevel.width))
                  .arg(cell / std::size_t(mLevel.width)));
        return nullptr;
    }
    return &*(it - 1);
}

void Reader::mergeGids(const std::vector<std::uint32_t>& gids, int line, int column) {
    for (std::size_t i = 0; i < gids.size(); ++i) {
        const std::uint32_t gid = gids[i] & kGidMask;
        if (gid == 0)
            continue;
        if (gid != mCachedGid) {
            const Tileset* ts = tilesetOf(gid, i, line, column);
            if (!ts)
                return;
            const auto t = ts->types.find(gid - ts->firstGid);
            mCachedGid = gid;
            mCachedTile = t == ts->types.end() ? Tile::Empty : t->second;
        }
        Tile& cell = mLevel.tiles[i];
        if (mCachedTile == Tile::Solid || (mCachedTile == Tile::OneWay && cell == Tile::Empty))
            cell = mCachedTile;
    }
}

bool Reader::readLayerState(QXmlStreamReader& r, const LayerState& parent, LayerState& out) {
    out = parent;
    double opacity = 1;
    int offsetX = 0, offsetY = 0;
    if (!realAttr(r, QLatin1String("opacity"), opacity) ||
        !intAttr(r, QLatin1String("offsetx"), offsetX, false) ||
        !intAttr(r, QLatin1String("offsety"), offsetY, false))
        return false;
    const auto attrs = r.attributes();
    out.opacity *= std::clamp(opacity, 0.0, 1.0);
    out.visible = out.visible && attrs.value(QLatin1String("visible")) != QLatin1String("0");
    out.locked = out.locked || attrs.value(QLatin1String("locked")) == QLatin1String("1");
    out.offsetX += offsetX;
    out.offsetY += offsetY;
    const QString tint = attrs.value(QLatin1String("tintcolor")).toString().toLower();
    out.tinted = out.tinted || (!tint.isEmpty() && tint != QLatin1String("#ffffff") &&
                                tint != QLatin1String("#ffffffff"));
    return true;
}

void Reader::readLayer(QXmlStreamReader& r, const LayerState& parent) {
    const Pos layerPos = tagStart(r);
    const int layerLine = layerPos.line;
    const int layerColumn = layerPos.column;
    // As every message shows it: quoted, a long one cut ("'...'").
    const QString layerName = shown(r.attributes().value(QLatin1String("name")));
    const QString name = r.attributes().value(QLatin1String("name")).toString();
    LayerState state;
    int w = mLevel.width, h = mLevel.height;
    if (!readLayerState(r, parent, state) || !intAttr(r, QLatin1String("width"), w, false, 1) ||
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
    state.artTileset.clear(); // a group's is not the layer's
    while (r.readNextStartElement()) {
        if (r.name() == QLatin1String("properties")) {
            PropList props;
            readProperties(r, props);
            for (const Prop& p : props)
                if (p.name == QLatin1String(kArtTilesetProperty))
                    state.artTileset = p.value;
            continue;
        }
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
                          QStringLiteral("layer %1: the %2 data is corrupt or does not hold %3")
                              .arg(layerName, compression,
                                   QString::fromStdString(
                                       level::countText(expected, "tile", "tiles"))));
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
                      tileCountMessage(layerName, std::size_t(raw.size() / 4), false, mLevel.width,
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
              tileCountMessage(layerName, gids.size(), gids.size() > expected, mLevel.width,
                               mLevel.height, expected));
        return;
    }
    mergeGids(gids, dataLine, dataColumn);
    if (mErrors.empty()) // the art of a map that is refused anyway is not worth building
        addArt(gids, name, state, layerLine, layerColumn);
}

} // namespace ts::tmx::detail
