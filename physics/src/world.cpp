#include "tilesmith/physics/world.h"

#include "tilesmith/physics/collide.h"

#include "mathutil.h"
#include "partition.h"
#include "sensors.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ts {

namespace {

/// Patrol bodies walk at this fraction of WorldSettings::walkSpeed.
constexpr float kPatrolSpeedFactor = 0.5f;
/// Nothing moves faster than this many tiles per step, the sweep's guarantee.
constexpr float kMaxTilesPerStep = 8.0f;
/// Boxes closer than this (px) still make a solver contact, though they do not
/// overlap in the overlapsSigned sense. Exactly touching boxes lose or gain a
/// float ulp of distance every step; without this a resting stack drops contacts
/// at random and sinks. Smaller than the partition's cell margin (1/64 px), so the
/// grid always offers these pairs.
constexpr float kContactTolerance = 1.0f / 128.0f;

/// overlapsSigned() (bit-identical for overlapping boxes) that also reports pairs
/// within kContactTolerance. Returns 0 = apart, 1 = near only, 2 = overlapping.
inline int classifyPair(const Aabb& a, const Aabb& b, Vec2& overlap) {
    if (a.halfSize.x == 0.0f || a.halfSize.y == 0.0f || b.halfSize.x == 0.0f ||
        b.halfSize.y == 0.0f)
        return 0;
    const float dx = a.center.x - b.center.x;
    const float sx = a.halfSize.x + b.halfSize.x;
    const float adx = std::fabs(dx);
    if (!(adx <= sx + kContactTolerance))
        return 0;
    const float dy = a.center.y - b.center.y;
    const float sy = a.halfSize.y + b.halfSize.y;
    const float ady = std::fabs(dy);
    if (!(ady <= sy + kContactTolerance))
        return 0;
    overlap.x = (dx < 0.0f ? -1.0f : 1.0f) * (sx - adx);
    overlap.y = (dy < 0.0f ? -1.0f : 1.0f) * (sy - ady);
    return adx <= sx && ady <= sy ? 2 : 1;
}

/// collideAabbs() with the same tolerance: penetration may be slightly negative.
bool contactAabbs(const Aabb& a, const Aabb& b, Manifold& m) {
    const Vec2 d = b.center - a.center;
    const float ox = a.halfSize.x + b.halfSize.x - std::fabs(d.x);
    if (!(ox >= -kContactTolerance))
        return false;
    const float oy = a.halfSize.y + b.halfSize.y - std::fabs(d.y);
    if (!(oy >= -kContactTolerance))
        return false;
    if (ox < oy) {
        m.normal = {d.x < 0.0f ? -1.0f : 1.0f, 0.0f};
        m.penetration = ox;
    } else {
        m.normal = {0.0f, d.y < 0.0f ? -1.0f : 1.0f};
        m.penetration = oy;
    }
    return true;
}

Vec2 scaledOffset(const Body& b) {
    return {b.offset.x * b.scale.x, b.offset.y * b.scale.y};
}

void refreshAabb(Body& b) {
    b.aabb.center = b.position + scaledOffset(b);
    b.aabb.halfSize = b.scaledHalfSize();
}

float circleRadius(const Body& b) {
    return b.radius * std::min(std::fabs(b.scale.x), std::fabs(b.scale.y));
}

bool manifoldOf(const Body& a, const Body& b, Manifold& m) {
    if (a.shape == Shape::Aabb) {
        if (b.shape == Shape::Aabb)
            return contactAabbs(a.aabb, b.aabb, m);
        return collideAabbCircle(a.aabb, b.aabb.center, circleRadius(b), m);
    }
    if (b.shape == Shape::Circle)
        return collideCircles(a.aabb.center, circleRadius(a), b.aabb.center, circleRadius(b), m);
    if (!collideAabbCircle(b.aabb, a.aabb.center, circleRadius(a), m))
        return false;
    m.normal = -m.normal;
    return true;
}

/// applyImpulse() (collide.cpp), inline for the solver's inner loops: the same
/// operations in the same order, so results are bit-identical.
inline bool impulse(Vec2& va, float ima, Vec2& vb, float imb, float e, Vec2 n) {
    const float sum = ima + imb;
    if (!(sum > 0.0f))
        return false;
    const Vec2 rv = vb - va;
    const float vn = dot(rv, n);
    if (!(vn < 0.0f))
        return false;
    const float j = -(1.0f + e) * vn / sum;
    if (ima > 0.0f)
        va -= n * (ima * j);
    if (imb > 0.0f)
        vb += n * (imb * j);
    return j != 0.0f;
}

void hashBytes(std::uint64_t& h, const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
}

template <typename T> void hashValue(std::uint64_t& h, const T& v) {
    hashBytes(h, &v, sizeof v);
}
void hashVec(std::uint64_t& h, Vec2 v) {
    hashValue(h, v.x);
    hashValue(h, v.y);
}

bool inRange(float v, float lo, float hi) {
    return v >= lo && v <= hi; // false for NaN
}
bool finiteWithin(Vec2 v, float limit) {
    return inRange(v.x, -limit, limit) && inRange(v.y, -limit, limit);
}
bool validScale(Vec2 scale, Vec2 half) {
    return inRange(scale.x, kMinScale, kMaxScale) && inRange(scale.y, kMinScale, kMaxScale) &&
           half.x * scale.x <= kMaxHalfSize && half.y * scale.y <= kMaxHalfSize;
}
Vec2 unscaledHalf(const Body& b) {
    return b.shape == Shape::Circle ? Vec2{b.radius, b.radius} : b.halfSize;
}

} // namespace

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

