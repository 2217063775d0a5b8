// Reachability: which surfaces can the player stand on, and which spawns and
// goals can it touch, starting from its spawn? Answered by running the physics
// library's own character controller (the level's physics settings, the
// player's size) over a search of held inputs, so every "reachable" comes with
// the inputs that prove it (`tilesmith simulate --inputs` replays them).
//
// The search (findReachable) explores a model whose resolution is derived from
// the physics settings (ReachModel, reachModel(); docs/reachability.md "How the
// search works" is the one description of it):
//   - a state is the player after a step: its whole body state (World::snapshot),
//     from which the search continues exactly as an unbroken run would;
//   - moves hold keys for ReachModel::stepsPerMove steps (about 1/15 s): standing,
//     walk left/right, jump (straight, left, right), drop through a one-way
//     platform (down, down+left, down+right); in the air, steer left, right or
//     neither. Near a ledge, standing states also walk to its last step; near a
//     one-tile opening, single steps;
//   - states are merged on a grid of position and vertical speed (finer than one
//     move of the slowest motion) with the ground and one-way contacts;
//   - breadth first from the player spawn, so routes are the shortest found in moves.
// Bodies: the fixed ones (boxes and balls of mass 0 resting where they spawn,
// fixedBodies()) are in the search's world, as obstacles and as ground; moving
// bodies (NPCs, pushable boxes, balls) are left out, and a route is checked with
// them by replaying it (lint.h). "Not reachable" means: not found by a search
// that explored this whole model (ReachResult::finished()) — not a proof that no
// input sequence reaches it.
// Qt-free: runs on a worker thread with progress and cancellation callbacks, and
// expands states on ReachOptions::threads threads of its own.
#pragma once

#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/level.h"
#include "tilesmith/physics/world.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace ts::level {

struct ReachProgress {
    std::size_t statesExplored = 0; ///< states expanded so far
    std::size_t statesQueued = 0;   ///< states found but not expanded yet
    std::size_t surfaces = 0;       ///< standable tiles reached so far
};

struct ReachOptions {
    /// Steps each move holds its keys; 0 (or less) derives it from the level's dt
    /// (reachModel()). Capped at 255.
    int stepsPerMove = 0;
    /// Merge grid: positions closer than this (px) per axis share a cell...
    /// 0 (or less, or not finite) derives it from the settings (reachModel()).
    float positionGrid = 0.0f;
    /// ...when their vertical speeds are in the same band of this many px/s
    /// (0: derived).
    float speedGrid = 0.0f;
    /// Refinement (reachModel()): near a ledge a walk to its last step, near a
    /// one-tile opening single-step walks on a finer grid; false searches the
    /// plain model only.
    bool refine = true;
    /// The slow reference search: every input every step, merged at sub-pixel
    /// resolution (ReachModel::kExhaustive*). For small levels and tests only: the
    /// state count grows with the level's area times its air time.
    bool exhaustive = false;
    /// Stop after expanding this many states (the result is then not finished()).
    std::size_t maxStates = 30'000'000;
    /// Called every progressInterval expanded states (and once at the end), on
    /// the calling thread.
    std::function<void(const ReachProgress&)> progress;
    std::size_t progressInterval = 1u << 16;
    /// Polled on the calling thread before each batch of at most 1024 states
    /// (a few milliseconds of search); returning true stops the search (the
    /// result is then not finished() and marked cancelled).
    std::function<bool()> cancelled;
    /// Threads that expand states: 0 (or less) = one per hardware thread, 1 = the calling
    /// thread alone; at most kMaxThreads. The result is the same for every
    /// count, bit for bit (states, routes, counts): the calling thread merges
    /// each batch in queue order, as one thread would.
    int threads = 0;
    static constexpr int kMaxThreads = 64;
};

