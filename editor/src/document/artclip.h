// Copy and paste of art tiles (a block of an art layer's cells), also between files and
// editor instances: a small JSON text under its own MIME type on QClipboard, beside the
// collision's regions (region.h).
#pragma once

#include "tilesmith/editor/tooloptions.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace ts::editor {

/// MIME type of copied art. Also offered as text/plain.
inline constexpr char kArtMimeType[] = "application/x-tilesmith-art";

/// {"format": "tilesmith-art", "version": 1, "tileset", "width", "height",
///  "tiles": [[index, flips], ...] row-major, [-1, 0] for an empty cell}
QByteArray artToText(const ArtStamp& art);
/// Parses artToText() output; nullopt with `error` set on anything else (a size past the
/// largest map, a tile count that is not width * height, flips outside 0..7).
std::optional<ArtStamp> artFromText(const QByteArray& text, QString* error = nullptr);

/// Puts art tiles on the system clipboard (its MIME type + text/plain).
void copyArtToClipboard(const ArtStamp& art);
/// The art tiles on the clipboard, if any.
std::optional<ArtStamp> artFromClipboard();

} // namespace ts::editor
