// Copy and paste of level regions (tiles + spawns), also between files and
// editor instances: a small JSON text under a custom MIME type on QClipboard.
#pragma once

#include "tilesmith/level/level.h"

#include <QByteArray>
#include <QList>
#include <QRect>
#include <QString>

#include <optional>

namespace ts::editor {

/// MIME type of a copied region. Also offered as text/plain.
inline constexpr char kRegionMimeType[] = "application/x-tilesmith-region";

/// A rectangular piece of a level. Empty tiles are transparent when pasted or
/// moved (they do not overwrite). Spawn positions are relative to the top-left.
/// Stored as a small Level so the renderer can draw it as a preview stamp.
struct Region {
    ts::level::Level stamp; ///< width x height tiles, spawns relative, name unused
    int width() const { return stamp.width; }
    int height() const { return stamp.height; }
    bool isEmpty() const { return stamp.width <= 0 || stamp.height <= 0; }
};

/// The tiles of `tileRect` (clipped to the map) and the listed spawns. The
/// region spans the tile rectangle united with the spawns' tiles (regionBounds()).
Region copyRegion(const ts::level::Level& level, const QRect& tileRect, const QList<int>& spawnIds);
/// Where copyRegion()'s region lies in the level: `tileRect` clipped to the map,
/// united with the tiles of the spawns `spawnIds` (Cut, Copy, Move Selection,
/// Flip and Rotate take this region).
QRect regionBounds(const ts::level::Level& level, const QRect& tileRect,
                   const QList<int>& spawnIds);

/// {"format": "tilesmith-region", "version": 1, "width", "height", "tileSize",
///  "rows": ["#.=", ...] (default legend), "spawns": [{kind, x, y, ...}]}
QByteArray regionToText(const Region& region);
/// Parses regionToText() output; nullopt with `error` set on anything else.
std::optional<Region> regionFromText(const QByteArray& text, QString* error = nullptr);

/// Puts a region on the system clipboard (custom MIME type + text/plain).
void copyToClipboard(const Region& region);
/// The region on the clipboard, if any (custom MIME type, or plain text that
/// parses as a region).
std::optional<Region> regionFromClipboard();

} // namespace ts::editor
