// World: handles, settings, debug data, the character controller, patrol NPCs,
// the step accumulator and determinism.
#include "hashcase.h"
#include "testutil.h"

#include <QtTest/QtTest>

#include <iterator>
#include <vector>

using namespace ts;
using namespace tstest;

class TestWorld : public QObject {
    Q_OBJECT
private slots:
    void handles();
    void setTileBetweenSteps();
    void settingsRebuildPartition();
    void setScaleChangesBox();
    void debugOffIsEmpty();
    void debugPairsSayWhetherTheyCollide();
    void debugOnFillsEverything();
    void characterWalkAndJump_data();
    void characterWalkAndJump();
    void patrolTurnsAtWallsAndLedges();
    void accumulatorRates_data();
    void accumulatorRates();
    void accumulatorDropsStalls();
    void determinism();
    void recordedHashTable();
    void debugDoesNotChangeTheStep();
    void loneBodyStep();
};

void TestWorld::handles() {
    World w(makeMap(10, 10));
    const BodyId a = w.add(box({20, 20}));
    const BodyId b = w.add(box({40, 20}));
    QCOMPARE(w.bodyCount(), std::size_t(2));
    QVERIFY(w.isValid(a) && w.isValid(b));
    QVERIFY(!w.isValid(BodyId{}));
    QVERIFY(w.remove(a));
    QVERIFY(!w.remove(a)); // stale
    QVERIFY(!w.isValid(a));
    QVERIFY(!view(w, a));
    const BodyId c = w.add(box({60, 20}));
    QCOMPARE(c.index, a.index);            // slot reused ...
    QVERIFY(c.generation != a.generation); // ... with a new generation
    QVERIFY(!w.isValid(a));
    QCOMPARE(view(w, c)->position, (Vec2{60, 20}));
    const std::vector<BodyId> ids = w.bodies();
    QCOMPARE(ids.size(), std::size_t(2));
    QCOMPARE(ids[0], c); // slot order
    QCOMPARE(ids[1], b);
    w.setPosition(c, {70, 30});
    QCOMPARE(view(w, c)->oldPosition, (Vec2{70, 30}));
    w.setVelocity(a, {1, 1}); // stale handles are ignored
    w.setInput(a, Input{});
    w.step();
    QCOMPARE(w.stepCount(), std::uint64_t(1));
}

void TestWorld::setTileBetweenSteps() {
    TileMap m = makeMap(10, 10);
    World w(m);
    const BodyId id = w.add(box({40, 100}));
    for (int i = 0; i < 120; ++i)
        w.step();
    QCOMPARE(view(w, id)->position.y, 8.0f); // on the boundary floor
    QVERIFY(w.setTile(2, 2, Tile::Solid));   // painted under it while it rests? no: beside
    QVERIFY(!w.setTile(20, 2, Tile::Solid));
    w.setPosition(id, {40, 100});
    for (int i = 0; i < 120; ++i)
        w.step();
    QCOMPARE(view(w, id)->position.y, 56.0f); // now lands on the new tile (top 48)
    QCOMPARE(w.map().at(2, 2), Tile::Solid);
}

void TestWorld::settingsRebuildPartition() {
    World w(makeMap(64, 64));
    Rng r(3);
    for (int i = 0; i < 200; ++i) {
        BodyDef d = box({r.uniform(0, 1024), r.uniform(0, 1024)}, {}, {8, 8});
        d.gravity = false;
        d.category = 0;
        w.add(d);
    }
    w.step();
    const std::uint64_t found = w.stats().pairsFound;
    for (int cell : {1, 2, 7, 32, 100}) {
        WorldSettings s = w.settings();
        s.partitionCellTiles = cell;
        w.setSettings(s);
        w.setDebugEnabled(true);
        w.step();
        QCOMPARE(w.stats().pairsFound, found); // nothing moves: same pairs
        QCOMPARE(w.debug().cellSize, float(cell) * 16.0f);
        QCOMPARE(w.debug().gridWidth, (64 + cell - 1) / cell);
        int total = 0;
        for (const PartitionCell& c : w.debug().cells)
            total += c.count;
        QVERIFY(total >= 200);
    }
}

