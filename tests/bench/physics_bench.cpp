// physics_bench: Tilesmith's physics against Box2D 2.4.1, Box2D v3 and a brute-force
// O(n^2) pair loop on the same scenes. Built by default, never run by ctest. Run
// `physics_bench --help` for the options.
#include "physics_bench_box2d.h"
#include "physics_bench_box2d3.h"
#include "physics_bench_options.h"
#include "physics_bench_report.h"
#include "physics_bench_scene.h"

#include "tilesmith/physics/world.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace ts;
using namespace ts::bench;

/// Our World, driven through its public API. The brute engine is the same World
/// with one partition cell covering the whole map (partitionCellTiles = 1024):
/// the same integration, tile sensors and impulse solver, but every pair of
/// bodies is tested in that one cell, O(n^2).
class TilesmithEngine final : public Engine {
public:
    TilesmithEngine(const Scene& scene, int cellTiles) : mScene(scene), mWorld(scene.map) {
        WorldSettings s = scene.settings;
        if (cellTiles > 0) {
            s.partitionCellTiles = cellTiles;
        }
        mWorld.setSettings(s);
        mIds.reserve(scene.spawns.size());
        for (const Spawn& sp : scene.spawns) {
            mIds.push_back(mWorld.add(bodyDef(scene, sp)));
        }
    }

    void prepare(std::uint64_t k) override {
        if (mScene.kind != SceneKind::Walkers) {
            return;
        }
        for (std::size_t i = 0; i < mIds.size(); ++i) {
            mWorld.setInput(mIds[i], walkerInput(mScene.seed, static_cast<std::uint32_t>(i), k));
        }
    }

    void step() override { mWorld.step(); }

    void pairs(double& tested, double& found) override {
        tested = static_cast<double>(mWorld.stats().pairsTested);
        found = static_cast<double>(mWorld.stats().pairsFound);
    }

    void boxes(std::vector<Aabb>& out) override {
        out.clear();
        out.reserve(mIds.size());
        for (BodyId id : mIds) {
            if (mWorld.isValid(id)) {
                out.push_back(mWorld.aabb(id));
            }
        }
    }

    std::uint64_t hash() const { return mWorld.stateHash(); }

private:
    const Scene& mScene;
    World mWorld;
    std::vector<BodyId> mIds;
};

std::optional<Measurement> report(const std::string& engine, const Scene& scene, const Options& o,
                                  const RunResult& r, int cellTiles = 0) {
    Measurement row;
    row.engine = engine;
    row.scene = scene.kind;
    row.bodies = static_cast<int>(scene.spawns.size());
    row.warmup = o.warmup;
    row.steps = static_cast<int>(r.stepMs.size());
    row.complete = row.steps >= o.steps;
    row.median = percentile(r.stepMs, 50);
    row.p99 = percentile(r.stepMs, 99);
    row.cellTiles = cellTiles;
    if (r.stepMs.empty()) {
        std::printf("# %s %s %zu: time limit hit during the warm-up: no measured step\n",
                    engine.c_str(), sceneName(scene.kind), scene.spawns.size());
        std::fflush(stdout);
        return std::nullopt;
    }
    const double pen = std::max(r.quality.maxBodyPenetration, r.quality.maxTilePenetration);
    std::printf("%-14s %-8s %7d %10.4f %10.4f %12.0f %10.0f %8.3f %6d\n", engine.c_str(),
                sceneName(scene.kind), static_cast<int>(scene.spawns.size()), row.median, row.p99,
                r.pairsTested, r.pairsFound, pen, r.quality.tunnelled);
    double mean = 0;
    for (double ms : r.stepMs) {
        mean += ms;
    }
    mean /= std::max<std::size_t>(r.stepMs.size(), 1);
    std::printf("#   detail %s %s %zu: body_body_pen=%.3f body_tile_pen=%.3f mean_ms=%.4f "
                "warmup=%d steps=%zu%s\n",
                engine.c_str(), sceneName(scene.kind), scene.spawns.size(),
                r.quality.maxBodyPenetration, r.quality.maxTilePenetration, mean, o.warmup,
                r.stepMs.size(),
                static_cast<int>(r.stepMs.size()) < o.steps ? " (time limit hit)" : "");
    std::fflush(stdout);
    return row;
}

