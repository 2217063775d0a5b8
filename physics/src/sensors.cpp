#include "sensors.h"

#include "compiler.h"
#include "mathutil.h"
#include "world_impl.h"

#include <algorithm>
#include <cmath>

namespace ts::detail {

// Horizontal sensors (ground, ceiling) run from the box's left edge to its right
// edge - 1 px: exactly the pixel columns the box covers (tiles are half-open,
// [x0, x0 + ts)), symmetric on both corners, still ignoring a flush wall. The
// tutorial's 1 px inset at the left end would let a body overlapping a tile's right
// corner by 1 px miss the ground while its wall sensor sees the tile, and sink.
namespace {

TS_ALWAYS_INLINE Vec2 roundV(Vec2 v) {
    return {roundPx(v.x), roundPx(v.y)};
}

float lerpF(float a, float b, float t) {
    return a + (b - a) * t;
}

Vec2 lerp(Vec2 a, Vec2 b, float t) {
    return {lerpF(a.x, b.x, t), lerpF(a.y, b.y, t)};
}

/// A sweep checks at most this many rows / columns. A step moves at most 8 tiles
/// (plus a positional push), so real sweeps are far shorter; the cap only bounds
/// the work for a pathological move (e.g. a tiny tile size far from the map).
constexpr int kMaxSweep = 256;

/// Caps a sweep from `beg` towards `end` to kMaxSweep tiles (keeping `end`, the
/// new position); 64-bit so saturated tile indices cannot overflow.
int capSweep(int beg, int end) {
    const long long span = static_cast<long long>(beg) - static_cast<long long>(end);
    if (span > kMaxSweep)
        return end + kMaxSweep;
    if (span < -kMaxSweep)
        return end - kMaxSweep;
    return beg;
}

/// Tile columns [x0, x1] of a horizontal sensor, clamped to [-1, width]: every
/// column outside the map reads the same boundary tile, so one of them is enough
/// and the scan is bounded by the map size whatever the coordinates.
struct Span {
    int lo, hi;
};
TS_ALWAYS_INLINE Span columns(const TileMap& map, float from, float to) {
    const int a = map.tileXAtPoint(std::min(from, to));
    const int b = map.tileXAtPoint(to);
    return {std::clamp(a, -1, map.width()), std::clamp(b, -1, map.width())};
}
TS_ALWAYS_INLINE Span rows(const TileMap& map, float from, float to) {
    const int a = map.tileYAtPoint(std::min(from, to));
    const int b = map.tileYAtPoint(to);
    return {std::clamp(a, -1, map.height()), std::clamp(b, -1, map.height())};
}

void record(DebugData* dbg, BodyId id, SensorSide side, Vec2 a, Vec2 b, bool hit, bool swept) {
    SensorSegment s;
    s.body = id;
    s.side = side;
    s.a = a;
    s.b = b;
    s.hit = hit;
    s.swept = swept;
    dbg->sensors.push_back(s);
}

} // namespace

SensorHit groundSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half,
                       float oneWayThreshold, float fallDistance, DebugData* dbg, BodyId id) {
    SensorHit r;
    const float ts = map.tileSize();
    const Vec2 oldBL = roundV(oldCenter - half + Vec2{0.0f, -1.0f});
    const Vec2 newBL = roundV(center - half + Vec2{0.0f, -1.0f});
    const float oldR = roundPx(oldCenter.x + half.x - 1.0f);
    const float newR = roundPx(center.x + half.x - 1.0f);
    const int endY = map.tileYAtPoint(newBL.y);
    const int begY = capSweep(std::max(map.tileYAtPoint(oldBL.y), endY), endY);
    const int dist = std::max(begY - endY, 1);
    const float allowance = oneWayThreshold + fallDistance;
    for (int ty = begY; ty >= endY; --ty) {
        const float t = static_cast<float>(ty - endY) / static_cast<float>(dist);
        const Vec2 bl = lerp(newBL, oldBL, t);
        const float rightX = lerpF(newR, oldR, t);
        const float groundY = static_cast<float>(ty) * ts + ts * 0.5f + map.position().y;
        bool oneWay = false;
        bool solid = false;
        const Span cols = columns(map, bl.x, rightX);
        for (int tx = cols.lo; tx <= cols.hi; ++tx) {
            const Tile t = map.at(tx, ty);
            if (t == Tile::Solid) {
                solid = true;
                break;
            }
            if (t == Tile::OneWay && std::fabs(bl.y - groundY) <= allowance)
                oneWay = true;
        }
        if (dbg)
            record(dbg, id, SensorSide::Ground, bl, {rightX, bl.y}, solid || oneWay, ty != endY);
        if (solid || oneWay) {
            r.hit = true;
            r.coord = groundY;
            r.oneWay = !solid;
            return r;
        }
    }
    return r;
}

