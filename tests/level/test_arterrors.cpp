// Bad art in level files and models: the loader's FILE:LINE:COLUMN errors beyond the
// invalid corpus (one mistake a file: tests/level/invalid/art_*.yaml, tileset_*.yaml),
// no cascades from one mistake, the error cap on a painted layer, and validateLevel()'s
// art rules on models, each named by what it is about (the one wording of the loader's
// and validateLevel()'s messages: test_rulemessages.cpp).
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/limits.h"

#include <QTest>

#include <cmath>
#include <functional>

using namespace ts;
using namespace ts::level;

namespace {

// A level with art, the painted layer's rows on lines 24 and 25 (at column 7), the
// rules on lines 18 and 19.
const char* const kArt = R"(tilesmith: 1
name: Art
tile_size: 16
width: 3
height: 2
tiles: |
  ...
  ###
spawns: []
physics: {gravity: 1500, walk_speed: 160, jump_speed: 480, max_fall_speed: 720, one_way_threshold: 2, partition_cell: 16, dt: 0.016666668}
tilesets:
  - {name: cave, image: cave.png, tile_size: 16, columns: 8, count: 64}
art:
  - name: ground
    tileset: cave
    depth: back
    rules:
      - {pattern: ["?.?", "?#?", "???"], tile: 1}
      - {pattern: ["???", "?#?", "???"], tiles: [9, 10, 11]}
  - name: deco
    tileset: cave
    depth: front
    tiles: |
      . 2 3h
      . . 63hvd
)";

std::string replaced(const std::string& from, const std::string& to) {
    std::string s = kArt;
    const std::size_t at = s.find(from);
    return at == std::string::npos ? "(no '" + from + "' in the text)"
                                   : s.replace(at, from.size(), to);
}

std::string allErrors(const LoadResult& r) {
    std::string s;
    for (const Diagnostic& d : r.errors)
        s += d.toString() + "\n";
    return s;
}

using Mutation = std::function<void(Level&)>;

} // namespace

Q_DECLARE_METATYPE(Mutation)

class TestArtErrors : public QObject {
    Q_OBJECT

private slots:
    void baseLoads() {
        const LoadResult r = loadLevelFromString(kArt);
        QVERIFY2(r.ok(), allErrors(r).c_str());
        QCOMPARE(saveLevelToString(*r.level), std::string(kArt));
    }

