#include "tilesmith/physics/collide.h"

#include "collide_impl.h"

#include <algorithm>
#include <cmath>

namespace ts {

bool overlapsSigned(const Aabb& a, const Aabb& b, Vec2& overlap) {
    return detail::classifyBoxes(a, b, overlap, 0.0f) == 2;
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
    return detail::boxManifold(a, b, m, 0.0f);
}

bool collideMovingAabbs(const Aabb& a, const Aabb& b, Vec2 oldCenterA, Vec2 oldCenterB,
                        Manifold& m) {
    return detail::movingBoxManifold(a, b, oldCenterB - oldCenterA, m, 0.0f);
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
    return detail::impulse(va, ima, vb, imb, e, n);
}

void applyCorrection(Vec2& pa, float ima, Vec2& pb, float imb, const Manifold& m, float percent,
                     float slop) {
    detail::correction(pa, ima, pb, imb, m, percent, slop);
}

} // namespace ts
