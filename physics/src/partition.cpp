#include "partition.h"

#include <algorithm>
#include <cmath>

namespace ts::detail {

void Partition::reset(Vec2 origin, float cellSize, int width, int height) {
    mOrigin = origin;
    mCellSize = cellSize;
    mInvCellSize = 1.0f / cellSize;
    mWidth = std::max(width, 1);
    mHeight = std::max(height, 1);
    mCellCount = static_cast<std::size_t>(mWidth) * static_cast<std::size_t>(mHeight);
#if defined(__SSE2__)
    const auto lastBelow = [](int count) {
        float f = static_cast<float>(count - 1);
        if (static_cast<double>(f) > static_cast<double>(count - 1))
            f = std::nextafter(f, 0.0f);
        return f;
    };
    mOrigin4 = _mm_setr_ps(origin.x, origin.y, origin.x, origin.y);
    const float lx = lastBelow(mWidth), ly = lastBelow(mHeight);
    mLast4 = _mm_setr_ps(lx, ly, lx, ly);
#endif
    // Two extra slots: counts go to [cell + 2], starts end up in [cell].
    mStart.assign(mCellCount + 2, 0);
    mItems.clear();
    mManyItems.clear();
    mEntries = 0;
}

void Partition::clear() {
    std::fill(mStart.begin(), mStart.end(), 0u);
    mItems.clear();
    mManyItems.clear();
    mEntries = 0;
}

void Partition::insertMany(std::uint32_t i, const Aabb& box, const CellRange& r) {
    mManyItems.push_back({box, r, i});
    std::uint32_t* count = mStart.data() + 2;
    const auto w = static_cast<std::size_t>(mWidth);
    for (std::int32_t cy = r.y0; cy <= r.y1; ++cy) {
        const std::size_t row = static_cast<std::size_t>(cy) * w;
        for (std::int32_t cx = r.x0; cx <= r.x1; ++cx)
            ++count[row + static_cast<std::size_t>(cx)];
    }
    mEntries += static_cast<std::size_t>(r.count());
}

void Partition::build() {
    // Counts sit at [cell + 2]; the inclusive running sum leaves cell c's start
    // at [c + 1], and the scatter advances that cursor to c's end = (c + 1)'s
    // start, so afterwards [c] is c's start for every cell (and [0] = 0).
    mStart[0] = 0;
    mStart[1] = 0;
    for (std::size_t j = 2; j < mCellCount + 2; ++j)
        mStart[j] += mStart[j - 1];
    if (mEntryIndex.size() < mEntries + kReadPastEnd) {
        const std::size_t n = mEntries + kReadPastEnd;
        mEntryIndex.resize(n);
        mEntryCx.resize(n);
        mEntryCy.resize(n);
        mEntryHx.resize(n);
        mEntryHy.resize(n);
    }
    std::uint32_t* cursor = mStart.data() + 1;
    // The one-cell bodies without a branch per body, then the others.
    for (const Item& it : mItems)
        put(cursor[it.cell]++, it.index | kOwnBoth, it.box);
    const auto w = static_cast<std::size_t>(mWidth);
    for (const ManyItem& it : mManyItems) {
        const CellRange& r = it.range;
        for (std::int32_t cy = r.y0; cy <= r.y1; ++cy) {
            const std::size_t row = static_cast<std::size_t>(cy) * w;
            const std::uint32_t ownY = cy == r.y0 ? kOwnY : 0u;
            for (std::int32_t cx = r.x0; cx <= r.x1; ++cx)
                put(cursor[row + static_cast<std::size_t>(cx)]++,
                    it.index | ownY | (cx == r.x0 ? kOwnX : 0u), it.box);
        }
    }
}

} // namespace ts::detail
