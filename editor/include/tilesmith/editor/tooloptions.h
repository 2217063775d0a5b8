// What the tools share and the tool options bar shows: the tile kind the painting tools
// lay, the brush size and the spawn kind the spawn tool places. An object of its own
// (Tiled keeps its tool options apart from the tools too), owned by the tool manager.
//
// The spawn kind: a level opened without a player places the player first; otherwise,
// and once the player is placed, the kind the designer picked last (a goal until they
// pick one: a new level has its player already).
#pragma once

#include "tilesmith/level/level.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace ts::editor {

class LevelDocument;

class ToolOptions : public QObject {
    Q_OBJECT
public:
    explicit ToolOptions(QObject* parent = nullptr);

    /// Solid or OneWay (Empty is what the eraser paints; setting it is ignored).
    ts::Tile tileKind() const { return mTileKind; }
    void setTileKind(ts::Tile kind);
    /// Square brush side in tiles, 1..kMaxBrushSize (clamped).
    int brushSize() const { return mBrushSize; }
    void setBrushSize(int size);
    static constexpr int kMaxBrushSize = 8;

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

    /// The level the options follow (a level without a player places the player first).
    void setDocument(LevelDocument* document);

signals:
    void tileKindChanged(ts::Tile kind);
    void brushSizeChanged(int size);
    void spawnKindChanged(ts::level::SpawnKind kind);

private:
    /// Sets what the spawn tool places (not the designer's pick) and says so.
    void showSpawnKind(ts::level::SpawnKind kind);
    /// The level's spawns changed: once the player the kind was set to is placed,
    /// back to the designer's pick.
    void followPlayer();

    ts::Tile mTileKind = ts::Tile::Solid;
    int mBrushSize = 1;
    ts::level::SpawnKind mSpawnKind = ts::level::SpawnKind::Goal;
    ts::level::SpawnKind mPickedSpawnKind = ts::level::SpawnKind::Goal;
    bool mPlayerFirst = false; ///< the kind is Player because the level has none
    QPointer<LevelDocument> mDocument;
    QList<QMetaObject::Connection> mDocConnections;
};

} // namespace ts::editor
