// Step phase: broad phase. The grid (partition.h), filled during the move, is
// built; each cell tests its pairs (a pair only in the first cell both bodies
// cover; the rejection tests run four entries at a time where SSE2 is there);
// the pairs are sorted into (lower slot, higher slot) order; then the collision
// records (snapshots) are built.
#include "mathutil.h"
#include "world_impl.h"

#include <algorithm>
#include <bit>
#include <cmath>

#if defined(__SSE2__)
#include <cstddef>
#include <emmintrin.h>
#endif

namespace ts {

using detail::kContactTolerance;
using detail::Pair;

namespace {

/// Entry j passed the rejection tests: the pair, measured as (lower slot, higher
/// slot) (sign(0) = +1 makes the overlap of coincident centres order dependent).
inline void addPair(const Aabb& a, std::uint32_t ia, bool degenerateA, std::uint32_t j,
                    const Aabb* box, const std::uint32_t* index, std::vector<Pair>& out) {
    const Aabb& b = box[j];
    if (degenerateA || b.halfSize.x == 0.0f || b.halfSize.y == 0.0f)
        return;
    const std::uint32_t ib = index[j] & detail::kIndexMask;
    Vec2 ov;
    if (ia < ib) {
        const int k = detail::classifyBoxes(a, b, ov, kContactTolerance);
        out.push_back({ia, ib, ov, k == 2});
    } else {
        const int k = detail::classifyBoxes(b, a, ov, kContactTolerance);
        out.push_back({ib, ia, ov, k == 2});
    }
}

#if defined(__SSE2__)
/// The set lanes of a 4-lane mask (std::popcount is a library call on x86-64
/// builds without -mpopcnt, which Debian's baseline does not assume).
constexpr std::uint8_t kLaneCount[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
#endif

/// Tests entry i against the entries (i, end) of its cell and appends every pair
/// within kContactTolerance, measured as (lower slot, higher slot). With
/// `kFilter` (entry i does not own both axes of this cell) only the entries
/// owning what i lacks are tested: elsewhere the pair meets in an earlier cell.
template <bool kFilter>
inline void testAgainst(std::uint32_t i, std::uint32_t end, const Aabb* box,
                        const std::uint32_t* index, std::vector<Pair>& out, std::uint64_t& tested) {
    const Aabb a = box[i];
    const std::uint32_t ea = index[i];
    const std::uint32_t ia = ea & detail::kIndexMask;
    const bool degenerateA = a.halfSize.x == 0.0f || a.halfSize.y == 0.0f;
    if (!kFilter)
        tested += end - i - 1;
    std::uint32_t j = i + 1;
#if defined(__SSE2__)
    // Four entries at a time: the same float operations as the scalar tests
    // below, lane by lane (IEEE add, subtract and compare; clearing the sign bit
    // is fabs), so exactly the same entries pass, in the same order, and one
    // branch per four entries replaces the scalar loop's hard-to-predict ones.
    static_assert(sizeof(Aabb) == 4 * sizeof(float) && offsetof(Aabb, center) == 0 &&
                  offsetof(Aabb, halfSize) == 2 * sizeof(float));
    {
        const __m128 acx = _mm_set1_ps(a.center.x), acy = _mm_set1_ps(a.center.y);
        const __m128 ahx = _mm_set1_ps(a.halfSize.x), ahy = _mm_set1_ps(a.halfSize.y);
        const __m128 tol = _mm_set1_ps(kContactTolerance);
        const __m128 abs = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
        const __m128i own = _mm_set1_epi32(static_cast<int>(detail::kOwnBoth));
        const __m128i eav = _mm_set1_epi32(static_cast<int>(ea));
        // The last group may reach past the cell (Partition::kReadPastEnd keeps
        // that readable): its lanes from `end` on are masked out.
        for (; j < end; j += 4) {
            __m128 cx = _mm_loadu_ps(&box[j].center.x);
            __m128 cy = _mm_loadu_ps(&box[j + 1].center.x);
            __m128 hx = _mm_loadu_ps(&box[j + 2].center.x);
            __m128 hy = _mm_loadu_ps(&box[j + 3].center.x);
            _MM_TRANSPOSE4_PS(cx, cy, hx, hy);
            const __m128 inX = _mm_cmple_ps(_mm_and_ps(_mm_sub_ps(acx, cx), abs),
                                            _mm_add_ps(_mm_add_ps(ahx, hx), tol));
            const __m128 inY = _mm_cmple_ps(_mm_and_ps(_mm_sub_ps(acy, cy), abs),
                                            _mm_add_ps(_mm_add_ps(ahy, hy), tol));
            const unsigned lanes = end - j >= 4 ? 0xfu : (1u << (end - j)) - 1u;
            unsigned mask = static_cast<unsigned>(_mm_movemask_ps(_mm_and_ps(inX, inY))) & lanes;
            if (kFilter) {
                const __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(index + j));
                const __m128i both = _mm_cmpeq_epi32(_mm_and_si128(_mm_or_si128(e, eav), own), own);
                const auto f =
                    static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(both))) & lanes;
                tested += kLaneCount[f];
                mask &= f;
            }
            while (mask != 0) {
                addPair(a, ia, degenerateA, j + static_cast<std::uint32_t>(std::countr_zero(mask)),
                        box, index, out);
                mask &= mask - 1;
            }
        }
    }
#endif
    // Without SSE2 (MSVC, ARM) every entry goes through the scalar tests.
    for (; j < end; ++j) {
        if (kFilter) {
            if (((ea | index[j]) & detail::kOwnBoth) != detail::kOwnBoth)
                continue;
            ++tested;
        }
        const Aabb& b = box[j];
        // classifyBoxes()' rejection tests, which are symmetric in a and b.
        const float sx = a.halfSize.x + b.halfSize.x;
        const float adx = std::fabs(a.center.x - b.center.x);
        if (!(adx <= sx + kContactTolerance))
            continue;
        const float sy = a.halfSize.y + b.halfSize.y;
        const float ady = std::fabs(a.center.y - b.center.y);
        if (!(ady <= sy + kContactTolerance))
            continue;
        addPair(a, ia, degenerateA, j, box, index, out);
    }
}

} // namespace