struct World::Impl {
    TileMap map;
    WorldSettings settings;

    // Slots: bodies[i] is live when alive[i]; the handle's generation must match.
    std::vector<Body> bodies;
    std::vector<std::uint32_t> generations;
    std::vector<std::uint8_t> alive;
    std::vector<std::uint8_t> tileGround; // OnGround came from the tile sensors
    std::vector<std::uint32_t> freeSlots; // LIFO, so reuse order is deterministic
    // Slots whose collision records are stale until the next step (added, teleported
    // or restored since it): collisions() reads them as empty.
    std::vector<std::uint32_t> staleRecords;
    std::size_t liveCount = 0;

    detail::Partition partition;

    // Per-step scratch, kept between steps so a step does not allocate once warm.
    std::vector<Pair> pairs;
    std::vector<CollisionRecord> records;
    std::vector<std::uint32_t> recordStart; // size bodies + 1
    std::vector<std::uint32_t> recordCursor;
    std::vector<Contact> contacts;
    std::vector<std::uint8_t> supported;
    std::vector<std::uint8_t> pushed;
    std::vector<Vec2> pushedFrom;
    std::vector<std::uint32_t> pushedList;
    // Solver: the contacts' bodies in first-use order and their velocities,
    // compact, so the iterations do not stride through the whole body array.
    std::vector<std::uint32_t> solverBodies;
    std::vector<Vec2> solverSpeed;
    std::vector<std::uint32_t> localOf; // body slot -> solver index, kNoLocal when unused
    std::vector<std::uint32_t> cellIdx; // detection: one cell's bodies, compact
    std::vector<Aabb> cellBox;

    // Tile occupancy per kBlockTiles x kBlockTiles block (1 = some tile is not
    // empty): a body whose swept box only touches empty blocks skips its sensors.
    static constexpr int kBlockShift = 2;
    std::vector<std::uint8_t> blocks;
    int blocksW = 0, blocksH = 0;

    std::uint64_t steps = 0;
    StepStats stats;
    bool debugOn = false;
    DebugData debug;

    Impl(TileMap m, const WorldSettings& s)
        : map(std::move(m)), settings(s.isValid() ? s : WorldSettings{}) {
        rebuildPartition();
        blocksW = (map.width() >> kBlockShift) + 1;
        blocksH = (map.height() >> kBlockShift) + 1;
        blocks.assign(static_cast<std::size_t>(blocksW) * static_cast<std::size_t>(blocksH), 0);
        for (int y = 0; y < map.height(); ++y)
            for (int x = 0; x < map.width(); ++x)
                if (map.at(x, y) != Tile::Empty)
                    blocks[blockIndex(x, y)] = 1;
    }

    std::size_t blockIndex(int tx, int ty) const {
        return static_cast<std::size_t>(ty >> kBlockShift) * static_cast<std::size_t>(blocksW) +
               static_cast<std::size_t>(tx >> kBlockShift);
    }

    void refreshBlock(int tx, int ty) {
        const int x0 = (tx >> kBlockShift) << kBlockShift;
        const int y0 = (ty >> kBlockShift) << kBlockShift;
        std::uint8_t any = 0;
        for (int y = y0; y < std::min(y0 + (1 << kBlockShift), map.height()); ++y)
            for (int x = x0; x < std::min(x0 + (1 << kBlockShift), map.width()); ++x)
                any |= map.at(x, y) != Tile::Empty ? 1 : 0;
        blocks[blockIndex(tx, ty)] = any;
    }

    /// True when every tile the four sensors could read for a move of the box
    /// from `oldCenter` to `center` is an empty in-map tile: the sensors would
    /// then all miss. Conservative: false whenever unsure (NaN, outside, huge).
    bool tilesAroundEmpty(Vec2 oldCenter, Vec2 center, Vec2 half) const {
        // The sensors read at most 1 px beyond the box plus 0.5 px of rounding.
        constexpr float margin = 2.0f;
        const float x0 = std::min(oldCenter.x, center.x) - half.x - margin;
        const float x1 = std::max(oldCenter.x, center.x) + half.x + margin;
        const float y0 = std::min(oldCenter.y, center.y) - half.y - margin;
        const float y1 = std::max(oldCenter.y, center.y) + half.y + margin;
        if (!(half.x >= 0.0f && half.y >= 0.0f && x0 <= x1 && y0 <= y1))
            return false; // NaN or a negative scale: let the sensors decide
        const int tx0 = map.tileXAtPoint(x0);
        const int ty0 = map.tileYAtPoint(y0);
        const int tx1 = map.tileXAtPoint(x1);
        const int ty1 = map.tileYAtPoint(y1);
        if (tx0 < 0 || ty0 < 0 || tx1 >= map.width() || ty1 >= map.height())
            return false; // the boundary answers there
        const int bx0 = tx0 >> kBlockShift, bx1 = tx1 >> kBlockShift;
        const int by0 = ty0 >> kBlockShift, by1 = ty1 >> kBlockShift;
        if ((bx1 - bx0 + 1) * (by1 - by0 + 1) > 16)
            return false;
        for (int by = by0; by <= by1; ++by)
            for (int bx = bx0; bx <= bx1; ++bx)
                if (blocks[static_cast<std::size_t>(by) * static_cast<std::size_t>(blocksW) +
                           static_cast<std::size_t>(bx)])
                    return false;
        return true;
    }

