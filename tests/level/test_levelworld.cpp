// Building a physics world from a level: row flip, body placement, categories,
// and bodies that stand where the format says after a few steps.
#include "samplelevels.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"

#include <QTest>

#include <cmath>

using namespace ts;
using namespace ts::level;
using testlevels::loadSample;

namespace {

/// 6 x 4: empty rows 0-2, solid floor on row 3, a one-way tile at (4, 1).
Level smallLevel() {
    Level l = Level::make(6, 4, 16);
    for (int x = 0; x < 6; ++x)
        l.setTile(x, 3, Tile::Solid);
    l.setTile(4, 1, Tile::OneWay);
    return l;
}

float bottomOf(const World& w, BodyId id) {
    const Aabb b = w.aabb(id);
    return b.center.y - b.halfSize.y;
}

} // namespace

class TestLevelWorld : public QObject {
    Q_OBJECT

private slots:
    void settings();
    void tileMapFlipsRows();
    void bodyDefinitions_data();
    void bodyDefinitions();
    void buildWorldOneBodyPerSpawn();
    void spawnsStandOnTheFloor_data();
    void spawnsStandOnTheFloor();
    void charactersDoNotShoveEachOther();
    void everyValidLevelBuildsItsWorld_data();
    void everyValidLevelBuildsItsWorld();
    void valuesThePhysicsRefusesAreRefused();
};

void TestLevelWorld::settings() {
    PhysicsSettings p;
    p.gravity = 1000;
    p.walkSpeed = 100;
    p.jumpSpeed = 300;
    p.maxFallSpeed = 500;
    p.oneWayThreshold = 3;
    p.partitionCell = 8;
    p.dt = 0.01f;
    const WorldSettings s = worldSettings(p);
    QCOMPARE(s.gravity, 1000.0f);
    QCOMPARE(s.walkSpeed, 100.0f);
    QCOMPARE(s.jumpSpeed, 300.0f);
    QCOMPARE(s.maxFallSpeed, 500.0f);
    QCOMPARE(s.oneWayThreshold, 3.0f);
    QCOMPARE(s.partitionCellTiles, 8);
    QCOMPARE(s.dt, 0.01f);
    QVERIFY(physicsSettings(s) == p); // the inverse mapping gives the section back
}

void TestLevelWorld::tileMapFlipsRows() {
    const Level l = smallLevel();
    const TileMap m = tileMap(l);
    QCOMPARE(m.width(), 6);
    QCOMPARE(m.height(), 4);
    QCOMPARE(m.tileSize(), 16.0f);
    QCOMPARE(m.position(), Vec2(8, 8));
    QCOMPARE(m.origin(), Vec2(0, 0));
    for (int x = 0; x < 6; ++x) {
        QCOMPARE(m.at(x, 0), Tile::Solid); // level row 3 is physics row 0
        QCOMPARE(m.at(x, 3), Tile::Empty);
    }
    QCOMPARE(m.at(4, 2), Tile::OneWay);
    QCOMPARE(physicsRow(l, 1), 2);
    QCOMPARE(tileBottomCenter(l, 0, 3), Vec2(8, 0));
    QCOMPARE(tileBottomCenter(l, 2, 2), Vec2(40, 16));
    QCOMPARE(tileBottomCenter(l, 5, 0), Vec2(88, 48));
    // The tile of a body's feet, as the editor counts rows: the inverse.
    using Tile2 = std::optional<std::pair<int, int>>;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 6; ++x)
            QCOMPARE(spawnTileAt(l, tileBottomCenter(l, x, y)), Tile2(std::pair{x, y}));
    QCOMPARE(spawnTileAt(l, Vec2(40, 15.99f)), Tile2(std::pair{2, 2})); // a hair into the floor
    QCOMPARE(spawnTileAt(l, Vec2(40, 23.9f)), Tile2(std::pair{2, 2}));  // jumping, below half
    QCOMPARE(spawnTileAt(l, Vec2(40, 24.1f)), Tile2(std::pair{2, 1}));
    QCOMPARE(spawnTileAt(l, Vec2(-1, -40)), Tile2(std::pair{-1, 5})); // fell out: off the map
    QCOMPARE(spawnTileAt(l, Vec2(INFINITY, 0)), Tile2());
    QCOMPARE(spawnTileAt(l, Vec2(0, NAN)), Tile2());
    QCOMPARE(spawnTileAt(l, Vec2(0, 3e38f)), Tile2());
}