void World::Impl::detectPairs() {
    partition.build();
    rawPairs.clear();
    std::uint64_t tested = 0;
    const std::uint32_t* start = partition.starts();
    const std::uint32_t* index = partition.entryIndex();
    const Aabb* box = partition.entryBox();
    const std::size_t cells = partition.cellCount();
    for (std::size_t c = 0; c < cells; ++c) {
        const std::uint32_t begin = start[c], end = start[c + 1];
        if (end - begin < 2)
            continue;
        // A pair is reported only in the first cell both bodies cover: there each
        // axis is owned by one of the two (see partition.h).
        for (std::uint32_t i = begin; i + 1 < end; ++i) {
            if ((index[i] & detail::kOwnBoth) == detail::kOwnBoth)
                testAgainst<false>(i, end, box, index, rawPairs, tested);
            else
                testAgainst<true>(i, end, box, index, rawPairs, tested);
        }
    }
    stats.pairsTested = tested;
    sortPairs();
    std::uint64_t found = 0;
    for (const Pair& p : pairs)
        found += p.overlapping ? 1 : 0;
    stats.pairsFound = found;
}

/// Puts the pairs in canonical (lower slot, higher slot) order: a counting sort by
/// the lower slot, then an insertion sort that only reorders within a slot's
/// (small) group. Everything downstream (collision records, debug pairs, the
/// solver's input) then sees an order that depends on the bodies alone, not on
/// the grid's cell size or entry order.
void World::Impl::sortPairs() {
    const std::size_t m = rawPairs.size();
    pairs.resize(m);
    if (m == 0)
        return;
    const std::size_t n = hot.size();
    pairStart.assign(n + 1, 0);
    for (const Pair& p : rawPairs)
        ++pairStart[p.a + 1];
    for (std::size_t i = 0; i < n; ++i)
        pairStart[i + 1] += pairStart[i];
    for (const Pair& p : rawPairs)
        pairs[pairStart[p.a]++] = p;
    for (std::size_t k = 1; k < m; ++k) {
        if (pairs[k - 1].a != pairs[k].a || pairs[k - 1].b < pairs[k].b)
            continue;
        const Pair p = pairs[k];
        std::size_t j = k;
        for (; j > 0 && pairs[j - 1].a == p.a && pairs[j - 1].b > p.b; --j)
            pairs[j] = pairs[j - 1];
        pairs[j] = p;
    }
}

