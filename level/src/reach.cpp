// The reachability search's result (reach.h): surfaces, spawns and their routes.
// The search itself is in reachsearch.cpp.
#include "reachimpl.h"
#include "standing.h"

#include <algorithm>

namespace ts::level {

std::vector<LevelTile> tilesStoodOn(const Level& level, const World& world, BodyId player) {
    std::vector<LevelTile> out;
    if (!world.isValid(player) || !world.hasContact(player, OnGround))
        return out;
    standing::forEachTileStoodOn(level, world.map(), world.aabb(player), world.position(player).y,
                                 [&](int x, int y) {
                                     out.push_back(LevelTile{x, y});
                                 });
    return out;
}

ReachResult::ReachResult() : d(std::make_unique<Impl>()) {
}
ReachResult::~ReachResult() = default;
ReachResult::ReachResult(ReachResult&&) noexcept = default;
ReachResult& ReachResult::operator=(ReachResult&&) noexcept = default;

bool ReachResult::hasPlayer() const {
    return d->hasPlayer;
}
bool ReachResult::finished() const {
    return d->finished;
}
const ReachModel& ReachResult::model() const {
    return d->model;
}
bool ReachResult::cancelled() const {
    return d->cancelled;
}
std::size_t ReachResult::statesExplored() const {
    return d->explored;
}
std::uint64_t ReachResult::physicsSteps() const {
    return d->physicsSteps;
}
std::size_t ReachResult::peakBytes() const {
    return d->peakBytes;
}
int ReachResult::threads() const {
    return d->threads;
}

bool ReachResult::standable(int x, int y) const {
    if (x < 0 || y < 0 || x >= d->width || y >= d->height)
        return false;
    return d->surfaces.count(static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(d->width) +
                             static_cast<std::uint32_t>(x)) != 0;
}

std::vector<LevelTile> ReachResult::surfaces() const {
    std::vector<std::uint32_t> keys;
    keys.reserve(d->surfaces.size());
    for (const auto& [k, e] : d->surfaces)
        keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    std::vector<LevelTile> out;
    out.reserve(keys.size());
    const auto w = static_cast<std::uint32_t>(std::max(d->width, 1));
    for (std::uint32_t k : keys)
        out.push_back(LevelTile{static_cast<int>(k % w), static_cast<int>(k / w)});
    return out;
}

std::optional<Route> ReachResult::routeToSurface(int x, int y) const {
    if (!standable(x, y))
        return std::nullopt;
    return d->route(
        d->surfaces.at(static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(d->width) +
                       static_cast<std::uint32_t>(x)));
}

bool ReachResult::spawnReached(int id) const {
    return d->spawns.count(id) != 0;
}

std::optional<Route> ReachResult::routeToSpawn(int id) const {
    const auto it = d->spawns.find(id);
    if (it == d->spawns.end())
        return std::nullopt;
    return d->route(it->second);
}

std::vector<Route> ReachResult::routesToSpawn(int id) const {
    std::vector<Route> out;
    const auto it = d->spawns.find(id);
    if (it == d->spawns.end())
        return out;
    out.push_back(d->route(it->second));
    const auto more = d->spawnRoutes.find(id);
    if (more == d->spawnRoutes.end())
        return out;
    for (const Impl::RouteEnd& e : more->second.ends) {
        if (e.node == it->second.node && e.move == it->second.move && e.steps == it->second.steps)
            continue; // the shortest itself
        out.push_back(d->route(e));
    }
    return out;
}

} // namespace ts::level
