// Builds a physics world from a level in one call: what play mode, the
// `tilesmith simulate` command and games all use, so they behave the same.
#pragma once

#include "level/level.h"
#include "tilesmith/physics/world.h"

#include <vector>

namespace ts::level {

/// The world settings a level's physics section stands for.
WorldSettings worldSettings(const PhysicsSettings& p);
/// The physics tile map of a level: rows flipped so physics row 0 is the bottom,
/// map origin (bottom-left corner) at world (0, 0).
TileMap tileMap(const Level& level);
/// World position (y up) of a level tile's bottom centre.
Vec2 tileBottomCenter(const Level& level, int x, int y);
/// The body definition a spawn stands for (body userData = spawn id).
BodyDef bodyDef(const Level& level, const Spawn& spawn);

struct LevelWorld {
    World world;
    BodyId player;                 ///< null when the level has no player
    std::vector<BodyId> spawnBodies; ///< parallel to level.spawns
};

/// The whole level as a physics world: map, settings and one body per spawn.
LevelWorld buildWorld(const Level& level);

/// Level tile (row 0 at the top) of a physics tile (row 0 at the bottom) and back.
inline int physicsRow(const Level& level, int levelRow) { return level.height - 1 - levelRow; }

} // namespace ts::level
