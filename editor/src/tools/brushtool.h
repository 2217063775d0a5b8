// Brush: paints the options' tile kind with a square brush; fast drags are
// interpolated (no gaps) and a whole stroke is one undo step. Right click
// picks the tile kind under the cursor (as the eyedropper does: ToolManager::pickTile()).
// On a painted art layer it lays the options' stamp instead, repeated from the stroke's
// first dab (artpaint.h), and the eraser empties art cells.
#pragma once

#include "tilesmith/editor/abstracttool.h"

#include "artpaint.h"
#include "tilesmith/level/level.h"

namespace ts::editor {

class BrushTool : public AbstractTool {
    Q_OBJECT
public:
    explicit BrushTool(QObject* parent = nullptr);

    void deactivate() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void mouseReleased(const ToolMouseEvent& e) override;
    void hoverLeft() override;
    QString statusHint() const override;

    bool takesPickedTile(ts::Tile kind) const override { return kind != ts::Tile::Empty; }

    bool isPainting() const { return mStrokeId != 0; }

protected:
    BrushTool(const QString& name, const QString& iconName, const QKeySequence& shortcut,
              QObject* parent);
    /// The tile this tool paints.
    virtual ts::Tile paintTile() const;
    virtual QString undoText() const;

private:
    void dabLine(QPoint from, QPoint to);
    void showHover(QPoint tile);
    void showArtHover(QPoint tile);
    /// On an art layer: the cells a dab at `tile` covers (the stamp, at least the brush
    /// size; the brush square for the eraser) and what it writes there.
    QRect artFootprint(QPoint tile) const;
    std::vector<ArtWrite> artDab(const QRect& footprint) const;

    int mStrokeId = 0;
    QPoint mLast;
    ts::Tile mHoverKind = ts::Tile::Empty;
    int mHoverSize = 0;
    int mArtLayer = -1;  ///< the painted art layer the stroke paints (-1: the collision)
    QPoint mStampOrigin; ///< the cell the stroke's stamp repeats from
    ArtStroke mArtStroke;
};

} // namespace ts::editor
