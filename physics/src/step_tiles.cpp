// Step phase: tile sensors. The sensors themselves are in sensors.cpp; this file
// keeps the 4 x 4-tile block occupancy grid that lets a body far from any tile
// skip them (they could only miss).
#include "sensors.h"
#include "world_impl.h"

#include <algorithm>
#include <cmath>

namespace ts {

void World::Impl::buildBlocks() {
    blocksW = (map.width() >> kBlockShift) + 1;
    blocksH = (map.height() >> kBlockShift) + 1;
    blocks.assign(static_cast<std::size_t>(blocksW) * static_cast<std::size_t>(blocksH), 0);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (map.at(x, y) != Tile::Empty)
                blocks[static_cast<std::size_t>(y >> kBlockShift) *
                           static_cast<std::size_t>(blocksW) +
                       static_cast<std::size_t>(x >> kBlockShift)] = 1;
    clearAround.assign(blocks.size(), 0);
    refreshClearAround(0, 0, blocksW - 1, blocksH - 1);
    clearSquare.assign(
        static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height()), 0);
    refreshClearSquare(0, 0, map.width() - 1, map.height() - 1);
    invTileSize = 1.0f / map.tileSize();
    // The square lookup converts coordinates with a multiplication by 1 / tileSize
    // instead of the sensors' division; within +-2^18 px every rounding error of that
    // path is below 0.1 px, well inside the 0.5 px the margin leaves spare.
    constexpr float lim = 262144.0f; // 2^18
    const Vec2 lo = map.origin();
    const Vec2 hi = lo + map.size();
    clearSquareUsable = std::fabs(lo.x) <= lim && std::fabs(lo.y) <= lim &&
                        std::fabs(hi.x) <= lim && std::fabs(hi.y) <= lim;
#if defined(__SSE2__)
    squareOrigin4 = _mm_setr_ps(lo.x, lo.y, lo.x, lo.y);
    squareLimit4 = _mm_setr_ps(0.0f, 0.0f, static_cast<float>(map.width()),
                               static_cast<float>(map.height()));
    invTile4 = _mm_set1_ps(invTileSize);
#endif
}

/// Recomputes clearSquare for the tiles [tx0, tx1] x [ty0, ty1] (clamped), from
/// the top right down: a tile's square is one more than the smallest of its right,
/// upper and upper-right neighbours' (0 for a non-empty tile, and beyond the map).
/// Tiles above or right of the range keep their values: their squares cannot
/// reach into it.
void World::Impl::refreshClearSquare(int tx0, int ty0, int tx1, int ty1) {
    const int w = map.width(), h = map.height();
    const auto at = [&](int x, int y) -> int {
        if (x >= w || y >= h)
            return 0;
        return clearSquare[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                           static_cast<std::size_t>(x)];
    };
    for (int y = std::min(ty1, h - 1); y >= std::max(ty0, 0); --y) {
        for (int x = std::min(tx1, w - 1); x >= std::max(tx0, 0); --x) {
            int side = 0;
            if (map.at(x, y) == Tile::Empty)
                side = std::min({at(x + 1, y), at(x, y + 1), at(x + 1, y + 1)}) + 1;
            clearSquare[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                        static_cast<std::size_t>(x)] =
                static_cast<std::uint8_t>(std::min(side, kClearCap));
        }
    }
}

/// Recomputes clearAround for the blocks [bx0, bx1] x [by0, by1] (clamped).
void World::Impl::refreshClearAround(int bx0, int by0, int bx1, int by1) {
    // A block is wholly inside the map when its last tile is.
    const auto inside = [&](int bx, int by) {
        return bx >= 0 && by >= 0 && ((bx + 1) << kBlockShift) <= map.width() &&
               ((by + 1) << kBlockShift) <= map.height();
    };
    for (int by = std::max(by0, 0); by <= std::min(by1, blocksH - 1); ++by) {
        for (int bx = std::max(bx0, 0); bx <= std::min(bx1, blocksW - 1); ++bx) {
            std::uint8_t clear = 1;
            for (int ny = by - 1; ny <= by + 1 && clear; ++ny)
                for (int nx = bx - 1; nx <= bx + 1 && clear; ++nx)
                    if (!inside(nx, ny) ||
                        blocks[static_cast<std::size_t>(ny) * static_cast<std::size_t>(blocksW) +
                               static_cast<std::size_t>(nx)])
                        clear = 0;
            clearAround[static_cast<std::size_t>(by) * static_cast<std::size_t>(blocksW) +
                        static_cast<std::size_t>(bx)] = clear;
        }
    }
}

