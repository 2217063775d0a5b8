// Drawing arithmetic for the level's art (artview.h).
#include "artview.h"

#include <algorithm>
#include <cmath>

namespace platformer {

using ts::level::ArtDepth;
using ts::level::Level;

TileTurn tileTurn(std::uint8_t flips) {
    const bool d = flips & ts::level::kFlipDiagonal;
    const bool h = flips & ts::level::kFlipHorizontal;
    const bool v = flips & ts::level::kFlipVertical;
    if (!d)
        return {0, h, v};
    // The diagonal flip swaps x and y: a quarter turn of the tile mirrored. With y down,
    // d alone is a mirror in y then a clockwise quarter turn; d + h a clockwise quarter turn
    // (Tiled's "rotate right"); d + v an anticlockwise one; d + h + v mirrors in x and turns
    // clockwise.
    if (h && v)
        return {90, true, false};
    if (h)
        return {90, false, false};
    if (v)
        return {270, false, false};
    return {90, false, true};
}

PixelBox artTileBox(const Level& level, int x, int y, int tileSize) {
    const ts::level::PixelRect r = ts::level::artTileDestination(level, x, y, tileSize);
    return {static_cast<float>(r.x), static_cast<float>(r.y), static_cast<float>(r.width),
            static_cast<float>(r.height)};
}

CellRange artCellsInView(const Level& level, const PixelBox& view, int tileSize) {
    if (level.width <= 0 || level.height <= 0 || level.tileSize <= 0 || !(view.width > 0) ||
        !(view.height > 0) || !std::isfinite(view.x) || !std::isfinite(view.y) ||
        !std::isfinite(view.width) || !std::isfinite(view.height))
        return {};
    const double cell = level.tileSize;
    // A tile larger than its cell reaches this far right and up of it: cells left of and
    // below the view by that much can still draw into it.
    const double reach = std::max(0, tileSize - level.tileSize);
    const auto clamped = [](double v, int hi) {
        return static_cast<int>(std::clamp(v, 0.0, double(hi)));
    };
    CellRange r;
    r.x0 = clamped(std::floor((view.x - reach) / cell), level.width);
    r.x1 = clamped(std::ceil((double(view.x) + view.width) / cell), level.width);
    r.y0 = clamped(std::floor(view.y / cell), level.height);
    r.y1 = clamped(std::ceil((double(view.y) + view.height + reach) / cell), level.height);
    return r.empty() ? CellRange{} : r;
}

std::vector<std::size_t> artLayersAt(const Level& level, ArtDepth depth) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < level.art.size(); ++i) {
        const ts::level::ArtLayer& layer = level.art[i];
        if (layer.depth == depth && layer.visible && layer.opacity > 0 &&
            level.findTileset(layer.tileset))
            out.push_back(i);
    }
    return out;
}

bool hasArt(const Level& level) {
    return !artLayersAt(level, ArtDepth::Back).empty() ||
           !artLayersAt(level, ArtDepth::Front).empty();
}

} // namespace platformer
