// The reachability search (reach.h): breadth first over held-input moves of the
// player alone in the tile map, states deduplicated on a grid.
//
// Threads: the queue is taken in batches from its front. Expanding a state (its
// moves, each a few physics steps from the state's exact snapshot) depends on
// that state alone, so the states of a batch are expanded in parallel, each
// thread on its own copy of the player's world, into per-state buffers. The
// calling thread then merges the batch in queue order, exactly as a one-thread
// search would go on: the surfaces and spawns each step touched are offered, the
// new states deduplicated and queued, progress reported. So the result (states,
// routes, counts) is the same for every thread count, bit for bit. While a batch
// is merged, the helpers expand the next one (the states queued after it).
#include "reachimpl.h"
#include "reachindex.h"
#include "reachmodel.h"

#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <unordered_map>

namespace ts::level {

using namespace reach_detail;

namespace {

/// Moves one state can have: standing, the walks, jumps and drops, two single-step
/// walks and two walks to a ledge; in the air, three steers of a move and of a step.
constexpr std::size_t kMaxMoves = 12;
/// A move's hold that means: walk until the next step would leave the ground.
constexpr std::uint8_t kToEdge = 0;

/// How a state is refined (reachmodel.h), part of its merge key. Refined states
/// merge on the fine grid, apart from the coarse ones.
enum Refined : std::uint8_t {
    kCoarse,
    kFine,      ///< near a one-tile opening, or in an arc a state standing near one started
    kEdgeLeft,  ///< standing at a ledge's last step to the left, or its jump left
    kEdgeRight, ///< the same to the right
};

/// A state waiting to be expanded.
struct Pending {
    std::uint32_t node;  ///< kNoNode = the start
    std::uint64_t steps; ///< the node's route length
    std::uint8_t contacts;
    std::uint8_t refined; ///< Refined
    Vec2 position;        ///< the player's feet, for the refinement zones
    BodySnapshot body;    ///< the player exactly as the step left it
};

/// A surface tile (spawn < 0) or a spawn (spawn = its id) a step touched, with
/// the route that got there.
struct Touch {
    std::uint32_t surface;
    int spawn;
    RouteEnd end;
};

/// One move of one state, as expanded: where it ends and what it touched.
struct MoveResult {
    std::uint64_t key; ///< the end state's dedup key; 0 when the position is not finite
    std::uint8_t move;
    std::uint8_t steps;
    std::uint8_t contacts;
    std::uint8_t refined;
    std::uint16_t expander; ///< whose touch list [touchBegin, touchEnd) is in
    std::uint32_t touchBegin, touchEnd;
    Vec2 position;
    BodySnapshot body;
};

/// Expands states on its own player world. One per thread.
class Expander {
public:
    /// The model and what it reads of the level, shared by every Expander.
    struct Grid {
        ReachModel model;
        const RefineZones* zones;
        /// Without gravity, a player rising (or floating) with its feet above this
        /// (the map's top and every spawn area's) never comes back: not queued.
        bool noGravity;
        float skyY;
        /// The longest walk to a ledge: the box's half width plus a move's walk.
        int edgeSteps;
    };
    Expander(const Level& level, const SpawnIndex& spawns, Grid grid, std::uint16_t index)
        : mLevel(level), mSim(level), mSpawns(spawns), mGrid(grid), mIndex(index) {}

