// The player alone in a level's tile map: the primitive the reachability search
// and the jump arcs step (reach.h).
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/reach.h"

#include <algorithm>
#include <cstring>

namespace ts::level {

namespace {

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// The contacts the next step's controller reads (ground and one-way); the
/// wall and ceiling flags are recomputed by every step and read by nothing before.
constexpr std::uint8_t kControlContacts = OnGround | OnOneWayPlatform;

Spawn playerSpawnOf(const Level& level) {
    if (const Spawn* p = level.player())
        return *p;
    return Spawn::withDefaults(SpawnKind::Player);
}

} // namespace

namespace {

/// The level's settings with one partition cell for the whole map (up to the
/// largest cell allowed): the partition only pairs bodies, and with the player
/// alone a fine grid is only cells to scan every step. Movement is unchanged.
WorldSettings aloneSettings(const Level& level) {
    WorldSettings s = worldSettings(level.physics);
    s.partitionCellTiles = std::clamp(std::max(level.width, level.height), 1, 1024);
    return s;
}

} // namespace

PlayerSim::PlayerSim(const Level& level)
    : mTileSize(level.tileSize), mLevelHeight(level.height),
      mWorld(tileMap(level), aloneSettings(level)) {
    const Spawn spawn = playerSpawnOf(level);
    mDef = bodyDef(level, spawn);
    mSpawnPosition = mDef.position;
    mSpawnVelocity = mDef.velocity;
    addBody(mSpawnPosition, mSpawnVelocity);
}

void PlayerSim::addBody(Vec2 position, Vec2 velocity) {
    if (!mId.isNull())
        mWorld.remove(mId);
    BodyDef def = mDef;
    def.position = position;
    def.velocity = velocity;
    mId = mWorld.add(def);
}

void PlayerSim::resetToSpawn() {
    addBody(mSpawnPosition, mSpawnVelocity);
}

bool PlayerSim::reset(const PlayerState& s) {
    // A fresh body has no contacts. Off the ground that is all the next step
    // reads (its controller looks at the ground and one-way flags only), so the
    // fresh body continues exactly as the original. On the ground, one step with
    // no keys lands it again: gravity pulls it into the tile, the sensors put it
    // back on top. The result must be the very same state, bit for bit.
    addBody(s.position, s.velocity);
    if (!(s.contacts & OnGround))
        return true;
    mWorld.setInput(mId, Input{});
    mWorld.step();
    const Vec2 p = mWorld.position(mId);
    const Vec2 v = mWorld.velocity(mId);
    return sameBits(p.x, s.position.x) && sameBits(p.y, s.position.y) &&
           sameBits(v.y, s.velocity.y) &&
           (mWorld.contacts(mId) & kControlContacts) == (s.contacts & kControlContacts);
}

bool PlayerSim::placeOn(int x, int y) {
    const float ts = static_cast<float>(mTileSize);
    const Vec2 feet{(static_cast<float>(x) + 0.5f) * ts,
                    static_cast<float>(mLevelHeight - 1 - y) * ts};
    addBody(feet, Vec2{});
    for (int i = 0; i < 2; ++i) {
        mWorld.setInput(mId, Input{});
        mWorld.step();
    }
    const Vec2 p = mWorld.position(mId);
    return (mWorld.contacts(mId) & OnGround) && p.x == feet.x && p.y == feet.y;
}

PlayerState PlayerSim::step(const Input& input) {
    mWorld.setInput(mId, input);
    mWorld.step();
    return state();
}

PlayerState PlayerSim::state() const {
    return PlayerState{mWorld.position(mId), mWorld.velocity(mId), mWorld.contacts(mId)};
}

Aabb PlayerSim::box() const {
    return mWorld.aabb(mId);
}

// --- trajectories --------------------------------------------------------------------

namespace {

void appendKeys(InputScript& script, std::uint64_t from, std::uint64_t to, const Input& keys) {
    if (from > to || keys == Input{})
        return;
    if (!script.ranges.empty() && script.ranges.back().keys == keys &&
        script.ranges.back().to + 1 == from) {
        script.ranges.back().to = to;
        return;
    }
    script.ranges.push_back(InputRange{from, to, keys});
}

} // namespace

Trajectory simulateScript(const Level& level, int x, int y, const InputScript& script,
                          int maxSteps) {
    Trajectory t;
    PlayerSim sim(level);
    if (!sim.placeOn(x, y))
        return t;
    bool left = false;
    for (int k = 1; k <= maxSteps; ++k) {
        const PlayerState s = sim.step(script.at(std::uint64_t(k)));
        t.states.push_back(s);
        if (!(s.contacts & OnGround)) {
            left = true;
        } else if (left) {
            t.landed = true;
            break;
        }
    }
    t.route.steps = t.states.size();
    for (const InputRange& r : script.ranges)
        if (r.from <= t.route.steps)
            appendKeys(t.route.script, r.from, std::min<std::uint64_t>(r.to, t.route.steps),
                       r.keys);
    return t;
}

Trajectory simulateHeld(const Level& level, int x, int y, const Input& first, int firstSteps,
                        const Input& then, int maxSteps) {
    InputScript script;
    appendKeys(script, 1, std::uint64_t(std::max(firstSteps, 0)), first);
    appendKeys(script, std::uint64_t(std::max(firstSteps, 0)) + 1,
               std::uint64_t(std::max(maxSteps, 0)), then);
    return simulateScript(level, x, y, script, maxSteps);
}

} // namespace ts::level
