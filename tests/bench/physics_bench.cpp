// physics_bench: Tilesmith's physics against Box2D 2.4.1, Box2D v3 and a
// brute-force O(n^2) pair loop on the same scenes (issues 2 and 8, Benchmark).
// Built by default, never run by ctest. Run `physics_bench --help` for the options.
#include "physics_bench_box2d.h"
#include "physics_bench_box2d3.h"
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
            BodyDef d;
            d.shape = Shape::Aabb;
            d.control = scene.kind == SceneKind::Walkers ? Control::Character : Control::None;
            d.position = sp.centre;
            d.halfSize = scene.half;
            d.velocity = sp.velocity;
            d.mass = 1.0f;
            d.restitution = scene.restitution;
            d.gravity = scene.gravity;
            mIds.push_back(mWorld.add(d));
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

struct Options {
    std::vector<SceneKind> scenes{SceneKind::Walkers, SceneKind::Settle, SceneKind::Gas};
    std::vector<int> bodies{1000, 10000};
    std::vector<std::string> engines{"tilesmith", "box2d-nocd", "box2d3", "box2d3-nocd"};
    std::vector<int> cells; ///< tilesmith partition cell sizes; empty = the library default
    int steps = 300;
    int warmup = 30;
    int sampleEvery = 10;
    int bruteMax = 10000;
    std::uint64_t seed = 1;
    double timeLimit = 0; ///< seconds per engine run, 0 = none
    bool diagnose = false;
    int interleave = 0;    ///< 0 = engines one after another; B = turns of B timed steps
    int settleSteps = 900; ///< settle scene: total steps before the settled check (0 = off)
    int settleWindow = 60; ///< ... sampled over its last this many steps
    std::vector<std::string> settleEngines{"tilesmith"};
};

const char* const kEngineNames[] = {"tilesmith", "box2d",       "box2d-nocd",
                                    "box2d3",    "box2d3-nocd", "brute"};

bool isEngineName(std::string_view s) {
    return std::find(std::begin(kEngineNames), std::end(kEngineNames), s) != std::end(kEngineNames);
}

void printHelp() {
    std::printf(
        "usage: physics_bench [options]\n"
        "  --scene walkers|settle|gas|all   (a comma list works too; default all)\n"
        "  --bodies N[,N...]                bodies per run (default 1000,10000)\n"
        "  --steps K                        measured steps (default 300)\n"
        "  --warmup W                       untimed steps before measuring (default 30)\n"
        "  --engines E[,E...]               tilesmith, box2d (2.4.1), box2d-nocd (2.4.1 with\n"
        "                                   continuous collision off), box2d3 (v3, 1 worker,\n"
        "                                   its defaults), box2d3-nocd (v3, continuous off),\n"
        "                                   brute, or all (default\n"
        "                                   tilesmith,box2d-nocd,box2d3,box2d3-nocd)\n"
        "  --cells C[,C...]                 tilesmith partition cell sizes in tiles\n"
        "                                   (default: the library's default; several = sweep,\n"
        "                                   e.g. --cells 2,3,4,6,8,16 --engines tilesmith)\n"
        "  --settle-steps N                 settle scene: after the timed steps, keep stepping\n"
        "                                   (untimed) to N steps in all, then report the\n"
        "                                   deepest body-body and body-tile penetration over\n"
        "                                   the last --settle-window steps (default 900, 0 = off)\n"
        "  --settle-window N                (default 60)\n"
        "  --settle-engines E[,E...]        engines checked after settling (default tilesmith;\n"
        "                                   all = every engine of the run)\n"
        "  --seed S                         terrain, spawn and input seed (default 1)\n"
        "  --brute-max N                    largest run for the brute engine (default 10000)\n"
        "  --sample-every N                 quality check every N measured steps (default 10)\n"
        "  --time-limit SEC                 stop an engine's run after SEC seconds of its own\n"
        "                                   (warm-up included) and report the steps measured so "
        "far\n"
        "  --interleave B                   run the engines of a scene and size in turns: all\n"
        "                                   created, each warmed up, then round after round\n"
        "                                   each takes 1 untimed step (its caches) and B timed\n"
        "                                   ones, so slow drifts of the machine reach every\n"
        "                                   engine alike (default 0: one engine after another)\n"
        "  --diagnose                       no timing: run tilesmith and print every body\n"
        "                                   that tunnels into a solid tile, when and from where\n"
        "Each step is timed alone (steady_clock) around the engine's step call only. The\n"
        "engines run one after another on each scene and size (paired in one run); the\n"
        "summary at the end gives every speedup, the growth of ms/step from the smallest to\n"
        "the largest size, the settled penetration and the cell sweep.\n");
}

std::vector<std::string_view> splitList(std::string_view s) {
    std::vector<std::string_view> out;
    while (!s.empty()) {
        const std::size_t comma = s.find(',');
        out.push_back(s.substr(0, comma));
        if (comma == std::string_view::npos) {
            break;
        }
        s.remove_prefix(comma + 1);
    }
    return out;
}

