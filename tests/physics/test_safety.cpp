// Input safety (issue 8): refused settings and setters leave the state as it was,
// extreme but valid values step in bounded time, teleports forget contacts, stale
// collision records are not shown, per-body snapshots restore bit-identically and
// the state hash sees every field a later step depends on.
#include "testutil.h"

#include <QtTest>

#include <algorithm>
#include <climits>
#include <limits>
#include <utility>

using namespace ts;
using namespace tstest;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

World floorWorld() {
    TileMap m = makeMap(40, 30);
    fillRow(m, 0, Tile::Solid);
    return World(m);
}

BodyDef character(Vec2 p) {
    BodyDef d = box(p);
    d.control = Control::Character;
    return d;
}

} // namespace

class TestSafety : public QObject {
    Q_OBJECT
private slots:
    void settingsRefused_data();
    void settingsRefused();
    void constructorReplacesInvalidSettings();
    void addRefused_data();
    void addRefused();
    void settersRefused();
    void worldBoundsStopBodies();
    void extremeValidValuesStepBounded();
    void tileMapRejectsBadGeometry();
    void teleportClearsContacts();
    void reusedSlotHasNoCollisions();
    void recordsAreTheStepsSnapshot();
    void teleportsBetweenStepsOfAPile();
    void removingABodyLeavesOthersAlone();
    void snapshotRestoresBitIdentically();
    void snapshotOfStaleHandle();
    void stateHashSeesEveryField();
    void accumulatorRefusesHostileTimes();
};

void TestSafety::settingsRefused_data() {
    QTest::addColumn<int>("field");
    QTest::addColumn<float>("value");
    // field: 0 gravity, 1 walk, 2 jump, 3 maxFall, 4 oneWay, 5 cell, 6 dt,
    // 7 percent, 8 slop, 9 iterations
    QTest::newRow("NaN gravity") << 0 << kNaN;
    QTest::newRow("inf gravity") << 0 << kInf;
    QTest::newRow("huge gravity") << 0 << 1e7f;
    QTest::newRow("negative walk") << 1 << -1.0f;
    QTest::newRow("NaN jump") << 2 << kNaN;
    QTest::newRow("negative max fall") << 3 << -5.0f;
    QTest::newRow("huge one-way threshold") << 4 << 1000.0f;
    QTest::newRow("cell 0") << 5 << 0.0f;
    QTest::newRow("cell huge") << 5 << 2e9f;
    QTest::newRow("dt 0") << 6 << 0.0f;
    QTest::newRow("dt negative") << 6 << -0.016f;
    QTest::newRow("dt NaN") << 6 << kNaN;
    QTest::newRow("dt 2 s") << 6 << 2.0f;
    QTest::newRow("percent 2") << 7 << 2.0f;
    QTest::newRow("slop negative") << 8 << -0.1f;
    QTest::newRow("iterations 0") << 9 << 0.0f;
    QTest::newRow("iterations huge") << 9 << 100000.0f;
}

void TestSafety::settingsRefused() {
    QFETCH(int, field);
    QFETCH(float, value);
    World w = floorWorld();
    const BodyId id = w.add(character({100, 100}));
    w.step();
    const WorldSettings before = w.settings();
    const std::uint64_t hash = w.stateHash();
    WorldSettings s = before;
    float* floats[] = {&s.gravity,      &s.walkSpeed,         &s.jumpSpeed,
                       &s.maxFallSpeed, &s.oneWayThreshold,   nullptr,
                       &s.dt,           &s.correctionPercent, &s.correctionSlop};
    if (field == 5)
        s.partitionCellTiles = value > 2e9f ? 2000000000 : static_cast<int>(value);
    else if (field == 9)
        s.solverIterations = static_cast<int>(value);
    else
        *floats[field] = value;
    QVERIFY(!s.isValid());
    QVERIFY(!w.setSettings(s));
    QVERIFY(w.settings() == before);
    QCOMPARE(w.stateHash(), hash);
    for (int i = 0; i < 5; ++i)
        w.step();
    QVERIFY(finite(w.position(id)));
    // The valid neighbours are accepted.
    WorldSettings ok = before;
    ok.gravity = 0.0f;
    ok.partitionCellTiles = 1024;
    ok.dt = 1.0f;
    QVERIFY(w.setSettings(ok));
    QVERIFY(w.settings() == ok);
}

