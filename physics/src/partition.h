// The part-5 uniform grid (private), rebuilt every step by a counting sort into
// flat arrays: no per-cell containers, no incremental bookkeeping, so its cost
// is linear in the bodies (plus the cell count) however crowded the cells are
// and however the bodies moved.
//
// A step inserts every live body (`insert`, in slot order: its covered cell
// range is computed and counted), then `build()` turns the counts into cell
// starts and scatters one entry per covered cell: the body's slot index with two
// ownership bits, and a copy of its box, so detection streams through contiguous
// arrays. The boxes are stored by component (centre x, centre y, half x, half y:
// four arrays), so detection loads four entries' components with four plain
// loads. A box with a zero half size never collides: its copy gets a NaN centre
// x, which fails every overlap comparison, so detection needs no test for it.
// Bodies in one cell come first (in slot order), then those covering several
// (in slot order); the order of entries inside a cell changes only the cost.
//
// A body "owns" a cell's column when its range starts in that column (kOwnX),
// its row likewise (kOwnY). Two bodies sharing a cell meet there for the first
// time exactly when each axis is owned by one of them, so detection tests a pair
// only where the OR of their bits has both, and never tests a pair twice. The
// range is clamped to the grid, which makes bodies larger than a cell or partly /
// wholly outside the map work: an outside body sits in the nearest border cells.
//
// Results never depend on this structure: the broad phase sorts the pairs it
// finds into (lower slot, higher slot) order (see step_broadphase.cpp), so the
// cell size and the order of entries inside a cell change only the cost.
#pragma once

#include "compiler.h"
#include "tilesmith/physics/vec2.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ts::detail {

struct CellRange {
    std::int32_t x0 = 0, y0 = 0, x1 = -1, y1 = -1; ///< inclusive; x1 < x0 = empty
    bool empty() const { return x1 < x0; }
    bool operator==(const CellRange&) const = default;
    int count() const { return empty() ? 0 : (x1 - x0 + 1) * (y1 - y0 + 1); }
};

/// Entry = slot index | ownership bits.
inline constexpr std::uint32_t kOwnX = 1u << 30; ///< the body's range starts in this column
inline constexpr std::uint32_t kOwnY = 1u << 31; ///< the body's range starts in this row
inline constexpr std::uint32_t kOwnBoth = kOwnX | kOwnY;
inline constexpr std::uint32_t kIndexMask = kOwnX - 1;

class Partition {
public:
    void reset(Vec2 origin, float cellSize, int width, int height);

    float cellSize() const { return mCellSize; }
    Vec2 origin() const { return mOrigin; }
    int width() const { return mWidth; }
    int height() const { return mHeight; }
    std::size_t cellCount() const { return mCellCount; }

    /// Cell range covered by a box given as min / max corners (clamped to the grid).
    /// The box is widened by a hair so two touching boxes always share a cell even
    /// when float rounding puts their common edge on a cell line.
    CellRange rangeOf(Vec2 min, Vec2 max) const {
        CellRange r;
        cells(min, max, r);
        if (r.x1 < r.x0) // NaN coordinates: park in one cell rather than nowhere
            r.x1 = r.x0;
        if (r.y1 < r.y0)
            r.y1 = r.y0;
        return r;
    }

    /// Starts a rebuild: forgets every entry.
    void clear();
    /// Adds body `i` with its box (call in slot order for a deterministic layout);
    /// `degenerate`: the box has a zero half width or height. Inlined into the
    /// move pass, which calls it for every body.
    TS_ALWAYS_INLINE void insert(std::uint32_t i, const Aabb& box, bool degenerate) {
        const CellRange r = rangeOf(box.min(), box.max());
        Aabb stored = box;
        if (degenerate) [[unlikely]]
            stored.center.x = std::numeric_limits<float>::quiet_NaN();
        if (r.x0 == r.x1 && r.y0 == r.y1) { // the common case: one cell
            const auto cell =
                static_cast<std::uint32_t>(r.y0) * static_cast<std::uint32_t>(mWidth) +
                static_cast<std::uint32_t>(r.x0);
            mItems.push_back({stored, i, cell});
            ++mStart[static_cast<std::size_t>(cell) + 2];
            ++mEntries;
            return;
        }
        insertMany(i, stored, r);
    }
    /// Finishes the rebuild: bucket starts and the sorted entries.
    void build();

    /// The entry arrays hold this many readable elements past the last entry, so a
    /// loop may load a whole group of four entries at a cell's end (lanes past the
    /// cell are masked out; what they read is some other cell's entries or stale).
    static constexpr std::size_t kReadPastEnd = 3;

