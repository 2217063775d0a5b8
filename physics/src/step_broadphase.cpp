// Step phase: broad phase. The grid (partition.h), filled during the move, is
// built; each cell tests its pairs (a pair only in the first cell both bodies
// cover; the rejection tests run four entries at a time where SSE2 is there);
// the pairs are sorted into (lower slot, higher slot) order; then each overlapping
// pair's bodies are snapshot, from which collisions() builds the collision records
// when first asked after the step.
#include "mathutil.h"
#include "world_impl.h"

#include <algorithm>
#include <bit>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ts {

using detail::kContactTolerance;
using detail::Pair;

namespace {

/// The partition's entries: slot index with ownership bits, and the boxes by
/// component (a box with a zero half size has a NaN centre x: it never passes).
struct Entries {
    const std::uint32_t* index;
    const float* cx;
    const float* cy;
    const float* hx;
    const float* hy;

    Aabb box(std::uint32_t j) const { return {{cx[j], cy[j]}, {hx[j], hy[j]}}; }
};

/// Entry j passed the rejection tests against entry i: the pair, measured as
/// (lower slot, higher slot) (sign(0) = +1 makes the overlap of coincident
/// centres order dependent). Neither box has a zero half size: such a box's NaN
/// centre fails the rejection tests.
inline void addPair(const Entries& e, std::uint32_t i, std::uint32_t j, std::vector<Pair>& out) {
    const Aabb a = e.box(i);
    const Aabb b = e.box(j);
    const std::uint32_t ia = e.index[i] & detail::kIndexMask;
    const std::uint32_t ib = e.index[j] & detail::kIndexMask;
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
inline void testAgainst(std::uint32_t i, std::uint32_t end, const Entries& e,
                        std::vector<Pair>& out, std::uint64_t& tested) {
    const std::uint32_t ea = e.index[i];
    if (!kFilter)
        tested += end - i - 1;
    std::uint32_t j = i + 1;
#if defined(__SSE2__)
    // Four entries at a time: the same float operations as the scalar tests
    // below, lane by lane (IEEE add, subtract and compare; clearing the sign bit
    // is fabs), so exactly the same entries pass, in the same order, and one
    // branch per four entries replaces the scalar loop's hard-to-predict ones.
    {
        const __m128 acx = _mm_set1_ps(e.cx[i]), acy = _mm_set1_ps(e.cy[i]);
        const __m128 ahx = _mm_set1_ps(e.hx[i]), ahy = _mm_set1_ps(e.hy[i]);
        const __m128 tol = _mm_set1_ps(kContactTolerance);
        const __m128 abs = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
        const __m128i own = _mm_set1_epi32(static_cast<int>(detail::kOwnBoth));
        const __m128i eav = _mm_set1_epi32(static_cast<int>(ea));
        // The last group may reach past the cell (Partition::kReadPastEnd keeps
        // that readable): its lanes from `end` on are masked out.
        for (; j < end; j += 4) {
            const __m128 inX =
                _mm_cmple_ps(_mm_and_ps(_mm_sub_ps(acx, _mm_loadu_ps(e.cx + j)), abs),
                             _mm_add_ps(_mm_add_ps(ahx, _mm_loadu_ps(e.hx + j)), tol));
            const __m128 inY =
                _mm_cmple_ps(_mm_and_ps(_mm_sub_ps(acy, _mm_loadu_ps(e.cy + j)), abs),
                             _mm_add_ps(_mm_add_ps(ahy, _mm_loadu_ps(e.hy + j)), tol));
            const unsigned lanes = end - j >= 4 ? 0xfu : (1u << (end - j)) - 1u;
            unsigned mask = static_cast<unsigned>(_mm_movemask_ps(_mm_and_ps(inX, inY))) & lanes;
            if (kFilter) {
                const __m128i ej = _mm_loadu_si128(reinterpret_cast<const __m128i*>(e.index + j));
                const __m128i both =
                    _mm_cmpeq_epi32(_mm_and_si128(_mm_or_si128(ej, eav), own), own);
                const auto f =
                    static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(both))) & lanes;
                tested += kLaneCount[f];
                mask &= f;
            }
            while (mask != 0) {
                addPair(e, i, j + static_cast<std::uint32_t>(std::countr_zero(mask)), out);
                mask &= mask - 1;
            }
        }
    }
#endif
    // Without SSE2 (MSVC, ARM) every entry goes through the scalar tests.
    const float acx = e.cx[i], acy = e.cy[i], ahx = e.hx[i], ahy = e.hy[i];
    for (; j < end; ++j) {
        if (kFilter) {
            if (((ea | e.index[j]) & detail::kOwnBoth) != detail::kOwnBoth)
                continue;
            ++tested;
        }
        // classifyBoxes()' rejection tests, which are symmetric in a and b.
        const float sx = ahx + e.hx[j];
        const float adx = std::fabs(acx - e.cx[j]);
        if (!(adx <= sx + kContactTolerance))
            continue;
        const float sy = ahy + e.hy[j];
        const float ady = std::fabs(acy - e.cy[j]);
        if (!(ady <= sy + kContactTolerance))
            continue;
        addPair(e, i, j, out);
    }
}

} // namespace

