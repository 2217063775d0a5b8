// physics_bench: the summary printed after every run: per scene and size the
// median ms/step of every engine, our speed-up over each other engine of the
// same run, our growth from the smallest to the largest size, the settled
// penetration of the settle scene and the partition-cell sweep.
#pragma once

#include "physics_bench_scene.h"

#include <optional>
#include <string>
#include <vector>

namespace ts::bench {

/// One engine's timed run of one scene and size.
struct Measurement {
    std::string engine; ///< "tilesmith", "tilesmith/c8" (cell sweep), "box2d3", ...
    SceneKind scene = SceneKind::Walkers;
    int bodies = 0;
    int warmup = 0;
    int steps = 0; ///< measured steps (fewer than asked when the time limit hit)
    bool complete = true;
    double median = 0; ///< ms per step
    double p99 = 0;
    int cellTiles = 0; ///< tilesmith's partition cell (0 for other engines)
};

/// Bodies' state after the settle scene ran to `steps` (untimed continuation).
struct SettleCheck {
    std::string engine;
    int bodies = 0;
    int steps = 0;                 ///< total steps from the start of the scene
    double maxBodyPenetration = 0; ///< px, max over the samples of the final window
    double maxTilePenetration = 0; ///< px, same window
    double maxSpeed = 0;           ///< px/s, fastest body over the last step
    Vec2 fastest;                  ///< where that body is
    int tunnelled = 0;             ///< after the last step
};

/// Runs `engine` on from step `fromStep` (untimed) to `totalSteps` and measures
/// the final `window` steps: penetrations every few steps, speed over the last.
SettleCheck settleCheck(Engine& engine, const Scene& scene, const std::string& name, int fromStep,
                        int totalSteps, int window);

class Summary {
public:
    explicit Summary(int defaultCellTiles) : mDefaultCell(defaultCellTiles) {}
    void add(const Measurement& m) { mRuns.push_back(m); }
    void add(const SettleCheck& s) { mSettle.push_back(s); }
    /// Prints the key=value summary lines and the same as Markdown tables.
    void print() const;

private:
    /// Our row for a scene and size: the library's default cell when swept.
    std::optional<Measurement> ours(SceneKind k, int bodies) const;
    std::vector<std::string> peers() const; ///< other engines, in the order they ran
    std::vector<int> sizes(SceneKind k) const;
    std::optional<Measurement> find(const std::string& engine, SceneKind k, int bodies) const;
    void printLines() const;
    void printMarkdown() const;

    int mDefaultCell;
    std::vector<Measurement> mRuns;
    std::vector<SettleCheck> mSettle;
};

} // namespace ts::bench
