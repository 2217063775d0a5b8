// Private to tilesmith_render: the size checks renderLevel() and renderArt() share.
#pragma once

#include "tilesmith/level/level.h"

#include <QString>

namespace ts::render::detail {

/// The image size of `level` drawn at `scale` (ceil of its pixel size times `scale`):
/// false with `error` set when the scale is no positive number, the level is empty or
/// the image would exceed kMaxRenderSide or kMaxRenderBytes (checked before anything is
/// allocated; the message suggests a scale that fits).
bool renderImageSize(const ts::level::Level& level, double scale, int& width, int& height,
                     QString* error);

} // namespace ts::render::detail