void World::Impl::detectPairs() {
    partition.build();
    rawPairs.clear();
    std::uint64_t tested = 0;
    const std::uint32_t* start = partition.starts();
    const std::uint32_t* index = partition.entryIndex();
    const Entries e{index, partition.entryCenterX(), partition.entryCenterY(),
                    partition.entryHalfX(), partition.entryHalfY()};
    const std::size_t cells = partition.cellCount();
    for (std::size_t c = 0; c < cells; ++c) {
        const std::uint32_t begin = start[c], end = start[c + 1];
        if (end - begin < 2)
            continue;
        // A pair is reported only in the first cell both bodies cover: there each
        // axis is owned by one of the two (see partition.h).
        for (std::uint32_t i = begin; i + 1 < end; ++i) {
            if ((index[i] & detail::kOwnBoth) == detail::kOwnBoth)
                testAgainst<false>(i, end, e, rawPairs, tested);
            else
                testAgainst<true>(i, end, e, rawPairs, tested);
        }
    }
    stats.pairsTested = tested;
    sortPairs();
    std::uint64_t found = 0;
    for (const Pair& p : pairs)
        found += p.overlapping ? 1 : 0;
    stats.pairsFound = found;
}

/// Puts the pairs in canonical (lower slot, higher slot) order: a stable sort by
/// the lower slot, then an insertion sort that only reorders within a slot's
/// (small) group. Everything downstream (collision records, debug pairs, the
/// solver's input) then sees an order that depends on the bodies alone, not on
/// the grid's cell size or entry order.
///
/// The stable sort is a counting sort over the slots when pairs are many, and a
/// radix sort of the lower slot's bits (at most 11 per pass) when they are few
/// against the slots (a gas), where a pass over every slot would be most of the
/// cost. Both are stable sorts by the same key of the same sequence, so they give
/// the same order.
void World::Impl::sortPairs() {
    const std::size_t m = rawPairs.size();
    pairs.resize(m);
    if (m == 0)
        return;
    const std::size_t n = hot.size();
    const int bits = std::bit_width(n - 1);
    constexpr int kMaxDigitBits = 11;
    const int passes = (bits + kMaxDigitBits - 1) / kMaxDigitBits;
    if (passes > 0 && m * 4 * static_cast<std::size_t>(passes) < n) {
        const int digitBits = (bits + passes - 1) / passes;
        const std::uint32_t digitMask = (1u << digitBits) - 1u;
        std::uint32_t count[(1u << kMaxDigitBits) + 1];
        std::vector<Pair>* src = &rawPairs;
        std::vector<Pair>* dst = &pairs;
        for (int pass = 0; pass < passes; ++pass) {
            const int shift = pass * digitBits;
            std::fill(count, count + digitMask + 2, 0u);
            for (const Pair& p : *src)
                ++count[((p.a >> shift) & digitMask) + 1];
            for (std::uint32_t d = 0; d <= digitMask; ++d)
                count[d + 1] += count[d];
            Pair* out = dst->data();
            for (const Pair& p : *src)
                out[count[(p.a >> shift) & digitMask]++] = p;
            std::swap(src, dst);
        }
        if (src != &pairs) // an even number of passes ended in rawPairs
            pairs.swap(rawPairs);
    } else {
        pairStart.assign(n + 1, 0);
        for (const Pair& p : rawPairs)
            ++pairStart[p.a + 1];
        for (std::size_t i = 0; i < n; ++i)
            pairStart[i + 1] += pairStart[i];
        for (const Pair& p : rawPairs)
            pairs[pairStart[p.a]++] = p;
    }
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

void World::Impl::snapPairs() {
    recordsFresh = false;
    pairSnaps.resize(stats.pairsFound); // every element is written below
    const std::size_t np = pairs.size();
    std::size_t n = 0;
    for (std::size_t k = 0; k < np; ++k) {
        // The pairs run in lower-slot order: a's data is next to the last
        // pair's, b's anywhere in the arrays.
        if (k + detail::kPrefetchAhead < np)
            detail::prefetch(&hot[pairs[k + detail::kPrefetchAhead].b]);
        const Pair& p = pairs[k];
        if (!p.overlapping)
            continue;
        const BodyHot& a = hot[p.a];
        const BodyHot& b = hot[p.b];
        pairSnaps[n++] = {a.position, a.speed,       a.oldPosition,    b.position,
                          b.speed,    b.oldPosition, generations[p.a], generations[p.b]};
    }
}

void World::Impl::buildRecords() const {
    // A new stamp retires every span of the last build at once; when the counter
    // wraps (after 2^32 builds), the old stamps are cleared for real.
    if (++recordStamp == 0) {
        for (RecordSpan& s : recordSpans)
            s.stamp = 0;
        recordStamp = 1;
    }
    if (pairSnaps.empty()) {
        records.clear();
        return;
    }
    if (recordSpans.size() < hot.size())
        recordSpans.resize(hot.size());
    // Count each body's records; the bodies get their ranges in first-use order.
    recordBodies.clear();
    for (const Pair& p : pairs) {
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
    std::size_t n = 0;
    for (const Pair& p : pairs) {
        if (!p.overlapping)
            continue;
        const PairSnap& snap = pairSnaps[n++];
        RecordSpan& sa = recordSpans[p.a];
        CollisionRecord& ra = records[sa.begin + sa.count++];
        ra.other = {p.b, snap.generationB};
        ra.overlap = p.overlap;
        ra.speed1 = snap.speedA;
        ra.speed2 = snap.speedB;
        ra.oldPosition1 = snap.oldPositionA;
        ra.oldPosition2 = snap.oldPositionB;
        ra.position1 = snap.positionA;
        ra.position2 = snap.positionB;
        RecordSpan& sb = recordSpans[p.b];
        CollisionRecord& rb = records[sb.begin + sb.count++];
        rb.other = {p.a, snap.generationA};
        rb.overlap = -p.overlap;
        rb.speed1 = snap.speedB;
        rb.speed2 = snap.speedA;
        rb.oldPosition1 = snap.oldPositionB;
        rb.oldPosition2 = snap.oldPositionA;
        rb.position1 = snap.positionB;
        rb.position2 = snap.positionA;
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
