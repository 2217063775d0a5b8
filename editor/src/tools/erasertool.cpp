#include "erasertool.h"

#include "tilesmith/editor/toolmanager.h"

namespace ts::editor {

EraserTool::EraserTool(ToolManager* manager)
    : BrushTool(tr("Eraser"), QStringLiteral("eraser"), QKeySequence(Qt::Key_E), manager) {
}

QString EraserTool::undoText() const {
    return tr("Erase");
}

QString EraserTool::statusHint() const {
    return tr("Left drag: erase (brush size %1).").arg(manager()->brushSize());
}

} // namespace ts::editor
