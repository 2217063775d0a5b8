// The physics world: owns the tile map, the bodies and the spatial partition,
// and advances them by a fixed time step. Deterministic: the same map, bodies
// and inputs give a bit-identical state (see stateHash()).
#pragma once

#include "tilesmith/physics/body.h"
#include "tilesmith/physics/debug.h"
#include "tilesmith/physics/tilemap.h"

#include <cstdint>
#include <memory>
#include <span>

namespace ts {

/// Tuning values, in pixels and seconds (y up). Defaults make a pleasant
/// platformer at 16 px tiles: a jump rises 76.8 px (4.8 tiles).
struct WorldSettings {
    float gravity = 1500.0f;        ///< px/s^2, pulls down
    float walkSpeed = 160.0f;       ///< px/s, characters' horizontal speed
    float jumpSpeed = 480.0f;       ///< px/s, vertical speed at take-off
    float maxFallSpeed = 720.0f;    ///< px/s, terminal falling speed
    float oneWayThreshold = 2.0f;   ///< px, see the one-way platform rule
    int partitionCellTiles = 4;     ///< partition cell edge in tiles (see README: measured)
    float dt = 1.0f / 60.0f;        ///< fixed step, seconds
    float correctionPercent = 0.6f; ///< positional correction strength (0.2 - 0.8)
    float correctionSlop = 0.05f;   ///< px of penetration left alone (0.01 - 0.1)
    int solverIterations = 8;       ///< impulse passes over the contact pairs per step
};

class World {
public:
    explicit World(TileMap map, WorldSettings settings = {});
    ~World();
    World(const World&);
    World& operator=(const World&);
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    // --- map and settings (change between steps) --------------------------
    const TileMap& map() const;
    /// Changes one tile; takes effect at the next step.
    bool setTile(int x, int y, Tile t);
    const WorldSettings& settings() const;
    /// Applies new settings; a new partition cell size rebuilds the partition.
    void setSettings(const WorldSettings& s);

    // --- bodies ------------------------------------------------------------
    BodyId add(const BodyDef& def);
    /// Removes a body; false for a stale or null handle.
    bool remove(BodyId id);
    bool isValid(BodyId id) const;
    /// The body behind a valid handle, nullptr for a stale one. The pointer is
    /// only good until the next add/remove/step. Deprecated: read by handle below.
    const Body* body(BodyId id) const;

    // --- reading a body by handle ----------------------------------------------
    // Every accessor takes a handle and returns a value; a stale or null handle
    // reads as the default noted (zero vectors, no contacts, {1, 1} scale).
    Vec2 position(BodyId id) const;
    Vec2 oldPosition(BodyId id) const; ///< position before the last step
    Vec2 velocity(BodyId id) const;    ///< px/s, y up
    Aabb aabb(BodyId id) const;        ///< world-space box (centre = position + offset * scale)
    Vec2 scale(BodyId id) const;
    std::uint8_t contacts(BodyId id) const; ///< ContactFlag bits of the last step
    bool hasContact(BodyId id, ContactFlag f) const { return (contacts(id) & f) != 0; }
    CharacterState state(BodyId id) const;
    Control control(BodyId id) const;
    Shape shape(BodyId id) const;
    int facing(BodyId id) const; ///< +1 right, -1 left
    Input input(BodyId id) const;
    float inverseMass(BodyId id) const; ///< 0 = infinite mass
    std::uint64_t userData(BodyId id) const;
    std::size_t bodyCount() const;
    /// Handles of all live bodies, in slot order (deterministic).
    std::vector<BodyId> bodies() const;

    void setInput(BodyId id, const Input& input);
    void setPosition(BodyId id, Vec2 position); ///< teleport (old position follows)
    void setVelocity(BodyId id, Vec2 velocity);
    void setScale(BodyId id, Vec2 scale);

    /// Collision records of a body from the last step (cleared every step).
    std::span<const CollisionRecord> collisions(BodyId id) const;

    // --- stepping ------------------------------------------------------------
    /// Advances the world by settings().dt.
    void step();
    std::uint64_t stepCount() const;
    /// FNV-1a over the bit patterns of every live body's position and speed,
    /// in slot order, and the step count.
    std::uint64_t stateHash() const;
    const StepStats& stats() const;

    // --- debug data (off by default, costs nothing when off) ----------------
    void setDebugEnabled(bool on);
    bool debugEnabled() const;
    const DebugData& debug() const;

    struct Impl;

private:
    std::unique_ptr<Impl> d;
};

/// Turns variable frame times into whole fixed steps. Feeding 30, 60 or 144 Hz
/// frames gives identical world states at equal step counts, because the world
/// only ever advances by its fixed dt.
class StepAccumulator {
public:
    explicit StepAccumulator(double dt = 1.0 / 60.0, int maxStepsPerFrame = 8)
        : mDt(dt), mMaxSteps(maxStepsPerFrame) {}
    /// Adds a frame's elapsed seconds and returns how many steps to run now
    /// (at most maxStepsPerFrame: a long stall drops time instead of spiralling).
    int advance(double frameSeconds);
    /// Runs advance(frameSeconds) steps on the world; returns how many ran.
    int advance(double frameSeconds, World& world);
    /// Fraction of a step left in the accumulator, for interpolated drawing.
    double alpha() const { return mAccumulator / mDt; }
    double dt() const { return mDt; }
    void setDt(double dt) { mDt = dt; }
    void reset() { mAccumulator = 0; }

private:
    double mDt;
    int mMaxSteps;
    double mAccumulator = 0;
};

} // namespace ts
