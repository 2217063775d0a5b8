// Bodies: moving objects with tile sensors, optional character control and
// impulse-resolved contacts.
#pragma once

#include "tilesmith/physics/vec2.h"

#include <cstdint>

namespace ts {

/// A body handle: slot index + generation. A handle whose body was removed is
/// detectably stale (World::isValid returns false), so callers may keep handles
/// across steps. Never hold raw pointers to bodies across steps. A handle belongs to
/// the world that gave it (and to copies of that world): one from another world, or
/// from a world since replaced by assignment (a reloaded level), is not detected and
/// reads as whatever body holds that slot there; take handles anew after a reload.
struct BodyId {
    std::uint32_t index = 0xffffffffu;
    std::uint32_t generation = 0;
    constexpr bool isNull() const { return index == 0xffffffffu; }
    constexpr bool operator==(const BodyId&) const = default;
};

enum class Shape : std::uint8_t {
    Aabb,   ///< axis-aligned box (halfSize)
    Circle, ///< circle (radius); collides with tiles through its bounding box
};

/// Who moves the body.
enum class Control : std::uint8_t {
    None,      ///< a rigid body: gravity, tiles and impulses only (boxes, balls)
    Character, ///< driven by Input through the character controller (the player, clones)
    Patrol,    ///< a character that walks by itself and turns at walls and ledges (NPCs)
};

/// Character controller states (the tutorial's stand / walk / jump).
enum class CharacterState : std::uint8_t { Stand, Walk, Jump };

/// Inputs of a Character body for the next step.
struct Input {
    bool left = false;
    bool right = false;
    bool jump = false;
    bool down = false; ///< drops through a one-way platform when standing on one
    constexpr bool operator==(const Input&) const = default;
};

/// Contact flags: set by the tile sensors each step.
enum ContactFlag : std::uint8_t {
    OnGround = 1 << 0,
    AtCeiling = 1 << 1,
    PushesLeftWall = 1 << 2,
    PushesRightWall = 1 << 3,
    OnOneWayPlatform = 1 << 4,
};

/// Everything needed to create a body, filled with usable defaults
/// (a 16 x 16 box of mass 1 that falls under gravity).
struct BodyDef {
    Shape shape = Shape::Aabb;
    Control control = Control::None;
    Vec2 position{};           ///< world position; the AABB centre is position + offset * scale
    Vec2 halfSize{8.0f, 8.0f}; ///< AABB half size before scale (Aabb shape)
    float radius = 8.0f;       ///< Circle shape; its AABB half size is (radius, radius) * scale
    Vec2 offset{};             ///< AABB centre relative to position, before scale
    Vec2 scale{1.0f, 1.0f};
    Vec2 velocity{};       ///< pixels per second, y up
    float mass = 1.0f;     ///< 0 = infinite mass (never moved by impulses)
    float restitution = 0; ///< 0 = no bounce, 1 = perfectly elastic
    bool gravity = true;
    bool collidesWithTiles = true;
    /// Impulse resolution happens between a and b only if
    /// (a.category & b.mask) && (b.category & a.mask). Overlaps are recorded
    /// (collision records, debug pairs) for every overlapping pair regardless.
    std::uint32_t category = 1;
    std::uint32_t mask = 0xffffffffu;
    int facing = 1;             ///< Patrol: +1 walks right first, -1 left
    std::uint64_t userData = 0; ///< the caller's id (the level's spawn id, say)
};

/// One overlap found this step, from the point of view of the body that owns the
/// record: a snapshot, because the other body keeps moving during the step.
struct CollisionRecord {
    BodyId other{};
    Vec2 overlap{};                      ///< signed: the way *this* body must move to get out
    Vec2 speed1{}, speed2{};             ///< this body's and the other's speed
    Vec2 oldPosition1{}, oldPosition2{}; ///< this body's and the other's old positions
    Vec2 position1{}, position2{};       ///< this body's and the other's positions
};

} // namespace ts
