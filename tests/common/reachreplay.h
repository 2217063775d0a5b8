// Checks a reachability route the way `tilesmith simulate --inputs` runs it: a
// LevelRun of the whole level fed the route's script. Shared by the search's tests.
#pragma once

#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/reach.h"

#include <cstdint>

namespace ts::test {

/// The step at which the run first reaches goal `id` (0 = never).
inline std::uint64_t replayGoal(const ts::level::Level& l, int id, const ts::level::Route& route) {
    ts::level::LevelRun run(l);
    std::uint64_t at = 0;
    run.runScript(route.script, route.steps,
                  [&](std::uint64_t step, const std::vector<ts::level::GoalEvent>& reached) {
                      for (const ts::level::GoalEvent& e : reached)
                          if (e.goalId == id && !at)
                              at = step;
                  });
    return at;
}

/// Whether the run, after the route's last step, has the player standing on level
/// tile (x, y) (row 0 at the top): on the ground, that tile under its feet.
inline bool replayStandsOn(const ts::level::Level& l, int x, int y, const ts::level::Route& route) {
    ts::level::LevelRun run(l);
    run.runScript(route.script, route.steps);
    const ts::World& w = run.world();
    if (!(w.contacts(run.player()) & ts::OnGround))
        return false;
    const ts::Aabb box = w.aabb(run.player());
    const ts::TileMap& map = w.map();
    const int py = map.tileYAtPoint(w.position(run.player()).y - 0.5f);
    if (ts::level::physicsRow(l, py) != y)
        return false;
    return map.tileXAtPoint(box.min().x + 0.01f) <= x && x <= map.tileXAtPoint(box.max().x - 0.01f);
}

} // namespace ts::test
