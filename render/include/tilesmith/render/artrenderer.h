// Drawing a level's art layers: the one implementation the editor's view, play mode and
// `tilesmith render` share, so the art looks the same everywhere and as Tiled draws it
// (tmxrasterizer of the exported map is the reference, pixel for pixel).
//
// Placement: a cell (x, y) of a level with tiles of L px draws its tile of T px with its
// bottom-left corner on the cell's bottom-left corner, as Tiled does: scene rectangle
// [x*L, x*L + T) x [(y+1)*L - T, (y+1)*L). With T == L that is the cell itself.
// Flips are Tiled's: the diagonal flip (x and y swapped) first, then the horizontal and
// the vertical one.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/render/tilesetimages.h"

#include <QImage>
#include <QRect>
#include <QRectF>
#include <QString>
#include <QTransform>

#include <vector>

class QPainter;

namespace ts::render {

/// The transform that draws a tile's image (tile pixels 0..tileSize) flipped by `flips`
/// (ts::level::ArtFlip bits) into the square (0, 0, tileSize, tileSize).
QTransform artFlipTransform(std::uint8_t flips, qreal tileSize);

/// The scene rectangle cell (x, y) of `level` draws a tile of `tileSize` px into.
QRectF artTileRect(const ts::level::Level& level, int x, int y, int tileSize);

/// The cells (level tile coordinates, clipped to the map) whose art can reach the scene
/// rectangle `sceneRect`: the tiles under it, and those below and left of it whose
/// tileset's tiles are larger than the level's. The tile rect an exposed area repaints.
QRect artCellsCovering(const ts::level::Level& level, const QRectF& sceneRect);

/// Draws the cells of `layer` inside `tileRect` (level tile coordinates) on `p`, whose
/// transform maps scene pixels (level pixels) to the device. `cells` is the layer as drawn:
/// ts::level::resolveArtLayer() (width * height, row-major); `image` its tileset's
/// (TilesetImages::find(layer.tileset)). Cells are drawn row by row from the top, left to
/// right (Tiled's right-down order, which decides how larger tiles overlap). The layer's
/// opacity multiplies the painter's; its `visible` flag is the caller's to honour. A tile
/// of a tileset that is not Ok, or an index the tileset does not have, draws the
/// placeholder. The painter's render hints are used as they are (smooth scaling or not).
/// Returns the number of tiles drawn.
quint64 paintArtLayer(QPainter* p, const ts::level::Level& level, const ts::level::ArtLayer& layer,
                      const std::vector<ts::level::ArtTile>& cells, const TilesetImage& image,
                      const QRect& tileRect);

/// The art layers in drawing order: the indices into level.art of the back layers in
/// their order, then of the front layers in theirs. Invisible layers are left out unless
/// `withHidden`.
std::vector<std::size_t> artDrawingOrder(const ts::level::Level& level, bool withHidden = false);

/// What a game draws: every visible art layer in artDrawingOrder() on a transparent
/// background, no collision, no spawns; `scale` image pixels per level pixel (smooth up
/// to scale 1, as tmxrasterizer draws; nearest pixel when enlarging, so pixel art stays
/// sharp: tmxrasterizer --no-smoothing draws the same). The image is ARGB32 (not
/// premultiplied, as tmxrasterizer paints) of ceil(width * tileSize * scale) x
/// ceil(height * tileSize * scale) px, painted in bands of rows on `threads` threads (0:
/// one per hardware thread, at most 8), the same picture for any number. Returns a null
/// image and sets `error` for the same invalid scales and sizes renderLevel() refuses.
QImage renderArt(const ts::level::Level& level, const TilesetImages& images, double scale,
                 QString* error, int threads = 0);

} // namespace ts::render
