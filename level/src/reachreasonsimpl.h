// What the reasons of reachreasons.h are built from: the tile map seen by the player's
// box (which openings it fits through) and a free jump measured with the controller.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"

#include <cstdint>
#include <string>
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

/// The solid-or-one-way tile the player can stand on top of (nothing solid above it).
bool standableTile(const Level& level, int x, int y);

/// The reason's lines (reachreasontext.cpp), `target` as the editor names it ("Goal #7").
std::string nearestText(const ReachReason& r, const std::string& target);
std::string stopText(const ReachReason& r, const std::string& target, float boxWidth,
                     float boxHeight);

} // namespace ts::level::reasons
