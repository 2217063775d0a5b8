// Small 2D vector used throughout the physics library. Pixels, y pointing up.
#pragma once

#include <cmath>

namespace ts {

struct Vec2 {
    float x = 0.0f;
    float y = 0.0f;

    constexpr Vec2() = default;
    constexpr Vec2(float x_, float y_) : x(x_), y(y_) {}

    constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
    constexpr Vec2 operator-(Vec2 o) const { return {x - o.x, y - o.y}; }
    constexpr Vec2 operator-() const { return {-x, -y}; }
    constexpr Vec2 operator*(float s) const { return {x * s, y * s}; }
    constexpr Vec2 operator/(float s) const { return {x / s, y / s}; }
    constexpr Vec2& operator+=(Vec2 o) {
        x += o.x;
        y += o.y;
        return *this;
    }
    constexpr Vec2& operator-=(Vec2 o) {
        x -= o.x;
        y -= o.y;
        return *this;
    }
    constexpr Vec2& operator*=(float s) {
        x *= s;
        y *= s;
        return *this;
    }
    constexpr bool operator==(const Vec2&) const = default;
};

constexpr Vec2 operator*(float s, Vec2 v) {
    return {v.x * s, v.y * s};
}
constexpr float dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}
constexpr float lengthSquared(Vec2 v) {
    return dot(v, v);
}
inline float length(Vec2 v) {
    return std::sqrt(lengthSquared(v));
}

/// Axis-aligned box as centre and half size (the tutorials' representation).
struct Aabb {
    Vec2 center{};
    Vec2 halfSize{};

    constexpr Vec2 min() const { return center - halfSize; }
    constexpr Vec2 max() const { return center + halfSize; }
};

} // namespace ts
