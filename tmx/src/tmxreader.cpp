// TMX import: Tiled maps (ours and others') into a level. This file reads the XML
// (map, tilesets, object groups); tmxlayer.cpp the tile layers, tmxartreader.cpp their
// art; tmxconvert.cpp turns properties and objects into the level's settings and spawns.
#include "tmxreader.h"

#include "tilesmith/level/rulemessages.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace ts::tmx {

namespace detail {

namespace {

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
            readLayer(r, LayerState{});
        else if (name == QLatin1String("objectgroup"))
            readObjectGroup(r);
        else if (name == QLatin1String("group"))
            readGroup(r, LayerState{});
        else
            r.skipCurrentElement(); // image layers, editor settings, ...
    }
}

void Reader::readGroup(QXmlStreamReader& r, const LayerState& parent) {
    LayerState state;
    if (!readLayerState(r, parent, state)) {
        r.skipCurrentElement();
        return;
    }
    while (r.readNextStartElement() && !full()) {
        const auto name = r.name();
        if (name == QLatin1String("layer"))
            readLayer(r, state);
        else if (name == QLatin1String("objectgroup"))
            readObjectGroup(r);
        else if (name == QLatin1String("group"))
            readGroup(r, state);
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
        readTilesetAttributes(r, ts);
        readTilesetBody(r, ts);
    }
    mTilesets.push_back(std::move(ts));
    std::sort(mTilesets.begin(), mTilesets.end(),
              [](const Tileset& a, const Tileset& b) { return a.firstGid < b.firstGid; });
    mCachedGid = 0xffffffffu;
}

void Reader::readTilesetAttributes(QXmlStreamReader& r, Tileset& ts) {
    const Pos pos = tagStart(r);
    ts.file = mCurrentFile;
    ts.line = pos.line;
    ts.column = pos.column;
    ts.name = r.attributes().value(QLatin1String("name")).toString();
    intAttr(r, QLatin1String("tilewidth"), ts.tileWidth, false, 1);
    intAttr(r, QLatin1String("tileheight"), ts.tileHeight, false, 1);
    intAttr(r, QLatin1String("margin"), ts.margin, false, 0);
    intAttr(r, QLatin1String("spacing"), ts.spacing, false, 0);
    intAttr(r, QLatin1String("columns"), ts.columnsAttr, false, 0);
    intAttr(r, QLatin1String("tilecount"), ts.tileCountAttr, false, 0);
}

void Reader::readTilesetBody(QXmlStreamReader& r, Tileset& ts) {
    // Images are relative to the file that names them: the map, or the .tsx.
    const QDir here = QFileInfo(mCurrentFile).dir();
    const QDir base = mCurrentFile == mFile ? QDir(mBaseDir) : here;
    while (r.readNextStartElement()) {
        if (r.name() == QLatin1String("image")) {
            const auto attrs = r.attributes();
            ts.hasImage = true;
            ts.imagePath = QDir::cleanPath(
                base.absoluteFilePath(attrs.value(QLatin1String("source")).toString()));
            intAttr(r, QLatin1String("width"), ts.imageWidthAttr, false, 0);
            intAttr(r, QLatin1String("height"), ts.imageHeightAttr, false, 0);
            QString trans = attrs.value(QLatin1String("trans")).toString();
            if (trans.startsWith(QLatin1Char('#')))
                trans.remove(0, 1);
            bool ok = false;
            const int rgb = trans.toInt(&ok, 16);
            if (!trans.isEmpty() && (!ok || trans.size() != 6))
                errorAtTag(r, QStringLiteral("the transparent colour %1 is no colour (expected "
                                             "six hexadecimal digits, as in trans=\"ff00ff\")")
                                  .arg(shown(attrs.value(QLatin1String("trans")))));
            else if (!trans.isEmpty())
                ts.trans = rgb;
            r.skipCurrentElement();
            continue;
        }
        if (r.name() == QLatin1String("tileoffset")) {
            intAttr(r, QLatin1String("x"), ts.offsetX, false);
            intAttr(r, QLatin1String("y"), ts.offsetY, false);
            r.skipCurrentElement();
            continue;
        }
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
        if (collisionType(type, t)) {
            ++ts.typedTiles;
            if (t != Tile::Empty) // a tile with no type is empty
                ts.types[std::uint32_t(id)] = t;
        }
        // Its children: an image of its own (an image collection), an animation.
        while (r.readNextStartElement()) {
            if (r.name() == QLatin1String("image")) {
                ts.collection = true;
            } else if (r.name() == QLatin1String("animation")) {
                bool first = true;
                while (r.readNextStartElement()) {
                    int frame = 0;
                    if (first && r.name() == QLatin1String("frame") &&
                        intAttr(r, QLatin1String("tileid"), frame, true, 0)) {
                        ts.firstFrame[std::uint32_t(id)] = std::uint32_t(frame);
                        first = false;
                    }
                    r.skipCurrentElement();
                }
                continue;
            }
            r.skipCurrentElement();
        }
    }
}

void Reader::readExternalTileset(const QString& source, Tileset& ts, int line, int column) {
    const QString path = QDir(mBaseDir).filePath(source);
    mExternalFiles.push_back(path);
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
        readTilesetAttributes(r, ts);
        readTilesetBody(r, ts);
        if (r.hasError())
            xmlError(r);
    }
    mCurrentFile = saved;
    mCurrentText = savedText;
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
        mSawSpawns = true;
    }
}

} // namespace detail

using detail::Reader;

level::LoadResult importTmxFromData(const QByteArray& data, const QString& fileName,
                                    const QString& baseDir, const level::Limits& limits,
                                    QStringList* externalFiles) {
    Reader reader(fileName, baseDir, limits);
    level::LoadResult result = reader.run(data);
    if (externalFiles)
        *externalFiles = reader.externalFiles();
    return result;
}

level::LoadResult importTmx(const QString& tmxPath, const level::Limits& limits,
                            QStringList* externalFiles) {
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
    return importTmxFromData(f.readAll(), tmxPath, QFileInfo(tmxPath).absolutePath(), limits,
                             externalFiles);
}

} // namespace ts::tmx
