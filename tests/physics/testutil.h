// Helpers shared by the physics tests.
#pragma once

#include <tilesmith/physics/physics.h>

#include <cmath>
#include <cstdint>
#include <optional>

namespace tstest {

/// 16 px tiles with the map's bottom-left corner at (0, 0): tile x covers [16x, 16x + 16).
inline ts::TileMap makeMap(int w, int h) {
    return ts::TileMap(w, h, 16.0f, {8.0f, 8.0f});
}

inline void fillRow(ts::TileMap& m, int y, ts::Tile t, int x0 = 0, int x1 = -1) {
    if (x1 < 0)
        x1 = m.width() - 1;
    for (int x = x0; x <= x1; ++x)
        m.set(x, y, t);
}

inline void fillColumn(ts::TileMap& m, int x, ts::Tile t, int y0 = 0, int y1 = -1) {
    if (y1 < 0)
        y1 = m.height() - 1;
    for (int y = y0; y <= y1; ++y)
        m.set(x, y, t);
}

inline ts::WorldSettings noGravity() {
    ts::WorldSettings s;
    s.gravity = 0.0f;
    return s;
}

inline ts::BodyDef box(ts::Vec2 p, ts::Vec2 v = {}, ts::Vec2 half = {8.0f, 8.0f}) {
    ts::BodyDef d;
    d.position = p;
    d.velocity = v;
    d.halfSize = half;
    return d;
}

/// Deepest overlap of a box with any solid tile (0 when clear).
inline float solidPenetration(const ts::TileMap& m, const ts::Aabb& b) {
    const ts::Vec2 lo = b.min();
    const ts::Vec2 hi = b.max();
    float worst = 0.0f;
    for (int y = m.tileYAtPoint(lo.y); y <= m.tileYAtPoint(hi.y); ++y) {
        for (int x = m.tileXAtPoint(lo.x); x <= m.tileXAtPoint(hi.x); ++x) {
            if (!m.isSolid(x, y))
                continue;
            const ts::Vec2 c = m.tileCenter(x, y);
            const float h = m.tileSize() * 0.5f;
            const float ox = std::min(hi.x, c.x + h) - std::max(lo.x, c.x - h);
            const float oy = std::min(hi.y, c.y + h) - std::max(lo.y, c.y - h);
            if (ox > 0 && oy > 0)
                worst = std::max(worst, std::min(ox, oy));
        }
    }
    return worst;
}

/// One body's state read through World's by-handle accessors, for tests that
/// check several fields at once. nullopt for a stale handle.
struct BodyView {
    ts::Vec2 position, oldPosition, speed, scale;
    ts::Aabb aabb;
    std::uint8_t contacts = 0;
    ts::CharacterState state = ts::CharacterState::Stand;
    int facing = 1;
    ts::Shape shape = ts::Shape::Aabb;
    float radius = 0;
    bool has(ts::ContactFlag f) const { return (contacts & f) != 0; }
};

inline std::optional<BodyView> view(const ts::World& w, ts::BodyId id) {
    if (!w.isValid(id))
        return std::nullopt;
    BodyView v;
    v.position = w.position(id);
    v.oldPosition = w.oldPosition(id);
    v.speed = w.velocity(id);
    v.scale = w.scale(id);
    v.aabb = w.aabb(id);
    v.contacts = w.contacts(id);
    v.state = w.state(id);
    v.facing = w.facing(id);
    v.shape = w.shape(id);
    v.radius = w.radius(id);
    return v;
}

inline bool finite(ts::Vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

/// Runs `steps` steps of `w`, calling `inputs(w, stepNo)` before each, and
/// returns the state hash (the recorded cases: hashcase.h, crowdcase.h).
template <typename Inputs> std::uint64_t runCase(ts::World w, Inputs inputs, int steps) {
    for (int i = 0; i < steps; ++i) {
        inputs(w, w.stepCount());
        w.step();
    }
    return w.stateHash();
}

/// Small deterministic generator (tests must not depend on the platform's rand()).
struct Rng {
    std::uint64_t s;
    explicit Rng(std::uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    std::uint32_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return static_cast<std::uint32_t>(s >> 32);
    }
    float uniform(float lo, float hi) {
        return lo + (hi - lo) * static_cast<float>(next() >> 8) / 16777216.0f;
    }
    int range(int lo, int hi) { return lo + static_cast<int>(next() % std::uint32_t(hi - lo + 1)); }
};

} // namespace tstest