void TestLevelWorld::bodyDefinitions_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("control");
    QTest::addColumn<uint>("category");
    QTest::addColumn<uint>("mask");
    QTest::newRow("player") << int(SpawnKind::Player) << int(Shape::Aabb) << int(Control::Character)
                            << uint(kCharacterCategory) << uint(kRigidCategory);
    QTest::newRow("npc") << int(SpawnKind::Npc) << int(Shape::Aabb) << int(Control::Patrol)
                         << uint(kCharacterCategory) << uint(kRigidCategory);
    QTest::newRow("box") << int(SpawnKind::Box) << int(Shape::Aabb) << int(Control::None)
                         << uint(kRigidCategory) << uint(kCharacterCategory | kRigidCategory);
    QTest::newRow("ball") << int(SpawnKind::Ball) << int(Shape::Circle) << int(Control::None)
                          << uint(kRigidCategory) << uint(kCharacterCategory | kRigidCategory);
}

void TestLevelWorld::bodyDefinitions() {
    QFETCH(int, kind);
    QFETCH(int, shape);
    QFETCH(int, control);
    QFETCH(uint, category);
    QFETCH(uint, mask);
    const Level l = smallLevel();
    Spawn s = Spawn::withDefaults(static_cast<SpawnKind>(kind), 42, 2, 2);
    s.vx = -30;
    s.vy = 70;
    s.mass = 3;
    s.restitution = 0.5f;
    const BodyDef d = bodyDef(l, s);
    QCOMPARE(int(d.shape), shape);
    QCOMPARE(int(d.control), control);
    QCOMPARE(d.category, category);
    QCOMPARE(d.mask, mask);
    QCOMPARE(d.userData, std::uint64_t(42));
    QCOMPARE(d.position, Vec2(40, 16)); // the spawn's feet: its tile's bottom centre
    QCOMPARE(d.velocity, Vec2(-30, 70));
    QCOMPARE(d.mass, 3.0f);
    QCOMPARE(d.restitution, 0.5f);
    if (d.shape == Shape::Circle) {
        QCOMPARE(d.radius, 8.0f);
        QCOMPARE(d.offset, Vec2(0, 8));
    } else {
        QCOMPARE(d.halfSize, Vec2(s.width / 2, s.height / 2));
        QCOMPARE(d.offset, Vec2(0, s.height / 2));
    }
    if (d.control == Control::Patrol)
        QCOMPARE(d.facing, -1); // vx < 0 walks left first
}

void TestLevelWorld::buildWorldOneBodyPerSpawn() {
    const Level l = loadSample("crowd.yaml");
    LevelWorld lw = buildWorld(l);
    std::size_t goals = 0;
    for (const Spawn& s : l.spawns)
        goals += s.kind == SpawnKind::Goal;
    QVERIFY(goals > 0); // the sample carries a goal: an area, not a body
    QCOMPARE(lw.world.bodyCount(), l.spawns.size() - goals);
    QCOMPARE(lw.spawnBodies.size(), l.spawns.size());
    QVERIFY(!lw.player.isNull());
    QCOMPARE(lw.world.userData(lw.player), std::uint64_t(l.player()->id));
    for (std::size_t i = 0; i < l.spawns.size(); ++i) {
        if (l.spawns[i].kind == SpawnKind::Goal) {
            QVERIFY(lw.spawnBodies[i].isNull());
            continue;
        }
        const BodyId b = lw.spawnBodies[i];
        QVERIFY(lw.world.isValid(b));
        QCOMPARE(lw.world.userData(b), std::uint64_t(l.spawns[i].id));
    }
    QCOMPARE(lw.world.map().width(), l.width);
    QCOMPARE(lw.world.settings().gravity, l.physics.gravity);

    Level none = smallLevel();
    LevelWorld empty = buildWorld(none);
    QVERIFY(empty.player.isNull());
    QCOMPARE(empty.world.bodyCount(), std::size_t(0));
}