/// The model a search explores: its moves and merge resolution, derived from the
/// level's physics settings unless ReachOptions overrides them (reachModel()).
struct ReachModel {
    int stepsPerMove = 4;    ///< steps a move holds its keys
    float positionGrid = 4;  ///< px: merge cell width and height
    float fineGrid = 4;      ///< px: merge cell width of refined states (below one step's walk)
    float speedGrid = 50;    ///< px/s: vertical speed band
    bool refine = true;      ///< walks to ledges, single steps near one-tile openings
    bool exhaustive = false; ///< every input every step (ReachOptions::exhaustive)
    /// The exhaustive mode's grids: sub-pixel positions, half of one step's
    /// gravity in speed.
    static constexpr float kExhaustiveGrid = 0.5f;
    bool operator==(const ReachModel&) const = default;
};

/// The model findReachable(level, options) explores. Derived (docs/reachability.md):
///   stepsPerMove = round(1 / (15 dt)) in [1, 255] (about 1/15 s of hold at any dt);
///   positionGrid = min(4 px, half the distance one move covers at the slowest
///     motion: walking at walk_speed, rising at jump_speed, falling at max_fall_speed);
///   speedGrid = min(50 px/s, half the speed gravity adds in one move);
///   fineGrid = min(positionGrid, half of one step's walk).
/// Settings the physics refuses (WorldSettings::isValid) are read as the defaults,
/// as the world the search steps reads them.
ReachModel reachModel(const Level& level, const ReachOptions& options = {});

/// A route: the script and its length in steps (its last step reaches the target).
struct Route {
    InputScript script;
    std::uint64_t steps = 0;
};

/// A tile in level coordinates (row 0 at the top).
struct LevelTile {
    int x = 0;
    int y = 0;
    bool operator==(const LevelTile&) const = default;
};

/// The tiles `player` stands on in `world` (built from `level`): the solid or one-way
/// tiles right under its feet across its box, when it is on the ground; the rule by
/// which the search counts a surface reached (standable(), routeToSurface()). So a
/// route played in a world with moving bodies can be checked to end where it should.
std::vector<LevelTile> tilesStoodOn(const Level& level, const World& world, BodyId player);

class ReachResult {
public:
    ReachResult();
    ~ReachResult();
    ReachResult(ReachResult&&) noexcept;
    ReachResult& operator=(ReachResult&&) noexcept;
    ReachResult(const ReachResult&) = delete;
    ReachResult& operator=(const ReachResult&) = delete;

    bool hasPlayer() const;
    /// The search explored its whole model (not cancelled, no state limit hit).
    /// This is all it claims: a surface it did not find may still be reachable by
    /// inputs outside the model (model(); docs/reachability.md).
    bool finished() const;
    /// The old name of finished(), kept for existing callers.
    bool complete() const { return finished(); }
    /// The model this search explored.
    const ReachModel& model() const;
    bool cancelled() const;
    std::size_t statesExplored() const;
    std::uint64_t physicsSteps() const;
    /// The search's peak memory in bytes (state set, queue, routes), for benchmarks.
    std::size_t peakBytes() const;
    /// The threads that expanded states (ReachOptions::threads as it was applied:
    /// helpers start only when the queue is long enough to share).
    int threads() const;

    /// Whether the player stood on top of tile (x, y) (a solid or one-way tile).
    bool standable(int x, int y) const;
    /// Every standable tile reached, sorted by row, then column.
    std::vector<LevelTile> surfaces() const;
    /// The shortest known route that ends standing on tile (x, y).
    std::optional<Route> routeToSurface(int x, int y) const;

    /// Whether the player's box overlapped spawn `id`'s area (a goal's area, or
    /// another spawn's box where it starts). The player spawn itself counts as reached.
    bool spawnReached(int id) const;
    /// The shortest known route whose last step overlaps spawn `id`.
    std::optional<Route> routeToSpawn(int id) const;
    /// Routes to spawn `id` to try when moving bodies block the shortest: the
    /// shortest first, then up to kSpawnRoutes - 1 others, distinct arrivals spread
    /// over the search (the 1st, 2nd, 4th, 8th... in the order found, so later ones
    /// share less of their way with the first). Empty when not reached.
    std::vector<Route> routesToSpawn(int id) const;
    static constexpr int kSpawnRoutes = 8;

    struct Impl;

private:
    friend ReachResult findReachable(const Level&, const ReachOptions&);
    std::unique_ptr<Impl> d;
};

