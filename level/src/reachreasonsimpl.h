// What the reasons of reachreasons.h are built from: the tile map seen by the player's
// box (which openings it fits through) and a free jump measured with the controller.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ts::level::reasons {

/// What a jump does with `level`'s physics and player on a flat floor: how far the feet
/// rise (jump held, no direction) and how far ahead they land with a direction held from
/// standing. 0 each when it cannot be measured (the player does not stand on the floor,
/// or never comes down).
struct FreeJump {
    float rise = 0;
    float distance = 0;
};
FreeJump measureFreeJump(const Level& level);

/// Which places the player's box can be, up to the tiles: a window is the box's size
/// rounded up to whole tiles (cols x rows), free when none of its tiles is solid (one-way
/// tiles let the box through; above the map is open sky, beside and below it the map's
/// walls). The box moves between windows a tile apart, so a target no free window
/// connected to a reached surface overlaps is enclosed: no opening leads to it.
class Openings {
public:
    Openings(const Level& level, float boxWidth, float boxHeight);
    /// Floods from the windows the player stands in on `surfaces`.
    void flood(const std::vector<LevelTile>& surfaces);
    /// Whether a flooded window overlaps `area` (world px, y up). True when the box's
    /// windows cannot be worked out (a box larger than the map): no claim of enclosure.
    bool reaches(const Aabb& area) const;

private:
    bool fits(int x, int y) const;
    std::int64_t index(int x, int y) const;

    const Level& mLevel;
    int mCols = 1, mRows = 1; ///< the window's size in tiles
    int mNx = 0, mNy = 0;     ///< windows across and down (rows -mRows .. height - mRows)
    float mBoxWidth = 0;
    std::vector<std::uint8_t> mSeen; ///< 1: flooded
};

/// The reached surfaces in square cells of the map, so the few nearest a target are found
/// without measuring every surface of a big level.
class SurfaceGrid {
public:
    SurfaceGrid(const Level& level, const std::vector<LevelTile>& surfaces);
    /// The `n` surfaces with the smallest `distance(index)` (index into the surfaces;
    /// ties: the smaller index), nearest first, as (distance, index). Cells are visited in
    /// rings around level tile `at`; `slack` (px) bounds how much nearer a surface can be
    /// than its tile's distance from `at`, so the answer is that of measuring them all.
    template <class Distance>
    std::vector<std::pair<float, std::size_t>> nearest(LevelTile at, std::size_t n, float slack,
                                                       Distance distance) const;

private:
    static constexpr int kCell = 8; ///< tiles
    int mCols = 0, mRows = 0;
    float mTileSize = 16;
    std::vector<std::vector<std::uint32_t>> mCells;
};

template <class Distance>
std::vector<std::pair<float, std::size_t>>
SurfaceGrid::nearest(LevelTile at, std::size_t n, float slack, Distance distance) const {
    std::vector<std::pair<float, std::size_t>> found;
    if (mCells.empty() || n == 0)
        return found;
    const int cx = std::clamp(at.x / kCell, 0, mCols - 1);
    const int cy = std::clamp(at.y / kCell, 0, mRows - 1);
    const std::size_t total = [&] {
        std::size_t t = 0;
        for (const auto& c : mCells)
            t += c.size();
        return t;
    }();
    const auto visit = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= mCols || y >= mRows)
            return;
        for (std::uint32_t i : mCells[std::size_t(y) * std::size_t(mCols) + std::size_t(x)])
            found.emplace_back(distance(std::size_t(i)), std::size_t(i));
    };
    for (int r = 0; r <= std::max(mCols, mRows); ++r) {
        if (found.size() == total)
            break;
        if (found.size() >= n) {
            // Every surface in ring r is at least (r - 1) cells of tiles away.
            std::nth_element(found.begin(), found.begin() + std::ptrdiff_t(n - 1), found.end());
            const float bound = float((r - 1) * kCell) * mTileSize - slack;
            if (bound > found[n - 1].first)
                break;
        }
        for (int x = cx - r; x <= cx + r; ++x) {
            visit(x, cy - r);
            if (r > 0)
                visit(x, cy + r);
        }
        for (int y = cy - r + 1; y <= cy + r - 1; ++y) {
            visit(cx - r, y);
            if (r > 0)
                visit(cx + r, y);
        }
    }
    const std::size_t keep = std::min(n, found.size());
    std::partial_sort(found.begin(), found.begin() + std::ptrdiff_t(keep), found.end());
    found.resize(keep);
    return found;
}

/// The solid-or-one-way tile the player can stand on top of (nothing solid above it).
bool standableTile(const Level& level, int x, int y);

/// The reason's lines (reachreasontext.cpp), `target` as the editor names it ("Goal #7").
std::string nearestText(const ReachReason& r, const std::string& target);
std::string stopText(const ReachReason& r, const std::string& target, float boxWidth,
                     float boxHeight);

} // namespace ts::level::reasons