    /// Cell c (= y * width + x) holds the entries [starts()[c], starts()[c + 1]).
    const std::uint32_t* starts() const { return mStart.data(); }
    /// Per entry: slot index | kOwnX | kOwnY.
    const std::uint32_t* entryIndex() const { return mEntryIndex.data(); }
    /// Per entry, the box's centre x (NaN for a box with a zero half size), centre
    /// y, half width and half height.
    const float* entryCenterX() const { return mEntryCx.data(); }
    const float* entryCenterY() const { return mEntryCy.data(); }
    const float* entryHalfX() const { return mEntryHx.data(); }
    const float* entryHalfY() const { return mEntryHy.data(); }
    std::uint32_t cellEntries(std::size_t c) const { return mStart[c + 1] - mStart[c]; }

private:
    /// A body in one cell (24 bytes).
    struct Item {
        Aabb box;
        std::uint32_t index;
        std::uint32_t cell;
    };
    /// A body covering several cells.
    struct ManyItem {
        Aabb box;
        CellRange range;
        std::uint32_t index;
    };
    void insertMany(std::uint32_t i, const Aabb& box, const CellRange& r);
    void put(std::uint32_t k, std::uint32_t entry, const Aabb& box) {
        mEntryIndex[k] = entry;
        mEntryCx[k] = box.center.x;
        mEntryCy[k] = box.center.y;
        mEntryHx[k] = box.halfSize.x;
        mEntryHy[k] = box.halfSize.y;
    }
    /// rangeOf()'s cells before the NaN rule, one cellOf() per bound. A margin of
    /// 1/64 px (plus relative slack for far-away coordinates) keeps touching boxes
    /// in a common cell despite rounding of min / max.
    void cellsScalar(Vec2 min, Vec2 max, CellRange& r) const {
        const float mx = 0.015625f + 1e-6f * (std::fabs(min.x) + std::fabs(max.x));
        const float my = 0.015625f + 1e-6f * (std::fabs(min.y) + std::fabs(max.y));
        r.x0 = static_cast<std::int32_t>(cellOf(min.x - mx, mOrigin.x, mWidth));
        r.x1 = static_cast<std::int32_t>(cellOf(max.x + mx, mOrigin.x, mWidth));
        r.y0 = static_cast<std::int32_t>(cellOf(min.y - my, mOrigin.y, mHeight));
        r.y1 = static_cast<std::int32_t>(cellOf(max.y + my, mOrigin.y, mHeight));
    }
#if defined(__SSE2__)
    /// cellsScalar()'s four cellOf() in one go: the same IEEE operations lane by lane
    /// (x + (-m) is x - m exactly), then the clamp as max / min, whose NaN rule
    /// (_mm_max_ps returns its second operand) sends NaN to cell 0 as cellOf does.
    void cells(Vec2 min, Vec2 max, CellRange& r) const {
        const __m128 v = _mm_setr_ps(min.x, min.y, max.x, max.y);
        const __m128 a = _mm_and_ps(v, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
        const __m128 sum = _mm_add_ps(a, _mm_shuffle_ps(a, a, _MM_SHUFFLE(1, 0, 3, 2)));
        const __m128 m = _mm_add_ps(_mm_set1_ps(0.015625f), _mm_mul_ps(_mm_set1_ps(1e-6f), sum));
        const __m128 e = _mm_add_ps(v, _mm_xor_ps(m, _mm_setr_ps(-0.0f, -0.0f, 0.0f, 0.0f)));
        __m128 f = _mm_mul_ps(_mm_sub_ps(e, mOrigin4), _mm_set1_ps(mInvCellSize));
        f = _mm_min_ps(_mm_max_ps(f, _mm_setzero_ps()), mLast4);
        alignas(16) std::int32_t c[4];
        _mm_store_si128(reinterpret_cast<__m128i*>(c), _mm_cvttps_epi32(f));
        r.x0 = c[0];
        r.y0 = c[1];
        r.x1 = c[2];
        r.y1 = c[3];
    }
#endif
#if !defined(__SSE2__)
    void cells(Vec2 min, Vec2 max, CellRange& r) const {
        cellsScalar(min, max, r);
    }
#endif
    std::uint32_t cellOf(float v, float origin, int count) const {
        // clamp(floor((v - origin) / cellSize), 0, count - 1), NaN -> 0, without
        // libm: the comparisons run in float, so only an in-range value is cast.
        const float f = (v - origin) * mInvCellSize;
        if (!(f >= 0.0f)) // negative or NaN
            return 0;
        const auto last = static_cast<std::uint32_t>(count - 1);
        if (f >= static_cast<float>(count))
            return last;
        // f < count: truncation is floor (the min guards float rounding of huge counts).
        const auto i = static_cast<std::uint32_t>(f);
        return i < last ? i : last;
    }

    Vec2 mOrigin;
    float mCellSize = 256.0f;
    float mInvCellSize = 1.0f / 256.0f;
    int mWidth = 1, mHeight = 1;
    std::size_t mCellCount = 1;
#if defined(__SSE2__)
    __m128 mOrigin4 = _mm_setzero_ps(); ///< origin x, y, x, y
    /// The last cell column, row, column, row as the largest float not above them,
    /// so that truncating a value clamped to it never passes the grid.
    __m128 mLast4 = _mm_setzero_ps();
#endif
    std::vector<Item> mItems;          ///< this step's one-cell bodies, in insertion order
    std::vector<ManyItem> mManyItems;  ///< the others, in insertion order
    std::vector<std::uint32_t> mStart; ///< per cell, + 2; counts until build()
    std::vector<std::uint32_t> mEntryIndex;
    std::vector<float> mEntryCx, mEntryCy, mEntryHx, mEntryHy;
    std::size_t mEntries = 0;
};

} // namespace ts::detail