/// Steps our world and reports each body on the step it first ends inside a
/// solid tile (or outside the map), with its box before and after the step.
void diagnose(const Scene& scene, const Options& o, int cellTiles) {
    TilesmithEngine engine(scene, cellTiles);
    std::vector<Aabb> before;
    std::vector<Aabb> after;
    engine.boxes(before);
    std::vector<char> reported(before.size(), 0);
    int found = 0;
    for (int s = 0; s < o.warmup + o.steps; ++s) {
        engine.prepare(static_cast<std::uint64_t>(s));
        engine.step();
        engine.boxes(after);
        for (std::size_t i = 0; i < after.size(); ++i) {
            if (reported[i]) {
                continue;
            }
            // First report a body the step pushes more than 1 px into solid tiles,
            // then again when its centre ends inside one.
            const double pen = tilePenetration(scene.map, after[i]);
            if (reported[i] == 0 && pen > 1.0 && tilePenetration(scene.map, before[i]) <= 1.0) {
                std::printf("embed  %s bodies=%zu step=%d body=%zu depth %.3f px centre (%.3f, "
                            "%.3f) -> (%.3f, %.3f)\n",
                            sceneName(scene.kind), after.size(), s + 1, i, pen,
                            static_cast<double>(before[i].center.x),
                            static_cast<double>(before[i].center.y),
                            static_cast<double>(after[i].center.x),
                            static_cast<double>(after[i].center.y));
            }
            if (!isTunnelled(scene.map, after[i])) {
                continue;
            }
            reported[i] = 1;
            ++found;
            const Aabb& a = before[i];
            const Aabb& b = after[i];
            std::printf("tunnel %s bodies=%zu step=%d body=%zu centre (%.3f, %.3f) -> (%.3f, "
                        "%.3f) tile (%d, %d) -> (%d, %d)\n",
                        sceneName(scene.kind), after.size(), s + 1, i,
                        static_cast<double>(a.center.x), static_cast<double>(a.center.y),
                        static_cast<double>(b.center.x), static_cast<double>(b.center.y),
                        scene.map.tileXAtPoint(a.center.x), scene.map.tileYAtPoint(a.center.y),
                        scene.map.tileXAtPoint(b.center.x), scene.map.tileYAtPoint(b.center.y));
        }
        std::swap(before, after);
    }
    std::printf("# diagnose %s bodies=%zu: %d bodies tunnelled in %d steps\n",
                sceneName(scene.kind), before.size(), found, o.warmup + o.steps);
}

} // namespace

