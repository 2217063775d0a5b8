// Test levels drawn as rows of characters, for the reachability and lint tests:
// '#' solid, '=' one-way, 'P' the player, digits 2-9 a goal with that id standing
// in the tile, anything else empty. Row 0 is the top; tiles are 16 px.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/levelio.h"

#include <cstdio>
#include <cstdlib>

#include <string>
#include <vector>

namespace ts::test {

inline ts::level::Level levelFromRows(const std::vector<std::string>& rows) {
    using namespace ts::level;
    Level l = Level::make(int(rows[0].size()), int(rows.size()), 16);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 0, 0));
    for (int y = 0; y < l.height; ++y) {
        for (int x = 0; x < l.width; ++x) {
            const char c = rows[std::size_t(y)][std::size_t(x)];
            if (c == '#')
                l.setTile(x, y, Tile::Solid);
            else if (c == '=')
                l.setTile(x, y, Tile::OneWay);
            else if (c == 'P') {
                l.spawns[0].x = x;
                l.spawns[0].y = y;
            } else if (c >= '2' && c <= '9')
                l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, c - '0', x, y));
        }
    }
    return l;
}

/// levelFromRows() for a level the test means to be valid: a level the rules refuse
/// (a mistyped row) ends the test with the first error.
inline ts::level::Level validLevelFromRows(const std::vector<std::string>& rows) {
    ts::level::Level l = levelFromRows(rows);
    if (const auto errors = ts::level::validateLevel(l); !errors.empty()) {
        std::fprintf(stderr, "bad test level: %s\n", errors[0].toString().c_str());
        std::abort();
    }
    return l;
}

} // namespace ts::test
