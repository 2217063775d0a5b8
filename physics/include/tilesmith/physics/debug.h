// Debug data filled by World::step() when enabled. The library never draws:
// the editor's overlays read these arrays.
#pragma once

#include "tilesmith/physics/body.h"
#include "tilesmith/physics/vec2.h"

#include <cstdint>
#include <vector>

namespace ts {

enum class SensorSide : std::uint8_t { Ground, Ceiling, Left, Right };

/// One placement of a sensor line that was tested against the tiles.
struct SensorSegment {
    BodyId body;
    SensorSide side = SensorSide::Ground;
    Vec2 a, b;          ///< end points in world pixels (rounded, as tested)
    bool hit = false;   ///< this placement found a blocking tile
    bool swept = false; ///< an intermediate placement between the old and new position
};

/// A partition cell that holds at least one body.
struct PartitionCell {
    int x = 0, y = 0; ///< cell coordinates
    Vec2 min, max;    ///< world rectangle
    int count = 0;    ///< bodies in the cell
};

/// One overlapping pair found this step, measured where the pair was found
/// (before the solver separated it).
struct PairDebug {
    BodyId a, b;
    Vec2 overlap; ///< signed per-axis overlap for a (b's is the negation)
    /// What resolves the overlap: the minimum translation, the solver's contact
    /// manifold. B leaves A by moving `penetration` along `normal` (unit, from A
    /// towards B); A leaves B by the opposite. A zero normal means the bounding
    /// boxes overlap but the shapes do not (a circle's corner region).
    Vec2 normal;
    float penetration = 0;
    Vec2 point; ///< contact point: the middle of the overlap region, world px
    /// False when the solver leaves the pair alone and the bodies pass through
    /// each other: their category / mask filters exclude each other (as the
    /// level library's characters do: they collide with boxes and balls, not
    /// with each other), or both have infinite mass.
    bool collides = true;
};

struct DebugData {
    std::vector<SensorSegment> sensors;
    std::vector<PartitionCell> cells;
    std::vector<PairDebug> pairs;
    float cellSize = 0;                ///< partition cell edge in pixels
    int gridWidth = 0, gridHeight = 0; ///< partition cells across and up
    Vec2 gridOrigin;                   ///< world position of cell (0, 0)'s bottom-left corner
    void clear() {
        sensors.clear();
        cells.clear();
        pairs.clear();
    }
};

/// Counters kept every step (cheap, always on).
struct StepStats {
    std::uint64_t pairsTested = 0; ///< overlap tests the partition ran
    std::uint64_t pairsFound = 0;  ///< overlapping pairs reported
    /// Velocity passes over the contacts (resting pass and solve; at most twice
    /// WorldSettings::solverIterations): how hard the contacts were to settle.
    std::uint32_t velocityPasses = 0;
    /// Of those, the passes run four contacts at a time (crowds that keep pushing;
    /// the result is the same bit for bit, only faster).
    std::uint32_t groupedPasses = 0;
};

} // namespace ts