void TestWorld::setScaleChangesBox() {
    World w(makeMap(20, 20), noGravity());
    BodyDef d = box({100, 100}, {}, {4, 6});
    d.offset = {1, 2};
    const BodyId id = w.add(d);
    QCOMPARE(view(w, id)->aabb.center, (Vec2{101, 102}));
    w.setScale(id, {2, 3});
    QCOMPARE(view(w, id)->aabb.halfSize, (Vec2{8, 18}));
    // Grown from the feet: the box's bottom centre (101, 96) stays put.
    QCOMPARE(view(w, id)->aabb.center, (Vec2{101, 114}));
    const BodyId other = w.add(box({112, 100}));
    w.step();
    QCOMPARE(w.collisions(id).size(), std::size_t(1)); // the scaled box reaches it
    QCOMPARE(w.collisions(id)[0].other, other);
}

// Overlapping pairs the solver leaves alone (filters that exclude each other,
// or two infinite masses) are reported with collides = false, and pass through.
void TestWorld::debugPairsSayWhetherTheyCollide() {
    World w(makeMap(20, 20), noGravity());
    w.setDebugEnabled(true);
    BodyDef ghost = box({100, 100});
    ghost.category = 2;
    ghost.mask = 1; // collides with category 1 only
    const BodyId g1 = w.add(ghost);
    const BodyId g2 = w.add([&] {
        BodyDef d = ghost;
        d.position = {104, 100};
        return d;
    }());
    const BodyId solid = w.add(box({200, 100}));
    BodyDef wall = box({206, 100});
    wall.mass = 0; // infinite
    const BodyId fixed = w.add(wall);
    BodyDef wall2 = wall;
    wall2.position = {300, 100};
    const BodyId fixedA = w.add(wall2);
    wall2.position = {304, 100};
    const BodyId fixedB = w.add(wall2);
    w.step();
    const auto find = [&](BodyId a, BodyId b) -> const PairDebug* {
        for (const PairDebug& p : w.debug().pairs)
            if ((p.a == a && p.b == b) || (p.a == b && p.b == a))
                return &p;
        return nullptr;
    };
    QVERIFY(find(g1, g2));
    QVERIFY(!find(g1, g2)->collides);
    QVERIFY(find(solid, fixed));
    QVERIFY(find(solid, fixed)->collides);
    QVERIFY(find(fixedA, fixedB));
    QVERIFY(!find(fixedA, fixedB)->collides);
    // The ghosts pass through each other: nothing pushed them apart.
    QCOMPARE(w.position(g1), (Vec2{100, 100}));
    QCOMPARE(w.position(g2), (Vec2{104, 100}));
    QVERIFY(w.position(solid).x < 200.0f); // pushed out of the wall
}

void TestWorld::debugOffIsEmpty() {
    World w(makeMap(20, 20));
    w.add(box({100, 100}));
    w.add(box({104, 104}));
    QVERIFY(!w.debugEnabled());
    for (int i = 0; i < 10; ++i)
        w.step();
    QVERIFY(w.debug().sensors.empty());
    QVERIFY(w.debug().cells.empty());
    QVERIFY(w.debug().pairs.empty());
    QVERIFY(w.stats().pairsTested > 0); // stats are always on
    w.setDebugEnabled(true);
    w.step();
    QVERIFY(!w.debug().sensors.empty());
    w.setDebugEnabled(false);
    QVERIFY(w.debug().sensors.empty());
    QCOMPARE(w.debug().sensors.capacity(), std::size_t(0)); // memory released
}

