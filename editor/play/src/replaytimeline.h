// Random access to the steps of a replay: one linear run keeps a keyframe (a copy
// of the world) every N steps, the player's box after every step and the first
// desync against the recorded checkpoints; seek(step) restores the nearest
// keyframe at or before the step and runs forward from it (or from the current
// step when that is closer). Plain C++: the editor's timeline and the benchmark.
#pragma once

#include "tilesmith/level/goals.h"
#include "tilesmith/level/replay.h"

#include <optional>
#include <vector>

namespace ts::play {

class ReplayTimeline {
public:
    static constexpr std::uint64_t kDefaultKeyframeInterval = 240;

    /// Runs the whole replay once on `level` (its current state).
    ReplayTimeline(const ts::level::Level& level, const ts::level::Replay& replay,
                   std::uint64_t keyframeInterval = kDefaultKeyframeInterval);

    const ts::level::Replay& replay() const { return mRunner.replay(); }
    /// The level of the step shown (the replay's tile edits up to it made).
    const ts::level::Level& level() const { return mRunner.level(); }
    /// The level the replay started from (the session's own edits undone), and how it
    /// relates to the recorded one.
    const ts::level::ReplayStartLevel& startLevel() const { return mRunner.startLevel(); }
    std::uint64_t length() const { return replay().steps; }
    std::uint64_t step() const { return mRunner.step(); }
    const ts::level::LevelWorld& levelWorld() const { return mRunner.levelWorld(); }
    const ts::World& world() const { return mRunner.world(); }

    /// The state after `step` (clamped to the length), with the debug data of that
    /// step (none at step 0) for the overlays.
    void seek(std::uint64_t step);

    /// The player's box after each step ([0] = the start); empty without a player.
    const std::vector<ts::Aabb>& playerBoxes() const { return mPlayerBoxes; }
    /// Goals the recorded player reached (GoalWatch, the rule of play mode and
    /// `tilesmith simulate`), in step order.
    const std::vector<ts::level::GoalEvent>& goalEvents() const { return mGoalEvents; }
    /// The goal events of steps 1..step: what the world shown at `step` has reached.
    std::vector<ts::level::GoalEvent> goalEventsUpTo(std::uint64_t step) const;
    /// The first checkpoint where the run on this level differs from the recording, and
    /// what differs (ts::level::ReplayChecker).
    const std::optional<ts::level::ReplayDesync>& desync() const { return mDesync; }
    std::size_t keyframeCount() const { return mKeyframes.size(); }
    std::uint64_t keyframeInterval() const { return mInterval; }

private:
    ts::level::ReplayRunner mRunner;
    std::uint64_t mInterval;
    std::vector<ts::level::ReplayRunner::State> mKeyframes; ///< [i] = after step i * interval
    std::vector<ts::Aabb> mPlayerBoxes;
    std::optional<ts::level::ReplayDesync> mDesync;
    std::vector<ts::level::GoalEvent> mGoalEvents;
};

} // namespace ts::play
