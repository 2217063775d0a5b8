#include "eyedroppertool.h"

#include "artpaint.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"

#include <QKeyEvent>

namespace ts::editor {

EyedropperTool::EyedropperTool(QObject* parent)
    : AbstractTool(tr("Eyedropper"), QStringLiteral("eyedropper"), QKeySequence(Qt::Key_I),
                   parent) {
}

QString EyedropperTool::statusHint() const {
    const PaintTarget target = paintTarget(options(), document());
    if (target.kind != PaintTarget::Kind::Collision)
        return tr("Click: pick the art tile under the cursor on '%1', drag: a rectangle of them, "
                  "as the stamp; then back to the brush.")
            .arg(QString::fromStdString(target.name));
    return tr("Click: pick the tile kind under the cursor and go back to the brush.") +
           autoLayerNote(target);
}

void EyedropperTool::deactivate() {
    mDragging = false;
    if (scene())
        scene()->previewItem()->clear();
}

void EyedropperTool::mousePressed(const ToolMouseEvent& e) {
    if (mDragging && e.button == Qt::RightButton) {
        deactivate();
        return;
    }
    if (e.button != Qt::LeftButton && e.button != Qt::RightButton)
        return;
    const QPoint tile = scene()->tileAt(e.scenePos);
    if (e.button == Qt::LeftButton &&
        paintTarget(options(), document()).kind != PaintTarget::Kind::Collision) {
        // Picked on release: a click one tile, a drag the rectangle.
        mDragging = true;
        mStart = tile;
        scene()->previewItem()->setOutline(QRect(tile, QSize(1, 1)));
        return;
    }
    manager()->pickTile(tile);
}

void EyedropperTool::mouseMoved(const ToolMouseEvent& e) {
    if (mDragging)
        scene()->previewItem()->setOutline(tileRectBetween(mStart, scene()->tileAt(e.scenePos)));
}

void EyedropperTool::mouseReleased(const ToolMouseEvent& e) {
    if (!mDragging || e.button != Qt::LeftButton)
        return;
    const QRect cells = tileRectBetween(mStart, scene()->tileAt(e.scenePos));
    deactivate();
    manager()->pickArt(cells);
}

bool EyedropperTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && mDragging) {
        deactivate();
        return true;
    }
    return false;
}

} // namespace ts::editor
