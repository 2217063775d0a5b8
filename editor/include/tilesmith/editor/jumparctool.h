// Jump Arc tool (J): shows, from the tile under the cursor, where the player
// goes with a short and a full jump to the left and right and when it walks off
// the ledge on each side, as the physics character controller computes it
// (tilesmith/leveledit/jumparc.h). A click pins the arcs to a tile; right click or
// Esc unpins. The arcs follow document edits.
#pragma once

#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/jumparcitem.h"
#include "tilesmith/leveledit/jumparc.h"

#include <QList>
#include <QPoint>
#include <QPointer>

#include <memory>
#include <optional>

namespace ts::editor {

class JumpArcTool : public AbstractTool {
    Q_OBJECT
public:
    explicit JumpArcTool(QObject* parent = nullptr);
    ~JumpArcTool() override;

    void activate() override;
    void deactivate() override;
    void documentChanged() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void hoverLeft() override;
    bool keyPressed(QKeyEvent* event) override;
    QString statusHint() const override;

    /// Pins the arcs to `tile` (level coordinates), as a click does. A tile
    /// without arcs (solid, off the map, or the player never lands from it) pins
    /// nothing (the arcs shown stay): returns false and the status bar says why.
    bool pin(QPoint tile);
    /// Unpins: the arcs follow the cursor again, from the tile under it at once.
    void unpin();
    bool isPinned() const { return mPinned; }
    /// The tile the shown arcs start from, if any.
    std::optional<QPoint> arcTile() const { return mTile; }
    /// The arcs shown (not ok when none).
    const ts::leveledit::JumpArcSet& arcs() const { return mArcs; }
    /// The item drawing them (null while the tool is inactive).
    JumpArcItem* item() const { return mItem; }

signals:
    /// The shown arcs changed (computed for another tile, edited level, cleared).
    void arcsChanged();

private:
    void showArcs(std::optional<QPoint> tile);
    /// The arcs from `tile` (level coordinates) on the current level.
    ts::leveledit::JumpArcSet arcsFrom(QPoint tile);
    void show(std::optional<QPoint> tile, ts::leveledit::JumpArcSet arcs);
    /// Tells the status bar why `tile` has no arcs (JumpArcSet::why), if it has none.
    void sayWhy(QPoint tile, const ts::leveledit::JumpArcSet& arcs);
    void levelEdited();
    void connectDocument();

    QPointer<JumpArcItem> mItem;          ///< owned by the scene once added
    std::optional<ts::World> mEmptyWorld; ///< the level's map and settings, no bodies
    ts::leveledit::JumpArcSet mArcs;
    std::optional<QPoint> mTile;
    std::optional<QPoint> mHovered; ///< the tile under the cursor, pinned or not
    bool mPinned = false;
    bool mSaidWhy = false; ///< the status bar says why a tile has no arcs
    QList<QMetaObject::Connection> mConnections;
};

} // namespace ts::editor
