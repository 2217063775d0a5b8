// What pasting a region does to a level, decided before any edit: Tiled's
// rule for tiles (a clipboard cell that is empty leaves the level's tile as it
// is; any other cell replaces it) and ours for spawns (none ends up inside a
// solid tile: a spawn the pasted tiles would bury, or a pasted spawn landing on
// solid, moves to the nearest free tile, straight up first).
#pragma once

#include "document.h"
#include "tilesmith/level/level.h"

#include <QPoint>
#include <QString>

#include <vector>

namespace ts::editor {

struct PastePlan {
    struct Move {
        int id;
        QPoint to;
    };
    std::vector<TileWrite> writes;        ///< the clipboard's non-empty cells, in the map
    std::vector<Move> movedSpawns;        ///< existing spawns the tiles would bury
    std::vector<ts::level::Spawn> spawns; ///< pasted spawns at their final tiles (id 0)
    int relocatedPasted = 0;              ///< pasted spawns moved off solid tiles
    int droppedSpawns = 0;                ///< pasted spawns outside the map or with no free tile
    /// "Pasted 12 tiles and 2 spawns ..." for the status bar, with the counts of
    /// what the paste changed (as History says them).
    QString summary(int changedTiles, int changedSpawns) const;
};

/// The plan for pasting `stamp` (a Region's level) with its top-left at `at`.
PastePlan planPaste(const ts::level::Level& level, const ts::level::Level& stamp, QPoint at);

} // namespace ts::editor
