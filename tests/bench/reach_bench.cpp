// Reachability benchmark (issue 11): findReachable, the search behind
// `tilesmith lint`, on the tutorial, the crowd level, a generated 256 x 256
// level and big.yaml (1024 x 1024, with progress). Prints wall and CPU time,
// states explored, states/s, physics steps/s and the search's peak memory.
//
//   build/release/bin/reach_bench [--only NAME] [--repeat N]
//
// Goals: tutorial <= 100 ms, 256 x 256 <= 2 s, big <= 30 s (Release, quiet machine).
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"

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

/// A deterministic 256 x 256 platformer: walls, a ground floor, and every 4 rows
/// a band of solid and one-way platforms 3 - 12 tiles long with gaps of 2 - 6.
Level generated(int size) {
    Level l = Level::make(size, size, 16);
    std::uint32_t s = 12345;
    const auto next = [&](int n) {
        s = s * 1664525u + 1013904223u;
        return int((s >> 8) % std::uint32_t(n));
    };
    for (int i = 0; i < size; ++i) {
        l.setTile(0, i, Tile::Solid);
        l.setTile(size - 1, i, Tile::Solid);
        l.setTile(i, size - 1, Tile::Solid);
    }
    for (int y = size - 5; y > 2; y -= 4) {
        for (int x = 1 + next(4); x < size - 2;) {
            const int len = 3 + next(10);
            const Tile t = next(3) == 0 ? Tile::OneWay : Tile::Solid;
            for (int k = 0; k < len && x + k < size - 1; ++k)
                l.setTile(x + k, y, t);
            x += len + 2 + next(5);
        }
    }
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, size - 2));
    int id = 2;
    for (int k = 0; k < 16; ++k) {
        const int x = 2 + next(size - 4);
        const int y = 1 + next(size - 3);
        if (l.tile(x, y) == Tile::Empty)
            l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, id++, x, y));
    }
    return l;
}

ReachOptions gBase; ///< --k, --grid, --speed-grid

void bench(const char* name, const Level& level, int repeat, bool progress) {
    double bestWall = 1e30, bestCpu = 1e30;
    std::size_t states = 0, surfaces = 0, bytes = 0;
    std::uint64_t steps = 0;
    bool complete = false;
    int goals = 0, reached = 0;
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
        goals = reached = 0;
        for (const Spawn& s : level.spawns)
            if (s.kind == SpawnKind::Goal) {
                ++goals;
                reached += res.spawnReached(s.id);
            }
        progress = false; // progress lines for the first run only
    }
    std::printf("%-11s %5d x %-5d %9.1f ms wall %9.1f ms cpu  %10zu states %8.2f M states/s "
                "%8.2f M steps/s  %7zu surfaces  goals %d/%d  search memory %7.1f MiB%s\n",
                name, level.width, level.height, bestWall * 1e3, bestCpu * 1e3, states,
                double(states) / bestCpu * 1e-6, double(steps) / bestCpu * 1e-6, surfaces, reached,
                goals, double(bytes) / (1024.0 * 1024.0), complete ? "" : "  (INCOMPLETE)");
    std::fflush(stdout);
}

Level loadOrDie(const std::string& path) {
    LoadResult r = loadLevelFile(path);
    if (!r.ok()) {
        std::fprintf(stderr, "cannot load %s\n", path.c_str());
        std::exit(1);
    }
    return *r.level;
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
        else {
            std::fprintf(stderr, "usage: reach_bench [--only NAME] [--repeat N] [--k STEPS] "
                                 "[--grid PX] [--speed-grid PXS]\n");
            return 2;
        }
    }
    const std::string dir = TILESMITH_SOURCE_DIR "/resources/levels/";
    const auto want = [&](const char* n) { return only.empty() || only == n; };
    if (want("tutorial"))
        bench("tutorial", loadOrDie(dir + "tutorial.yaml"), repeat, false);
    if (want("crowd"))
        bench("crowd", loadOrDie(dir + "crowd.yaml"), repeat, false);
    if (want("gen128"))
        bench("gen128", generated(128), repeat, false);
    if (want("gen256"))
        bench("gen256", generated(256), repeat, false);
    if (want("big"))
        bench("big", loadOrDie(dir + "big.yaml"), 1, true);
    std::printf("peak RSS %.1f MiB\n", double(peakRssKiB()) / 1024.0);
    return 0;
}
