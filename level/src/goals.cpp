// Goal areas and the watch that reports when the player reaches them.
#include "tilesmith/level/goals.h"

#include "tilesmith/level/levelworld.h"

#include <cstdio>

namespace ts::level {

Aabb goalArea(const Level& level, const Spawn& goal) {
    const Vec2 feet = tileBottomCenter(level, goal.x, goal.y);
    const Vec2 half{goal.width * 0.5f, goal.height * 0.5f};
    return Aabb{Vec2{feet.x, feet.y + half.y}, half};
}

bool boxesOverlap(const Aabb& a, const Aabb& b) {
    const Vec2 amin = a.min(), amax = a.max(), bmin = b.min(), bmax = b.max();
    return amin.x < bmax.x && bmin.x < amax.x && amin.y < bmax.y && bmin.y < amax.y;
}

std::string goalEventText(const GoalEvent& e) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "goal %d reached at step %llu (%.2f s)", e.goalId,
                  static_cast<unsigned long long>(e.step), e.seconds);
    return buf;
}

GoalWatch::GoalWatch(const Level& level) {
    for (const Spawn& s : level.spawns) {
        if (s.kind == SpawnKind::Goal)
            mGoals.push_back(Goal{s.id, goalArea(level, s), false});
    }
}

std::vector<GoalEvent> GoalWatch::check(const World& world, BodyId player, std::uint64_t step) {
    std::vector<GoalEvent> now;
    if (mEvents.size() == mGoals.size() || !world.isValid(player))
        return now;
    const Aabb box = world.aabb(player);
    for (Goal& g : mGoals) {
        if (g.reached || !boxesOverlap(box, g.area))
            continue;
        g.reached = true;
        now.push_back(GoalEvent{g.id, step, static_cast<double>(step) * world.settings().dt});
        mEvents.push_back(now.back());
    }
    return now;
}

void GoalWatch::setEvents(const std::vector<GoalEvent>& events) {
    mEvents.clear();
    for (Goal& g : mGoals)
        g.reached = false;
    for (const GoalEvent& e : events) {
        for (Goal& g : mGoals) {
            if (g.id != e.goalId || g.reached)
                continue;
            g.reached = true;
            mEvents.push_back(e);
            break;
        }
    }
}

} // namespace ts::level
