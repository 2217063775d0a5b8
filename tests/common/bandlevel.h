// A generated platformer for the reachability benchmark and tests: a square of
// `size` tiles (16 px) with walls, a ground floor, and every 4 rows a band of
// solid and one-way platforms 3 - 12 tiles long with gaps of 2 - 6; the player
// at the bottom left and up to 16 goals in empty tiles. The same level for the
// same size on every machine (its own linear congruential sequence).
#pragma once

#include "tilesmith/level/level.h"

#include <cstdint>

namespace ts::test {

inline ts::level::Level bandLevel(int size) {
    using namespace ts::level;
    Level l = Level::make(size, size, 16);
    std::uint32_t s = 12345;
    const auto next = [&](int n) {
        s = s * 1664525u + 1013904223u;
        return int((s >> 8) % std::uint32_t(n));
    };
    for (int i = 0; i < size; ++i) {
        l.setTile(0, i, Tile::Solid);
        l.setTile(size - 1, i, Tile::Solid);
        l.setTile(i, size - 1, Tile::Solid);
    }
    for (int y = size - 5; y > 2; y -= 4) {
        for (int x = 1 + next(4); x < size - 2;) {
            const int len = 3 + next(10);
            const Tile t = next(3) == 0 ? Tile::OneWay : Tile::Solid;
            for (int k = 0; k < len && x + k < size - 1; ++k)
                l.setTile(x + k, y, t);
            x += len + 2 + next(5);
        }
    }
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, size - 2));
    int id = 2;
    for (int k = 0; k < 16; ++k) {
        const int x = 2 + next(size - 4);
        const int y = 1 + next(size - 3);
        if (l.tile(x, y) == Tile::Empty)
            l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, id++, x, y));
    }
    return l;
}

} // namespace ts::test