void TestLevelWorld::spawnsStandOnTheFloor_data() {
    QTest::addColumn<QString>("sample");
    QTest::newRow("tutorial") << "tutorial.yaml";
    QTest::newRow("crowd") << "crowd.yaml";
    QTest::newRow("playground") << "playground.yaml";
}

void TestLevelWorld::spawnsStandOnTheFloor() {
    // Every player, NPC and box of the samples is placed on a floor tile (the
    // samples are made so): after a second of simulation each stands on the
    // floor under its spawn tile, bottom edge on the tile's bottom edge.
    QFETCH(QString, sample);
    const Level l = loadSample(qPrintable(sample));
    LevelWorld lw = buildWorld(l);
    for (int i = 0; i < 60; ++i)
        lw.world.step();
    int checked = 0;
    for (std::size_t i = 0; i < l.spawns.size(); ++i) {
        const Spawn& s = l.spawns[i];
        if (s.kind == SpawnKind::Ball || s.kind == SpawnKind::Goal)
            continue;
        if (l.tile(s.x, s.y + 1) == Tile::Empty)
            continue; // stands on a box or in mid-air by design
        if (s.kind == SpawnKind::Box && i > 0 && l.spawns[i - 1].kind == SpawnKind::Box &&
            l.spawns[i - 1].x == s.x)
            continue; // stacked
        const BodyId b = lw.spawnBodies[i];
        QVERIFY(lw.world.isValid(b));
        const float floorY = tileBottomCenter(l, s.x, s.y).y;
        // Settled on its floor, the body is on its spawn's tile (as reports name it).
        // (NPCs walk: their row only.)
        const auto tile = spawnTileAt(l, lw.world.position(b));
        QVERIFY(tile);
        QCOMPARE(tile->second, s.y);
        if (s.kind != SpawnKind::Npc)
            QCOMPARE(tile->first, s.x);
        if (std::abs(bottomOf(lw.world, b) - floorY) > 0.5f || !lw.world.hasContact(b, OnGround))
            QFAIL(qPrintable(QStringLiteral("spawn %1 (%2) bottom at %3, expected %4 on ground")
                                 .arg(s.id)
                                 .arg(spawnKindName(s.kind))
                                 .arg(bottomOf(lw.world, b))
                                 .arg(floorY)));
        ++checked;
    }
    QVERIFY(checked > 0);
}

void TestLevelWorld::charactersDoNotShoveEachOther() {
    Level l = smallLevel();
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, 2));
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 2, 2, 2));
    LevelWorld lw = buildWorld(l);
    const float x0 = lw.world.position(lw.player).x;
    for (int i = 0; i < 20; ++i)
        lw.world.step();
    // The NPC walks off through the player; the player, with no input, has
    // not been pushed.
    QCOMPARE(lw.world.position(lw.player).x, x0);
    QCOMPARE(bottomOf(lw.world, lw.player), 16.0f);
}

// Every level the format accepts must build the world it describes: its own
// settings and one body per body spawn. A dt or mass the loader took but the physics
// refused used to give a world with the default settings, or a null handle for the
// spawn (a level with a player of mass 1e-9 had no player).
void TestLevelWorld::everyValidLevelBuildsItsWorld_data() {
    QTest::addColumn<int>("field");
    QTest::addColumn<bool>("high");
    const char* names[] = {
        "gravity",        "walk_speed", "jump_speed", "max_fall_speed", "one_way_threshold",
        "partition_cell", "dt",         "mass",       "size",           "radius",
        "velocity",       "tile_size"};
    for (int f = 0; f < 12; ++f) {
        QTest::addRow("%s low", names[f]) << f << false;
        QTest::addRow("%s high", names[f]) << f << true;
    }
}