    /// detail::resolveTiles() with the empty-surroundings shortcut (same result).
    /// `dbg` null = no sensor segments wanted (the shortcut is then allowed).
    void resolveTiles(Body& b, std::uint32_t i, DebugData* dbg) {
        if (!dbg) {
            const Vec2 off = scaledOffset(b);
            if (tilesAroundEmpty(b.oldPosition + off, b.position + off, b.scaledHalfSize())) {
                b.contacts &= static_cast<std::uint8_t>(
                    ~(PushesLeftWall | PushesRightWall | OnGround | AtCeiling | OnOneWayPlatform));
                return;
            }
        }
        detail::resolveTiles(b, map, settings.oneWayThreshold, dbg, idOf(i));
    }

    BodyId idOf(std::uint32_t i) const { return {i, generations[i]}; }

    /// Forgets what the last step knew about body i's surroundings: its resting
    /// contacts (the next step's resting pass) and its collision records.
    void forgetContacts(std::uint32_t i) {
        std::erase_if(contacts, [i](const Contact& c) { return c.a == i || c.b == i; });
        if (std::find(staleRecords.begin(), staleRecords.end(), i) == staleRecords.end())
            staleRecords.push_back(i);
    }

    bool valid(BodyId id) const {
        return id.index < bodies.size() && alive[id.index] &&
               generations[id.index] == id.generation;
    }

    void placeInPartition(std::uint32_t i) {
        const Aabb& box = bodies[i].aabb;
        partition.update(i, partition.rangeOf(box.min(), box.max()), box);
    }

    void rebuildPartition() {
        const int cellTiles = std::max(settings.partitionCellTiles, 1);
        settings.partitionCellTiles = cellTiles;
        const int gw = (map.width() + cellTiles - 1) / cellTiles;
        const int gh = (map.height() + cellTiles - 1) / cellTiles;
        partition.reset(map.origin(), static_cast<float>(cellTiles) * map.tileSize(), gw, gh);
        for (std::uint32_t i = 0; i < bodies.size(); ++i)
            if (alive[i])
                placeInPartition(i);
    }

    void keepInBounds(Body& b) const;
    void control(Body& b) const;
    void applyForces(std::uint32_t i);
    void moveAndCollideTiles(std::uint32_t i);
    void restingPass();
    void bindSolverBodies();
    void iterate(bool withRestitution);
    void detectPairs();
    void testAgainst(std::size_t i, std::size_t j0, std::size_t j1, std::uint64_t& tested);
    void buildRecords();
    void solveContacts();
    void fillDebugCells();
    void step();
};

/// The world-bounds rule: a coordinate beyond kWorldLimit is clamped to it and that
/// speed component zeroed. A non-finite position (impossible from valid inputs;
/// kept as a last line of defence) goes back to the step's old position, at rest.
void World::Impl::keepInBounds(Body& b) const {
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
    refreshAabb(b);
}

void World::Impl::control(Body& b) const {
    const WorldSettings& s = settings;
    const bool grounded = (b.contacts & OnGround) != 0;
    if (b.control == Control::Character) {
        const int dir = (b.input.right ? 1 : 0) - (b.input.left ? 1 : 0);
        b.speed.x = static_cast<float>(dir) * s.walkSpeed;
        if (dir != 0)
            b.facing = dir;
        if (grounded) {
            if (b.input.jump) {
                b.speed.y = s.jumpSpeed;
                b.state = CharacterState::Jump;
            } else if (b.input.down && (b.contacts & OnOneWayPlatform)) {
                // Drop-through: sink below the one-way threshold so the next ground
                // check no longer accepts this platform.
                b.position.y -= s.oneWayThreshold;
                b.state = CharacterState::Jump;
            }
        }
    } else if (b.control == Control::Patrol) {
        if (b.facing == 0)
            b.facing = 1;
        if ((b.contacts & PushesLeftWall) && b.facing < 0) {
            b.facing = 1;
        } else if ((b.contacts & PushesRightWall) && b.facing > 0) {
            b.facing = -1;
        } else if (grounded) {
            // Ledge check: the tile just beyond the front foot, one pixel down.
            const float frontX =
                b.aabb.center.x + static_cast<float>(b.facing) * (b.aabb.halfSize.x + 1.0f);
            const float footY = b.aabb.center.y - b.aabb.halfSize.y - 1.0f;
            const Tile t = map.at(map.tileXAtPoint(frontX), map.tileYAtPoint(footY));
            if (t == Tile::Empty)
                b.facing = -b.facing;
        }
        b.speed.x = static_cast<float>(b.facing) * s.walkSpeed * kPatrolSpeedFactor;
    }
}

void World::Impl::applyForces(std::uint32_t i) {
    const WorldSettings& s = settings;
    Body& b = bodies[i];
    control(b);
    b.oldPosition = b.position;
    b.oldSpeed = b.speed;
    b.oldContacts = b.contacts;
    // A body standing on tiles is held by them: no downward acceleration (the ground
    // sensor still runs, so walking off a ledge starts the fall next step). Without
    // this the resting pass would see the support sink by g * dt^2 each step and
    // let everything stacked on it sink along.
    if (b.gravity && !((b.contacts & OnGround) && b.speed.y <= 0.0f && tileGround[i])) {
        b.speed.y -= s.gravity * s.dt;
        if (b.speed.y < -s.maxFallSpeed)
            b.speed.y = -s.maxFallSpeed;
    }
    const float cap = kMaxTilesPerStep * map.tileSize() / s.dt;
    b.speed.x = std::clamp(b.speed.x, -cap, cap);
    b.speed.y = std::clamp(b.speed.y, -cap, cap);
}

