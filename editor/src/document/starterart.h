// The starter tileset and its auto-tiling rules (resources/tilesets/starter.yaml), which
// File > New offers so that a new level looks like a game from the first stroke.
#pragma once

#include "tilesmith/level/level.h"

#include <QString>

namespace ts::editor {

/// Where the starter tileset's image is inside the program (a Qt resource path). A level
/// that names it gets a copy of the image beside its file when saved.
QString starterTilesetImage();

/// Adds the starter tileset and its layers (auto ground, grass and platforms; an empty
/// painted decoration layer in front) to `level`, which has none of the same names.
/// False, with `error`, if the resources cannot be read (a broken build).
bool addStarterArt(ts::level::Level& level, QString* error = nullptr);

} // namespace ts::editor
