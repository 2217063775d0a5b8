// Step phase: character / patrol control, forces and integration, and the world
// bounds rule. Reads the contact flags of the previous step.
#include "compiler.h"
#include "tiles_skip.h"
#include "world_impl.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ts {

namespace {
/// Patrol bodies walk at this fraction of WorldSettings::walkSpeed.
constexpr float kPatrolSpeedFactor = 0.5f;
/// Nothing moves faster than this many tiles per step, the sweep's guarantee.
constexpr float kMaxTilesPerStep = 8.0f;
} // namespace

void World::Impl::control(std::uint32_t i) {
    BodyHot& b = hot[i];
    BodyCold& c = cold[i];
    const WorldSettings& s = settings;
    const bool grounded = (b.contacts & OnGround) != 0;
    if (b.control == Control::Character) {
        const int dir = (c.input.right ? 1 : 0) - (c.input.left ? 1 : 0);
        b.speed.x = static_cast<float>(dir) * s.walkSpeed;
        if (dir != 0)
            c.facing = dir;
        if (grounded) {
            if (c.input.jump) {
                b.speed.y = s.jumpSpeed;
                c.state = CharacterState::Jump;
            } else if (c.input.down && (b.contacts & OnOneWayPlatform)) {
                // Drop-through: sink below the one-way threshold so the next ground
                // check no longer accepts this platform.
                b.position.y -= s.oneWayThreshold;
                c.state = CharacterState::Jump;
            }
        }
    } else if (b.control == Control::Patrol) {
        if (c.facing == 0)
            c.facing = 1;
        if ((b.contacts & PushesLeftWall) && c.facing < 0) {
            c.facing = 1;
        } else if ((b.contacts & PushesRightWall) && c.facing > 0) {
            c.facing = -1;
        } else if (grounded) {
            // Ledge check: the tile just beyond the front foot, one pixel down.
            const Aabb box = b.aabb();
            const float frontX =
                box.center.x + static_cast<float>(c.facing) * (box.halfSize.x + 1.0f);
            const float footY = box.center.y - box.halfSize.y - 1.0f;
            const Tile t = map.at(map.tileXAtPoint(frontX), map.tileYAtPoint(footY));
            if (t == Tile::Empty)
                c.facing = -c.facing;
        }
        b.speed.x = static_cast<float>(c.facing) * s.walkSpeed * kPatrolSpeedFactor;
    }
}

TS_ALWAYS_INLINE void World::Impl::applyForces(std::uint32_t i) {
    const WorldSettings& s = settings;
    BodyHot& b = hot[i];
    if (b.control != Control::None)
        control(i);
    b.oldPosition = b.position;
    b.oldContacts = b.contacts;
    // A body standing on tiles is held by them: no downward acceleration (the ground
    // sensor still runs, so walking off a ledge starts the fall next step). Without
    // this the resting pass would see the support sink by g * dt^2 each step and
    // let everything stacked on it sink along.
    if ((b.flags & detail::kGravity) &&
        !((b.contacts & OnGround) && b.speed.y <= 0.0f && (b.flags & detail::kTileGround))) {
        b.speed.y -= s.gravity * s.dt;
        if (b.speed.y < -s.maxFallSpeed)
            b.speed.y = -s.maxFallSpeed;
    }
    const float cap = kMaxTilesPerStep * map.tileSize() / s.dt;
    b.speed.x = std::clamp(b.speed.x, -cap, cap);
    b.speed.y = std::clamp(b.speed.y, -cap, cap);
}

TS_ALWAYS_INLINE void World::Impl::moveAndCollideTiles(std::uint32_t i) {
    BodyHot& b = hot[i];
    b.position += b.speed * settings.dt;
    if (b.flags & detail::kTiles)
        detail::resolveTilesFast(*this, i, debugOn ? &debug : nullptr);
    else
        b.contacts = 0;
    if (b.contacts & OnGround)
        b.flags |= detail::kTileGround;
    else
        b.flags &= static_cast<std::uint8_t>(~detail::kTileGround);
    partition.insert(i, b.aabb(), (b.flags & detail::kDegenerate) != 0);
}

void World::Impl::forcesPass() {
    const auto n = static_cast<std::uint32_t>(hot.size());
    for (std::uint32_t i = 0; i < n; ++i)
        if (alive[i])
            applyForces(i);
}

void World::Impl::movePass() {
    const auto n = static_cast<std::uint32_t>(hot.size());
    for (std::uint32_t i = 0; i < n; ++i)
        if (alive[i])
            moveAndCollideTiles(i);
}

void World::Impl::forcesAndMovePass() {
    const auto n = static_cast<std::uint32_t>(hot.size());
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!alive[i])
            continue;
        applyForces(i);
        moveAndCollideTiles(i);
    }
}

/// The world-bounds rule: a coordinate beyond kWorldLimit is clamped to it and that
/// speed component zeroed. A non-finite position or speed (impossible from valid
/// inputs; kept as a last line of defence) goes back to the step's old position, at
/// rest.
void World::Impl::keepInBounds(std::uint32_t i) {
    BodyHot& b = hot[i];
    if (!(std::isfinite(b.position.x) && std::isfinite(b.position.y) && std::isfinite(b.speed.x) &&
          std::isfinite(b.speed.y))) {
        b.position = b.oldPosition;
        b.speed = {};
    }
    if (!(std::fabs(b.position.x) <= kWorldLimit)) {
        b.position.x = std::clamp(b.position.x, -kWorldLimit, kWorldLimit);
        b.speed.x = 0.0f;
    }
    if (!(std::fabs(b.position.y) <= kWorldLimit)) {
        b.position.y = std::clamp(b.position.y, -kWorldLimit, kWorldLimit);
        b.speed.y = 0.0f;
    }
}

/// After the solver: world bounds, and character states from the final flags.
void World::Impl::finishStep() {
    const auto n = static_cast<std::uint32_t>(hot.size());
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!alive[i])
            continue;
        const BodyHot& b = hot[i];
#if defined(__SSE2__)
        // The four tests below at once: |position| <= the limit, |speed| <= FLT_MAX
        // (finite); NaN fails both, as it fails the scalar comparisons.
        static_assert(offsetof(BodyHot, position) == 0 && offsetof(BodyHot, speed) == 8);
        const __m128 ps = _mm_loadu_ps(&b.position.x);
        const __m128 abs = _mm_and_ps(ps, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
        const __m128 lim = _mm_setr_ps(kWorldLimit, kWorldLimit, FLT_MAX, FLT_MAX);
        if (_mm_movemask_ps(_mm_cmple_ps(abs, lim)) != 0xf)
            keepInBounds(i);
#else
        if (!(std::fabs(b.position.x) <= kWorldLimit && std::fabs(b.position.y) <= kWorldLimit &&
              std::isfinite(b.speed.x) && std::isfinite(b.speed.y)))
            keepInBounds(i);
#endif
        if (b.control != Control::None) {
            CharacterState& st = cold[i].state;
            if (!(b.contacts & OnGround))
                st = CharacterState::Jump;
            else
                st = b.speed.x != 0.0f ? CharacterState::Walk : CharacterState::Stand;
        }
    }
}

} // namespace ts