void World::Impl::moveAndCollideTiles(std::uint32_t i) {
    Body& b = bodies[i];
    b.position += b.speed * settings.dt;
    if (b.collidesWithTiles)
        resolveTiles(b, i, debugOn ? &debug : nullptr);
    else
        b.contacts = 0;
    tileGround[i] = (b.contacts & OnGround) ? 1 : 0;
    refreshAabb(b);
    placeInPartition(i);
}

void World::Impl::restingPass() {
    // Last step's contacts, still sorted bottom-up with their support decisions,
    // remove the approach velocity that gravity just added *before* anything moves:
    // resting bodies then stay where they are instead of sinking by g * dt^2 and
    // being pushed back out every step (which made neighbours miss each other in
    // detection and stacks shuffle). No restitution here: this is resting contact,
    // impacts get their bounce in solveContacts().
    if (!contacts.empty())
        iterate(false);
}

/// Gives every body of `contacts` a solver index (first-use order) and fills
/// Contact::la / lb.
void World::Impl::bindSolverBodies() {
    constexpr std::uint32_t kNoLocal = 0xffffffffu;
    if (localOf.size() < bodies.size())
        localOf.resize(bodies.size(), kNoLocal);
    solverBodies.clear();
    for (Contact& c : contacts) {
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
    for (const std::uint32_t i : solverBodies)
        localOf[i] = kNoLocal;
}

/// The velocity passes over `contacts` (in their order) on a compact copy of the
/// bodies' speeds: the same impulses in the same order as on the bodies.
void World::Impl::iterate(bool withRestitution) {
    solverSpeed.resize(solverBodies.size());
    for (std::size_t k = 0; k < solverBodies.size(); ++k)
        solverSpeed[k] = bodies[solverBodies[k]].speed;
    Vec2* v = solverSpeed.data();
    const int iterations = std::max(settings.solverIterations, 1);
    for (int it = 0; it < iterations; ++it) {
        bool any = false;
        for (const Contact& c : contacts) {
            if (impulse(v[c.la], c.invA, v[c.lb], c.invB, withRestitution ? c.restitution : 0.0f,
                        c.m.normal))
                any = true;
        }
        if (!any)
            break;
    }
    for (std::size_t k = 0; k < solverBodies.size(); ++k)
        bodies[solverBodies[k]].speed = solverSpeed[k];
}

inline void World::Impl::testAgainst(std::size_t i, std::size_t j0, std::size_t j1,
                                     std::uint64_t& tested) {
    const std::uint32_t ia = cellIdx[i];
    const Aabb a = cellBox[i];
    const bool degenerateA = a.halfSize.x == 0.0f || a.halfSize.y == 0.0f;
    tested += j1 - j0;
    for (std::size_t j = j0; j < j1; ++j) {
        const Aabb& b = cellBox[j];
        // classifyPair(): the rejection tests are symmetric in a and b.
        const float sx = a.halfSize.x + b.halfSize.x;
        const float adx = std::fabs(a.center.x - b.center.x);
        if (!(adx <= sx + kContactTolerance))
            continue;
        const float sy = a.halfSize.y + b.halfSize.y;
        const float ady = std::fabs(a.center.y - b.center.y);
        if (!(ady <= sy + kContactTolerance))
            continue;
        if (degenerateA || b.halfSize.x == 0.0f || b.halfSize.y == 0.0f)
            continue;
        // Always measured as (lower slot, higher slot): sign(0) = +1 makes the
        // overlap of coincident centres order dependent.
        const std::uint32_t ib = cellIdx[j];
        Vec2 ov;
        if (ia < ib) {
            const int k = classifyPair(a, b, ov);
            pairs.push_back({ia, ib, ov, k == 2});
        } else {
            const int k = classifyPair(b, a, ov);
            pairs.push_back({ib, ia, ov, k == 2});
        }
    }
}

void World::Impl::detectPairs() {
    pairs.clear();
    std::uint64_t tested = 0;
    const int gw = partition.width();
    const int gh = partition.height();
    const Aabb* boxes = partition.boxes();
    for (int cy = 0; cy < gh; ++cy) {
        for (int cx = 0; cx < gw; ++cx) {
            const std::vector<std::uint32_t>& cell = partition.cell(cx, cy);
            const std::size_t n = cell.size();
            if (n < 2)
                continue;
            // Copy the cell's boxes into compact arrays, grouped by ownership
            // class: only the first cell both bodies cover reports a pair, and
            // since both cover this cell, it is the first one iff on each axis one
            // of the two ranges starts here. So a body owning both axes here pairs
            // with everyone, one owning only x with those owning only y, and no
            // other combination needs a test.
            std::uint32_t count[4] = {0, 0, 0, 0};
            for (const std::uint32_t e : cell)
                ++count[e >> 30];
            // Order: both (3), x only (1), y only (2), neither (0).
            std::uint32_t at[4];
            at[3] = 0;
            at[1] = count[3];
            at[2] = at[1] + count[1];
            at[0] = at[2] + count[2];
            cellIdx.resize(n);
            cellBox.resize(n);
            for (const std::uint32_t e : cell) {
                const std::uint32_t ib = e & detail::kIndexMask;
                const std::uint32_t k = at[e >> 30]++;
                cellIdx[k] = ib;
                cellBox[k] = boxes[ib];
            }
            const std::size_t nBoth = count[3];
            const std::size_t xEnd = nBoth + count[1];
            const std::size_t yEnd = xEnd + count[2];
            for (std::size_t i = 0; i < nBoth; ++i)
                testAgainst(i, i + 1, n, tested);
            for (std::size_t i = nBoth; i < xEnd; ++i)
                testAgainst(i, xEnd, yEnd, tested);
        }
    }
    stats.pairsTested = tested;
    std::uint64_t found = 0;
    for (const Pair& p : pairs)
        found += p.overlapping ? 1 : 0;
    stats.pairsFound = found;
}

void World::Impl::buildRecords() {
    staleRecords.clear();
    const std::size_t n = bodies.size();
    recordStart.assign(n + 1, 0);
    if (stats.pairsFound == 0) {
        records.clear();
        return;
    }
    for (const Pair& p : pairs) {
        if (!p.overlapping)
            continue;
        ++recordStart[p.a + 1];
        ++recordStart[p.b + 1];
    }
    for (std::size_t i = 0; i < n; ++i)
        recordStart[i + 1] += recordStart[i];
    records.resize(static_cast<std::size_t>(stats.pairsFound) * 2);
    recordCursor.assign(recordStart.begin(), recordStart.end() - 1);
    for (const Pair& p : pairs) {
        if (!p.overlapping)
            continue;
        const Body& a = bodies[p.a];
        const Body& b = bodies[p.b];
        CollisionRecord& ra = records[recordCursor[p.a]++];
        ra.other = idOf(p.b);
        ra.overlap = p.overlap;
        ra.speed1 = a.speed;
        ra.speed2 = b.speed;
        ra.oldPosition1 = a.oldPosition;
        ra.oldPosition2 = b.oldPosition;
        ra.position1 = a.position;
        ra.position2 = b.position;
        CollisionRecord& rb = records[recordCursor[p.b]++];
        rb.other = idOf(p.a);
        rb.overlap = -p.overlap;
        rb.speed1 = b.speed;
        rb.speed2 = a.speed;
        rb.oldPosition1 = b.oldPosition;
        rb.oldPosition2 = a.oldPosition;
        rb.position1 = b.position;
        rb.position2 = a.position;
    }
}

void World::Impl::solveContacts() {
    contacts.clear();
    for (const Pair& p : pairs) {
        const Body& a = bodies[p.a];
        const Body& b = bodies[p.b];
        if (!(a.category & b.mask) || !(b.category & a.mask))
            continue;
        if (a.invMass == 0.0f && b.invMass == 0.0f)
            continue;
        Contact c;
        if (!manifoldOf(a, b, c.m))
            continue;
        c.a = p.a;
        c.b = p.b;
        c.vertical = std::fabs(c.m.normal.y) > std::fabs(c.m.normal.x);
        const Body& lower = (c.vertical && c.m.normal.y < 0.0f) ? b : a;
        const Body& other = (&lower == &a) ? b : a;
        c.key = c.vertical ? lower.aabb.center.y - lower.aabb.halfSize.y
                           : std::min(lower.aabb.center.y - lower.aabb.halfSize.y,
                                      other.aabb.center.y - other.aabb.halfSize.y);
        c.invA = a.invMass;
        c.invB = b.invMass;
        c.restitution = std::min(a.restitution, b.restitution);
        contacts.push_back(c);
    }
    if (contacts.empty())
        return;
    // Bottom-up, deterministic order: a stack is then solved from its support up.
    std::sort(contacts.begin(), contacts.end(), [](const Contact& x, const Contact& y) {
        if (x.key != y.key)
            return x.key < y.key;
        if (x.a != y.a)
            return x.a < y.a;
        return x.b < y.b;
    });

    // Support propagation ("shock propagation"): a body resting on tiles, an
    // infinite mass or a supported body is treated as immovable by the bodies
    // resting on it, so a stack cannot push its base into the ground and settles
    // without sinking or jitter.
    const std::size_t n = bodies.size();
    supported.assign(n, 0);
    for (const Contact& c : contacts) {
        supported[c.a] = bodies[c.a].invMass == 0.0f || (bodies[c.a].contacts & OnGround);
        supported[c.b] = bodies[c.b].invMass == 0.0f || (bodies[c.b].contacts & OnGround);
    }
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
        bodies[upper].contacts |= OnGround;
    }

    bindSolverBodies();
    iterate(true);

    // Positional correction, bottom-up with fresh manifolds so each body sees where
    // the ones below it went. Against a supporting body the correction is full (like
    // a tile snap); between free bodies it is the usual percent of the depth.
    pushed.assign(n, 0);
    pushedList.clear();
    if (pushedFrom.size() < n)
        pushedFrom.resize(n);
    const float slop = settings.correctionSlop;
    for (const Contact& c : contacts) {
        Body& a = bodies[c.a];
        Body& b = bodies[c.b];
        Manifold m;
        if (!manifoldOf(a, b, m))
            continue;
        const bool supportedPair =
            (c.invA == 0.0f) != (a.invMass == 0.0f) || (c.invB == 0.0f) != (b.invMass == 0.0f);
        const float percent = supportedPair ? 1.0f : settings.correctionPercent;
        for (const std::uint32_t i : {c.a, c.b}) {
            if (!pushed[i]) {
                pushed[i] = 1;
                pushedFrom[i] = bodies[i].position;
                pushedList.push_back(i);
            }
        }
        applyCorrection(a.position, c.invA, b.position, c.invB, m, percent, slop);
        refreshAabb(a);
        refreshAabb(b);
    }

    // A push may have shoved a body into a tile: run the sensors once more over the
    // push itself, so bodies never end a step inside a wall they were outside of.
    for (const std::uint32_t i : pushedList) {
        Body& b = bodies[i];
        if (!b.collidesWithTiles || b.position == pushedFrom[i])
            continue;
        const Vec2 savedOld = b.oldPosition;
        const Vec2 savedSpeed = b.speed;
        const std::uint8_t savedContacts = b.contacts;
        b.oldPosition = pushedFrom[i];
        b.speed = b.position - pushedFrom[i]; // the push direction gates the sensors
        resolveTiles(b, i, nullptr);
        const Vec2 push = b.speed;
        b.speed = savedSpeed;
        if (push.x == 0.0f && savedSpeed.x * (b.position.x - pushedFrom[i].x) < 0.0f)
            b.speed.x = 0.0f;
        if (push.y == 0.0f && savedSpeed.y * (b.position.y - pushedFrom[i].y) < 0.0f)
            b.speed.y = 0.0f;
        b.contacts |= savedContacts;
        b.oldPosition = savedOld;
        refreshAabb(b);
    }
}