void World::Impl::refreshBlock(int tx, int ty) {
    const int x0 = (tx >> kBlockShift) << kBlockShift;
    const int y0 = (ty >> kBlockShift) << kBlockShift;
    std::uint8_t any = 0;
    for (int y = y0; y < std::min(y0 + (1 << kBlockShift), map.height()); ++y)
        for (int x = x0; x < std::min(x0 + (1 << kBlockShift), map.width()); ++x)
            any |= map.at(x, y) != Tile::Empty ? 1 : 0;
    blocks[static_cast<std::size_t>(ty >> kBlockShift) * static_cast<std::size_t>(blocksW) +
           static_cast<std::size_t>(tx >> kBlockShift)] = any;
    refreshClearAround((tx >> kBlockShift) - 1, (ty >> kBlockShift) - 1, (tx >> kBlockShift) + 1,
                       (ty >> kBlockShift) + 1);
    // Only squares with their lower-left tile at most kClearCap - 1 tiles left of or
    // below this tile can contain it.
    refreshClearSquare(tx - kClearCap + 1, ty - kClearCap + 1, tx, ty);
}

/// The block grid's answer where the square lookup (tiles_skip.h) is unsure: true
/// when every tile the four sensors could read for a move of the box from
/// `oldCenter` to `center` is an empty in-map tile, so the sensors would all miss.
/// Conservative: false whenever unsure (outside the map, huge boxes).
bool World::Impl::blocksAroundEmpty(Vec2 oldCenter, Vec2 center, Vec2 half) const {
    // The block grid. The sensors read at most 1 px beyond the box plus 0.5 px of
    // rounding.
    constexpr float margin = 2.0f;
    const float x0 = std::min(oldCenter.x, center.x) - half.x - margin;
    const float x1 = std::max(oldCenter.x, center.x) + half.x + margin;
    const float y0 = std::min(oldCenter.y, center.y) - half.y - margin;
    const float y1 = std::max(oldCenter.y, center.y) + half.y + margin;
    const int tx0 = map.tileXAtPoint(x0);
    const int ty0 = map.tileYAtPoint(y0);
    // Fast path: a box at most 3 tiles wide and tall reaches at most 4 tiles past
    // its first one (float rounding included), so it stays within the 3 x 3
    // blocks around the block of its low corner.
    const float span = 3.0f * map.tileSize();
    if (x1 - x0 <= span && y1 - y0 <= span && tx0 >= 0 && ty0 >= 0 &&
        (tx0 >> kBlockShift) < blocksW && (ty0 >> kBlockShift) < blocksH &&
        clearAround[static_cast<std::size_t>(ty0 >> kBlockShift) *
                        static_cast<std::size_t>(blocksW) +
                    static_cast<std::size_t>(tx0 >> kBlockShift)])
        return true;
    const int tx1 = map.tileXAtPoint(x1);
    const int ty1 = map.tileYAtPoint(y1);
    if (tx0 < 0 || ty0 < 0 || tx1 >= map.width() || ty1 >= map.height())
        return false; // the boundary answers there
    const int bx0 = tx0 >> kBlockShift, bx1 = tx1 >> kBlockShift;
    const int by0 = ty0 >> kBlockShift, by1 = ty1 >> kBlockShift;
    if ((bx1 - bx0 + 1) * (by1 - by0 + 1) > 16)
        return false;
    for (int by = by0; by <= by1; ++by)
        for (int bx = bx0; bx <= bx1; ++bx)
            if (blocks[static_cast<std::size_t>(by) * static_cast<std::size_t>(blocksW) +
                       static_cast<std::size_t>(bx)])
                return false;
    return true;
}

} // namespace ts
