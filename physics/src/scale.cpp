// Fitting bodies to the tiles: setScale() grows a body from its feet (the bottom
// centre of its box stays put) and setTile() makes a tile solid; a body that was
// clear and would then overlap solid tiles is pushed out along the shortest free
// direction (one rule for both). A scale no short push frees is refused.
#include "world_impl.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

namespace ts {

namespace {

/// Overlaps smaller than this (px) do not count: the sensors round to whole
/// pixels and snap flush bodies anyway.
constexpr float kFitTolerance = 1.0f / 256.0f;
/// A push-out gives up after this many rounds (each clears the tiles it saw).
constexpr int kMaxFitRounds = 64;

struct Extent {
    bool any = false;
    float left = 0, right = 0, bottom = 0, top = 0; ///< union of the overlapped solid tiles
};

/// The union of the solid tiles (boundary included) that the box [lo, hi]
/// overlaps by more than kFitTolerance. Tile indices are clamped to one tile
/// outside the map, so the scan is bounded by the map size.
Extent solidExtent(const TileMap& map, Vec2 lo, Vec2 hi) {
    Extent e;
    const float ts = map.tileSize();
    const int x0 = std::clamp(map.tileXAtPoint(lo.x + kFitTolerance), -1, map.width());
    const int x1 = std::clamp(map.tileXAtPoint(hi.x - kFitTolerance), -1, map.width());
    const int y0 = std::clamp(map.tileYAtPoint(lo.y + kFitTolerance), -1, map.height());
    const int y1 = std::clamp(map.tileYAtPoint(hi.y - kFitTolerance), -1, map.height());
    for (int ty = y0; ty <= y1; ++ty) {
        for (int tx = x0; tx <= x1; ++tx) {
            if (!map.isSolid(tx, ty))
                continue;
            const Vec2 c = map.tileCenter(tx, ty);
            const float l = c.x - ts * 0.5f, r = c.x + ts * 0.5f;
            const float b = c.y - ts * 0.5f, t = c.y + ts * 0.5f;
            if (!e.any) {
                e = {true, l, r, b, t};
            } else {
                e.left = std::min(e.left, l);
                e.right = std::max(e.right, r);
                e.bottom = std::min(e.bottom, b);
                e.top = std::max(e.top, t);
            }
        }
    }
    return e;
}

/// How far the box must move along `dir` (0 up, 1 left, 2 right, 3 down) to be
/// clear of solid tiles; a negative result when it cannot within `limit` px.
float pushDistance(const TileMap& map, Vec2 lo, Vec2 hi, int dir, float limit) {
    float moved = 0.0f;
    for (int round = 0; round < kMaxFitRounds; ++round) {
        const Extent e = solidExtent(map, lo, hi);
        if (!e.any)
            return moved;
        float step = 0.0f;
        switch (dir) {
        case 0:
            step = e.top - lo.y;
            break;
        case 1:
            step = hi.x - e.left;
            break;
        case 2:
            step = e.right - lo.x;
            break;
        default:
            step = hi.y - e.bottom;
            break;
        }
        if (!(step > 0.0f))
            return -1.0f;
        moved += step;
        if (moved > limit)
            return -1.0f;
        const Vec2 d = dir == 0   ? Vec2{0, step}
                       : dir == 1 ? Vec2{-step, 0}
                       : dir == 2 ? Vec2{step, 0}
                                  : Vec2{0, -step};
        lo += d;
        hi += d;
    }
    return -1.0f;
}

/// The shortest push (ties: up, left, right, down) that frees the box [lo, hi] of
/// solid tiles, moving it at most limit[dir] px in direction dir (0 up, 1 left, 2
/// right, 3 down); nullopt when none does.
std::optional<Vec2> shortestPush(const TileMap& map, Vec2 lo, Vec2 hi,
                                 const std::array<float, 4>& limit) {
    float best = -1.0f;
    int bestDir = -1;
    for (int dir = 0; dir < 4; ++dir) {
        const float dist = pushDistance(map, lo, hi, dir, limit[dir]);
        if (dist >= 0.0f && (bestDir < 0 || dist < best)) {
            best = dist;
            bestDir = dir;
        }
    }
    if (bestDir < 0)
        return std::nullopt;
    return bestDir == 0   ? Vec2{0, best}
           : bestDir == 1 ? Vec2{-best, 0}
           : bestDir == 2 ? Vec2{best, 0}
                          : Vec2{0, -best};
}

bool overlapsSolid(const TileMap& map, const Aabb& box) {
    return solidExtent(map, box.min(), box.max()).any;
}

} // namespace

bool World::Impl::rescale(std::uint32_t i, Vec2 scale) {
    BodyHot& h = hot[i];
    BodyCold& c = cold[i];
    const bool wasClear = !(h.flags & detail::kTiles) || !overlapsSolid(map, h.aabb());
    BodyHot next = h;
    BodyCold nextCold = c;
    nextCold.scale = scale;
    detail::applyScale(next, nextCold);
    // Grow from the feet: keep the bottom centre of the box where it was (exactly:
    // the position moves only by the change of offset, which is 0 when the offset
    // puts the position at the feet, as the level's bodies do).
    next.position.x += h.offset.x - next.offset.x;
    next.position.y += (h.offset.y - h.half.y) - (next.offset.y - next.half.y);
    if (wasClear && (next.flags & detail::kTiles)) {
        const Aabb box = next.aabb();
        if (overlapsSolid(map, box)) {
            // The box was clear before, so the overlap comes from the growth: a push
            // longer than the growth would carry it through a wall, not out of one.
            const float limit =
                std::max(2.0f * (next.half.x - h.half.x), 2.0f * (next.half.y - h.half.y)) +
                kFitTolerance;
            const std::optional<Vec2> d =
                shortestPush(map, box.min(), box.max(), {limit, limit, limit, limit});
            if (!d)
                return false; // no short push frees it (e.g. grown taller than a tunnel)
            next.position += *d;
        }
    }
    if (!(std::fabs(next.position.x) <= kWorldLimit && std::fabs(next.position.y) <= kWorldLimit))
        return false;
    h = next;
    c = nextCold;
    return true;
}

std::vector<std::uint32_t> World::Impl::clearBodiesOver(int tx, int ty) const {
    std::vector<std::uint32_t> out;
    const float ts = map.tileSize();
    const Vec2 c = map.tileCenter(tx, ty);
    const Aabb tile{c, {ts * 0.5f, ts * 0.5f}};
    for (std::uint32_t i = 0; i < hot.size(); ++i) {
        if (!alive[i] || !(hot[i].flags & detail::kTiles))
            continue;
        const Aabb box = hot[i].aabb();
        const Vec2 lo = box.min(), hi = box.max();
        const bool over =
            lo.x + kFitTolerance < tile.max().x && hi.x - kFitTolerance > tile.min().x &&
            lo.y + kFitTolerance < tile.max().y && hi.y - kFitTolerance > tile.min().y;
        if (over && !overlapsSolid(map, box))
            out.push_back(i);
    }
    return out;
}

void World::Impl::pushOutOfTiles(int tx, int ty, const std::vector<std::uint32_t>& bodies) {
    const float ts = map.tileSize();
    const Vec2 c = map.tileCenter(tx, ty);
    const Vec2 tileLo = c - Vec2{ts * 0.5f, ts * 0.5f};
    const Vec2 tileHi = c + Vec2{ts * 0.5f, ts * 0.5f};
    for (const std::uint32_t i : bodies) {
        BodyHot& h = hot[i];
        const Aabb box = h.aabb();
        const Vec2 lo = box.min(), hi = box.max();
        // Just out of the new tile each way: a longer push would go through another.
        const std::array<float, 4> limit{
            tileHi.y - lo.y + kFitTolerance, hi.x - tileLo.x + kFitTolerance,
            tileHi.x - lo.x + kFitTolerance, hi.y - tileLo.y + kFitTolerance};
        const std::optional<Vec2> d = shortestPush(map, lo, hi, limit);
        if (!d)
            continue; // boxed in: the step's tile contacts handle it as before
        const Vec2 to = h.position + *d;
        if (!(std::fabs(to.x) <= kWorldLimit && std::fabs(to.y) <= kWorldLimit))
            continue;
        h.position = to;
        forgetContacts(i); // its resting contacts were where it stood
    }
}

} // namespace ts