SensorHit ceilingSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half, DebugData* dbg,
                        BodyId id) {
    SensorHit r;
    const float ts = map.tileSize();
    const Vec2 oldTR = roundV(oldCenter + half + Vec2{-1.0f, 1.0f});
    const Vec2 newTR = roundV(center + half + Vec2{-1.0f, 1.0f});
    const float oldL = roundPx(oldCenter.x - half.x);
    const float newL = roundPx(center.x - half.x);
    const int endY = map.tileYAtPoint(newTR.y);
    const int begY = capSweep(std::min(map.tileYAtPoint(oldTR.y), endY), endY);
    const int dist = std::max(endY - begY, 1);
    for (int ty = begY; ty <= endY; ++ty) {
        const float t = static_cast<float>(endY - ty) / static_cast<float>(dist);
        const Vec2 tr = lerp(newTR, oldTR, t);
        const float leftX = lerpF(newL, oldL, t);
        bool solid = false;
        const Span cols = columns(map, leftX, tr.x);
        for (int tx = cols.lo; tx <= cols.hi && !solid; ++tx)
            solid = map.at(tx, ty) == Tile::Solid;
        if (dbg)
            record(dbg, id, SensorSide::Ceiling, {leftX, tr.y}, tr, solid, ty != endY);
        if (solid) {
            r.hit = true;
            r.coord = static_cast<float>(ty) * ts - ts * 0.5f + map.position().y;
            return r;
        }
    }
    return r;
}

SensorHit leftSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half, DebugData* dbg,
                     BodyId id) {
    SensorHit r;
    const float ts = map.tileSize();
    const Vec2 oldBL = roundV(oldCenter - half - Vec2{1.0f, 0.0f});
    const Vec2 newBL = roundV(center - half - Vec2{1.0f, 0.0f});
    const float oldT = roundPx(oldCenter.y + half.y - 1.0f);
    const float newT = roundPx(center.y + half.y - 1.0f);
    const int endX = map.tileXAtPoint(newBL.x);
    const int begX = capSweep(std::max(map.tileXAtPoint(oldBL.x), endX), endX);
    const int dist = std::max(begX - endX, 1);
    for (int tx = begX; tx >= endX; --tx) {
        const float t = static_cast<float>(tx - endX) / static_cast<float>(dist);
        const Vec2 bl = lerp(newBL, oldBL, t);
        const float topY = lerpF(newT, oldT, t);
        bool solid = false;
        const Span rs = rows(map, bl.y, topY);
        for (int ty = rs.lo; ty <= rs.hi && !solid; ++ty)
            solid = map.at(tx, ty) == Tile::Solid;
        if (dbg)
            record(dbg, id, SensorSide::Left, bl, {bl.x, topY}, solid, tx != endX);
        if (solid) {
            r.hit = true;
            r.coord = static_cast<float>(tx) * ts + ts * 0.5f + map.position().x;
            return r;
        }
    }
    return r;
}

