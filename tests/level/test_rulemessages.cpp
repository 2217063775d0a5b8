// One wording for one rule: a level model that breaks a rule gets the same message
// from validateLevel() (which the editor's Save and saveLevelFile() run) as its
// saved text gets from the loader. validateLevel() has no positions and names the
// spawn first ("spawn 3: "); the loader gives FILE:LINE:COLUMN instead.
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/level/rulemessages.h"

#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <functional>
#include <limits>

using namespace ts::level;

using Mutation = std::function<void(Level&)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

Level baseLevel() {
    Level l = Level::make(8, 4);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 1));
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 2, 3, 1));
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Ball, 3, 5, 1));
    return l;
}

/// baseLevel() with a tileset, an auto layer and a painted one: what the art rows break.
void addArt(Level& l) {
    l.tilesets.push_back(Tileset{.name = "cave", .image = "cave.png", .columns = 8, .count = 64});
    ArtLayer ground{.name = "ground", .tileset = "cave", .isAuto = true};
    AutoRule rule;
    rule.tiles = {1, 2};
    ground.rules.push_back(rule);
    ArtLayer deco{.name = "deco", .tileset = "cave"};
    deco.cells.resize(l.tiles.size());
    deco.cells[3] = {7, kFlipHorizontal};
    l.art = {ground, deco};
}

} // namespace

class TestRuleMessages : public QObject {
    Q_OBJECT

private slots:
    void baseIsValid() {
        QVERIFY(validateLevel(baseLevel()).empty());
        QVERIFY(loadLevelFromString(saveLevelToString(baseLevel())).ok());
    }

