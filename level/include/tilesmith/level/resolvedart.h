// Every art layer of a level resolved to its cells and kept current as the level
// changes: a painted layer's cells as they are, an auto layer's computed from the
// collision grid and recomputed only near a tile that changed. What the editor draws
// from while a designer paints collision, and what a game that changes its tiles at
// run time (a wall blown away) draws from. Plain C++, no Qt.
#pragma once

#include "tilesmith/level/art.h"
#include "tilesmith/level/level.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace ts::level {

class ResolvedArt {
public:
    /// Resolves every layer of `level` (an AutoTiler per auto layer).
    void reset(const Level& level);
    /// Layer `index` changed (its rules, its cells wholesale, its kind): resolves it again.
    void resetLayer(const Level& level, std::size_t index);
    /// Tiles of `level` in the rectangle (x, y, width, height) changed: every auto layer's
    /// cells within one tile of it are computed again. Painted layers are not touched.
    void tilesChanged(const Level& level, int x, int y, int width, int height);
    /// Cells of painted layer `index` in the rectangle changed in `level`: copies them.
    void cellsChanged(const Level& level, std::size_t index, int x, int y, int width, int height);

    std::size_t layerCount() const { return mLayers.size(); }
    /// Layer `index`'s cells: width * height, row-major, row 0 at the top.
    const std::vector<ArtTile>& cells(std::size_t index) const { return mLayers[index].cells; }

private:
    struct Layer {
        std::vector<ArtTile> cells;
        std::unique_ptr<AutoTiler> tiler; ///< auto layers only
    };
    std::vector<Layer> mLayers;
};

} // namespace ts::level