void World::Impl::buildRecords() {
    // A new stamp retires every span of the last step at once; when the counter
    // wraps (after 2^32 steps), the old stamps are cleared for real.
    if (++recordStamp == 0) {
        for (RecordSpan& s : recordSpans)
            s.stamp = 0;
        recordStamp = 1;
    }
    if (stats.pairsFound == 0) {
        records.clear();
        return;
    }
    if (recordSpans.size() < hot.size())
        recordSpans.resize(hot.size());
    // Count each body's records; the bodies get their ranges in first-use order.
    recordBodies.clear();
    const std::size_t np = pairs.size();
    for (std::size_t k = 0; k < np; ++k) {
        if (k + detail::kPrefetchAhead < np)
            detail::prefetch(&recordSpans[pairs[k + detail::kPrefetchAhead].b]);
        const Pair& p = pairs[k];
        if (!p.overlapping)
            continue;
        for (const std::uint32_t i : {p.a, p.b}) {
            RecordSpan& s = recordSpans[i];
            if (s.stamp != recordStamp) {
                s.stamp = recordStamp;
                s.count = 0;
                recordBodies.push_back(i);
            }
            ++s.count;
        }
    }
    std::uint32_t at = 0;
    for (const std::uint32_t i : recordBodies) {
        RecordSpan& s = recordSpans[i];
        s.begin = at;
        at += s.count;
        s.count = 0; // the fill below counts again
    }
    records.resize(at); // every record is written below
    for (std::size_t k = 0; k < np; ++k) {
        // The pairs run in lower-slot order: a's data is next to the last
        // pair's, b's anywhere in the arrays.
        if (k + detail::kPrefetchAhead < np) {
            const std::uint32_t ahead = pairs[k + detail::kPrefetchAhead].b;
            detail::prefetch(&hot[ahead]);
            detail::prefetch(&recordSpans[ahead]);
        }
        const Pair& p = pairs[k];
        if (!p.overlapping)
            continue;
        const BodyHot& a = hot[p.a];
        const BodyHot& b = hot[p.b];
        RecordSpan& sa = recordSpans[p.a];
        CollisionRecord& ra = records[sa.begin + sa.count++];
        ra.other = idOf(p.b);
        ra.overlap = p.overlap;
        ra.speed1 = a.speed;
        ra.speed2 = b.speed;
        ra.oldPosition1 = a.oldPosition;
        ra.oldPosition2 = b.oldPosition;
        ra.position1 = a.position;
        ra.position2 = b.position;
        RecordSpan& sb = recordSpans[p.b];
        CollisionRecord& rb = records[sb.begin + sb.count++];
        rb.other = idOf(p.a);
        rb.overlap = -p.overlap;
        rb.speed1 = b.speed;
        rb.speed2 = a.speed;
        rb.oldPosition1 = b.oldPosition;
        rb.oldPosition2 = a.oldPosition;
        rb.position1 = b.position;
        rb.position2 = a.position;
    }
}

void World::Impl::fillDebugCells() {
    debug.cellSize = partition.cellSize();
    debug.gridWidth = partition.width();
    debug.gridHeight = partition.height();
    debug.gridOrigin = partition.origin();
    const auto w = static_cast<std::size_t>(partition.width());
    for (std::size_t c = 0; c < partition.cellCount(); ++c) {
        const std::uint32_t count = partition.cellEntries(c);
        if (count == 0)
            continue;
        PartitionCell pc;
        pc.x = static_cast<int>(c % w);
        pc.y = static_cast<int>(c / w);
        pc.min = partition.origin() + Vec2{static_cast<float>(pc.x) * partition.cellSize(),
                                           static_cast<float>(pc.y) * partition.cellSize()};
        pc.max = pc.min + Vec2{partition.cellSize(), partition.cellSize()};
        pc.count = static_cast<int>(count);
        debug.cells.push_back(pc);
    }
}

void World::Impl::fillDebugPairs() {
    for (const Pair& p : pairs) {
        if (!p.overlapping)
            continue;
        const BodyHot& a = hot[p.a];
        const BodyHot& b = hot[p.b];
        PairDebug d{idOf(p.a), idOf(p.b), p.overlap, {}, 0.0f, {}, pairSolved(p.a, p.b)};
        const Aabb ba = a.aabb();
        const Aabb bb = b.aabb();
        Manifold m;
        if (manifoldOf(p.a, p.b, m)) {
            d.normal = m.normal;
            d.penetration = m.penetration > 0.0f ? m.penetration : 0.0f;
            if (!a.circle() && !b.circle()) {
                // The middle of the boxes' intersection.
                const Vec2 lo{std::max(ba.min().x, bb.min().x), std::max(ba.min().y, bb.min().y)};
                const Vec2 hi{std::min(ba.max().x, bb.max().x), std::min(ba.max().y, bb.max().y)};
                d.point = (lo + hi) * 0.5f;
            } else if (b.circle()) {
                // Halfway into the overlap, measured from the circle's surface.
                d.point = bb.center - m.normal * (b.circleRadius() - d.penetration * 0.5f);
            } else {
                d.point = ba.center + m.normal * (a.circleRadius() - d.penetration * 0.5f);
            }
        } else {
            d.point = (ba.center + bb.center) * 0.5f;
        }
        debug.pairs.push_back(d);
    }
}

} // namespace ts
