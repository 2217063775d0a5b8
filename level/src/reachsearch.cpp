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
#include "reachexpand.h"

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
            (sizeof(RouteEnd) + 32) * (r.surfaces.size() + r.spawns.size()) + r.spawnRoutesBytes;
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
                    else {
                        offer(r.spawns, touch.spawn, touch.end);
                        r.offerSpawnRoute(touch.spawn, touch.end);
                    }
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
