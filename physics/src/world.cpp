// World: body storage (hot / cold arrays behind handles), the public API and the
// order of a step. The phases are in step_*.cpp (see world_impl.h).
#include "world_impl.h"

#include <algorithm>
#include <cmath>

namespace ts {

namespace {

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

/// The fields of a body that a later step depends on, hashed in a fixed order.
void hashBody(std::uint64_t& h, const detail::BodyHot& b, const detail::BodyCold& c) {
    hashVec(h, b.position);
    hashVec(h, b.speed);
    const std::uint8_t flags[8] = {
        b.contacts,
        static_cast<std::uint8_t>((b.flags & detail::kTileGround) ? 1 : 0),
        static_cast<std::uint8_t>(c.state),
        static_cast<std::uint8_t>(c.facing < 0 ? 0 : 1),
        static_cast<std::uint8_t>(c.input.left),
        static_cast<std::uint8_t>(c.input.right),
        static_cast<std::uint8_t>(c.input.jump),
        static_cast<std::uint8_t>(c.input.down)};
    hashBytes(h, flags, sizeof flags);
    hashVec(h, c.scale);
}

} // namespace

World::Impl::Impl(TileMap m, const WorldSettings& s)
    : map(std::move(m)), settings(s.isValid() ? s : WorldSettings{}) {
    rebuildPartition();
    buildBlocks();
}

void World::Impl::rebuildPartition() {
    const int cellTiles = settings.partitionCellTiles;
    const int gw = (map.width() + cellTiles - 1) / cellTiles;
    const int gh = (map.height() + cellTiles - 1) / cellTiles;
    partition.reset(map.origin(), static_cast<float>(cellTiles) * map.tileSize(), gw, gh);
}

void World::Impl::dropTouchedContacts() {
    if (touchedSlots.empty())
        return;
    if (!contacts.empty() &&
        std::erase_if(contacts, [this](const detail::Contact& c) { return !contactKept(c); }) != 0)
        contactGroupsValid = false;
    for (const std::uint32_t i : touchedSlots)
        touched[i] = 0;
    touchedSlots.clear();
}

void World::Impl::step() {
    if (debugOn)
        debug.clear();
    stats = {};
    dropTouchedContacts();
    partition.clear(); // refilled by moveAndCollideTiles(), built by detectPairs()
    // 1. Control and forces; 2. resting pass (last step's contacts); 3. move and
    // tile sensors, partition update. Without resting contacts 1 and 3 fuse into one
    // pass over the bodies.
    if (contacts.empty()) {
        forcesAndMovePass();
    } else {
        forcesPass();
        restingPass();
        movePass();
    }
    // 4. Broad phase and the pairs' snapshots for collisions(); 5. contact solve; 6. bounds and
    // character states. A lone body has no pair to find: the grid is not built, with the very same
    // result (no pairs, so no records and no contacts; test_world::loneBodyStep).
    // Debug data still comes from the full broad phase (it draws the grid's cells).
    if (liveCount > 1 || debugOn) {
        detectPairs();
    } else {
        rawPairs.clear();
        pairs.clear();
    }
    if (debugOn)
        fillDebugPairs(); // before the solver moves the pairs apart
    snapPairs();
    solveContacts();
    finishStep();
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
    const bool solidNow = t == Tile::Solid && d->map.contains(x, y) && !d->map.isSolid(x, y);
    const std::vector<std::uint32_t> over =
        solidNow ? d->clearBodiesOver(x, y) : std::vector<std::uint32_t>{};
    if (!d->map.set(x, y, t))
        return false;
    d->refreshBlock(x, y);
    d->pushOutOfTiles(x, y, over);
    return true;
}
const WorldSettings& World::settings() const {
    return d->settings;
}

bool WorldSettings::isValid() const {
    return inRange(gravity, -1.0e6f, 1.0e6f) && inRange(walkSpeed, 0.0f, 1.0e6f) &&
           inRange(jumpSpeed, 0.0f, 1.0e6f) && inRange(maxFallSpeed, 0.0f, 1.0e6f) &&
           inRange(oneWayThreshold, 0.0f, 64.0f) && partitionCellTiles >= 1 &&
           partitionCellTiles <= 1024 && inRange(dt, kMinDt, kMaxDt) &&
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
        i = static_cast<std::uint32_t>(w.hot.size());
        w.hot.emplace_back();
        w.cold.emplace_back();
        w.filter.emplace_back();
        w.generations.push_back(1);
        w.alive.push_back(0);
        w.touched.push_back(0);
    }
    detail::BodyCold c;
    c.shape = def.shape;
    c.halfSize = def.halfSize;
    c.radius = def.radius;
    c.offset = def.offset;
    c.scale = def.scale;
    c.facing = def.facing < 0 ? -1 : 1;
    c.userData = def.userData;
    detail::BodyHot h;
    h.control = def.control;
    h.position = def.position;
    h.oldPosition = def.position;
    h.speed = def.velocity;
    h.invMass = def.mass > 0.0f ? 1.0f / def.mass : 0.0f;
    h.flags = static_cast<std::uint8_t>((def.gravity ? detail::kGravity : 0) |
                                        (def.collidesWithTiles ? detail::kTiles : 0) |
                                        (def.shape == Shape::Circle ? detail::kCircle : 0));
    detail::applyScale(h, c);
    w.hot[i] = h;
    w.cold[i] = c;
    w.filter[i] = {def.category, def.mask, def.restitution};
    w.alive[i] = 1;
    ++w.liveCount;
    w.forgetContacts(i);
    return w.idOf(i);
}

