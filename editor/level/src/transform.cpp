#include "tilesmith/level/transform.h"

#include <algorithm>
#include <cstddef>

namespace ts::level {

namespace {
/// The tiles are row-major with width * height entries, as Level documents; a
/// level that breaks that (a hand-built one) is left alone rather than read
/// out of bounds.
bool wellFormed(const Level& level) {
    return level.width >= 0 && level.height >= 0 &&
           level.tiles.size() ==
               static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height);
}
} // namespace

void flipHorizontally(Level& level) {
    if (!wellFormed(level))
        return;
    const auto w = static_cast<std::size_t>(level.width);
    for (std::size_t row = 0; row < static_cast<std::size_t>(level.height); ++row) {
        const auto first = level.tiles.begin() + static_cast<std::ptrdiff_t>(row * w);
        std::reverse(first, first + static_cast<std::ptrdiff_t>(w));
    }
    for (Spawn& s : level.spawns) {
        s.x = level.width - 1 - s.x;
        s.vx = 0.0f - s.vx; // a still spawn stays +0, not -0 ("vx: -0" in the file)
    }
}

void flipVertically(Level& level) {
    if (!wellFormed(level))
        return;
    const auto w = static_cast<std::ptrdiff_t>(level.width);
    for (int top = 0, bottom = level.height - 1; top < bottom; ++top, --bottom)
        std::swap_ranges(level.tiles.begin() + top * w, level.tiles.begin() + (top + 1) * w,
                         level.tiles.begin() + bottom * w);
    for (Spawn& s : level.spawns) {
        s.y = level.height - 1 - s.y;
        s.vy = 0.0f - s.vy;
    }
}

} // namespace ts::level
