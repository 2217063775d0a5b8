// The part-5 uniform grid (private). Cells hold body slot indices; every body
// stores the cell range it covers and its index inside each of those cells, so
// leaving a cell is an O(1) swap-remove. The range is clamped to the grid, which
// makes bodies larger than a cell or partly / wholly outside the map work: an
// outside body sits in the nearest border cells.
//
// Performance layout: a cell entry packs the body's slot index with two
// "ownership" bits (the body's range starts in this cell's column / row), which
// stay valid while the body's range is unchanged, so pair detection decides the
// "first common cell" dedupe without touching the body. Each body's index inside
// its cells is stored inline for up to kInlineSlots cells (the common case of a
// body smaller than a cell), in a heap vector only for larger bodies. The box
// used by detection is kept in a dense array beside the ranges.
#pragma once

#include "tilesmith/physics/vec2.h"

#include <cstdint>
#include <vector>

namespace ts::detail {

struct CellRange {
    std::int32_t x0 = 0, y0 = 0, x1 = -1, y1 = -1; ///< inclusive; x1 < x0 = not inserted
    bool empty() const { return x1 < x0; }
    bool operator==(const CellRange&) const = default;
    int count() const { return empty() ? 0 : (x1 - x0 + 1) * (y1 - y0 + 1); }
};

/// Cell entry = slot index | ownership bits.
inline constexpr std::uint32_t kOwnX = 1u << 30; ///< the body's range starts in this column
inline constexpr std::uint32_t kOwnY = 1u << 31; ///< the body's range starts in this row
inline constexpr std::uint32_t kIndexMask = kOwnX - 1;

class Partition {
public:
    static constexpr int kInlineSlots = 4;

    void reset(Vec2 origin, float cellSize, int width, int height);

    float cellSize() const { return mCellSize; }
    Vec2 origin() const { return mOrigin; }
    int width() const { return mWidth; }
    int height() const { return mHeight; }

    /// Cell range covered by a box given as min / max corners (clamped to the grid).
    /// The box is widened by a hair so two touching boxes always share a cell even
    /// when float rounding puts their common edge on a cell line.
    CellRange rangeOf(Vec2 min, Vec2 max) const;

    /// Ensures body `i` is in exactly the cells of `r` (touches cells only when the
    /// range changed) and records its box for pair detection.
    void update(std::uint32_t i, const CellRange& r, const Aabb& box) {
        mBoxes[i] = box;
        if (!(mRanges[i] == r))
            move(i, r);
    }
    void remove(std::uint32_t i);
    /// Grows per-body bookkeeping to hold slot `i`.
    void reserveBody(std::uint32_t i);

    const CellRange& range(std::uint32_t i) const { return mRanges[i]; }
    const Aabb& box(std::uint32_t i) const { return mBoxes[i]; }
    /// A cell's entries (slot index | kOwnX | kOwnY).
    const std::vector<std::uint32_t>& cell(int x, int y) const {
        return mCells[static_cast<std::size_t>(y) * static_cast<std::size_t>(mWidth) +
                      static_cast<std::size_t>(x)];
    }
    const std::vector<std::vector<std::uint32_t>>& cells() const { return mCells; }
    const Aabb* boxes() const { return mBoxes.data(); }

private:
    struct Slots {
        std::uint32_t inl[kInlineSlots] = {};
        std::vector<std::uint32_t> more; ///< all slots when the range has > kInlineSlots cells
    };
    std::uint32_t* slotsOf(std::uint32_t body) {
        Slots& s = mSlots[body];
        return mRanges[body].count() <= kInlineSlots ? s.inl : s.more.data();
    }
    void move(std::uint32_t i, const CellRange& r);

    Vec2 mOrigin;
    float mCellSize = 256.0f;
    float mInvCellSize = 1.0f / 256.0f;
    int mWidth = 0, mHeight = 0;
    std::vector<std::vector<std::uint32_t>> mCells;
    /// Per body: the covered range, the box, and the body's index inside each
    /// covered cell, row-major over the range.
    std::vector<CellRange> mRanges;
    std::vector<Aabb> mBoxes;
    std::vector<Slots> mSlots;
};

} // namespace ts::detail