void TestWorld::debugOnFillsEverything() {
    TileMap m = makeMap(40, 40);
    fillRow(m, 0, Tile::Solid);
    WorldSettings ws = noGravity();
    ws.partitionCellTiles = 16; // the grid assertions below are written for 256 px cells
    World w(m, ws);
    w.setDebugEnabled(true);
    // Falls 5 tiles in one step onto the floor: swept ground placements.
    BodyDef fd = box({100, 120}, {0, -6000});
    fd.gravity = false; // a gravity body would be capped at maxFallSpeed
    const BodyId fast = w.add(fd);
    const BodyId a = w.add(box({300, 300}));
    const BodyId b = w.add(box({310, 305}));
    w.step();
    const DebugData& dd = w.debug();
    int ground = 0, sweptGround = 0, groundHits = 0;
    for (const SensorSegment& s : dd.sensors) {
        if (s.body != fast || s.side != SensorSide::Ground)
            continue;
        ++ground;
        sweptGround += s.swept ? 1 : 0;
        groundHits += s.hit ? 1 : 0;
        QCOMPARE(s.a.y, s.b.y);
        QCOMPARE(s.a.x, std::round(s.a.x));
    }
    QVERIFY2(ground >= 5, qPrintable(QString("%1 of %2").arg(ground).arg(dd.sensors.size())));
    QCOMPARE(groundHits, 1);
    QCOMPARE(sweptGround, ground - 1);
    QVERIFY(view(w, fast)->has(OnGround));
    QCOMPARE(dd.pairs.size(), std::size_t(1));
    QCOMPARE(dd.pairs[0].a, a);
    QCOMPARE(dd.pairs[0].b, b);
    QCOMPARE(dd.pairs[0].overlap, w.collisions(a)[0].overlap);
    QCOMPARE(dd.cellSize, 256.0f);
    QCOMPARE(dd.gridWidth, 3);
    QCOMPARE(dd.gridOrigin, (Vec2{0, 0}));
    int counted = 0;
    for (const PartitionCell& c : dd.cells) {
        QVERIFY(c.count > 0);
        QCOMPARE(c.max - c.min, (Vec2{256, 256}));
        counted += c.count;
    }
    QCOMPARE(counted, 3);
}

void TestWorld::characterWalkAndJump_data() {
    QTest::addColumn<float>("walkSpeed");
    QTest::addColumn<float>("jumpSpeed");
    QTest::addColumn<float>("gravity");
    QTest::newRow("defaults") << 160.0f << 480.0f << 1500.0f;
    QTest::newRow("floaty") << 100.0f << 300.0f << 600.0f;
}

void TestWorld::characterWalkAndJump() {
    QFETCH(float, walkSpeed);
    QFETCH(float, jumpSpeed);
    QFETCH(float, gravity);
    TileMap m = makeMap(100, 30);
    fillRow(m, 0, Tile::Solid);
    WorldSettings s;
    s.walkSpeed = walkSpeed;
    s.jumpSpeed = jumpSpeed;
    s.gravity = gravity;
    World w(m, s);
    BodyDef d = box({400, 28}, {}, {6, 12});
    d.control = Control::Character;
    const BodyId id = w.add(d);
    w.step();
    QCOMPARE(view(w, id)->state, CharacterState::Stand);
    Input right;
    right.right = true;
    w.setInput(id, right);
    for (int i = 0; i < 60; ++i)
        w.step();
    QCOMPARE(view(w, id)->state, CharacterState::Walk);
    QVERIFY(std::fabs(view(w, id)->position.x - (400 + walkSpeed)) < 0.01f); // one second
    QCOMPARE(view(w, id)->facing, 1);
    Input jump;
    jump.jump = true;
    w.setInput(id, jump);
    w.step();
    QCOMPARE(view(w, id)->state, CharacterState::Jump);
    w.setInput(id, Input{});
    float peak = 0;
    int airSteps = 0;
    while (!view(w, id)->has(OnGround) && airSteps < 600) {
        w.step();
        peak = std::max(peak, view(w, id)->aabb.min().y - 16.0f);
        ++airSteps;
    }
    // Discrete integration: the peak lies within one step's rise of v^2 / 2g.
    const float ideal = jumpSpeed * jumpSpeed / (2 * gravity);
    QVERIFY2(std::fabs(peak - ideal) <= jumpSpeed / 60.0f, qPrintable(QString::number(peak)));
    QCOMPARE(view(w, id)->state, CharacterState::Stand);
    QCOMPARE(view(w, id)->position.y, 28.0f);
    // Max fall speed caps a long fall.
    w.setPosition(id, {400, 470});
    for (int i = 0; i < 40; ++i) {
        w.step();
        QVERIFY(view(w, id)->speed.y >= -s.maxFallSpeed);
    }
}

