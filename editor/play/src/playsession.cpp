#include "tilesmith/play/playsession.h"

#include "tilesmith/level/limits.h"

#include <QDateTime>

#include <algorithm>
#include <chrono>

namespace ts::play {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// The level a session runs: the document's level, with the player moved to
/// `playerTile` when given (a player is created there if the level has none).
ts::level::Level preparedLevel(const ts::level::Level& level, std::optional<QPoint> playerTile) {
    if (!playerTile)
        return level;
    // Play from Cursor offers only tiles of the map; any other tile plays from the spawn.
    return ts::level::levelWithPlayerAt(level, playerTile->x(), playerTile->y()).value_or(level);
}

} // namespace

QString goalReachedText(const ts::level::GoalEvent& e) {
    return QStringLiteral("Goal %1 reached at step %2 (%3 s)")
        .arg(e.goalId)
        .arg(e.step)
        .arg(e.seconds, 0, 'f', 2);
}

PlaySession::PlaySession(const ts::level::Level& level, std::optional<QPoint> playerTile)
    : mRun(preparedLevel(level, playerTile)), mAccumulator(mRun.world().settings().dt),
      mSourceSpawns(level.spawns) {
    std::optional<std::pair<int, int>> start;
    if (playerTile && level.contains(playerTile->x(), playerTile->y()))
        start = std::pair{playerTile->x(), playerTile->y()};
    // The replay names the document's level (before the player was moved).
    mRun.startRecording(level, start, ts::level::kDefaultCheckpointInterval);
}

void PlaySession::step() {
    const auto t0 = Clock::now();
    if (playerScaleWaiting())
        setPlayerScale(mPlayerScale); // a growth waiting for room
    // The run's step, as `tilesmith simulate` steps: input for step k, then step k.
    mRun.step(hasPlayer() ? mInput : ts::Input{});
    mAlpha = 1.0;
    mTimings.lastStepMs = msSince(t0);
}

void PlaySession::stepScripted(const ts::level::InputScript& script) {
    mInput = script.at(steps() + 1);
    step();
}

int PlaySession::advanceFrame(double frameSeconds) {
    const int n = mAccumulator.advance(frameSeconds);
    double total = 0;
    for (int i = 0; i < n; ++i) {
        step();
        total += mTimings.lastStepMs;
    }
    mTimings.stepMs = total;
    mTimings.stepsLastFrame = n;
    mAlpha = std::clamp(mAccumulator.alpha(), 0.0, 1.0);
    noteFrame(frameSeconds);
    return n;
}

void PlaySession::noteFrame(double frameSeconds) {
    if (!(frameSeconds > 0))
        return;
    const double ms = frameSeconds * 1000.0;
    mTimings.lastFrameMs = ms;
    // Exponential smoothing of the interval keeps the HUD readable; the last
    // interval beside it still shows a stall. FPS is derived from the smoothed
    // interval so the two numbers on the HUD line describe the same thing.
    mTimings.frameMs = mTimings.frameMs <= 0 ? ms : mTimings.frameMs * 0.9 + ms * 0.1;
    mTimings.fps = 1000.0 / mTimings.frameMs;
}

// Live edits are replay events applied through the run, which records them: what a
// replay of the session does with them is what they did here.

void PlaySession::applyTiles(const ts::level::Level& level, const QRect& rect) {
    const ts::level::Level& running = mRun.level(); // the tile events below change it
    if (level.width != running.width || level.height != running.height)
        return; // a resize: the controller restarts the session instead
    const QRect r = rect.intersected(QRect(0, 0, running.width, running.height));
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const ts::Tile t = level.tile(x, y);
            // Only a change is an edit (after Play from Here the world's map holds the
            // replay's tile edits, the level copy does not).
            if (running.tile(x, y) == t &&
                world().map().at(x, ts::level::physicsRow(running, y)) == t)
                continue;
            ts::level::ReplayEvent e;
            e.kind = ts::level::ReplayEventKind::Tile;
            e.x = x;
            e.y = y;
            e.tile = t;
            mRun.apply(e);
        }
    }
}

