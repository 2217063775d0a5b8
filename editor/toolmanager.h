// Owns the tools, keeps them in an exclusive QActionGroup with single-key
// shortcuts, and holds what they share: the tile kind to paint, the brush
// size and the spawn kind to place.
//
// Shortcuts: B brush, E eraser, L line, R rectangle, F bucket fill,
// I eyedropper, S select, P spawn, J jump arc.
#pragma once

#include "tilesmith/level/level.h"

#include <QList>
#include <QObject>
#include <QPointer>

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
    ts::level::SpawnKind spawnKind() const { return mSpawnKind; }
    void setSpawnKind(ts::level::SpawnKind kind);

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
    ts::level::SpawnKind mSpawnKind = ts::level::SpawnKind::Box;
    QMetaObject::Connection mDocConnection;
};

} // namespace ts::editor