template <typename T> std::optional<T> parseNumber(std::string_view s) {
    T v{};
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || ptr != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

template <typename T> bool parseNumberList(std::string_view s, std::vector<T>& out, T minValue) {
    out.clear();
    for (std::string_view part : splitList(s)) {
        const auto v = parseNumber<T>(part);
        if (!v || *v < minValue) {
            return false;
        }
        out.push_back(*v);
    }
    return !out.empty();
}

std::optional<Options> parseArgs(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            printHelp();
            std::exit(0);
        }
        if (arg == "--diagnose") {
            o.diagnose = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "physics_bench: %s needs a value (see --help)\n", argv[i]);
            return std::nullopt;
        }
        const std::string_view val = argv[++i];
        bool ok = true;
        if (arg == "--scene") {
            o.scenes.clear();
            for (std::string_view part : splitList(val)) {
                SceneKind k{};
                if (part == "all") {
                    o.scenes = {SceneKind::Walkers, SceneKind::Settle, SceneKind::Gas};
                } else if (parseScene(part, k)) {
                    o.scenes.push_back(k);
                } else {
                    ok = false;
                }
            }
            ok = ok && !o.scenes.empty();
        } else if (arg == "--bodies") {
            ok = parseNumberList(val, o.bodies, 1);
        } else if (arg == "--steps") {
            const auto v = parseNumber<int>(val);
            ok = v && *v > 0;
            o.steps = v.value_or(0);
        } else if (arg == "--warmup") {
            const auto v = parseNumber<int>(val);
            ok = v && *v >= 0;
            o.warmup = v.value_or(0);
        } else if (arg == "--sample-every") {
            const auto v = parseNumber<int>(val);
            ok = v && *v > 0;
            o.sampleEvery = v.value_or(1);
        } else if (arg == "--brute-max") {
            const auto v = parseNumber<int>(val);
            ok = v && *v >= 0;
            o.bruteMax = v.value_or(0);
        } else if (arg == "--seed") {
            const auto v = parseNumber<std::uint64_t>(val);
            ok = v.has_value();
            o.seed = v.value_or(0);
        } else if (arg == "--time-limit") {
            const auto v = parseNumber<int>(val);
            ok = v && *v >= 0;
            o.timeLimit = v.value_or(0);
        } else if (arg == "--interleave") {
            const auto v = parseNumber<int>(val);
            ok = v && *v >= 0;
            o.interleave = v.value_or(0);
        } else if (arg == "--cells") {
            ok = parseNumberList(val, o.cells, 1);
        } else if (arg == "--engines" || arg == "--settle-engines") {
            std::vector<std::string>& list = arg == "--engines" ? o.engines : o.settleEngines;
            list.clear();
            for (std::string_view part : splitList(val)) {
                if (part == "all") {
                    list.assign(std::begin(kEngineNames), std::end(kEngineNames));
                } else if (isEngineName(part)) {
                    list.emplace_back(part);
                } else {
                    ok = false;
                }
            }
            ok = ok && !list.empty();
        } else if (arg == "--settle-steps") {
            const auto v = parseNumber<int>(val);
            ok = v && *v >= 0;
            o.settleSteps = v.value_or(0);
        } else if (arg == "--settle-window") {
            const auto v = parseNumber<int>(val);
            ok = v && *v > 0;
            o.settleWindow = v.value_or(1);
        } else {
            std::fprintf(stderr, "physics_bench: unknown option %s (see --help)\n", argv[i - 1]);
            return std::nullopt;
        }
        if (!ok) {
            std::fprintf(stderr, "physics_bench: bad value '%s' for %s (see --help)\n", argv[i],
                         argv[i - 1]);
            return std::nullopt;
        }
    }
    return o;
}

bool wants(const Options& o, std::string_view engine) {
    return std::find(o.engines.begin(), o.engines.end(), engine) != o.engines.end();
}

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
        std::printf("# interleaved: all engines of a scene and size live at once; after the "
                    "warm-up they take turns, each turn 1 untimed step (to warm its caches "
                    "again) and %d timed steps\n",
                    o.interleave);
    }
    for (SceneKind kind : o.scenes) {
        for (int n : o.bodies) {
            const Scene scene = makeScene(kind, n, o.seed);
            if (static_cast<int>(scene.spawns.size()) < n) {
                std::printf("# only %zu free spots for %d bodies\n", scene.spawns.size(), n);
            }
            std::vector<Entry> entries = plan(n);
            if (o.interleave == 0) {
                // One engine at a time: created, measured, destroyed.
                for (Entry& en : entries) {
                    if (!create(en, scene)) {
                        continue;
                    }
                    EngineRun run(*en.engine, scene, o.steps, o.sampleEvery, o.timeLimit);
                    run.untimed(o.warmup);
                    run.timed(o.steps);
                    finish(en, scene, run);
                    en.engine.reset();
                }
                continue;
            }
            std::erase_if(entries, [&](Entry& en) { return !create(en, scene); });
            std::vector<EngineRun> runs;
            runs.reserve(entries.size());
            for (Entry& en : entries) {
                runs.emplace_back(*en.engine, scene, o.steps, o.sampleEvery, o.timeLimit);
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
            for (std::size_t k = 0; k < entries.size(); ++k) {
                finish(entries[k], scene, runs[k]);
            }
        }
    }
    summary.print();
    return 0;
}
