// Line: drag from one tile to another; a preview follows the mouse and the
// release paints the line (Bresenham, brush size thick) as one undo step.
// Right click or Escape while dragging cancels.
#pragma once

#include "dragshapetool.h"

namespace ts::editor {

class LineTool : public DragShapeTool {
    Q_OBJECT
public:
    explicit LineTool(QObject* parent = nullptr);

    /// Tiles the line from a to b covers with the current brush size.
    std::vector<QPoint> tiles(QPoint a, QPoint b) const;

protected:
    std::vector<QPoint> shapeTiles(QPoint start, QPoint end) const override {
        return tiles(start, end);
    }
    QRect hoverOutline(QPoint tile) const override;
    QString undoText() const override { return tr("Line"); }
    QString collisionHint() const override;
    QString artHint() const override;
};

} // namespace ts::editor