ts::BodyId PlaySession::spawnClone() {
    ts::level::ReplayEvent e;
    e.kind = ts::level::ReplayEventKind::Clone;
    ts::BodyId clone;
    mRun.apply(e, &clone);
    return clone;
}

void PlaySession::setPlayerScale(float scale) {
    constexpr ts::level::limits::FloatRange kScale = ts::level::limits::kPlayerScale;
    mPlayerScale = std::clamp(scale, float(kScale.lo), float(kScale.hi));
    if (!hasPlayer())
        return;
    const ts::Vec2 now = world().scale(player());
    if (now.x == mPlayerScale && now.y == mPlayerScale)
        return; // unchanged: the world stays exactly what `tilesmith simulate` runs
    ts::level::ReplayEvent e;
    e.kind = ts::level::ReplayEventKind::Scale;
    e.scale = mPlayerScale;
    mRun.apply(e);
}

int PlaySession::spawnAt(QPointF scenePos) const {
    int id = 0;
    for (const ts::BodyId b : world().bodies())
        if (sceneRect(drawnAabb(b)).contains(scenePos))
            id = int(world().userData(b));
    return id;
}

float PlaySession::playerScaleNow() const {
    return hasPlayer() ? world().scale(player()).x : mPlayerScale;
}

void PlaySession::setSettings(const ts::WorldSettings& settings) {
    ts::level::ReplayEvent e;
    e.kind = ts::level::ReplayEventKind::Settings;
    e.settings = settings;
    mRun.apply(e);
    mAccumulator.setDt(settings.dt);
}

ts::level::PhysicsSettings
PlaySession::physicsSettings(const ts::level::PhysicsSettings& base) const {
    ts::level::PhysicsSettings p = base;
    const ts::WorldSettings& s = world().settings();
    p.gravity = s.gravity;
    p.walkSpeed = s.walkSpeed;
    p.jumpSpeed = s.jumpSpeed;
    p.partitionCell = s.partitionCellTiles;
    return p;
}

ts::level::Replay PlaySession::replay() const {
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    return mRun.recording(now.toStdString());
}

void PlaySession::takeOver(const ts::level::Replay& replay, const ts::level::Level& level,
                           const ts::level::LevelWorld& lw, std::uint64_t step,
                           const std::vector<ts::level::GoalEvent>& goals) {
    // The overlays' choice stays the session's (the taken-over world brings the
    // debug data of its last step when it has some).
    const bool debug = world().debugEnabled();
    mRun.takeOver(replay, level, lw, step, goals);
    world().setDebugEnabled(debug);
    mPlayerScale = playerScaleNow(); // the replay's size, not one to grow to
    mAccumulator.setDt(world().settings().dt);
    mAccumulator.reset();
}

QRectF PlaySession::sceneRect(const ts::Aabb& box) const {
    const ts::Vec2 mn = box.min();
    const ts::Vec2 mx = box.max();
    return QRectF(QPointF(mn.x, mapHeightPx() - mx.y), QPointF(mx.x, mapHeightPx() - mn.y));
}

QRectF PlaySession::mapSceneRect() const {
    const ts::TileMap& map = world().map();
    const ts::Vec2 size{float(map.width()) * map.tileSize(), float(map.height()) * map.tileSize()};
    return sceneRect(ts::Aabb{map.origin() + size * 0.5f, size * 0.5f});
}

ts::Aabb PlaySession::drawnAabb(ts::BodyId id) const {
    const ts::World& w = world();
    ts::Aabb box = w.aabb(id);
    if (mAlpha < 1.0) {
        const ts::Vec2 back = (w.position(id) - w.oldPosition(id)) * float(1.0 - mAlpha);
        box.center = box.center - back;
    }
    return box;
}

QPointF PlaySession::playerScenePos() const {
    if (hasPlayer())
        return toScene(drawnAabb(player()).center);
    return {level().width * level().tileSize * 0.5, mapHeightPx() * 0.5};
}

} // namespace ts::play
