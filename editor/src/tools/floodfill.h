// The bucket fill's region, for any grid: the collision's tile kinds or an art layer's
// cells.
#pragma once

#include <QPoint>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ts::editor {

/// The cells of the 4-connected region around `start` in a `width` x `height` grid
/// (row-major) whose cells `same(i)` says are like start's, bounded by the grid. An
/// iterative scanline fill: each seed expands to a whole horizontal span, so the stack
/// stays small even on a 1024 x 1024 map. Empty when start is outside the grid.
template <typename Same>
std::vector<QPoint> floodRegion(int width, int height, QPoint start, Same same) {
    std::vector<QPoint> out;
    if (start.x() < 0 || start.y() < 0 || start.x() >= width || start.y() >= height)
        return out;
    std::vector<std::uint8_t> seen(std::size_t(width) * std::size_t(height), 0);
    auto matches = [&](int x, int y) {
        const std::size_t i = std::size_t(y) * std::size_t(width) + std::size_t(x);
        return !seen[i] && same(i);
    };
    std::vector<QPoint> stack{start};
    while (!stack.empty()) {
        const QPoint seed = stack.back();
        stack.pop_back();
        const int y = seed.y();
        if (!matches(seed.x(), y))
            continue;
        int x0 = seed.x();
        while (x0 > 0 && matches(x0 - 1, y))
            --x0;
        int x1 = seed.x();
        while (x1 + 1 < width && matches(x1 + 1, y))
            ++x1;
        for (int x = x0; x <= x1; ++x) {
            seen[std::size_t(y) * std::size_t(width) + std::size_t(x)] = 1;
            out.emplace_back(x, y);
        }
        for (int ny : {y - 1, y + 1}) {
            if (ny < 0 || ny >= height)
                continue;
            bool inSpan = false;
            for (int x = x0; x <= x1; ++x) {
                if (matches(x, ny)) {
                    if (!inSpan)
                        stack.emplace_back(x, ny);
                    inSpan = true;
                } else {
                    inSpan = false;
                }
            }
        }
    }
    return out;
}

} // namespace ts::editor
