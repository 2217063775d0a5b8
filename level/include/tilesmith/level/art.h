// The level the player sees: tilesets (a tile-sheet image cut into square tiles) and art
// layers drawn behind or in front of the bodies. A painted layer holds a tile per cell;
// an auto layer holds rules that choose each cell's tile from the collision grid around
// it (LDtk's auto-layers), so the art follows the collision as it is painted. Plain C++,
// no Qt and no image decoding: a tileset declares its geometry (as Tiled's .tsx does),
// so every tile index is checked without the image. docs/format/level-format.md ("Art")
// is the spec; the editor, the command line, TMX and games all resolve auto layers with
// the functions here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ts::level {

struct Level;

/// A rectangle of pixels in a tileset's image.
struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
    bool operator==(const PixelRect&) const = default;
};

/// A tile sheet: `count` square tiles of `tileSize` pixels in `columns` columns, after a
/// `margin` and with `spacing` between them (Tiled's geometry). Tile i is at column
/// i % columns, row i / columns.
struct Tileset {
    std::string name{};  ///< unique in the level; art layers name their tileset by it
    std::string image{}; ///< the PNG, relative to the level file's folder, '/' separators
    int tileSize = 16;   ///< pixels, square
    int columns = 1;
    int count = 1;   ///< tiles 0 .. count - 1
    int margin = 0;  ///< pixels around the tiles
    int spacing = 0; ///< pixels between tiles
    /// A colour drawn transparent (Tiled's `trans`), 0xRRGGBB; -1 for none.
    std::int32_t transparentColor = -1;

    /// Where tile `index` is in the image (for 0 <= index < count; pixel positions are
    /// clamped to int for a geometry outside the limits.h ranges).
    PixelRect tileRect(int index) const;
    /// The image size the geometry needs, at least: as Tiled cuts a sheet, the margin
    /// before the first column and row (none is needed after the last ones).
    int minimumImageWidth() const;
    int minimumImageHeight() const;
    bool operator==(const Tileset&) const = default;
};

/// How many tiles of `tileSize` px with `margin` and `spacing` fit across `imagePixels` (a
/// sheet's width for columns, height for rows) as Tiled cuts a sheet: only the leading margin
/// is subtracted, so a sheet without the trailing margin keeps all its tiles. 0 when none
/// fits or the geometry is not positive.
int tilesAcross(int imagePixels, int tileSize, int margin, int spacing);

/// Cuts a `imageWidth` x `imageHeight` px sheet with `tileset`'s tileSize, margin and
/// spacing: sets `columns` and `count` (all whole tiles, clamped to the limits.h ranges).
/// False, changing nothing, when the image holds no tile or the geometry is invalid.
bool cutTilesetImage(Tileset& tileset, int imageWidth, int imageHeight);

/// Where cell (x, y)'s tile of `tileSize` px is drawn, in level pixels (y down, row 0's top
/// edge at 0): its bottom-left corner on the cell's, so a tile larger than the level's cells
/// reaches up and right, as in Tiled.
PixelRect artTileDestination(const Level& level, int x, int y, int tileSize);

/// Tiled's flip flags of a placed tile: horizontal, vertical and anti-diagonal (the
/// diagonal flip turns the tile by a quarter together with the other two).
enum ArtFlip : std::uint8_t { kFlipHorizontal = 1, kFlipVertical = 2, kFlipDiagonal = 4 };

/// An art layer's cell: a tile of the layer's tileset, flipped or not; `index` -1 is no
/// tile (an empty cell's flips are not saved).
struct ArtTile {
    std::int32_t index = -1;
    std::uint8_t flips = 0; ///< ArtFlip bits
    bool empty() const { return index < 0; }
    bool operator==(const ArtTile&) const = default;
};

/// Drawn behind the spawns and bodies, or over them.
enum class ArtDepth : std::uint8_t { Back, Front };
const char* artDepthName(ArtDepth depth); ///< "back", "front"

/// An auto layer's rule: a 3 x 3 pattern around a cell, top row first, the centre the
/// cell itself, and the tile (or one of the variant tiles) it paints where it matches.
/// Pattern characters: '#' solid, '=' one-way, '.' empty (whatever the level's legend
/// says), 'x' not empty, 'o' not solid, '?' anything. A neighbour outside the map reads
/// as the nearest cell inside it.
struct AutoRule {
    std::array<char, 9> pattern{'?', '?', '?', '?', '?', '?', '?', '?', '?'};
    /// One tile, or variants: the cell at (x, y) gets tiles[artVariant(x, y, seed,
    /// tiles.size())].
    std::vector<std::int32_t> tiles{};
    bool operator==(const AutoRule&) const = default;
};

/// Whether `c` is a pattern character (one of "#=.xo?").
bool isAutoPatternChar(char c);

struct ArtLayer {
    std::string name{};    ///< unique in the level
    std::string tileset{}; ///< a Tileset's name
    ArtDepth depth = ArtDepth::Back;
    float opacity = 1; ///< 0 .. 1
    bool visible = true;
    bool locked = false; ///< the editor paints no locked layer
    /// An auto layer draws what its rules choose; a painted layer draws its cells.
    bool isAuto = false;
    std::vector<AutoRule> rules{}; ///< auto layers: the first rule that matches paints
    /// Auto layers: the variants' hash seed (a painted layer's is not saved).
    std::uint32_t seed = 0;
    /// Painted layers: width * height cells, row-major, row 0 at the top (empty for
    /// auto layers).
    std::vector<ArtTile> cells{};
    bool operator==(const ArtLayer&) const = default;
};

/// The variant index 0 .. n - 1 a rule with `n` tiles paints at cell (x, y) of a layer
/// with `seed`: the format's integer hash, the same in every implementation
/// (docs/format/level-format.md gives it in full). 0 when n <= 1.
std::uint32_t artVariant(int x, int y, std::uint32_t seed, std::size_t n);

/// An auto layer's rules compiled for speed: the first matching rule of every possible
/// 3 x 3 neighbourhood of tile kinds (3^9 of them) is looked up once, so a cell costs a
/// table read. Build one per layer, again when its rules change.
class AutoTiler {
public:
    explicit AutoTiler(const ArtLayer& layer);
    /// The tile the layer paints at (x, y) of `level` (no tile where no rule matches).
    ArtTile tileAt(const Level& level, int x, int y) const;
    /// Every cell of `level`: width * height tiles, row-major, row 0 at the top.
    std::vector<ArtTile> resolve(const Level& level) const;
    /// After tiles in the rectangle (x, y, width, height; level coordinates) changed:
    /// recomputes the cells of `grid` (a resolve() of the level before) within one tile
    /// of it, the only ones the change can reach. A rectangle reaching past the map is
    /// clipped to it; an empty one (width or height <= 0), a grid or level whose size is
    /// not width * height changes nothing.
    void update(const Level& level, int x, int y, int width, int height,
                std::vector<ArtTile>& grid) const;

private:
    std::vector<std::int16_t> mRuleOf; ///< neighbourhood code -> rule index, -1 for none
    std::vector<AutoRule> mRules;
    std::uint32_t mSeed = 0;
};

/// What a layer draws on `level`: a painted layer's cells, an auto layer's resolved
/// tiles (width * height, row-major, row 0 at the top).
std::vector<ArtTile> resolveArtLayer(const Level& level, const ArtLayer& layer);

} // namespace ts::level
