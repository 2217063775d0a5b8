#include "tilesmith/editor/region.h"

#include "tilesmith/level/limits.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>

#include <algorithm>

namespace ts::editor {

using ts::level::Level;
using ts::level::Spawn;

namespace {

/// A copied region is at most the largest map.
constexpr int kMaxRegionSide = ts::level::limits::kMapSide.hi;

QJsonValue propertyToJson(const ts::level::PropertyValue& v) {
    return std::visit(
        [](const auto& x) -> QJsonValue {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, bool>)
                return QJsonObject{{"bool", x}};
            else if constexpr (std::is_same_v<T, std::int64_t>)
                return QJsonObject{{"int", QString::number(x)}};
            else if constexpr (std::is_same_v<T, double>)
                return QJsonObject{{"float", x}};
            else
                return QJsonObject{{"string", QString::fromStdString(x)}};
        },
        v);
}

bool propertyFromJson(const QJsonValue& j, ts::level::PropertyValue& out) {
    const QJsonObject o = j.toObject();
    if (o.contains("bool")) {
        out = o.value("bool").toBool();
    } else if (o.contains("int")) {
        bool ok = false;
        const qlonglong v = o.value("int").toString().toLongLong(&ok);
        if (!ok)
            return false;
        out = std::int64_t(v);
    } else if (o.contains("float")) {
        out = o.value("float").toDouble();
    } else if (o.contains("string")) {
        out = o.value("string").toString().toStdString();
    } else {
        return false;
    }
    return true;
}

} // namespace

QRect regionBounds(const Level& level, const QRect& tileRect, const QList<int>& spawnIds) {
    QRect bounds = tileRect.intersected(QRect(0, 0, level.width, level.height));
    for (int id : spawnIds)
        if (const Spawn* s = level.findSpawn(id))
            bounds = bounds.united(QRect(s->x, s->y, 1, 1));
    return bounds;
}

Region copyRegion(const Level& level, const QRect& tileRect, const QList<int>& spawnIds) {
    const QRect tiles = tileRect.intersected(QRect(0, 0, level.width, level.height));
    const QRect bounds = regionBounds(level, tileRect, spawnIds);
    std::vector<const Spawn*> spawns;
    for (int id : spawnIds)
        if (const Spawn* s = level.findSpawn(id))
            spawns.push_back(s);
    Region region;
    if (bounds.isEmpty())
        return region;
    Level& st = region.stamp;
    st.tileSize = level.tileSize;
    st.width = bounds.width();
    st.height = bounds.height();
    st.tiles.assign(size_t(st.width) * size_t(st.height), ts::Tile::Empty);
    for (int y = tiles.top(); y <= tiles.bottom() && !tiles.isEmpty(); ++y)
        for (int x = tiles.left(); x <= tiles.right(); ++x)
            st.tiles[size_t(y - bounds.top()) * size_t(st.width) + size_t(x - bounds.left())] =
                level.tile(x, y);
    for (const Spawn* s : spawns) {
        Spawn c = *s;
        c.x -= bounds.left();
        c.y -= bounds.top();
        st.spawns.push_back(c);
    }
    return region;
}

