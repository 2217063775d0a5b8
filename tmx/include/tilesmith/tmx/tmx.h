// Tiled TMX interop: export a level as a Tiled 1.8 map and import Tiled maps.
//
// Export writes:
//   - map properties: `tilesmith.name`, `tilesmith.legend` (only when not the default),
//     `physics.gravity`, `physics.walk_speed`, ... and the level's own properties (a
//     level property whose key starts with `tilesmith.`, `physics.` or `property.` is
//     written as `property.KEY`, so nothing collides and import restores it);
//   - one tileset `tilesmith` of 3 tiles, id 0 empty, 1 solid, 2 one_way (tile `type`
//     attribute, as Tiled 1.8 writes it), image = a legend PNG beside the map;
//   - a tile layer `collision` with CSV data: 0 for an empty cell (Tiled's "no tile"),
//     gid 2 for solid, gid 3 for one_way;
//   - an object group `spawns`: one object per spawn, type = kind, in Tiled pixels
//     (y down, top-left corner), an ellipse for balls, custom properties id, mass,
//     restitution, vx, vy and the spawn's own properties (same `property.` escape for
//     those five names).
//
// Import reads those maps back exactly, and any orthogonal Tiled map whose tiles carry
// the type (or 1.9+ class) `solid` / `one_way`: CSV, base64, base64+zlib and base64+gzip
// layer data (inflated with a hard size cap),
// embedded and external (.tsx) tilesets, several tilesets, flip flags ignored. All tile
// layers (also inside groups) are merged: solid wins over one_way. Objects whose type or
// class is player / npc / box / ball become spawns standing on the tile under their
// bottom centre.
#pragma once

#include "tilesmith/level/levelio.h"

#include <QByteArray>
#include <QImage>
#include <QString>

namespace ts::tmx {

/// Gids of the exported tileset (firstgid 1): 0 is no tile.
inline constexpr int kSolidGid = 2;
inline constexpr int kOneWayGid = 3;

/// The legend tileset image: 3 tiles of `tileSize` pixels side by side (empty, solid,
/// one_way).
QImage legendTilesetImage(int tileSize);
/// Where exportTmx() puts the tileset image of `tmxPath`: "<dir>/<base>-tiles.png".
QString tilesetImagePath(const QString& tmxPath);
/// The TMX document of a level; `imageSource` is the tileset image path as written in
/// the map (relative to the map file).
QByteArray tmxDocument(const level::Level& level, const QString& imageSource);
/// Why exportTmx() failed: the file it could not write and the reason.
struct ExportError {
    QString path;
    QString reason;
    /// "cannot write PATH: REASON"
    QString toString() const;
};
/// Writes the TMX map and its tileset image, each atomically (ts::level::AtomicFile).
bool exportTmx(const level::Level& level, const QString& tmxPath, ExportError* error = nullptr);

/// Reads a Tiled map into a level; errors carry file, line and column.
level::LoadResult importTmx(const QString& tmxPath, const level::Limits& limits = {});
/// Same, from TMX text; `baseDir` resolves external tilesets.
level::LoadResult importTmxFromData(const QByteArray& data, const QString& fileName,
                                    const QString& baseDir, const level::Limits& limits = {});

} // namespace ts::tmx