void World::Impl::fillDebugCells() {
    debug.cellSize = partition.cellSize();
    debug.gridWidth = partition.width();
    debug.gridHeight = partition.height();
    debug.gridOrigin = partition.origin();
    for (int cy = 0; cy < partition.height(); ++cy) {
        for (int cx = 0; cx < partition.width(); ++cx) {
            const auto& cell = partition.cell(cx, cy);
            if (cell.empty())
                continue;
            PartitionCell pc;
            pc.x = cx;
            pc.y = cy;
            pc.min = partition.origin() + Vec2{static_cast<float>(cx) * partition.cellSize(),
                                               static_cast<float>(cy) * partition.cellSize()};
            pc.max = pc.min + Vec2{partition.cellSize(), partition.cellSize()};
            pc.count = static_cast<int>(cell.size());
            debug.cells.push_back(pc);
        }
    }
    for (const Pair& p : pairs)
        if (p.overlapping)
            debug.pairs.push_back({idOf(p.a), idOf(p.b), p.overlap});
}

void World::Impl::step() {
    if (debugOn)
        debug.clear();
    stats = {};
    const auto n = static_cast<std::uint32_t>(bodies.size());
    if (contacts.empty()) {
        for (std::uint32_t i = 0; i < n; ++i) {
            if (!alive[i])
                continue;
            applyForces(i);
            moveAndCollideTiles(i);
        }
    } else {
        for (std::uint32_t i = 0; i < n; ++i)
            if (alive[i])
                applyForces(i);
        restingPass();
        for (std::uint32_t i = 0; i < n; ++i)
            if (alive[i])
                moveAndCollideTiles(i);
    }
    detectPairs();
    buildRecords();
    solveContacts();
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!alive[i])
            continue;
        Body& b = bodies[i];
        if (!(std::fabs(b.position.x) <= kWorldLimit && std::fabs(b.position.y) <= kWorldLimit &&
              std::isfinite(b.speed.x) && std::isfinite(b.speed.y))) {
            keepInBounds(b);
            placeInPartition(i);
        }
        if (b.control != Control::None) {
            if (!(b.contacts & OnGround))
                b.state = CharacterState::Jump;
            else
                b.state = b.speed.x != 0.0f ? CharacterState::Walk : CharacterState::Stand;
        }
    }
    if (debugOn)
        fillDebugCells();
    ++steps;
}

