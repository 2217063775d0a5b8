#include "physics_bench_options.h"

#include "bench_args.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>

namespace ts::bench {

namespace {

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
        "  --interleave-sizes               with --interleave: the turns go round every size\n"
        "                                   of a scene too (all its worlds live at once), so\n"
        "                                   the growth from the smallest to the largest size\n"
        "                                   is paired like the engines' ratios\n"
        "  --diagnose                       no timing: run tilesmith and print every body\n"
        "                                   that tunnels into a solid tile, when and from where\n"
        "Each step is timed alone (steady_clock) around the engine's step call only. The\n"
        "engines run one after another on each scene and size (paired in one run); the\n"
        "summary at the end gives every speedup, the growth of ms/step from the smallest to\n"
        "the largest size, the settled penetration and the cell sweep.\n");
}

} // namespace

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
        if (arg == "--interleave-sizes") {
            o.interleaveSizes = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "physics_bench: %s needs a value (see --help)\n", argv[i]);
            return std::nullopt;
        }
        const std::string_view val = argv[++i];
        bool ok = true;
        if (arg == "--scene") {
            ok = parseSceneList(val, o.scenes);
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
    if (o.interleaveSizes && o.interleave == 0) {
        std::fprintf(stderr,
                     "physics_bench: --interleave-sizes needs --interleave B (see --help)\n");
        return std::nullopt;
    }
    return o;
}

bool wants(const Options& o, std::string_view engine) {
    return std::find(o.engines.begin(), o.engines.end(), engine) != o.engines.end();
}

} // namespace ts::bench