    void sameMessage_data() {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("expected"); // the rule's message (without "spawn N: ")
        // A legend line for the file instead of the saver's, for a rule saved text cannot
        // break (the saver would write a duplicate key instead).
        QTest::addColumn<QString>("legendLine");
        const auto row = [](const char* name, Mutation m, const QString& expected,
                            const QString& legendLine = {}) {
            QTest::newRow(name) << m << expected << legendLine;
        };
        const QString side = QString::number(limits::kMapSide.hi);
        row(
            "width", [](Level& l) { l = Level::make(limits::kMapSide.hi + 1, 1); },
            "'width' must be between 1 and " + side + ", got " +
                QString::number(limits::kMapSide.hi + 1));
        row(
            "tile_size", [](Level& l) { l.tileSize = 300; },
            "'tile_size' must be between 1 and 256, got 300");
        row(
            "name", [](Level& l) { l.name = std::string(2000, 'n'); },
            "'name' is too long (2000 bytes; the limit is 1024)");
        row(
            "legend twice", [](Level& l) { l.legend.solid = l.legend.oneWay; },
            "the legend must use three different characters for empty, solid and one_way",
            "legend: {\".\": empty, \"#\": solid, \"=\": solid}");
        row(
            "legend space", [](Level& l) { l.legend.oneWay = ' '; },
            "a legend key must be one printable ASCII character other than a space, got the "
            "string \" \"");
        row(
            "spawn id", [](Level& l) { l.spawns[1].id = 0; },
            "'id' must be between 1 and 2147483647, got 0");
        row(
            "spawn width", [](Level& l) { l.spawns[1].width = 2000; },
            "'width' must be greater than 0 and at most 1024, got 2000");
        row(
            "ball radius", [](Level& l) { l.spawns[2].radius = 0; },
            "'radius' must be greater than 0 and at most 512, got 0");
        row(
            "negative mass", [](Level& l) { l.spawns[1].mass = -1; },
            "'mass' must be between 0 and 1000000, got -1");
        row(
            "tiny mass", [](Level& l) { l.spawns[1].mass = 1e-9f; },
            "'mass' must be 0 or between 0.000001 and 1000000, got 1.0e-09");
        row(
            "restitution", [](Level& l) { l.spawns[1].restitution = 1.5f; },
            "'restitution' must be between 0 and 1, got 1.5");
        row(
            "spawn property name", [](Level& l) { l.spawns[1].properties[""] = true; },
            "a property name cannot be empty");
        row(
            "level property",
            [](Level& l) { l.properties["far"] = -std::numeric_limits<double>::infinity(); },
            "property 'far' must be a finite number, got -.inf");
        row(
            "gravity", [](Level& l) { l.physics.gravity = -5; },
            "physics 'gravity' must be between 0 and 100000, got -5");
        row(
            "max_fall_speed", [](Level& l) { l.physics.maxFallSpeed = 0; },
            "physics 'max_fall_speed' must be greater than 0 and at most 100000, got 0");
        row(
            "dt", [](Level& l) { l.physics.dt = 0; },
            "physics 'dt' must be between 0.000001 and 1, got 0");
        row(
            "partition_cell", [](Level& l) { l.physics.partitionCell = 2000; },
            "physics 'partition_cell' must be between 1 and 1024, got 2000");
        // Art: the message without "tileset 'cave': ", "art layer 'deco': ", ...
        const auto art = [](std::function<void(Level&)> f) {
            return Mutation([f](Level& l) {
                addArt(l);
                f(l);
            });
        };
        row("tileset tile_size", art([](Level& l) { l.tilesets[0].tileSize = 0; }),
            "'tile_size' must be between 1 and 1024, got 0");
        row("tileset columns", art([](Level& l) { l.tilesets[0].columns = 5000; }),
            "'columns' must be between 1 and 4096, got 5000");
        row("tileset count", art([](Level& l) { l.tilesets[0].count = 70000; }),
            "'count' must be between 1 and 65536, got 70000");
        row("tileset margin", art([](Level& l) { l.tilesets[0].margin = -1; }),
            "'margin' must be between 0 and 1024, got -1");
        row("tileset spacing", art([](Level& l) { l.tilesets[0].spacing = 2000; }),
            "'spacing' must be between 0 and 1024, got 2000");
        row("tileset image", art([](Level& l) { l.tilesets[0].image.clear(); }),
            "'image' cannot be empty (the tileset's PNG, relative to the level file)");
        row("tileset name twice", art([](Level& l) { l.tilesets.push_back(l.tilesets[0]); }),
            "duplicate tileset name 'cave' (each tileset needs a name of its own)");
        row("layer name twice", art([](Level& l) { l.art[1].name = "ground"; }),
            "duplicate art layer name 'ground' (each art layer needs a name of its own)");
        row("layer name empty", art([](Level& l) { l.art[0].name.clear(); }),
            "an art layer's 'name' cannot be empty");
        row("unknown tileset", art([](Level& l) { l.art[1].tileset = "caves"; }),
            "unknown tileset 'caves' (the level's tileset is 'cave')");
        row("opacity", art([](Level& l) { l.art[1].opacity = 2; }),
            "'opacity' must be between 0 and 1, got 2");
        row("rule tile", art([](Level& l) { l.art[0].rules[0].tiles[1] = 64; }),
            "tile 64 is not in tileset 'cave' (its tiles are 0 to 63)");
        row("no variants", art([](Level& l) { l.art[0].rules[0].tiles.clear(); }),
            "a rule's 'tiles' list is empty: give it one tile or more");
        row("pattern character", art([](Level& l) { l.art[0].rules[0].pattern[2] = '@'; }),
            "unknown pattern character '@' (expected # solid, = one-way, . empty, x not empty, "
            "o not solid or ? anything)");
        row("painted tile", art([](Level& l) { l.art[1].cells[5].index = 64; }),
            "tile 64 is not in tileset 'cave' (its tiles are 0 to 63)");
    }

