// One running level: a copy of the level, the physics world built from it, the
// steps run, the goals reached and, while recording, the replay so far. Play mode,
// replays (ReplayRunner), `tilesmith simulate` and games step a level through it, so
// a step and each replay event do the same everywhere. Plain C++, no Qt.
//
// Replay events and recordings are replay.h's types: include replay.h (which includes
// this header) to make events or read a recording.
#pragma once

#include "tilesmith/level/goals.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/level.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/physics/world.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::level {

struct Replay;
struct ReplayEvent;
class ReplayRecorder;

/// A level being played, stepped and (optionally) recorded. Moves but does not copy:
/// snapshot() copies the running state.
class LevelRun {
public:
    /// Builds the world from `level` (buildWorld()). Nothing is recorded until
    /// startRecording().
    explicit LevelRun(Level level);
    ~LevelRun();
    LevelRun(LevelRun&&) noexcept;
    LevelRun& operator=(LevelRun&&) noexcept;

    /// The level as the run has it: the copy it was built from with the tile and spawn
    /// events applied since.
    const Level& level() const { return mLevel; }
    const LevelWorld& levelWorld() const { return mLw; }
    const World& world() const { return mLw.world; }
    /// The world, for changes no replay event holds (bodies added or moved, debug
    /// data): call stopRecording() before such a change, or the replay will differ.
    World& world() { return mLw.world; }
    BodyId player() const { return mLw.player; }
    bool hasPlayer() const { return mLw.world.isValid(mLw.player); }
    /// Steps run since the run was built (or the step takeOver() continued from).
    std::uint64_t steps() const { return mSteps; }

    // --- stepping -------------------------------------------------------------------
    /// Runs step steps() + 1, always in this order: the recorder notes `input`, the
    /// player gets it (when there is one), World::step(), the recorder notes the new
    /// state, the goal watch looks at the player. Returns the goals first reached at this
    /// step. The recording holds `input` as given: play mode and runScript() pass no keys
    /// without a player, a replay run again passes the replay's own.
    std::vector<GoalEvent> step(const Input& input);
    /// Runs `steps` steps with the keys `script` holds for them: script step k is the
    /// run's step k (steps() + 1 onwards; a fresh run starts at 1, as `tilesmith
    /// simulate` does). The keys come from one sweep over the sorted range ends, so long
    /// scripts stay cheap; a run without a player steps, and records, no keys.
    /// `afterStep(k, reached)` follows each step. Returns the final world.stateHash().
    std::uint64_t
    runScript(const InputScript& script, std::uint64_t steps,
              const std::function<void(std::uint64_t step, const std::vector<GoalEvent>& reached)>&
                  afterStep = {});
    /// Goals reached so far, in the order reached (each once).
    const std::vector<GoalEvent>& goalEvents() const { return mGoals.events(); }
    /// The goal watch (GoalWatch::goalCount(), allReached()).
    const GoalWatch& goals() const { return mGoals; }

    // --- events -----------------------------------------------------------------------
    /// Applies `event` before the next step and, while recording, records it: the one
    /// way both an edit made while running and a recorded event replayed reach a run,
    /// so the two cannot differ (applyReplayEvent() and applySpawnEvent() say what each
    /// kind does; a tile or spawn event also changes the level copy). False when the event does not
    /// apply (a clone or a scale without a player, a scale refused for want of room, a tile off
    /// the map): nothing changes and nothing is recorded. `clone`, when given, receives a clone
    /// event's new body.
    bool apply(const ReplayEvent& event, BodyId* clone = nullptr);

    // --- recording --------------------------------------------------------------------
    /// Starts recording from the current state as a replay of `named`: the level the
    /// replay names (its content hash and physics), which may differ from the copy the
    /// run plays (play mode names the document's level, not the copy with the player
    /// moved to `playerStart`, the Play from Cursor tile).
    void startRecording(const Level& named, std::optional<std::pair<int, int>> playerStart,
                        std::uint64_t checkpointInterval);
    bool isRecording() const;
    /// Ends the recording with the steps so far, before a change the replay format
    /// cannot hold; `reason` says which.
    void stopRecording(const std::string& reason);
    /// Why the recording stopped; empty while recording (or before it starts).
    const std::string& recordingStopReason() const;
    /// The recording so far (ReplayRecorder::finish()); an empty replay when the run
    /// never recorded.
    Replay recording(const std::string& recordedAt = {}) const;

    // --- continuing from elsewhere -------------------------------------------------------
    /// Continues from step `step` of `replay`, whose state there is `level` and `lw` (a
    /// ReplayRunner's level() and levelWorld(): the replay's edits up to that step made):
    /// the level copy and the world become them, the goals reached become `goals` and the
    /// recording becomes the replay's first `step` steps, so the run still replays (Play
    /// from Here).
    void takeOver(const Replay& replay, const Level& level, const LevelWorld& lw,
                  std::uint64_t step, const std::vector<GoalEvent>& goals = {});

    // --- snapshots ----------------------------------------------------------------------
    /// The running state without the recording: the level copy, the world, the steps and
    /// the goals reached (a keyframe of the replay timeline). Snapshots of a level no
    /// tile event changed share one copy of it.
    class Snapshot {
    public:
        /// The run's steps() when it was taken.
        std::uint64_t steps() const { return mSteps; }

    private:
        friend class LevelRun;
        Snapshot(std::shared_ptr<const Level> level, LevelWorld lw, GoalWatch goals,
                 std::uint64_t steps)
            : mLevel(std::move(level)), mLw(std::move(lw)), mGoals(std::move(goals)),
              mSteps(steps) {}
        std::shared_ptr<const Level> mLevel;
        LevelWorld mLw;
        GoalWatch mGoals;
        std::uint64_t mSteps = 0;
    };
    /// The state now (not const: it keeps the level copy it shares with the snapshot).
    Snapshot snapshot();
    /// Returns to `snapshot` (taken from a run of the same level). A recording stops: it
    /// cannot go back in time.
    void restore(const Snapshot& snapshot);

private:
    /// The level copy, to be changed: no snapshot shares it from then on.
    Level& changedLevel();

    Level mLevel;
    /// mLevel as the snapshots taken since its last change share it (null until one is).
    std::shared_ptr<const Level> mShared;
    LevelWorld mLw;
    GoalWatch mGoals;
    std::uint64_t mSteps = 0;
    std::unique_ptr<ReplayRecorder> mRecorder; ///< null until startRecording()
};

} // namespace ts::level