    /// Expands `cur` into out[0 .. kMaxMoves): one result per move, in move
    /// order, then (when there are fewer) one whose move is MCount. What the
    /// steps touch goes to touches[buffer].
    void expand(const Pending& cur, MoveResult* out, int buffer) {
        std::vector<Touch>& touched = touches[buffer];
        mTouched = &touched;
        const ReachModel& model = mGrid.model;
        const bool grounded = cur.node != kNoNode && (cur.contacts & OnGround);
        const bool oneWay = grounded && (cur.contacts & OnOneWayPlatform);
        const auto full = static_cast<std::uint8_t>(model.stepsPerMove);
        std::uint8_t moves[kMaxMoves];
        std::uint8_t holds[kMaxMoves]; ///< steps; kToEdge: walk to the ledge
        std::uint8_t zone = 0;         ///< RefineZones of a standing state
        int moveCount = 0;
        const auto add = [&](std::uint8_t m, std::uint8_t steps) {
            moves[moveCount] = m;
            holds[moveCount++] = steps;
        };
        if (grounded) {
            if (model.exhaustive)
                add(MNone, 1);
            for (std::uint8_t m : {MLeft, MRight, MJump, MJumpLeft, MJumpRight})
                add(m, full);
            if (oneWay)
                for (std::uint8_t m : {MDown, MDownLeft, MDownRight})
                    add(m, full);
            // Refinement (reachmodel.h). Near a one-tile opening, single steps
            // reach every position a walk passes, so a drop or a jump through an
            // opening one step wide is tried; near a ledge, a walk to the last
            // step still on the ground tries the farthest take-off.
            zone = mGrid.zones->at(mSim.world().map(), cur.position);
            if ((zone & RefineZones::kOpening) && full > 1) {
                add(MLeft, 1);
                add(MRight, 1);
            }
            if (zone & RefineZones::kLedge) {
                add(MLeft, kToEdge);
                add(MRight, kToEdge);
            }
        } else {
            for (std::uint8_t m : {MNone, MLeft, MRight})
                add(m, full);
        }
        for (int mi = 0; mi < moveCount; ++mi) {
            const std::uint8_t m = moves[mi];
            if (cur.node == kNoNode)
                mSim.resetToSpawn();
            else
                mSim.restore(cur.body);
            const Input keys = keysOf(m);
            MoveResult& res = out[mi];
            res.move = m;
            res.expander = mIndex;
            res.touchBegin = static_cast<std::uint32_t>(touched.size());
            res.key = 0;
            mRecentCount = 0;
            const bool toEdge = holds[mi] == kToEdge;
            const int hold = toEdge ? mGrid.edgeSteps : holds[mi];
            PlayerState s;
            int held = 0;
            for (int k = 1; k <= hold; ++k) {
                const BodySnapshot before = toEdge ? mSim.snapshot() : BodySnapshot{};
                const PlayerState next = mSim.step(keys);
                observe(next, RouteEnd{cur.node, m, static_cast<std::uint8_t>(k),
                                       cur.steps + static_cast<std::uint64_t>(k)});
                if (toEdge && !(next.contacts & OnGround)) {
                    mSim.restore(before); // one step short of falling: the ledge
                    break;
                }
                s = next;
                held = k;
            }
            res.touchEnd = static_cast<std::uint32_t>(touched.size());
            res.steps = static_cast<std::uint8_t>(held);
            res.contacts = s.contacts;
            // A walk to the ledge that stays on the ground all the way, or moves
            // not at all, found no ledge: nothing new.
            if (toEdge && (held == hold || held == 0))
                continue;
            // Standing: refined next to an opening; at a ledge, an edge state. An
            // arc keeps the refinement until it lands: of a state near an opening,
            // or of an edge state's jump over its ledge (its other moves are coarse).
            if (toEdge)
                res.refined = m == MLeft ? kEdgeLeft : kEdgeRight;
            else if (s.contacts & OnGround)
                res.refined =
                    (mGrid.zones->at(mSim.world().map(), s.position) & RefineZones::kOpening)
                        ? kFine
                        : kCoarse;
            else if (grounded)
                res.refined = (cur.refined == kEdgeLeft && m == MJumpLeft) ||
                                      (cur.refined == kEdgeRight && m == MJumpRight)
                                  ? cur.refined
                              : (zone & RefineZones::kOpening) ? static_cast<std::uint8_t>(kFine)
                                                               : static_cast<std::uint8_t>(kCoarse);
            else if ((cur.refined == kEdgeLeft && m == MRight) ||
                     (cur.refined == kEdgeRight && m == MLeft))
                res.refined = kCoarse;
            else if (mGrid.zones->at(mSim.world().map(), s.position) & RefineZones::kOpening)
                res.refined = kFine;
            else
                res.refined = cur.refined;
            const bool finite = std::isfinite(s.position.x) && std::isfinite(s.position.y);
            const bool lost = mGrid.noGravity && s.velocity.y >= 0 && s.position.y > mGrid.skyY;
            res.key = finite && !lost ? keyOf(s, res.refined) : 0;
            if (res.key) {
                res.body = mSim.snapshot();
                res.position = s.position;
            }
        }
        if (moveCount < static_cast<int>(kMaxMoves))
            out[moveCount].move = MCount;
    }

