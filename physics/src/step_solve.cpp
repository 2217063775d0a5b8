// Step phase: contact solve. The resting pass (last step's contacts remove the
// approach velocity gravity just added), impulse resolution with support
// propagation, positional correction, and the sensors' second look at pushed bodies.
#include "contact_sort.h"
#include "mathutil.h"
#include "sensors.h"
#include "tiles_skip.h"
#include "world_impl.h"

#include <algorithm>
#include <cmath>

namespace ts {

using detail::Contact;
using detail::kContactTolerance;
using detail::kPrefetchAhead;
using detail::Pair;
using detail::prefetch;

bool World::Impl::manifoldOf(std::uint32_t ia, std::uint32_t ib, Manifold& m) const {
    const BodyHot& a = hot[ia];
    const BodyHot& b = hot[ib];
    if (!a.circle()) {
        if (!b.circle())
            return detail::movingBoxManifold(
                a.aabb(), b.aabb(), (b.oldPosition + b.offset) - (a.oldPosition + a.offset), m,
                kContactTolerance);
        return collideAabbCircle(a.aabb(), b.position + b.offset, b.circleRadius(), m);
    }
    if (b.circle())
        return collideCircles(a.position + a.offset, a.circleRadius(), b.position + b.offset,
                              b.circleRadius(), m);
    if (!collideAabbCircle(b.aabb(), a.position + a.offset, a.circleRadius(), m))
        return false;
    m.normal = -m.normal;
    return true;
}

namespace {
/// manifoldOf() with the box-box case (every pair in most scenes) inline: the
/// same call of movingBoxManifold(), so the same manifold bit for bit.
inline bool pairManifold(const World::Impl& w, std::uint32_t ia, std::uint32_t ib, Manifold& m) {
    const detail::BodyHot& a = w.hot[ia];
    const detail::BodyHot& b = w.hot[ib];
    if ((a.flags | b.flags) & detail::kCircle)
        return w.manifoldOf(ia, ib, m);
    return detail::movingBoxManifold(a.aabb(), b.aabb(),
                                     (b.oldPosition + b.offset) - (a.oldPosition + a.offset), m,
                                     kContactTolerance);
}
} // namespace

void World::Impl::restingPass() {
    // Last step's contacts, still sorted bottom-up with their support decisions,
    // remove the approach velocity that gravity just added *before* anything moves:
    // resting bodies then stay where they are instead of sinking by g * dt^2 and
    // being pushed back out every step (which would make neighbours miss each other
    // in detection and stacks shuffle). No restitution here: this is resting contact,
    // impacts get their bounce in solveContacts().
    if (!contacts.empty())
        iterate(false);
}

/// Gives every body of `contacts` a solver index (first-use order) and fills
/// Contact::la / lb.
void World::Impl::bindSolverBodies() {
    constexpr std::uint32_t kNoLocal = 0xffffffffu;
    if (localOf.size() < hot.size())
        localOf.resize(hot.size(), kNoLocal);
    solverBodies.clear();
    const std::size_t m = contacts.size();
    for (std::size_t k = 0; k < m; ++k) {
        if (k + kPrefetchAhead < m) {
            prefetch(&localOf[contacts[k + kPrefetchAhead].a]);
            prefetch(&localOf[contacts[k + kPrefetchAhead].b]);
        }
        Contact& c = contacts[k];
        for (const bool first : {true, false}) {
            const std::uint32_t i = first ? c.a : c.b;
            std::uint32_t& l = localOf[i];
            if (l == kNoLocal) {
                l = static_cast<std::uint32_t>(solverBodies.size());
                solverBodies.push_back(i);
            }
            (first ? c.la : c.lb) = l;
        }
    }
    // The bodies in slot order: a scan of localOf when they are many (it also
    // resets it), a sort of the few otherwise.
    solverSlots.clear();
    const std::size_t nb = solverBodies.size();
    if (nb * 8 >= localOf.size()) {
        const std::size_t n = localOf.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (localOf[i] != kNoLocal) {
                solverSlots.push_back({static_cast<std::uint32_t>(i), localOf[i]});
                localOf[i] = kNoLocal;
            }
        }
    } else {
        for (std::size_t l = 0; l < nb; ++l) {
            solverSlots.push_back({solverBodies[l], static_cast<std::uint32_t>(l)});
            localOf[solverBodies[l]] = kNoLocal;
        }
        std::sort(solverSlots.begin(), solverSlots.end(),
                  [](const SolverSlot& x, const SolverSlot& y) { return x.slot < y.slot; });
    }
}