void TestSafety::constructorReplacesInvalidSettings() {
    WorldSettings s;
    s.dt = kNaN;
    World w(makeMap(4, 4), s);
    QVERIFY(w.settings() == WorldSettings{});
}

void TestSafety::addRefused_data() {
    QTest::addColumn<int>("what");
    for (int i = 0; i < 12; ++i)
        QTest::newRow(qPrintable(QString::number(i))) << i;
}

void TestSafety::addRefused() {
    QFETCH(int, what);
    World w = floorWorld();
    BodyDef d = box({100, 100});
    switch (what) {
    case 0:
        d.position.x = kNaN;
        break;
    case 1:
        d.position.y = kInf;
        break;
    case 2:
        d.position.y = 2.0f * kWorldLimit;
        break;
    case 3:
        d.velocity.x = kNaN;
        break;
    case 4:
        d.velocity.y = 2.0f * kMaxSpeed;
        break;
    case 5:
        d.halfSize.x = -1.0f;
        break;
    case 6:
        d.halfSize.y = kInf;
        break;
    case 7:
        d.scale = {0.0f, 1.0f};
        break;
    case 8:
        d.scale = {kNaN, 1.0f};
        break;
    case 9:
        d.mass = -1.0f;
        break;
    case 10:
        d.restitution = kNaN;
        break;
    case 11:
        d.shape = Shape::Circle;
        d.radius = kInf;
        break;
    }
    QVERIFY(!World::isValidDef(d));
    QVERIFY(w.add(d).isNull());
    QCOMPARE(w.bodyCount(), std::size_t(0));
    QVERIFY(World::isValidDef(box({100, 100})));
}

void TestSafety::settersRefused() {
    World w = floorWorld();
    const BodyId id = w.add(character({100, 100}));
    for (int i = 0; i < 30; ++i)
        w.step();
    const std::uint64_t hash = w.stateHash();
    const BodySnapshot snap = w.snapshot(id);
    for (const float bad : {kNaN, kInf, -kInf, 3.0e38f}) {
        QVERIFY(!w.setPosition(id, {bad, 0.0f}));
        QVERIFY(!w.setPosition(id, {0.0f, bad}));
        QVERIFY(!w.setVelocity(id, {bad, 0.0f}));
        QVERIFY(!w.setVelocity(id, {0.0f, bad}));
        QVERIFY(!w.setScale(id, {bad, 1.0f}));
        QVERIFY(!w.setScale(id, {1.0f, bad}));
    }
    QVERIFY(!w.setScale(id, {0.0f, 1.0f}));
    QVERIFY(!w.setScale(id, {-1.0f, 1.0f}));
    QVERIFY(!w.setPosition(id, {kWorldLimit * 1.5f, 0.0f}));
    QCOMPARE(w.stateHash(), hash);
    QVERIFY(w.snapshot(id) == snap);
    // Stale handles: refused too.
    const BodyId other = w.add(box({200, 100}));
    QVERIFY(w.remove(other));
    QVERIFY(!w.setPosition(other, {1, 1}));
    QVERIFY(!w.setVelocity(other, {1, 1}));
    QVERIFY(!w.setScale(other, {1, 1}));
    QVERIFY(!w.setInput(other, {}));
    QVERIFY(!w.setInput(BodyId{}, {}));
}

