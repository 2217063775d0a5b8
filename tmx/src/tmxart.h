// Private to tilesmith_tmx: art layers and their tilesets in Tiled's terms.
#pragma once

#include "tilesmith/level/level.h"

#include <algorithm>
#include <cstdint>

namespace ts::tmx::detail {

// Tiled's flip flags, in the top bits of a gid.
inline constexpr std::uint32_t kGidFlipHorizontal = 0x80000000u;
inline constexpr std::uint32_t kGidFlipVertical = 0x40000000u;
inline constexpr std::uint32_t kGidFlipDiagonal = 0x20000000u;

/// The gid flip bits of ArtFlip bits, and back.
inline std::uint32_t gidFlips(std::uint8_t flips) {
    return (flips & level::kFlipHorizontal ? kGidFlipHorizontal : 0u) |
           (flips & level::kFlipVertical ? kGidFlipVertical : 0u) |
           (flips & level::kFlipDiagonal ? kGidFlipDiagonal : 0u);
}
inline std::uint8_t artFlips(std::uint32_t gid) {
    return std::uint8_t((gid & kGidFlipHorizontal ? level::kFlipHorizontal : 0) |
                        (gid & kGidFlipVertical ? level::kFlipVertical : 0) |
                        (gid & kGidFlipDiagonal ? level::kFlipDiagonal : 0));
}

/// Tiled's column and row counts of a tileset image (Tileset::columnCountForWidth,
/// rowCountForHeight): only the left and top margin is subtracted, so a sheet without
/// the right or bottom margin still has all its tiles.
inline int tiledColumns(int imageWidth, int tileSize, int margin, int spacing) {
    if (tileSize + spacing <= 0)
        return 0;
    return std::max(0, (imageWidth - margin + spacing) / (tileSize + spacing));
}
inline int tiledRows(int imageHeight, int tileSize, int margin, int spacing) {
    return tiledColumns(imageHeight, tileSize, margin, spacing);
}

} // namespace ts::tmx::detail