bool World::remove(BodyId id) {
    Impl& w = *d;
    if (!w.valid(id))
        return false;
    // Its contacts are dropped before the next step's resting pass (which must
    // never see a dead slot); the other bodies keep theirs.
    w.forgetContacts(id.index);
    w.alive[id.index] = 0;
    ++w.generations[id.index];
    w.freeSlots.push_back(id.index);
    --w.liveCount;
    return true;
}

bool World::isValid(BodyId id) const {
    return d->valid(id);
}
Vec2 World::position(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].position : Vec2{};
}
Vec2 World::oldPosition(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].oldPosition : Vec2{};
}
Vec2 World::velocity(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].speed : Vec2{};
}
Aabb World::aabb(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].aabb() : Aabb{};
}
Vec2 World::scale(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].scale : Vec2{1.0f, 1.0f};
}
std::uint8_t World::contacts(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].contacts : std::uint8_t(0);
}
std::uint8_t World::oldContacts(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].oldContacts : std::uint8_t(0);
}
CharacterState World::state(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].state : CharacterState::Stand;
}
Control World::control(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].control : Control::None;
}
Shape World::shape(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].shape : Shape::Aabb;
}
int World::facing(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].facing : 1;
}
Input World::input(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].input : Input{};
}
float World::inverseMass(BodyId id) const {
    return d->valid(id) ? d->hot[id.index].invMass : 0.0f;
}
float World::restitution(BodyId id) const {
    return d->valid(id) ? d->filter[id.index].restitution : 0.0f;
}
Vec2 World::halfSize(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].halfSize : Vec2{};
}
float World::radius(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].radius : 0.0f;
}
Vec2 World::offset(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].offset : Vec2{};
}
std::uint64_t World::userData(BodyId id) const {
    return d->valid(id) ? d->cold[id.index].userData : 0;
}

std::size_t World::bodyCount() const {
    return d->liveCount;
}

std::vector<BodyId> World::bodies() const {
    std::vector<BodyId> out;
    out.reserve(d->liveCount);
    for (std::uint32_t i = 0; i < d->hot.size(); ++i)
        if (d->alive[i])
            out.push_back(d->idOf(i));
    return out;
}

bool World::setInput(BodyId id, const Input& input) {
    if (!d->valid(id))
        return false;
    d->cold[id.index].input = input;
    return true;
}

bool World::setPosition(BodyId id, Vec2 position) {
    if (!d->valid(id) || !finiteWithin(position, kWorldLimit))
        return false;
    detail::BodyHot& b = d->hot[id.index];
    b.position = position;
    b.oldPosition = position;
    b.contacts = 0;
    b.oldContacts = 0;
    b.flags &= static_cast<std::uint8_t>(~detail::kTileGround);
    d->forgetContacts(id.index);
    return true;
}