/// The velocity passes over `contacts` (in their order) on a compact copy of the
/// bodies' speeds: the same impulses in the same order as on the bodies.
///
/// Crowds that keep pushing run every pass; for them the passes go four contacts
/// at a time over ContactGroups, which regroups the contacts without changing any
/// body's order (bit for bit the same speeds, contact_groups.h). The solve
/// groups its contacts when its second pass still applies impulses at a quarter
/// or more of them, and from the start when the last solve grouped and ran all
/// its passes; the next step's resting pass reuses those groups when it gets the
/// same contacts (no body touched in between: contactGroupsValid). These choices
/// change the speed of a step, never its result.
void World::Impl::iterate(bool withRestitution) {
    const std::size_t nb = solverBodies.size();
    solverSpeed.resize(nb + 1); // + the groups' spare slot
    Vec2* v = solverSpeed.data();
    for (const SolverSlot& s : solverSlots)
        v[s.local] = hot[s.slot].speed;
    const int iterations = std::max(settings.solverIterations, 1);
    const std::size_t m = contacts.size();
    int it = 0;
    constexpr std::size_t kMinGrouped = 64; // fewer: grouping costs more than it saves
    const auto group = [&] {
        contactGroups.build(contacts.data(), m, static_cast<std::uint32_t>(nb));
        contactGroupsValid = true;
    };
    if (withRestitution) {
        if (lastSolveGrouped && m >= kMinGrouped && iterations > 2)
            group();
        lastSolveGrouped = false;
    }
    if (!contactGroupsValid) {
        // A contact whose bodies' speeds were not written since it last left them
        // untouched would leave them untouched again (the same inputs give the same
        // result): it is skipped, bit for bit the same as running it. changedAt[l]
        // holds when solver body l's speed was last written, as a sequence number
        // pass * m + k + 1 (0: before this call's passes).
        // 32-bit sequence numbers (nb of them stay in cache better); in the
        // unreachable case where they could wrap, no contact is skipped, which
        // costs time only (a skipped contact would have left its bodies as they
        // were, so running it changes nothing).
        changedAt.assign(nb, 0);
        std::uint32_t* at = changedAt.data();
        const bool skipping = (static_cast<std::uint64_t>(iterations) + 1) * m < (1ull << 32);
        // The passes after the first decide from each contact's two solver
        // indices, kept apart (8 bytes a contact), and read the whole contact only
        // for those that run: late passes, where most contacts are skipped, then
        // stream a sixth of the memory.
        contactBodies.resize(m);
        ContactBodies* cb = contactBodies.data();
        const auto run = [&](const Contact& c, std::uint32_t seq, std::size_t& nonzero) {
            bool applied;
            if (detail::impulse(v[c.la], c.invA, v[c.lb], c.invB,
                                withRestitution ? c.restitution : 0.0f, c.m.normal,
                                applied) != 0.0f)
                ++nonzero;
            if (applied)
                at[c.la] = at[c.lb] = seq;
        };
        for (; it < iterations; ++it) {
            ++stats.velocityPasses;
            std::size_t nonzero = 0;
            const auto mm = static_cast<std::uint32_t>(m);
            const std::uint32_t passStart = static_cast<std::uint32_t>(it) * mm + 1;
            if (it == 0 || !skipping) {
                for (std::size_t k = 0; k < m; ++k) {
                    const Contact& c = contacts[k];
                    cb[k] = {c.la, c.lb};
                    run(c, passStart + static_cast<std::uint32_t>(k), nonzero);
                }
            } else {
                for (std::size_t k = 0; k < m; ++k) {
                    const std::uint32_t seq = passStart + static_cast<std::uint32_t>(k);
                    if (at[cb[k].la] < seq - mm && at[cb[k].lb] < seq - mm)
                        continue;
                    run(contacts[k], seq, nonzero);
                }
            }
            if (nonzero == 0)
                break; // settled: no more passes
            if (withRestitution && it >= 1 && iterations - it > 2 && m >= kMinGrouped &&
                nonzero * 4 >= m) {
                group();
                ++it;
                break;
            }
        }
    }
    if (contactGroupsValid) {
        for (; it < iterations; ++it) {
            ++stats.velocityPasses;
            ++stats.groupedPasses;
            if (!contactGroups.pass(v, withRestitution))
                break;
        }
        // Pushing until the last pass: the next solve groups from the start.
        if (withRestitution && it == iterations)
            lastSolveGrouped = true;
    }
    for (const SolverSlot& s : solverSlots)
        hot[s.slot].speed = v[s.local];
}

