// Reachability benchmark: findReachable, the search behind `tilesmith lint`, on
// the tutorial, the crowd level, a generated 256 x 256 level and big.yaml
// (1024 x 1024, with progress). Prints wall and CPU time, states explored,
// states/s, physics steps/s and the search's peak memory.
//
//   build/release/bin/reach_bench [--only NAME] [--repeat N] [--threads N] [--walk PXS]
//       [--dt N] [--gravity PXS2] [--no-refine] [--exhaustive] [--k STEPS] [--grid PX]
//
// --threads is ReachOptions::threads (0, the default: one per hardware thread);
// the states, surfaces and goals are the same for every count. States/s and
// steps/s are per CPU second, so they compare the work, not the threads.
//
// tutorial240, gen256_240 and big240 are the same levels at dt 1/240; zerog is a
// 20 x 12 room without gravity. --walk, --dt N (1/N s) and --gravity set every
// level's physics; --no-refine and --exhaustive choose the model (reach.h).
//
// Goals: tutorial <= 100 ms, 256 x 256 <= 2 s, big <= 30 s, the same at dt 1/240,
// zerog <= 1 s (Release, quiet machine).
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"

#include "bandlevel.h"
#include "bench_args.h"
#include "bench_level.h"
#include "rowlevel.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

long peakRssKiB() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

ReachOptions gBase; ///< --k, --grid, --speed-grid, --threads, --no-refine, --exhaustive
float gWalk = 0, gDt = 0, gGravity = -1; ///< --walk, --dt 1/N, --gravity: the levels' settings

/// The level with the settings --walk, --dt and --gravity ask for.
Level withSettings(Level l) {
    if (gWalk > 0)
        l.physics.walkSpeed = gWalk;
    if (gDt > 0)
        l.physics.dt = gDt;
    if (gGravity >= 0)
        l.physics.gravity = gGravity;
    return l;
}

void runBench(const char* name, const Level& original, int repeat, bool progress) {
    const Level level = withSettings(original);
    double bestWall = 1e30, bestCpu = 1e30;
    std::size_t states = 0, surfaces = 0, bytes = 0;
    std::uint64_t steps = 0;
    bool complete = false;
    int goals = 0, reached = 0, threads = 0;
    for (int r = 0; r < repeat; ++r) {
        ReachOptions o = gBase;
        if (progress) {
            o.progressInterval = 1u << 18;
            o.progress = [&](const ReachProgress& p) {
                std::fprintf(stderr, "  %s: %zu states explored, %zu queued, %zu surfaces\n", name,
                             p.statesExplored, p.statesQueued, p.surfaces);
            };
        }
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = cpuSeconds();
        const ReachResult res = findReachable(level, o);
        const double cpu = cpuSeconds() - c0;
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        bestWall = std::min(bestWall, wall);
        bestCpu = std::min(bestCpu, cpu);
        states = res.statesExplored();
        steps = res.physicsSteps();
        surfaces = res.surfaces().size();
        bytes = res.peakBytes();
        complete = res.complete();
        threads = res.threads();
        goals = reached = 0;
        for (const Spawn& s : level.spawns)
            if (s.kind == SpawnKind::Goal) {
                ++goals;
                reached += res.spawnReached(s.id);
            }
        progress = false; // progress lines for the first run only
    }
    std::printf("%-11s %5d x %-5d %9.1f ms wall %9.1f ms cpu  %2d threads %10zu states "
                "%8.2f M states/s %8.2f M steps/s  %7zu surfaces  goals %d/%d  search memory "
                "%7.1f MiB%s\n",
                name, level.width, level.height, bestWall * 1e3, bestCpu * 1e3, threads, states,
                double(states) / bestCpu * 1e-6, double(steps) / bestCpu * 1e-6, surfaces, reached,
                goals, double(bytes) / (1024.0 * 1024.0), complete ? "" : "  (INCOMPLETE)");
    std::fflush(stdout);
}