int main(int argc, char** argv) {
    const std::optional<Options> parsed = parseArgs(argc, argv);
    if (!parsed) {
        return 2;
    }
    const Options& o = *parsed;
    if (o.diagnose) {
        for (SceneKind kind : o.scenes) {
            for (int n : o.bodies) {
                diagnose(makeScene(kind, n, o.seed), o, o.cells.empty() ? 0 : o.cells.front());
            }
        }
        return 0;
    }

    const TileMap terrain = makeTerrain(o.seed);
    std::printf("# physics_bench: map %dx%d tiles of %.0f px, bodies %.0fx%.0f px, density %d "
                "bodies per full map (a run of N fills a band N/%d of the map wide)\n",
                kMapWidth, kMapHeight, static_cast<double>(kTileSize),
                static_cast<double>(2 * kBodyHalf), static_cast<double>(2 * kBodyHalf),
                kFullMapBodies, kFullMapBodies);
    std::printf("# terrain seed %llu: %zu merged solid boxes, %zu one-way runs; warmup %d, "
                "measured steps %d, quality sampled every %d steps, time limit per run %.0f s "
                "(0 = none)\n",
                static_cast<unsigned long long>(o.seed),
                mergeTiles(terrain, Tile::Solid, true).size(),
                mergeTiles(terrain, Tile::OneWay, false).size(), o.warmup, o.steps, o.sampleEvery,
                o.timeLimit);
#ifdef NDEBUG
    const char* buildType = "optimised (NDEBUG)";
#else
    const char* buildType = "NOT optimised (assertions on): use a Release build for numbers";
#endif
    std::printf("# compiler %s, %s\n", __VERSION__, buildType);
    if (box2dAvailable()) {
        std::printf("# box2d %s: fixed rotation, friction 0, sleeping off, 8 velocity / 3 "
                    "position iterations, one-way tiles via a pre-solve listener; box2d = "
                    "continuous collision on (its default), box2d-nocd = off\n",
                    box2dVersion());
    } else if (wants(o, "box2d") || wants(o, "box2d-nocd")) {
        std::printf("# box2d: not available (built without libbox2d-dev): engine skipped\n");
    }
    if (box2d3Available()) {
        std::printf("# box2d3 %s: 1 worker, 4 sub-steps and its other defaults; fixed rotation "
                    "(motion lock), friction 0, sleeping off, one-way tiles via a pre-solve "
                    "callback; box2d3 = continuous on (its default), box2d3-nocd = off\n",
                    box2d3Version().c_str());
    } else if (wants(o, "box2d3") || wants(o, "box2d3-nocd")) {
        std::printf("# box2d3: not available (configure with -DTILESMITH_BOX2D_V3_DIR=... or "
                    "-DTILESMITH_BOX2D_V3_FETCH=ON): engine skipped\n");
    }
    std::printf("engine         scene     bodies ms_per_step_median ms_per_step_p99 "
                "pairs_tested pairs_found max_penetration tunnelled\n");
    std::fflush(stdout);

    const std::vector<int> cells = o.cells.empty() ? std::vector<int>{0} : o.cells;
    const int defaultCell = WorldSettings{}.partitionCellTiles;
    Summary summary(defaultCell);
    using Clock = std::chrono::steady_clock;
    const auto msSince = [](Clock::time_point t0) {
        return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    };
    // One engine of a scene and size: what it is called, and once created, the world.
    struct Entry {
        std::string name; ///< as reported ("tilesmith/c8" in a cell sweep)
        std::string kind; ///< the --engines name
        int cellTiles = 0;
        std::unique_ptr<Engine> engine;
        const TilesmithEngine* ours = nullptr; ///< for the state hash
        double setupMs = 0;
    };
    const auto plan = [&](int n) {
        std::vector<Entry> out;
        for (const std::string& e : o.engines) {
            if (e == "tilesmith") {
                for (int c : cells) {
                    const int used = c > 0 ? c : defaultCell;
                    out.push_back({cells.size() > 1 ? "tilesmith/c" + std::to_string(used) : e, e,
                                   used, nullptr, nullptr, 0});
                }
            } else if (e == "brute" && n > o.bruteMax) {
                std::printf("# brute skipped at %d bodies (> --brute-max %d)\n", n, o.bruteMax);
            } else {
                out.push_back({e, e, 0, nullptr, nullptr, 0});
            }
        }
        return out;
    };
    // Creates the entry's world (false: the engine is not available in this build).
    const auto create = [&](Entry& en, const Scene& scene) {
        const auto t0 = Clock::now();
        if (en.kind == "tilesmith" || en.kind == "brute") {
            // brute: one partition cell as large as the map, all pairs tested.
            auto ours = std::make_unique<TilesmithEngine>(
                scene, en.kind == "brute" ? std::max(kMapWidth, kMapHeight) : en.cellTiles);
            en.ours = ours.get();
            en.engine = std::move(ours);
        } else {
            const bool continuous = en.kind == "box2d" || en.kind == "box2d3";
            en.engine = en.kind.rfind("box2d3", 0) == 0 ? makeBox2d3Engine(scene, continuous)
                                                        : makeBox2dEngine(scene, continuous);
        }
        en.setupMs = msSince(t0);
        if (en.engine) {
            std::printf("#   setup %s %s %zu: %.2f ms to create the world and add the bodies\n",
                        en.name.c_str(), sceneName(scene.kind), scene.spawns.size(), en.setupMs);
        }
        return en.engine != nullptr;
    };
    // Reports a finished run, and for the settle scene keeps stepping the engine
    // (untimed) for the settled-penetration check.
    const auto finish = [&](Entry& en, const Scene& scene, const EngineRun& run) {
        const std::optional<Measurement> m = report(en.name, scene, o, run.result(), en.cellTiles);
        if (m) {
            summary.add(*m);
        }
        const bool settled = std::find(o.settleEngines.begin(), o.settleEngines.end(), en.kind) !=
                             o.settleEngines.end();
        if (m && m->complete && settled && scene.kind == SceneKind::Settle && o.settleSteps > 0) {
            const SettleCheck c = settleCheck(*en.engine, scene, en.name, run.stepsTaken(),
                                              o.settleSteps, o.settleWindow);
            std::printf("#   settled %s %d after %d steps: body_body_pen=%.3f body_tile_pen=%.3f "
                        "max_speed=%.1f px/s (at %.0f, %.0f) tunnelled=%d\n",
                        en.name.c_str(), c.bodies, c.steps, c.maxBodyPenetration,
                        c.maxTilePenetration, c.maxSpeed, static_cast<double>(c.fastest.x),
                        static_cast<double>(c.fastest.y), c.tunnelled);
            summary.add(c);
        }
        if (en.ours) {
            std::printf("#   state_hash %016llx\n",
                        static_cast<unsigned long long>(en.ours->hash()));
        }
        std::fflush(stdout);
    };
    if (o.interleave > 0) {
        std::printf("# interleaved: all engines of a scene and %s live at once; after the "
                    "warm-up they take turns, each turn 1 untimed step (to warm its caches "
                    "again) and %d timed steps\n",
                    o.interleaveSizes ? "every size" : "size", o.interleave);
    }
    const auto noteSpots = [](const Scene& scene, int n) {
        if (static_cast<int>(scene.spawns.size()) < n) {
            std::printf("# only %zu free spots for %d bodies\n", scene.spawns.size(), n);
        }
    };
    // The engines that take turns: their scenes (at fixed addresses, as the
    // engines refer to them) and entries.
    struct Round {
        std::vector<std::unique_ptr<Scene>> scenes;
        std::vector<Entry> entries;
        std::vector<std::size_t> sceneOf; ///< per entry
    };
    // Adds the engines of one scene and size to a round (those this build has).
    const auto addToRound = [&](Round& round, SceneKind kind, int n) {
        round.scenes.push_back(std::make_unique<Scene>(makeScene(kind, n, o.seed)));
        const Scene& scene = *round.scenes.back();
        noteSpots(scene, n);
        for (Entry& en : plan(n)) {
            if (create(en, scene)) {
                round.entries.push_back(std::move(en));
                round.sceneOf.push_back(round.scenes.size() - 1);
            }
        }
    };
    const auto runRound = [&](Round& round) {
        std::vector<EngineRun> runs;
        runs.reserve(round.entries.size());
        for (std::size_t k = 0; k < round.entries.size(); ++k) {
            runs.emplace_back(*round.entries[k].engine, *round.scenes[round.sceneOf[k]], o.steps,
                              o.sampleEvery, o.timeLimit);
            runs.back().untimed(o.warmup);
        }
        for (bool more = true; more;) {
            more = false;
            for (EngineRun& run : runs) {
                run.untimed(1);
                run.timed(o.interleave);
                more = more || !run.done();
            }
        }
        for (std::size_t k = 0; k < round.entries.size(); ++k) {
            finish(round.entries[k], *round.scenes[round.sceneOf[k]], runs[k]);
        }
    };
    for (SceneKind kind : o.scenes) {
        if (o.interleaveSizes) {
            Round round;
            for (int n : o.bodies) {
                addToRound(round, kind, n);
            }
            runRound(round);
            continue;
        }
        for (int n : o.bodies) {
            if (o.interleave > 0) {
                Round round;
                addToRound(round, kind, n);
                runRound(round);
                continue;
            }
            const Scene scene = makeScene(kind, n, o.seed);
            noteSpots(scene, n);
            // One engine at a time: created, measured, destroyed.
            for (Entry& en : plan(n)) {
                if (!create(en, scene)) {
                    continue;
                }
                EngineRun run(*en.engine, scene, o.steps, o.sampleEvery, o.timeLimit);
                run.untimed(o.warmup);
                run.timed(o.steps);
                finish(en, scene, run);
                en.engine.reset();
            }
        }
    }
    summary.print();
    return 0;
}
