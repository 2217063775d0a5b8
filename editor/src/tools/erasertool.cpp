#include "erasertool.h"

#include "artpaint.h"

#include "tilesmith/editor/tooloptions.h"

namespace ts::editor {

EraserTool::EraserTool(QObject* parent)
    : BrushTool(tr("Eraser"), QStringLiteral("eraser"), QKeySequence(Qt::Key_E), parent) {
}

QString EraserTool::undoText() const {
    return tr("Erase");
}

QString EraserTool::statusHint() const {
    return targetHint(paintTarget(options(), document()),
                      tr("Left drag: erase (brush size %1).").arg(options()->brushSize()),
                      tr("Left drag: erase art tiles of '%1' (brush size %2).")
                          .arg(QString::fromStdString(options()->activeLayer()))
                          .arg(options()->brushSize()));
}

} // namespace ts::editor
