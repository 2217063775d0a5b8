#include "artpaint.h"

#include "floodfill.h"
#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/levelscene.h"
#include "widgets/uitext.h"

#include <QCoreApplication>

#include <algorithm>

namespace ts::editor {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("ArtPaint", text);
}

quint64 key(QPoint p) {
    return (quint64(quint32(p.x())) << 32) | quint32(p.y());
}

} // namespace

PaintTarget paintTarget(const ToolOptions* options, const LevelDocument* document) {
    PaintTarget target;
    // The layer by its name in `document`: while the window puts a new document in place,
    // the scene's tools hover over it before the options follow it (their index is the
    // old document's, and may be past the new one's layers).
    const ts::level::ArtLayer* found = options && document && !options->activeLayer().empty()
                                           ? document->level().findArtLayer(options->activeLayer())
                                           : nullptr;
    if (!found)
        return target;
    const ts::level::ArtLayer& layer = *found;
    const int index = int(found - document->level().art.data());
    target.layer = index;
    target.name = layer.name;
    if (layer.isAuto) {
        target.autoLayer = true;
        return target;
    }
    target.kind = layer.locked ? PaintTarget::Kind::Locked : PaintTarget::Kind::Art;
    return target;
}

QString lockedLayerText(const std::string& name) {
    return tr("'%1' is locked: unlock it in the Layers dock to paint it.")
        .arg(QString::fromStdString(name));
}

QString autoLayerNote(const PaintTarget& target) {
    if (!target.autoLayer)
        return {};
    return tr(" (auto layer '%1': painting the collision its rules follow)")
        .arg(QString::fromStdString(target.name));
}

QString targetHint(const PaintTarget& target, const QString& collision, const QString& art) {
    switch (target.kind) {
    case PaintTarget::Kind::Art:
        return art;
    case PaintTarget::Kind::Locked:
        return lockedLayerText(target.name);
    case PaintTarget::Kind::Collision:
        break;
    }
    const QString note = autoLayerNote(target);
    if (note.isEmpty())
        return collision;
    // The note goes before the hint's closing full stop.
    QString hint = collision;
    const qsizetype dot = hint.indexOf(QLatin1Char('.'));
    return dot < 0 ? hint + note : hint.insert(dot, note);
}

QString stampProblem(const ArtStamp& stamp, const LevelDocument& document, int layer) {
    if (stamp.isEmpty())
        return tr("No art tile picked: pick one in the Tileset dock, or with the eyedropper (I) "
                  "on the map.");
    const auto& art = document.level().art;
    if (layer < 0 || layer >= int(art.size()) || art[size_t(layer)].tileset == stamp.tileset)
        return {};
    return tr("The picked tiles are of tileset '%1'; '%2' draws '%3'.")
        .arg(QString::fromStdString(stamp.tileset), QString::fromStdString(art[size_t(layer)].name),
             QString::fromStdString(art[size_t(layer)].tileset));
}

QString artEditText(const QString& action, long long tiles, const std::string& layer) {
    return tr("%1 %2 on '%3'")
        .arg(action, countOf(tiles, "art tile", "art tiles"), QString::fromStdString(layer));
}

std::vector<ArtWrite> stampWrites(const std::vector<QPoint>& cells, const ArtStamp& stamp,
                                  QPoint origin) {
    std::vector<ArtWrite> out;
    out.reserve(cells.size());
    for (const QPoint& c : cells) {
        const QPoint d = c - origin;
        out.push_back({c, stamp.tileAt(d.x(), d.y())});
    }
    return out;
}

std::vector<ArtWrite> stampWrites(const QRect& rect, const ArtStamp& stamp, QPoint origin) {
    std::vector<ArtWrite> out;
    if (rect.isEmpty())
        return out;
    out.reserve(size_t(rect.width()) * size_t(rect.height()));
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            out.push_back({QPoint(x, y), stamp.tileAt(x - origin.x(), y - origin.y())});
    return out;
}

std::vector<ArtWrite> clearWrites(const QRect& rect) {
    std::vector<ArtWrite> out;
    if (rect.isEmpty())
        return out;
    out.reserve(size_t(rect.width()) * size_t(rect.height()));
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            out.push_back({QPoint(x, y), {}});
    return out;
}

