// World's private state (one header for the step's phase files). Bodies live in
// slots: hot per-body data (everything each step touches for every body) in one
// dense array of 48-byte records, the contact filter (category, mask,
// restitution: 12 bytes) in a second, cold data (unscaled geometry, character
// controls, user data) in a third, so the whole-array passes stream through
// memory instead of striding over ~150-byte structs, and the solver's per-pair
// reads stay small.
//
// The step's phases, each in its own file:
//   step_integrate.cpp  controller, forces, integration, world bounds
//   step_tiles.cpp      tile sensors (with the empty-surroundings shortcut)
//   step_broadphase.cpp uniform-grid pair detection, collision records, debug cells
//   step_solve.cpp      resting pass, impulses, support propagation, correction
// world.cpp holds storage, the public API and the step's order.
#pragma once

#include "tilesmith/physics/world.h"

#include "collide_impl.h"
#include "contact_groups.h"
#include "partition.h"

#include <cstdint>
#include <mutex>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ts {

namespace detail {

enum BodyFlag : std::uint8_t {
    kGravity = 1 << 0,
    kTiles = 1 << 1,      ///< collides with tiles
    kCircle = 1 << 2,     ///< Shape::Circle
    kTileGround = 1 << 3, ///< OnGround came from the tile sensors this step
    /// Moved by the positional correction in this step's solve; set and cleared
    /// within solveContacts(), so no other code ever sees it.
    kPushed = 1 << 4,
    /// A zero half width or height (kept by applyScale()): collides with no body.
    kDegenerate = 1 << 5,
};

/// What every step reads and writes for every body (48 bytes).
struct BodyHot {
    Vec2 position;
    Vec2 speed;
    Vec2 oldPosition;
    Vec2 offset; ///< scaled: the box centre is position + offset
    Vec2 half;   ///< scaled half size (a circle's: radius * scale)
    float invMass = 1.0f;
    std::uint8_t contacts = 0;    ///< ContactFlag bits
    std::uint8_t oldContacts = 0; ///< of the previous step
    std::uint8_t flags = 0;       ///< BodyFlag bits
    Control control = Control::None;

    Aabb aabb() const { return {position + offset, half}; }
    bool circle() const { return (flags & kCircle) != 0; }
    /// A circle's scaled radius: radius * min(scale) == min(radius * scale)
    /// exactly (rounding is monotonic and scales are positive).
    float circleRadius() const { return half.x < half.y ? half.x : half.y; }
};

/// What only some phases read: fixed geometry and properties, character controls.
struct BodyCold {
    Vec2 halfSize; ///< unscaled box half size (the definition's, also for circles)
    float radius = 0;
    Vec2 offset; ///< unscaled
    Vec2 scale{1.0f, 1.0f};
    int facing = 1;
    Input input;
    CharacterState state = CharacterState::Stand;
    Shape shape = Shape::Aabb;
    std::uint64_t userData = 0;

    Vec2 unscaledHalf() const { return shape == Shape::Circle ? Vec2{radius, radius} : halfSize; }
};

/// What the contact solve reads of each pair's bodies besides the hot record
/// (12 bytes, dense: the pairs jump across the body array).
struct BodyFilter {
    std::uint32_t category = 1;
    std::uint32_t mask = 0xffffffffu;
    float restitution = 0;
};

/// Recomputes the scaled offset and half size after a scale change.
inline void applyScale(BodyHot& h, const BodyCold& c) {
    const Vec2 u = c.unscaledHalf();
    h.half = {u.x * c.scale.x, u.y * c.scale.y};
    h.offset = {c.offset.x * c.scale.x, c.offset.y * c.scale.y};
    if (h.half.x == 0.0f || h.half.y == 0.0f)
        h.flags |= kDegenerate;
    else
        h.flags &= static_cast<std::uint8_t>(~kDegenerate);
}

struct Pair {
    std::uint32_t a, b; ///< slot indices, a < b
    Vec2 overlap;       ///< signed, for a
    bool overlapping;   ///< false: only within kContactTolerance (solver-only pair)
};

struct Contact {
    std::uint32_t a, b;
    Manifold m;
    float key;        ///< bottom of the lower body: contacts are solved bottom-up
    float invA, invB; ///< effective inverse masses (0 for a supporting body)
    float restitution;
    bool vertical;
    std::uint32_t la, lb; ///< indices into the solver's compact velocity array
};

} // namespace detail

struct World::Impl {
    using BodyHot = detail::BodyHot;
    using BodyCold = detail::BodyCold;
    using BodyFilter = detail::BodyFilter;

    TileMap map;
    WorldSettings settings;

