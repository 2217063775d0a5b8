// Rectangle fill: drag a rectangle; a preview follows the mouse and the release
// fills it with the current tile kind as one undo step. Right click or Escape
// while dragging cancels.
#pragma once

#include "dragshapetool.h"

namespace ts::editor {

class RectangleTool : public DragShapeTool {
    Q_OBJECT
public:
    explicit RectangleTool(QObject* parent = nullptr);

protected:
    std::vector<QPoint> shapeTiles(QPoint start, QPoint end) const override;
    ts::level::Level previewStamp(QPoint start, QPoint end, QPoint* topLeft) const override;
    QRect hoverOutline(QPoint tile) const override { return QRect(tile, QSize(1, 1)); }
    QRect dragOutline(QPoint start, QPoint end) const override { return rectBetween(start, end); }
    QString undoText() const override { return tr("Fill Rectangle"); }
    QString collisionHint() const override;
    QString artHint() const override;
    /// The stamp repeats from the rectangle's top-left corner.
    QPoint stampOrigin(QPoint start, QPoint end) const override {
        return tileRectBetween(start, end).topLeft();
    }

private:
    /// The dragged rectangle, clipped to the map.
    QRect rectBetween(QPoint start, QPoint end) const;
};

} // namespace ts::editor
