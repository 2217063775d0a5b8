// The reachability search's private types (reach.h): the moves, how a route is
// stored (a node per decision state, linked to its parent), and the result's
// state, shared by the result's accessors (reach.cpp) and the search
// (reachsearch.cpp).
#pragma once

#include "tilesmith/level/reach.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ts::level {

namespace reach_detail {

/// The moves. Standing: walk, jump, drop through; in the air: steer.
enum Move : std::uint8_t {
    MNone,
    MLeft,
    MRight,
    MJump,
    MJumpLeft,
    MJumpRight,
    MDown,
    MDownLeft,
    MDownRight,
    MCount
};

inline Input keysOf(std::uint8_t m) {
    Input in;
    in.left = m == MLeft || m == MJumpLeft || m == MDownLeft;
    in.right = m == MRight || m == MJumpRight || m == MDownRight;
    in.jump = m == MJump || m == MJumpLeft || m == MJumpRight;
    in.down = m == MDown || m == MDownLeft || m == MDownRight;
    return in;
}

inline constexpr std::uint32_t kNoNode = std::numeric_limits<std::uint32_t>::max();

/// Where a route ends: `steps` steps of `move` after decision state `node`
/// (kNoNode = the start), `total` steps from the start in all.
struct RouteEnd {
    std::uint32_t node = kNoNode;
    std::uint8_t move = MNone;
    std::uint8_t steps = 0;
    std::uint64_t total = 0;
};

/// A decision state: how it was reached (its parent, the move from there and
/// the steps that move held its keys).
struct Link {
    std::uint32_t parent;
    std::uint8_t move;
    std::uint8_t steps;
};

/// floor(v / grid) clamped to +-1e6, as an integer. The same value as
/// std::floor on the clamped quotient, without a libm call (this runs a few
/// times per physics step of the search). NaN gives -1e6.
inline std::int64_t cell(float v, float grid) {
    const double t = static_cast<double>(v) / static_cast<double>(grid);
    if (!(t > -1.0e6))
        return -1'000'000;
    if (t >= 1.0e6)
        return 1'000'000;
    const auto q = static_cast<std::int64_t>(t); // truncates toward zero
    return static_cast<double>(q) > t ? q - 1 : q;
}

} // namespace reach_detail

struct ReachResult::Impl {
    using RouteEnd = reach_detail::RouteEnd;
    using Link = reach_detail::Link;

    bool hasPlayer = false;
    bool finished = true;
    ReachModel model;
    bool cancelled = false;
    std::size_t explored = 0;
    std::uint64_t physicsSteps = 0;
    std::size_t peakBytes = 0;
    int threads = 1;
    int width = 0;
    int height = 0;
    std::vector<Link> links;
    std::unordered_map<std::uint32_t, RouteEnd> surfaces; ///< level tile index -> route
    std::unordered_map<int, RouteEnd> spawns;             ///< spawn id -> route

    /// Other routes to a spawn (ReachResult::routesToSpawn()): of its distinct
    /// arrivals (a decision state and move, at its first step touching the spawn)
    /// in the order the search offers them, the 1st, 2nd, 4th, 8th...
    struct SpawnRoutes {
        std::uint64_t arrivals = 0;
        std::uint32_t lastNode = reach_detail::kNoNode;
        std::uint8_t lastMove = reach_detail::MCount;
        std::vector<RouteEnd> ends;
    };
    std::unordered_map<int, SpawnRoutes> spawnRoutes;
    /// The last offer's spawn (map elements stay put): the steps of one arrival come
    /// one after another, and all but the first need no look-up.
    SpawnRoutes* lastOffered = nullptr;
    int lastOfferedId = 0;
    std::size_t spawnRoutesBytes = 0; ///< their memory, for peakBytes
    void offerSpawnRoute(int id, const RouteEnd& e) {
        if (!lastOffered || id != lastOfferedId) {
            const auto [it, added] = spawnRoutes.try_emplace(id);
            if (added)
                spawnRoutesBytes += sizeof(SpawnRoutes) + 32; // + the map's node
            lastOffered = &it->second;
            lastOfferedId = id;
        }
        SpawnRoutes& s = *lastOffered;
        if (s.arrivals != 0 && e.node == s.lastNode && e.move == s.lastMove)
            return; // a later step of the same arrival (its touches come together)
        s.lastNode = e.node;
        s.lastMove = e.move;
        ++s.arrivals;
        if ((s.arrivals & (s.arrivals - 1)) == 0 &&
            s.ends.size() + 1 < static_cast<std::size_t>(ReachResult::kSpawnRoutes)) {
            const std::size_t had = s.ends.capacity();
            s.ends.push_back(e);
            spawnRoutesBytes += (s.ends.capacity() - had) * sizeof(RouteEnd);
        }
    }

    Route route(const RouteEnd& e) const {
        // Moves from the end back to the start, then forwards into ranges.
        std::vector<std::pair<std::uint8_t, std::uint8_t>> moves; // move, steps
        moves.push_back({e.move, e.steps});
        for (std::uint32_t n = e.node; n != reach_detail::kNoNode; n = links[n].parent)
            moves.push_back({links[n].move, links[n].steps});
        std::reverse(moves.begin(), moves.end());
        Route r;
        std::uint64_t step = 1;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const std::uint64_t n = moves[i].second;
            const Input keys = reach_detail::keysOf(moves[i].first);
            if (n > 0 && keys != Input{}) {
                InputRange range{step, step + n - 1, keys};
                if (!r.script.ranges.empty() && r.script.ranges.back().keys == keys &&
                    r.script.ranges.back().to + 1 == step)
                    r.script.ranges.back().to = range.to;
                else
                    r.script.ranges.push_back(range);
            }
            step += n;
        }
        r.steps = step - 1;
        // The route's last step must be part of the script, so a replay knows how long
        // to run (`tilesmith simulate --inputs` without --steps runs to the last range).
        if (r.steps > 0 && (r.script.ranges.empty() || r.script.ranges.back().to < r.steps))
            r.script.ranges.push_back(InputRange{r.steps, r.steps, Input{}});
        return r;
    }
};

} // namespace ts::level