void TestSafety::worldBoundsStopBodies() {
    World w(makeMap(8, 8), noGravity());
    BodyDef up = box({64, kWorldLimit - 100.0f}, {0, 1.0e5f});
    const BodyId a = w.add(up);
    BodyDef right = box({kWorldLimit - 100.0f, 64}, {1.0e5f, 0});
    right.collidesWithTiles = false;
    const BodyId b = w.add(right);
    for (int i = 0; i < 10; ++i)
        w.step();
    QCOMPARE(w.position(a).y, kWorldLimit);
    QCOMPARE(w.velocity(a).y, 0.0f);
    QCOMPARE(w.position(b).x, kWorldLimit);
    QCOMPARE(w.velocity(b).x, 0.0f);
    QVERIFY(w.setPosition(a, {64, -kWorldLimit}));
    w.step();
    QVERIFY(std::fabs(w.position(a).y) <= kWorldLimit);
}

// Far from the map, tiny and huge bodies and tiny / huge steps: every step
// finishes (the sensors scan integer tile ranges bounded by the map) and stays finite.
void TestSafety::extremeValidValuesStepBounded() {
    TileMap m(16, 16, 1.0f, {0.5f, 0.5f}); // 1 px tiles: many tiles per body
    fillRow(m, 0, Tile::Solid);
    fillColumn(m, 5, Tile::Solid);
    World w(m);
    std::vector<BodyId> ids;
    const Vec2 spots[] = {{0, 0},
                          {-kWorldLimit, -kWorldLimit},
                          {kWorldLimit, kWorldLimit},
                          {6.0e8f / 64.0f, 3.0f},
                          {3.0f, -kWorldLimit + 1.0f},
                          {8.0f, 8.0f}};
    for (const Vec2 p : spots) {
        for (const float half : {0.0f, 0.01f, 4.0f, kMaxHalfSize}) {
            BodyDef d = box(p, {kMaxSpeed, -kMaxSpeed}, {half, half});
            d.control = Control::Character;
            ids.push_back(w.add(d));
            QVERIFY(!ids.back().isNull());
        }
    }
    for (const float dt : {1.0e-6f, 1.0f, 1.0f / 60.0f}) {
        WorldSettings s = w.settings();
        s.dt = dt;
        QVERIFY(w.setSettings(s));
        for (int i = 0; i < 4; ++i) {
            for (const BodyId id : ids)
                w.setInput(id, {.right = i % 2 == 0, .jump = true});
            w.step();
        }
    }
    for (const BodyId id : ids) {
        QVERIFY(finite(w.position(id)));
        QVERIFY(finite(w.velocity(id)));
        QVERIFY(std::fabs(w.position(id).x) <= kWorldLimit);
        QVERIFY(std::fabs(w.position(id).y) <= kWorldLimit);
    }
}

void TestSafety::tileMapRejectsBadGeometry() {
    for (const float ts : {kNaN, kInf, 0.0f, -4.0f, 1.0e-20f, 1.0e9f})
        QCOMPARE(TileMap(4, 4, ts).tileSize(), 16.0f);
    QCOMPARE(TileMap(4, 4, 32.0f).tileSize(), 32.0f);
    QCOMPARE(TileMap(4, 4, 16.0f, {kNaN, 3.0f}).position(), (Vec2{}));
    QCOMPARE(TileMap(4, 4, 16.0f, {1.0e30f, 3.0f}).position(), (Vec2{}));
    QCOMPARE(TileMap(4, 4, 16.0f, {-7.0f, 3.0f}).position(), (Vec2{-7.0f, 3.0f}));
    // Sizes beyond the documented limits give an empty map instead of a
    // std::bad_alloc (1 << 20 squared is 2^40 tiles) or a silent int overflow.
    const int side = TileMap::kMaxSide;
    for (const auto& [w, h] :
         {std::pair{1 << 20, 1 << 20}, std::pair{side + 1, 1}, std::pair{1, side + 1},
          std::pair{side, side}, std::pair{4097, 4096}, std::pair{INT_MAX, INT_MAX}}) {
        const TileMap m(w, h);
        QCOMPARE(m.width(), 0);
        QCOMPARE(m.height(), 0);
        QCOMPARE(m.at(0, 0), Tile::Solid); // left of an empty map: the boundary answers
    }
    for (const auto& [w, h] : {std::pair{4096, 4096}, std::pair{side, 256}, std::pair{-3, 5}}) {
        const TileMap m(w, h);
        QCOMPARE(m.width(), std::max(w, 0));
        QCOMPARE(m.height(), h);
    }
    // A value that is not a Tile is refused by the map and the world alike.
    TileMap m(4, 4);
    QVERIFY(!m.set(1, 1, static_cast<Tile>(77)));
    QCOMPARE(m.at(1, 1), Tile::Empty);
    QVERIFY(m.set(1, 1, Tile::OneWay));
    World w(m);
    QVERIFY(!w.setTile(2, 2, static_cast<Tile>(3)));
    QCOMPARE(w.map().at(2, 2), Tile::Empty);
    QVERIFY(w.setTile(2, 2, Tile::Solid));
}

