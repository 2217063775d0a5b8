// Tiled TMX interop: export a level as a Tiled 1.8 map and import Tiled maps.
//
// Export writes:
//   - map properties: `tilesmith.name`, `tilesmith.legend` (only when not the default),
//     `physics.gravity`, `physics.walk_speed`, ... and the level's own properties (a
//     level property whose key starts with `tilesmith.`, `physics.` or `property.` is
//     written as `property.KEY`, so nothing collides and import restores it);
//   - one tileset `tilesmith` of 3 tiles, id 0 empty, 1 solid, 2 one_way (tile `type`
//     attribute, as Tiled 1.8 writes it), image = a legend PNG beside the map;
//   - a tileset per art tileset, after it: its name, tile size, margin, spacing, `trans`,
//     and its image (path relative to the map) with the columns and tile count Tiled cuts
//     from that image;
//   - the back art layers in the level's order, then a tile layer `collision` with CSV
//     data: 0 for an empty cell (Tiled's "no tile"), gid 2 for solid, gid 3 for one_way;
//   - an object group `spawns`: one object per spawn, type = kind, in Tiled pixels
//     (y down, top-left corner), an ellipse for balls, custom properties id, mass,
//     restitution, vx, vy and the spawn's own properties (same `property.` escape for
//     those five names);
//   - then the front art layers. An art layer is a Tiled tile layer with its name,
//     opacity, visibility and lock; an auto layer is written as the tiles its rules paint
//     (the rules themselves stay in the level). Flipped tiles carry Tiled's flip flags.
//   So `tmxrasterizer --hide-layer collision --hide-layer spawns` draws what
//   render::renderArt() draws.
//
// Import reads those maps back exactly (an auto layer as the painted layer of the tiles it
// drew), and any orthogonal Tiled map: CSV, base64, base64+zlib and base64+gzip layer data
// (inflated with a hard size cap), embedded and external (.tsx) tilesets, several tilesets.
//   - Collision: tiles whose type (or 1.9+ class) is `solid` / `one_way` (any case) make the
//     level's tiles, from every tile layer (also inside groups): solid wins over one_way.
//   - Art: every tile layer's other tiles (in groups too, flattened in order, a group's
//     opacity and visibility passed on) become painted art layers with their tilesets
//     (margin, spacing, `trans`; image paths relative to the map's folder; columns and
//     count from the image, as Tiled cuts it), opacity, visibility, lock and flip flags. A
//     layer that draws from several tilesets becomes one art layer per tileset ("Ground",
//     "Ground (rocks)"); a repeated name gets " 2", " 3". Layers after the object group
//     that holds the spawns are front layers, the others back layers. A tileset whose
//     every tile has a collision type (as `tilesmith` is) is collision only, not art; an
//     animated tile is kept as its first frame (what Tiled draws unanimated). Refused
//     with an error: image-collection tilesets, non-square tiles, tile offsets, layer
//     offsets and tint colours (they cannot be drawn as a level's art). Image layers are
//     not read.
//   - Objects whose type or class is player / npc / box / ball / goal become spawns
//     standing on the tile under their bottom centre.
#pragma once

#include "tilesmith/level/levelio.h"

#include <QByteArray>
#include <QImage>
#include <QString>
#include <QStringList>

#include <cstddef>

namespace ts::tmx {

/// Gids of the exported tileset (firstgid 1): 0 is no tile.
inline constexpr int kSolidGid = 2;
inline constexpr int kOneWayGid = 3;
/// The most art cells an import keeps, all art layers together (8 bytes each): a map whose
/// tile layers hold more is refused rather than allowed to exhaust memory.
inline constexpr std::size_t kMaxArtCells = std::size_t(64) << 20;

/// The legend tileset image: 3 tiles of `tileSize` pixels side by side (empty, solid,
/// one_way).
QImage legendTilesetImage(int tileSize);
/// Where exportTmx() puts the tileset image of `tmxPath`: "<dir>/<base>-tiles.png".
QString tilesetImagePath(const QString& tmxPath);
/// The TMX document of a level; `imageSource` is the legend tileset's image path as
/// written in the map (relative to the map file). The art tilesets' image paths, relative
/// to `levelDir` (the level file's folder) in the level, are written relative to `tmxDir`
/// (the map's folder); an empty folder is the current one.
QByteArray tmxDocument(const level::Level& level, const QString& imageSource,
                       const QString& levelDir = {}, const QString& tmxDir = {});
/// Why exportTmx() failed: the file it could not write and the reason.
struct ExportError {
    QString path;
    QString reason;
    /// "cannot write PATH: REASON"
    QString toString() const;
};
/// Writes the TMX map and its legend tileset image, each atomically
/// (ts::level::AtomicFile). The art tilesets' images stay where they are: the map refers to
/// them relative to its folder. `levelDir` is the folder the level's image paths are
/// relative to (the level file's); empty: the map's own folder.
bool exportTmx(const level::Level& level, const QString& tmxPath, ExportError* error = nullptr,
               const QString& levelDir = {});

/// Reads a Tiled map into a level; errors carry file, line and column. The art's image
/// paths are relative to the map's folder (as if the level were saved beside the map):
/// relocateTilesetImages() moves them for a level saved elsewhere. `externalFiles`, when
/// given, gets the external tileset (.tsx) files the map names, as paths from the map's folder.
level::LoadResult importTmx(const QString& tmxPath, const level::Limits& limits = {},
                            QStringList* externalFiles = nullptr);
/// Same, from TMX text; `baseDir` (the map's folder) resolves external tilesets and images.
level::LoadResult importTmxFromData(const QByteArray& data, const QString& fileName,
                                    const QString& baseDir, const level::Limits& limits = {},
                                    QStringList* externalFiles = nullptr);

/// Rewrites the tileset image paths of `level`, relative to `fromDir`, as relative to
/// `toDir` (an absolute path stays absolute): for a level saved in another folder than the
/// one its paths were written for.
void relocateTilesetImages(level::Level& level, const QString& fromDir, const QString& toDir);

} // namespace ts::tmx
