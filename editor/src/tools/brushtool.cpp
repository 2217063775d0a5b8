#include "brushtool.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"

namespace ts::editor {

BrushTool::BrushTool(QObject* parent)
    : BrushTool(tr("Brush"), QStringLiteral("brush"), QKeySequence(Qt::Key_B), parent) {
}

BrushTool::BrushTool(const QString& name, const QString& iconName, const QKeySequence& shortcut,
                     QObject* parent)
    : AbstractTool(name, iconName, shortcut, parent) {
}

ts::Tile BrushTool::paintTile() const {
    return options()->tileKind();
}

QString BrushTool::undoText() const {
    return tr("Paint");
}

QString BrushTool::statusHint() const {
    return tr("Left drag: paint (brush size %1; [ ] change it). Right click: pick the tile kind; "
              "X: swap solid and one-way.")
        .arg(options()->brushSize());
}

void BrushTool::deactivate() {
    mStrokeId = 0;
    if (scene())
        scene()->previewItem()->clear();
}

void BrushTool::mousePressed(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    if (e.button == Qt::RightButton && mStrokeId == 0) {
        manager()->pickTile(tile);
        if (manager()->currentTool() != this)
            return;
    }
    if (e.button != Qt::LeftButton)
        return;
    mStrokeId = LevelDocument::newMergeId();
    mLast = tile;
    dabLine(tile, tile);
}

void BrushTool::mouseMoved(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    showHover(tile);
    if (mStrokeId == 0 || !(e.buttons & Qt::LeftButton))
        return;
    if (tile == mLast)
        return;
    dabLine(mLast, tile);
    mLast = tile;
}

void BrushTool::mouseReleased(const ToolMouseEvent& e) {
    if (e.button == Qt::LeftButton)
        mStrokeId = 0;
}

void BrushTool::hoverLeft() {
    if (scene())
        scene()->previewItem()->clear();
}

void BrushTool::showHover(QPoint tile) {
    // What a dab here would do: a translucent stamp of the tile kind (a red
    // wash for the eraser) inside the brush outline.
    // Only what lies on the map: a dab never paints outside it.
    const ts::level::Level* level = document() ? &document()->level() : nullptr;
    const QRect r = level ? brushFootprint(tile, options()->brushSize())
                                .intersected(QRect(0, 0, level->width, level->height))
                          : QRect();
    TileOverlayItem* preview = scene()->previewItem();
    if (r.isEmpty()) {
        preview->clear();
        return;
    }
    const ts::Tile kind = paintTile();
    if (kind == ts::Tile::Empty) {
        preview->setEraseRect(r);
    } else if (!preview->hasStamp() || preview->stampTopLeft() != r.topLeft() ||
               mHoverKind != kind || mHoverSize != r.width()) {
        ts::level::Level stamp;
        stamp.width = r.width();
        stamp.height = r.height();
        stamp.tiles.assign(size_t(r.width()) * size_t(r.height()), kind);
        preview->setStamp(std::move(stamp), r.topLeft());
    }
    mHoverKind = kind;
    mHoverSize = r.width();
    preview->setOutline(r);
}

void BrushTool::dabLine(QPoint from, QPoint to) {
    LevelDocument* doc = document();
    if (!doc)
        return;
    const int size = options()->brushSize();
    const ts::Tile tile = paintTile();
    std::vector<TileWrite> writes;
    const std::vector<QPoint> points = lineTiles(from, to);
    writes.reserve(points.size() * size_t(size) * size_t(size));
    // The first point of a segment was painted by the previous one, except at the start.
    const bool skipFirst = from != to;
    for (size_t i = skipFirst ? 1 : 0; i < points.size(); ++i) {
        const QRect r = brushFootprint(points[i], size);
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x)
                writes.push_back({QPoint(x, y), tile});
    }
    doc->paintTiles(writes, undoText(), mStrokeId);
}

} // namespace ts::editor