    /// Per batch buffer (one batch is merged while the next is expanded); emptied
    /// by BatchPool::start() before a batch is expanded into it again.
    std::vector<Touch> touches[2];

private:
    /// After every physics step of a move: the surfaces stood on and the spawns
    /// overlapped. A later step of the same move has a longer route, so a tile
    /// already touched in this move is not touched again.
    void observe(const PlayerState& s, const RouteEnd& end) {
        const Aabb box = mSim.box();
        const TileMap& map = mSim.world().map();
        if (s.contacts & OnGround) {
            const int py = map.tileYAtPoint(s.position.y - 0.5f);
            const int x0 = map.tileXAtPoint(box.min().x + 0.01f);
            const int x1 = map.tileXAtPoint(box.max().x - 0.01f);
            if (py >= 0 && py < mLevel.height) {
                for (int x = std::max(x0, 0); x <= std::min(x1, mLevel.width - 1); ++x) {
                    if (map.at(x, py) == Tile::Empty)
                        continue;
                    const int ly = physicsRow(mLevel, py);
                    const std::uint32_t key =
                        static_cast<std::uint32_t>(ly) * static_cast<std::uint32_t>(mLevel.width) +
                        static_cast<std::uint32_t>(x);
                    if (std::find(mRecent, mRecent + mRecentCount, key) != mRecent + mRecentCount)
                        continue;
                    mRecent[mRecentCount++ & 3] = key;
                    mRecentCount = std::min(mRecentCount, 4);
                    mTouched->push_back(Touch{key, -1, end});
                }
            }
        }
        mSpawns.overlapping(box, [&](int id) { mTouched->push_back(Touch{0, id, end}); });
    }

    /// x and y cells (22 bits each), the speed band (15 bits), the ground and
    /// one-way contacts, the refinement (Refined), and a set bit.
    std::uint64_t keyOf(const PlayerState& s, std::uint8_t refined) const {
        const ReachModel& m = mGrid.model;
        const float gx = refined == kFine ? m.fineGrid : m.positionGrid;
        const std::uint64_t qx =
            static_cast<std::uint64_t>(cell(s.position.x, gx) + (1 << 21)) & 0x3fffffu;
        const std::uint64_t qy =
            static_cast<std::uint64_t>(cell(s.position.y, m.positionGrid) + (1 << 21)) & 0x3fffffu;
        const std::uint64_t qv =
            static_cast<std::uint64_t>(cell(s.velocity.y, m.speedGrid) + (1 << 14)) & 0x7fffu;
        const std::uint64_t c =
            (s.contacts & OnGround ? 1u : 0u) | (s.contacts & OnOneWayPlatform ? 2u : 0u);
        return (qx << 42) | (qy << 20) | (qv << 5) | (c << 3) |
               (static_cast<std::uint64_t>(refined) << 1) | 1u;
    }

    const Level& mLevel;
    PlayerSim mSim;
    const SpawnIndex& mSpawns;
    Grid mGrid;
    std::uint16_t mIndex;
    std::vector<Touch>* mTouched = nullptr;
    std::uint32_t mRecent[4] = {};
    int mRecentCount = 0;
};

/// Expands batches of queued states on every thread. Helper threads start with
/// the first batch big enough to share and wait between batches. start() hands
/// a batch to the helpers and returns, so the caller can merge the previous
/// batch meanwhile; finish() has the caller take what is left of it and waits
/// for the helpers. Each thread builds its own Expander, so its world and
/// buffers come from its own heap arena: worlds built side by side by one
/// thread share cache lines, and two threads stepping them would take turns
/// owning those lines.
/// A helper's exception (out of memory) is rethrown by finish().
class BatchPool {
public:
    BatchPool(const Level& level, const SpawnIndex& spawns, Expander::Grid grid, int threads)
        : mLevel(level), mSpawns(spawns), mGrid(grid), mWanted(std::max(threads, 1)) {
        mExpanders.resize(static_cast<std::size_t>(mWanted));
        mExpanders[0] = std::make_unique<Expander>(level, spawns, grid, 0);
    }
    ~BatchPool() {
        {
            // A batch still with the helpers (the caller failed or stopped while
            // merging) writes into the caller's buffers: let it end first.
            std::unique_lock<std::mutex> lock(mMutex);
            mNext.store(mTotal, std::memory_order_relaxed);
            mDone.wait(lock, [&] { return mBusy == 0; });
            mQuit = true;
        }
        mWake.notify_all();
        for (std::thread& t : mThreads)
            t.join();
    }
    BatchPool(const BatchPool&) = delete;
    BatchPool& operator=(const BatchPool&) = delete;

