// The reachability search's model, as the search reads it (reachsearch.cpp):
// the derived resolution (reachModel(), reach.h) and where it refines (tiles
// near an edge or opening that the player's box can reach within a move).
#pragma once

#include "tilesmith/level/reach.h"

#include <cstdint>
#include <vector>

namespace ts::level::reach_detail {

/// The physics settings the search's world steps with (invalid ones read as the
/// defaults, as World does).
WorldSettings effectiveSettings(const Level& level);

/// Per physics tile: whether a player standing with its feet in that tile is
/// near a ledge or a one-tile opening, so that single-step walks may matter. A
/// ledge is an edge of the floor row between a tile that can be stood on and an
/// empty one; a one-tile opening is a tile more open than both its neighbours
/// (a hole in a floor, a notch in a ceiling, a one-way tile between solid ones),
/// from the floor row up to the head's height at the top of a jump. "Near" is
/// within the player's half width plus one move's walk.
class RefineZones {
public:
    RefineZones(const Level& level, const ReachModel& model, Vec2 playerHalfSize);
    enum : std::uint8_t { kLedge = 1, kOpening = 2 };
    /// What is near feet at `p` (world px): kLedge, kOpening bits; 0 outside the map.
    std::uint8_t at(const TileMap& map, Vec2 p) const {
        if (mZone.empty())
            return 0;
        const int tx = map.tileXAtPoint(p.x);
        const int ty = map.tileYAtPoint(p.y + 0.5f);
        if (tx < 0 || ty < 0 || tx >= mW || ty >= mH)
            return 0;
        return mZone[static_cast<std::size_t>(ty) * static_cast<std::size_t>(mW) +
                     static_cast<std::size_t>(tx)];
    }
    /// Refined tiles, for tests and benchmarks.
    std::size_t count() const;

private:
    int mW = 0, mH = 0;
    std::vector<std::uint8_t> mZone; ///< per tile: kLedge | kOpening; empty without refinement
};

} // namespace ts::level::reach_detail
