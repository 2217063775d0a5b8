// The recorded determinism case: a mixed scene (boxes, circles, characters,
// patrol NPCs, static bodies, one-way platform, wall) driven by seeded inputs,
// with a body removed and one added now and then, and solid tiles set over bodies.
// Shared by test_world.cpp (the recorded-constant test), test_crosscompiler.cpp
// and hash_case_main.cpp (the same case built by a second compiler). No Qt.
#pragma once

#include "testutil.h"

#include <cstdint>
#include <vector>

namespace tstest {

inline ts::World hashCaseWorld() {
    using namespace ts;
    TileMap m = makeMap(64, 32);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 6, Tile::OneWay, 10, 30);
    fillColumn(m, 40, Tile::Solid, 1, 4);
    World w(m);
    Rng r(11);
    for (int i = 0; i < 40; ++i) {
        // One call per statement: the order of a call's arguments is unspecified
        // (g++ evaluates them right to left, clang++ left to right), and this is
        // the order the recorded constant was made with.
        const Vec2 velocity{r.uniform(-200, 200), r.uniform(-200, 200)};
        const Vec2 position{r.uniform(20, 1000), r.uniform(20, 480)};
        BodyDef d = box(position, velocity);
        d.shape = i % 3 == 0 ? Shape::Circle : Shape::Aabb;
        d.control =
            i % 5 == 0 ? Control::Character : (i % 7 == 0 ? Control::Patrol : Control::None);
        d.restitution = r.uniform(0, 1);
        d.mass = i % 11 == 0 ? 0.0f : r.uniform(0.5f, 3.0f);
        d.gravity = d.mass != 0.0f;
        w.add(d);
    }
    return w;
}

/// Inputs of every body before step `stepNo` (changing every 20 steps); every
/// 1000 steps (from step 500) one body is removed and a new one added, which
/// takes its slot, so removal and slot reuse are part of the recorded motion;
/// every 1000 steps (from step 750) a solid tile is set at a body's centre (the
/// push-out of World::setTile), and stays.
inline void hashCaseInputs(ts::World& w, std::uint64_t stepNo) {
    if (stepNo % 1000 == 500) {
        const std::vector<ts::BodyId> ids = w.bodies();
        w.remove(ids[(stepNo / 1000) % ids.size()]);
        w.add(box({500.0f, 300.0f}, {40.0f, 0.0f}));
    }
    if (stepNo % 1000 == 750) {
        const std::vector<ts::BodyId> ids = w.bodies();
        const ts::TileCoord t =
            w.map().tileAtPoint(w.position(ids[(stepNo / 1000 * 7) % ids.size()]));
        w.setTile(t.x, t.y, ts::Tile::Solid);
    }
    Rng r(stepNo / 20 + 1);
    for (ts::BodyId id : w.bodies()) {
        ts::Input in;
        in.left = r.range(0, 2) == 0;
        in.right = r.range(0, 1) == 0;
        in.jump = r.range(0, 4) == 0;
        in.down = r.range(0, 6) == 0;
        w.setInput(id, in);
    }
}

/// Steps of the recorded case.
inline constexpr int kHashCaseSteps = 10001;

/// The state hash after running the case for `steps` steps.
inline std::uint64_t runHashCase(int steps = kHashCaseSteps) {
    return runCase(hashCaseWorld(), hashCaseInputs, steps);
}

} // namespace tstest
