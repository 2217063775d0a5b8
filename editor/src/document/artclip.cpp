#include "artclip.h"

#include "tilesmith/level/limits.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>

namespace ts::editor {

QByteArray artToText(const ArtStamp& art) {
    QJsonArray tiles;
    for (const ts::level::ArtTile& t : art.tiles)
        tiles.append(QJsonArray{t.empty() ? -1 : int(t.index), t.empty() ? 0 : int(t.flips)});
    const QJsonObject o{{"format", "tilesmith-art"},
                        {"version", 1},
                        {"tileset", QString::fromStdString(art.tileset)},
                        {"width", art.width},
                        {"height", art.height},
                        {"tiles", tiles}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<ArtStamp> artFromText(const QByteArray& text, QString* error) {
    auto fail = [error](const char* why) -> std::optional<ArtStamp> {
        if (error)
            *error = QString::fromLatin1(why);
        return std::nullopt;
    };
    const QJsonDocument doc = QJsonDocument::fromJson(text);
    const QJsonObject o = doc.object();
    if (!doc.isObject() || o.value("format").toString() != QLatin1String("tilesmith-art"))
        return fail("not copied art");
    if (o.value("version").toInt() != 1)
        return fail("copied art of another version");
    ArtStamp art;
    art.tileset = o.value("tileset").toString().toStdString();
    art.width = o.value("width").toInt();
    art.height = o.value("height").toInt();
    const int maxSide = ts::level::limits::kMapSide.hi;
    if (art.width < 1 || art.height < 1 || art.width > maxSide || art.height > maxSide)
        return fail("copied art of a size no map has");
    const QJsonArray tiles = o.value("tiles").toArray();
    if (qsizetype(art.width) * art.height != tiles.size())
        return fail("copied art whose tile count is not width x height");
    art.tiles.reserve(size_t(tiles.size()));
    for (const QJsonValue& v : tiles) {
        const QJsonArray t = v.toArray();
        const int index = t.size() == 2 ? t.at(0).toInt(-2) : -2;
        const int flips = t.size() == 2 ? t.at(1).toInt(-1) : -1;
        if (index < -1 || flips < 0 || flips > 7)
            return fail("copied art with a tile that is no [index, flips] pair");
        art.tiles.push_back(index < 0 ? ts::level::ArtTile{}
                                      : ts::level::ArtTile{index, std::uint8_t(flips)});
    }
    return art;
}

void copyArtToClipboard(const ArtStamp& art) {
    auto* mime = new QMimeData;
    const QByteArray text = artToText(art);
    mime->setData(QString::fromLatin1(kArtMimeType), text);
    mime->setText(QString::fromUtf8(text));
    QGuiApplication::clipboard()->setMimeData(mime);
}

std::optional<ArtStamp> artFromClipboard() {
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    if (!mime)
        return std::nullopt;
    if (mime->hasFormat(QString::fromLatin1(kArtMimeType)))
        return artFromText(mime->data(QString::fromLatin1(kArtMimeType)));
    if (mime->hasText())
        return artFromText(mime->text().toUtf8());
    return std::nullopt;
}

} // namespace ts::editor
