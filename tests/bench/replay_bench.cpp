// replay_bench: the cost of replays. Built by default, never run by ctest. Prints:
//   1. recording overhead per step: the crowd level stepped with and without the
//      recorder (ReplayRecorder::beforeStep/afterStep, a checkpoint every 60 steps),
//      paired A/B rounds, median ns per step and the overhead in % of a step; and,
//      within the recorded rounds, the recorder's calls timed around themselves
//      against the step between them, which this noisy VM can resolve (the A/B
//      rounds differ by several % from one round to the next);
//   2. seek latency on a 36,000-step (10 minutes at 60 Hz) crowd session: building the
//      timeline (one linear run with keyframes) and random seeks (ReplayTimeline::seek
//      plus the copy of the world the editor shows), median / p99 / max in ms;
//   3. replay file size per minute of play (bytes of the canonical text / minutes).
// Usage: replay_bench [--steps N] [--seeks N] [LEVEL.yaml]
#include "replaytimeline.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace ts;
using namespace ts::level;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double percentile(std::vector<double> v, double p) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

/// A player who walks back and forth and jumps now and then: keys change every
/// 20 - 140 steps, like a person playing.
InputScript playerScript(std::uint64_t steps, unsigned seed) {
    std::mt19937 rng(seed);
    InputScript s;
    std::uint64_t k = 1;
    while (k <= steps) {
        const std::uint64_t len = 20 + rng() % 120;
        InputRange r;
        r.from = k;
        r.to = std::min(steps, k + len - 1);
        const unsigned what = rng() % 6;
        r.keys.left = what == 0 || what == 1;
        r.keys.right = what == 2 || what == 3;
        r.keys.jump = what == 1 || what == 3 || what == 4;
        s.ranges.push_back(r);
        k = r.to + 1;
    }
    return s;
}

} // namespace

int main(int argc, char** argv) {
    std::string levelPath = TILESMITH_SOURCE_DIR "/resources/levels/crowd.yaml";
    std::uint64_t steps = 36000;
    int seeks = 300;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--steps" && i + 1 < argc)
            steps = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--seeks" && i + 1 < argc)
            seeks = std::atoi(argv[++i]);
        else if (a == "--help" || a == "-h") {
            std::printf("Usage: replay_bench [--steps N] [--seeks N] [LEVEL.yaml]\n");
            return 0;
        } else
            levelPath = a;
    }
    const LoadResult lr = loadLevelFile(levelPath);
    if (!lr.ok()) {
        for (const auto& e : lr.errors)
            std::fprintf(stderr, "%s\n", e.toString().c_str());
        return 1;
    }
    const Level& level = *lr.level;
    const InputScript script = playerScript(steps, 42);
    std::printf("replay_bench: %s, %zu spawns, %llu steps (%.1f minutes at 60 Hz)\n",
                levelPath.c_str(), level.spawns.size(), static_cast<unsigned long long>(steps),
                double(steps) / 3600.0);

    // 1. Recording overhead: paired rounds of 600 steps, plain then recorded, each
    //    from a fresh world, so both see the same states.
    {
        const int rounds = 15;
        const std::uint64_t n = 600;
        std::vector<double> plain, recorded, recorderShare;
        for (int r = 0; r < rounds; ++r) {
            for (int variant = 0; variant < 2; ++variant) {
                LevelWorld lw = buildWorld(level);
                ReplayRecorder rec;
                if (variant == 1)
                    rec.begin(level, lw);
                Clock::duration inRecorder{}, inStep{};
                const auto t0 = Clock::now();
                for (std::uint64_t k = 1; k <= n; ++k) {
                    const Input in = script.ranges.empty() ? Input{} : script.at(k);
                    if (variant == 0) {
                        lw.world.setInput(lw.player, in);
                        lw.world.step();
                        continue;
                    }
                    const auto a = Clock::now();
                    rec.beforeStep(in);
                    const auto b = Clock::now();
                    lw.world.setInput(lw.player, in);
                    lw.world.step();
                    const auto c = Clock::now();
                    rec.afterStep(lw.world);
                    const auto d = Clock::now();
                    inRecorder += (b - a) + (d - c);
                    inStep += c - b;
                }
                (variant == 0 ? plain : recorded).push_back(msSince(t0) * 1e6 / double(n));
                if (variant == 1)
                    recorderShare.push_back(double(inRecorder.count()) / double(inStep.count()));
            }
        }
        const double p = percentile(plain, 0.5), q = percentile(recorded, 0.5);
        std::printf("\n1. recording overhead (median of %d paired rounds of %llu steps)\n", rounds,
                    static_cast<unsigned long long>(n));
        std::printf("   step without recording   %10.0f ns\n", p);
        std::printf("   step with recording      %10.0f ns\n", q);
        std::printf("   overhead per step        %10.0f ns  (%.2f %% of a step; goal < 1 %%)\n",
                    q - p, (q - p) / p * 100.0);
        // The recorded rounds' clock reads are in the A/B figure above too
        // (four a step, some tens of ns): it errs on the side of the recorder.
        std::printf("   recorder's own calls       %8.2f %% of the step between them (median of "
                    "%d rounds; clock reads included; goal < 1 %%)\n",
                    percentile(recorderShare, 0.5) * 100.0, rounds);
    }

    // 2. Seek latency on a long session.
    const auto tr = Clock::now();
    Replay replay = recordScript(level, script, steps);
    const double recordMs = msSince(tr);
    const auto tb = Clock::now();
    ts::play::ReplayTimeline timeline(level, replay);
    const double buildMs = msSince(tb);
    std::vector<double> lat;
    std::mt19937_64 rng(7);
    std::uint64_t check = 0;
    for (int i = 0; i < seeks; ++i) {
        const std::uint64_t target = rng() % (steps + 1);
        const auto t0 = Clock::now();
        timeline.seek(target);
        LevelWorld shown = timeline.levelWorld(); // the copy the editor's session shows
        check ^= shown.world.stateHash();
        lat.push_back(msSince(t0));
    }
    std::printf("\n2. seek latency, %llu-step session (%zu keyframes, every %llu steps)\n",
                static_cast<unsigned long long>(steps), timeline.keyframeCount(),
                static_cast<unsigned long long>(timeline.keyframeInterval()));
    std::printf("   headless recording run   %10.1f ms\n", recordMs);
    std::printf("   opening (linear run)     %10.1f ms\n", buildMs);
    std::printf("   %d random seeks: median %.2f ms, p99 %.2f ms, max %.2f ms (goal <= 50 ms)\n",
                seeks, percentile(lat, 0.5), percentile(lat, 0.99), percentile(lat, 1.0));
    std::printf("   (hash xor %016llx)\n", static_cast<unsigned long long>(check));

    // 3. File size.
    replay.levelPath = "level.yaml";
    const std::string text = saveReplayToString(replay);
    std::size_t inputBytes = 0;
    for (const InputRange& r : replay.inputs)
        inputBytes += std::to_string(r.from).size() + std::to_string(r.to).size() + 8;
    const double minutes = double(steps) * double(level.physics.dt) / 60.0;
    std::printf("\n3. replay file size\n");
    std::printf("   whole file               %10zu bytes (%zu checkpoints, %zu input ranges)\n",
                text.size(), replay.checkpoints.size(), replay.inputs.size());
    std::printf("   per minute of play       %10.0f bytes/min (inputs alone ~%.0f bytes/min)\n",
                double(text.size()) / minutes, double(inputBytes) / minutes);
    return 0;
}
