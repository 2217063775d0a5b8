// The reachability search (reach.h): breadth first over held-input moves of the
// player alone in the tile map, states deduplicated on a grid.
#include "tilesmith/level/reach.h"

#include "tilesmith/level/goals.h"
#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <unordered_map>

namespace ts::level {

namespace {

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

Input keysOf(std::uint8_t m) {
    Input in;
    in.left = m == MLeft || m == MJumpLeft || m == MDownLeft;
    in.right = m == MRight || m == MJumpRight || m == MDownRight;
    in.jump = m == MJump || m == MJumpLeft || m == MJumpRight;
    in.down = m == MDown || m == MDownLeft || m == MDownRight;
    return in;
}

constexpr std::uint32_t kNoNode = std::numeric_limits<std::uint32_t>::max();

/// Where a route ends: `steps` steps of `move` after decision state `node`
/// (kNoNode = the start), `total` steps from the start in all.
struct RouteEnd {
    std::uint32_t node = kNoNode;
    std::uint8_t move = MNone;
    std::uint8_t steps = 0;
    std::uint64_t total = 0;
};

/// A decision state: how it was reached (its parent and the move from there).
struct Link {
    std::uint32_t parent;
    std::uint8_t move;
};

/// Open-addressing set of 64-bit keys (never 0: keys carry a set bit).
class KeySet {
public:
    KeySet() : mSlots(1u << 16, 0) {}
    /// True when `key` was new.
    bool insert(std::uint64_t key) {
        if ((mCount + 1) * 10 > mSlots.size() * 7)
            grow();
        return place(mSlots, key);
    }
    std::size_t bytes() const { return mSlots.size() * sizeof(std::uint64_t); }

private:
    static std::uint64_t mix(std::uint64_t k) {
        k ^= k >> 33;
        k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33;
        k *= 0xc4ceb9fe1a85ec53ULL;
        k ^= k >> 33;
        return k;
    }
    bool place(std::vector<std::uint64_t>& slots, std::uint64_t key) {
        const std::size_t mask = slots.size() - 1;
        for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) {
            if (slots[i] == key)
                return false;
            if (slots[i] == 0) {
                slots[i] = key;
                ++mCount;
                return true;
            }
        }
    }
    void grow() {
        std::vector<std::uint64_t> bigger(mSlots.size() * 2, 0);
        mCount = 0;
        for (std::uint64_t k : mSlots)
            if (k)
                place(bigger, k);
        mSlots.swap(bigger);
    }
    std::vector<std::uint64_t> mSlots;
    std::size_t mCount = 0;
};

/// floor(v / grid) clamped to +-1e6, as an integer. The same value as
/// std::floor on the clamped quotient, without a libm call (this runs a few
/// times per physics step of the search). NaN gives -1e6.
std::int64_t cell(float v, float grid) {
    const double t = static_cast<double>(v) / static_cast<double>(grid);
    if (!(t > -1.0e6))
        return -1'000'000;
    if (t >= 1.0e6)
        return 1'000'000;
    const auto q = static_cast<std::int64_t>(t); // truncates toward zero
    return static_cast<double>(q) > t ? q - 1 : q;
}

} // namespace

struct ReachResult::Impl {
    bool hasPlayer = false;
    bool complete = true;
    bool cancelled = false;
    std::size_t explored = 0;
    std::uint64_t physicsSteps = 0;
    std::size_t peakBytes = 0;
    int width = 0;
    int height = 0;
    std::vector<Link> links;
    std::unordered_map<std::uint32_t, RouteEnd> surfaces; ///< level tile index -> route
    std::unordered_map<int, RouteEnd> spawns;             ///< spawn id -> route

    void offer(std::unordered_map<std::uint32_t, RouteEnd>& m, std::uint32_t key,
               const RouteEnd& e) {
        auto [it, inserted] = m.try_emplace(key, e);
        if (!inserted && e.total < it->second.total)
            it->second = e;
    }

