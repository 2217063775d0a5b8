// One play-test run of a level: a ts::level::LevelRun (the level copy, its
// physics world, steps, goals and the recording) with what play mode adds: Qt
// coordinates, the fixed-step accumulator, the player's input, spawn edits and
// the timings the HUD shows. No widgets: the controller drives it, tests and
// benchmarks drive it directly.
#pragma once

#include "tilesmith/level/goals.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/level.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/physics/world.h"

#include <QPoint>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ts::play {

/// Rolling timings of a session, in milliseconds.
struct PlayTimings {
    double stepMs = 0;      ///< time spent in World::step() during the last frame
    double lastStepMs = 0;  ///< duration of the last single step
    double frameMs = 0;     ///< interval between frames, smoothed (the HUD's "frame")
    double lastFrameMs = 0; ///< interval between the last two frames (shows a stall)
    double paintMs = 0;     ///< the overlay item's last paint
    double fps = 0;         ///< 1000 / frameMs: the same smoothing, so the two agree
    int stepsLastFrame = 0; ///< fixed steps run by the last frame
};

/// "Goal 9 reached at step 120 (2.00 s)": what play mode and replays report.
QString goalReachedText(const ts::level::GoalEvent& e);

class PlaySession {
public:
    /// Builds the world from a copy of `level`. With `playerTile` (level
    /// coordinates, row 0 at the top) the player starts standing on that tile
    /// instead; a level without a player gets one there.
    explicit PlaySession(const ts::level::Level& level,
                         std::optional<QPoint> playerTile = std::nullopt);

    const ts::level::Level& level() const { return mRun.level(); }
    ts::World& world() { return mRun.world(); }
    const ts::World& world() const { return mRun.world(); }
    ts::BodyId player() const { return mRun.player(); }
    bool hasPlayer() const { return mRun.hasPlayer(); }

    // --- stepping -----------------------------------------------------------
    /// The keys held for the next steps.
    void setInput(const ts::Input& input) { mInput = input; }
    ts::Input input() const { return mInput; }
    /// One fixed step with the current input.
    void step();
    /// One fixed step with the input `script` holds for the next step number
    /// (1-based since the session started): the `tilesmith simulate` loop.
    void stepScripted(const ts::level::InputScript& script);
    /// Steps the session ran since it was built.
    std::uint64_t steps() const { return mRun.steps(); }
    /// Goals the player reached so far, in the order reached (each once).
    const std::vector<ts::level::GoalEvent>& goalEvents() const { return mRun.goalEvents(); }
    /// A frame of `frameSeconds`: runs the whole fixed steps the accumulator
    /// owes and updates the frame timings. Returns the steps run.
    int advanceFrame(double frameSeconds);
    /// Forgets accumulated time (after a pause); bodies are drawn at their newest state.
    void resetAccumulator() {
        mAccumulator.reset();
        mAlpha = 1.0;
    }
    /// Where between the last two states bodies are drawn: 0 = before the last
    /// step, 1 = after it. advanceFrame() sets it to the fraction of a step the
    /// accumulator holds, so a frame timer that does not divide the fixed step
    /// still shows smooth motion; step() and stepScripted() set it to 1.
    double alpha() const { return mAlpha; }
    /// A body's box as drawn: its box moved back between its position before
    /// and after the last step, by alpha() (World::oldPosition/position).
    ts::Aabb drawnAabb(ts::BodyId id) const;
    /// Records a frame's wall time without stepping (headless runs, benchmarks).
    void noteFrame(double frameSeconds);
    void notePaint(double ms) { mTimings.paintMs = ms; }
    /// Records the steps of a frame run outside advanceFrame().
    void noteSteps(double ms, int count) {
        mTimings.stepMs = ms;
        mTimings.stepsLastFrame = count;
    }
    const PlayTimings& timings() const { return mTimings; }

