// The collision routines (private), inline: the public functions of collide.h
// and the world's step both call these, so there is one copy of each rule and the
// solver's results are the public functions' results bit for bit
// (test_impulse solverMatchesPublicFunctions).
#pragma once

#include "tilesmith/physics/collide.h"

#include <cmath>

namespace ts::detail {

/// Boxes closer than this (px) still make a solver contact, though they do not
/// overlap in the overlapsSigned sense. Exactly touching boxes lose or gain a
/// float ulp of distance every step; without this a resting stack drops contacts
/// at random and sinks. Smaller than the partition's cell margin (1/64 px), so the
/// grid always offers these pairs.
inline constexpr float kContactTolerance = 1.0f / 128.0f;

/// overlapsSigned() with a tolerance: 0 = apart (more than `tol` between the
/// boxes on an axis, a zero half size, or NaN), 1 = within `tol` only,
/// 2 = overlapping (touching included). `overlap` is written for 1 and 2.
inline int classifyBoxes(const Aabb& a, const Aabb& b, Vec2& overlap, float tol) {
    if (a.halfSize.x == 0.0f || a.halfSize.y == 0.0f || b.halfSize.x == 0.0f ||
        b.halfSize.y == 0.0f)
        return 0;
    const float dx = a.center.x - b.center.x;
    const float sx = a.halfSize.x + b.halfSize.x;
    const float adx = std::fabs(dx);
    if (!(adx <= sx + tol))
        return 0;
    const float dy = a.center.y - b.center.y;
    const float sy = a.halfSize.y + b.halfSize.y;
    const float ady = std::fabs(dy);
    if (!(ady <= sy + tol))
        return 0;
    overlap.x = (dx < 0.0f ? -1.0f : 1.0f) * (sx - adx);
    overlap.y = (dy < 0.0f ? -1.0f : 1.0f) * (sy - ady);
    return adx <= sx && ady <= sy ? 2 : 1;
}

/// collideAabbs() with a tolerance: the penetration may be down to -tol.
inline bool boxManifold(const Aabb& a, const Aabb& b, Manifold& m, float tol) {
    const Vec2 d = b.center - a.center;
    const float ox = a.halfSize.x + b.halfSize.x - std::fabs(d.x);
    if (!(ox >= -tol))
        return false;
    const float oy = a.halfSize.y + b.halfSize.y - std::fabs(d.y);
    if (!(oy >= -tol))
        return false;
    if (ox < oy) {
        m.normal = {d.x < 0.0f ? -1.0f : 1.0f, 0.0f};
        m.penetration = ox;
    } else {
        m.normal = {0.0f, d.y < 0.0f ? -1.0f : 1.0f};
        m.penetration = oy;
    }
    return true;
}

/// boxManifold() for boxes that moved this step, with their centres `oldDelta` =
/// oldB - oldA apart before the move. When they were apart on exactly one axis
/// (and overlapping on the other) they met across that axis, so that is the
/// normal, pointing the way B was from A, however deep the move took them: a box
/// falling into a gap a little narrower than itself lands on its neighbours
/// instead of being squeezed sideways between them (least penetration would say
/// sideways as soon as the fall is deeper than the side overlap). Otherwise (both
/// apart: a diagonal approach; both overlapping: a resting or already overlapping
/// pair) the axis of least penetration, as boxManifold().
inline bool movingBoxManifold(const Aabb& a, const Aabb& b, Vec2 oldDelta, Manifold& m, float tol) {
    const Vec2 d = b.center - a.center;
    const float sx = a.halfSize.x + b.halfSize.x;
    const float sy = a.halfSize.y + b.halfSize.y;
    const float ox = sx - std::fabs(d.x);
    if (!(ox >= -tol))
        return false;
    const float oy = sy - std::fabs(d.y);
    if (!(oy >= -tol))
        return false;
    const bool apartX = !(sx - std::fabs(oldDelta.x) > 0.0f);
    const bool apartY = !(sy - std::fabs(oldDelta.y) > 0.0f);
    if (apartY && !apartX) {
        const float n = oldDelta.y < 0.0f ? -1.0f : 1.0f;
        m.normal = {0.0f, n};
        m.penetration = sy - n * d.y;
    } else if (apartX && !apartY) {
        const float n = oldDelta.x < 0.0f ? -1.0f : 1.0f;
        m.normal = {n, 0.0f};
        m.penetration = sx - n * d.x;
    } else if (ox < oy) {
        m.normal = {d.x < 0.0f ? -1.0f : 1.0f, 0.0f};
        m.penetration = ox;
    } else {
        m.normal = {0.0f, d.y < 0.0f ? -1.0f : 1.0f};
        m.penetration = oy;
    }
    return true;
}

/// applyImpulse(): returns the impulse magnitude j (0 when nothing was applied).
/// `applied` is set to whether va and vb were written (false: both untouched, bit
/// for bit; true: written, which may leave them as they were or change only the
/// sign of a zero when j rounds to 0).
inline float impulse(Vec2& va, float ima, Vec2& vb, float imb, float e, Vec2 n, bool& applied) {
    applied = false;
    const float sum = ima + imb;
    if (!(sum > 0.0f))
        return 0.0f;
    const Vec2 rv = vb - va;
    const float vn = dot(rv, n);
    if (!(vn < 0.0f)) // separating or resting: nothing to do
        return 0.0f;
    applied = true;
    const float j = -(1.0f + e) * vn / sum;
    if (ima > 0.0f)
        va -= n * (ima * j);
    if (imb > 0.0f)
        vb += n * (imb * j);
    return j;
}
inline float impulse(Vec2& va, float ima, Vec2& vb, float imb, float e, Vec2 n) {
    bool applied;
    return impulse(va, ima, vb, imb, e, n, applied);
}

/// applyCorrection().
inline void correction(Vec2& pa, float ima, Vec2& pb, float imb, const Manifold& m, float percent,
                       float slop) {
    const float sum = ima + imb;
    if (!(sum > 0.0f))
        return;
    const float depth = m.penetration - slop;
    if (!(depth > 0.0f))
        return;
    const Vec2 corr = m.normal * (depth / sum * percent);
    if (ima > 0.0f)
        pa -= corr * ima;
    if (imb > 0.0f)
        pb += corr * imb;
}

} // namespace ts::detail
