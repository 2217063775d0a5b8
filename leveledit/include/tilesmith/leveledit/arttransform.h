// Mirroring and turning art tiles (a stamp, a selected block of an art layer): each tile
// moves as transform.h moves a level's tiles, and its Tiled flip bits change so that it
// looks mirrored or turned too, as Tiled's Flip and Rotate of a stamp do.
#pragma once

#include "tilesmith/level/art.h"
#include "tilesmith/leveledit/transform.h"

#include <cstdint>
#include <vector>

namespace ts::leveledit {

/// The flip bits (ts::level::ArtFlip) of a tile drawn with `flips` and then mirrored or
/// turned by `t`: a horizontal flip toggles the horizontal bit, a vertical one the
/// vertical bit (whatever the diagonal bit, since Tiled draws the diagonal flip first),
/// and a quarter turn toggles the diagonal bit and one of the other two (Tiled's
/// rotate masks). Bits other than the three flips are kept.
std::uint8_t transformedFlips(std::uint8_t flips, Transform t);

/// A block of art tiles, `width` x `height`, row-major, row 0 at the top.
struct ArtBlock {
    int width = 0;
    int height = 0;
    std::vector<level::ArtTile> tiles;
    bool operator==(const ArtBlock&) const = default;
};

/// Mirrors or turns `block` by `t`: tiles move as transformedTile() says (a turn swaps
/// width and height) and each non-empty tile's flips become transformedFlips(). A block
/// whose tile count is not width * height is left as it is.
void transformArt(ArtBlock& block, Transform t);

} // namespace ts::leveledit
