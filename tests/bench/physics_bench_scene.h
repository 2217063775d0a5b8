// physics_bench: scenes shared by every engine (terrain, spawns, walker inputs),
// the per-step timing loop and the engine-independent quality checks.
#pragma once

#include "tilesmith/physics/tilemap.h"
#include "tilesmith/physics/vec2.h"
#include "tilesmith/physics/world.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ts::bench {

// The benchmark world: 1024 x 256 tiles of 16 px, bottom-left corner at (0, 0).
inline constexpr int kMapWidth = 1024;
inline constexpr int kMapHeight = 256;
inline constexpr float kTileSize = 16.0f;
// Every body is a 10 x 10 px box: small enough that 100k of them fit the map
// at the fixed density below without starting in contact.
inline constexpr float kBodyHalf = 5.0f;
// Density: kFullMapBodies bodies spread over the whole map. A run with N bodies
// fills a band of the map N / kFullMapBodies as wide (full height), so every
// size has the same bodies per free tile (about one body per 2.6 tiles).
inline constexpr int kFullMapBodies = 100000;

enum class SceneKind { Walkers, Settle, Gas };
const char* sceneName(SceneKind k);
bool parseScene(std::string_view s, SceneKind& out);
/// A comma list of scene names, "all" standing for every scene; false for an
/// unknown name or an empty list.
bool parseSceneList(std::string_view s, std::vector<SceneKind>& out);

/// SplitMix64: a tiny seeded generator, identical on every platform (the
/// <random> distributions are not).
struct Rng {
    std::uint64_t state;
    explicit Rng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next();
    /// Uniform in [0, 1).
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double range(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    int rangeInt(int lo, int hiInclusive);
};
std::uint64_t mix64(std::uint64_t x);

struct Spawn {
    Vec2 centre;   ///< px
    Vec2 velocity; ///< px/s
};

struct Scene {
    SceneKind kind = SceneKind::Walkers;
    int bodies = 0;
    std::uint64_t seed = 1;
    TileMap map;
    WorldSettings settings; ///< gravity 0 for gas; partition cell left at the default
    float restitution = 0;
    bool gravity = true;
    Vec2 half{kBodyHalf, kBodyHalf};
    float regionWidthPx = 0; ///< the band the bodies start in: x in [16, 16 + regionWidthPx)
    std::vector<Spawn> spawns;
};

/// Deterministic terrain from the seed: solid floor (2 rows), ceiling row and
/// side columns (the map is closed), walls standing on the floor, solid and
/// one-way platforms.
TileMap makeTerrain(std::uint64_t seed);
Scene makeScene(SceneKind kind, int bodies, std::uint64_t seed);

/// Our world's body for a spawn of the scene: a box of the scene's size, a character
/// in walkers, unit mass, the scene's restitution and gravity.
BodyDef bodyDef(const Scene& scene, const Spawn& spawn);

/// Walker i's input at step k: a seeded choice held for a per-body period of
/// 24..36 steps (so the bodies do not all change on the same step).
Input walkerInput(std::uint64_t seed, std::uint32_t body, std::uint64_t step);

/// Tile rectangle [x0, x1) x [y0, y1), physics rows (row 0 at the bottom).
struct TileRect {
    int x0, y0, x1, y1;
};
/// Runs of `kind` merged horizontally per row, then equal runs merged
/// vertically when `mergeRows` is set.
std::vector<TileRect> mergeTiles(const TileMap& map, Tile kind, bool mergeRows);

/// Engine-independent checks on the bodies' boxes after a step (px).
struct Quality {
    double maxBodyPenetration = 0; ///< deepest body-body overlap, min(ox, oy)
    double maxTilePenetration = 0; ///< deepest overlap of a body with a solid tile
    int tunnelled = 0;             ///< centre inside a solid tile, outside the map, or not finite
};
Quality measureQuality(const TileMap& map, std::span<const Aabb> boxes);
/// How deep (min(ox, oy), px) a box reaches into the solid tiles it overlaps.
double tilePenetration(const TileMap& map, const Aabb& box);
/// The tunnelled test of measureQuality for one box.
bool isTunnelled(const TileMap& map, const Aabb& box);

/// What every engine provides to the timing loop.
class Engine {
public:
    virtual ~Engine() = default;
    /// Harness work before step k (inputs): not timed.
    virtual void prepare(std::uint64_t k) = 0;
    /// One physics step: the only timed call.
    virtual void step() = 0;
    /// Pair counters of the last step (not timed).
    virtual void pairs(double& tested, double& found) = 0;
    /// Bodies' world boxes in px (not timed).
    virtual void boxes(std::vector<Aabb>& out) = 0;
};

struct RunResult {
    std::vector<double> stepMs;
    double pairsTested = 0; ///< mean per measured step
    double pairsFound = 0;  ///< mean per measured step
    Quality quality;        ///< penetrations: max over samples; tunnelled: after the last step
};

/// One engine's run, stepped in pieces: untimed steps (warm-up) and timed ones,
/// each timed step alone with steady_clock; quality sampled every `sampleEvery`
/// measured steps, after the last one and when time runs out. A positive
/// `timeLimitSeconds` stops the run once its own steps (untimed ones and the
/// harness work around each included; not other engines' turns) have taken that
/// long: it then holds fewer than `steps` measurements.
/// runEngine() runs it in one go; `physics_bench --interleave` runs several
/// engines' runs in rounds, so that they share the machine's state over time.
class EngineRun {
public:
    EngineRun(Engine& engine, const Scene& scene, int steps, int sampleEvery = 10,
              double timeLimitSeconds = 0);
    /// Up to `n` untimed steps (none once the run is done).
    void untimed(int n);
    /// Up to `n` timed steps, fewer when the measurements are complete or time ran out.
    void timed(int n);
    /// Every measured step taken, or out of time.
    bool done() const { return mOutOfTime || measured() >= mSteps; }
    /// Steps taken so far (timed and untimed): the next step's index.
    int stepsTaken() const { return mStep; }
    /// The measurements so far, with the pair counters' means.
    RunResult result() const;

private:
    int measured() const { return static_cast<int>(mResult.stepMs.size()); }
    /// Adds the time since `t0` to the run's own time; true once past the limit.
    bool charge(std::chrono::steady_clock::time_point t0);

    Engine& mEngine;
    const Scene& mScene;
    int mSteps;
    int mSampleEvery;
    double mTimeLimit;
    double mUsedSeconds = 0; ///< this run's own time so far
    int mStep = 0;
    bool mOutOfTime = false;
    RunResult mResult;
    double mTested = 0;
    double mFound = 0;
    std::vector<Aabb> mBoxes;
};

/// `warmup` untimed steps, then `steps` timed ones (EngineRun in one go).
RunResult runEngine(Engine& engine, const Scene& scene, int warmup, int steps, int sampleEvery = 10,
                    double timeLimitSeconds = 0);

double percentile(std::vector<double> v, double p);

} // namespace ts::bench
