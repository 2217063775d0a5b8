// Mirroring and turning a level or a piece of one (the editor's floating paste,
// which is a small Level): Tiled's Flip Horizontally / Flip Vertically and
// Rotate Right / Rotate Left for a stamp.
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

/// Turns `level` a quarter turn clockwise, as seen on screen (y down): width and
/// height swap, the tile in column x, row y moves to column height - 1 - y, row
/// x, and so does each spawn. Spawns stay upright (gravity points down in the
/// turned piece too): each rises from its new tile's bottom, its width, height
/// and radius unchanged. Its velocity turns with the tiles, (vx, vy) becomes
/// (-vy, vx). One-way tiles stay one-way, passed from below.
void rotateClockwise(Level& level);

/// The inverse of rotateClockwise(): the tile in column x, row y moves to column
/// y, row width - 1 - x, and a spawn's velocity (vx, vy) becomes (vy, -vx).
void rotateCounterclockwise(Level& level);

} // namespace ts::level
