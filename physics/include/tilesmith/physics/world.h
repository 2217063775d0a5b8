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

/// World bounds: every coordinate of a body's position stays within
/// [-kWorldLimit, kWorldLimit] px (2^24: floats still resolve whole pixels there).
/// Setters refuse positions outside; a body that the step would carry beyond a
/// bound is stopped at it (that coordinate clamped, that speed component zeroed).
/// A map must lie inside the bounds (TileMap enforces it for its position).
inline constexpr float kWorldLimit = 16777216.0f;
/// Largest accepted speed component, px/s (the step then clamps speeds to 8 tiles
/// per step anyway).
inline constexpr float kMaxSpeed = 1.0e6f;
/// Largest accepted unscaled half size / radius, px.
inline constexpr float kMaxHalfSize = 65536.0f;
/// Accepted scale range per axis (a scaled half size is at most kMaxHalfSize too).
inline constexpr float kMinScale = 1.0f / 64.0f;
inline constexpr float kMaxScale = 64.0f;
/// Smallest non-zero mass (0 = infinite mass).
inline constexpr float kMinMass = 1.0e-6f;
/// Accepted fixed step, seconds (WorldSettings::dt, StepAccumulator's dt).
inline constexpr float kMinDt = 1.0e-6f;
inline constexpr float kMaxDt = 1.0f;

/// Tuning values, in pixels and seconds (y up). Defaults make a pleasant
/// platformer at 16 px tiles (how high and far a jump goes: physics/README.md).
/// World::setSettings() and the constructor accept only values in the ranges
/// noted (all floats finite); isValid() tells.
struct WorldSettings {
    float gravity = 1500.0f;        ///< px/s^2, pulls down; [-1e6, 1e6]
    float walkSpeed = 160.0f;       ///< px/s, characters' horizontal speed; [0, 1e6]
    float jumpSpeed = 480.0f;       ///< px/s, vertical speed at take-off; [0, 1e6]
    float maxFallSpeed = 720.0f;    ///< px/s, terminal falling speed; [0, 1e6]
    float oneWayThreshold = 2.0f;   ///< px, see the one-way platform rule; [0, 64]
    int partitionCellTiles = 4;     ///< partition cell edge in tiles (see README); [1, 1024]
    float dt = 1.0f / 60.0f;        ///< fixed step, seconds; [kMinDt, kMaxDt] = [1e-6, 1]
    float correctionPercent = 0.6f; ///< positional correction strength; [0, 1]
    float correctionSlop = 0.05f;   ///< px of penetration left alone; [0, 16]
    int solverIterations = 8;       ///< impulse passes over the contact pairs per step; [1, 256]

    /// True when every field is finite and in its range above.
    bool isValid() const;
    bool operator==(const WorldSettings&) const = default;
};

/// One body's complete dynamic state (position, old position, speed, contact and
/// tile-ground flags, character state, facing, scale, input), as World::snapshot()
/// takes it and World::restore() puts it back. A small value type: copy it freely.
/// It does not hold the body's fixed properties (shape, size, mass, masks).
class BodySnapshot {
public:
    bool isNull() const { return !mValid; }
    bool operator==(const BodySnapshot&) const = default;

private:
    friend class World;
    Vec2 mPosition, mOldPosition, mSpeed, mScale{1.0f, 1.0f};
    Input mInput;
    int mFacing = 1;
    CharacterState mState = CharacterState::Stand;
    std::uint8_t mContacts = 0, mOldContacts = 0, mTileGround = 0;
    bool mValid = false;
};