void TestWorld::patrolTurnsAtWallsAndLedges() {
    TileMap m = makeMap(40, 20);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 5, Tile::Solid, 10, 20); // a ledge: tiles x 10..20 at row 5 (top 96)
    m.set(20, 6, Tile::Solid);          // a wall block at its right end
    World w(m);
    BodyDef d = box({200, 104});
    d.control = Control::Patrol;
    d.facing = 1;
    const BodyId id = w.add(d);
    float minX = 1e9f, maxX = -1e9f;
    int turns = 0, lastFacing = 1;
    for (int i = 0; i < 1200; ++i) {
        w.step();
        const auto b = view(w, id);
        QCOMPARE(b->position.y, 104.0f); // never falls off, never jumps
        minX = std::min(minX, b->aabb.min().x);
        maxX = std::max(maxX, b->aabb.max().x);
        if (b->facing != lastFacing)
            ++turns;
        lastFacing = b->facing;
        // Walks at half the walk speed; the step it reaches the wall clamps it to 0.
        if (b->has(PushesRightWall) || b->has(PushesLeftWall))
            QCOMPARE(b->speed.x, 0.0f);
        else
            QCOMPARE(std::fabs(b->speed.x), w.settings().walkSpeed * 0.5f);
    }
    QVERIFY(turns >= 4);
    QCOMPARE(maxX, 320.0f);         // turned at the wall (tile 20 starts at 320)
    QVERIFY(minX >= 160.0f - 1.0f); // turned at the ledge (row starts at 160)
    QVERIFY(minX <= 162.0f);
}

void TestWorld::accumulatorRates_data() {
    QTest::addColumn<double>("hz");
    QTest::newRow("30 Hz") << 30.0;
    QTest::newRow("60 Hz") << 60.0;
    QTest::newRow("144 Hz") << 144.0;
    QTest::newRow("jittery 50-70 Hz") << -1.0;
}

namespace {

// The recorded case (hashcase.h, shared with the cross-compiler test).
World scene() {
    return hashCaseWorld();
}

void driveInputs(World& w, std::uint64_t stepNo) {
    hashCaseInputs(w, stepNo);
}

} // namespace

void TestWorld::accumulatorRates() {
    QFETCH(double, hz);
    World reference = scene();
    std::vector<std::uint64_t> hashes;
    for (int i = 0; i < 300; ++i) {
        driveInputs(reference, reference.stepCount());
        reference.step();
        hashes.push_back(reference.stateHash());
    }
    World w = scene();
    StepAccumulator acc(1.0 / 60.0, 8);
    Rng r(5);
    while (w.stepCount() < 300) {
        const double frame = hz > 0 ? 1.0 / hz : 1.0 / r.uniform(50.0f, 70.0f);
        int n = acc.advance(frame);
        QVERIFY(n >= 0 && n <= 8);
        while (n-- > 0 && w.stepCount() < 300) {
            driveInputs(w, w.stepCount());
            w.step();
            QCOMPARE(w.stateHash(), hashes[w.stepCount() - 1]);
        }
        QVERIFY(acc.alpha() >= 0.0 && acc.alpha() < 1.0 + 1e-9);
    }
}

