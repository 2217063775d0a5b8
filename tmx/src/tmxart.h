// Private to tilesmith_tmx: art layers and their tilesets in Tiled's terms, shared by the
// writer (tmxartwriter.cpp) and the reader.
#pragma once

#include "tilesmith/level/level.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <vector>

class QIODevice;
class QXmlStreamWriter;

namespace ts::tmx::detail {

/// The custom property of an exported art layer naming its tileset (the level's name for
/// it): an empty layer has no gid to tell, and is imported back as an empty layer by it.
inline constexpr char kArtTilesetProperty[] = "tileset";

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

/// The most tiles an art tileset may have in a map we read or write: more could not be
/// told apart in Tiled's 28-bit gids once several tilesets share them.
inline constexpr int kMaxTilesetTiles = 1 << 20;

/// An art tileset as the exported map declares it.
struct ArtTilesetOut {
    const level::Tileset* tileset = nullptr;
    QString source;     ///< the image, relative to the map's folder
    int imageWidth = 0; ///< the image's size when it can be read, else what the geometry needs
    int imageHeight = 0;
    int columns = 1;   ///< Tiled's columns of that image (tile i sits elsewhere when wider)
    int tileCount = 1; ///< Tiled's tile count of that image
    std::uint32_t firstGid = 1;

    /// The gid of tile `t` (0 for no tile), its flips in the top bits.
    std::uint32_t gid(level::ArtTile t) const;
};

/// The exported tilesets of `level`'s art, the first at `firstGid`. Image paths in the
/// level are relative to `levelDir`; the map's are made relative to `tmxDir`.
std::vector<ArtTilesetOut> planArtTilesets(const level::Level& level, const QString& levelDir,
                                           const QString& tmxDir, std::uint32_t firstGid);

void writeArtTileset(QXmlStreamWriter& w, const ArtTilesetOut& t);
/// A <layer> of art layer `layer` (an auto layer as its resolved tiles), CSV data streamed
/// to `device` as writeCsvData() does the collision.
void writeArtLayer(QXmlStreamWriter& w, QIODevice* device, const level::Level& level,
                   const level::ArtLayer& layer, const std::vector<ArtTilesetOut>& tilesets,
                   int id);

} // namespace ts::tmx::detail
