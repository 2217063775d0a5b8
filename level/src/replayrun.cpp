// Recording and running replays: the recorder play sessions feed, and the runner the
// editor's timeline and `tilesmith replay check` step (replaycheck.cpp compares).
#include "tilesmith/level/replay.h"

#include "replayspawns.h"

#include <algorithm>
#include <optional>
#include <string>

namespace ts::level {

namespace {

bool sameSettings(const WorldSettings& a, const WorldSettings& b) {
    return a.gravity == b.gravity && a.walkSpeed == b.walkSpeed && a.jumpSpeed == b.jumpSpeed &&
           a.maxFallSpeed == b.maxFallSpeed && a.oneWayThreshold == b.oneWayThreshold &&
           a.partitionCellTiles == b.partitionCellTiles && a.dt == b.dt &&
           a.correctionPercent == b.correctionPercent && a.correctionSlop == b.correctionSlop &&
           a.solverIterations == b.solverIterations;
}

} // namespace

bool ReplayEvent::operator==(const ReplayEvent& o) const {
    if (step != o.step || kind != o.kind)
        return false;
    switch (kind) { // only the fields the kind uses
    case ReplayEventKind::Clone:
        return true;
    case ReplayEventKind::Tile:
        return x == o.x && y == o.y && tile == o.tile && was == o.was;
    case ReplayEventKind::Scale:
        return scale == o.scale;
    case ReplayEventKind::Settings:
        return sameSettings(settings, o.settings);
    case ReplayEventKind::Spawn:
        return spawnId == o.spawnId && wasIndex == o.wasIndex &&
               replaytext::sameRecordedSpawn(spawn, o.spawn) &&
               replaytext::sameRecordedSpawn(wasSpawn, o.wasSpawn);
    }
    return false;
}

Input Replay::inputAt(std::uint64_t step) const {
    // The first range ending at or after `step`.
    const auto it = std::lower_bound(inputs.begin(), inputs.end(), step,
                                     [](const InputRange& r, std::uint64_t s) { return r.to < s; });
    if (it != inputs.end() && it->from <= step)
        return it->keys;
    return {};
}

std::string Replay::bodyName(std::size_t bodyIndex) const {
    if (bodyIndex >= bodyIds.size())
        return "clone " + std::to_string(bodyIndex - bodyIds.size() + 1);
    if (spawns && bodyIndex < spawns->size())
        return spawnLabel((*spawns)[bodyIndex].kind, (*spawns)[bodyIndex].id);
    return "spawn #" + std::to_string(bodyIds[bodyIndex]);
}

std::uint64_t levelContentHash(const Level& level) {
    const std::string text = saveLevelToString(level);
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

std::optional<Level> levelWithPlayerAt(const Level& level, int x, int y, std::string* error) {
    if (!level.contains(x, y)) {
        if (error) {
            // Appends only (GCC 12 -O2 reports a false -Wrestrict in `const char* +
            // std::string&&`).
            error->assign("player start (")
                .append(std::to_string(x))
                .append(", ")
                .append(std::to_string(y))
                .append(") is outside the map: ");
            const bool xOff = x < 0 || x >= level.width;
            const bool yOff = y < 0 || y >= level.height;
            const auto axis = [&](const char* name, int size) {
                error->append(name).append(" must be 0 to ").append(std::to_string(size - 1));
            };
            if (xOff)
                axis("x", level.width);
            if (xOff && yOff)
                error->append(", ");
            if (yOff)
                axis("y", level.height);
        }
        return std::nullopt;
    }
    Level copy = level;
    for (Spawn& s : copy.spawns) {
        if (s.kind == SpawnKind::Player) {
            s.x = x;
            s.y = y;
            return copy;
        }
    }
    copy.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, copy.nextSpawnId(), x, y));
    return copy;
}

// --- recording ---------------------------------------------------------------------

ReplayCheckpoint makeCheckpoint(const LevelWorld& lw) {
    if (lw.bodies.empty())
        return makeCheckpoint(lw.world);
    ReplayCheckpoint c;
    c.step = lw.world.stepCount();
    c.hash = lw.world.stateHash();
    c.positions.reserve(lw.bodies.size());
    for (std::size_t i = 0; i < lw.bodies.size(); ++i) {
        const bool alive = lw.world.isValid(lw.bodies[i]);
        c.positions.push_back(alive ? lw.world.position(lw.bodies[i]) : Vec2{});
        if (!alive)
            c.removed.push_back(i);
    }
    return c;
}

