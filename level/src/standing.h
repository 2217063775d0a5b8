// The one rule for which tiles a player stands on (a surface reached): the solid or
// one-way tiles of the row right under its feet, across its box. The search's
// observation and tilesStoodOn() (reach.h) both use it.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/physics/world.h"

#include <algorithm>

namespace ts::level::standing {

/// Calls `fn(x, levelRow)` for each tile stood on by a body on the ground with box `box`
/// and feet at height `feetY` (world pixels, y up), from left to right.
template <class Fn>
void forEachTileStoodOn(const Level& level, const TileMap& map, const Aabb& box, float feetY,
                        Fn&& fn) {
    const int py = map.tileYAtPoint(feetY - 0.5f);
    if (py < 0 || py >= level.height)
        return;
    const int x0 = map.tileXAtPoint(box.min().x + 0.01f);
    const int x1 = map.tileXAtPoint(box.max().x - 0.01f);
    for (int x = std::max(x0, 0); x <= std::min(x1, level.width - 1); ++x)
        if (map.at(x, py) != Tile::Empty)
            fn(x, physicsRow(level, py));
}

} // namespace ts::level::standing
