#include "tilesmith/leveledit/arttransform.h"

#include <cstddef>
#include <utility>

namespace ts::leveledit {

namespace {

using level::kFlipDiagonal;
using level::kFlipHorizontal;
using level::kFlipVertical;

/// A 2 x 2 integer matrix acting on tile pixel offsets from the tile's centre (y down).
struct Mat {
    int a, b, c, d; ///< (x, y) -> (a x + b y, c x + d y)
    Mat operator*(const Mat& o) const {
        return {a * o.a + b * o.c, a * o.b + b * o.d, c * o.a + d * o.c, c * o.b + d * o.d};
    }
    bool operator==(const Mat&) const = default;
};

constexpr Mat kIdentity{1, 0, 0, 1};
constexpr Mat kMirrorX{-1, 0, 0, 1};
constexpr Mat kMirrorY{1, 0, 0, -1};
constexpr Mat kSwapXY{0, 1, 1, 0};

/// How Tiled draws a tile with `flips`: the diagonal flip first, then the horizontal
/// and the vertical one.
Mat matrixOf(std::uint8_t flips) {
    Mat m = kIdentity;
    if (flips & kFlipDiagonal)
        m = kSwapXY * m;
    if (flips & kFlipHorizontal)
        m = kMirrorX * m;
    if (flips & kFlipVertical)
        m = kMirrorY * m;
    return m;
}

Mat matrixOf(Transform t) {
    switch (t) {
    case Transform::FlipHorizontally:
        return kMirrorX;
    case Transform::FlipVertically:
        return kMirrorY;
    case Transform::RotateClockwise:
        return {0, -1, 1, 0}; // (x, y) -> (-y, x): right turns down on screen
    case Transform::RotateCounterclockwise:
        return {0, 1, -1, 0};
    }
    return kIdentity;
}

} // namespace

std::uint8_t transformedFlips(std::uint8_t flips, Transform t) {
    constexpr std::uint8_t all = kFlipHorizontal | kFlipVertical | kFlipDiagonal;
    // The eight flip combinations are the eight symmetries of the square: find the one
    // that draws the tile as the transform after its flips would.
    const Mat want = matrixOf(t) * matrixOf(std::uint8_t(flips & all));
    for (std::uint8_t f = 0; f <= all; ++f)
        if (matrixOf(f) == want)
            return std::uint8_t((flips & ~all) | f);
    return flips; // unreachable: the group is closed
}

void transformArt(ArtBlock& block, Transform t) {
    const int w = block.width;
    const int h = block.height;
    if (w <= 0 || h <= 0 || block.tiles.size() != std::size_t(w) * std::size_t(h))
        return;
    const bool turn = t == Transform::RotateClockwise || t == Transform::RotateCounterclockwise;
    const int nw = turn ? h : w;
    std::vector<level::ArtTile> out(block.tiles.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            level::ArtTile tile = block.tiles[std::size_t(y) * std::size_t(w) + std::size_t(x)];
            if (!tile.empty())
                tile.flips = transformedFlips(tile.flips, t);
            const TilePos to = transformedTile(x, y, w, h, t);
            out[std::size_t(to.y) * std::size_t(nw) + std::size_t(to.x)] = tile;
        }
    block.tiles = std::move(out);
    if (turn)
        std::swap(block.width, block.height);
}

} // namespace ts::leveledit
