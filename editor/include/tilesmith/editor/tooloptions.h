// What the tools share and the tool options bar shows: the layer the painting tools work
// on (the collision or a painted art layer), the tile kind they lay on the collision, the
// stamp of art tiles they lay on an art layer, the brush size and the spawn kind the
// spawn tool places. An object of its own
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

#include <string>
#include <vector>

namespace ts::editor {

class LevelDocument;

/// A rectangle of art tiles the painting tools lay on an art layer (one tile, or a
/// block picked from the tileset or the map), row-major, row 0 at the top.
struct ArtStamp {
    std::string tileset; ///< the tileset its tiles are of
    int width = 0;
    int height = 0;
    std::vector<ts::level::ArtTile> tiles;
    bool isEmpty() const { return width <= 0 || height <= 0; }
    /// The tile at (x, y) of the stamp laid from (0, 0) over and over: (x mod width,
    /// y mod height).
    ts::level::ArtTile tileAt(int x, int y) const;
    bool operator==(const ArtStamp&) const = default;
};

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

    /// The art layer the painting tools work on, by name; empty for the collision. A
    /// name the level loses (the layer deleted, renamed by an undo) falls back to the
    /// collision.
    const std::string& activeLayer() const { return mActiveLayer; }
    void setActiveLayer(const std::string& name);
    /// The index of the active art layer in the level, or -1 for the collision.
    int activeLayerIndex() const;
    /// What the painting tools lay on an art layer.
    const ArtStamp& stamp() const { return mStamp; }
    void setStamp(ArtStamp stamp);

    /// The level the options follow (a level without a player places the player first).
    void setDocument(LevelDocument* document);

signals:
    void tileKindChanged(ts::Tile kind);
    void brushSizeChanged(int size);
    void spawnKindChanged(ts::level::SpawnKind kind);
    void activeLayerChanged(const std::string& name);
    /// Where the painting tools paint may have changed: another active layer, or the
    /// level's layers changed (the active one locked, unlocked, ...). Tool hints follow.
    void paintTargetChanged();
    void stampChanged();

private:
    /// The art layers changed: an active layer that is gone gives way to the collision.
    void followLayers();
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
    std::string mActiveLayer;
    ArtStamp mStamp;
    QPointer<LevelDocument> mDocument;
    QList<QMetaObject::Connection> mDocConnections;
};

} // namespace ts::editor