void ArtStroke::begin(int layer, int strokeId) {
    mLayer = layer;
    mStrokeId = strokeId;
    mChanged.clear();
}

int ArtStroke::paint(LevelDocument* document, const std::vector<ArtWrite>& writes,
                     const QString& action) {
    const auto& level = document->level();
    if (mLayer < 0 || mLayer >= int(level.art.size()))
        return 0;
    const ts::level::ArtLayer& layer = level.art[size_t(mLayer)];
    // What paintArt() will change: the first write of a cell, where it differs. The
    // step's text counts these with the stroke's earlier dabs.
    QSet<quint64> mine;
    for (const ArtWrite& w : writes) {
        if (!level.contains(w.pos.x(), w.pos.y()) || mine.contains(key(w.pos)))
            continue;
        mine.insert(key(w.pos));
        const ts::level::ArtTile tile = w.tile.empty() ? ts::level::ArtTile{} : w.tile;
        const size_t i = size_t(w.pos.y()) * size_t(level.width) + size_t(w.pos.x());
        if (i < layer.cells.size() && layer.cells[i] != tile)
            mChanged.insert(key(w.pos));
    }
    return document->paintArt(mLayer, writes, artEditText(action, changed(), layer.name),
                              mStrokeId);
}

std::vector<QPoint> artRegion(const LevelDocument& document, int layer, QPoint start) {
    const auto& level = document.level();
    if (layer < 0 || size_t(layer) >= document.resolvedArt().layerCount() ||
        !level.contains(start.x(), start.y()))
        return {};
    const auto& cells = document.resolvedArt().cells(size_t(layer));
    if (cells.size() != size_t(level.width) * size_t(level.height))
        return {};
    const ts::level::ArtTile target =
        cells[size_t(start.y()) * size_t(level.width) + size_t(start.x())];
    return floodRegion(level.width, level.height, start,
                       [&](std::size_t i) { return cells[i] == target; });
}

ArtPreviewBlock previewBlock(const std::vector<ArtWrite>& writes) {
    ArtPreviewBlock block;
    if (writes.empty())
        return block;
    QRect bounds(writes.front().pos, QSize(1, 1));
    for (const ArtWrite& w : writes)
        bounds |= QRect(w.pos, QSize(1, 1));
    block.width = bounds.width();
    block.height = bounds.height();
    block.topLeft = bounds.topLeft();
    block.tiles.assign(size_t(block.width) * size_t(block.height), {});
    for (const ArtWrite& w : writes)
        block.tiles[size_t(w.pos.y() - bounds.top()) * size_t(block.width) +
                    size_t(w.pos.x() - bounds.left())] = w.tile;
    return block;
}

void showArtPreview(LevelScene* scene, const std::string& tileset,
                    const std::vector<ArtWrite>& writes) {
    ArtPreviewBlock block = previewBlock(writes);
    if (block.tiles.empty()) {
        scene->artPreviewItem()->clear();
        return;
    }
    scene->artPreviewItem()->setTiles(tileset, block.width, block.height, std::move(block.tiles),
                                      block.topLeft);
}

ArtStamp artStampOf(const LevelDocument& document, int layer, const QRect& rect) {
    const auto& level = document.level();
    ArtStamp stamp;
    const QRect r = rect.intersected(QRect(0, 0, level.width, level.height));
    if (r.isEmpty() || layer < 0 || size_t(layer) >= document.resolvedArt().layerCount())
        return stamp;
    const auto& cells = document.resolvedArt().cells(size_t(layer));
    if (cells.size() != size_t(level.width) * size_t(level.height))
        return stamp;
    stamp.tileset = level.art[size_t(layer)].tileset;
    stamp.width = r.width();
    stamp.height = r.height();
    stamp.tiles.reserve(size_t(r.width()) * size_t(r.height()));
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            stamp.tiles.push_back(cells[size_t(y) * size_t(level.width) + size_t(x)]);
    return stamp;
}

} // namespace ts::editor
