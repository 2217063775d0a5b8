// Rectangle selection of tiles and spawns. Drag on empty space selects the
// tiles in the rectangle and the spawns standing in it; a click on a spawn
// selects it; dragging the selection moves tiles and spawns together (one undo
// step); a floating paste follows the mouse and a left click places it (right
// click or Escape cancels). Delete clears, Cut/Copy/Paste go through the scene,
// and so do Flip and Rotate, of the paste or the selected tiles in place. On a painted
// art layer (the active layer) the selection is of that layer's cells: they move, and
// the scene's Edit actions work on them.
#pragma once

#include "tilesmith/editor/abstracttool.h"

namespace ts::editor {

class SelectTool : public AbstractTool {
    Q_OBJECT
public:
    explicit SelectTool(QObject* parent = nullptr);

    void deactivate() override;
    void documentChanged() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void mouseReleased(const ToolMouseEvent& e) override;
    bool keyPressed(QKeyEvent* event) override;
    QCursor cursor() const override { return Qt::ArrowCursor; }
    QString statusHint() const override;
    /// Ends a drag (selecting, or moving the selection) without finishing it.
    void cancelGesture() override;
    bool selectsRegions() const override { return true; }
    /// Only to cancel a drag or a floating paste: else the right click is the context menu's.
    bool takesRightClick() const override;

private:
    enum class Mode { Idle, Selecting, Moving };
    void finishMove(QPoint tile);
    /// finishMove() on painted art layer `layer`: its selected cells move.
    void finishArtMove(int layer, QPoint tile);

    Mode mMode = Mode::Idle;
    QPoint mStart;
    QPoint mFloatingGrab; ///< cursor tile minus floating top-left while a paste follows
    QRect mMoveSource;
    QList<int> mMoveSpawns;
};

} // namespace ts::editor
