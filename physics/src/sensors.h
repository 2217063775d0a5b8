// The part-3 tile sensors (private): swept ground, ceiling and wall checks and
// the body's response to them.
#pragma once

#include "tilesmith/physics/body.h"
#include "tilesmith/physics/debug.h"
#include "tilesmith/physics/tilemap.h"

namespace ts::detail {

/// 8 bytes with the float first, so it comes back in one register (a 12-byte
/// bool, float, bool layout goes through the stack: a store-forwarding stall per call).
struct SensorHit {
    float coord = 0; ///< ground / ceiling y or wall x of the first blocking tile
    bool hit = false;
    bool oneWay = false; ///< ground only: landed on a one-way platform
};

/// The four swept sensors. `oldCenter`/`center` are the AABB centres before and
/// after the move, `half` the scaled half size. `fallDistance` = oldPosition.y -
/// position.y (the one-way rule's allowance). `dbg` may be null (debug off).
SensorHit groundSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half,
                       float oneWayThreshold, float fallDistance, DebugData* dbg, BodyId id);
SensorHit ceilingSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half, DebugData* dbg,
                        BodyId id);
SensorHit leftSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half, DebugData* dbg,
                     BodyId id);
SensorHit rightSensor(const TileMap& map, Vec2 oldCenter, Vec2 center, Vec2 half, DebugData* dbg,
                      BodyId id);

struct BodyHot;

/// Runs the sensors in the tutorial's order (left, right, ground, ceiling) on a body
/// that moved from b.oldPosition to b.position, snapping it and setting its contact
/// flags and speed (only the speed component pointing into a hit is cleared).
void resolveTiles(BodyHot& b, const TileMap& map, float oneWayThreshold, DebugData* dbg, BodyId id);

} // namespace ts::detail