    void sameMessage() {
        QFETCH(Mutation, mutate);
        QFETCH(QString, expected);
        QFETCH(QString, legendLine);
        Level level = baseLevel();
        mutate(level);

        const std::vector<Diagnostic> model = validateLevel(level, "level.yaml");
        QVERIFY(!model.empty());
        QString fromModel = QString::fromStdString(model.front().message);
        // What validateLevel() names: a spawn, a tileset, an art layer, its rule or cell.
        const QRegularExpression whoPrefix(
            QStringLiteral("^(spawn #?\\d+|tileset ('[^']*'|#\\d+)|art layer ('[^']*'|#\\d+)"
                           "( rule \\d+| at x \\d+, y \\d+)?): "));
        fromModel.remove(whoPrefix);
        QCOMPARE(fromModel, expected);

        QString text = QString::fromStdString(saveLevelToString(level));
        if (!legendLine.isEmpty()) {
            const QRegularExpression legend(QStringLiteral("^legend: .*$"),
                                            QRegularExpression::MultilineOption);
            QVERIFY(text.contains(legend));
            text.replace(legend, legendLine);
        }
        const LoadResult loaded = loadLevelFromString(text.toStdString(), "level.yaml");
        QVERIFY(!loaded.errors.empty());
        const Diagnostic& first = loaded.errors.front();
        QCOMPARE(QString::fromStdString(first.message), expected);
        QVERIFY2(first.line > 0 && first.column > 0, first.toString().c_str());
        QVERIFY(first.toString().starts_with("level.yaml:" + std::to_string(first.line) + ":" +
                                             std::to_string(first.column) + ": error: "));

        // saveLevelFile() refuses the level with validateLevel()'s message.
        std::string error;
        QVERIFY(!saveLevelFile(level, "/nonexistent-dir/level.yaml", &error));
        QVERIFY2(error.find(model.front().message) != std::string::npos, error.c_str());
    }

    void spawnsWithoutAValidIdAreNamedByTheirPlace() {
        // Two spawns share the bad id 0: each message says which one it is about
        // (by its place in the list, 1-based, as the duplicate-id message does).
        Level level = baseLevel();
        level.spawns[1].id = 0;
        level.spawns[1].mass = -1;
        level.spawns[2].id = 0;
        const std::vector<Diagnostic> model = validateLevel(level);
        QStringList messages;
        for (const Diagnostic& d : model)
            messages << QString::fromStdString(d.message);
        QCOMPARE(messages,
                 QStringList({
                     QStringLiteral("spawn #2: 'id' must be between 1 and 2147483647, got 0"),
                     QStringLiteral("spawn #2: 'mass' must be between 0 and 1000000, got -1"),
                     QStringLiteral("spawn #3: 'id' must be between 1 and 2147483647, got 0"),
                     QStringLiteral("duplicate spawn id 0 (also used by the spawn (spawn #2))"),
                 }));
    }

    void tooManySpawns() {
        Level level = baseLevel();
        for (int i = int(level.spawns.size()); i <= limits::kMaxSpawns; ++i)
            level.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, i + 1, 3, 1));
        const std::string expected = "too many spawns (" + std::to_string(level.spawns.size()) +
                                     "; the limit is " + std::to_string(limits::kMaxSpawns) + ")";
        const std::vector<Diagnostic> model = validateLevel(level);
        QVERIFY(!model.empty());
        QCOMPARE(model.front().message, expected);
        const LoadResult loaded = loadLevelFromString(saveLevelToString(level));
        QVERIFY(!loaded.errors.empty());
        QCOMPARE(loaded.errors.front().message, expected);
    }

    // The format version sentences name the versions a reader reads: a level file's one
    // (kFormatVersion) and a replay's two, and any later count alike.
    void formatVersionNamesTheVersionsRead() {
        QCOMPARE(rules::newerFormatMessage(99),
                 std::string("this file needs a newer Tilesmith: it is format version 99 and "
                             "this build reads version ") +
                     std::to_string(kFormatVersion));
        QCOMPARE(rules::newerFormatMessage(3, 2),
                 std::string("this file needs a newer Tilesmith: it is format version 3 and "
                             "this build reads versions 1 and 2"));
        QCOMPARE(rules::newerFormatMessage(9, 4),
                 std::string("this file needs a newer Tilesmith: it is format version 9 and "
                             "this build reads versions 1 to 4"));
        QCOMPARE(rules::formatVersionMessage("tilesmith", "'0'", 1),
                 std::string("expected the format version 1 for 'tilesmith', got '0'"));
        QCOMPARE(rules::formatVersionMessage("tilesmith-replay", "'x'", 2),
                 std::string("expected the format version 1 or 2 for 'tilesmith-replay', got 'x'"));
        QCOMPARE(rules::formatVersionMessage("k", "'x'", 3),
                 std::string("expected a format version from 1 to 3 for 'k', got 'x'"));
    }
};

QTEST_GUILESS_MAIN(TestRuleMessages)
#include "test_rulemessages.moc"
