// Base of the tools that paint a shape dragged from one tile to another (line,
// rectangle): a preview follows the mouse, the release paints the shape with the
// current tile kind as one undo step, and a right click or Escape while dragging
// cancels. Subclasses only say which tiles the shape covers.
#pragma once

#include "tilesmith/editor/abstracttool.h"

#include <vector>

namespace ts::editor {

class DragShapeTool : public AbstractTool {
    Q_OBJECT
public:
    using AbstractTool::AbstractTool;

    void deactivate() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void mouseReleased(const ToolMouseEvent& e) override;
    bool keyPressed(QKeyEvent* event) override;
    void hoverLeft() override;

protected:
    /// The tiles the shape from `start` to `end` covers.
    virtual std::vector<QPoint> shapeTiles(QPoint start, QPoint end) const = 0;
    /// The outline shown under the cursor while not dragging.
    virtual QRect hoverOutline(QPoint tile) const = 0;
    /// The preview of the shape (by default a stamp of shapeTiles()).
    virtual ts::level::Level previewStamp(QPoint start, QPoint end, QPoint* topLeft) const;
    /// The outline shown while dragging (none by default).
    virtual QRect dragOutline(QPoint start, QPoint end) const;
    /// The undo step's name.
    virtual QString undoText() const = 0;

private:
    void updatePreview(QPoint end);
    bool mDragging = false;
    QPoint mStart;
};

} // namespace ts::editor
