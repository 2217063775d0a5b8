// Mirroring and turning a level or a piece of one (the editor's floating paste
// and its selection, each a small Level): Tiled's Flip Horizontally / Flip
// Vertically and Rotate Right / Rotate Left for a stamp.
#pragma once

#include "tilesmith/level/level.h"

namespace ts::leveledit {

using level::Level;

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

/// The four functions above as a value, for code that picks one (an editor's
/// Edit menu).
enum class Transform { FlipHorizontally, FlipVertically, RotateClockwise, RotateCounterclockwise };

/// Applies `t`: one of flipHorizontally(), flipVertically(), rotateClockwise(),
/// rotateCounterclockwise().
void transform(Level& level, Transform t);

/// A tile's column and row.
struct TilePos {
    int x = 0;
    int y = 0;
    bool operator==(const TilePos&) const = default;
};

/// Where transform(level, t) moves the tile in column x, row y of a level of
/// `width` x `height` tiles, and a spawn standing on it: (width - 1 - x, y) for
/// a horizontal flip, (x, height - 1 - y) for a vertical one, (height - 1 - y, x)
/// for a clockwise turn and (y, width - 1 - x) for a counterclockwise one. The
/// transforms move tiles and spawns by this function, so a caller can follow a
/// part of a level (an editor's selected rectangle) through one.
TilePos transformedTile(int x, int y, int width, int height, Transform t);

} // namespace ts::leveledit