/// Searches the level from its player spawn (see the top of this header).
/// A level without a player gives an empty, complete result.
ReachResult findReachable(const Level& level, const ReachOptions& options = {});

// --- primitives: the player in the level's tile map and fixed bodies ----------

/// The player's state after a step, as the search stores it.
struct PlayerState {
    Vec2 position; ///< feet (BodyDef::position), world pixels, y up
    Vec2 velocity; ///< px/s
    std::uint8_t contacts = 0;
};

/// Which of the level's spawns are fixed bodies (parallel to level.spawns): boxes
/// and balls of mass 0 (infinite: no impulse or push moves them) and no speed
/// that rest where they spawn, held by the tile below, so their position is the
/// same at every step of every run. The search's world holds them: the player
/// walks into them, jumps over them and stands on them. Every other body moves
/// (NPCs walk, boxes and balls with mass are pushed, a body of mass 0 in the air
/// falls) and is left out of the search (docs/reachability.md).
std::vector<bool> fixedBodies(const Level& level);

/// A world with the level's tile map, physics settings, its fixed bodies
/// (fixedBodies()) and one player body of the player's size (the default player
/// size without a player spawn), in spawn order as buildWorld() adds them. Cheap
/// to step; building one copies the map.
class PlayerSim {
public:
    explicit PlayerSim(const Level& level);
    /// With `fixed` as fixedBodies(level) gives it (computed once for many sims).
    PlayerSim(const Level& level, const std::vector<bool>& fixed);
    /// Puts the player in `s` exactly as a world that reached `s` by stepping
    /// holds it (contacts included). False when that cannot be reproduced (the
    /// player is then somewhere undefined). It can be when the player stood on a
    /// fixed body (see snapshot()).
    bool reset(const PlayerState& s);
    /// The player as its spawn starts it (a fresh body: no contacts yet).
    void resetToSpawn();
    /// The player's whole dynamic state (World::snapshot): restore() puts it back
    /// exactly, so stepping on from it is bit-identical to never having left, unless
    /// it touched a fixed body at that step (the world then re-finds that contact
    /// in the next step instead of carrying it over: docs/reachability.md).
    BodySnapshot snapshot() const { return mWorld.snapshot(mId); }
    bool restore(const BodySnapshot& s) { return mWorld.restore(mId, s); }
    /// The player standing at rest on level tile (x, y) (feet on the tile's
    /// bottom edge, as a spawn there would be). False when it does not stand there.
    bool placeOn(int x, int y);
    /// One step with `input`; returns the new state.
    PlayerState step(const Input& input);
    PlayerState state() const;
    Aabb box() const;
    const World& world() const { return mWorld; }
    /// The fixed bodies in the world.
    int fixedBodyCount() const { return mFixedCount; }

private:
    void addBody(Vec2 position, Vec2 velocity);
    int mTileSize;
    int mLevelHeight;
    Vec2 mSpawnPosition;
    Vec2 mSpawnVelocity;
    World mWorld;
    BodyDef mDef;
    BodyId mId;
    int mFixedCount = 0;
};

/// One arc of the player, step by step.
struct Trajectory {
    std::vector<PlayerState> states; ///< after each step; states[0] is after step 1
    bool landed = false;             ///< ended standing (OnGround) after leaving the ground
    Route route;                     ///< the inputs that make it (from the start state)
};

/// Simulates the player from standing on level tile (x, y) with `script` until it
/// lands again after leaving the ground, or `maxSteps` steps. Empty when the
/// player cannot stand on (x, y).
Trajectory simulateScript(const Level& level, int x, int y, const InputScript& script,
                          int maxSteps = 600);

/// Simulates the player from standing on level tile (x, y) holding `first` for
/// `firstSteps` steps, then `then` until it lands again after leaving the ground,
/// or `maxSteps` steps. Empty when the player cannot stand on (x, y).
Trajectory simulateHeld(const Level& level, int x, int y, const Input& first, int firstSteps,
                        const Input& then, int maxSteps = 600);

} // namespace ts::level
