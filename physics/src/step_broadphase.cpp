// Step phase: broad phase. Each partition cell tests its pairs (a pair only in the
// first cell both bodies cover), then the collision records (snapshots) are built.
#include "world_impl.h"

#include <algorithm>
#include <cmath>

namespace ts {

using detail::kContactTolerance;
using detail::Pair;

inline void World::Impl::testAgainst(std::size_t i, std::size_t j0, std::size_t j1,
                                     std::uint64_t& tested) {
    const std::uint32_t ia = cellIdx[i];
    const Aabb a = cellBox[i];
    const bool degenerateA = a.halfSize.x == 0.0f || a.halfSize.y == 0.0f;
    tested += j1 - j0;
    for (std::size_t j = j0; j < j1; ++j) {
        const Aabb& b = cellBox[j];
        // classifyBoxes()' rejection tests, which are symmetric in a and b.
        const float sx = a.halfSize.x + b.halfSize.x;
        const float adx = std::fabs(a.center.x - b.center.x);
        if (!(adx <= sx + kContactTolerance))
            continue;
        const float sy = a.halfSize.y + b.halfSize.y;
        const float ady = std::fabs(a.center.y - b.center.y);
        if (!(ady <= sy + kContactTolerance))
            continue;
        if (degenerateA || b.halfSize.x == 0.0f || b.halfSize.y == 0.0f)
            continue;
        // Always measured as (lower slot, higher slot): sign(0) = +1 makes the
        // overlap of coincident centres order dependent.
        const std::uint32_t ib = cellIdx[j];
        Vec2 ov;
        if (ia < ib) {
            const int k = detail::classifyBoxes(a, b, ov, kContactTolerance);
            pairs.push_back({ia, ib, ov, k == 2});
        } else {
            const int k = detail::classifyBoxes(b, a, ov, kContactTolerance);
            pairs.push_back({ib, ia, ov, k == 2});
        }
    }
}

void World::Impl::detectPairs() {
    pairs.clear();
    std::uint64_t tested = 0;
    const int gw = partition.width();
    const int gh = partition.height();
    const Aabb* boxes = partition.boxes();
    for (int cy = 0; cy < gh; ++cy) {
        for (int cx = 0; cx < gw; ++cx) {
            const std::vector<std::uint32_t>& cell = partition.cell(cx, cy);
            const std::size_t n = cell.size();
            if (n < 2)
                continue;
            // Copy the cell's boxes into compact arrays, grouped by ownership
            // class: only the first cell both bodies cover reports a pair, and
            // since both cover this cell, it is the first one iff on each axis one
            // of the two ranges starts here. So a body owning both axes here pairs
            // with everyone, one owning only x with those owning only y, and no
            // other combination needs a test.
            std::uint32_t count[4] = {0, 0, 0, 0};
            for (const std::uint32_t e : cell)
                ++count[e >> 30];
            // Order: both (3), x only (1), y only (2), neither (0).
            std::uint32_t at[4];
            at[3] = 0;
            at[1] = count[3];
            at[2] = at[1] + count[1];
            at[0] = at[2] + count[2];
            cellIdx.resize(n);
            cellBox.resize(n);
            for (const std::uint32_t e : cell) {
                const std::uint32_t ib = e & detail::kIndexMask;
                const std::uint32_t k = at[e >> 30]++;
                cellIdx[k] = ib;
                cellBox[k] = boxes[ib];
            }
            const std::size_t nBoth = count[3];
            const std::size_t xEnd = nBoth + count[1];
            const std::size_t yEnd = xEnd + count[2];
            for (std::size_t i = 0; i < nBoth; ++i)
                testAgainst(i, i + 1, n, tested);
            for (std::size_t i = nBoth; i < xEnd; ++i)
                testAgainst(i, xEnd, yEnd, tested);
        }
    }
    stats.pairsTested = tested;
    std::uint64_t found = 0;
    for (const Pair& p : pairs)
        found += p.overlapping ? 1 : 0;
    stats.pairsFound = found;
}

void World::Impl::buildRecords() {
    staleRecords.clear();
    const std::size_t n = hot.size();
    recordStart.assign(n + 1, 0);
    if (stats.pairsFound == 0) {
        records.clear();
        return;
    }
    for (const Pair& p : pairs) {
        if (!p.overlapping)
            continue;
        ++recordStart[p.a + 1];
        ++recordStart[p.b + 1];
    }
    for (std::size_t i = 0; i < n; ++i)
        recordStart[i + 1] += recordStart[i];
    records.resize(static_cast<std::size_t>(stats.pairsFound) * 2);
    recordCursor.assign(recordStart.begin(), recordStart.end() - 1);
    for (const Pair& p : pairs) {
        if (!p.overlapping)
            continue;
        const BodyHot& a = hot[p.a];
        const BodyHot& b = hot[p.b];
        CollisionRecord& ra = records[recordCursor[p.a]++];
        ra.other = idOf(p.b);
        ra.overlap = p.overlap;
        ra.speed1 = a.speed;
        ra.speed2 = b.speed;
        ra.oldPosition1 = a.oldPosition;
        ra.oldPosition2 = b.oldPosition;
        ra.position1 = a.position;
        ra.position2 = b.position;
        CollisionRecord& rb = records[recordCursor[p.b]++];
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
    for (int cy = 0; cy < partition.height(); ++cy) {
        for (int cx = 0; cx < partition.width(); ++cx) {
            const auto& cell = partition.cell(cx, cy);
            if (cell.empty())
                continue;
            PartitionCell pc;
            pc.x = cx;
            pc.y = cy;
            pc.min = partition.origin() + Vec2{static_cast<float>(cx) * partition.cellSize(),
                                               static_cast<float>(cy) * partition.cellSize()};
            pc.max = pc.min + Vec2{partition.cellSize(), partition.cellSize()};
            pc.count = static_cast<int>(cell.size());
            debug.cells.push_back(pc);
        }
    }
}

void World::Impl::fillDebugPairs() {
    for (const Pair& p : pairs) {
        if (!p.overlapping)
            continue;
        const BodyHot& a = hot[p.a];
        const BodyHot& b = hot[p.b];
        PairDebug d{idOf(p.a), idOf(p.b), p.overlap, {}, 0.0f, {}};
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