    /// Starts expanding *items[i] into results[i * kMaxMoves ...] (Expander::expand),
    /// their touches into each Expander's touches[buffer], which it empties first
    /// (the batch merged from it before is done with them). The states must stay
    /// where they are until finish() (a deque's push_back and pop_front keep the
    /// other elements in place). The helpers are idle here, and each has put its
    /// Expander in place (a helper does so before its first batch, and a shared
    /// batch ends in finish(), which waits for every helper).
    void start(const std::vector<const Pending*>& items, std::vector<MoveResult>& results,
               int buffer) {
        for (auto& e : mExpanders)
            if (e)
                e->touches[buffer].clear();
        mItems = items.data();
        mResults = results.data();
        mBuffer = buffer;
        mTotal = items.size();
        mNext.store(0, std::memory_order_relaxed);
        if (mTotal < kShareFrom)
            return;
        startHelpers();
        if (mThreads.empty())
            return;
        {
            const std::lock_guard<std::mutex> lock(mMutex);
            mBusy = static_cast<int>(mThreads.size());
            ++mGeneration;
        }
        mWake.notify_all();
    }

    /// The caller expands what the helpers have not taken yet, then waits for them.
    void finish() {
        std::exception_ptr error;
        try {
            work(*mExpanders[0]);
        } catch (...) {
            error = std::current_exception();
            mNext.store(mTotal, std::memory_order_relaxed);
        }
        std::unique_lock<std::mutex> lock(mMutex);
        mDone.wait(lock, [&] { return mBusy == 0; });
        if (!error)
            error = std::exchange(mError, nullptr);
        if (error)
            std::rethrow_exception(error);
    }

    /// Whether start() gives a batch of n states to the helpers.
    bool shares(std::size_t n) const { return mWanted > 1 && n >= kShareFrom; }

    const std::vector<Touch>& touches(std::uint16_t expander, int buffer) const {
        return mExpanders[expander]->touches[buffer];
    }
    /// The touch buffers' bytes; only between finish() and the next start().
    std::size_t bytes() const {
        std::size_t b = 0;
        for (const auto& e : mExpanders)
            if (e)
                b += (e->touches[0].capacity() + e->touches[1].capacity()) * sizeof(Touch);
        return b;
    }
    /// The threads that have worked on a batch: the caller and the helpers started.
    int threads() const { return 1 + static_cast<int>(mThreads.size()); }

private:
    /// Batches smaller than this are expanded by the calling thread alone.
    static constexpr std::size_t kShareFrom = 64;
    static constexpr std::size_t kChunk = 16; ///< states taken at a time (well under a ms)

    void work(Expander& e) {
        for (;;) {
            const std::size_t begin = mNext.fetch_add(kChunk, std::memory_order_relaxed);
            if (begin >= mTotal)
                return;
            const std::size_t end = std::min(begin + kChunk, mTotal);
            for (std::size_t i = begin; i < end; ++i)
                e.expand(*mItems[i], mResults + i * kMaxMoves, mBuffer);
        }
    }

    void startHelpers() {
        if (mStarted)
            return;
        mStarted = true;
        for (int t = 1; t < mWanted; ++t) {
            try {
                mThreads.emplace_back([this, t] { helper(static_cast<std::size_t>(t)); });
            } catch (const std::system_error&) {
                break; // no more threads: go on with those there are
            }
        }
    }

