// Brush: paints the options' tile kind with a square brush; fast drags are
// interpolated (no gaps) and a whole stroke is one undo step. Right click
// picks the tile kind under the cursor (as the eyedropper does: ToolManager::pickTile()).
#pragma once

#include "tilesmith/editor/abstracttool.h"

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

    int mStrokeId = 0;
    QPoint mLast;
    ts::Tile mHoverKind = ts::Tile::Empty;
    int mHoverSize = 0;
};

} // namespace ts::editor
