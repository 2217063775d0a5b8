// physics_bench's command line: the options and their parsing (--help lists them).
#pragma once

#include "physics_bench_scene.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::bench {

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
    int interleave = 0;           ///< 0 = engines one after another; B = turns of B timed steps
    bool interleaveSizes = false; ///< the turns go round every size of a scene, not one
    int settleSteps = 900;        ///< settle scene: total steps before the settled check (0 = off)
    int settleWindow = 60;        ///< ... sampled over its last this many steps
    std::vector<std::string> settleEngines{"tilesmith"};
};

/// Parses the command line; nullopt after saying what is wrong on stderr
/// (--help prints the usage and exits).
std::optional<Options> parseArgs(int argc, char** argv);
/// Whether the run asked for the engine (a --engines name).
bool wants(const Options& o, std::string_view engine);

} // namespace ts::bench
