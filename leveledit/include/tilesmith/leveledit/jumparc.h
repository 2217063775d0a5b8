// Jump arcs: where the player goes from a tile when it jumps or walks off a
// ledge, simulated step by step by the physics library's own character
// controller (the level's tile map, physics settings and the player's size), so
// every arc is exactly what play mode and `tilesmith simulate` do with the same
// held keys. Moving bodies (NPCs, boxes, balls) are left out: the world holds
// the player alone.
#pragma once

#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/level.h"
#include "tilesmith/physics/world.h"

#include <cstdint>
#include <vector>

namespace ts::leveledit {

using level::InputScript;
using level::Level;
using level::Spawn;

enum class ArcKind : std::uint8_t {
    /// jump and the direction held for JumpArcOptions::shortSteps steps, then no
    /// keys: the nearest sideways jump (the controller's jump height does not
    /// depend on how long jump is held, so every jump rises as high)
    ShortJump,
    FullJump, ///< jump held while rising, the direction held until landing: the farthest jump
    Fall,     ///< walk towards the side until the ground ends, keep holding it until landing
};

const char* arcKindName(ArcKind kind); ///< "short jump", "full jump", "fall"

struct JumpArc {
    ArcKind kind = ArcKind::FullJump;
    int direction = 1; ///< -1 left, +1 right
    /// The keys of every step from the start tile: the settling steps (no keys),
    /// then the arc's own. Step 1 is the first step of a world built on the
    /// start tile, so `simulateLevel` / play mode's scripted run replays it.
    InputScript inputs;
    /// Steps in `inputs` before the arc's own keys begin (the settling fall).
    std::uint64_t firstStep = 1;
    /// The player's position (BodyDef convention: its bottom centre, world
    /// pixels, y up) after every step 1..points.size(), settling steps included.
    std::vector<Vec2> points;
    /// True when the arc ends standing on ground (OnGround after the step);
    /// false when it was cut off at JumpArcOptions::maxSteps.
    bool landed = false;
    /// Player box half size (for drawing where it lands).
    Vec2 halfSize;
};

struct JumpArcOptions {
    /// Steps an arc (or the settling fall) may take before it is cut off.
    int maxSteps = 900;
    /// Steps the Fall arcs may walk looking for a ledge.
    int maxWalkSteps = 600;
    /// Steps the short jump holds its keys (the reachability search's move length).
    int shortSteps = 4;
};

/// Why a JumpArcSet has no arcs.
enum class NoArcs : std::uint8_t {
    None,        ///< not refused (ok, or not computed yet)
    OffMap,      ///< the start tile is off the map
    Solid,       ///< the start tile is solid: the player cannot stand in it
    NeverStands, ///< the player fell for JumpArcOptions::maxSteps without coming to stand
};

struct JumpArcSet {
    /// False when the start tile is off the map or solid, or the player never
    /// came to stand (then `arcs` is empty and `why` says which).
    bool ok = false;
    NoArcs why = NoArcs::None;
    /// Where the player stands before the arcs (after falling from the start
    /// tile to the ground below it, if it was in the air).
    Vec2 start;
    /// Settling steps from the start tile to `start`.
    std::uint64_t settleSteps = 0;
    /// Player box half size.
    Vec2 halfSize;
    /// Short and full jump to the left and right, then the fall off the ledge on
    /// each side that has one: ShortJump -1, ShortJump +1, FullJump -1,
    /// FullJump +1, Fall -1, Fall +1 (fewer when a side has no ledge).
    std::vector<JumpArc> arcs;
};

/// The player spawn of `level` (or a default player when it has none) moved to
/// level tile (x, y): what play mode's "play from here" builds.
Spawn playerSpawnAt(const Level& level, int x, int y);

/// A world with the level's map and settings and nothing else. Copy it and add
/// playerSpawnAt()'s body to compute arcs from several tiles without rebuilding
/// the map.
World emptyLevelWorld(const Level& level);

/// The arcs from level tile (x, y) (row 0 at the top): the player is placed on
/// that tile as play mode's "play from here" does, falls until it stands, then
/// each arc runs on a copy of that world.
JumpArcSet computeJumpArcs(const Level& level, int x, int y, const JumpArcOptions& options = {});
/// The same with a prepared emptyLevelWorld(level) (not changed).
JumpArcSet computeJumpArcs(const Level& level, const World& emptyWorld, int x, int y,
                           const JumpArcOptions& options = {});

} // namespace ts::leveledit
