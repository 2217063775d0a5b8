// block_bench: the best a cache-blocked physics step could do for the growth of
// ms/step from 10k to 100k bodies, measured rather than argued. Built by default,
// never run by ctest.
//
// A cache-blocked step would take a block of bodies through every phase of the
// step (forces, move, sensors, broad phase, solve) while the block's data is in
// the cache, then the next block. Its best case, with nothing crossing between
// blocks, is K independent worlds of N/K bodies stepped one after another; this
// benchmark times that against one world of N bodies and one of N/10 (the growth
// target's two sizes), all on physics_bench's scenes. Every world takes turns: each
// turn one untimed step (its data back into the caches, as physics_bench
// --interleave does) and one timed one, so a drift of the machine reaches them all.
//
// K worlds each pay the step's fixed cost (the partition's counts over the whole
// map, the set-up of every phase), which one blocked world would pay once: K worlds
// of 10 bodies time that cost, and the "blocked, less fixed" column takes away
// (K - 1) / K of it. The blocks' bodies never meet across a block's edge, which a
// real blocked step would have to handle, so the figures are a lower bound on its
// growth. `block_bench --help` lists the options.
#include "bench_args.h"
#include "physics_bench_scene.h"

#include "tilesmith/physics/world.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string_view>
#include <vector>

namespace {

using namespace ts;
using namespace ts::bench;

/// One world of a scene with physics_bench's bodies and inputs.
class SceneWorld {
public:
    explicit SceneWorld(const Scene& scene) : mScene(scene), mWorld(scene.map) {
        mWorld.setSettings(scene.settings);
        for (const Spawn& sp : scene.spawns)
            mIds.push_back(mWorld.add(bodyDef(scene, sp)));
    }
    /// The walkers' inputs for step k (not timed).
    void prepare(std::uint64_t k) {
        if (mScene.kind != SceneKind::Walkers)
            return;
        for (std::size_t i = 0; i < mIds.size(); ++i)
            mWorld.setInput(mIds[i], walkerInput(mScene.seed, static_cast<std::uint32_t>(i), k));
    }
    void step() { mWorld.step(); }

private:
    const Scene& mScene;
    World mWorld;
    std::vector<BodyId> mIds;
};

/// Worlds stepped one after another as one unit (one world, or the K blocks).
class Group {
public:
    Group(const Scene& scene, int count) {
        for (int i = 0; i < count; ++i)
            mWorlds.push_back(std::make_unique<SceneWorld>(scene));
    }
    /// One untimed step and one timed one of every world; returns the timed one's ms.
    double turn(std::uint64_t k) {
        for (auto& w : mWorlds) {
            w->prepare(k);
            w->step();
            w->prepare(k + 1);
        }
        const auto t0 = std::chrono::steady_clock::now();
        for (auto& w : mWorlds)
            w->step();
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
            .count();
    }

private:
    std::vector<std::unique_ptr<SceneWorld>> mWorlds;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

int usage(bool ok) {
    std::fprintf(ok ? stdout : stderr,
                 "usage: block_bench [--scene S[,S...]|all] [--bodies N] [--blocks K[,K...]]\n"
                 "                   [--warmup W] [--turns T]\n"
                 "  --scene   walkers, settle, gas or all (default all)\n"
                 "  --bodies  the large size N; the small one is N / 10 (default 100000)\n"
                 "  --blocks  block counts K: K worlds of N / K bodies (default 10,20)\n"
                 "  --warmup  untimed steps of every world first (default 30)\n"
                 "  --turns   timed turns, medians quoted (default 60)\n");
    return ok ? 0 : 2;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<SceneKind> scenes = {SceneKind::Walkers, SceneKind::Settle, SceneKind::Gas};
    std::vector<int> blocks = {10, 20};
    int bodies = 100000, warmup = 30, turns = 60;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        std::vector<int> list;
        const bool hasValue = i + 1 < argc;
        if (a == "--scene" && hasValue && parseSceneList(argv[i + 1], scenes)) {
            ++i;
        } else if (a == "--blocks" && hasValue &&
                   parseNumberList(argv[i + 1], blocks, 1, 1'000'000)) {
            ++i;
        } else if ((a == "--bodies" || a == "--warmup" || a == "--turns") && hasValue &&
                   parseNumberList(argv[i + 1], list, 1, 1'000'000) && list.size() == 1) {
            (a == "--bodies" ? bodies : a == "--warmup" ? warmup : turns) = list[0];
            ++i;
        } else {
            return usage(a == "--help");
        }
    }
    if (bodies < 10 ||
        std::any_of(blocks.begin(), blocks.end(), [&](int k) { return k > bodies / 10; })) {
        std::fprintf(stderr, "block_bench: --bodies must be at least 10 and 10 x every block "
                             "count\n");
        return 2;
    }
    std::printf("# block_bench: median ms per step; growth = ms / the small world's ms\n");
    std::printf("scene     blocks  small_ms  large_ms  growth  blocked_ms  growth  fixed_ms  "
                "blocked_less_fixed\n");
    for (const SceneKind kind : scenes) {
        for (const int k : blocks) {
            const Scene small = makeScene(kind, bodies / 10, 1);
            const Scene large = makeScene(kind, bodies, 1);
            const Scene block = makeScene(kind, bodies / k, 1);
            const Scene tiny = makeScene(kind, 10, 1);
            Group groups[] = {Group(small, 1), Group(large, 1), Group(block, k), Group(tiny, k)};
            std::vector<double> ms[4];
            std::uint64_t step = 0;
            for (int t = 0; t < warmup / 2 + turns; ++t, step += 2) {
                for (int g = 0; g < 4; ++g) {
                    const double m = groups[g].turn(step);
                    if (t >= warmup / 2)
                        ms[g].push_back(m);
                }
            }
            const double s = median(ms[0]), l = median(ms[1]), b = median(ms[2]), f = median(ms[3]);
            const double lessFixed = b - f * (k - 1) / k;
            std::printf("%-8s  %6d  %8.3f  %8.3f  %5.2fx  %10.3f  %5.2fx  %8.3f  %5.2fx\n",
                        sceneName(kind), k, s, l, l / s, b, b / s, f, lessFixed / s);
            std::fflush(stdout);
        }
    }
    return 0;
}