bool World::setVelocity(BodyId id, Vec2 velocity) {
    if (!d->valid(id) || !finiteWithin(velocity, kMaxSpeed))
        return false;
    d->hot[id.index].speed = velocity;
    return true;
}

bool World::setScale(BodyId id, Vec2 scale) {
    if (!d->valid(id))
        return false;
    if (!validScale(scale, d->cold[id.index].unscaledHalf()))
        return false;
    return d->rescale(id.index, scale);
}

BodySnapshot World::snapshot(BodyId id) const {
    BodySnapshot s;
    if (!d->valid(id))
        return s;
    const detail::BodyHot& b = d->hot[id.index];
    const detail::BodyCold& c = d->cold[id.index];
    s.mPosition = b.position;
    s.mOldPosition = b.oldPosition;
    s.mSpeed = b.speed;
    s.mScale = c.scale;
    s.mInput = c.input;
    s.mFacing = c.facing;
    s.mState = c.state;
    s.mContacts = b.contacts;
    s.mOldContacts = b.oldContacts;
    s.mTileGround = (b.flags & detail::kTileGround) ? 1 : 0;
    s.mValid = true;
    return s;
}

bool World::restore(BodyId id, const BodySnapshot& s) {
    if (!d->valid(id) || s.isNull())
        return false;
    detail::BodyHot& b = d->hot[id.index];
    detail::BodyCold& c = d->cold[id.index];
    if (!validScale(s.mScale, c.unscaledHalf()))
        return false; // a snapshot of a smaller body cannot scale this one too far
    b.position = s.mPosition;
    b.oldPosition = s.mOldPosition;
    b.speed = s.mSpeed;
    c.scale = s.mScale;
    c.input = s.mInput;
    c.facing = s.mFacing;
    c.state = s.mState;
    b.contacts = s.mContacts;
    b.oldContacts = s.mOldContacts;
    b.flags = static_cast<std::uint8_t>((b.flags & ~detail::kTileGround) |
                                        (s.mTileGround ? detail::kTileGround : 0));
    detail::applyScale(b, c);
    d->forgetContacts(id.index);
    return true;
}

std::uint64_t World::bodyHash(BodyId id) const {
    std::uint64_t h = 0xcbf29ce484222325ull;
    if (!d->valid(id))
        return h;
    const detail::BodyHot& b = d->hot[id.index];
    hashBody(h, b, d->cold[id.index]);
    hashVec(h, b.oldPosition);
    hashValue(h, b.oldContacts);
    return h;
}

std::span<const CollisionRecord> World::collisions(BodyId id) const {
    const Impl& w = *d;
    if (!w.valid(id) || w.touched[id.index])
        return {};
    const std::lock_guard<std::mutex> lock(w.recordLock.m);
    if (!w.recordsFresh) {
        w.buildRecords();
        w.recordsFresh = true;
    }
    if (id.index >= w.recordSpans.size())
        return {};
    const Impl::RecordSpan& s = w.recordSpans[id.index];
    if (s.stamp != w.recordStamp)
        return {};
    return {w.records.data() + s.begin, s.count};
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
    // Not partitionCellTiles: the broad phase sorts its pairs canonically, so the
    // cell size changes only the cost, never a later step.
    hashValue(h, s.solverIterations);
    for (std::uint32_t i = 0; i < w.hot.size(); ++i) {
        if (!w.alive[i])
            continue;
        hashValue(h, i);
        hashBody(h, w.hot[i], w.cold[i]);
    }
    // The resting pass of the next step starts from these.
    // (Those of bodies touched since the step are dropped before they are used.)
    const auto nc = static_cast<std::uint64_t>(
        std::count_if(w.contacts.begin(), w.contacts.end(),
                      [&w](const detail::Contact& c) { return w.contactKept(c); }));
    hashValue(h, nc);
    for (const detail::Contact& c : w.contacts) {
        if (!w.contactKept(c))
            continue;
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
    if (frameSeconds > 0.0 && !std::isfinite(frameSeconds)) { // +inf: a stall without end
        mAccumulator = 0.0;
        return mMaxSteps;
    }
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
