// A pushing crowd: characters walking into each other and into boxes on two
// floors, with some jumping, so the solve runs all its velocity passes over
// hundreds of contacts every step (what makes the solver group its contacts,
// step_solve.cpp). Every 25 steps one body is teleported and every 40 one is
// removed and another added, so contacts are dropped between steps too.
// test_solver.cpp checks its state hash against the one recorded before the
// grouped passes existed. No Qt.
#pragma once

#include "testutil.h"

#include <cstdint>
#include <vector>

namespace tstest {

inline ts::World crowdCaseWorld() {
    using namespace ts;
    TileMap m = makeMap(160, 24);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 10, Tile::Solid, 20, 140);
    fillColumn(m, 0, Tile::Solid);
    fillColumn(m, 159, Tile::Solid);
    World w(m);
    Rng r(29);
    for (int floor = 0; floor < 2; ++floor) {
        const float y = floor == 0 ? 24.0f : 184.0f;
        const float x0 = floor == 0 ? 24.0f : 340.0f;
        const int count = floor == 0 ? 150 : 110;
        for (int i = 0; i < count; ++i) {
            const float x = x0 + static_cast<float>(i) * 14.0f;
            const float vx = r.uniform(-60, 60);
            BodyDef d = box({x, y}, {vx, 0.0f}, {6.0f, 8.0f});
            if (i % 4 == 3) {
                d.restitution = r.uniform(0, 1);
                d.mass = r.uniform(0.5f, 4.0f);
            } else {
                d.control = Control::Character;
            }
            w.add(d);
        }
    }
    return w;
}

/// Inputs before step `stepNo`: the crowd walks in waves (most characters the
/// same way for 30 steps), a few jump; teleports and removals as described above.
inline void crowdCaseInputs(ts::World& w, std::uint64_t stepNo) {
    const std::vector<ts::BodyId> ids = w.bodies();
    if (stepNo % 25 == 24)
        w.setPosition(ids[(stepNo * 7) % ids.size()], {640.0f, 120.0f});
    if (stepNo % 40 == 39) {
        w.remove(ids[(stepNo * 13) % ids.size()]);
        w.add(box({900.0f, 60.0f}, {-30.0f, 0.0f}, {6.0f, 8.0f}));
    }
    Rng r(stepNo / 30 + 5);
    const bool right = r.range(0, 1) == 0;
    for (ts::BodyId id : w.bodies()) {
        ts::Input in;
        const bool against = r.range(0, 5) == 0;
        in.right = right != against;
        in.left = !in.right;
        in.jump = r.range(0, 40) == 0;
        w.setInput(id, in);
    }
}

inline constexpr int kCrowdCaseSteps = 240;

/// The state hash after `steps` steps of the case.
inline std::uint64_t runCrowdCase(int steps = kCrowdCaseSteps) {
    return runCase(crowdCaseWorld(), crowdCaseInputs, steps);
}

} // namespace tstest