class World {
public:
    /// Settings that are not isValid() are replaced by the defaults.
    explicit World(TileMap map, WorldSettings settings = {});
    ~World();
    World(const World&);
    World& operator=(const World&);
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    // --- map and settings (change between steps) --------------------------
    const TileMap& map() const;
    /// Changes one tile; takes effect at the next step. A tile made solid over
    /// tile-colliding bodies that overlapped no solid tile pushes each of them out
    /// along the shortest free direction (the rule of setScale(); up, left, right or
    /// down, ties in that order), so painting a wall over a body never leaves it
    /// inside a floor, wall or ceiling. A push goes just out of the new tile: a body
    /// that would end in another solid tile every way (boxed in) stays where it is.
    /// Nothing else moves.
    bool setTile(int x, int y, Tile t);
    const WorldSettings& settings() const;
    /// Applies new settings; a new partition cell size rebuilds the partition.
    /// Refused (returns false, nothing changes) unless s.isValid().
    bool setSettings(const WorldSettings& s);

    // --- bodies ------------------------------------------------------------
    /// Adds a body. Returns a null handle (and adds nothing) unless the definition
    /// is valid: position finite and within kWorldLimit, velocity finite and within
    /// kMaxSpeed, half size / radius finite in [0, kMaxHalfSize], offset finite and
    /// within kMaxHalfSize, scale in [kMinScale, kMaxScale] with scaled half size
    /// <= kMaxHalfSize, mass finite and 0 or >= kMinMass, restitution in [0, 1].
    BodyId add(const BodyDef& def);
    /// The rule add() applies.
    static bool isValidDef(const BodyDef& def);
    /// Removes a body; false for a stale or null handle.
    bool remove(BodyId id);
    bool isValid(BodyId id) const;

    // --- reading a body by handle ----------------------------------------------
    // Every accessor takes a handle and returns a value; a stale or null handle
    // reads as the default noted (zero vectors, no contacts, {1, 1} scale).
    Vec2 position(BodyId id) const;
    Vec2 oldPosition(BodyId id) const; ///< position before the last step
    Vec2 velocity(BodyId id) const;    ///< px/s, y up
    Aabb aabb(BodyId id) const;        ///< world-space box (centre = position + offset * scale)
    Vec2 scale(BodyId id) const;
    std::uint8_t contacts(BodyId id) const;    ///< ContactFlag bits of the last step
    std::uint8_t oldContacts(BodyId id) const; ///< ContactFlag bits of the step before
    bool hasContact(BodyId id, ContactFlag f) const { return (contacts(id) & f) != 0; }
    bool hadContact(BodyId id, ContactFlag f) const { return (oldContacts(id) & f) != 0; }
    CharacterState state(BodyId id) const;
    Control control(BodyId id) const;
    Shape shape(BodyId id) const;
    int facing(BodyId id) const; ///< +1 right, -1 left
    Input input(BodyId id) const;
    float inverseMass(BodyId id) const; ///< 0 = infinite mass
    float restitution(BodyId id) const;
    Vec2 halfSize(BodyId id) const; ///< unscaled, as defined (aabb() has the scaled box)
    float radius(BodyId id) const;  ///< unscaled, as defined (Circle)
    Vec2 offset(BodyId id) const;   ///< unscaled, as defined
    std::uint64_t userData(BodyId id) const;
    std::size_t bodyCount() const;
    /// Handles of all live bodies, in slot order (deterministic).
    std::vector<BodyId> bodies() const;

    // Setters return false and change nothing for a stale handle or a refused value.
    bool setInput(BodyId id, const Input& input);
    /// Teleport: the old position follows; contact flags, tile-ground state, the
    /// body's resting contacts and its collision records are cleared (the body was
    /// not touching anything where it arrives until the next step says so).
    /// Refused unless finite and within kWorldLimit.
    bool setPosition(BodyId id, Vec2 position);
    /// Refused unless finite and within kMaxSpeed per component.
    bool setVelocity(BodyId id, Vec2 velocity);
    /// Rescales the body like the tutorial's size slider: the box grows (or shrinks)
    /// from its feet, i.e. the bottom centre of the box stays where it was (a body
    /// whose offset puts its position at the feet, like the level's, keeps its
    /// position exactly). If the grown box of a tile-colliding body that was clear
    /// of solid tiles would overlap one (a wall beside it, a ceiling above), it is
    /// pushed out along the shortest free direction (up, left, right or down; ties
    /// in that order), so it never ends inside a floor, wall or ceiling. When no
    /// push of at most the box's size plus one tile frees it (say, grown taller
    /// than the tunnel it stands in), the scale is refused. Contact flags are kept
    /// (the next step's sensors update them). Refused also unless each component is
    /// in [kMinScale, kMaxScale] and the scaled half size stays <= kMaxHalfSize.
    bool setScale(BodyId id, Vec2 scale);