/// `level` at dt 1 / hz.
Level atDt(Level level, int hz) {
    level.physics.dt = 1.0f / static_cast<float>(hz);
    return level;
}

/// A 20 x 12 room without gravity: a floor, two platforms and a ledge, open to
/// the sky, the player on the floor and a goal on each platform.
Level zeroGravityRoom() {
    Level l = ts::test::levelFromRows(
        {"....................", "....................", "..............3.....",
         ".............####...", "....................", "......2.............",
         ".....====...........", "....................", "##..................",
         "##..................", "##P.................", "####################"});
    l.physics.gravity = 0;
    return l;
}

} // namespace

int main(int argc, char** argv) {
    std::string only;
    int repeat = 3;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--k") && i + 1 < argc)
            gBase.stepsPerMove = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--grid") && i + 1 < argc)
            gBase.positionGrid = float(std::atof(argv[++i]));
        else if (!std::strcmp(argv[i], "--speed-grid") && i + 1 < argc)
            gBase.speedGrid = float(std::atof(argv[++i]));
        else if (!std::strcmp(argv[i], "--no-refine"))
            gBase.refine = false;
        else if (!std::strcmp(argv[i], "--exhaustive"))
            gBase.exhaustive = true;
        else if (!std::strcmp(argv[i], "--walk") && i + 1 < argc)
            gWalk = float(std::atof(argv[++i]));
        else if (!std::strcmp(argv[i], "--dt") && i + 1 < argc)
            gDt = float(1.0 / std::atof(argv[++i]));
        else if (!std::strcmp(argv[i], "--gravity") && i + 1 < argc)
            gGravity = float(std::atof(argv[++i]));
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) {
            // Strictly, as the other benchmarks read numbers: atoi would take "x" as 0,
            // one thread per hardware thread, and time something else than asked.
            const auto n = ts::bench::parseNumber<int>(argv[++i]);
            if (!n || *n < 0 || *n > ReachOptions::kMaxThreads) {
                std::fprintf(stderr,
                             "reach_bench: --threads expects 0 (one per hardware thread) "
                             "to %d, got '%s'\n",
                             ReachOptions::kMaxThreads, argv[i]);
                return 2;
            }
            gBase.threads = *n;
        } else {
            std::fprintf(stderr, "usage: reach_bench [--only NAME] [--repeat N] [--k STEPS] "
                                 "[--grid PX] [--speed-grid PXS] [--threads N] [--walk PXS] "
                                 "[--dt N] [--gravity PXS2] [--no-refine] [--exhaustive]\n");
            return 2;
        }
    }
    const std::string dir = TILESMITH_SOURCE_DIR "/resources/levels/";
    const auto want = [&](const char* n) { return only.empty() || only == n; };
    if (want("tutorial"))
        runBench("tutorial", ts::bench::loadLevelOrExit(dir + "tutorial.yaml"), repeat, false);
    if (want("crowd"))
        runBench("crowd", ts::bench::loadLevelOrExit(dir + "crowd.yaml"), repeat, false);
    if (want("gen128"))
        runBench("gen128", ts::test::bandLevel(128), repeat, false);
    if (want("gen256"))
        runBench("gen256", ts::test::bandLevel(256), repeat, false);
    if (want("big"))
        runBench("big", ts::bench::loadLevelOrExit(dir + "big.yaml"), 1, true);
    // The same at dt 1/240 (16-step moves), and a room without gravity.
    if (want("tutorial240"))
        runBench("tutorial240", atDt(ts::bench::loadLevelOrExit(dir + "tutorial.yaml"), 240),
                 repeat, false);
    if (want("gen256_240"))
        runBench("gen256_240", atDt(ts::test::bandLevel(256), 240), repeat, false);
    if (want("big240"))
        runBench("big240", atDt(ts::bench::loadLevelOrExit(dir + "big.yaml"), 240), 1, true);
    if (want("zerog"))
        runBench("zerog", zeroGravityRoom(), repeat, false);
    std::printf("peak RSS %.1f MiB\n", double(peakRssKiB()) / 1024.0);
    return 0;
}