SensorHit rightSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half, DebugData* dbg,
                      BodyId id) {
    SensorHit r;
    const float ts = map.tileSize();
    const Vec2 oldBR = roundV(oldCenter + Vec2{half.x, -half.y} + Vec2{1.0f, 0.0f});
    const Vec2 newBR = roundV(center + Vec2{half.x, -half.y} + Vec2{1.0f, 0.0f});
    const float oldT = roundPx(oldCenter.y + half.y - 1.0f);
    const float newT = roundPx(center.y + half.y - 1.0f);
    const int endX = map.tileXAtPoint(newBR.x);
    const int begX = capSweep(std::min(map.tileXAtPoint(oldBR.x), endX), endX);
    const int dist = std::max(endX - begX, 1);
    for (int tx = begX; tx <= endX; ++tx) {
        const float t = static_cast<float>(endX - tx) / static_cast<float>(dist);
        const Vec2 br = lerp(newBR, oldBR, t);
        const float topY = lerpF(newT, oldT, t);
        bool solid = false;
        const Span rs = rows(map, br.y, topY);
        for (int ty = rs.lo; ty <= rs.hi && !solid; ++ty)
            solid = map.at(tx, ty) == Tile::Solid;
        if (dbg)
            record(dbg, id, SensorSide::Right, br, {br.x, topY}, solid, tx != endX);
        if (solid) {
            r.hit = true;
            r.coord = static_cast<float>(tx) * ts - ts * 0.5f + map.position().x;
            return r;
        }
    }
    return r;
}

void resolveTiles(BodyHot& b, const TileMap& map, float oneWayThreshold, DebugData* dbg,
                  BodyId id) {
    const Vec2 half = b.half;
    const Vec2 off = b.offset;
    const Vec2 oldCenter = b.oldPosition + off;
    std::uint8_t c =
        b.contacts & ~(PushesLeftWall | PushesRightWall | OnGround | AtCeiling | OnOneWayPlatform);

    // Left wall.
    SensorHit h;
    if (b.speed.x <= 0.0f &&
        (h = leftSensor(map, oldCenter, b.position + off, half, dbg, id)).hit) {
        // The old edge counts as outside when it is, or rounds to, at or right of the
        // wall: the ground sensor spans the rounded columns, so it cannot see a wall
        // column the box overlaps by less than half a pixel, and without the push a
        // falling box would slide down inside the wall.
        const float oldLeft = oldCenter.x - half.x;
        if (oldLeft >= h.coord || roundPx(oldLeft) >= h.coord) {
            b.position.x = h.coord + half.x - off.x;
            c |= PushesLeftWall;
        }
        b.speed.x = std::max(b.speed.x, 0.0f);
    }
    // Right wall (mirrored).
    if (b.speed.x >= 0.0f &&
        (h = rightSensor(map, oldCenter, b.position + off, half, dbg, id)).hit) {
        const float oldRight = oldCenter.x + half.x;
        if (oldRight <= h.coord || roundPx(oldRight) <= h.coord) {
            b.position.x = h.coord - half.x - off.x;
            c |= PushesRightWall;
        }
        b.speed.x = std::min(b.speed.x, 0.0f);
    }
    // Ground.
    float groundY = 0.0f;
    if (b.speed.y <= 0.0f &&
        (h = groundSensor(map, oldCenter, b.position + off, half, oneWayThreshold,
                          b.oldPosition.y - b.position.y, dbg, id))
            .hit) {
        b.position.y = h.coord + half.y - off.y;
        b.speed.y = 0.0f;
        groundY = h.coord;
        c |= OnGround;
        if (h.oneWay)
            c |= OnOneWayPlatform;
    }
    // Ceiling.
    if (b.speed.y >= 0.0f &&
        (h = ceilingSensor(map, oldCenter, b.position + off, half, dbg, id)).hit) {
        // One pixel under the ceiling (the tutorial's rule), but never below the
        // ground this same pass snapped to when the body fits between the two: a
        // body exactly as tall as the gap (say, just grown to it) stays on the
        // floor. A body that does not fit (embedded) keeps the tutorial's rule.
        const float y = h.coord - half.y - off.y - 1.0f;
        const bool fits = (c & OnGround) && h.coord - groundY >= half.y * 2.0f;
        b.position.y = fits ? std::max(y, b.position.y) : y;
        b.speed.y = 0.0f;
        c |= AtCeiling;
    }
    b.contacts = c;
}

} // namespace ts::detail