    Route route(const RouteEnd& e) const {
        // Moves from the end back to the start, then forwards into ranges.
        std::vector<std::pair<std::uint8_t, std::uint8_t>> moves; // move, steps
        moves.push_back({e.move, e.steps});
        for (std::uint32_t n = e.node; n != kNoNode; n = links[n].parent)
            moves.push_back({links[n].move, 0});
        std::reverse(moves.begin(), moves.end());
        Route r;
        std::uint64_t step = 1;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            // Every move but the last is held for a whole move (its steps are stored
            // as 0, meaning stepsPerMove: filled in by the caller through `full`).
            const std::uint64_t n = i + 1 == moves.size() ? moves[i].second : fullMove;
            const Input keys = keysOf(moves[i].first);
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
    std::uint64_t fullMove = 4;
};

ReachResult::ReachResult() : d(std::make_unique<Impl>()) {
}
ReachResult::~ReachResult() = default;
ReachResult::ReachResult(ReachResult&&) noexcept = default;
ReachResult& ReachResult::operator=(ReachResult&&) noexcept = default;

bool ReachResult::hasPlayer() const {
    return d->hasPlayer;
}
bool ReachResult::complete() const {
    return d->complete;
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

// --- the search ------------------------------------------------------------------------

namespace {

/// Spawn areas bucketed by the tiles they cover, so each step checks only the
/// spawns near the player. `near` answers most steps with one byte: whether a
/// box of at most `reachHalf` centred on a tile can touch any area at all.
class SpawnIndex {
public:
    SpawnIndex(const Level& level, float tileSize, Vec2 reachHalf)
        : mTile(tileSize), mW(level.width), mH(level.height),
          mMarked(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height),
                  0),
          mHalf(reachHalf), mNear(mMarked.size(), 0) {
        for (const Spawn& s : level.spawns) {
            if (s.kind == SpawnKind::Player)
                continue;
            Aabb a;
            if (s.kind == SpawnKind::Goal) {
                a = goalArea(level, s);
            } else {
                const BodyDef def = bodyDef(level, s);
                a = Aabb{def.position +
                             Vec2{def.offset.x * def.scale.x, def.offset.y * def.scale.y},
                         Vec2{def.halfSize.x * def.scale.x, def.halfSize.y * def.scale.y}};
            }
            const std::size_t index = mAreas.size();
            mAreas.push_back({s.id, a});
            // A box of half size mHalf overlapping `a` has its centre within `a`
            // grown by mHalf; one tile more on each side absorbs float rounding.
            const auto nx0 = std::max<std::int64_t>(cell(a.min().x - mHalf.x, mTile) - 1, 0);
            const auto nx1 = std::min<std::int64_t>(cell(a.max().x + mHalf.x, mTile) + 1, mW - 1);
            const auto ny0 = std::max<std::int64_t>(cell(a.min().y - mHalf.y, mTile) - 1, 0);
            const auto ny1 = std::min<std::int64_t>(cell(a.max().y + mHalf.y, mTile) + 1, mH - 1);
            for (auto ty = ny0; ty <= ny1; ++ty)
                for (auto tx = nx0; tx <= nx1; ++tx)
                    mNear[static_cast<std::size_t>(ty * mW + tx)] = 1;
            forTiles(a, [&](std::int64_t tx, std::int64_t ty, std::uint64_t key) {
                mBuckets[key].push_back(index);
                if (tx >= 0 && ty >= 0 && tx < mW && ty < mH)
                    mMarked[static_cast<std::size_t>(ty * mW + tx)] = 1;
                else
                    mAnyOutside = true;
            });
        }
    }
    template <typename F> void overlapping(const Aabb& box, F&& f) const {
        if (mAreas.empty())
            return;
        if (box.halfSize.x <= mHalf.x && box.halfSize.y <= mHalf.y) {
            const auto cx = cell(box.center.x, mTile), cy = cell(box.center.y, mTile);
            if (cx >= 0 && cy >= 0 && cx < mW && cy < mH &&
                !mNear[static_cast<std::size_t>(cy * mW + cx)])
                return;
        }
        forTiles(box, [&](std::int64_t tx, std::int64_t ty, std::uint64_t key) {
            // Most tiles hold no spawn: a byte per map tile says so without hashing.
            if (tx >= 0 && ty >= 0 && tx < mW && ty < mH) {
                if (!mMarked[static_cast<std::size_t>(ty * mW + tx)])
                    return;
            } else if (!mAnyOutside) {
                return;
            }
            const auto it = mBuckets.find(key);
            if (it == mBuckets.end())
                return;
            for (std::size_t i : it->second)
                if (boxesOverlap(box, mAreas[i].second))
                    f(mAreas[i].first);
        });
    }

private:
    template <typename F> void forTiles(const Aabb& a, F&& f) const {
        const auto tx0 = cell(a.min().x, mTile), tx1 = cell(a.max().x, mTile);
        const auto ty0 = cell(a.min().y, mTile), ty1 = cell(a.max().y, mTile);
        for (auto ty = ty0; ty <= ty1; ++ty)
            for (auto tx = tx0; tx <= tx1; ++tx)
                f(tx, ty,
                  (static_cast<std::uint64_t>(tx + (1 << 24)) << 32) |
                      static_cast<std::uint64_t>(ty + (1 << 24)));
    }
    float mTile;
    std::int64_t mW, mH;
    std::vector<std::uint8_t> mMarked; ///< per physics tile: some spawn area covers it
    Vec2 mHalf;                        ///< the largest box half size `mNear` answers for
    std::vector<std::uint8_t> mNear;   ///< per physics tile: a box centred here may touch an area
    bool mAnyOutside = false;
    std::vector<std::pair<int, Aabb>> mAreas;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> mBuckets;
};

} // namespace

ReachResult findReachable(const Level& level, const ReachOptions& options) {
    ReachResult result;
    ReachResult::Impl& r = *result.d;
    r.width = level.width;
    r.height = level.height;
    const Spawn* player = level.player();
    if (!player || level.width <= 0 || level.height <= 0)
        return result;
    r.hasPlayer = true;
    r.spawns.emplace(player->id, RouteEnd{});

    const int K = std::clamp(options.stepsPerMove, 1, 255);
    r.fullMove = static_cast<std::uint64_t>(K);
    const float posGrid = options.positionGrid > 0 && std::isfinite(options.positionGrid)
                              ? options.positionGrid
                              : 1.0f;
    const float speedGrid =
        options.speedGrid > 0 && std::isfinite(options.speedGrid) ? options.speedGrid : 25.0f;
    const float ts = static_cast<float>(level.tileSize);

    PlayerSim sim(level);
    const TileMap& map = sim.world().map();
    const SpawnIndex spawnIndex(level, ts, sim.box().halfSize);
    KeySet seen;

    struct Pending {
        std::uint32_t node; ///< kNoNode = the start
        std::uint8_t contacts;
        BodySnapshot body; ///< the player exactly as the step left it
    };
    std::deque<Pending> queue;

    // Called after every physics step of a move: records surfaces and spawns.
    // The surface tiles offered during the current move: a later step of the same
    // move has a longer route, so offering the same tile again cannot improve it.
    std::uint32_t recent[4];
    int recentCount = 0;
    const auto observe = [&](const PlayerState& s, const RouteEnd& end) {
        const Aabb box = sim.box();
        if (s.contacts & OnGround) {
            const int py = map.tileYAtPoint(s.position.y - 0.5f);
            const int x0 = map.tileXAtPoint(box.min().x + 0.01f);
            const int x1 = map.tileXAtPoint(box.max().x - 0.01f);
            if (py >= 0 && py < level.height) {
                for (int x = std::max(x0, 0); x <= std::min(x1, level.width - 1); ++x) {
                    if (map.at(x, py) == Tile::Empty)
                        continue;
                    const int ly = physicsRow(level, py);
                    const std::uint32_t key =
                        static_cast<std::uint32_t>(ly) * static_cast<std::uint32_t>(level.width) +
                        static_cast<std::uint32_t>(x);
                    if (std::find(recent, recent + recentCount, key) != recent + recentCount)
                        continue;
                    recent[recentCount++ & 3] = key;
                    recentCount = std::min(recentCount, 4);
                    r.offer(r.surfaces, key, end);
                }
            }
        }
        spawnIndex.overlapping(box, [&](int id) {
            auto [it, inserted] = r.spawns.try_emplace(id, end);
            if (!inserted && end.total < it->second.total)
                it->second = end;
        });
    };

    // Depth of each node in moves, for route lengths (total steps).
    std::vector<std::uint32_t> depth;
    const auto keyOf = [&](const PlayerState& s) {
        const std::uint64_t qx =
            static_cast<std::uint64_t>(cell(s.position.x, posGrid) + (1 << 22)) & 0x7fffffu;
        const std::uint64_t qy =
            static_cast<std::uint64_t>(cell(s.position.y, posGrid) + (1 << 22)) & 0x7fffffu;
        const std::uint64_t qv =
            static_cast<std::uint64_t>(cell(s.velocity.y, speedGrid) + (1 << 13)) & 0x3fffu;
        const std::uint64_t c =
            (s.contacts & OnGround ? 1u : 0u) | (s.contacts & OnOneWayPlatform ? 2u : 0u);
        return (qx << 41) | (qy << 18) | (qv << 4) | (c << 2) | 1u;
    };

    // The start: the player as its spawn starts it. A fresh body has no contacts,
    // so the first move is an air move even when the player spawns standing.
    sim.resetToSpawn();
    queue.push_back({kNoNode, sim.state().contacts, sim.snapshot()});
    bool startNode = true;
    std::size_t sinceProgress = 0;
    const auto measure = [&]() {
        const std::size_t routeBytes =
            (sizeof(RouteEnd) + 32) * (r.surfaces.size() + r.spawns.size());
        r.peakBytes = std::max(r.peakBytes, seen.bytes() + r.links.capacity() * sizeof(Link) +
                                                depth.capacity() * sizeof(std::uint32_t) +
                                                queue.size() * sizeof(Pending) + routeBytes);
    };
    const auto report = [&]() {
        if (options.progress)
            options.progress(ReachProgress{r.explored, queue.size(), r.surfaces.size()});
    };

    while (!queue.empty()) {
        if (r.explored >= options.maxStates) {
            r.complete = false;
            break;
        }
        if ((r.explored & 255u) == 0 && options.cancelled && options.cancelled()) {
            r.complete = false;
            r.cancelled = true;
            break;
        }
        const Pending cur = queue.front();
        queue.pop_front();
        ++r.explored;
        if (++sinceProgress >= options.progressInterval) {
            sinceProgress = 0;
            report();
            measure();
        }
        const bool grounded = !startNode && (cur.contacts & OnGround);
        const bool oneWay = grounded && (cur.contacts & OnOneWayPlatform);
        const std::uint64_t baseSteps =
            cur.node == kNoNode ? 0 : static_cast<std::uint64_t>(depth[cur.node]) * r.fullMove;
        startNode = false;

        std::uint8_t moves[MCount];
        int moveCount = 0;
        if (grounded) {
            for (std::uint8_t m : {MLeft, MRight, MJump, MJumpLeft, MJumpRight})
                moves[moveCount++] = m;
            if (oneWay)
                for (std::uint8_t m : {MDown, MDownLeft, MDownRight})
                    moves[moveCount++] = m;
        } else {
            for (std::uint8_t m : {MNone, MLeft, MRight})
                moves[moveCount++] = m;
        }

        for (int mi = 0; mi < moveCount; ++mi) {
            const std::uint8_t m = moves[mi];
            if (cur.node == kNoNode)
                sim.resetToSpawn();
            else
                sim.restore(cur.body);
            const Input keys = keysOf(m);
            recentCount = 0;
            PlayerState s;
            for (int k = 1; k <= K; ++k) {
                s = sim.step(keys);
                ++r.physicsSteps;
                observe(s, RouteEnd{cur.node, m, static_cast<std::uint8_t>(k),
                                    baseSteps + static_cast<std::uint64_t>(k)});
            }
            if (!std::isfinite(s.position.x) || !std::isfinite(s.position.y))
                continue;
            if (!seen.insert(keyOf(s)))
                continue;
            if (r.links.size() >= std::numeric_limits<std::uint32_t>::max() - 1) {
                r.complete = false;
                continue;
            }
            const auto node = static_cast<std::uint32_t>(r.links.size());
            r.links.push_back(Link{cur.node, m});
            depth.push_back(cur.node == kNoNode ? 1u : depth[cur.node] + 1u);
            queue.push_back({node, s.contacts, sim.snapshot()});
        }
    }
    report();
    measure();
    return result;
}

} // namespace ts::level
