// Goals: areas of a level the player should reach (`kind: goal` spawns). They
// are not physics bodies; play mode, replays and `tilesmith simulate` watch the
// player's box and report the step at which it first overlaps each goal.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/physics/world.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ts::level {

/// World box (pixels, y up) of a goal: width x height with its bottom centre on
/// the bottom centre of its tile (tile-sized by default, so it covers the tile).
Aabb goalArea(const Level& level, const Spawn& goal);

/// True when the boxes overlap with a positive area (touching edges do not).
bool boxesOverlap(const Aabb& a, const Aabb& b);

/// A goal the player reached: at the end of step `step` (1-based), `seconds`
/// of simulated time (step * dt) after the start.
struct GoalEvent {
    int goalId = 0;
    std::uint64_t step = 0;
    double seconds = 0;
    bool operator==(const GoalEvent&) const = default;
};

/// "goal 9 reached at step 120 (2.00 s)"
std::string goalEventText(const GoalEvent& e);

/// Watches the player against a level's goals. Call check() after every step;
/// each goal is reported once, the first time the player's box overlaps it.
class GoalWatch {
public:
    explicit GoalWatch(const Level& level);
    /// Goals first reached at this step (in spawn order), also appended to events().
    std::vector<GoalEvent> check(const World& world, BodyId player, std::uint64_t step);
    const std::vector<GoalEvent>& events() const { return mEvents; }
    /// Continues from a state in which `events` already happened (a replay shown at some
    /// step, Play from Here): their goals count as reached and are not reported again;
    /// every other goal is not reached yet. Events naming no goal of the level are ignored.
    void setEvents(const std::vector<GoalEvent>& events);
    std::size_t goalCount() const { return mGoals.size(); }
    bool allReached() const { return !mGoals.empty() && mEvents.size() == mGoals.size(); }

private:
    struct Goal {
        int id;
        Aabb area;
        bool reached;
    };
    std::vector<Goal> mGoals;
    std::vector<GoalEvent> mEvents;
};

} // namespace ts::level
