// Narrow-phase helpers used by World::step(), public so that tests and tools can
// check them directly. All functions are pure and allocation free.
#pragma once

#include "tilesmith/physics/vec2.h"

namespace ts {

/// The part-5 overlap test. Touching boxes overlap (only a strictly larger
/// distance than the half sizes' sum separates them); a zero half size on either
/// axis never collides, so degenerate bodies stay out of every pair list.
/// On overlap, `overlap` is the signed depth per axis: the way `a` must move to get
/// out of `b`, with sign(0) = +1 so coincident centres still give a direction.
bool overlapsSigned(const Aabb& a, const Aabb& b, Vec2& overlap);

/// A contact between A and B: `normal` is the unit vector from A towards B and
/// `penetration` how far they must separate along it.
struct Manifold {
    Vec2 normal{1.0f, 0.0f};
    float penetration = 0;
};

/// Circle vs circle. Coincident centres give normal (1, 0) and penetration rA (the
/// tutorial's choice, kept so results match the reference).
bool collideCircles(Vec2 centerA, float radiusA, Vec2 centerB, float radiusB, Manifold& m);
/// Box vs box: separates along the axis of least penetration (y on a tie, so a box
/// landing exactly on a corner is stacked rather than shoved sideways).
bool collideAabbs(const Aabb& a, const Aabb& b, Manifold& m);
/// Box vs box for boxes that moved this step from the centres `oldCenterA` and
/// `oldCenterB` (the world's solver uses this one). When they were apart on exactly
/// one axis before the move, they met across it: that axis is the normal (pointing
/// the way B was from A) however deep the move took them, so a box falling into a
/// gap a little narrower than itself lands on its neighbours instead of being
/// squeezed between them. Otherwise (apart on both axes, or already overlapping)
/// exactly collideAabbs().
bool collideMovingAabbs(const Aabb& a, const Aabb& b, Vec2 oldCenterA, Vec2 oldCenterB,
                        Manifold& m);
/// Box A vs circle B. With the circle's centre inside the box the normal is flipped
/// and the penetration is radius + distance to the nearest face (the tutorial's
/// radius - distance would under-correct a deeply sunk circle).
bool collideAabbCircle(const Aabb& a, Vec2 center, float radius, Manifold& m);

/// Applies the restitution impulse along `normal` (A -> B) with e = restitution.
/// Does nothing when the bodies separate or both masses are infinite (invMass 0).
/// Returns the impulse magnitude applied.
float applyImpulse(Vec2& velocityA, float invMassA, Vec2& velocityB, float invMassB,
                   float restitution, Vec2 normal);

/// Positional correction against sinking: moves A and B apart by
/// max(penetration - slop, 0) * percent, shared by inverse mass. No-op for two
/// infinite masses; an infinite-mass side is never written (stays bit-identical).
void applyCorrection(Vec2& positionA, float invMassA, Vec2& positionB, float invMassB,
                     const Manifold& m, float percent, float slop);

} // namespace ts
