// A physics world from a level: the one place that converts level rows (top
// first) into physics rows (bottom first) and spawns into bodies.
#include "tilesmith/level/levelworld.h"

#include "tilesmith/level/limits.h"

#include <cmath>

namespace ts::level {

// The level format refuses what the physics would not take (limits.h).
static_assert(limits::kMinMass == ts::kMinMass);
static_assert(limits::kDt.lo == ts::kMinDt && limits::kDt.hi == ts::kMaxDt && !limits::kDt.loOpen);

namespace {
/// Every field of a level's physics section with the world setting it stands
/// for: the one list both directions of the mapping read.
template <typename F> void forEachSettingPair(F&& f) {
    f(&PhysicsSettings::gravity, &WorldSettings::gravity);
    f(&PhysicsSettings::walkSpeed, &WorldSettings::walkSpeed);
    f(&PhysicsSettings::jumpSpeed, &WorldSettings::jumpSpeed);
    f(&PhysicsSettings::maxFallSpeed, &WorldSettings::maxFallSpeed);
    f(&PhysicsSettings::oneWayThreshold, &WorldSettings::oneWayThreshold);
    f(&PhysicsSettings::partitionCell, &WorldSettings::partitionCellTiles);
    f(&PhysicsSettings::dt, &WorldSettings::dt);
}
} // namespace

WorldSettings worldSettings(const PhysicsSettings& p) {
    WorldSettings s;
    forEachSettingPair([&](auto level, auto world) { s.*world = p.*level; });
    return s;
}

PhysicsSettings physicsSettings(const WorldSettings& s) {
    PhysicsSettings p;
    forEachSettingPair([&](auto level, auto world) { p.*level = s.*world; });
    return p;
}

TileMap tileMap(const Level& level) {
    const float ts = static_cast<float>(level.tileSize);
    // Tile (0, 0)'s centre at (ts/2, ts/2) puts the map's bottom-left corner at (0, 0).
    TileMap map(level.width, level.height, ts, Vec2{ts * 0.5f, ts * 0.5f});
    for (int y = 0; y < level.height; ++y) {
        const int py = physicsRow(level, y);
        for (int x = 0; x < level.width; ++x) {
            const Tile t = level.tile(x, y);
            if (t != Tile::Empty)
                map.set(x, py, t);
        }
    }
    return map;
}

Vec2 tileBottomCenter(const Level& level, int x, int y) {
    const float ts = static_cast<float>(level.tileSize);
    return Vec2{(static_cast<float>(x) + 0.5f) * ts, static_cast<float>(physicsRow(level, y)) * ts};
}

std::optional<std::pair<int, int>> spawnTileAt(const Level& level, Vec2 feet) {
    const double ts = level.tileSize > 0 ? double(level.tileSize) : 1.0;
    const double column = std::floor(double(feet.x) / ts);
    const double bottomRow = std::floor(double(feet.y) / ts + 0.5); // physics row, 0 at the bottom
    constexpr double kFar = 1e9;
    if (!std::isfinite(column) || !std::isfinite(bottomRow) || std::fabs(column) > kFar ||
        std::fabs(bottomRow) > kFar)
        return std::nullopt;
    return std::pair{int(column), physicsRow(level, int(bottomRow))};
}

BodyDef bodyDef(const Level& level, const Spawn& spawn) {
    BodyDef d;
    d.position = tileBottomCenter(level, spawn.x, spawn.y);
    d.velocity = Vec2{spawn.vx, spawn.vy};
    d.mass = spawn.mass;
    d.restitution = spawn.restitution;
    d.userData = static_cast<std::uint64_t>(static_cast<std::int64_t>(spawn.id));
    if (spawn.kind == SpawnKind::Ball) {
        d.shape = Shape::Circle;
        d.radius = spawn.radius;
        d.halfSize = Vec2{spawn.radius, spawn.radius};
        d.offset = Vec2{0.0f, spawn.radius};
    } else {
        d.shape = Shape::Aabb;
        d.halfSize = Vec2{spawn.width * 0.5f, spawn.height * 0.5f};
        d.offset = Vec2{0.0f, spawn.height * 0.5f};
    }
    switch (spawn.kind) {
    case SpawnKind::Player:
        d.control = Control::Character;
        break;
    case SpawnKind::Npc:
        d.control = Control::Patrol;
        d.facing = spawn.vx < 0 ? -1 : 1;
        break;
    case SpawnKind::Box:
    case SpawnKind::Ball:
    case SpawnKind::Goal: // never added to a world (buildWorld skips goals)
        d.control = Control::None;
        break;
    }
    if (spawn.kind == SpawnKind::Player || spawn.kind == SpawnKind::Npc) {
        d.category = kCharacterCategory;
        d.mask = kRigidCategory;
    } else {
        d.category = kRigidCategory;
        d.mask = kCharacterCategory | kRigidCategory;
    }
    return d;
}

LevelWorld buildWorld(const Level& level) {
    LevelWorld lw{World(tileMap(level), worldSettings(level.physics)), BodyId{}, {}, {}, 0};
    lw.spawnBodies.reserve(level.spawns.size());
    for (const Spawn& s : level.spawns) {
        if (!isBodyKind(s.kind)) {
            lw.spawnBodies.push_back(BodyId{}); // a goal is an area, not a body
            continue;
        }
        const BodyId id = lw.world.add(bodyDef(level, s));
        lw.spawnBodies.push_back(id);
        if (s.kind == SpawnKind::Player && lw.player.isNull())
            lw.player = id;
    }
    lw.bodies = lw.world.bodies();
    lw.startBodies = lw.bodies.size();
    return lw;
}

} // namespace ts::level
