#include "tilesmith/leveledit/transform.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace ts::leveledit {

using namespace ts::level;

namespace {
/// The tiles are row-major with width * height entries, as Level documents; a
/// level that breaks that (a hand-built one) is left alone rather than read
/// out of bounds.
bool wellFormed(const Level& level) {
    return level.width >= 0 && level.height >= 0 &&
           level.tiles.size() ==
               static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height);
}

/// Moves every spawn of `level` (still of its old size) where `t` takes its tile.
void moveSpawns(Level& level, Transform t) {
    for (Spawn& s : level.spawns) {
        const TilePos p = transformedTile(s.x, s.y, level.width, level.height, t);
        s.x = p.x;
        s.y = p.y;
    }
}
} // namespace

TilePos transformedTile(int x, int y, int width, int height, Transform t) {
    switch (t) {
    case Transform::FlipHorizontally:
        return {width - 1 - x, y};
    case Transform::FlipVertically:
        return {x, height - 1 - y};
    case Transform::RotateClockwise:
        return {height - 1 - y, x};
    case Transform::RotateCounterclockwise:
        return {y, width - 1 - x};
    }
    return {x, y};
}

void flipHorizontally(Level& level) {
    if (!wellFormed(level))
        return;
    const auto w = static_cast<std::size_t>(level.width);
    for (std::size_t row = 0; row < static_cast<std::size_t>(level.height); ++row) {
        const auto first = level.tiles.begin() + static_cast<std::ptrdiff_t>(row * w);
        std::reverse(first, first + static_cast<std::ptrdiff_t>(w));
    }
    moveSpawns(level, Transform::FlipHorizontally);
    for (Spawn& s : level.spawns)
        s.vx = 0.0f - s.vx; // a still spawn stays +0, not -0 ("vx: -0" in the file)
}

void flipVertically(Level& level) {
    if (!wellFormed(level))
        return;
    const auto w = static_cast<std::ptrdiff_t>(level.width);
    for (int top = 0, bottom = level.height - 1; top < bottom; ++top, --bottom)
        std::swap_ranges(level.tiles.begin() + top * w, level.tiles.begin() + (top + 1) * w,
                         level.tiles.begin() + bottom * w);
    moveSpawns(level, Transform::FlipVertically);
    for (Spawn& s : level.spawns)
        s.vy = 0.0f - s.vy;
}

namespace {
/// Moves every tile and spawn of `level` where `t` (a quarter turn) takes it,
/// in a level of height x width; `turn` gives a spawn's new velocity.
template <class Turn> void rotate(Level& level, Transform t, Turn turn) {
    if (!wellFormed(level))
        return;
    const int w = level.width;
    const int h = level.height;
    std::vector<Tile> turned(level.tiles.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const TilePos p = transformedTile(x, y, w, h, t);
            turned[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(h) +
                   static_cast<std::size_t>(p.x)] =
                level.tiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                            static_cast<std::size_t>(x)];
        }
    level.tiles = std::move(turned);
    moveSpawns(level, t);
    for (Spawn& s : level.spawns)
        turn(s);
    level.width = h;
    level.height = w;
}
} // namespace

void rotateClockwise(Level& level) {
    rotate(level, Transform::RotateClockwise, [](Spawn& s) {
        const float vx = s.vx;
        s.vx = 0.0f - s.vy; // +0 stays +0, as in the flips
        s.vy = vx;
    });
}

void rotateCounterclockwise(Level& level) {
    rotate(level, Transform::RotateCounterclockwise, [](Spawn& s) {
        const float vy = s.vy;
        s.vy = 0.0f - s.vx;
        s.vx = vy;
    });
}

void transform(Level& level, Transform t) {
    switch (t) {
    case Transform::FlipHorizontally:
        flipHorizontally(level);
        return;
    case Transform::FlipVertically:
        flipVertically(level);
        return;
    case Transform::RotateClockwise:
        rotateClockwise(level);
        return;
    case Transform::RotateCounterclockwise:
        rotateCounterclockwise(level);
        return;
    }
}

} // namespace ts::leveledit