// A grounded character teleported into the air cannot jump on the next step.
void TestSafety::teleportClearsContacts() {
    World w = floorWorld();
    const BodyId id = w.add(character({100, 16}));
    for (int i = 0; i < 5; ++i)
        w.step();
    QVERIFY(w.hasContact(id, OnGround));
    QVERIFY(w.setPosition(id, {100, 300}));
    QCOMPARE(w.contacts(id), std::uint8_t(0));
    w.setInput(id, {.jump = true});
    w.step();
    QVERIFY(w.velocity(id).y <= 0.0f); // falling, no jump
    QVERIFY(w.position(id).y < 300.0f);
    QCOMPARE(w.state(id), CharacterState::Jump);
}

void TestSafety::reusedSlotHasNoCollisions() {
    World w(makeMap(20, 20), noGravity());
    const BodyId a = w.add(box({100, 100}));
    const BodyId b = w.add(box({104, 100}));
    w.step();
    QCOMPARE(w.collisions(b).size(), std::size_t(1));
    QVERIFY(w.remove(b));
    const BodyId c = w.add(box({250, 250}));
    QCOMPARE(c.index, b.index); // the slot is reused
    QVERIFY(w.collisions(c).empty());
    QVERIFY(w.collisions(b).empty());
    // Teleporting drops the records of the teleported body.
    QVERIFY(w.setPosition(c, {104, 100}));
    w.step();
    QCOMPARE(w.collisions(c).size(), std::size_t(1));
    QVERIFY(w.setPosition(c, {300, 300}));
    QVERIFY(w.collisions(c).empty());
    QCOMPARE(w.collisions(a).size(), std::size_t(1)); // the other keeps its snapshot
}

// The records describe the step, however late they are read: collisions() builds
// them on its first call after a step, from what the step kept, so moving, speeding
// up or removing the other body (and reusing its slot) before that call changes
// none of them, and a copy of the world reads the same records.
void TestSafety::recordsAreTheStepsSnapshot() {
    World w(makeMap(20, 20), noGravity());
    const BodyId a = w.add(box({100, 100}));
    const BodyId b = w.add(box({104, 100}));
    QVERIFY(w.setVelocity(b, {-1, 0}));
    w.step();
    const World reference = w; // read before anything changes
    const std::span<const CollisionRecord> expected = reference.collisions(a);
    QCOMPARE(expected.size(), std::size_t(1));
    QCOMPARE(expected[0].other, b);
    const std::span<const CollisionRecord> held = w.collisions(a); // kept over the edits
    QVERIFY(w.setPosition(b, {250, 250}));
    QVERIFY(w.setVelocity(a, {3, 3}));
    QVERIFY(w.remove(b));
    const BodyId c = w.add(box({40, 40}));
    QCOMPARE(c.index, b.index);    // the slot is reused by another body
    for (int i = 0; i < 1000; ++i) // storage grows: the span stays valid (world.h; ASan)
        QVERIFY(!w.add(box({20.0f + static_cast<float>(i % 30) * 10, 200})).isNull());
    QCOMPARE(held.size(), std::size_t(1));
    QCOMPARE(held[0].position2, expected[0].position2);
    const std::span<const CollisionRecord> got = w.collisions(a);
    QCOMPARE(got.size(), std::size_t(1));
    QCOMPARE(got[0].other, b); // the body of the step, not the slot's new one
    QCOMPARE(got[0].overlap, expected[0].overlap);
    QCOMPARE(got[0].speed1, expected[0].speed1);
    QCOMPARE(got[0].speed2, expected[0].speed2);
    QCOMPARE(got[0].position1, expected[0].position1);
    QCOMPARE(got[0].position2, expected[0].position2);
    QCOMPARE(got[0].oldPosition1, expected[0].oldPosition1);
    QCOMPARE(got[0].oldPosition2, expected[0].oldPosition2);
    QCOMPARE(got[0].speed2, (Vec2{-1.0f, 0.0f})); // as the step's move left it
    QVERIFY(w.collisions(c).empty());
}

