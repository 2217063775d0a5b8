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
        s.more.clear();
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
        mBoxes.resize(static_cast<std::size_t>(i) + 1);
        mSlots.resize(static_cast<std::size_t>(i) + 1);
    }
}

void Partition::remove(std::uint32_t i) {
    const CellRange r = mRanges[i];
    if (r.empty())
        return;
    const std::uint32_t* slots = slotsOf(i);
    std::size_t k = 0;
    for (int cy = r.y0; cy <= r.y1; ++cy) {
        for (int cx = r.x0; cx <= r.x1; ++cx, ++k) {
            auto& cell = mCells[static_cast<std::size_t>(cy) * static_cast<std::size_t>(mWidth) +
                                static_cast<std::size_t>(cx)];
            const std::uint32_t at = slots[k];
            const std::uint32_t last = cell.back();
            cell[at] = last;
            cell.pop_back();
            const std::uint32_t lastBody = last & kIndexMask;
            if (lastBody != i) {
                const CellRange& lr = mRanges[lastBody];
                const int w = lr.x1 - lr.x0 + 1;
                slotsOf(lastBody)[(cy - lr.y0) * w + (cx - lr.x0)] = at;
            }
        }
    }
    mRanges[i] = CellRange{};
    mSlots[i].more.clear();
}

void Partition::move(std::uint32_t i, const CellRange& r) {
    remove(i);
    mRanges[i] = r;
    const int n = r.count();
    std::uint32_t* slots = mSlots[i].inl;
    if (n > kInlineSlots) {
        mSlots[i].more.resize(static_cast<std::size_t>(n));
        slots = mSlots[i].more.data();
    }
    std::size_t k = 0;
    for (int cy = r.y0; cy <= r.y1; ++cy) {
        const std::uint32_t ownY = cy == r.y0 ? kOwnY : 0u;
        for (int cx = r.x0; cx <= r.x1; ++cx, ++k) {
            auto& cell = mCells[static_cast<std::size_t>(cy) * static_cast<std::size_t>(mWidth) +
                                static_cast<std::size_t>(cx)];
            slots[k] = static_cast<std::uint32_t>(cell.size());
            cell.push_back(i | ownY | (cx == r.x0 ? kOwnX : 0u));
        }
    }
}

} // namespace ts::detail
