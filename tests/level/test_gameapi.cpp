// The level and physics libraries as a game uses them: code a game writes (a level
// built in code, bodies defined with designated initializers, its own session recorded
// and saved). This file is compiled with -Werror=missing-field-initializers (see
// CMakeLists.txt): g++ -Wextra warns on a designated initializer that leaves out a
// member without a default member initializer, which breaks games built with -Werror.
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/physics/physics.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace ts;
using namespace ts::level;

class TestGameApi : public QObject {
    Q_OBJECT

private slots:
    // A level built in code with designated initializers: every public aggregate a game
    // fills takes them without a warning (this file fails to compile otherwise) and the
    // members left out keep their documented defaults.
    void designatedInitializers() {
        Level level{.name = "Coded", .width = 8, .height = 4};
        level.tiles.assign(8 * 4, Tile::Empty);
        for (int x = 0; x < 8; ++x)
            level.setTile(x, 3, Tile::Solid);
        level.spawns.push_back(Spawn{.id = 1, .kind = SpawnKind::Player, .x = 2, .y = 2});
        level.spawns.push_back(Spawn{.id = 2, .kind = SpawnKind::Box, .x = 5, .y = 2});
        QCOMPARE(level.tileSize, 16);
        QCOMPARE(level.physics, PhysicsSettings{});
        QVERIFY(level.spawns[0].properties.empty());
        QVERIFY(validateLevel(level).empty());
        const LoadResult back = loadLevelFromString(saveLevelToString(level), "coded.yaml");
        QVERIFY(back.ok());
        QCOMPARE(*back.level, level);

        LevelWorld lw = buildWorld(level);
        QVERIFY(!lw.player.isNull());
        const BodyId extra = lw.world.add(BodyDef{
            .control = Control::Character, .position = {88.0f, 16.0f}, .halfSize = {4.0f, 4.0f}});
        QVERIFY(!extra.isNull());
        QCOMPARE(lw.world.velocity(extra), Vec2{});  // velocity left out: at rest
        QCOMPARE(lw.world.offset(extra), Vec2{});    // offset left out: centred
        QCOMPARE(lw.world.inverseMass(extra), 1.0f); // mass left out: 1
        const Aabb box{.center = lw.world.aabb(extra).center};
        QCOMPARE(box.halfSize, Vec2{});

        const InputRange walk{.from = 1, .to = 30};
        QCOMPARE(walk.keys, Input{});
        const InputScript script{
            .ranges = {InputRange{.from = 1, .to = 30, .keys = {.right = true}}}};
        QVERIFY(script.at(30).right);
        const ReplayEvent grow{.step = 5, .kind = ReplayEventKind::Scale, .scale = 2.0f};
        QCOMPARE(grow.settings, WorldSettings{});
        const ReplayCheckpoint start{.step = 0, .hash = lw.world.stateHash()};
        QVERIFY(start.positions.empty());
        const Replay replay{.levelPath = "coded.yaml", .steps = 0};
        QVERIFY(replay.inputs.empty() && replay.checkpoints.empty() && !replay.playerStart);
        const Diagnostic d{.file = "coded.yaml", .line = 3, .column = 1, .message = "bad"};
        QCOMPARE(d.toString(), std::string("coded.yaml:3:1: error: bad"));
    }

    // What docs/game-library.md says of levels built in code: a designated initializer keeps the
    // struct's defaults, the same for every kind, where withDefaults() (and the loader) give
    // the kind's; a Level{} has no tiles until they are sized (Level::make sizes them).
    void codedLevelsKeepTheStructDefaults() {
        const Spawn coded{.id = 1, .kind = SpawnKind::Player, .x = 2, .y = 5};
        QCOMPARE(coded.width, 16.0f);
        QCOMPARE(coded.height, 16.0f);
        const Spawn player = Spawn::withDefaults(SpawnKind::Player, 1, 2, 5);
        QCOMPARE(player.width, 12.0f);
        QCOMPARE(player.height, 20.0f);
        QCOMPARE(Spawn::withDefaults(SpawnKind::Box).mass, 2.0f);
        QCOMPARE(Spawn::withDefaults(SpawnKind::Ball).restitution, 0.8f);

        Level cave{.name = "Cave", .width = 40, .height = 20};
        cave.setTile(0, 19, Tile::Solid);
        QCOMPARE(cave.tile(0, 19), Tile::Empty); // ignored: no tiles yet
        cave.spawns.push_back(player);
        const std::vector<Diagnostic> errors = validateLevel(cave, "cave.yaml");
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(
            errors[0].toString(),
            std::string("cave.yaml: error: the level has 0 tiles; expected width x height = 800"));
        Level made = Level::make(40, 20);
        QCOMPARE(made.tiles.size(), std::size_t(800));
        made.setTile(0, 19, Tile::Solid);
        QCOMPARE(made.tile(0, 19), Tile::Solid);
    }