// Teleporting the bodies of a settled pile between two steps, once or several
// times each (the marks are per body, dropped at the next step): every touched
// body's records read empty until the step, an untouched one keeps its snapshot,
// touching twice is the same as once, and the step rebuilds every record.
void TestSafety::teleportsBetweenStepsOfAPile() {
    World w = floorWorld();
    std::vector<BodyId> ids;
    for (int x = 0; x < 10; ++x)
        for (int y = 0; y < 4; ++y)
            ids.push_back(w.add(box(
                {60.0f + 16.0f * static_cast<float>(x), 24.0f + 16.0f * static_cast<float>(y)})));
    for (int i = 0; i < 120; ++i)
        w.step();
    const BodyId kept = ids.back();
    QVERIFY(!w.collisions(kept).empty());
    const std::span<const CollisionRecord> keptRecords = w.collisions(kept);
    const std::vector<CollisionRecord> keptCopy(keptRecords.begin(), keptRecords.end());
    World once = w, twice = w;
    for (std::size_t i = 0; i + 1 < ids.size(); ++i) {
        QVERIFY(once.setPosition(ids[i], w.position(ids[i])));
        for (int k = 0; k < 2; ++k)
            QVERIFY(twice.setPosition(ids[i], w.position(ids[i])));
        QVERIFY(once.collisions(ids[i]).empty());
    }
    QCOMPARE(once.collisions(kept).size(), keptCopy.size());
    QCOMPARE(once.stateHash(), twice.stateHash());
    QVERIFY(once.stateHash() != w.stateHash()); // the touched bodies' contacts are gone
    once.step();
    twice.step();
    w.step();
    QCOMPARE(once.stateHash(), twice.stateHash());
    for (const BodyId id : ids) {
        QCOMPARE(once.collisions(id).size(), w.collisions(id).size());
        QCOMPARE(once.contacts(id), w.contacts(id));
    }
}

// Removing a body changes nothing for bodies it does not touch: a settled pile
// steps bit for bit the same whether a body far from it is removed or not (it
// used to lose every resting contact of the world for one step).
void TestSafety::removingABodyLeavesOthersAlone() {
    TileMap m = makeMap(80, 30);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    std::vector<BodyId> pile;
    for (int x = 0; x < 6; ++x)
        for (int y = 0; y < 6; ++y)
            pile.push_back(w.add(box(
                {60.0f + 40.0f * static_cast<float>(x), 24.0f + 16.0f * static_cast<float>(y)})));
    const BodyId far = w.add(box({1000, 24}));
    const BodyId farNeighbour = w.add(box({1016, 24}));
    for (int i = 0; i < 300; ++i)
        w.step();
    World kept = w;
    QVERIFY(w.remove(far));
    QVERIFY(!w.remove(far));
    for (int i = 0; i < 60; ++i) {
        w.step();
        kept.step();
        for (const BodyId id : pile) {
            QCOMPARE(w.position(id), kept.position(id));
            QCOMPARE(w.velocity(id), kept.velocity(id));
            QCOMPARE(w.contacts(id), kept.contacts(id));
        }
    }
    QVERIFY(w.isValid(farNeighbour));
    QVERIFY(w.hasContact(farNeighbour, OnGround));
    // A body added into the freed slot starts with no contacts of the old one.
    const BodyId added = w.add(box({500, 300}));
    QCOMPARE(added.index, far.index);
    QVERIFY(w.collisions(added).empty());
    w.step();
    QCOMPARE(w.contacts(added), std::uint8_t(0));
}