void TestWorld::accumulatorDropsStalls() {
    StepAccumulator acc(1.0 / 60.0, 4);
    QCOMPARE(acc.advance(1.0), 4); // a one-second stall runs 4 steps, drops the rest
    QVERIFY(acc.alpha() < 1.0);
    QCOMPARE(acc.advance(0.0), 0);
    int total = 0;
    for (int i = 0; i < 144; ++i)
        total += acc.advance(1.0 / 144.0);
    QVERIFY(total == 60 || total == 59); // one second at 144 Hz is 60 steps (+- phase)
    World w(makeMap(4, 4));
    acc.reset();
    QCOMPARE(acc.advance(2.0 / 60.0, w), 2);
    QCOMPARE(w.stepCount(), std::uint64_t(2));
}

// The state hash of the determinism scene under each physics revision
// (ts::kPhysicsRevision, physics/revision.h; physics/README.md, "Determinism").
// Append-only: a deliberate change of any body's motion or of stateHash() bumps
// kPhysicsRevision and adds a row (never edit a row), and its commit message says
// so; replays recorded with an older revision then explain their desync.
struct RevisionHash {
    int revision;
    std::uint64_t hash;
};
constexpr RevisionHash kRecordedHashes[] = {
    // The first recorded hash (resting pass, contact tolerance, half-open sensors).
    {1, 0x57d32118a3f159beull},
    // The wall response treats an old edge that rounds to outside the wall as outside.
    {2, 0x35d9ee8d45f0651full},
    // The hash was widened to contact flags, character state, facing and scale
    // (trajectory unchanged: the old formula still gave revision 2's hash).
    {3, 0x2f7b621200e03bc6ull},
    // Characters are corrected fully against bodies, and a body pressed against a
    // wall (or of infinite mass) does not give way sideways (issue 8: a character
    // walking into a box no longer sinks into it).
    {4, 0xd00939f00116d5d1ull},
    // The hash no longer covers partitionCellTiles (the broad phase sorts its pairs
    // canonically, so the cell size cannot change a later step; test_partition
    // cellSizeDoesNotChangeResults); trajectory unchanged: the counting-sort grid
    // with the old hash input still gave revision 4's hash.
    {5, 0xcfd37dd5ef8a038dull},
    // Box-box contacts take their normal from the motion (the axis the boxes were
    // apart on before the step, collideMovingAabbs), so a box falling into a gap
    // narrower than itself lands on its neighbours instead of being squeezed
    // between them (issue 8: settle penetration 3.48 -> 0.05 px).
    {6, 0x41627b23b03f29b3ull},
    // Removing a body drops only its own resting contacts, not every body's (a
    // removal far away no longer jolted every settled stack by ~0.03 px). The
    // case now removes and adds a body every 1000 steps (hashcase.h), which
    // revision 6 runs to 0x2d0f258a464483fe.
    {7, 0x46a95661ba306393ull},
    // A tile made solid over a body pushes the body out the shortest free way
    // (World::setTile, the rule of setScale; issue 44: a tile painted over the
    // player while playing left it inside the floor). The case now sets a solid
    // tile at a body's centre every 1000 steps (hashcase.h), which revision 7 runs
    // to 0xe5cb148b0ad533d0.
    {8, 0xf96d5d3c80810350ull},
};

/// Empty when `hash` is the current revision's recorded hash; otherwise what to do.
QString recordedHashMismatch(std::uint64_t hash) {
    const RevisionHash* row = nullptr;
    for (const RevisionHash& r : kRecordedHashes)
        if (r.revision == kPhysicsRevision)
            row = &r;
    if (row && row->hash == hash)
        return {};
    const auto hex = [](std::uint64_t h) {
        return QStringLiteral("0x%1").arg(qulonglong(h), 16, 16, QLatin1Char('0'));
    };
    QString m = QStringLiteral("state hash %1 is not physics revision %2's recorded %3.")
                    .arg(hex(hash))
                    .arg(kPhysicsRevision)
                    .arg(row ? hex(row->hash) : QStringLiteral("(no row)"));
    for (const RevisionHash& r : kRecordedHashes)
        if (r.hash == hash && r.revision != kPhysicsRevision)
            m += QStringLiteral(" It is revision %1's hash: was a change undone?").arg(r.revision);
    m +=
        QStringLiteral(" If the change of motion or of stateHash() is deliberate, bump "
                       "ts::kPhysicsRevision to %1 (physics/include/tilesmith/physics/revision.h), "
                       "add the row {%1, %2ull} to kRecordedHashes with what changed, and say so "
                       "in the commit message (replays recorded with revision %3 then explain "
                       "their desync).")
            .arg(kPhysicsRevision + 1)
            .arg(hex(hash))
            .arg(kPhysicsRevision);
    return m;
}

