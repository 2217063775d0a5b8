// Bucket fill: replaces the 4-connected region of the clicked tile's kind with
// the current tile kind (right click: with empty), as one undo step. On a painted art
// layer: the region of the clicked cell's art tile, with the stamp (right click: emptied).
#pragma once

#include "artpaint.h"
#include "tilesmith/editor/abstracttool.h"

#include "tilesmith/level/level.h"

namespace ts::editor {

class FillTool : public AbstractTool {
    Q_OBJECT
public:
    explicit FillTool(QObject* parent = nullptr);

    void mousePressed(const ToolMouseEvent& e) override;
    QString statusHint() const override;

    /// The tiles of the 4-connected region of `start`'s kind (iterative scanline
    /// flood fill, bounded by the map). Empty when start is outside the map.
    static std::vector<QPoint> region(const ts::level::Level& level, QPoint start);

private:
    /// On a painted art layer: the region of the clicked cell's tile, with the stamp or
    /// (`clear`) emptied.
    void fillArt(const PaintTarget& target, QPoint cell, bool clear);
};

} // namespace ts::editor
