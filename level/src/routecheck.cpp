// Routes checked with every body present (lint.h): the search's routes to a spawn
// replayed in the whole level until one reaches it, and, when none does, what
// stops the shortest: the first step it goes otherwise than in the search's world
// (the tile map and the fixed bodies) and the moving body the player meets there.
#include "tilesmith/level/goals.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/lint.h"

#include <cstring>

namespace ts::level {

namespace {

bool sameBits(Vec2 a, Vec2 b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// The spawn index whose body `body` is in `run` (userData is the spawn id), or -1.
int spawnIndexOf(const Level& level, const World& world, BodyId body) {
    const auto id = static_cast<long long>(static_cast<std::int64_t>(world.userData(body)));
    for (std::size_t i = 0; i < level.spawns.size(); ++i)
        if (level.spawns[i].id == id && isBodyKind(level.spawns[i].kind))
            return static_cast<int>(i);
    return -1;
}

/// Replays `route` in the whole level and in the search's world side by side, and
/// fills `c` with the first step the player differs and the moving body it meets there.
void findBlocker(const Level& level, const Route& route, RouteCheck& c) {
    const std::vector<bool> fixed = fixedBodies(level);
    LevelRun run(level);
    if (!run.hasPlayer())
        return;
    PlayerSim sim(level, fixed);
    for (std::uint64_t k = 1; k <= route.steps; ++k) {
        const Input keys = route.script.at(k);
        run.step(keys);
        sim.step(keys);
        const World& w = run.world();
        const BodyId p = run.player();
        const PlayerState s = sim.state();
        if (sameBits(w.position(p), s.position) && sameBits(w.velocity(p), s.velocity))
            continue;
        c.blockedAt = k;
        for (const CollisionRecord& rec : w.collisions(p)) {
            const int i = spawnIndexOf(level, w, rec.other);
            if (i < 0 || (static_cast<std::size_t>(i) < fixed.size() && fixed[std::size_t(i)]))
                continue;
            const SpawnKind kind = level.spawns[std::size_t(i)].kind;
            if (kind != SpawnKind::Box && kind != SpawnKind::Ball)
                continue; // characters pass through one another
            c.blockerIndex = i;
            if (const auto tile = spawnTileAt(level, w.position(rec.other))) {
                c.blockerX = tile->first;
                c.blockerY = tile->second;
            }
            break;
        }
        // With no moving box or ball in the level nothing moving can push the player:
        // the route goes otherwise for the search's own reasons (docs/reachability.md).
        bool movers = false;
        for (std::size_t i = 0; i < level.spawns.size() && !movers; ++i) {
            const SpawnKind kind = level.spawns[i].kind;
            movers = (kind == SpawnKind::Box || kind == SpawnKind::Ball) &&
                     !(i < fixed.size() && fixed[i]);
        }
        if (c.blockerIndex < 0 && !movers)
            c.blockedAt = 0;
        return;
    }
}

} // namespace

RouteCheck checkRoutesToSpawn(const Level& level, const ReachResult& reach, int id) {
    RouteCheck c;
    const std::vector<Route> routes = reach.routesToSpawn(id);
    for (const Route& r : routes) {
        ++c.routesTried;
        if (routeReachesSpawn(level, id, r)) {
            c.route = r;
            c.routeIndex = c.routesTried - 1;
            return c;
        }
    }
    if (!routes.empty())
        findBlocker(level, routes.front(), c);
    return c;
}

std::string routeCheckMessage(const Level& level, const Spawn& target, const RouteCheck& c) {
    const std::string name =
        std::string(spawnKindName(target.kind)) + " " + std::to_string(target.id);
    const std::string tried = c.routesTried == 1 ? std::string("1 route tried")
                                                 : std::to_string(c.routesTried) + " routes tried";
    if (c.blockedAt == 0)
        return name + " is reachable in the search, but its routes do not reach it when " +
               "replayed (" + tried + ")";
    std::string why;
    if (c.blockerIndex >= 0) {
        const Spawn& b = level.spawns[std::size_t(c.blockerIndex)];
        why = spawnLabel(b.kind, b.id) + " is in the way at step " + std::to_string(c.blockedAt);
        if (c.blockerX != RouteCheck::kNoTile)
            why += ", tile " + std::to_string(c.blockerX) + ", " + std::to_string(c.blockerY);
    } else {
        why = "moving bodies push the player off the route at step " + std::to_string(c.blockedAt);
    }
    return name + " is reachable only without the moving bodies: " + why + " (" + tried + ")";
}

} // namespace ts::level
