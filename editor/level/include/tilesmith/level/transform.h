// Mirroring a level or a piece of one (the editor's floating paste, which is a
// small Level): Tiled's Flip Horizontally / Flip Vertically for a stamp.
#pragma once

#include "tilesmith/level/level.h"

namespace ts::level {

/// Mirrors `level` left to right: the tile in column x moves to column
/// width - 1 - x, and so does each spawn. A spawn's bottom centre stands on the
/// bottom centre of its tile, so the spawn mirrors exactly. Its horizontal
/// velocity changes sign. Ids, sizes and properties stay as they are.
void flipHorizontally(Level& level);

/// Mirrors `level` top to bottom: the tile in row y moves to row height - 1 - y,
/// and so does each spawn, which then stands on its new tile. A spawn taller than
/// a tile still rises from that tile's bottom, so it is not a pixel mirror. Its
/// vertical velocity changes sign. One-way tiles stay one-way: they are still
/// passed from below and stood on from above.
void flipVertically(Level& level);

} // namespace ts::level