void checkRecordedHash(std::uint64_t hash) {
    const QString m = recordedHashMismatch(hash);
    QVERIFY2(m.isEmpty(), qPrintable(m));
}

void TestWorld::determinism() {
    World a = scene();
    World b = scene();
    for (int i = 0; i < 10000; ++i) {
        driveInputs(a, a.stepCount());
        a.step();
        driveInputs(b, b.stepCount());
        b.step();
        if (i == 5000) {
            World copy = a; // a copy continues identically
            driveInputs(copy, copy.stepCount());
            copy.step();
            driveInputs(a, a.stepCount());
            a.step();
            QCOMPARE(copy.stateHash(), a.stateHash());
            driveInputs(b, b.stepCount());
            b.step();
        }
    }
    QCOMPARE(a.stepCount(), std::uint64_t(10001));
    QCOMPARE(a.stateHash(), b.stateHash());
    qInfo("state hash after %llu steps: 0x%016llx", (unsigned long long)a.stepCount(),
          (unsigned long long)a.stateHash());
    checkRecordedHash(a.stateHash());
}

void TestWorld::recordedHashTable() {
    // Revisions 1, 2, ... in order, each hash different from all earlier ones.
    for (std::size_t i = 0; i < std::size(kRecordedHashes); ++i) {
        QCOMPARE(kRecordedHashes[i].revision, int(i) + 1);
        for (std::size_t j = 0; j < i; ++j)
            QVERIFY2(kRecordedHashes[j].hash != kRecordedHashes[i].hash,
                     qPrintable(QStringLiteral("revision %1 repeats revision %2's hash")
                                    .arg(i + 1)
                                    .arg(j + 1)));
    }
    // The current revision is the table's last row, so a new row needs a bump.
    QVERIFY2(kRecordedHashes[std::size(kRecordedHashes) - 1].revision == kPhysicsRevision,
             qPrintable(QStringLiteral("ts::kPhysicsRevision is %1 but the last row of "
                                       "kRecordedHashes is revision %2: add the row for "
                                       "revision %1, or bump kPhysicsRevision to the new row's")
                            .arg(kPhysicsRevision)
                            .arg(kRecordedHashes[std::size(kRecordedHashes) - 1].revision)));
    // The failure message the determinism test gives for a changed hash.
    const QString m = recordedHashMismatch(0x0123456789abcdefull);
    QVERIFY2(
        m.contains(QStringLiteral("bump ts::kPhysicsRevision to %1").arg(kPhysicsRevision + 1)),
        qPrintable(m));
    QVERIFY(m.contains(QStringLiteral("{%1, 0x0123456789abcdefull}").arg(kPhysicsRevision + 1)));
    QVERIFY(recordedHashMismatch(kRecordedHashes[kPhysicsRevision - 1].hash).isEmpty());
}