    // Slots: slot i is live when alive[i]; the handle's generation must match.
    std::vector<BodyHot> hot;
    std::vector<BodyCold> cold;
    std::vector<BodyFilter> filter;
    std::vector<std::uint32_t> generations;
    std::vector<std::uint8_t> alive;
    std::vector<std::uint32_t> freeSlots; // LIFO, so reuse order is deterministic
    std::size_t liveCount = 0;
    // Slots added, teleported or restored since the last step (touched[i] = 1, and
    // listed once in touchedSlots): their collision records are stale, so
    // collisions() reads them as empty, and last step's contacts that involve them
    // are dropped before the next step's resting pass (stateHash() skips those).
    // Marking is O(1), so adding n bodies or teleporting k bodies of a pile stays
    // linear (a searched list or an eager erase of their contacts would not).
    std::vector<std::uint8_t> touched;
    std::vector<std::uint32_t> touchedSlots;

    detail::Partition partition;

    // Per-step scratch, kept between steps so a step does not allocate once warm.
    std::vector<detail::Pair> pairs;
    // Collision records are built on demand: a step keeps, per overlapping pair (in
    // pair order), both bodies' state as the records describe it (snapPairs()), and
    // the first collisions() call after the step builds every body's records from
    // those (buildRecords()). A step whose records nobody reads pays a sequential
    // copy instead of scattering two 64-byte records per pair across the bodies.
    struct PairSnap {
        Vec2 positionA, speedA, oldPositionA;
        Vec2 positionB, speedB, oldPositionB;
        std::uint32_t generationA, generationB; ///< the handles at the step
    };
    std::vector<PairSnap> pairSnaps;
    // Built by buildRecords() under recordLock (collisions() is const, and const
    // calls may come from several threads); recordsFresh: they are this step's.
    mutable std::vector<CollisionRecord> records;
    // Where each body's records are in `records`. A span counts only when its
    // stamp is the build's recordStamp, so a build writes the spans of the bodies
    // in overlapping pairs and nothing else: no pass over all bodies.
    struct RecordSpan {
        std::uint32_t stamp = 0; ///< 0: never valid (recordStamp starts at 1)
        std::uint32_t begin = 0;
        std::uint32_t count = 0;
    };
    mutable std::vector<RecordSpan> recordSpans;     // per slot, grown by buildRecords()
    mutable std::vector<std::uint32_t> recordBodies; // bodies with records, first-use order
    mutable std::uint32_t recordStamp = 0;
    mutable bool recordsFresh = false;
    /// A mutex that a copied or assigned world gets anew (std::mutex cannot be copied).
    struct RecordLock {
        std::mutex m;
        RecordLock() = default;
        RecordLock(const RecordLock&) {}
        RecordLock& operator=(const RecordLock&) { return *this; }
    };
    mutable RecordLock recordLock;
    std::vector<detail::Contact> contacts;       // also the next step's resting contacts
    std::vector<detail::Contact> contactScratch; // the contact sort's buffers
    std::vector<std::uint64_t> sortKeys, sortTmp;
    std::vector<std::uint8_t> supported;
    // Where each body the positional correction moved was before it, by solver
    // index (the moved bodies are the contacts' bodies marked kPushed).
    std::vector<Vec2> pushedFrom;
    // Solver: the contacts' bodies in first-use order and their velocities,
    // compact, so the iterations do not stride through the whole body array.
    std::vector<std::uint32_t> solverBodies;
    // The same bodies in slot order, each with its solver index: the speeds are
    // copied in and out in this order, a stream through the body array instead of
    // a jump per body (the values and so the results are the same in any order).
    struct SolverSlot {
        std::uint32_t slot, local;
    };
    std::vector<SolverSlot> solverSlots;
    std::vector<Vec2> solverSpeed;
    std::vector<std::uint32_t> localOf;   // body slot -> solver index, kNoLocal when unused
    std::vector<std::uint32_t> changedAt; // per solver body: its speed's last write (iterate())
    struct ContactBodies {
        std::uint32_t la, lb;
    };
    std::vector<ContactBodies> contactBodies; // per contact, for iterate()'s skip test
    // The four-wide velocity passes' layout of `contacts`, when the last solve
    // built one and no contact has been dropped since.
    detail::ContactGroups contactGroups;
    bool contactGroupsValid = false;
    bool lastSolveGrouped = false;        ///< the last solve's passes went on grouped
    std::vector<detail::Pair> rawPairs;   // detection order, before the canonical sort
    std::vector<std::uint32_t> pairStart; // counting sort of the pairs by lower slot

