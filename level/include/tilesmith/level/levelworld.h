// Builds a physics world from a level in one call: what play mode, the
// `tilesmith simulate` command and games all use, so they behave the same.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/physics/world.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace ts::level {

/// The world settings a level's physics section stands for.
WorldSettings worldSettings(const PhysicsSettings& p);
/// The level physics section a world's settings stand for (the inverse of
/// worldSettings(); the solver settings a level does not carry are dropped).
PhysicsSettings physicsSettings(const WorldSettings& s);
/// The physics tile map of a level: rows flipped so physics row 0 is the bottom,
/// map origin (bottom-left corner) at world (0, 0).
TileMap tileMap(const Level& level);
/// World position (y up) of a level tile's bottom centre.
Vec2 tileBottomCenter(const Level& level, int x, int y);
/// The level tile (x, y; row 0 at the top, as the editor counts) of a body whose feet
/// (World::position() of a level's body: its bottom centre) are at `feet`: the tile a
/// spawn would stand on to start there, the inverse of tileBottomCenter(). The column
/// holds the feet; the row is the one whose bottom edge is nearest them, so a body
/// resting on a floor (or a hair into it) is on the tile above the floor, as its spawn
/// is. It may be off the map (a body that fell out). std::nullopt for a position that is
/// not finite or a billion tiles away.
std::optional<std::pair<int, int>> spawnTileAt(const Level& level, Vec2 feet);
/// Collision categories (BodyDef::category / mask). Characters (the player,
/// NPCs) collide with rigid bodies but not with each other, so a crowd of NPCs
/// and the player walk through one another instead of shoving by impulses;
/// rigid bodies (boxes, balls) collide with everything.
inline constexpr std::uint32_t kCharacterCategory = 1u << 0;
inline constexpr std::uint32_t kRigidCategory = 1u << 1;

/// The body definition a spawn stands for (body userData = spawn id).
///   player -> Aabb, Control::Character     npc  -> Aabb, Control::Patrol
///   box    -> Aabb, Control::None          ball -> Circle, Control::None
/// Position convention: BodyDef::position is the spawn's BOTTOM CENTRE (its
/// feet) and offset = (0, half height), so the AABB centre sits half a height
/// above the tile's bottom edge and scaling grows the body upwards from its
/// feet. velocity = (vx, vy); an NPC whose vx is negative starts walking left.
BodyDef bodyDef(const Level& level, const Spawn& spawn);

struct LevelWorld {
    World world;
    /// Null when the level has no player, or when its player's body was refused (see
    /// buildWorld()).
    BodyId player;
    /// Parallel to level.spawns; null for goals (no body) and for refused bodies.
    std::vector<BodyId> spawnBodies;
    /// Every body of the run in the order made: buildWorld()'s in world order, then those
    /// replay events added (clones, spawns edited while running). A body removed since (its
    /// spawn edited or deleted) stays listed, no longer valid. A replay's checkpoints list
    /// the bodies in this order.
    std::vector<BodyId> bodies;
    /// How many of `bodies` the run started with (buildWorld()'s, or those there when
    /// recording started): the bodies a replay's `spawns:` section lists.
    std::size_t startBodies = 0;
};

/// The whole level as a physics world: map, settings and one body per spawn
/// (goals are areas, not bodies: see goals.h). It builds what it can and refuses
/// nothing: for a level that loadLevelFile() refuses (one built in code: check it with
/// validateLevel() first) a spawn whose body World::add() refuses (a NaN or huge size,
/// speed or position) gets a null handle, and physics settings the world refuses
/// (WorldSettings::isValid()) are replaced by the defaults.
LevelWorld buildWorld(const Level& level);

/// Level tile (row 0 at the top) of a physics tile (row 0 at the bottom) and back.
inline int physicsRow(const Level& level, int levelRow) {
    return level.height - 1 - levelRow;
}

} // namespace ts::level