    // Each mistake, its error in full (the first one when there are several).
    void loaderErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, const std::string& text, const char* expected) {
            QTest::newRow(name) << QString::fromStdString(text) << QString::fromUtf8(expected);
        };
        row("painted row starts with a space", replaced("      . . 63hvd", "       . . 63hvd"),
            "a.yaml:25:7: error: art tiles are separated by one space");
        row("painted row ends with a space", replaced(". 2 3h\n", ". 2 3h \n"),
            "a.yaml:24:13: error: art tiles are separated by one space");
        row("negative painted tile", replaced(". 2 3h", ". -2 3h"),
            "a.yaml:24:9: error: tile -2 is not in tileset 'cave' (its tiles are 0 to 63)");
        row("huge painted tile", replaced(". 2 3h", ". 99999999999 3h"),
            "a.yaml:24:9: error: tile 99999999999 is not in tileset 'cave' (its tiles are 0 to "
            "63)");
        row("leading zero", replaced(". 2 3h", ". 02 3h"),
            "a.yaml:24:9: error: unknown art tile '02' (expected '.' for no tile, or a tile "
            "number with flips h, v, d in that order, like 12 or 12hv)");
        row("flipped nothing", replaced(". 2 3h", ". .h 3h"),
            "a.yaml:24:9: error: unknown art tile '.h' (expected '.' for no tile, or a tile "
            "number with flips h, v, d in that order, like 12 or 12hv)");
        row("a flip twice", replaced(". 2 3h", ". 2hh 3h"),
            "a.yaml:24:9: error: unknown art tile '2hh' (expected '.' for no tile, or a tile "
            "number with flips h, v, d in that order, like 12 or 12hv)");
        row("too many rows", replaced("      . . 63hvd\n", "      . . 63hvd\n      . . .\n"),
            "a.yaml:26:7: error: too many art rows: expected 2 ('height'), this is row 3");
        row("rows not a literal block",
            replaced("    tiles: |\n      . 2 3h\n      . . 63hvd\n", "    tiles: \". 2 3h\"\n"),
            "a.yaml:23:12: error: expected 2 art rows ('height'), got 1 (write the rows as a "
            "literal block: 'tiles: |')");
        row("rows as a list",
            replaced("    tiles: |\n      . 2 3h\n      . . 63hvd\n", "    tiles: [1, 2]\n"),
            "a.yaml:23:12: error: expected the art rows as a literal block ('tiles: |'), got a "
            "list");
        row("pattern character after an escape",
            replaced("\"?#?\", \"???\"], tile: 1", "\"?#?\", \"\\x3Fa?\"], tile: 1"),
            "a.yaml:18:34: error: unknown pattern character 'a' (expected # solid, = one-way, "
            ". empty, x not empty, o not solid or ? anything)");
        row("pattern character not ASCII",
            replaced("\"?#?\", \"???\"], tile: 1", "\"?#?\", \"?\xC3\xA9?\"], tile: 1"),
            "a.yaml:18:36: error: unknown pattern character '\xC3\xA9' (expected # solid, = "
            "one-way, . empty, x not empty, o not solid or ? anything)");
        row("pattern row a list",
            replaced("[\"?.?\", \"?#?\", \"???\"], tile: 1", "[\"?.?\", [1], \"???\"], tile: 1"),
            "a.yaml:18:27: error: expected a pattern of 3 rows of 3 characters like [\"?.?\", "
            "\"?#?\", \"???\"], got a row that is a list");
        row("pattern not a list",
            replaced("[\"?.?\", \"?#?\", \"???\"], tile: 1", "\"?.??#????\", tile: 1"),
            "a.yaml:18:19: error: expected a pattern of 3 rows of 3 characters like [\"?.?\", "
            "\"?#?\", \"???\"], got the string \"?.??#????\"");
        row("rule without a pattern",
            replaced("{pattern: [\"?.?\", \"?#?\", \"???\"], tile: 1}", "{tile: 1}"),
            "a.yaml:18:9: error: a rule is missing 'pattern' (3 rows of 3 characters, like "
            "[\"?.?\", \"?#?\", \"???\"])");
        row("rule without a tile", replaced(", tile: 1}", "}"),
            "a.yaml:18:9: error: a rule needs 'tile' (one tile) or 'tiles' (variants)");
        row("rule key", replaced(", tile: 1}", ", tile: 1, chance: 0.5}"),
            "a.yaml:18:51: error: unknown rule key 'chance' (expected pattern, tile or tiles)");
        row("tile not a number", replaced("tile: 1}", "tile: one}"),
            "a.yaml:18:48: error: expected an integer for 'tile', got 'one'");
        row("tiles not a list", replaced("tiles: [9, 10, 11]", "tiles: 9"),
            "a.yaml:19:49: error: expected a list of tiles for 'tiles', like [9, 10, 11], got "
            "'9'");
        row("rules not a list",
            replaced("    rules:\n      - {pattern: [\"?.?\", \"?#?\", \"???\"], tile: 1}\n      - "
                     "{pattern: [\"???\", \"?#?\", \"???\"], tiles: [9, 10, 11]}\n",
                     "    rules: 3\n"),
            "a.yaml:17:12: error: expected a list of rules for 'rules', got '3'");
        row("no tilesets",
            replaced("tilesets:\n  - {name: cave, image: cave.png, tile_size: 16, columns: 8, "
                     "count: 64}\n",
                     ""),
            "a.yaml:13:14: error: unknown tileset 'cave' (the level has no tilesets: add one "
            "under 'tilesets')");
        std::string twoTilesets =
            replaced("    tileset: cave\n    depth: front", "    tileset: cove\n    depth: front");
        twoTilesets.insert(twoTilesets.find("art:\n"),
                           "  - {name: rock, image: r.png, tile_size: 8, columns: 1, count: 1}\n");
        row("two tilesets named", twoTilesets,
            "a.yaml:22:14: error: unknown tileset 'cove' (the level's tilesets are 'cave' and "
            "'rock')");
        row("tileset without a name", replaced("{name: cave, ", "{"),
            "a.yaml:12:5: error: a tileset is missing 'name'");
        row("tileset name empty", replaced("{name: cave", "{name: \"\""),
            "a.yaml:12:12: error: a tileset's 'name' cannot be empty");
        row("image empty", replaced("image: cave.png", "image: \"\""),
            "a.yaml:12:25: error: 'image' cannot be empty (the tileset's PNG, relative to the "
            "level file)");
        row("tileset key", replaced("count: 64}", "count: 64, firstgid: 1}"),
            "a.yaml:12:73: error: unknown tileset key 'firstgid' (expected name, image, "
            "tile_size, columns, count, margin, spacing or trans)");
        row("trans not a colour", replaced("count: 64}", "count: 64, trans: \"#12345\"}"),
            "a.yaml:12:80: error: expected a colour \"#rrggbb\" for 'trans', got the string "
            "\"#12345\"");
        row("tilesets not a list",
            replaced("tilesets:\n  - {name: cave, image: cave.png, tile_size: 16, columns: 8, "
                     "count: 64}\n",
                     "tilesets: cave\n"),
            "a.yaml:11:11: error: expected a list of tilesets for 'tilesets', got 'cave'");
        row("art not a list",
            replaced("art:\n  - name: ground", "art: ground\nx:\n  - name: ground"),
            "a.yaml:13:6: error: expected a list of art layers for 'art', got 'ground'");
        row("layer without a tileset",
            replaced("    tileset: cave\n    depth: back\n", "    depth: back\n"),
            "a.yaml:14:5: error: an art layer is missing 'tileset'");
        row("layer name empty", replaced("- name: ground", "- name: \"\""),
            "a.yaml:14:11: error: an art layer's 'name' cannot be empty");
        row("visible not a boolean",
            replaced("    depth: front\n", "    depth: front\n    visible: maybe\n"),
            "a.yaml:23:14: error: expected true or false for 'visible', got 'maybe'");
        row("locked not a boolean",
            replaced("    depth: front\n", "    depth: front\n    locked: 1\n"),
            "a.yaml:23:13: error: expected true or false for 'locked', got '1'");
        row("opacity not a number",
            replaced("    depth: front\n", "    depth: front\n    opacity: half\n"),
            "a.yaml:23:14: error: expected a number for 'opacity', got 'half'");
        row("seed too large",
            replaced("    depth: back\n", "    depth: back\n    seed: 4294967296\n"),
            "a.yaml:17:11: error: 'seed' must be between 0 and 4294967295, got 4294967296");
        row("seed negative", replaced("    depth: back\n", "    depth: back\n    seed: -1\n"),
            "a.yaml:17:11: error: 'seed' must be between 0 and 4294967295, got -1");
    }
    void loaderErrors() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const LoadResult r = loadLevelFromString(text.toStdString(), "a.yaml");
        QVERIFY2(!r.ok(), text.toUtf8().constData());
        QCOMPARE(QString::fromStdString(r.errors.front().toString()), expected);
    }

    // A duplicate name points at the first use with a note.
    void duplicateNamesHaveANote() {
        const LoadResult r =
            loadLevelFromString(replaced("  - name: deco", "  - name: ground"), "a.yaml");
        QCOMPARE(QString::fromStdString(allErrors(r)),
                 QString("a.yaml:20:11: error: duplicate art layer name 'ground' "
                         "(each art layer needs a name of its own)\n"
                         "a.yaml:14:11: note: the first art layer named "
                         "'ground'\n"));
    }

    // One mistake, one error: a tileset in error or unknown gives its layers' tiles no
    // errors of their own; a layer in error does not hide the next layer's.
    void noCascades() {
        LoadResult r = loadLevelFromString(replaced("count: 64}", "count: 0}"), "a.yaml");
        QCOMPARE(QString::fromStdString(allErrors(r)),
                 QString("a.yaml:12:69: error: 'count' must be between 1 and "
                         "65536, got 0\n"));
        r = loadLevelFromString(
            replaced("    tileset: cave\n    depth: back", "    tileset: none\n    depth: back"),
            "a.yaml");
        QCOMPARE(QString::fromStdString(allErrors(r)),
                 QString("a.yaml:15:14: error: unknown tileset 'none' (the "
                         "level's tileset is 'cave')\n"));
        std::string two = replaced("tile: 1}", "tile: 64}");
        two.replace(two.find(". . 63hvd"), 9, ". . 64hvd");
        r = loadLevelFromString(two, "a.yaml");
        QCOMPARE(QString::fromStdString(allErrors(r)),
                 QString("a.yaml:18:48: error: tile 64 is not in tileset 'cave' "
                         "(its tiles are 0 to 63)\n"
                         "a.yaml:25:11: error: tile 64 is not in tileset 'cave' "
                         "(its tiles are 0 to 63)\n"));
    }

    // A painted layer of bad tokens stops at the error cap.
    void errorCapOnAPaintedLayer() {
        std::string text = kArt;
        std::string rows = "    tiles: |\n";
        for (int y = 0; y < 2; ++y)
            rows += "      x x x\n";
        text.replace(text.find("    tiles: |\n"), std::string::npos, rows);
        Limits limits;
        limits.maxErrors = 4;
        const LoadResult r = loadLevelFromString(text, "a.yaml", limits);
        QCOMPARE(r.errors.size(), std::size_t(5));
        QCOMPARE(r.errors.back().message, std::string("too many errors; stopped after 4"));
    }

    // validateLevel() on models: the loader's rules (and what only a model can break),
    // each named by what it is about.
    void modelErrors_data() {
        QTest::addColumn<Mutation>("mutate");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, Mutation m, const char* expected) {
            QTest::newRow(name) << m << QString::fromUtf8(expected);
        };
        row(
            "unknown tileset", [](Level& l) { l.art[0].tileset = "caves"; },
            "art layer 'ground': unknown tileset 'caves' (the level's tileset is 'cave')");
        row(
            "rule tile too large", [](Level& l) { l.art[0].rules[1].tiles[2] = 64; },
            "art layer 'ground' rule 2: tile 64 is not in tileset 'cave' (its tiles are 0 to 63)");
        row(
            "negative rule tile", [](Level& l) { l.art[0].rules[0].tiles[0] = -1; },
            "art layer 'ground' rule 1: tile -1 is not in tileset 'cave' (its tiles are 0 to 63)");
        row(
            "painted tile too large", [](Level& l) { l.art[1].cells[4].index = 70; },
            "art layer 'deco' at x 1, y 1: tile 70 is not in tileset 'cave' (its tiles are 0 to "
            "63)");
        row(
            "painted tile below -1", [](Level& l) { l.art[1].cells[0].index = -2; },
            "art layer 'deco' at x 0, y 0: tile -2 is not in tileset 'cave' (its tiles are 0 to "
            "63)");
        row(
            "flip bits", [](Level& l) { l.art[1].cells[1].flips = 9; },
            "art layer 'deco' at x 1, y 0: unknown flips 9 (h is 1, v 2 and d 4)");
        row(
            "pattern character", [](Level& l) { l.art[0].rules[0].pattern[4] = '@'; },
            "art layer 'ground' rule 1: unknown pattern character '@' (expected # solid, = "
            "one-way, . empty, x not empty, o not solid or ? anything)");
        row(
            "empty variants", [](Level& l) { l.art[0].rules[1].tiles.clear(); },
            "art layer 'ground' rule 2: a rule's 'tiles' list is empty: give it one tile or more");
        row(
            "cells of an auto layer", [](Level& l) { l.art[0].cells.resize(6); },
            "art layer 'ground': an art layer has either 'rules' (an auto layer) or 'tiles' (a "
            "painted layer), not both");
        row(
            "rules of a painted layer", [](Level& l) { l.art[1].rules = l.art[0].rules; },
            "art layer 'deco': an art layer has either 'rules' (an auto layer) or 'tiles' (a "
            "painted layer), not both");
        row(
            "cells short of the map", [](Level& l) { l.art[1].cells.pop_back(); },
            "art layer 'deco': the layer has 5 cells; expected width x height = 6");
        row(
            "opacity nan", [](Level& l) { l.art[1].opacity = std::nanf(""); },
            "art layer 'deco': 'opacity' must be between 0 and 1, got .nan");
        row(
            "duplicate layer", [](Level& l) { l.art[1].name = "ground"; },
            "art layer 'ground': duplicate art layer name 'ground' (each art layer needs a name "
            "of its own)");
        row(
            "unnamed layer", [](Level& l) { l.art[1].name.clear(); },
            "art layer #2: an art layer's 'name' cannot be empty");
        row(
            "duplicate tileset", [](Level& l) { l.tilesets.push_back(l.tilesets[0]); },
            "tileset 'cave': duplicate tileset name 'cave' (each tileset needs a name of its own)");
        row(
            "tileset geometry", [](Level& l) { l.tilesets[0].columns = 0; },
            "tileset 'cave': 'columns' must be between 1 and 4096, got 0");
        row(
            "trans", [](Level& l) { l.tilesets[0].transparentColor = 0x1000000; },
            "tileset 'cave': expected a colour \"#rrggbb\" for 'trans', got 16777216");
        row(
            "no image", [](Level& l) { l.tilesets[0].image.clear(); },
            "tileset 'cave': 'image' cannot be empty (the tileset's PNG, relative to the level "
            "file)");
        row(
            "too many tilesets",
            [](Level& l) {
                for (int i = 0; i < limits::kMaxTilesets; ++i)
                    l.tilesets.push_back(Tileset{.name = "t" + std::to_string(i), .image = "t"});
            },
            "too many tilesets (257; the limit is 256)");
        row(
            "too many rules",
            [](Level& l) {
                l.art[0].rules.resize(std::size_t(limits::kMaxAutoRules) + 1, l.art[0].rules[0]);
            },
            "art layer 'ground': too many rules in an art layer (1025; the limit is 1024)");
    }
    void modelErrors() {
        QFETCH(Mutation, mutate);
        QFETCH(QString, expected);
        Level level = *loadLevelFromString(kArt).level;
        mutate(level);
        const std::vector<Diagnostic> errors = validateLevel(level);
        QVERIFY(!errors.empty());
        QCOMPARE(QString::fromStdString(errors.front().message), expected);
        // saveLevelFile() refuses it, and writes nothing.
        std::string why;
        QVERIFY(!saveLevelFile(level, "/nonexistent-dir/a.yaml", &why));
        QVERIFY2(why.find(errors.front().message) != std::string::npos, why.c_str());
    }

    // The art of a valid model: no errors. What does not apply is not saved and is no
    // error, as a box's radius: an empty cell's flips (a selection flipped in the editor
    // flips its empty cells too) and a painted layer's seed.
    void validModels() {
        Level level = *loadLevelFromString(kArt).level;
        QVERIFY(validateLevel(level).empty());
        level.art[1].cells[0].flips = kFlipHorizontal;
        level.art[1].seed = 3;
        QVERIFY(validateLevel(level).empty());
        Level saved = *loadLevelFromString(saveLevelToString(level)).level;
        QCOMPARE(saved.art[1].cells[0], ArtTile{});
        QCOMPARE(saved.art[1].seed, 0u);
        level.art.push_back(ArtLayer{.name = "empty", .tileset = "cave", .isAuto = true});
        QVERIFY(validateLevel(level).empty());
    }
};

QTEST_GUILESS_MAIN(TestArtErrors)
#include "test_arterrors.moc"
