// The arithmetic of drawing a level's art, without SDL: where a tile lands, how Tiled's flip
// bits become a rotation and a mirror (what SDL_RenderCopyEx takes), which cells a view can
// see, and which layers draw at each depth. artdraw.cpp draws with it; tests check it alone.
#pragma once

#include <tilesmith/level/art.h>
#include <tilesmith/level/level.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace platformer {

/// A placed tile as a quarter-turn rotation and mirrors: the tile is mirrored first
/// (horizontally and/or vertically), then turned clockwise by `angle` degrees about its
/// centre, as SDL_RenderCopyEx does on a screen whose y points down.
struct TileTurn {
    int angle = 0; ///< 0, 90, 180 or 270, clockwise
    bool mirrorX = false;
    bool mirrorY = false;
    bool operator==(const TileTurn&) const = default;
};

/// Tiled's flip bits (ArtFlip: diagonal first, then horizontal, then vertical) as a
/// TileTurn giving the same image of a square tile. Bits above the three flips are ignored.
TileTurn tileTurn(std::uint8_t flips);

/// Cells [x0, x1) x [y0, y1) of a level (row 0 at the top).
struct CellRange {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x0 >= x1 || y0 >= y1; }
    long long count() const { return empty() ? 0 : (long long)(x1 - x0) * (y1 - y0); }
    bool operator==(const CellRange&) const = default;
};

/// A rectangle in level pixels, y down (row 0's top edge is y = 0).
struct PixelBox {
    float x = 0, y = 0, width = 0, height = 0;
    bool operator==(const PixelBox&) const = default;
};

/// Where cell (x, y)'s tile of `tileSize` px is drawn: its bottom-left corner on the cell's
/// (a tile larger than the level's cells reaches up and right, as in Tiled).
PixelBox artTileBox(const ts::level::Level& level, int x, int y, int tileSize);

/// The cells whose tiles of `tileSize` px can show in `view` (level pixels), clipped to the
/// map: empty for an empty or non-finite view or a level without cells.
CellRange artCellsInView(const ts::level::Level& level, const PixelBox& view, int tileSize);

/// The art layers drawn at `depth`, in file order: visible, with an opacity above 0, and
/// with a tileset the level defines.
std::vector<std::size_t> artLayersAt(const ts::level::Level& level, ts::level::ArtDepth depth);

/// Whether the level has anything to draw as art (a layer artLayersAt() would return).
bool hasArt(const ts::level::Level& level);

} // namespace platformer
