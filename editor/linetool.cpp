#include "linetool.h"

#include "document.h"
#include "levelscene.h"
#include "tilelayeritem.h"
#include "toolmanager.h"

#include <QKeyEvent>

#include <set>

namespace ts::editor {

LineTool::LineTool(ToolManager* manager)
    : AbstractTool(tr("Line"), QStringLiteral("line"), QKeySequence(Qt::Key_L), manager) {
}

QString LineTool::statusHint() const {
    return tr("Left drag: draw a line (brush size %1). Right click or Esc: cancel.")
        .arg(manager()->brushSize());
}

std::vector<QPoint> LineTool::tiles(QPoint a, QPoint b) const {
    const int size = manager()->brushSize();
    if (size == 1)
        return lineTiles(a, b);
    std::set<std::pair<int, int>> seen;
    std::vector<QPoint> out;
    for (const QPoint& p : lineTiles(a, b)) {
        const QRect r = brushFootprint(p, size);
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x)
                if (seen.insert({x, y}).second)
                    out.emplace_back(x, y);
    }
    return out;
}

void LineTool::deactivate() {
    mDragging = false;
    if (scene())
        scene()->previewItem()->clear();
}

void LineTool::updatePreview(QPoint end) {
    QPoint topLeft;
    ts::level::Level stamp = makeStamp(tiles(mStart, end), manager()->tileKind(), &topLeft);
    scene()->previewItem()->setStamp(std::move(stamp), topLeft);
}

void LineTool::mousePressed(const ToolMouseEvent& e) {
    if (e.button == Qt::RightButton && mDragging) {
        deactivate();
        return;
    }
    if (e.button != Qt::LeftButton)
        return;
    mDragging = true;
    mStart = scene()->tileAt(e.scenePos);
    scene()->previewItem()->setOutline(QRect());
    updatePreview(mStart);
}

void LineTool::mouseMoved(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    if (!mDragging) {
        scene()->previewItem()->setOutline(brushFootprint(tile, manager()->brushSize()));
        return;
    }
    updatePreview(tile);
}

void LineTool::mouseReleased(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton || !mDragging)
        return;
    const QPoint end = scene()->tileAt(e.scenePos);
    deactivate();
    std::vector<TileWrite> writes;
    const ts::Tile kind = manager()->tileKind();
    for (const QPoint& p : tiles(mStart, end))
        writes.push_back({p, kind});
    document()->paintTiles(writes, tr("Line"));
}

void LineTool::hoverLeft() {
    if (!mDragging && scene())
        scene()->previewItem()->setOutline(QRect());
}

bool LineTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && mDragging) {
        deactivate();
        return true;
    }
    return false;
}

} // namespace ts::editor