    /// Collision records of a body from the last step (cleared every step). Empty
    /// for a body added, teleported or restored since the last step. The first
    /// call after a step builds every body's records (the step keeps what they
    /// describe, so changes made since do not show in them); the span stays valid
    /// until the next step (or until the world is assigned to or destroyed; adding,
    /// removing or moving bodies keeps it). Safe to call from several threads at once while
    /// nothing changes the world.
    std::span<const CollisionRecord> collisions(BodyId id) const;

    // --- per-body snapshots (replays, reachability search) ---------------------
    /// The body's dynamic state; a null snapshot for a stale handle. Cheap: no
    /// allocation, nothing of the rest of the world is copied.
    BodySnapshot snapshot(BodyId id) const;
    /// Puts a snapshot's state back on a body (any valid body, normally the one it
    /// was taken from): position, old position, speed, contacts, tile-ground state,
    /// character state, facing, scale and input; the box and partition follow. The
    /// body's resting contacts from the last step and its collision records are
    /// dropped (as after setPosition). So a world whose only body is restored and
    /// stepped gives bit-identical results to the original run from that state;
    /// with other bodies touching it, their shared contacts are re-found by the
    /// next step. False (nothing changes) for a stale handle or a null snapshot.
    bool restore(BodyId id, const BodySnapshot& snap);
    /// FNV-1a 64 over one body's snapshot fields (not the step count): equal
    /// snapshots give equal hashes (for deduplicating states in a search).
    std::uint64_t bodyHash(BodyId id) const;

    // --- stepping ------------------------------------------------------------
    /// Advances the world by settings().dt.
    void step();
    std::uint64_t stepCount() const;
    /// FNV-1a 64 over everything the body state of a later step depends on: the
    /// settings (except partitionCellTiles, which changes only the cost: results
    /// do not depend on the grid), the step count, the live slots and, per live body in slot order,
    /// position, speed, contact flags, tile-ground state, character state, facing,
    /// scale and input, and the resting contacts the next step starts from. The
    /// tile map is not hashed (it is the caller's input).
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
    /// A dt that is not finite or outside [1e-6, 1] s (WorldSettings' range) gives 1/60 s.
    /// A maxStepsPerFrame below 1 counts as 1 (0 or a negative cap would never step).
    explicit StepAccumulator(double dt = 1.0 / 60.0, int maxStepsPerFrame = 8)
        : mDt(isValidDt(dt) ? dt : 1.0 / 60.0),
          mMaxSteps(maxStepsPerFrame > 1 ? maxStepsPerFrame : 1) {}
    /// Adds a frame's elapsed seconds and returns how many steps to run now
    /// (at most maxStepsPerFrame: a long stall drops time instead of spiralling).
    /// A frame time that is zero, negative or NaN adds nothing; +inf is a stall
    /// (maxStepsPerFrame steps, nothing left over).
    int advance(double frameSeconds);
    /// Runs advance(frameSeconds) steps on the world; returns how many ran.
    int advance(double frameSeconds, World& world);
    /// Fraction of a step left in the accumulator, for interpolated drawing.
    double alpha() const { return mAccumulator / mDt; }
    double dt() const { return mDt; }
    /// Refused (returns false, dt unchanged) unless finite and in [1e-6, 1] s.
    bool setDt(double dt) {
        if (!isValidDt(dt))
            return false;
        mDt = dt;
        return true;
    }
    void reset() { mAccumulator = 0; }

private:
    static constexpr bool isValidDt(double dt) { return dt >= kMinDt && dt <= kMaxDt; } // not NaN

    double mDt;
    int mMaxSteps;
    double mAccumulator = 0;
};

} // namespace ts
