// Reasons benchmark: what saying why a goal or spawn is not reachable costs
// (tilesmith/level/reachreasons.h), after the search, as lint and the editor run it: one
// ReachExplainer over every unreached goal, then every unreached spawn. On the sample
// levels, a generated 256 x 256 level (bandlevel.h), the same with 200 goals sealed in
// the rock (the step budget's case) and big.yaml. Prints the search's time for scale,
// then the median explaining time of --repeat runs, the targets explained and the
// physics steps simulated.
//
//   build/release/bin/reasons_bench [--only NAME] [--repeat N]
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"

#include "bandlevel.h"
#include "bench_level.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void runBench(const char* name, const Level& level, int repeat) {
    double t0 = now();
    const ReachResult reach = findReachable(level);
    const double search = now() - t0;
    std::vector<int> targets; // goals first, as lint asks
    for (const bool goals : {true, false})
        for (const Spawn& s : level.spawns)
            if (s.kind != SpawnKind::Player && (s.kind == SpawnKind::Goal) == goals &&
                !reach.spawnReached(s.id))
                targets.push_back(s.id);
    std::vector<double> times;
    int explained = 0;
    std::uint64_t steps = 0;
    for (int r = 0; r < repeat; ++r) {
        t0 = now();
        ReachExplainer why(level, reach);
        explained = 0;
        for (int id : targets)
            explained += why.explain(id).explained() ? 1 : 0;
        times.push_back(now() - t0);
        steps = why.stepsUsed();
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    std::printf("%-12s %5d x %-5d search %9.1f ms   reasons %8.2f ms (median of %d)  "
                "%3d of %3zu unreached explained  %7llu steps  %6.2f ms per target\n",
                name, level.width, level.height, search * 1e3, median * 1e3, repeat, explained,
                targets.size(), static_cast<unsigned long long>(steps),
                targets.empty() ? 0.0 : median * 1e3 / double(targets.size()));
    std::fflush(stdout);
}

/// The 256 x 256 level with 200 more goals, each in an empty tile cut into a solid block
/// of its own at the map's top: unreachable, each needing a reason.
Level sealedGoals() {
    Level l = ts::test::bandLevel(256);
    int id = l.nextSpawnId();
    for (int k = 0; k < 200; ++k) {
        const int x = 2 + (k % 100) * 2, y = 1 + (k / 100) * 3;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                l.setTile(x + dx, y + dy + 1, Tile::Solid);
        l.setTile(x, y + 1, Tile::Empty);
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, id++, x, y + 1));
    }
    return l;
}

} // namespace

int main(int argc, char** argv) {
    std::string only;
    int repeat = 5;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) {
            repeat = std::max(1, std::atoi(argv[++i]));
        } else {
            std::fprintf(stderr, "usage: reasons_bench [--only NAME] [--repeat N]\n");
            return 2;
        }
    }
    const std::string dir = TILESMITH_SOURCE_DIR "/resources/levels/";
    const auto want = [&](const char* n) { return only.empty() || only == n; };
    for (const char* n : {"tutorial", "playground", "crowd"})
        if (want(n))
            runBench(n, ts::bench::loadLevelOrExit(dir + n + ".yaml"), repeat);
    if (want("gen256"))
        runBench("gen256", ts::test::bandLevel(256), repeat);
    if (want("sealed256"))
        runBench("sealed256", sealedGoals(), repeat);
    if (want("big"))
        runBench("big", ts::bench::loadLevelOrExit(dir + "big.yaml"), repeat);
    return 0;
}
