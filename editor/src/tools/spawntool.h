// Spawn tool: a click on empty space places a spawn of the options' kind with
// the kind's defaults (placing a player when one exists moves it; K and Shift+K,
// this tool's kindActions(), step the kind); a click on
// a spawn selects it (Ctrl toggles) and dragging moves the selected spawns,
// snapping to tiles (one undo step). Delete removes the selected spawns.
#pragma once

#include "tilesmith/editor/abstracttool.h"

namespace ts::editor {

class SpawnTool : public AbstractTool {
    Q_OBJECT
public:
    explicit SpawnTool(QObject* parent = nullptr);

    void activate() override;
    void deactivate() override;
    void cancelGesture() override;
    /// Next Spawn Kind (K) and Previous Spawn Kind (Shift+K): step the options' spawn
    /// kind; enabled while this tool is current. A window adds them to itself for their
    /// keys.
    QList<QAction*> kindActions() const { return {mNextKind, mPreviousKind}; }
    void documentChanged() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void mouseReleased(const ToolMouseEvent& e) override;
    bool keyPressed(QKeyEvent* event) override;
    QString statusHint() const override;
    /// Only to cancel a drag: else the right click is the context menu's.
    bool takesRightClick() const override { return mDragging; }

private:
    /// Delta clamped so every dragged spawn stays inside the map.
    QPoint clampedDelta(QPoint delta) const;
    void showDragOffset(QPoint delta);

    QAction* mNextKind;
    QAction* mPreviousKind;
    bool mDragging = false;
    QPoint mStart;
    QPoint mDelta;
    QList<int> mDragIds;
};

} // namespace ts::editor
