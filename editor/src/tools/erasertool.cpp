#include "erasertool.h"

#include "tilesmith/editor/tooloptions.h"

namespace ts::editor {

EraserTool::EraserTool(QObject* parent)
    : BrushTool(tr("Eraser"), QStringLiteral("eraser"), QKeySequence(Qt::Key_E), parent) {
}

QString EraserTool::undoText() const {
    return tr("Erase");
}

QString EraserTool::statusHint() const {
    return tr("Left drag: erase (brush size %1).").arg(options()->brushSize());
}

} // namespace ts::editor
