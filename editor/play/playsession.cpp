#include "play/playsession.h"

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
    ts::level::Level copy = level;
    if (!playerTile || !copy.contains(playerTile->x(), playerTile->y()))
        return copy;
    for (ts::level::Spawn& s : copy.spawns) {
        if (s.kind == ts::level::SpawnKind::Player) {
            s.x = playerTile->x();
            s.y = playerTile->y();
            return copy;
        }
    }
    copy.spawns.push_back(ts::level::Spawn::withDefaults(
        ts::level::SpawnKind::Player, copy.nextSpawnId(), playerTile->x(), playerTile->y()));
    return copy;
}

} // namespace

PlaySession::PlaySession(const ts::level::Level& level, std::optional<QPoint> playerTile)
    : mLevel(preparedLevel(level, playerTile)), mLw(ts::level::buildWorld(mLevel)),
      mAccumulator(mLw.world.settings().dt), mSourceSpawns(level.spawns) {
    for (std::size_t i = 0; i < mLevel.spawns.size(); ++i) {
        if (mLevel.spawns[i].kind == ts::level::SpawnKind::Player) {
            mPlayerSpawn = int(i);
            break;
        }
    }
}

void PlaySession::step() {
    const auto t0 = Clock::now();
    // The same order as `tilesmith simulate`: input for step k, then step k.
    if (hasPlayer())
        mLw.world.setInput(mLw.player, mInput);
    mLw.world.step();
    ++mSteps;
    mTimings.lastStepMs = msSince(t0);
}

void PlaySession::stepScripted(const ts::level::InputScript& script) {
    mInput = script.at(mSteps + 1);
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
    noteFrame(frameSeconds);
    return n;
}

void PlaySession::noteFrame(double frameSeconds) {
    mTimings.frameMs = frameSeconds * 1000.0;
    if (frameSeconds <= 0)
        return;
    const double fps = 1.0 / frameSeconds;
    // Exponential smoothing keeps the HUD readable without hiding a stall.
    mTimings.fps = mTimings.fps <= 0 ? fps : mTimings.fps * 0.9 + fps * 0.1;
}

void PlaySession::applyTiles(const ts::level::Level& level, const QRect& rect) {
    if (level.width != mLevel.width || level.height != mLevel.height)
        return; // a resize: the controller restarts the session instead
    const QRect r = rect.intersected(QRect(0, 0, mLevel.width, mLevel.height));
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const ts::Tile t = level.tile(x, y);
            if (mLevel.tile(x, y) == t &&
                mLw.world.map().at(x, ts::level::physicsRow(mLevel, y)) == t)
                continue;
            mLevel.setTile(x, y, t);
            mLw.world.setTile(x, ts::level::physicsRow(mLevel, y), t);
        }
    }
}

ts::BodyId PlaySession::spawnClone() {
    if (!hasPlayer() || mPlayerSpawn < 0)
        return {};
    const ts::World& w = mLw.world;
    ts::BodyDef def = ts::level::bodyDef(mLevel, mLevel.spawns[std::size_t(mPlayerSpawn)]);
    def.control = ts::Control::Character;
    def.position = w.position(mLw.player);
    def.scale = w.scale(mLw.player);
    def.velocity = {};
    def.facing = w.facing(mLw.player);
    def.userData = 0; // not a level spawn
    return mLw.world.add(def);
}

void PlaySession::setPlayerScale(float scale) {
    mPlayerScale = std::clamp(scale, 0.25f, 4.0f);
    if (hasPlayer())
        mLw.world.setScale(mLw.player, {mPlayerScale, mPlayerScale});
}

void PlaySession::setSettings(const ts::WorldSettings& settings) {
    mLw.world.setSettings(settings);
    mAccumulator.setDt(settings.dt);
}

ts::level::PhysicsSettings
PlaySession::physicsSettings(const ts::level::PhysicsSettings& base) const {
    ts::level::PhysicsSettings p = base;
    const ts::WorldSettings& s = mLw.world.settings();
    p.gravity = s.gravity;
    p.walkSpeed = s.walkSpeed;
    p.jumpSpeed = s.jumpSpeed;
    p.partitionCell = s.partitionCellTiles;
    return p;
}

QRectF PlaySession::sceneRect(const ts::Aabb& box) const {
    const ts::Vec2 mn = box.min();
    const ts::Vec2 mx = box.max();
    return QRectF(QPointF(mn.x, mapHeightPx() - mx.y), QPointF(mx.x, mapHeightPx() - mn.y));
}

QPointF PlaySession::playerScenePos() const {
    if (hasPlayer())
        return toScene(mLw.world.aabb(mLw.player).center);
    return {mLevel.width * mLevel.tileSize * 0.5, mapHeightPx() * 0.5};
}

} // namespace ts::play
