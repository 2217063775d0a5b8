// A running level (LevelRun): stepping, replay events, recording, snapshots, and the
// scripted runs of `tilesmith simulate`.
#include "tilesmith/level/levelrun.h"

#include "tilesmith/level/replay.h"

#include "replayspawns.h"

#include <algorithm>
#include <array>
#include <limits>

namespace ts::level {

namespace {

/// The keys an input script holds for steps k, k + 1, ... asked in order: range starts
/// add their keys, the step after a range's end removes them, so a sweep over these
/// sorted changes gives script.at(k) in O(ranges log ranges + steps).
class ScriptKeys {
public:
    explicit ScriptKeys(const InputScript& script) {
        mChanges.reserve(script.ranges.size() * 2);
        for (const InputRange& r : script.ranges) {
            if (r.from > r.to)
                continue; // parseInputScript never makes these; a hand-built script might
            mChanges.push_back({r.from, +1, r.keys});
            if (r.to < std::numeric_limits<std::uint64_t>::max())
                mChanges.push_back({r.to + 1, -1, r.keys});
        }
        std::stable_sort(mChanges.begin(), mChanges.end(),
                         [](const Change& a, const Change& b) { return a.step < b.step; });
    }

    /// The keys of step `k`; `k` never decreases from one call to the next.
    Input at(std::uint64_t k) {
        while (mNext < mChanges.size() && mChanges[mNext].step <= k) {
            const Change& c = mChanges[mNext++];
            mHeld[0] += c.keys.left ? c.sign : 0;
            mHeld[1] += c.keys.right ? c.sign : 0;
            mHeld[2] += c.keys.jump ? c.sign : 0;
            mHeld[3] += c.keys.down ? c.sign : 0;
        }
        Input in;
        in.left = mHeld[0] > 0;
        in.right = mHeld[1] > 0;
        in.jump = mHeld[2] > 0;
        in.down = mHeld[3] > 0;
        return in;
    }

private:
    struct Change {
        std::uint64_t step;
        int sign;
        Input keys;
    };
    std::vector<Change> mChanges;
    std::size_t mNext = 0;
    std::array<std::int64_t, 4> mHeld{};
};

} // namespace

void replaytext::listBodies(LevelWorld& lw) {
    if (lw.bodies.empty()) { // a LevelWorld not from buildWorld(): its bodies so far
        lw.bodies = lw.world.bodies();
        lw.startBodies = lw.bodies.size();
    }
}

namespace {

/// One step of a level world: the keys to its player (when it has one), then the step.
void stepWorld(LevelWorld& lw, const Input& input) {
    if (!lw.player.isNull())
        lw.world.setInput(lw.player, input);
    lw.world.step();
}

} // namespace

BodyDef cloneBodyDef(const Level& level, const LevelWorld& lw) {
    const World& w = lw.world;
    const Spawn* player = level.player();
    BodyDef def = player ? bodyDef(level, *player) : BodyDef{};
    def.control = Control::Character;
    def.position = w.position(lw.player);
    def.scale = w.scale(lw.player);
    def.velocity = {};
    def.facing = w.facing(lw.player);
    def.userData = 0; // not a level spawn
    return def;
}

bool applyReplayEvent(const Level& level, LevelWorld& lw, const ReplayEvent& e, BodyId* clone) {
    switch (e.kind) {
    case ReplayEventKind::Clone: {
        if (!lw.world.isValid(lw.player) || !level.player())
            return false;
        replaytext::listBodies(lw);
        const BodyId id = lw.world.add(cloneBodyDef(level, lw));
        if (!id.isNull())
            lw.bodies.push_back(id);
        if (clone)
            *clone = id;
        return true;
    }
    case ReplayEventKind::Tile:
        if (!level.contains(e.x, e.y))
            return false;
        lw.world.setTile(e.x, physicsRow(level, e.y), e.tile);
        return true;
    case ReplayEventKind::Scale:
        if (!lw.world.isValid(lw.player))
            return false;
        return lw.world.setScale(lw.player, {e.scale, e.scale}); // refused: no room
    case ReplayEventKind::Settings:
        lw.world.setSettings(e.settings);
        return true;
    case ReplayEventKind::Spawn:
        return false; // it changes the level too: applySpawnEvent()
    }
    return false;
}

std::uint64_t simulateLevel(LevelWorld& lw, const InputScript& script, std::uint64_t steps,
                            const std::function<void(std::uint64_t step)>& afterStep) {
    ScriptKeys keys(script);
    for (std::uint64_t k = 1; k <= steps; ++k) {
        stepWorld(lw, keys.at(k));
        if (afterStep)
            afterStep(k);
    }
    return lw.world.stateHash();
}

// --- LevelRun ------------------------------------------------------------------------

LevelRun::LevelRun(Level level)
    : mLevel(std::move(level)), mLw(buildWorld(mLevel)), mGoals(mLevel) {
}

LevelRun::~LevelRun() = default;
LevelRun::LevelRun(LevelRun&&) noexcept = default;
LevelRun& LevelRun::operator=(LevelRun&&) noexcept = default;

std::vector<GoalEvent> LevelRun::step(const Input& input) {
    if (mRecorder)
        mRecorder->beforeStep(input);
    stepWorld(mLw, input);
    ++mSteps;
    if (mRecorder)
        mRecorder->afterStep(mLw);
    return mGoals.check(mLw.world, mLw.player, mSteps);
}

std::uint64_t LevelRun::runScript(
    const InputScript& script, std::uint64_t steps,
    const std::function<void(std::uint64_t step, const std::vector<GoalEvent>& reached)>&
        afterStep) {
    ScriptKeys keys(script);
    for (std::uint64_t n = 0; n < steps; ++n) {
        const std::uint64_t k = mSteps + 1;
        const Input held = keys.at(k);
        const std::vector<GoalEvent> reached = step(hasPlayer() ? held : Input{});
        if (afterStep)
            afterStep(k, reached);
    }
    return mLw.world.stateHash();
}

bool LevelRun::apply(const ReplayEvent& event, BodyId* clone) {
    ReplayEvent applied = event;
    if (event.kind == ReplayEventKind::Tile && mLevel.contains(event.x, event.y))
        applied.was = mLw.world.map().at(event.x, physicsRow(mLevel, event.y)); // to undo it
    if (event.kind == ReplayEventKind::Spawn) {
        // applySpawnEvent() changes nothing when it does not apply.
        if (!applySpawnEvent(changedLevel(), mLw, applied))
            return false;
        if (mRecorder)
            mRecorder->noteEvent(applied);
        return true;
    }
    if (!applyReplayEvent(mLevel, mLw, applied, clone))
        return false;
    if (event.kind == ReplayEventKind::Tile)
        changedLevel().setTile(event.x, event.y, event.tile);
    if (mRecorder)
        mRecorder->noteEvent(applied);
    return true;
}

void LevelRun::startRecording(const Level& named, std::optional<std::pair<int, int>> playerStart,
                              std::uint64_t checkpointInterval) {
    if (!mRecorder)
        mRecorder = std::make_unique<ReplayRecorder>();
    // The recording's bodies are those there now, in world order (its `spawns:`).
    mLw.bodies = mLw.world.bodies();
    mLw.startBodies = mLw.bodies.size();
    mRecorder->begin(named, mLw, playerStart, checkpointInterval);
}

bool LevelRun::isRecording() const {
    return mRecorder && mRecorder->recording();
}

void LevelRun::stopRecording(const std::string& reason) {
    if (mRecorder)
        mRecorder->stop(mLw, reason);
}

const std::string& LevelRun::recordingStopReason() const {
    static const std::string none;
    return mRecorder ? mRecorder->stopReason() : none;
}

Replay LevelRun::recording(const std::string& recordedAt) const {
    return mRecorder ? mRecorder->finish(mLw, recordedAt) : Replay{};
}

void LevelRun::takeOver(const Replay& replay, const Level& level, const LevelWorld& lw,
                        std::uint64_t step, const std::vector<GoalEvent>& goals) {
    changedLevel() = level;
    mLw = lw;
    mSteps = step;
    mGoals.setEvents(goals);
    if (!mRecorder)
        mRecorder = std::make_unique<ReplayRecorder>();
    mRecorder->resume(replay, step, mLw.world);
}

LevelRun::Snapshot LevelRun::snapshot() {
    if (!mShared)
        mShared = std::make_shared<const Level>(mLevel);
    return Snapshot(mShared, mLw, mGoals, mSteps);
}

void LevelRun::restore(const Snapshot& s) {
    stopRecording("the run went back to an earlier state");
    if (s.mLevel != mShared) {
        mLevel = *s.mLevel;
        mShared = s.mLevel;
    }
    mLw = s.mLw;
    mGoals = s.mGoals;
    mSteps = s.mSteps;
}

Level& LevelRun::changedLevel() {
    mShared.reset();
    return mLevel;
}

} // namespace ts::level
