#include "tilesmith/level/resolvedart.h"

#include <algorithm>

namespace ts::level {

void ResolvedArt::reset(const Level& level) {
    mLayers.clear();
    mLayers.resize(level.art.size());
    for (std::size_t i = 0; i < level.art.size(); ++i)
        resetLayer(level, i);
}

void ResolvedArt::resetLayer(const Level& level, std::size_t index) {
    if (index >= level.art.size())
        return;
    if (mLayers.size() != level.art.size())
        mLayers.resize(level.art.size());
    const ArtLayer& layer = level.art[index];
    Layer& out = mLayers[index];
    if (layer.isAuto) {
        out.tiler = std::make_unique<AutoTiler>(layer);
        out.cells = out.tiler->resolve(level);
    } else {
        out.tiler.reset();
        out.cells = layer.cells;
    }
}

void ResolvedArt::tilesChanged(const Level& level, int x, int y, int width, int height) {
    for (Layer& layer : mLayers)
        if (layer.tiler)
            layer.tiler->update(level, x, y, width, height, layer.cells);
}

void ResolvedArt::cellsChanged(const Level& level, std::size_t index, int x, int y, int width,
                               int height) {
    if (index >= mLayers.size() || index >= level.art.size() || level.art[index].isAuto)
        return;
    const std::vector<ArtTile>& from = level.art[index].cells;
    std::vector<ArtTile>& to = mLayers[index].cells;
    if (to.size() != from.size()) {
        to = from;
        return;
    }
    const int x0 = std::max(0, x), y0 = std::max(0, y);
    const int x1 = std::min(level.width, x + width), y1 = std::min(level.height, y + height);
    for (int row = y0; row < y1; ++row)
        for (int col = x0; col < x1; ++col) {
            const std::size_t i = std::size_t(row) * std::size_t(level.width) + std::size_t(col);
            to[i] = from[i];
        }
}

} // namespace ts::level
