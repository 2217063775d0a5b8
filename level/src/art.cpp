// Tileset geometry, the variant hash and auto layers (art.h).
#include "tilesmith/level/art.h"

#include "tilesmith/level/level.h"
#include "tilesmith/level/limits.h"

#include <algorithm>
#include <limits>

namespace ts::level {

namespace {

/// 3^9: every 3 x 3 neighbourhood of the three tile kinds.
constexpr int kCodes = 19683;

/// A tile kind as a base-3 digit (0 empty, 1 solid, 2 one-way); anything else is empty.
inline int kindDigit(Tile t) {
    return t == Tile::Solid ? 1 : t == Tile::OneWay ? 2 : 0;
}

bool matches(char c, int digit) {
    switch (c) {
    case '#':
        return digit == 1;
    case '=':
        return digit == 2;
    case '.':
        return digit == 0;
    case 'x':
        return digit != 0;
    case 'o':
        return digit != 1;
    case '?':
        return true;
    default:
        return false;
    }
}

/// The format's mixing step (Wellons' lowbias32): every input bit reaches every output bit.
inline std::uint32_t mix(std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

// Pixel arithmetic in 64 bits on values held to +-2^24, the result clamped to int: the
// limits.h ranges keep every result exact, and a model outside them (not validated yet)
// gives large numbers, never an overflow.
long long held(long long v) {
    return std::clamp<long long>(v, -(1LL << 24), 1LL << 24);
}

int clampToInt(long long v) {
    return int(
        std::clamp<long long>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

/// The extent of `n` tiles in a line: the margin before the first (Tiled needs none after
/// the last), the tiles and the spacing between them.
int extent(long long n, const Tileset& t) {
    const long long k = held(n);
    return clampToInt(held(t.margin) + k * held(t.tileSize) + (k - 1) * held(t.spacing));
}

} // namespace

PixelRect Tileset::tileRect(int index) const {
    const long long cols = std::max(1, columns);
    const long long col = index % cols;
    const long long row = held(index / cols);
    const long long step = held(tileSize) + held(spacing);
    return {clampToInt(held(margin) + held(col) * step), clampToInt(held(margin) + row * step),
            tileSize, tileSize};
}

int Tileset::minimumImageWidth() const {
    return extent(std::max(1, columns), *this);
}

int Tileset::minimumImageHeight() const {
    const long long cols = std::max(1, columns);
    return extent(std::max(1LL, (static_cast<long long>(count) + cols - 1) / cols), *this);
}

int tilesAcross(int imagePixels, int tileSize, int margin, int spacing) {
    if (tileSize < 1 || margin < 0 || spacing < 0)
        return 0;
    // 64 bits: no int input overflows it.
    const long long step = static_cast<long long>(tileSize) + spacing;
    return clampToInt(std::max(0LL, (static_cast<long long>(imagePixels) - margin + spacing) / step));
}

bool cutTilesetImage(Tileset& tileset, int imageWidth, int imageHeight) {
    const int columns =
        tilesAcross(imageWidth, tileset.tileSize, tileset.margin, tileset.spacing);
    const int rows = tilesAcross(imageHeight, tileset.tileSize, tileset.margin, tileset.spacing);
    if (columns < 1 || rows < 1)
        return false;
    tileset.columns = std::min(columns, limits::kTilesetColumns.hi);
    tileset.count = int(std::min<long long>(static_cast<long long>(tileset.columns) * rows,
                                            limits::kTilesetCount.hi));
    return true;
}

PixelRect artTileDestination(const Level& level, int x, int y, int tileSize) {
    const long long cell = held(level.tileSize), size = held(tileSize);
    return {clampToInt(held(x) * cell), clampToInt((held(y) + 1) * cell - size), clampToInt(size),
            clampToInt(size)};
}

const char* artDepthName(ArtDepth depth) {
    return depth == ArtDepth::Front ? "front" : "back";
}

bool isAutoPatternChar(char c) {
    return c == '#' || c == '=' || c == '.' || c == 'x' || c == 'o' || c == '?';
}

std::uint32_t artVariant(int x, int y, std::uint32_t seed, std::size_t n) {
    if (n <= 1)
        return 0;
    const std::uint32_t h =
        mix(mix(mix(seed) ^ static_cast<std::uint32_t>(x)) ^ static_cast<std::uint32_t>(y));
    return static_cast<std::uint32_t>(std::size_t(h) % n); // n may pass 32 bits: h stays h
}

// The neighbourhood code of cell (x, y): the digit of the cell at column c, row r of the
// 3 x 3 window (r = 0 the row above) is worth 3^(3c + r), so a column of the window is a
// number t = k(above) + 3 k(cell row) + 9 k(below) and code = t(x-1) + 27 t(x) + 729 t(x+1).
AutoTiler::AutoTiler(const ArtLayer& layer)
    : mRuleOf(kCodes, std::int16_t(-1)), mRules(layer.rules), mSeed(layer.seed) {
    const std::size_t rules = std::min<std::size_t>(mRules.size(), 32767);
    for (int code = 0; code < kCodes; ++code) {
        int digits[9]; // pattern order: row-major, top row first
        int rest = code;
        for (int c = 0; c < 3; ++c)
            for (int r = 0; r < 3; ++r) {
                digits[r * 3 + c] = rest % 3;
                rest /= 3;
            }
        for (std::size_t i = 0; i < rules; ++i) {
            const AutoRule& rule = mRules[i];
            bool all = !rule.tiles.empty();
            for (int p = 0; all && p < 9; ++p)
                all = matches(rule.pattern[std::size_t(p)], digits[p]);
            if (all) {
                mRuleOf[std::size_t(code)] = std::int16_t(i);
                break;
            }
        }
    }
}

ArtTile AutoTiler::tileAt(const Level& level, int x, int y) const {
    if (!level.contains(x, y) || level.tiles.size() != std::size_t(level.width) * level.height)
        return {};
    int code = 0;
    int weight = 1;
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
            const int cx = std::clamp(x + dx, 0, level.width - 1);
            const int cy = std::clamp(y + dy, 0, level.height - 1);
            code += kindDigit(level.tiles[std::size_t(cy) * level.width + cx]) * weight;
            weight *= 3;
        }
    const int rule = mRuleOf[std::size_t(code)];
    if (rule < 0)
        return {};
    const std::vector<std::int32_t>& tiles = mRules[std::size_t(rule)].tiles;
    return {tiles[artVariant(x, y, mSeed, tiles.size())], 0};
}

std::vector<ArtTile> AutoTiler::resolve(const Level& level) const {
    std::vector<ArtTile> grid;
    if (level.width <= 0 || level.height <= 0)
        return grid;
    grid.resize(std::size_t(level.width) * level.height);
    update(level, 0, 0, level.width, level.height, grid);
    return grid;
}

void AutoTiler::update(const Level& level, int x0, int y0, int w, int h,
                       std::vector<ArtTile>& grid) const {
    const int width = level.width;
    const int height = level.height;
    const std::size_t cells = std::size_t(std::max(0, width)) * std::max(0, height);
    if (width <= 0 || height <= 0 || w <= 0 || h <= 0 || level.tiles.size() != cells ||
        grid.size() != cells)
        return;
    // The cells a change can reach: one tile around it, inside the map (in 64 bits: a
    // rectangle far outside it must not overflow).
    const int left = int(std::max<long long>(0, x0 - 1LL));
    const int top = int(std::max<long long>(0, y0 - 1LL));
    const int right = int(std::min<long long>(width - 1, static_cast<long long>(x0) + w));
    const int bottom = int(std::min<long long>(height - 1, static_cast<long long>(y0) + h));
    if (left > right || top > bottom)
        return;
    const Tile* tiles = level.tiles.data();
    std::vector<std::uint8_t> column(std::size_t(right - left + 3));
    for (int y = top; y <= bottom; ++y) {
        const Tile* above = tiles + std::size_t(std::max(0, y - 1)) * width;
        const Tile* row = tiles + std::size_t(y) * width;
        const Tile* below = tiles + std::size_t(std::min(height - 1, y + 1)) * width;
        // t(x) for x = left - 1 .. right + 1, clamped at the map's sides.
        for (int x = left - 1; x <= right + 1; ++x) {
            const int cx = std::clamp(x, 0, width - 1);
            column[std::size_t(x - left + 1)] = std::uint8_t(
                kindDigit(above[cx]) + 3 * kindDigit(row[cx]) + 9 * kindDigit(below[cx]));
        }
        ArtTile* out = grid.data() + std::size_t(y) * width;
        for (int x = left; x <= right; ++x) {
            const std::size_t i = std::size_t(x - left);
            const int code = column[i] + 27 * column[i + 1] + 729 * column[i + 2];
            const int rule = mRuleOf[std::size_t(code)];
            if (rule < 0) {
                out[x] = {};
                continue;
            }
            const std::vector<std::int32_t>& t = mRules[std::size_t(rule)].tiles;
            out[x] = {t.size() == 1 ? t[0] : t[artVariant(x, y, mSeed, t.size())], 0};
        }
    }
}

std::vector<ArtTile> resolveArtLayer(const Level& level, const ArtLayer& layer) {
    if (layer.isAuto)
        return AutoTiler(layer).resolve(level);
    return layer.cells;
}

} // namespace ts::level