void World::Impl::solveContacts() {
    contacts.clear();
    contactGroupsValid = false;
    // Support propagation's starting point (below): whether each contact's body
    // is supported on its own. Set while the contacts are built, when their
    // bodies are at hand; every contact's bodies are set before any is read, so
    // no clearing is needed.
    if (supported.size() < hot.size())
        supported.resize(hot.size());
    const std::size_t np = pairs.size();
    for (std::size_t k = 0; k < np; ++k) {
        // The pairs run in lower-slot order: a is next to the last one, b anywhere.
        if (k + kPrefetchAhead < np) {
            prefetch(&hot[pairs[k + kPrefetchAhead].b]);
            prefetch(&filter[pairs[k + kPrefetchAhead].b]);
        }
        const Pair& p = pairs[k];
        if (!pairSolved(p.a, p.b))
            continue;
        const BodyHot& a = hot[p.a];
        const BodyHot& b = hot[p.b];
        Contact c;
        if (!pairManifold(*this, p.a, p.b, c.m))
            continue;
        c.a = p.a;
        c.b = p.b;
        c.vertical = std::fabs(c.m.normal.y) > std::fabs(c.m.normal.x);
        const BodyHot& lower = (c.vertical && c.m.normal.y < 0.0f) ? b : a;
        const BodyHot& other = (&lower == &a) ? b : a;
        const float lowerBottom = lower.position.y + lower.offset.y - lower.half.y;
        c.key = c.vertical
                    ? lowerBottom
                    : std::min(lowerBottom, other.position.y + other.offset.y - other.half.y);
        c.invA = a.invMass;
        c.invB = b.invMass;
        if (!c.vertical) {
            // Support sideways: a body pressed against a wall (its wall flag on the
            // side the contact pushes it towards) or of infinite mass does not give
            // way, so a character walking into a box held by a wall stops instead of
            // sinking in. This reads only masses and wall flags, which nothing below
            // changes, so it is decided here, with the bodies at hand.
            const bool bRight = c.m.normal.x > 0.0f; // b is right of a
            const bool heldA =
                a.invMass == 0.0f || (a.contacts & (bRight ? PushesLeftWall : PushesRightWall));
            const bool heldB =
                b.invMass == 0.0f || (b.contacts & (bRight ? PushesRightWall : PushesLeftWall));
            if (heldA && !heldB)
                c.invA = 0.0f;
            else if (heldB && !heldA)
                c.invB = 0.0f;
        }
        c.restitution = std::min(filter[p.a].restitution, filter[p.b].restitution);
        supported[p.a] = a.invMass == 0.0f || (a.contacts & OnGround);
        supported[p.b] = b.invMass == 0.0f || (b.contacts & OnGround);
        contacts.push_back(c);
    }
    if (contacts.empty())
        return;
    // Bottom-up, deterministic order (key, a, b): a stack is then solved from its
    // support up. The pairs are in (a, b) order, so a stable sort by key suffices.
    detail::radixSortByKey(contacts, sortKeys, sortTmp, contactScratch,
                           [](const Contact& c) { return c.key; });

    // Support propagation ("shock propagation"): a body resting on tiles, an
    // infinite mass or a supported body is treated as immovable by the bodies
    // resting on it, so a stack cannot push its base into the ground and settles
    // without sinking or jitter. (Sideways support was decided with the contacts.)
    const std::size_t m = contacts.size();
    const auto prefetchBodies = [&](std::size_t k) {
        if (k + kPrefetchAhead < m) {
            prefetch(&hot[contacts[k + kPrefetchAhead].a]);
            prefetch(&hot[contacts[k + kPrefetchAhead].b]);
        }
    };
    for (Contact& c : contacts) {
        if (!c.vertical)
            continue;
        const std::uint32_t lower = c.m.normal.y > 0.0f ? c.a : c.b;
        const std::uint32_t upper = lower == c.a ? c.b : c.a;
        if (!supported[lower])
            continue;
        if (lower == c.a)
            c.invA = 0.0f;
        else
            c.invB = 0.0f;
        if (c.invA == 0.0f && c.invB == 0.0f)
            continue; // both supported: no impulse either way
        supported[upper] = 1;
        hot[upper].contacts |= OnGround;
    }

    bindSolverBodies();
    iterate(true);

    // Positional correction, bottom-up with fresh manifolds so each body sees where
    // the ones below it went. Against a supporting body the correction is full (like
    // a tile snap); between free bodies it is the usual percent of the depth.
    // A corrected body is marked with kPushed in its own record (which the
    // correction reads anyway), and where it was is kept by its solver index:
    // no other per-body array is touched. The sensors' second look below clears
    // the marks.
    pushedFrom.resize(solverBodies.size());
    const float slop = settings.correctionSlop;
    for (std::size_t k = 0; k < m; ++k) {
        prefetchBodies(k);
        const Contact& c = contacts[k];
        BodyHot& a = hot[c.a];
        BodyHot& b = hot[c.b];
        // Until an earlier correction moves one of the two bodies, the fresh
        // manifold is the one the contact was built with (the same call on the
        // same positions): only moved pairs are measured again.
        Manifold m = c.m;
        if (((a.flags | b.flags) & detail::kPushed) && !pairManifold(*this, c.a, c.b, m))
            continue;
        const bool supportedPair =
            (c.invA == 0.0f) != (a.invMass == 0.0f) || (c.invB == 0.0f) != (b.invMass == 0.0f);
        // Characters are corrected fully too: their controller sets their speed
        // every step, so a partial correction would let them walk into a body.
        const bool character = a.control != Control::None || b.control != Control::None;
        const float percent = supportedPair || character ? 1.0f : settings.correctionPercent;
        for (BodyHot* h : {&a, &b}) {
            if (!(h->flags & detail::kPushed)) {
                h->flags |= detail::kPushed;
                pushedFrom[h == &a ? c.la : c.lb] = h->position;
            }
        }
        detail::correction(a.position, c.invA, b.position, c.invB, m, percent, slop);
    }

    // A push may have shoved a body into a tile: run the sensors once more over the
    // push itself, so bodies never end a step inside a wall they were outside of.
    // Each body's look reads only that body and the tiles, so the bodies go in
    // slot order, streaming through the body array.
    for (const SolverSlot& s : solverSlots) {
        const std::uint32_t i = s.slot;
        BodyHot& b = hot[i];
        if (!(b.flags & detail::kPushed))
            continue;
        b.flags &= static_cast<std::uint8_t>(~detail::kPushed);
        const Vec2 from = pushedFrom[s.local];
        if (!(b.flags & detail::kTiles) || b.position == from)
            continue;
        const Vec2 savedOld = b.oldPosition;
        const Vec2 savedSpeed = b.speed;
        const std::uint8_t savedContacts = b.contacts;
        b.oldPosition = from;
        b.speed = b.position - from; // the push direction gates the sensors
        detail::resolveTilesFast(*this, i, nullptr);
        const Vec2 push = b.speed;
        b.speed = savedSpeed;
        if (push.x == 0.0f && savedSpeed.x * (b.position.x - from.x) < 0.0f)
            b.speed.x = 0.0f;
        if (push.y == 0.0f && savedSpeed.y * (b.position.y - from.y) < 0.0f)
            b.speed.y = 0.0f;
        b.contacts |= savedContacts;
        b.oldPosition = savedOld;
    }
}

} // namespace ts