    void helper(std::size_t index) {
        std::exception_ptr error;
        Expander* e = nullptr;
        try {
            auto own = std::make_unique<Expander>(mLevel, mSpawns, mGrid,
                                                  static_cast<std::uint16_t>(index));
            e = own.get();
            const std::lock_guard<std::mutex> lock(mMutex);
            mExpanders[index] = std::move(own);
        } catch (...) {
            error = std::current_exception();
        }
        std::uint64_t seen = 0;
        std::unique_lock<std::mutex> lock(mMutex);
        for (;;) {
            mWake.wait(lock, [&] { return mQuit || mGeneration != seen; });
            if (mQuit)
                return;
            seen = mGeneration;
            lock.unlock();
            try {
                if (e)
                    work(*e);
            } catch (...) {
                error = std::current_exception();
                mNext.store(mTotal, std::memory_order_relaxed); // the others stop early
            }
            lock.lock();
            if (error && !mError)
                mError = std::exchange(error, nullptr);
            if (--mBusy == 0)
                mDone.notify_one();
        }
    }

    const Level& mLevel;
    const SpawnIndex& mSpawns;
    Expander::Grid mGrid;
    int mWanted;
    bool mStarted = false;
    std::vector<std::unique_ptr<Expander>> mExpanders;
    std::vector<std::thread> mThreads;

    std::mutex mMutex;
    std::condition_variable mWake, mDone;
    std::uint64_t mGeneration = 0;
    int mBusy = 0;
    bool mQuit = false;
    std::exception_ptr mError;

    // The batch: written by start() before the helpers are woken.
    const Pending* const* mItems = nullptr;
    MoveResult* mResults = nullptr;
    int mBuffer = 0;
    std::size_t mTotal = 0;
    std::atomic<std::size_t> mNext{0};
};

int threadCount(int wanted) {
    if (wanted > 0)
        return std::min(wanted, ReachOptions::kMaxThreads);
    const unsigned hw = std::thread::hardware_concurrency();
    return std::clamp(static_cast<int>(hw), 1, ReachOptions::kMaxThreads);
}

} // namespace

ReachResult findReachable(const Level& level, const ReachOptions& options) {
    ReachResult result;
    ReachResult::Impl& r = *result.d;
    r.width = level.width;
    r.height = level.height;
    r.model = reachModel(level, options);
    const Spawn* player = level.player();
    if (!player || level.width <= 0 || level.height <= 0)
        return result;
    r.hasPlayer = true;
    r.spawns.emplace(player->id, RouteEnd{});

    const float ts = static_cast<float>(level.tileSize);
    const PlayerSim probe(level);
    const Vec2 half = probe.box().halfSize;
    const SpawnIndex spawnIndex(level, ts, half);
    const RefineZones zones(level, r.model, half);
    const TileMap& map = probe.world().map();
    const float mapTop =
        map.position().y + (static_cast<float>(level.height) - 0.5f) * map.tileSize();
    const WorldSettings settings = effectiveSettings(level);
    const float stepWalk = settings.walkSpeed * settings.dt;
    const float edgeReach = half.x + stepWalk * static_cast<float>(r.model.stepsPerMove);
    const Expander::Grid grid{
        r.model, &zones, !(settings.gravity > 0), std::max(mapTop, spawnIndex.top()),
        stepWalk > 0
            ? static_cast<int>(std::clamp(std::ceil(edgeReach / stepWalk) + 1.0f, 1.0f, 255.0f))
            : 1};
    KeySet seen;
    // Declared before the pool, which outlives them otherwise: its helpers read
    // the queued states and write the results until it is destroyed.
    std::deque<Pending> queue;
    std::vector<MoveResult> results[2];
    std::vector<const Pending*> items[2];
    BatchPool pool(level, spawnIndex, grid, threadCount(options.threads));

    std::size_t sinceProgress = 0;
    // The pool's buffers, as of the last finish(): measure() runs during merges,
    // while the helpers may be filling them.
    std::size_t poolBytes = 0;
    const auto measure = [&]() {
        const std::size_t routeBytes =
            (sizeof(RouteEnd) + 32) * (r.surfaces.size() + r.spawns.size());
        const std::size_t batchBytes =
            (results[0].capacity() + results[1].capacity()) * sizeof(MoveResult) +
            (items[0].capacity() + items[1].capacity()) * sizeof(const Pending*) + poolBytes;
        r.peakBytes =
            std::max(r.peakBytes, seen.bytes() + r.links.capacity() * sizeof(Link) +
                                      queue.size() * sizeof(Pending) + routeBytes + batchBytes);
    };
    const auto report = [&]() {
        if (options.progress)
            options.progress(ReachProgress{r.explored, queue.size(), r.surfaces.size()});
    };
    const auto offer = [](auto& routes, auto key, const RouteEnd& e) {
        auto [it, inserted] = routes.try_emplace(key, e);
        if (!inserted && e.total < it->second.total)
            it->second = e;
    };
    // Hands queue[first .. first + n) to the pool, into buffer `b`.
    const auto start = [&](int b, std::size_t first, std::size_t n) {
        if (results[b].size() < n * kMaxMoves)
            results[b].resize(n * kMaxMoves);
        items[b].resize(n);
        for (std::size_t i = 0; i < n; ++i)
            items[b][i] = &queue[first + i];
        pool.start(items[b], results[b], b);
    };
    // What a one-thread search does after expanding each of the first n states,
    // in queue order: offers what each step touched, queues the new states.
    const auto merge = [&](int b, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            const Pending cur = queue.front();
            queue.pop_front();
            ++r.explored;
            if (++sinceProgress >= options.progressInterval) {
                sinceProgress = 0;
                report();
                measure();
            }
            for (std::size_t mi = 0; mi < kMaxMoves; ++mi) {
                const MoveResult& res = results[b][i * kMaxMoves + mi];
                if (res.move == MCount)
                    break;
                const std::vector<Touch>& touches = pool.touches(res.expander, b);
                for (std::uint32_t t = res.touchBegin; t < res.touchEnd; ++t) {
                    const Touch& touch = touches[t];
                    if (touch.spawn < 0)
                        offer(r.surfaces, touch.surface, touch.end);
                    else
                        offer(r.spawns, touch.spawn, touch.end);
                }
                r.physicsSteps += res.steps;
                if (res.key == 0 || !seen.insert(res.key))
                    continue;
                if (r.links.size() >= std::numeric_limits<std::uint32_t>::max() - 1) {
                    r.finished = false;
                    continue;
                }
                const auto node = static_cast<std::uint32_t>(r.links.size());
                r.links.push_back(Link{cur.node, res.move, res.steps});
                queue.push_back({node, cur.steps + res.steps, res.contacts, res.refined,
                                 res.position, res.body});
            }
        }
        measure();
    };

