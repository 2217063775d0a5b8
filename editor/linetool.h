// Line: drag from one tile to another; a preview follows the mouse and the
// release paints the line (Bresenham, brush size thick) as one undo step.
// Right click or Escape while dragging cancels.
#pragma once

#include "abstracttool.h"

namespace ts::editor {

class LineTool : public AbstractTool {
    Q_OBJECT
public:
    explicit LineTool(ToolManager* manager);

    void deactivate() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void mouseReleased(const ToolMouseEvent& e) override;
    bool keyPressed(QKeyEvent* event) override;
    void hoverLeft() override;
    QString statusHint() const override;

    /// Tiles the line from a to b covers with the current brush size.
    std::vector<QPoint> tiles(QPoint a, QPoint b) const;

private:
    void updatePreview(QPoint end);
    bool mDragging = false;
    QPoint mStart;
};

} // namespace ts::editor
