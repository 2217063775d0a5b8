// What pasting a region does to a level, decided before any edit: Tiled's
// rule for tiles (a clipboard cell that is empty leaves the level's tile as it
// is; any other cell replaces it) and ours for spawns (none ends up inside a
// solid tile: a spawn the pasted tiles would bury, or a pasted spawn landing on
// solid, moves to the nearest free tile, straight up first). The same plan puts
// a selection down again after Flip or Rotate in place (a Lift: the selection
// is taken up first).
#pragma once

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/level/level.h"

#include <QList>
#include <QPoint>
#include <QRect>
#include <QString>

#include <vector>

namespace ts::editor {

struct PastePlan {
    struct Move {
        int id;
        QPoint to;
    };
    /// The clipboard's non-empty cells, in the map; after a Lift, first the lifted
    /// cells they leave empty. One write per tile.
    std::vector<TileWrite> writes;
    std::vector<Move> movedSpawns;        ///< existing spawns the tiles would bury
    std::vector<ts::level::Spawn> spawns; ///< pasted spawns at their final tiles (stamp's ids)
    int relocatedPasted = 0;              ///< pasted spawns moved off solid tiles
    int droppedSpawns = 0;                ///< pasted spawns outside the map or with no free tile
    /// `done` ("Pasted 12 tiles and 2 spawns", in the History's words) and what
    /// else happened ("; 1 spawn moved off solid tiles."), for the status bar.
    QString summary(const QString& done) const;
};

/// What goes up before the stamp comes down (Flip and Rotate of the selection
/// in place): the tiles of `tiles` are emptied where the stamp leaves them empty,
/// and the spawns `spawns`, which the stamp carries, are never buried.
struct Lift {
    QRect tiles;
    QList<int> spawns;
};

/// The plan for pasting `stamp` (a Region's level) with its top-left at `at`,
/// after taking `lift` up.
PastePlan planPaste(const ts::level::Level& level, const ts::level::Level& stamp, QPoint at,
                    const Lift& lift = {});

/// `level` as `plan` (made for it) leaves it: the writes, the buried spawns
/// moved out, the pasted spawns that carry an id of `level` replacing theirs
/// (in-place Flip and Rotate; a paste's new spawns get ids from the document).
ts::level::Level appliedPaste(ts::level::Level level, const PastePlan& plan);

} // namespace ts::editor