void TestLevelWorld::everyValidLevelBuildsItsWorld() {
    QFETCH(int, field);
    QFETCH(bool, high);
    const auto pick = [&](limits::FloatRange r) {
        if (high)
            return static_cast<float>(r.hi);
        const float lo = static_cast<float>(r.lo);
        return r.loOpen ? std::nextafter(lo, 1.0f) : lo; // the smallest float the range takes
    };
    Level l = smallLevel();
    Spawn player = Spawn::withDefaults(SpawnKind::Player, 1, 1, 2);
    Spawn box = Spawn::withDefaults(SpawnKind::Box, 2, 3, 2);
    Spawn ball = Spawn::withDefaults(SpawnKind::Ball, 3, 5, 2);
    PhysicsSettings& p = l.physics;
    switch (field) {
    case 0:
        p.gravity = pick(limits::kGravity);
        break;
    case 1:
        p.walkSpeed = pick(limits::kSpeed);
        break;
    case 2:
        p.jumpSpeed = pick(limits::kSpeed);
        break;
    case 3:
        p.maxFallSpeed = pick(limits::kMaxFallSpeed);
        break;
    case 4:
        p.oneWayThreshold = pick(limits::kOneWayThreshold);
        break;
    case 5:
        p.partitionCell = high ? limits::kPartitionCell.hi : limits::kPartitionCell.lo;
        break;
    case 6:
        p.dt = pick(limits::kDt);
        break;
    case 7:
        player.mass = box.mass = ball.mass = high ? float(limits::kMass.hi) : limits::kMinMass;
        break;
    case 8:
        player.width = player.height = box.width = box.height = pick(limits::kSpawnSize);
        break;
    case 9:
        ball.radius = pick(limits::kRadius);
        break;
    case 10:
        player.vx = box.vy = ball.vx =
            high ? float(limits::kVelocity.hi) : float(limits::kVelocity.lo);
        break;
    case 11: {
        const int ts = high ? limits::kTileSize.hi : limits::kTileSize.lo;
        Level t = Level::make(6, 4, ts);
        t.tiles = l.tiles;
        l = t;
        break;
    }
    }
    l.spawns = {player, box, ball};
    const std::vector<Diagnostic> errors = validateLevel(l);
    QVERIFY2(errors.empty(), errors.empty() ? "" : errors[0].toString().c_str());
    // The same through the text a game loads.
    const LoadResult r = loadLevelFromString(saveLevelToString(l));
    QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors[0].toString().c_str());
    const LevelWorld lw = buildWorld(*r.level);
    QCOMPARE(lw.world.settings(), worldSettings(r.level->physics));
    QCOMPARE(lw.world.bodyCount(), std::size_t(3));
    QVERIFY(!lw.player.isNull());
    for (const BodyId id : lw.spawnBodies)
        QVERIFY(lw.world.isValid(id));
}

void TestLevelWorld::valuesThePhysicsRefusesAreRefused() {
    Level l = smallLevel();
    l.spawns = {Spawn::withDefaults(SpawnKind::Player, 1, 1, 2)};
    QVERIFY(validateLevel(l).empty());
    Level tinyDt = l;
    tinyDt.physics.dt = 1.0e-7f;
    QVERIFY(!WorldSettings(worldSettings(tinyDt.physics)).isValid());
    QCOMPARE(validateLevel(tinyDt).size(), std::size_t(1));
    Level tinyMass = l;
    tinyMass.spawns[0].mass = 1.0e-9f;
    QVERIFY(!World::isValidDef(bodyDef(tinyMass, tinyMass.spawns[0])));
    const std::vector<Diagnostic> errors = validateLevel(tinyMass);
    QCOMPARE(errors.size(), std::size_t(1));
    QVERIFY2(errors[0].message.find("'mass' must be 0 or between 0.000001 and 1000000") !=
                 std::string::npos,
             errors[0].message.c_str());
}

QTEST_GUILESS_MAIN(TestLevelWorld)
#include "test_levelworld.moc"
