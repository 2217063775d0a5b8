// The player alone in a level's tile map: the primitive the reachability search
// and the jump arcs step (reach.h).
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/reach.h"

#include <algorithm>
#include <cstring>
#include <utility>

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

/// The level's settings, with one partition cell for the whole map (up to the
/// largest cell allowed) when the player is alone: the partition only pairs
/// bodies, and with no other body a fine grid is only cells to scan every step.
/// Movement is unchanged (results never depend on the grid).
WorldSettings simSettings(const Level& level, bool alone) {
    WorldSettings s = worldSettings(level.physics);
    if (alone)
        s.partitionCellTiles = std::clamp(std::max(level.width, level.height), 1, 1024);
    return s;
}

/// A box or ball that could stay put: infinite mass (nothing pushes it) and no
/// speed of its own. Characters steer themselves, and the player's kind does not
/// collide with them anyway.
bool fixedCandidate(const Spawn& s) {
    return (s.kind == SpawnKind::Box || s.kind == SpawnKind::Ball) && s.mass == 0.0f &&
           s.vx == 0.0f && s.vy == 0.0f;
}

} // namespace

std::vector<bool> fixedBodies(const Level& level) {
    std::vector<bool> fixed(level.spawns.size(), false);
    if (std::none_of(level.spawns.begin(), level.spawns.end(), fixedCandidate))
        return fixed;
    // Bodies of infinite mass move only by their own speed and gravity against the
    // tiles (no impulse or correction moves them), so each runs here exactly as in
    // the whole level; together in one world, since they cannot move one another.
    World world(tileMap(level), simSettings(level, false));
    std::vector<std::pair<std::size_t, BodyId>> bodies;
    for (std::size_t i = 0; i < level.spawns.size(); ++i)
        if (fixedCandidate(level.spawns[i])) {
            const BodyId id = world.add(bodyDef(level, level.spawns[i]));
            if (!id.isNull())
                bodies.emplace_back(i, id);
        }
    if (bodies.empty())
        return fixed;
    // Fixed: the position after every step is the spawn's, and the body's whole
    // state is the same after the third step as after the second (from there every
    // step gives that state again: a lone body's step reads nothing else).
    std::vector<BodySnapshot> second(bodies.size());
    std::vector<bool> still(bodies.size(), true);
    for (int k = 1; k <= 3; ++k) {
        world.step();
        for (std::size_t b = 0; b < bodies.size(); ++b) {
            const Vec2 at = bodyDef(level, level.spawns[bodies[b].first]).position;
            const Vec2 p = world.position(bodies[b].second);
            const Vec2 v = world.velocity(bodies[b].second);
            if (!(p == at) || !(v == Vec2{}))
                still[b] = false;
            if (k == 2)
                second[b] = world.snapshot(bodies[b].second);
            else if (k == 3 && !(world.snapshot(bodies[b].second) == second[b]))
                still[b] = false;
        }
    }
    for (std::size_t b = 0; b < bodies.size(); ++b)
        fixed[bodies[b].first] = still[b];
    return fixed;
}

PlayerSim::PlayerSim(const Level& level) : PlayerSim(level, fixedBodies(level)) {
}

PlayerSim::PlayerSim(const Level& level, const std::vector<bool>& fixed)
    : mTileSize(level.tileSize), mLevelHeight(level.height),
      mWorld(tileMap(level),
             simSettings(level, std::find(fixed.begin(), fixed.end(), true) == fixed.end())) {
    const Spawn spawn = playerSpawnOf(level);
    mDef = bodyDef(level, spawn);
    mSpawnPosition = mDef.position;
    mSpawnVelocity = mDef.velocity;
    // The bodies in spawn order, as buildWorld() adds them, so the player meets
    // them in the same order (slots) as in the whole level. A fixed body rests
    // with no speed, held by its tile: here it holds still without gravity or
    // tile checks, which it would not feel, and the player meets the same body.
    const Spawn* player = level.player();
    bool added = false;
    for (std::size_t i = 0; i < level.spawns.size(); ++i) {
        const Spawn& s = level.spawns[i];
        if (&s == player) {
            addBody(mSpawnPosition, mSpawnVelocity);
            added = true;
        } else if (i < fixed.size() && fixed[i]) {
            BodyDef def = bodyDef(level, s);
            def.gravity = false;
            def.collidesWithTiles = false;
            if (!mWorld.add(def).isNull())
                ++mFixedCount;
        }
    }
    if (!added)
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