// A one-body world restored from a snapshot and stepped repeats the original run
// bit for bit, also from the middle of a jump, a walk or a one-way drop.
void TestSafety::snapshotRestoresBitIdentically() {
    TileMap m = makeMap(40, 30);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 5, Tile::OneWay, 10, 20);
    fillColumn(m, 30, Tile::Solid, 1, 8);
    World w(m);
    BodyDef d = character({120, 120});
    d.scale = {1.5f, 0.75f};
    const BodyId id = w.add(d);
    auto inputAt = [](int k) {
        return Input{.left = (k / 40) % 3 == 2,
                     .right = (k / 40) % 3 == 0,
                     .jump = k % 37 == 0,
                     .down = k % 53 == 0};
    };
    for (int k = 0; k < 200; k += 7) {
        World copy = w; // the reference continues on a full copy
        const BodySnapshot snap = w.snapshot(id);
        const std::uint64_t before = w.bodyHash(id);
        std::vector<std::uint64_t> hashes;
        std::vector<Vec2> positions;
        for (int j = 0; j < 60; ++j) {
            copy.setInput(id, inputAt(k + j));
            copy.step();
            hashes.push_back(copy.bodyHash(id));
            positions.push_back(copy.position(id));
        }
        // Run the body ahead with other inputs, then restore and replay.
        for (int j = 0; j < 25; ++j) {
            w.setInput(id, inputAt(k + j + 11));
            w.step();
        }
        QVERIFY(w.restore(id, snap));
        QCOMPARE(w.bodyHash(id), before);
        QVERIFY(w.snapshot(id) == snap);
        for (int j = 0; j < 60; ++j) {
            w.setInput(id, inputAt(k + j));
            w.step();
            QCOMPARE(w.bodyHash(id), hashes[static_cast<std::size_t>(j)]);
            QCOMPARE(w.position(id), positions[static_cast<std::size_t>(j)]);
        }
        QVERIFY(w.restore(id, snap));
        for (int j = 0; j < 7; ++j) { // move on for the next round
            w.setInput(id, inputAt(k + j));
            w.step();
        }
    }
}

void TestSafety::snapshotOfStaleHandle() {
    World w = floorWorld();
    const BodyId id = w.add(box({50, 50}));
    const BodySnapshot s = w.snapshot(id);
    QVERIFY(!s.isNull());
    QVERIFY(w.remove(id));
    QVERIFY(w.snapshot(id).isNull());
    QVERIFY(!w.restore(id, s));
    const BodyId other = w.add(box({80, 50}));
    QVERIFY(!w.restore(other, BodySnapshot{}));
    QVERIFY(w.restore(other, s)); // any valid body may take a snapshot's state
    QCOMPARE(w.position(other), (Vec2{50, 50}));
}

