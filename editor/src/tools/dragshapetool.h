// Base of the tools that paint a shape dragged from one tile to another (line,
// rectangle): a preview follows the mouse, the release paints the shape with the
// current tile kind as one undo step, and a right click or Escape while dragging
// cancels. Subclasses only say which tiles the shape covers. On a painted art layer the
// shape is filled with the options' stamp (repeated from stampOrigin()).
#pragma once

#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/leveldocument.h"

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
    /// collisionHint(), artHint() or why the active layer takes nothing.
    QString statusHint() const override;

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
    /// The hints on the collision and on a painted art layer.
    virtual QString collisionHint() const = 0;
    virtual QString artHint() const = 0;
    /// On an art layer: the cell the stamp repeats from (the drag's start by default).
    virtual QPoint stampOrigin(QPoint start, QPoint end) const;

private:
    void updatePreview(QPoint end);
    std::vector<ArtWrite> artWrites(QPoint start, QPoint end) const;
    int mArtLayer = -1; ///< the painted art layer the drag lays the stamp on (-1: collision)
    bool mDragging = false;
    QPoint mStart;
};

} // namespace ts::editor
