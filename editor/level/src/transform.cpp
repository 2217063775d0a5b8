#include "tilesmith/level/transform.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace ts::level {

namespace {
/// The tiles are row-major with width * height entries, as Level documents; a
/// level that breaks that (a hand-built one) is left alone rather than read
/// out of bounds.
bool wellFormed(const Level& level) {
    return level.width >= 0 && level.height >= 0 &&
           level.tiles.size() ==
               static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height);
}
} // namespace

void flipHorizontally(Level& level) {
    if (!wellFormed(level))
        return;
    const auto w = static_cast<std::size_t>(level.width);
    for (std::size_t row = 0; row < static_cast<std::size_t>(level.height); ++row) {
        const auto first = level.tiles.begin() + static_cast<std::ptrdiff_t>(row * w);
        std::reverse(first, first + static_cast<std::ptrdiff_t>(w));
    }
    for (Spawn& s : level.spawns) {
        s.x = level.width - 1 - s.x;
        s.vx = 0.0f - s.vx; // a still spawn stays +0, not -0 ("vx: -0" in the file)
    }
}

void flipVertically(Level& level) {
    if (!wellFormed(level))
        return;
    const auto w = static_cast<std::ptrdiff_t>(level.width);
    for (int top = 0, bottom = level.height - 1; top < bottom; ++top, --bottom)
        std::swap_ranges(level.tiles.begin() + top * w, level.tiles.begin() + (top + 1) * w,
                         level.tiles.begin() + bottom * w);
    for (Spawn& s : level.spawns) {
        s.y = level.height - 1 - s.y;
        s.vy = 0.0f - s.vy;
    }
}

namespace {
/// Moves every tile and spawn of `level` to where `to(x, y)` says, in a level
/// of height x width; `turn` gives a spawn's new velocity.
template <class To, class Turn> void rotate(Level& level, To to, Turn turn) {
    if (!wellFormed(level))
        return;
    const int w = level.width;
    const int h = level.height;
    std::vector<Tile> turned(level.tiles.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const auto [nx, ny] = to(x, y);
            turned[static_cast<std::size_t>(ny) * static_cast<std::size_t>(h) +
                   static_cast<std::size_t>(nx)] =
                level.tiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                            static_cast<std::size_t>(x)];
        }
    level.tiles = std::move(turned);
    for (Spawn& s : level.spawns) {
        const auto [nx, ny] = to(s.x, s.y);
        s.x = nx;
        s.y = ny;
        turn(s);
    }
    level.width = h;
    level.height = w;
}

struct Cell {
    int x, y;
};
} // namespace

void rotateClockwise(Level& level) {
    const int h = level.height;
    rotate(
        level,
        [h](int x, int y) {
            return Cell{h - 1 - y, x};
        },
        [](Spawn& s) {
            const float vx = s.vx;
            s.vx = 0.0f - s.vy; // +0 stays +0, as in the flips
            s.vy = vx;
        });
}

void rotateCounterclockwise(Level& level) {
    const int w = level.width;
    rotate(
        level,
        [w](int x, int y) {
            return Cell{y, w - 1 - x};
        },
        [](Spawn& s) {
            const float vy = s.vy;
            s.vy = 0.0f - s.vx;
            s.vx = vy;
        });
}

} // namespace ts::level
