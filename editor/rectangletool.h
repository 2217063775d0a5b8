// Rectangle fill: drag a rectangle; a preview follows the mouse and the release
// fills it with the current tile kind as one undo step. Right click or Escape
// while dragging cancels.
#pragma once

#include "abstracttool.h"

namespace ts::editor {

class RectangleTool : public AbstractTool {
    Q_OBJECT
public:
    explicit RectangleTool(ToolManager* manager);

    void deactivate() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void mouseReleased(const ToolMouseEvent& e) override;
    bool keyPressed(QKeyEvent* event) override;
    void hoverLeft() override;
    QString statusHint() const override;

private:
    QRect currentRect(QPoint end) const;
    void updatePreview(QPoint end);
    bool mDragging = false;
    QPoint mStart;
};

} // namespace ts::editor