// --- World -----------------------------------------------------------------

World::World(TileMap map, WorldSettings settings)
    : d(std::make_unique<Impl>(std::move(map), settings)) {
}
World::~World() = default;
World::World(const World& o) : d(std::make_unique<Impl>(*o.d)) {
}
World& World::operator=(const World& o) {
    if (this != &o)
        d = std::make_unique<Impl>(*o.d);
    return *this;
}
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

const TileMap& World::map() const {
    return d->map;
}
bool World::setTile(int x, int y, Tile t) {
    if (!d->map.set(x, y, t))
        return false;
    d->refreshBlock(x, y);
    return true;
}
const WorldSettings& World::settings() const {
    return d->settings;
}

bool WorldSettings::isValid() const {
    return inRange(gravity, -1.0e6f, 1.0e6f) && inRange(walkSpeed, 0.0f, 1.0e6f) &&
           inRange(jumpSpeed, 0.0f, 1.0e6f) && inRange(maxFallSpeed, 0.0f, 1.0e6f) &&
           inRange(oneWayThreshold, 0.0f, 64.0f) && partitionCellTiles >= 1 &&
           partitionCellTiles <= 1024 && inRange(dt, 1.0e-6f, 1.0f) &&
           inRange(correctionPercent, 0.0f, 1.0f) && inRange(correctionSlop, 0.0f, 16.0f) &&
           solverIterations >= 1 && solverIterations <= 256;
}

bool World::setSettings(const WorldSettings& s) {
    if (!s.isValid())
        return false;
    const bool rebuild = s.partitionCellTiles != d->settings.partitionCellTiles;
    d->settings = s;
    if (rebuild)
        d->rebuildPartition();
    return true;
}

bool World::isValidDef(const BodyDef& def) {
    const Vec2 half = def.shape == Shape::Circle ? Vec2{def.radius, def.radius} : def.halfSize;
    return finiteWithin(def.position, kWorldLimit) && finiteWithin(def.velocity, kMaxSpeed) &&
           inRange(def.halfSize.x, 0.0f, kMaxHalfSize) &&
           inRange(def.halfSize.y, 0.0f, kMaxHalfSize) && inRange(def.radius, 0.0f, kMaxHalfSize) &&
           finiteWithin(def.offset, kMaxHalfSize) && validScale(def.scale, half) &&
           (def.mass == 0.0f || inRange(def.mass, kMinMass, 3.0e38f)) &&
           inRange(def.restitution, 0.0f, 1.0f);
}

