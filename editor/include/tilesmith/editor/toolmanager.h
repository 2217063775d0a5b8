// Owns the tools, keeps them in an exclusive QActionGroup with single-key
// shortcuts, and holds what they share: the tile kind to paint, the brush
// size and the spawn kind to place.
//
// Shortcuts: B brush, E eraser, L line, R rectangle, F bucket fill,
// I eyedropper, S select, P spawn, J jump arc; while the spawn tool is
// current, K and Shift+K step the spawn kind.
//
// The spawn kind: a level opened without a player places the player first;
// otherwise, and once the player is placed, the kind the designer picked last
// (a goal until they pick one: a new level has its player already).
#pragma once

#include "tilesmith/level/level.h"

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QActionGroup;

namespace ts::editor {

class AbstractTool;
class BrushTool;
class EraserTool;
class LineTool;
class RectangleTool;
class FillTool;
class EyedropperTool;
class SelectTool;
class SpawnTool;
class JumpArcTool;
class LevelScene;
class LevelDocument;

class ToolManager : public QObject {
    Q_OBJECT
public:
    explicit ToolManager(QObject* parent = nullptr);
    ~ToolManager() override;

    /// Connects to a scene (and sets the scene's tool manager).
    void setScene(LevelScene* scene);
    LevelScene* scene() const;

    /// In toolbar order: brush, eraser, line, rectangle, fill, eyedropper, select, spawn,
    /// jump arc.
    QList<AbstractTool*> tools() const { return mTools; }
    QActionGroup* actionGroup() const { return mActionGroup; }
    AbstractTool* currentTool() const { return mCurrent; }
    void setCurrentTool(AbstractTool* tool);

    BrushTool* brushTool() const { return mBrush; }
    EraserTool* eraserTool() const { return mEraser; }
    LineTool* lineTool() const { return mLine; }
    RectangleTool* rectangleTool() const { return mRectangle; }
    FillTool* fillTool() const { return mFill; }
    EyedropperTool* eyedropperTool() const { return mEyedropper; }
    SelectTool* selectTool() const { return mSelect; }
    SpawnTool* spawnTool() const { return mSpawn; }
    JumpArcTool* jumpArcTool() const { return mJumpArc; }

    /// Solid or OneWay (Empty is what the eraser paints).
    ts::Tile tileKind() const { return mTileKind; }
    void setTileKind(ts::Tile kind);
    /// Square brush side in tiles, 1..8.
    int brushSize() const { return mBrushSize; }
    void setBrushSize(int size);
    /// What the spawn tool places now.
    ts::level::SpawnKind spawnKind() const { return mSpawnKind; }
    /// The designer's pick: placed from now on, also on the next level (unless it has
    /// no player yet).
    void setSpawnKind(ts::level::SpawnKind kind);
    /// The kind the designer picked last (a window keeps it for the next start).
    ts::level::SpawnKind pickedSpawnKind() const { return mPickedSpawnKind; }
    /// Restores a pick kept from an earlier start: the kind placed unless the level
    /// has no player yet (then the player comes first).
    void restorePickedSpawnKind(ts::level::SpawnKind kind);
    /// Picks the kind `step` places after the current one in ts::level::kSpawnKinds,
    /// round the end.
    void stepSpawnKind(int step);
    /// Next Spawn Kind (K) and Previous Spawn Kind (Shift+K): step the kind; enabled
    /// while the spawn tool is current. A window adds them to itself for their keys.
    QAction* nextSpawnKindAction() const { return mNextSpawnKind; }
    QAction* previousSpawnKindAction() const { return mPreviousSpawnKind; }

    static constexpr int kMaxBrushSize = 8;

signals:
    void currentToolChanged(ts::editor::AbstractTool* tool);
    void tileKindChanged(ts::Tile kind);
    void brushSizeChanged(int size);
    void spawnKindChanged(ts::level::SpawnKind kind);
    /// The current tool's status bar hint.
    void statusHintChanged(const QString& hint);

private:
    void applyCursor();
    /// Sets what the spawn tool places (not the designer's pick) and says so.
    void showSpawnKind(ts::level::SpawnKind kind);
    /// A level came: a player first if it has none, else the designer's pick.
    void followDocument(LevelDocument* document);
    /// The level's spawns changed: once the player the kind was set to is placed,
    /// back to the designer's pick.
    void followPlayer();

    QPointer<LevelScene> mScene;
    QList<AbstractTool*> mTools;
    QActionGroup* mActionGroup;
    AbstractTool* mCurrent = nullptr;
    BrushTool* mBrush;
    EraserTool* mEraser;
    LineTool* mLine;
    RectangleTool* mRectangle;
    FillTool* mFill;
    EyedropperTool* mEyedropper;
    SelectTool* mSelect;
    SpawnTool* mSpawn;
    JumpArcTool* mJumpArc;
    ts::Tile mTileKind = ts::Tile::Solid;
    int mBrushSize = 1;
    ts::level::SpawnKind mSpawnKind = ts::level::SpawnKind::Goal;
    ts::level::SpawnKind mPickedSpawnKind = ts::level::SpawnKind::Goal;
    bool mPlayerFirst = false; ///< the kind is Player because the level has none
    QAction* mNextSpawnKind;
    QAction* mPreviousSpawnKind;
    QPointer<LevelDocument> mDocument;
    QList<QMetaObject::Connection> mDocConnections;
};

} // namespace ts::editor