// Two worlds that differ in one field a later step depends on hash differently.
void TestSafety::stateHashSeesEveryField() {
    World base = floorWorld();
    BodyDef d = character({100, 16});
    const BodyId id = base.add(d);
    const BodyId boxId = base.add(box({100, 40}));
    for (int i = 0; i < 20; ++i)
        base.step();
    QVERIFY(base.hasContact(id, OnGround));
    const std::uint64_t h = base.stateHash();
    {
        World w = base;
        QCOMPARE(w.stateHash(), h);
        w.setInput(id, {.jump = true});
        QVERIFY(w.stateHash() != h);
    }
    {
        World w = base;
        w.setScale(id, {1.0f, 1.0f}); // same value: same hash
        QCOMPARE(w.stateHash(), h);
        w.setScale(id, {1.0f, 1.5f});
        QVERIFY(w.stateHash() != h);
    }
    {
        World w = base; // same position, contacts forgotten
        w.setPosition(id, w.position(id));
        QVERIFY(w.stateHash() != h);
    }
    {
        World w = base;
        WorldSettings s = w.settings();
        s.walkSpeed += 1.0f;
        w.setSettings(s);
        QVERIFY(w.stateHash() != h);
    }
    {
        // Facing: snapshot of a body facing the other way.
        World w = base;
        w.setInput(id, {.left = true});
        w.step();
        World v = base;
        v.setInput(id, {.left = true});
        v.step();
        QCOMPARE(w.stateHash(), v.stateHash());
        BodySnapshot s = w.snapshot(id);
        w.setInput(id, {.right = true});
        w.step();
        w.setInput(id, {});
        w.step();
        QVERIFY(w.facing(id) == 1);
        QVERIFY(w.restore(id, s)); // back facing left
        QCOMPARE(w.facing(id), -1);
    }
    QVERIFY(base.isValid(boxId));
}

// A game's frame clock can hand the accumulator anything (a bogus timestamp, a
// division by a zero frame count): one hostile value must not stop the game's steps
// for good (an infinite frame used to leave a NaN in the accumulator, and from
// then on advance() returned 0 forever).
void TestSafety::accumulatorRefusesHostileTimes() {
    constexpr double inf = std::numeric_limits<double>::infinity();
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    const double frame = 1.0 / 60.0;
    for (const double bad : {inf, -inf, nan, 0.0, -1.0, 1e300}) {
        StepAccumulator acc(frame, 4);
        const int n = acc.advance(bad);
        QVERIFY2(n >= 0 && n <= 4, qPrintable(QString::number(bad)));
        QVERIFY2(acc.alpha() >= 0.0 && acc.alpha() < 1.0, qPrintable(QString::number(bad)));
        int later = 0;
        for (int i = 0; i < 60; ++i)
            later += acc.advance(frame);
        QVERIFY2(later == 60 || later == 59, qPrintable(QString::number(bad)));
    }
    StepAccumulator stalled(frame, 4);
    QCOMPARE(stalled.advance(inf), 4); // a stall: the most steps a frame may run
    QCOMPARE(stalled.alpha(), 0.0);
    // A dt outside WorldSettings' range falls back to (constructor) or keeps
    // (setDt) a usable step, so the accumulator keeps counting steps.
    for (const double bad : {0.0, -1.0 / 60.0, nan, inf, 2.0, 1e-9}) {
        StepAccumulator acc(bad, 8);
        QCOMPARE(acc.dt(), 1.0 / 60.0);
        QVERIFY(!acc.setDt(bad));
        QCOMPARE(acc.dt(), 1.0 / 60.0);
        QCOMPARE(acc.advance(2.0 / 60.0), 2);
        QCOMPARE(acc.advance(2.0 / 60.0), 2);
    }
    StepAccumulator acc;
    QVERIFY(acc.setDt(1.0 / 30.0));
    QCOMPARE(acc.dt(), 1.0 / 30.0);
    // A cap of 0 or less ("no cap", a careless default) used to run no step ever, silently:
    // it counts as 1, so the game still runs (one step per frame at most).
    for (const int cap : {0, -3, std::numeric_limits<int>::min()}) {
        StepAccumulator capped(frame, cap);
        QCOMPARE(capped.advance(frame), 1);
        QCOMPARE(capped.advance(3 * frame), 1);
        QCOMPARE(capped.advance(inf), 1);
    }
}

QTEST_GUILESS_MAIN(TestSafety)
#include "test_safety.moc"
