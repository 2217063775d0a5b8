#include "dragshapetool.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/tooloptions.h"

#include <QKeyEvent>

namespace ts::editor {

ts::level::Level DragShapeTool::previewStamp(QPoint start, QPoint end, QPoint* topLeft) const {
    return makeStamp(shapeTiles(start, end), options()->tileKind(), topLeft);
}

QRect DragShapeTool::dragOutline(QPoint, QPoint) const {
    return QRect();
}

void DragShapeTool::deactivate() {
    mDragging = false;
    if (scene())
        scene()->previewItem()->clear();
}

void DragShapeTool::updatePreview(QPoint end) {
    QPoint topLeft;
    ts::level::Level stamp = previewStamp(mStart, end, &topLeft);
    scene()->previewItem()->setStamp(std::move(stamp), topLeft);
    scene()->previewItem()->setOutline(dragOutline(mStart, end));
}

void DragShapeTool::mousePressed(const ToolMouseEvent& e) {
    if (e.button == Qt::RightButton && mDragging) {
        deactivate();
        return;
    }
    if (e.button != Qt::LeftButton)
        return;
    mDragging = true;
    mStart = scene()->tileAt(e.scenePos);
    updatePreview(mStart);
}

void DragShapeTool::mouseMoved(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    if (!mDragging) {
        scene()->previewItem()->setOutline(hoverOutline(tile));
        return;
    }
    updatePreview(tile);
}

void DragShapeTool::mouseReleased(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton || !mDragging)
        return;
    const QPoint end = scene()->tileAt(e.scenePos);
    deactivate();
    const std::vector<QPoint> tiles = shapeTiles(mStart, end);
    if (tiles.empty())
        return;
    std::vector<TileWrite> writes;
    writes.reserve(tiles.size());
    const ts::Tile kind = options()->tileKind();
    for (const QPoint& p : tiles)
        writes.push_back({p, kind});
    document()->paintTiles(writes, undoText());
}

void DragShapeTool::hoverLeft() {
    if (!mDragging && scene())
        scene()->previewItem()->setOutline(QRect());
}

bool DragShapeTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && mDragging) {
        deactivate();
        return true;
    }
    return false;
}

} // namespace ts::editor
