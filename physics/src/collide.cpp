#include "tilesmith/physics/collide.h"

#include <algorithm>
#include <cmath>

namespace ts {

bool overlapsSigned(const Aabb& a, const Aabb& b, Vec2& overlap) {
    if (a.halfSize.x == 0.0f || a.halfSize.y == 0.0f || b.halfSize.x == 0.0f ||
        b.halfSize.y == 0.0f)
        return false;
    const float dx = a.center.x - b.center.x;
    const float dy = a.center.y - b.center.y;
    const float sx = a.halfSize.x + b.halfSize.x;
    const float sy = a.halfSize.y + b.halfSize.y;
    const float adx = std::fabs(dx);
    const float ady = std::fabs(dy);
    if (!(adx <= sx) || !(ady <= sy)) // also rejects NaN
        return false;
    overlap.x = (dx < 0.0f ? -1.0f : 1.0f) * (sx - adx);
    overlap.y = (dy < 0.0f ? -1.0f : 1.0f) * (sy - ady);
    return true;
}

bool collideCircles(Vec2 ca, float ra, Vec2 cb, float rb, Manifold& m) {
    const Vec2 d = cb - ca;
    const float r = ra + rb;
    const float d2 = lengthSquared(d);
    if (!(d2 <= r * r))
        return false;
    const float dist = std::sqrt(d2);
    if (dist == 0.0f) {
        m.normal = {1.0f, 0.0f};
        m.penetration = ra;
        return true;
    }
    m.normal = d / dist;
    m.penetration = r - dist;
    return true;
}

bool collideAabbs(const Aabb& a, const Aabb& b, Manifold& m) {
    const Vec2 d = b.center - a.center;
    const float ox = a.halfSize.x + b.halfSize.x - std::fabs(d.x);
    if (!(ox >= 0.0f))
        return false;
    const float oy = a.halfSize.y + b.halfSize.y - std::fabs(d.y);
    if (!(oy >= 0.0f))
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

bool collideAabbCircle(const Aabb& a, Vec2 center, float radius, Manifold& m) {
    const Vec2 d = center - a.center;
    const Vec2 h = a.halfSize;
    Vec2 closest{std::clamp(d.x, -h.x, h.x), std::clamp(d.y, -h.y, h.y)};
    const bool inside = closest == d;
    if (inside) {
        // Push the closest point onto the nearest face.
        if (h.x - std::fabs(d.x) < h.y - std::fabs(d.y))
            closest.x = d.x < 0.0f ? -h.x : h.x;
        else
            closest.y = d.y < 0.0f ? -h.y : h.y;
    }
    const Vec2 n = d - closest; // from the closest point to the centre
    const float dist2 = lengthSquared(n);
    if (!inside && !(dist2 <= radius * radius))
        return false;
    const float dist = std::sqrt(dist2);
    if (dist == 0.0f) {
        // Centre exactly on a face: the face normal is the only sensible answer.
        if (inside || std::fabs(closest.x) == h.x)
            m.normal = std::fabs(closest.x) == h.x ? Vec2{closest.x < 0 ? -1.0f : 1.0f, 0.0f}
                                                   : Vec2{0.0f, closest.y < 0 ? -1.0f : 1.0f};
        else
            m.normal = {0.0f, closest.y < 0 ? -1.0f : 1.0f};
        m.penetration = radius;
        return true;
    }
    if (inside) {
        m.normal = -(n / dist);
        m.penetration = radius + dist;
    } else {
        m.normal = n / dist;
        m.penetration = radius - dist;
    }
    return true;
}

float applyImpulse(Vec2& va, float ima, Vec2& vb, float imb, float e, Vec2 n) {
    const float sum = ima + imb;
    if (!(sum > 0.0f))
        return 0.0f;
    const Vec2 rv = vb - va;
    const float vn = dot(rv, n);
    if (!(vn < 0.0f)) // separating or resting: nothing to do
        return 0.0f;
    const float j = -(1.0f + e) * vn / sum;
    if (ima > 0.0f)
        va -= n * (ima * j);
    if (imb > 0.0f)
        vb += n * (imb * j);
    return j;
}

void applyCorrection(Vec2& pa, float ima, Vec2& pb, float imb, const Manifold& m, float percent,
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

} // namespace ts
