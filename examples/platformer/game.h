// The game's state: the level, its physics world, the goal rule and the fixed-step clock.
#pragma once

#include <tilesmith/level/goals.h>
#include <tilesmith/level/level.h>
#include <tilesmith/level/levelworld.h>
#include <tilesmith/physics/world.h>

#include <cstdint>
#include <cstdio>

namespace platformer {

struct Game {
    ts::level::Level level;
    ts::level::LevelWorld lw;
    ts::level::GoalWatch goals; // the goal rule of play mode and `tilesmith simulate`
    ts::StepAccumulator clock;
    std::uint64_t step = 0; // steps run so far

    explicit Game(const ts::level::Level& l)
        : level(l), lw(ts::level::buildWorld(l)), goals(l), clock(lw.world.settings().dt) {}

    // One fixed step with the player's keys, then the goal check: prints each goal the
    // player reaches, as `tilesmith simulate` does ("goal 7 reached at step 160 (2.67 s)").
    void stepOnce(const ts::Input& keys) {
        if (!lw.player.isNull())
            lw.world.setInput(lw.player, keys);
        lw.world.step();
        ++step;
        for (const ts::level::GoalEvent& e : goals.check(lw.world, lw.player, step))
            std::printf("%s\n", ts::level::goalEventText(e).c_str());
    }
};

} // namespace platformer