QByteArray regionToText(const Region& region) {
    const Level& st = region.stamp;
    QJsonObject root;
    root["format"] = "tilesmith-region";
    root["version"] = 1;
    root["width"] = st.width;
    root["height"] = st.height;
    root["tileSize"] = st.tileSize;
    QJsonArray rows;
    for (int y = 0; y < st.height; ++y) {
        QString row;
        row.reserve(st.width);
        for (int x = 0; x < st.width; ++x) {
            switch (st.tiles[size_t(y) * size_t(st.width) + size_t(x)]) {
            case ts::Tile::Empty:
                row += QLatin1Char('.');
                break;
            case ts::Tile::Solid:
                row += QLatin1Char('#');
                break;
            case ts::Tile::OneWay:
                row += QLatin1Char('=');
                break;
            }
        }
        rows.append(row);
    }
    root["rows"] = rows;
    QJsonArray spawns;
    for (const Spawn& s : st.spawns) {
        QJsonObject o;
        o["id"] = s.id;
        o["kind"] = QString::fromLatin1(ts::level::spawnKindName(s.kind));
        o["x"] = s.x;
        o["y"] = s.y;
        o["width"] = double(s.width);
        o["height"] = double(s.height);
        o["radius"] = double(s.radius);
        o["mass"] = double(s.mass);
        o["restitution"] = double(s.restitution);
        o["vx"] = double(s.vx);
        o["vy"] = double(s.vy);
        QJsonObject props;
        for (const auto& [k, v] : s.properties)
            props[QString::fromStdString(k)] = propertyToJson(v);
        o["properties"] = props;
        spawns.append(o);
    }
    root["spawns"] = spawns;
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<Region> regionFromText(const QByteArray& text, QString* error) {
    auto fail = [&](const QString& m) -> std::optional<Region> {
        if (error)
            *error = m;
        return std::nullopt;
    };
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (doc.isNull() || !doc.isObject())
        return fail(QStringLiteral("not a region: %1").arg(pe.errorString()));
    const QJsonObject root = doc.object();
    if (root.value("format").toString() != QLatin1String("tilesmith-region"))
        return fail(QStringLiteral("not a Tilesmith region"));
    if (root.value("version").toInt() != 1)
        return fail(QStringLiteral("unsupported region version"));
    Region region;
    Level& st = region.stamp;
    st.width = root.value("width").toInt();
    st.height = root.value("height").toInt();
    st.tileSize = std::max(1, root.value("tileSize").toInt(16));
    if (st.width <= 0 || st.height <= 0 || st.width > kMaxRegionSide || st.height > kMaxRegionSide)
        return fail(QStringLiteral("bad region size"));
    const QJsonArray rows = root.value("rows").toArray();
    if (rows.size() != st.height)
        return fail(
            QStringLiteral("region has %1 rows, expected %2").arg(rows.size()).arg(st.height));
    st.tiles.assign(size_t(st.width) * size_t(st.height), ts::Tile::Empty);
    for (int y = 0; y < st.height; ++y) {
        const QString row = rows.at(y).toString();
        if (row.size() != st.width)
            return fail(QStringLiteral("region row %1 has the wrong length").arg(y + 1));
        for (int x = 0; x < st.width; ++x) {
            ts::Tile t;
            switch (row.at(x).toLatin1()) {
            case '.':
                t = ts::Tile::Empty;
                break;
            case '#':
                t = ts::Tile::Solid;
                break;
            case '=':
                t = ts::Tile::OneWay;
                break;
            default:
                return fail(QStringLiteral("bad tile character in region row %1").arg(y + 1));
            }
            st.tiles[size_t(y) * size_t(st.width) + size_t(x)] = t;
        }
    }
    for (const QJsonValue& v : root.value("spawns").toArray()) {
        const QJsonObject o = v.toObject();
        Spawn s;
        if (!ts::level::spawnKindFromName(o.value("kind").toString().toStdString(), s.kind))
            return fail(QStringLiteral("bad spawn kind in region"));
        s = Spawn::withDefaults(s.kind, o.value("id").toInt(), o.value("x").toInt(),
                                o.value("y").toInt());
        s.width = float(o.value("width").toDouble(s.width));
        s.height = float(o.value("height").toDouble(s.height));
        s.radius = float(o.value("radius").toDouble(s.radius));
        s.mass = float(o.value("mass").toDouble(s.mass));
        s.restitution = float(o.value("restitution").toDouble(s.restitution));
        s.vx = float(o.value("vx").toDouble(s.vx));
        s.vy = float(o.value("vy").toDouble(s.vy));
        const QJsonObject props = o.value("properties").toObject();
        for (auto it = props.begin(); it != props.end(); ++it) {
            ts::level::PropertyValue pv;
            if (!propertyFromJson(it.value(), pv))
                return fail(QStringLiteral("bad property %1 in region").arg(it.key()));
            s.properties[it.key().toStdString()] = pv;
        }
        st.spawns.push_back(s);
    }
    return region;
}

void copyToClipboard(const Region& region) {
    auto* mime = new QMimeData;
    const QByteArray text = regionToText(region);
    mime->setData(QString::fromLatin1(kRegionMimeType), text);
    mime->setText(QString::fromUtf8(text));
    QGuiApplication::clipboard()->setMimeData(mime);
}

std::optional<Region> regionFromClipboard() {
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    if (!mime)
        return std::nullopt;
    if (mime->hasFormat(QString::fromLatin1(kRegionMimeType)))
        return regionFromText(mime->data(QString::fromLatin1(kRegionMimeType)));
    if (mime->hasText())
        return regionFromText(mime->text().toUtf8());
    return std::nullopt;
}

} // namespace ts::editor
