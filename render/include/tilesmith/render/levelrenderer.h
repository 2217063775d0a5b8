// The one place that draws level content: the editor's tile layer and spawn
// items and the headless `tilesmith render` command all call these, so a
// rendered thumbnail looks exactly like the editor.
#pragma once

#include "tilesmith/level/level.h"

#include <QColor>
#include <QImage>
#include <QRect>
#include <QRectF>
#include <QString>

class QPainter;

namespace ts::render {

/// Colours shared by the editor scene and the renderer.
namespace palette {
inline const QColor mapBackground{0xe9, 0xed, 0xf2};
inline const QColor outsideBackground{0x5b, 0x63, 0x6e};
inline const QColor border{0x1f, 0x25, 0x2d};
inline const QColor grid{0x1f, 0x25, 0x2d, 40};
inline const QColor solid{0x4a, 0x55, 0x68};  ///< a solid tile's face
inline const QColor oneWay{0xc0, 0x8a, 0x3e}; ///< a one-way platform's plank
} // namespace palette

/// The main colour of a spawn kind's glyph (the player's blue, an NPC's red, ...):
/// paintSpawn() fills with it, and small pictures of the level (the mini-map) mark
/// the spawn with it.
QColor spawnColor(ts::level::SpawnKind kind);

/// Draws the tiles inside `tileRect` (level tile coordinates, clipped to the map).
/// Tile (x, y) covers scene pixels [x*ts, (x+1)*ts) x [y*ts, (y+1)*ts).
/// `levelOfDetail` is device pixels per scene pixel: edges stay at least one
/// device pixel wide at any zoom. Runs of equal tiles in a row are filled with
/// one rectangle each, so big maps stay fast. Returns the number of tiles visited.
quint64 paintTiles(QPainter* p, const ts::level::Level& level, const QRect& tileRect,
                   qreal levelOfDetail);

/// The scene rectangle a spawn occupies: its physics size, bottom centre on the
/// bottom centre of its tile.
QRectF spawnRect(const ts::level::Level& level, const ts::level::Spawn& s);
/// spawnRect() grown to hold the id label and the selection outline.
QRectF spawnBounds(const ts::level::Level& level, const ts::level::Spawn& s);

/// Draws a spawn: a vector glyph per kind (player figure, NPC figure, crate,
/// ball) at its physics size, with its id in small print.
void paintSpawn(QPainter* p, const ts::level::Level& level, const ts::level::Spawn& s,
                bool selected, qreal levelOfDetail = 1.0);

/// Largest image renderLevel() and renderArt() make: per side, and in bytes.
inline constexpr int kMaxRenderSide = 16384;
inline constexpr qint64 kMaxRenderBytes = 512ll * 1024 * 1024;

/// How opaque the collision is drawn over art in the editor's picture: enough to read
/// every solid and one-way tile, little enough to see the art under it.
inline constexpr qreal kCollisionOverlayOpacity = 0.45;

class TilesetImages;

/// The editor's picture of the whole level at `scale` (1 = one image pixel per level
/// pixel), bottom to top: the map background; the art (artrenderer.h: every visible
/// layer, back layers then front ones) when `art` is given and the level has visible
/// art layers; the collision tiles as paintTiles() draws them, laid over the art as one
/// translucent overlay (kCollisionOverlayOpacity), or opaque when no art is drawn; the
/// spawns; the map border. (A game's picture, art alone, is renderArt().) Without art
/// the image is 8-bit with a palette; with art, RGB32. Returns a null image and sets
/// `error` when the scale is invalid or the image would exceed the limits above (checked
/// before allocating anything).
QImage renderLevel(const ts::level::Level& level, double scale, QString* error,
                   const TilesetImages* art = nullptr);

} // namespace ts::render