ReplayCheckpoint makeCheckpoint(const World& world) {
    ReplayCheckpoint c;
    c.step = world.stepCount();
    c.hash = world.stateHash();
    const std::vector<BodyId> ids = world.bodies();
    c.positions.reserve(ids.size());
    for (BodyId id : ids)
        c.positions.push_back(world.position(id));
    return c;
}

void ReplayRecorder::begin(const Level& level, const LevelWorld& lw,
                           std::optional<std::pair<int, int>> playerStart,
                           std::uint64_t checkpointInterval) {
    mReplay = Replay{};
    mReplay.formatVersion = kReplayFormatVersion;
    mReplay.levelHash = levelContentHash(level);
    mReplay.physics = level.physics;
    mReplay.physicsRevision = kPhysicsRevision;
    mReplay.playerStart = playerStart;
    mReplay.checkpointInterval = std::max<std::uint64_t>(checkpointInterval, 1);
    for (BodyId id : lw.world.bodies())
        mReplay.bodyIds.push_back(std::int64_t(lw.world.userData(id)));
    // The spawns the bodies came from: those of the level the world was built from
    // (`level` with the player moved to the start tile, as ReplayRunner builds it).
    std::optional<Level> moved;
    if (playerStart)
        moved = levelWithPlayerAt(level, playerStart->first, playerStart->second);
    mReplay.spawns = replaytext::startSpawns(moved ? *moved : level, lw.world);
    mReplay.finalHash = lw.world.stateHash();
    mActive = true;
    mHaveRange = false;
    mLast = {};
    mStopReason.clear();
}

void ReplayRecorder::resume(const Replay& replay, std::uint64_t step, const World& world) {
    mReplay = replay;
    // What is recorded from here (a tile event's `was`) needs the newest format.
    mReplay.formatVersion = kReplayFormatVersion;
    step = std::min(step, replay.steps);
    mReplay.steps = step;
    mReplay.recorded.clear();
    auto& in = mReplay.inputs;
    in.erase(
        std::remove_if(in.begin(), in.end(), [&](const InputRange& r) { return r.from > step; }),
        in.end());
    if (!in.empty())
        in.back().to = std::min(in.back().to, step);
    auto& ev = mReplay.events;
    ev.erase(
        std::remove_if(ev.begin(), ev.end(), [&](const ReplayEvent& e) { return e.step > step; }),
        ev.end());
    auto& cp = mReplay.checkpoints;
    cp.erase(std::remove_if(cp.begin(), cp.end(),
                            [&](const ReplayCheckpoint& c) {
                                return c.step > step || c.step % mReplay.checkpointInterval != 0;
                            }),
             cp.end());
    mReplay.finalHash = world.stateHash();
    mActive = true;
    mLast = replay.inputAt(step);
    mHaveRange = !in.empty() && in.back().to == step && step > 0;
    mStopReason.clear();
}

void ReplayRecorder::beforeStep(const Input& input) {
    if (!mActive)
        return;
    const std::uint64_t step = mReplay.steps + 1;
    const bool any = input.left || input.right || input.jump || input.down;
    const bool same = input.left == mLast.left && input.right == mLast.right &&
                      input.jump == mLast.jump && input.down == mLast.down;
    if (mHaveRange && same && mReplay.inputs.back().to + 1 == step) {
        mReplay.inputs.back().to = step; // run-length: extend the current range
    } else if (any) {
        mReplay.inputs.push_back({step, step, input});
        mHaveRange = true;
    } else {
        mHaveRange = false;
    }
    mLast = input;
}

void ReplayRecorder::afterStep(const LevelWorld& lw) {
    if (!mActive)
        return;
    ++mReplay.steps;
    if (mReplay.steps % mReplay.checkpointInterval == 0)
        mReplay.checkpoints.push_back(makeCheckpoint(lw));
}

void ReplayRecorder::afterStep(const World& world) {
    if (!mActive)
        return;
    ++mReplay.steps;
    if (mReplay.steps % mReplay.checkpointInterval == 0)
        mReplay.checkpoints.push_back(makeCheckpoint(world));
}

