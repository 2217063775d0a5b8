// The level the Problems dock's tests lint (test_problemsdock, test_problems_play).
#pragma once

#include "tilesmith/level/level.h"

namespace tstest {

/// 60 x 40, a floor on row 39, the player at the left; a one-way run far above
/// the floor (columns 28..32, row 29) that the default jump cannot reach, with
/// box 3 and goal 5 on it: the lint finds box 3 unreached (a warning, first in
/// spawn order), goal 5 unreachable (an error) and the run never stood on.
inline ts::level::Level problemLevel() {
    using ts::Tile;
    using ts::level::Level;
    using ts::level::Spawn;
    using ts::level::SpawnKind;
    Level l = Level::make(60, 40);
    l.name = "problems";
    for (int x = 0; x < 60; ++x)
        l.setTile(x, 39, Tile::Solid);
    for (int x = 28; x <= 32; ++x)
        l.setTile(x, 29, Tile::OneWay);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, 38));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 3, 28, 28));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, 5, 31, 28));
    return l;
}

} // namespace tstest
