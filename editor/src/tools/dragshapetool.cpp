#include "dragshapetool.h"

#include "artpaint.h"
#include "tilesmith/editor/artoverlayitem.h"
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

QPoint DragShapeTool::stampOrigin(QPoint start, QPoint) const {
    return start;
}

QString DragShapeTool::statusHint() const {
    return targetHint(paintTarget(options(), document()), collisionHint(), artHint());
}

void DragShapeTool::deactivate() {
    mDragging = false;
    if (scene()) {
        scene()->previewItem()->clear();
        scene()->artPreviewItem()->clear();
    }
}

std::vector<ArtWrite> DragShapeTool::artWrites(QPoint start, QPoint end) const {
    return stampWrites(shapeTiles(start, end), options()->stamp(), stampOrigin(start, end));
}

void DragShapeTool::updatePreview(QPoint end) {
    if (mArtLayer >= 0) {
        showArtPreview(scene(), options()->stamp().tileset, artWrites(mStart, end));
        scene()->previewItem()->setOutline(dragOutline(mStart, end));
        return;
    }
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
    const PaintTarget target = paintTarget(options(), document());
    if (target.isLocked()) {
        emit statusHintChanged(lockedLayerText(target.name));
        return;
    }
    if (target.isArt()) {
        if (const QString problem = stampProblem(options()->stamp(), *document(), target.layer);
            !problem.isEmpty()) {
            emit statusHintChanged(problem);
            return;
        }
    }
    mArtLayer = target.isArt() ? target.layer : -1;
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
    if (mArtLayer >= 0) {
        ArtStroke stroke;
        stroke.begin(mArtLayer, 0);
        stroke.paint(document(), artWrites(mStart, end), undoText());
        return;
    }
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