BodyId World::add(const BodyDef& def) {
    if (!isValidDef(def))
        return BodyId{};
    Impl& w = *d;
    std::uint32_t i;
    if (!w.freeSlots.empty()) {
        i = w.freeSlots.back();
        w.freeSlots.pop_back();
    } else {
        i = static_cast<std::uint32_t>(w.bodies.size());
        w.bodies.emplace_back();
        w.generations.push_back(1);
        w.alive.push_back(0);
        w.tileGround.push_back(0);
        w.partition.reserveBody(i);
    }
    Body b;
    b.shape = def.shape;
    b.control = def.control;
    b.position = def.position;
    b.oldPosition = def.position;
    b.speed = def.velocity;
    b.oldSpeed = def.velocity;
    b.halfSize = def.halfSize;
    b.radius = def.radius;
    b.offset = def.offset;
    b.scale = def.scale;
    b.invMass = def.mass > 0.0f ? 1.0f / def.mass : 0.0f;
    b.restitution = def.restitution;
    b.gravity = def.gravity;
    b.collidesWithTiles = def.collidesWithTiles;
    b.category = def.category;
    b.mask = def.mask;
    b.facing = def.facing < 0 ? -1 : 1;
    b.userData = def.userData;
    refreshAabb(b);
    w.bodies[i] = b;
    w.alive[i] = 1;
    w.tileGround[i] = 0;
    ++w.liveCount;
    w.placeInPartition(i);
    w.forgetContacts(i);
    return w.idOf(i);
}

bool World::remove(BodyId id) {
    Impl& w = *d;
    if (!w.valid(id))
        return false;
    w.partition.remove(id.index);
    w.contacts.clear(); // the resting pass must never see a dead slot
    w.alive[id.index] = 0;
    ++w.generations[id.index];
    w.freeSlots.push_back(id.index);
    --w.liveCount;
    return true;
}

bool World::isValid(BodyId id) const {
    return d->valid(id);
}
const Body* World::body(BodyId id) const {
    return d->valid(id) ? &d->bodies[id.index] : nullptr;
}
Vec2 World::position(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].position : Vec2{};
}
Vec2 World::oldPosition(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].oldPosition : Vec2{};
}
Vec2 World::velocity(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].speed : Vec2{};
}
Aabb World::aabb(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].aabb : Aabb{};
}
Vec2 World::scale(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].scale : Vec2{1.0f, 1.0f};
}
std::uint8_t World::contacts(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].contacts : std::uint8_t(0);
}
CharacterState World::state(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].state : CharacterState::Stand;
}
Control World::control(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].control : Control::None;
}
Shape World::shape(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].shape : Shape::Aabb;
}
int World::facing(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].facing : 1;
}
Input World::input(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].input : Input{};
}
float World::inverseMass(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].invMass : 0.0f;
}
std::uint64_t World::userData(BodyId id) const {
    return d->valid(id) ? d->bodies[id.index].userData : 0;
}

std::size_t World::bodyCount() const {
    return d->liveCount;
}

std::vector<BodyId> World::bodies() const {
    std::vector<BodyId> out;
    out.reserve(d->liveCount);
    for (std::uint32_t i = 0; i < d->bodies.size(); ++i)
        if (d->alive[i])
            out.push_back(d->idOf(i));
    return out;
}

bool World::setInput(BodyId id, const Input& input) {
    if (!d->valid(id))
        return false;
    d->bodies[id.index].input = input;
    return true;
}

bool World::setPosition(BodyId id, Vec2 position) {
    if (!d->valid(id) || !finiteWithin(position, kWorldLimit))
        return false;
    Body& b = d->bodies[id.index];
    b.position = position;
    b.oldPosition = position;
    b.contacts = 0;
    b.oldContacts = 0;
    d->tileGround[id.index] = 0;
    refreshAabb(b);
    d->placeInPartition(id.index);
    d->forgetContacts(id.index);
    return true;
}

bool World::setVelocity(BodyId id, Vec2 velocity) {
    if (!d->valid(id) || !finiteWithin(velocity, kMaxSpeed))
        return false;
    d->bodies[id.index].speed = velocity;
    return true;
}

bool World::setScale(BodyId id, Vec2 scale) {
    if (!d->valid(id))
        return false;
    Body& b = d->bodies[id.index];
    if (!validScale(scale, unscaledHalf(b)))
        return false;
    b.scale = scale;
    refreshAabb(b);
    d->placeInPartition(id.index);
    return true;
}

BodySnapshot World::snapshot(BodyId id) const {
    BodySnapshot s;
    if (!d->valid(id))
        return s;
    const Body& b = d->bodies[id.index];
    s.mPosition = b.position;
    s.mOldPosition = b.oldPosition;
    s.mSpeed = b.speed;
    s.mOldSpeed = b.oldSpeed;
    s.mScale = b.scale;
    s.mInput = b.input;
    s.mFacing = b.facing;
    s.mState = b.state;
    s.mContacts = b.contacts;
    s.mOldContacts = b.oldContacts;
    s.mTileGround = d->tileGround[id.index];
    s.mValid = true;
    return s;
}