    // Reloading a level (level-format.md, "Loading a level in a game"): the new world's
    // handles are taken anew. One kept from the old world is not detected there: it reads
    // as valid and names the body the new world put in its slot (body.h says so).
    void reloadTakesHandlesAnew() {
        Level lv = Level::make(8, 4);
        for (int x = 0; x < 8; ++x)
            lv.setTile(x, 3, Tile::Solid);
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 1, 6, 2));
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 2, 1, 2));
        LevelWorld lw = buildWorld(lv);
        const BodyId oldBox = lw.spawnBodies[0];
        std::swap(lv.spawns[0], lv.spawns[1]); // the designer reordered the spawns
        lw = buildWorld(lv);
        QVERIFY(lw.world.isValid(oldBox));                     // not detected as stale...
        QCOMPARE(lw.world.userData(oldBox), std::uint64_t(2)); // ...it is the player now
        QCOMPARE(lw.world.userData(lw.spawnBodies[1]), std::uint64_t(1));
    }

    // A game records its own session and saves it: the recorder does not know the level's
    // path, and a replay saved without one would be a file its own reader refuses. The save
    // says so instead (and writes nothing); with the path set it saves, loads and reproduces.
    void recordedSessionSaves() {
        const std::string levelFile =
            std::string(TILESMITH_SOURCE_DIR) + "/resources/levels/tutorial.yaml";
        const LoadResult r = loadLevelFile(levelFile);
        QVERIFY(r.ok());
        LevelWorld lw = buildWorld(*r.level);
        ReplayRecorder rec;
        rec.begin(*r.level, lw);
        for (int k = 1; k <= 130; ++k) {
            const Input in{.right = k < 80, .jump = k == 40};
            lw.world.setInput(lw.player, in);
            rec.beforeStep(in);
            lw.world.step();
            rec.afterStep(lw.world);
        }
        Replay replay = rec.finish(lw.world);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("session.tsreplay").toStdString();

        std::string error;
        QVERIFY(!saveReplayFile(replay, path, &error));
        QVERIFY2(error.find("Replay::levelPath") != std::string::npos &&
                     error.find("relativeLevelPath") != std::string::npos,
                 error.c_str());
        QVERIFY(!std::filesystem::exists(path));

        Replay broken = replay; // a field the format refuses: named, nothing written
        broken.levelPath = "tutorial.yaml";
        broken.checkpointInterval = 0;
        QVERIFY(!saveReplayFile(broken, path, &error));
        QVERIFY2(error.find("checkpoint-interval") != std::string::npos, error.c_str());
        QVERIFY(!std::filesystem::exists(path));

        replay.levelPath = relativeLevelPath(levelFile, path);
        QVERIFY2(saveReplayFile(replay, path, &error), error.c_str());
        const ReplayLoadResult back = loadReplayFile(path);
        QVERIFY(back.ok());
        QCOMPARE(*back.replay, replay);
        const LoadResult level = loadLevelFile(replayLevelPath(*back.replay, path));
        QVERIFY(level.ok());
        const ReplayCheckResult check = checkReplay(*level.level, *back.replay);
        QVERIFY(check.ok());
        QCOMPARE(check.finalHash, lw.world.stateHash());

        // A session stopped before its first step still saves (the editor keeps those).
        LevelWorld fresh = buildWorld(*r.level);
        ReplayRecorder empty;
        empty.begin(*r.level, fresh);
        Replay none = empty.finish(fresh.world);
        none.levelPath = replay.levelPath;
        QVERIFY2(saveReplayFile(none, path, &error), error.c_str());
        QVERIFY(loadReplayFile(path).ok());
    }

    // Play from a tile: a tile off the map is refused and named, as the API's file
    // functions name what they refuse (it used to return the level unchanged).
    void playerAtOffMapSaysSo() {
        Level lv = Level::make(6, 4);
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 1));
        const std::optional<Level> moved = levelWithPlayerAt(lv, 4, 2);
        QVERIFY(moved && moved->player() && moved->player()->x == 4 && moved->player()->y == 2);
        QCOMPARE(moved->spawns.size(), std::size_t(1));

        std::string error = "stale";
        QVERIFY(!levelWithPlayerAt(lv, 6, 2, &error));
        QCOMPARE(error, std::string("player start (6, 2) is outside the map: x must be 0 to 5"));
        QVERIFY(!levelWithPlayerAt(lv, 2, -1, &error));
        QCOMPARE(error, std::string("player start (2, -1) is outside the map: y must be 0 to 3"));
        QVERIFY(!levelWithPlayerAt(lv, 70, 9, &error));
        QCOMPARE(error, std::string("player start (70, 9) is outside the map: x must be 0 to 5, "
                                    "y must be 0 to 3"));
        QVERIFY(!levelWithPlayerAt(lv, 70, 9)); // no error wanted: still refused

        lv.spawns.clear(); // a level without a player gets one there
        const std::optional<Level> added = levelWithPlayerAt(lv, 0, 3);
        QVERIFY(added && added->player() && added->player()->x == 0 && added->player()->y == 3);
    }
};

QTEST_APPLESS_MAIN(TestGameApi)
#include "test_gameapi.moc"
