#include "eyedroppertool.h"

#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/toolmanager.h"

namespace ts::editor {

EyedropperTool::EyedropperTool(QObject* parent)
    : AbstractTool(tr("Eyedropper"), QStringLiteral("eyedropper"), QKeySequence(Qt::Key_I),
                   parent) {
}

QString EyedropperTool::statusHint() const {
    return tr("Click: pick the tile kind under the cursor and go back to the brush.");
}

void EyedropperTool::mousePressed(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton && e.button != Qt::RightButton)
        return;
    manager()->pickTile(scene()->tileAt(e.scenePos));
}

} // namespace ts::editor