void ReplayRecorder::noteEvent(ReplayEvent event) {
    if (!mActive)
        return;
    event.step = mReplay.steps + 1;
    mReplay.events.push_back(event);
}

void ReplayRecorder::stop(const LevelWorld& lw, const std::string& reason) {
    if (mActive)
        stopWith(makeCheckpoint(lw), reason);
}

void ReplayRecorder::stop(const World& world, const std::string& reason) {
    if (mActive)
        stopWith(makeCheckpoint(world), reason);
}

void ReplayRecorder::stopWith(ReplayCheckpoint tail, const std::string& reason) {
    mTail = std::move(tail);
    mActive = false;
    mStopReason = reason;
}

Replay ReplayRecorder::finish(const LevelWorld& lw, const std::string& recordedAt) const {
    return finishWith(mActive ? makeCheckpoint(lw) : mTail, recordedAt);
}

Replay ReplayRecorder::finish(const World& world, const std::string& recordedAt) const {
    return finishWith(mActive ? makeCheckpoint(world) : mTail, recordedAt);
}

Replay ReplayRecorder::finishWith(const ReplayCheckpoint& now,
                                  const std::string& recordedAt) const {
    Replay r = mReplay;
    r.recorded = recordedAt;
    while (!r.events.empty() && r.events.back().step > r.steps)
        r.events.pop_back(); // after the last step: they changed nothing recorded
    if (r.steps % r.checkpointInterval != 0)
        r.checkpoints.push_back(now);
    r.finalHash = r.checkpoints.empty() ? 0 : r.checkpoints.back().hash;
    if (r.checkpoints.empty()) // no step ran: the start state
        r.finalHash = now.hash;
    return r;
}

// --- running -----------------------------------------------------------------------

namespace {

/// The level a replay's world is built from: the start level with the player start.
Level runLevel(const Level& start, const Replay& replay) {
    if (!replay.playerStart)
        return start;
    return levelWithPlayerAt(start, replay.playerStart->first, replay.playerStart->second)
        .value_or(start);
}

} // namespace

ReplayRunner::ReplayRunner(const Level& level, const Replay& replay)
    : mReplay(replay), mStart(replayStartLevel(level, replay)),
      mRun(runLevel(mStart.level, replay)), mBuiltSpawns(mRun.level().spawns) {
}

bool ReplayRunner::advance() {
    if (atEnd())
        return false;
    const std::uint64_t k = step() + 1;
    while (mNextEvent < mReplay.events.size() && mReplay.events[mNextEvent].step <= k)
        mRun.apply(mReplay.events[mNextEvent++]);
    mRun.step(mReplay.inputAt(k));
    return true;
}

void ReplayRunner::restore(const State& s) {
    mRun.restore(s);
    mNextEvent = std::size_t(
        std::upper_bound(mReplay.events.begin(), mReplay.events.end(), step(),
                         [](std::uint64_t step, const ReplayEvent& e) { return step < e.step; }) -
        mReplay.events.begin());
}

Replay rerecordReplay(const Level& level, const Replay& replay) {
    ReplayRunner runner(level, replay);
    runner.run().startRecording(runner.startLevel().level, replay.playerStart,
                                replay.checkpointInterval);
    while (runner.advance()) {
    }
    Replay out = runner.run().recording(replay.recorded);
    // The events stay as recorded, those that change nothing on this level too.
    out.events = replay.events;
    out.levelPath = replay.levelPath;
    return out;
}

Replay recordScript(const Level& level, const InputScript& script, std::uint64_t steps,
                    std::uint64_t checkpointInterval) {
    LevelRun run(level);
    run.startRecording(level, std::nullopt, checkpointInterval);
    run.runScript(script, steps); // the loop `simulate` runs, so the replay is that run
    return run.recording();
}

std::string physicsRevisionNote(const Replay& replay) {
    if (replay.physicsRevision == kPhysicsRevision)
        return {};
    const std::string now = std::to_string(kPhysicsRevision);
    if (replay.physicsRevision == kUnknownPhysicsRevision)
        return "recorded before physics revisions were stored, this build is physics revision " +
               now;
    return "recorded with physics revision " + std::to_string(replay.physicsRevision) +
           ", this build is " + now;
}

std::string replayUpdateHint(const std::string& file) {
    return "run 'tilesmith replay update " + file + "' to re-record the checkpoints";
}

} // namespace ts::level
