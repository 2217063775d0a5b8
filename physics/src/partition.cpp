#include "partition.h"

#include "mathutil.h"

#include <algorithm>

namespace ts::detail {

void Partition::reset(Vec2 origin, float cellSize, int width, int height) {
    mOrigin = origin;
    mCellSize = cellSize;
    mInvCellSize = 1.0f / cellSize;
    mWidth = std::max(width, 1);
    mHeight = std::max(height, 1);
    mCells.assign(static_cast<std::size_t>(mWidth) * static_cast<std::size_t>(mHeight), {});
    for (auto& r : mRanges)
        r = CellRange{};
    for (auto& s : mSlots)
        s.clear();
}

CellRange Partition::rangeOf(Vec2 min, Vec2 max) const {
    // A margin of 1/64 px (plus relative slack for far-away coordinates) keeps
    // touching boxes in a common cell despite rounding of min / max.
    auto cellIndex = [&](float v, float origin, int count) {
        const int i = floorToInt((v - origin) * mInvCellSize);
        return std::clamp(i, 0, count - 1);
    };
    const float mx = 0.015625f + 1e-6f * (std::fabs(min.x) + std::fabs(max.x));
    const float my = 0.015625f + 1e-6f * (std::fabs(min.y) + std::fabs(max.y));
    CellRange r;
    r.x0 = cellIndex(min.x - mx, mOrigin.x, mWidth);
    r.x1 = cellIndex(max.x + mx, mOrigin.x, mWidth);
    r.y0 = cellIndex(min.y - my, mOrigin.y, mHeight);
    r.y1 = cellIndex(max.y + my, mOrigin.y, mHeight);
    if (r.x1 < r.x0) // NaN coordinates: park in one cell rather than nowhere
        r.x1 = r.x0;
    if (r.y1 < r.y0)
        r.y1 = r.y0;
    return r;
}

void Partition::reserveBody(std::uint32_t i) {
    if (i >= mRanges.size()) {
        mRanges.resize(static_cast<std::size_t>(i) + 1);
        mSlots.resize(static_cast<std::size_t>(i) + 1);
    }
}

std::uint32_t& Partition::slotOf(std::uint32_t body, int cx, int cy) {
    const CellRange& r = mRanges[body];
    const int w = r.x1 - r.x0 + 1;
    return mSlots[body][static_cast<std::size_t>((cy - r.y0) * w + (cx - r.x0))];
}

void Partition::remove(std::uint32_t i) {
    const CellRange r = mRanges[i];
    if (r.empty())
        return;
    const std::vector<std::uint32_t>& slots = mSlots[i];
    std::size_t k = 0;
    for (int cy = r.y0; cy <= r.y1; ++cy) {
        for (int cx = r.x0; cx <= r.x1; ++cx, ++k) {
            auto& cell = mCells[static_cast<std::size_t>(cy) * static_cast<std::size_t>(mWidth) +
                                static_cast<std::size_t>(cx)];
            const std::uint32_t at = slots[k];
            const std::uint32_t last = cell.back();
            cell[at] = last;
            cell.pop_back();
            if (last != i)
                slotOf(last, cx, cy) = at;
        }
    }
    mRanges[i] = CellRange{};
    mSlots[i].clear();
}

void Partition::update(std::uint32_t i, const CellRange& r) {
    if (mRanges[i] == r)
        return;
    remove(i);
    mRanges[i] = r;
    std::vector<std::uint32_t>& slots = mSlots[i];
    slots.resize(static_cast<std::size_t>(r.count()));
    std::size_t k = 0;
    for (int cy = r.y0; cy <= r.y1; ++cy) {
        for (int cx = r.x0; cx <= r.x1; ++cx, ++k) {
            auto& cell = mCells[static_cast<std::size_t>(cy) * static_cast<std::size_t>(mWidth) +
                                static_cast<std::size_t>(cx)];
            slots[k] = static_cast<std::uint32_t>(cell.size());
            cell.push_back(i);
        }
    }
}

} // namespace ts::detail
