// Benchmark helper: load + save of a level file (the YAML library alone, no Qt), for
// tests/bench/cli_bench.py. Usage: bench_cli_loadsave LEVEL.yaml OUT.yaml [--repeat N]
// With --repeat, also prints the in-process median time of each phase, so the
// process-level numbers can be split into start-up, load and save.
#include "tilesmith/level/levelio.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s LEVEL.yaml OUT.yaml [--repeat N]\n", argv[0]);
        return 2;
    }
    int repeat = 1;
    if (argc >= 5 && std::strcmp(argv[3], "--repeat") == 0)
        repeat = std::max(1, std::atoi(argv[4]));
    using Clock = std::chrono::steady_clock;
    std::vector<double> loadMs, saveMs;
    for (int i = 0; i < repeat; ++i) {
        const auto t0 = Clock::now();
        const ts::level::LoadResult r = ts::level::loadLevelFile(argv[1]);
        const auto t1 = Clock::now();
        if (!r.ok()) {
            for (const auto& d : r.errors)
                std::fprintf(stderr, "%s\n", d.toString().c_str());
            return 1;
        }
        std::string error;
        if (!ts::level::saveLevelFile(*r.level, argv[2], &error)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        const auto t2 = Clock::now();
        loadMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        saveMs.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
    }
    if (repeat > 1)
        std::printf("in-process median of %d: load %.1f ms, save %.1f ms\n", repeat, median(loadMs),
                    median(saveMs));
    return 0;
}