    // Tile occupancy per kBlockTiles x kBlockTiles block (1 = some tile is not
    // empty): a body whose swept box only touches empty blocks skips its sensors.
    static constexpr int kBlockShift = 2;
    std::vector<std::uint8_t> blocks;
    // 1 = this block and its 8 neighbours lie wholly inside the map and hold only
    // empty tiles: one lookup answers for a swept box up to 3 tiles wide.
    std::vector<std::uint8_t> clearAround;
    int blocksW = 0, blocksH = 0;
    // Per tile: the side, in tiles (at most kClearCap), of the largest square of
    // in-map empty tiles whose lower-left tile this is. One lookup answers for a
    // swept box up to kClearCap tiles wide at tile precision, so a block holding one
    // platform tile does not send every body near it through the sensors.
    static constexpr int kClearCap = 15;
    std::vector<std::uint8_t> clearSquare;
    float invTileSize = 0.0f;
    bool clearSquareUsable = false; ///< the map lies within +-2^18 px (see tiles_skip.h)
#if defined(__SSE2__)
    // The square lookup's constants as it uses them, set with invTileSize (the
    // map's origin and size never change): a per-body pass cannot keep them in
    // registers on its own, since its stores to the body records may alias them.
    __m128 squareOrigin4 = _mm_setzero_ps(); ///< map origin x, y, x, y
    __m128 squareLimit4 = _mm_setzero_ps();  ///< 0, 0, map width, map height (tiles)
    __m128 invTile4 = _mm_setzero_ps();      ///< invTileSize in every lane
#endif

    std::uint64_t steps = 0;
    StepStats stats;
    bool debugOn = false;
    DebugData debug;

    Impl(TileMap m, const WorldSettings& s);

    BodyId idOf(std::uint32_t i) const {
        return {i, generations[i]};
    }
    bool valid(BodyId id) const {
        return id.index < hot.size() && alive[id.index] && generations[id.index] == id.generation;
    }
    /// Sizes the grid for the map and settings (it is filled by each step).
    void rebuildPartition();
    /// Forgets what the last step knew about body i's surroundings: its resting
    /// contacts (the next step's resting pass) and its collision records.
    void forgetContacts(std::uint32_t i) {
        if (!touched[i]) {
            touched[i] = 1;
            touchedSlots.push_back(i);
        }
    }
    /// A contact of last step that the next step still uses (no body touched since).
    bool contactKept(const detail::Contact& c) const {
        return !touched[c.a] && !touched[c.b];
    }
    /// Drops the contacts of touched bodies and forgets the marks (step start:
    /// the step rebuilds every body's records).
    void dropTouchedContacts();
    /// setScale(): grow from the feet, push out of solid tiles (scale.cpp).
    bool rescale(std::uint32_t i, Vec2 scale);
    /// setTile(): the live tile-colliding bodies that overlap tile (tx, ty) and no
    /// solid tile (call before making it solid), then pushing those out (scale.cpp).
    std::vector<std::uint32_t> clearBodiesOver(int tx, int ty) const;
    void pushOutOfTiles(int tx, int ty, const std::vector<std::uint32_t>& bodies);

    // step_tiles.cpp
    void buildBlocks();
    void refreshBlock(int tx, int ty);
    void refreshClearAround(int bx0, int by0, int bx1, int by1);
    void refreshClearSquare(int tx0, int ty0, int tx1, int ty1);
    bool blocksAroundEmpty(Vec2 oldCenter, Vec2 center, Vec2 half) const;

    // step_integrate.cpp
    void control(std::uint32_t i);
    void applyForces(std::uint32_t i);
    void moveAndCollideTiles(std::uint32_t i);
    /// The per-body passes of a step, over the live slots in slot order: forces
    /// alone (before the resting pass), the move alone (after it), or both in one
    /// pass when there is no resting contact.
    void forcesPass();
    void movePass();
    void forcesAndMovePass();
    void keepInBounds(std::uint32_t i);
    void finishStep();

    // step_broadphase.cpp
    void detectPairs();
    void sortPairs();
    /// The step's part of the records: pairSnaps (see above).
    void snapPairs();
    /// Builds every body's records of the last step from pairs and pairSnaps
    /// (the caller holds recordLock).
    void buildRecords() const;
    void fillDebugCells();
    void fillDebugPairs();

    // step_solve.cpp
    /// Whether the solver takes up the pair at all: not when both bodies have
    /// infinite mass or the category / mask filters exclude each other.
    bool pairSolved(std::uint32_t a, std::uint32_t b) const {
        if (hot[a].invMass == 0.0f && hot[b].invMass == 0.0f)
            return false;
        const detail::BodyFilter& fa = filter[a];
        const detail::BodyFilter& fb = filter[b];
        return (fa.category & fb.mask) && (fb.category & fa.mask);
    }
    bool manifoldOf(std::uint32_t a, std::uint32_t b, Manifold& m) const;
    void restingPass();
    void bindSolverBodies();
    void iterate(bool withRestitution);
    void solveContacts();

    void step();
};

} // namespace ts