    // --- live edits ---------------------------------------------------------
    /// Copies the tiles of `rect` (level coordinates) from `level` into the
    /// session's level and the running world (rows flipped).
    void applyTiles(const ts::level::Level& level, const QRect& rect);
    /// Brings the running world's spawn bodies in line with `level`'s spawns
    /// (the document's, after an edit during play): a new spawn gets a body, a
    /// removed one loses it, a moved or changed one gets a fresh body at its
    /// spawn; untouched spawns keep running where they are. Compared with the
    /// spawns of the previous call (or of the level the session was built from),
    /// so a Shift+F5 player stays where it started unless the player spawn
    /// itself is edited. Each change is a replay event (spawnEditEvents()), recorded
    /// at its step. Returns the number of spawns added, removed or replaced.
    int applySpawns(const ts::level::Level& level);
    /// A standing place for `spawn`'s body near `tile` (level coordinates): the
    /// tile itself when the body fits there, otherwise the nearest tile where the
    /// body's box covers no solid tile and it stands on a solid or one-way tile.
    /// Empty (with `why` set) when the map has no such place.
    static std::optional<QPoint> standingTileNear(const ts::level::Level& level,
                                                  const ts::level::Spawn& spawn, QPoint tile,
                                                  std::string* why = nullptr);
    /// Adds a character at the player, the player's size; null without a player.
    ts::BodyId spawnClone();
    /// The level spawn whose body's box (as drawn) holds a scene point, the topmost
    /// (drawn last) when several do; 0 for none or a clone.
    int spawnAt(QPointF scenePos) const;
    /// Scales the player (1 = the spawn's size); clones spawned later match it. A
    /// growth with no room (a low ceiling) waits: each step tries it again until the
    /// player fits (recorded at the step it happens).
    void setPlayerScale(float scale);
    /// The size asked for; playerScaleNow() is the size the player has.
    float playerScale() const { return mPlayerScale; }
    float playerScaleNow() const;
    bool playerScaleWaiting() const { return playerScaleNow() != mPlayerScale; }
    /// Gravity, walk speed, jump speed, partition cell (tiles) and the rest.
    void setSettings(const ts::WorldSettings& settings);
    const ts::WorldSettings& settings() const { return mRun.world().settings(); }
    /// The level's physics section with the running world's tunable values.
    ts::level::PhysicsSettings physicsSettings(const ts::level::PhysicsSettings& base) const;

    // --- recording (every session records itself as a replay) ------------------
    /// The session so far as a replay (levelPath empty: the caller names the level).
    /// Recording covers keys, clones, live tile and spawn edits, scale and settings
    /// changes; see stopRecording() for anything else.
    ts::level::Replay replay() const;
    bool isRecording() const { return mRun.isRecording(); }
    /// Whether the session is kept as a play session when it ends (the Replays list):
    /// false while Show Route plays a route, true again once the user plays on.
    bool isKept() const { return mKept; }
    void setKept(bool kept) { mKept = kept; }
    /// Call before changing the world in a way the replay format cannot hold (e.g.
    /// through world()): recording ends with the steps so far.
    void stopRecording(const std::string& reason) { mRun.stopRecording(reason); }
    const std::string& recordingStopReason() const { return mRun.recordingStopReason(); }
    /// Continues from step `step` of `replay` (its state in `level` and `lw`: a replay
    /// runner's, the replay's edits up to that step made): the level copy and the world
    /// become that state and the recording becomes the replay's first `step` steps, so a
    /// session taken over from a replay still replays. `goals`: the goals reached by then
    /// (goalEvents() becomes them).
    void takeOver(const ts::level::Replay& replay, const ts::level::Level& level,
                  const ts::level::LevelWorld& lw, std::uint64_t step,
                  const std::vector<ts::level::GoalEvent>& goals = {});

    // --- coordinates ----------------------------------------------------------
    /// Map height in pixels: scene y = mapHeightPx() - world y.
    double mapHeightPx() const { return double(level().height) * level().tileSize; }
    QPointF toScene(ts::Vec2 p) const { return {p.x, mapHeightPx() - p.y}; }
    ts::Vec2 toWorld(QPointF p) const { return {float(p.x()), float(mapHeightPx() - p.y())}; }
    /// A world box as a scene rectangle.
    QRectF sceneRect(const ts::Aabb& box) const;
    /// The running world's tile map as a scene rectangle (the partition's edge
    /// cells may reach past it).
    QRectF mapSceneRect() const;
    /// Scene position of the player's box centre as drawn (or the map centre
    /// without a player).
    QPointF playerScenePos() const;

private:
    bool mKept = true;
    ts::level::LevelRun mRun;
    ts::StepAccumulator mAccumulator;
    ts::Input mInput;
    /// The document's spawns the world's bodies stand for (see applySpawns()).
    std::vector<ts::level::Spawn> mSourceSpawns;
    float mPlayerScale = 1.0f; ///< as set, clamped; reapplied to a replaced player
    double mAlpha = 1.0;
    PlayTimings mTimings;
};

} // namespace ts::play