    // The start: the player as its spawn starts it. A fresh body has no contacts,
    // so the first move is an air move even when the player spawns standing.
    queue.push_back({kNoNode, 0, 0, kCoarse, Vec2{}, BodySnapshot{}});

    // Batches of this many states at most: a few milliseconds of search, so a cancel is seen soon.
    constexpr std::size_t kBatch = 1024;
    int b = 0;          // the buffer of the batch to merge next
    std::size_t n = 0;  // its states, the queue's first
    bool ready = false; // whether it is expanded already
    while (!queue.empty()) {
        if (r.explored >= options.maxStates) {
            r.finished = false;
            break;
        }
        if (options.cancelled && options.cancelled()) {
            r.finished = false;
            r.cancelled = true;
            break;
        }
        if (!ready) {
            // Half of a short queue, so that the other half is expanded while
            // this one is merged, and the batches after it overlap in turn.
            const std::size_t q = queue.size();
            n = std::min({q > kBatch || !pool.shares(q / 2) ? q : q / 2, kBatch,
                          options.maxStates - r.explored});
            start(b, 0, n);
            pool.finish();
            poolBytes = pool.bytes();
        }
        // The states after this batch are expanded while it is merged: a
        // state's expansion does not depend on the merge, and the merge does
        // not move them (it pops this batch and pushes at the back).
        const std::size_t next =
            std::min({queue.size() - n, kBatch, options.maxStates - r.explored - n});
        ready = pool.shares(next);
        if (ready)
            start(b ^ 1, n, next);
        merge(b, n);
        if (ready) {
            pool.finish();
            poolBytes = pool.bytes();
            b ^= 1;
            n = next;
        }
    }
    report();
    measure();
    r.threads = pool.threads();
    return result;
}

} // namespace ts::level