bool World::restore(BodyId id, const BodySnapshot& s) {
    if (!d->valid(id) || s.isNull())
        return false;
    Body& b = d->bodies[id.index];
    if (!validScale(s.mScale, unscaledHalf(b)))
        return false; // a snapshot of a smaller body cannot scale this one too far
    b.position = s.mPosition;
    b.oldPosition = s.mOldPosition;
    b.speed = s.mSpeed;
    b.oldSpeed = s.mOldSpeed;
    b.scale = s.mScale;
    b.input = s.mInput;
    b.facing = s.mFacing;
    b.state = s.mState;
    b.contacts = s.mContacts;
    b.oldContacts = s.mOldContacts;
    d->tileGround[id.index] = s.mTileGround;
    refreshAabb(b);
    d->placeInPartition(id.index);
    d->forgetContacts(id.index);
    return true;
}

namespace {
void hashSnapshotFields(std::uint64_t& h, Vec2 position, Vec2 speed, std::uint8_t contacts,
                        std::uint8_t tileGround, CharacterState state, int facing, Vec2 scale,
                        const Input& in) {
    hashVec(h, position);
    hashVec(h, speed);
    const std::uint8_t flags[8] = {contacts,
                                   tileGround,
                                   static_cast<std::uint8_t>(state),
                                   static_cast<std::uint8_t>(facing < 0 ? 0 : 1),
                                   static_cast<std::uint8_t>(in.left),
                                   static_cast<std::uint8_t>(in.right),
                                   static_cast<std::uint8_t>(in.jump),
                                   static_cast<std::uint8_t>(in.down)};
    hashBytes(h, flags, sizeof flags);
    hashVec(h, scale);
}
} // namespace

std::uint64_t World::bodyHash(BodyId id) const {
    std::uint64_t h = 0xcbf29ce484222325ull;
    if (!d->valid(id))
        return h;
    const Body& b = d->bodies[id.index];
    hashSnapshotFields(h, b.position, b.speed, b.contacts, d->tileGround[id.index], b.state,
                       b.facing, b.scale, b.input);
    hashVec(h, b.oldPosition);
    hashVec(h, b.oldSpeed);
    hashValue(h, b.oldContacts);
    return h;
}

std::span<const CollisionRecord> World::collisions(BodyId id) const {
    const Impl& w = *d;
    if (!w.valid(id) || id.index + 1 >= w.recordStart.size())
        return {};
    if (std::find(w.staleRecords.begin(), w.staleRecords.end(), id.index) != w.staleRecords.end())
        return {};
    const std::uint32_t begin = w.recordStart[id.index];
    const std::uint32_t end = w.recordStart[id.index + 1];
    return {w.records.data() + begin, end - begin};
}

void World::step() {
    d->step();
}
std::uint64_t World::stepCount() const {
    return d->steps;
}

std::uint64_t World::stateHash() const {
    const Impl& w = *d;
    std::uint64_t h = 0xcbf29ce484222325ull;
    const WorldSettings& s = w.settings;
    const float fs[8] = {s.gravity,         s.walkSpeed, s.jumpSpeed,         s.maxFallSpeed,
                         s.oneWayThreshold, s.dt,        s.correctionPercent, s.correctionSlop};
    hashBytes(h, fs, sizeof fs);
    const std::int32_t is[2] = {s.partitionCellTiles, s.solverIterations};
    hashBytes(h, is, sizeof is);
    for (std::uint32_t i = 0; i < w.bodies.size(); ++i) {
        if (!w.alive[i])
            continue;
        const Body& b = w.bodies[i];
        hashValue(h, i);
        hashSnapshotFields(h, b.position, b.speed, b.contacts, w.tileGround[i], b.state, b.facing,
                           b.scale, b.input);
    }
    // The resting pass of the next step starts from these.
    const std::uint64_t nc = w.contacts.size();
    hashValue(h, nc);
    for (const Contact& c : w.contacts) {
        const std::uint32_t ab[2] = {c.a, c.b};
        hashBytes(h, ab, sizeof ab);
        hashVec(h, c.m.normal);
        const float inv[2] = {c.invA, c.invB};
        hashBytes(h, inv, sizeof inv);
    }
    hashValue(h, w.steps);
    return h;
}

const StepStats& World::stats() const {
    return d->stats;
}

void World::setDebugEnabled(bool on) {
    d->debugOn = on;
    if (!on)
        d->debug = DebugData{};
}
bool World::debugEnabled() const {
    return d->debugOn;
}
const DebugData& World::debug() const {
    return d->debug;
}

// --- StepAccumulator ----------------------------------------------------------

int StepAccumulator::advance(double frameSeconds) {
    if (frameSeconds > 0.0)
        mAccumulator += frameSeconds;
    // A nanosecond of tolerance: frame times such as 1/144 s do not sum exactly.
    constexpr double eps = 1e-9;
    int n = 0;
    while (mAccumulator + eps >= mDt && n < mMaxSteps) {
        mAccumulator -= mDt;
        ++n;
    }
    if (mAccumulator + eps >= mDt) { // stalled: drop the backlog instead of spiralling
        mAccumulator = std::fmod(mAccumulator, mDt);
        if (mAccumulator + eps >= mDt)
            mAccumulator = 0.0;
    }
    if (mAccumulator < 0.0)
        mAccumulator = 0.0;
    return n;
}

int StepAccumulator::advance(double frameSeconds, World& world) {
    const int n = advance(frameSeconds);
    for (int i = 0; i < n; ++i)
        world.step();
    return n;
}

} // namespace ts
