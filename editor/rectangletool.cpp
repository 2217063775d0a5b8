#include "rectangletool.h"

#include "document.h"
#include "levelscene.h"
#include "tilelayeritem.h"
#include "toolmanager.h"

#include <QKeyEvent>

namespace ts::editor {

RectangleTool::RectangleTool(ToolManager* manager)
    : AbstractTool(tr("Rectangle"), QStringLiteral("rectangle"), QKeySequence(Qt::Key_R), manager) {
}

QString RectangleTool::statusHint() const {
    return tr("Left drag: fill a rectangle. Right click or Esc: cancel.");
}

QRect RectangleTool::currentRect(QPoint end) const {
    const LevelDocument* doc = document();
    const QRect map = doc ? QRect(0, 0, doc->level().width, doc->level().height) : QRect();
    return tileRectBetween(mStart, end).intersected(map);
}

void RectangleTool::deactivate() {
    mDragging = false;
    if (scene())
        scene()->previewItem()->clear();
}

void RectangleTool::updatePreview(QPoint end) {
    const QRect r = currentRect(end);
    ts::level::Level stamp;
    if (!r.isEmpty()) {
        stamp.width = r.width();
        stamp.height = r.height();
        stamp.tiles.assign(size_t(r.width()) * size_t(r.height()), manager()->tileKind());
    }
    scene()->previewItem()->setStamp(std::move(stamp), r.topLeft());
    scene()->previewItem()->setOutline(r);
}

void RectangleTool::mousePressed(const ToolMouseEvent& e) {
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

void RectangleTool::mouseMoved(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    if (!mDragging) {
        scene()->previewItem()->setOutline(QRect(tile, QSize(1, 1)));
        return;
    }
    updatePreview(tile);
}

void RectangleTool::mouseReleased(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton || !mDragging)
        return;
    const QRect r = currentRect(scene()->tileAt(e.scenePos));
    deactivate();
    if (r.isEmpty())
        return;
    std::vector<TileWrite> writes;
    writes.reserve(size_t(r.width()) * size_t(r.height()));
    const ts::Tile kind = manager()->tileKind();
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            writes.push_back({QPoint(x, y), kind});
    document()->paintTiles(writes, tr("Fill Rectangle"));
}

void RectangleTool::hoverLeft() {
    if (!mDragging && scene())
        scene()->previewItem()->setOutline(QRect());
}

bool RectangleTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && mDragging) {
        deactivate();
        return true;
    }
    return false;
}

} // namespace ts::editor