// With debug off the world skips the sensors of bodies whose surroundings hold
// only empty tiles; with debug on it runs every sensor (to record the segments).
// Both must give bit-identical states, also while tiles are painted mid-run.
void TestWorld::debugDoesNotChangeTheStep() {
    TileMap m = makeMap(64, 40);
    fillRow(m, 0, Tile::Solid);
    Rng r(7);
    for (int i = 0; i < 90; ++i)
        m.set(r.range(0, 63), r.range(1, 39), r.range(0, 3) == 0 ? Tile::OneWay : Tile::Solid);
    World quiet(m);
    World loud(m);
    loud.setDebugEnabled(true);
    for (int i = 0; i < 150; ++i) {
        BodyDef d = box({r.uniform(-20.0f, 1040.0f), r.uniform(10.0f, 700.0f)},
                        {r.uniform(-500.0f, 500.0f), r.uniform(-500.0f, 500.0f)},
                        {r.uniform(2.0f, 12.0f), r.uniform(2.0f, 12.0f)});
        d.control =
            i % 3 == 0 ? Control::Character : (i % 3 == 1 ? Control::Patrol : Control::None);
        d.restitution = r.uniform(0.0f, 1.0f);
        d.gravity = i % 5 != 0;
        quiet.add(d);
        loud.add(d);
    }
    const std::vector<BodyId> ids = quiet.bodies();
    for (int stepNo = 0; stepNo < 240; ++stepNo) {
        if (stepNo % 4 == 0) { // paint and erase while running
            const int x = r.range(0, 63), y = r.range(1, 39);
            const Tile t = static_cast<Tile>(r.range(0, 2));
            quiet.setTile(x, y, t);
            loud.setTile(x, y, t);
        }
        for (std::size_t k = 0; k < ids.size(); k += 3) {
            const Input in{(stepNo / 20 + k) % 3 == 0, (stepNo / 20 + k) % 3 == 1,
                           (stepNo + k) % 17 == 0, (stepNo + k) % 23 == 0};
            quiet.setInput(ids[k], in);
            loud.setInput(ids[k], in);
        }
        quiet.step();
        loud.step();
        QCOMPARE(quiet.stateHash(), loud.stateHash());
        for (BodyId id : ids)
            QCOMPARE(view(quiet, id)->contacts, view(loud, id)->contacts);
    }
}

void TestWorld::loneBodyStep() {
    // A lone body skips the broad phase (world.cpp): bit for bit the same step as
    // the full path, taken here by a world with debug data on and by a world with
    // a second body far away that never meets the first.
    TileMap m = makeMap(64, 40);
    fillRow(m, 0, Tile::Solid);
    Rng r(11);
    for (int i = 0; i < 120; ++i)
        m.set(r.range(0, 63), r.range(1, 30), r.range(0, 3) == 0 ? Tile::OneWay : Tile::Solid);
    for (const Control control : {Control::Character, Control::Patrol, Control::None}) {
        World lone(m);
        World loud(m);
        loud.setDebugEnabled(true);
        World pair(m);
        BodyDef d = box({200.0f, 300.0f}, {120.0f, -50.0f}, {6.0f, 12.0f});
        d.control = control;
        d.restitution = 0.5f;
        const BodyId a = lone.add(d);
        const BodyId b = loud.add(d);
        const BodyId c = pair.add(d);
        QCOMPARE(pair.add(box({900.0f, 620.0f}, {}, {4.0f, 4.0f})).isNull(), false);
        bool moved = false, landed = false;
        for (int stepNo = 0; stepNo < 600; ++stepNo) {
            const Input in{(stepNo / 25) % 3 == 0, (stepNo / 25) % 3 == 1, stepNo % 37 == 0,
                           stepNo % 41 == 0};
            lone.setInput(a, in);
            loud.setInput(b, in);
            pair.setInput(c, in);
            lone.step();
            loud.step();
            pair.step();
            QCOMPARE(lone.stateHash(), loud.stateHash());
            QVERIFY(lone.snapshot(a) == pair.snapshot(c));
            QCOMPARE(lone.bodyHash(a), pair.bodyHash(c));
            QVERIFY(lone.collisions(a).empty());
            QCOMPARE(lone.stats().pairsFound, std::uint64_t(0));
            moved = moved || lone.position(a).x != 200.0f;
            landed = landed || lone.hasContact(a, OnGround);
        }
        QVERIFY(moved);  // the case is not trivial: the body travelled...
        QVERIFY(landed); // ...and stood on tiles
    }
}

QTEST_GUILESS_MAIN(TestWorld)
#include "test_world.moc"
