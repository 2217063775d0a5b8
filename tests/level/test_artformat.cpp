// The art in level files (docs/format/level-format.md, "Art"): the canonical text of
// tilesets and art layers byte for byte, defaults left out, random art levels round trip
// byte-identically through the fast path, hand-written forms load to the same model, and
// the fast path reads art as yaml-cpp does (load errors: test_arterrors.cpp).
#include "levelio_testutil.h"

#include <QTest>

#include <random>

using namespace ts;
using namespace ts::level;
using namespace ts::level::test;

namespace {

const char* const kHead = "tilesmith: 1\n"
                          "name: Art\n"
                          "tile_size: 16\n"
                          "width: 4\n"
                          "height: 2\n"
                          "tiles: |\n"
                          "  ....\n"
                          "  #==#\n"
                          "spawns: []\n"
                          "physics: {gravity: 1500, walk_speed: 160, jump_speed: 480, "
                          "max_fall_speed: 720, one_way_threshold: 2, partition_cell: 16, "
                          "dt: 0.016666668}\n";

Level baseLevel() {
    Level l = Level::make(4, 2);
    l.name = "Art";
    l.setTile(0, 1, Tile::Solid);
    l.setTile(1, 1, Tile::OneWay);
    l.setTile(2, 1, Tile::OneWay);
    l.setTile(3, 1, Tile::Solid);
    return l;
}

AutoRule rule(const char* pattern9, std::vector<std::int32_t> tiles) {
    AutoRule r;
    for (std::size_t i = 0; i < 9; ++i)
        r.pattern[i] = pattern9[i];
    r.tiles = std::move(tiles);
    return r;
}

/// Random but valid art on a random level (seeded: the same levels everywhere).
struct ArtGen {
    std::mt19937 rng;
    explicit ArtGen(unsigned seed) : rng(seed) {}
    int range(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
    bool coin() { return range(0, 1) == 1; }
    std::string name(int i) {
        static const char* const tricky[] = {"ground",      "yes",        "a: b",    "#hash", "2",
                                             "caf\xC3\xA9", "with space", "quote\"", "-dash", "x"};
        return std::string(tricky[range(0, int(std::size(tricky)) - 1)]) + std::to_string(i);
    }
    Level level() {
        const int w = range(1, 24), h = range(1, 16);
        Level l = Level::make(w, h);
        for (Tile& t : l.tiles)
            t = kTileKinds[range(0, 2)];
        const int tilesets = range(1, 3);
        for (int i = 0; i < tilesets; ++i) {
            Tileset t;
            t.name = name(i);
            t.image = coin() ? "art/tiles" + std::to_string(i) + ".png" : "sheets #" + name(i);
            t.tileSize = range(1, 64);
            t.columns = range(1, 16);
            t.count = range(1, 300);
            t.margin = coin() ? 0 : range(1, 8);
            t.spacing = coin() ? 0 : range(1, 8);
            t.transparentColor = coin() ? -1 : range(0, 0xFFFFFF);
            l.tilesets.push_back(t);
        }
        const int layers = range(1, 4);
        static const char chars[] = "#=.xo?";
        for (int i = 0; i < layers; ++i) {
            ArtLayer a;
            a.name = name(i);
            const Tileset& t = l.tilesets[std::size_t(range(0, tilesets - 1))];
            a.tileset = t.name;
            a.depth = coin() ? ArtDepth::Back : ArtDepth::Front;
            a.opacity = coin() ? 1.0f : std::uniform_real_distribution<float>(0, 1)(rng);
            a.visible = range(0, 3) != 0;
            a.locked = range(0, 3) == 0;
            a.isAuto = coin();
            if (a.isAuto) {
                a.seed = coin() ? 0 : std::uint32_t(rng());
                const int rules = range(0, 6);
                for (int r = 0; r < rules; ++r) {
                    AutoRule ar;
                    for (char& c : ar.pattern)
                        c = chars[range(0, 5)];
                    const int n = range(1, 4);
                    for (int k = 0; k < n; ++k)
                        ar.tiles.push_back(range(0, t.count - 1));
                    a.rules.push_back(ar);
                }
            } else {
                a.cells.resize(std::size_t(w) * h);
                for (ArtTile& c : a.cells)
                    if (coin())
                        c = {range(0, t.count - 1), std::uint8_t(range(0, 7))};
            }
            l.art.push_back(a);
        }
        if (coin())
            l.spawns.push_back(Spawn::withDefaults(SpawnKind::Goal, 1, 0, 0));
        if (l.tile(0, 0) == Tile::Solid)
            l.setTile(0, 0, Tile::Empty);
        return l;
    }
};

/// The art the hand-written forms of TestArtFormat::handWrittenForms() hold, canonical.
std::string handCanonical() {
    return std::string(kHead) +
           "tilesets:\n"
           "  - {name: cave, image: cave.png, tile_size: 16, columns: 8, count: 64, trans: "
           "\"#a0b1c2\"}\n"
           "art:\n"
           "  - name: ground\n"
           "    tileset: cave\n"
           "    depth: back\n"
           "    rules:\n"
           "      - {pattern: [\"?.?\", \"?#?\", \"???\"], tile: 5}\n"
           "  - name: deco\n"
           "    tileset: cave\n"
           "    depth: front\n"
           "    tiles: |\n"
           "      . 1 2hv .\n"
           "      3 . . 63d\n";
}

} // namespace

class TestArtFormat : public QObject {
    Q_OBJECT

private slots:
    // Every key in its place, the optional ones when not their default.
    void canonicalText() {
        Level l = baseLevel();
        Tileset cave;
        cave.name = "cave";
        cave.image = "art/cave.png";
        cave.columns = 8;
        cave.count = 64;
        Tileset props;
        props.name = "props";
        props.image = "art/props #2.png";
        props.tileSize = 32;
        props.columns = 4;
        props.count = 14;
        props.margin = 1;
        props.spacing = 2;
        props.transparentColor = 0xFF00FF;
        l.tilesets = {cave, props};
        ArtLayer ground;
        ground.name = "ground";
        ground.tileset = "cave";
        ground.isAuto = true;
        ground.seed = 7;
        ground.rules = {rule("?.??#????", {1}), rule("????#????", {9, 10, 11})};
        ArtLayer deco;
        deco.name = "deco";
        deco.tileset = "props";
        deco.depth = ArtDepth::Front;
        deco.opacity = 0.5f;
        deco.visible = false;
        deco.locked = true;
        deco.cells = {{},
                      {3, 0},
                      {13, kFlipHorizontal},
                      {},
                      {0, kFlipVertical | kFlipDiagonal},
                      {},
                      {12, kFlipHorizontal | kFlipVertical | kFlipDiagonal},
                      {}};
        ArtLayer none;
        none.name = "no rules yet";
        none.tileset = "cave";
        none.isAuto = true;
        l.art = {ground, deco, none};
        l.properties["music"] = std::string("cave");
        const std::string expected =
            std::string(kHead) +
            "tilesets:\n"
            "  - {name: cave, image: art/cave.png, tile_size: 16, columns: 8, count: 64}\n"
            "  - {name: props, image: \"art/props #2.png\", tile_size: 32, columns: 4, count: 14, "
            "margin: 1, spacing: 2, trans: \"#ff00ff\"}\n"
            "art:\n"
            "  - name: ground\n"
            "    tileset: cave\n"
            "    depth: back\n"
            "    seed: 7\n"
            "    rules:\n"
            "      - {pattern: [\"?.?\", \"?#?\", \"???\"], tile: 1}\n"
            "      - {pattern: [\"???\", \"?#?\", \"???\"], tiles: [9, 10, 11]}\n"
            "  - name: deco\n"
            "    tileset: props\n"
            "    depth: front\n"
            "    opacity: 0.5\n"
            "    visible: false\n"
            "    locked: true\n"
            "    tiles: |\n"
            "      . 3 13h .\n"
            "      0vd . 12hvd .\n"
            "  - name: no rules yet\n"
            "    tileset: cave\n"
            "    depth: back\n"
            "    rules: []\n"
            "properties:\n"
            "  music: cave\n";
        QVERIFY(validateLevel(l).empty());
        const std::string text = saveLevelToString(l);
        QCOMPARE(text, expected);
        const LoadResult r = loadLevelFromString(text);
        QVERIFY2(r.ok(), errorsText(r).c_str());
        QCOMPARE(*r.level, l);
        QCOMPARE(saveLevelToString(*r.level), text);
        std::string why;
        QVERIFY2(compareParsers(text, why) == 1, why.c_str());
    }

    // A level without art writes neither key: every file from before art is unchanged.
    void noArtNoKeys() {
        const std::string text = saveLevelToString(baseLevel());
        QCOMPARE(text, std::string(kHead));
        Level withTileset = baseLevel();
        withTileset.tilesets.push_back(Tileset{.name = "t", .image = "t.png"});
        const std::string one = saveLevelToString(withTileset);
        QVERIFY2(one.find("art:") == std::string::npos, one.c_str());
        QVERIFY2(one.find("tilesets:\n  - {name: t, image: t.png, tile_size: 16, columns: 1, "
                          "count: 1}\n") != std::string::npos,
                 one.c_str());
    }

    // Random tilesets and layers of both kinds (tricky names, any flips, any seed):
    // valid, load(save(level)) == level, saved twice the same, read by the fast path as
    // yaml-cpp reads them.
    void randomArtLevelsRoundTrip() {
        ArtGen gen(2024);
        for (int i = 0; i < 200; ++i) {
            const Level l = gen.level();
            const std::vector<Diagnostic> problems = validateLevel(l);
            QVERIFY2(problems.empty(), problems.empty() ? "" : problems[0].toString().c_str());
            const std::string text = saveLevelToString(l);
            const LoadResult r = loadLevelFromString(text, "random.yaml");
            QVERIFY2(r.ok(), (errorsText(r) + text).c_str());
            if (!(*r.level == l)) {
                qWarning("level %d does not round-trip:\n%s", i, text.c_str());
                QFAIL("load(save(level)) != level");
            }
            QCOMPARE(saveLevelToString(*r.level), text);
            std::string why;
            QVERIFY2(compareParsers(text, why) == 1, (why + "\n" + text).c_str());
        }
    }

    // Every flip combination in a token, in the order h, v, d.
    void flipTokens() {
        std::string text = std::string(kHead) + "tilesets:\n"
                                                "  - {name: t, image: t.png, tile_size: 16, "
                                                "columns: 1, count: 8}\n"
                                                "art:\n"
                                                "  - name: p\n"
                                                "    tileset: t\n"
                                                "    depth: back\n"
                                                "    tiles: |\n"
                                                "      0 1h 2v 3hv\n"
                                                "      4d 5hd 6vd 7hvd\n";
        const LoadResult r = loadLevelFromString(text);
        QVERIFY2(r.ok(), errorsText(r).c_str());
        const std::vector<ArtTile>& cells = r.level->art[0].cells;
        QCOMPARE(cells.size(), std::size_t(8));
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(cells[std::size_t(i)].index, i);
            QCOMPARE(int(cells[std::size_t(i)].flips), i); // h = 1, v = 2, d = 4
        }
        QCOMPARE(saveLevelToString(*r.level), text);
    }

    // Hand-written forms (any key order, block style, a one-tile 'tiles' list, an upper-case
    // colour, comments, the art before the tilesets, 'depth' left out) load to the model
    // the canonical text holds.
    void handWrittenForms_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("canonical") << QString::fromStdString(handCanonical());
        QTest::newRow("hand-written") << QString::fromStdString(
            std::string("# art first, tilesets after, keys in any order\n") + kHead +
            "art:\n"
            "- tileset: cave   # a comment\n"
            "  name: ground\n"
            "  rules:\n"
            "  - pattern:\n"
            "    - '?.?'\n"
            "    - \"?#?\"\n"
            "    - \"???\"\n"
            "    tiles: [5]\n"
            "- {name: deco, depth: front, tileset: cave, tiles: \". 1 2hv .\\n3 . . 63d\"}\n"
            "tilesets:\n"
            "- count: 64\n"
            "  columns: 8\n"
            "  tile_size: 16\n"
            "  image: \"cave.png\"\n"
            "  trans: '#A0B1C2'\n"
            "  name: cave\n");
        QTest::newRow("deeper indentation") << QString::fromStdString(
            std::string(kHead) + "tilesets:\n"
                                 "    - {name: cave, image: cave.png, tile_size: 16, "
                                 "columns: 8, count: 64, trans: \"#a0b1c2\"}\n"
                                 "art:\n"
                                 "    -   name: ground\n"
                                 "        tileset: cave\n"
                                 "        rules:\n"
                                 "            - {pattern: [\"?.?\", \"?#?\", \"???\"], "
                                 "tile: 5}\n"
                                 "    -   name: deco\n"
                                 "        tileset: cave\n"
                                 "        depth: front\n"
                                 "        tiles: |\n"
                                 "                . 1 2hv .\n"
                                 "                3 . . 63d\n");
    }
    void handWrittenForms() {
        QFETCH(QString, text);
        const LoadResult r = loadLevelFromString(text.toStdString(), "hand.yaml");
        QVERIFY2(r.ok(), errorsText(r).c_str());
        const LoadResult c = loadLevelFromString(handCanonical());
        QVERIFY(c.ok());
        QCOMPARE(*r.level, *c.level);
        QCOMPARE(saveLevelToString(*r.level), handCanonical());
        QCOMPARE(r.level->tilesets[0].transparentColor, 0xA0B1C2);
        QCOMPARE(r.level->art[0].rules[0].tiles, std::vector<std::int32_t>{5});
        QCOMPARE(r.level->art[1].cells[2], (ArtTile{2, kFlipHorizontal | kFlipVertical}));
        // Whatever the fast path takes, it reads as yaml-cpp does.
        std::string why;
        QVERIFY2(compareParsers(text.toStdString(), why) >= 0, why.c_str());
    }

    // The fast path on the art the saver writes and on texts near it: it takes them or
    // declines, never reads them otherwise than yaml-cpp.
    void fastPathOnArt_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("fast");
        QTest::newRow("block map in a list")
            << QByteArray("a:\n  - b: 1\n    c: [x, \"y\", 3]\n  - {d: e}\n") << true;
        QTest::newRow("literal under a nested key")
            << QByteArray("a:\n  - b: |\n      1 2\n      3 4\n    c: d\ne: f\n") << true;
        QTest::newRow("nested list of flow maps")
            << QByteArray(
                   "a:\n  - r:\n      - {p: [\"?.?\", \"?#?\"], t: 1}\n      - {p: []}\nb: 1\n")
            << true;
        QTest::newRow("empty flow list in a block map") << QByteArray("a:\n  - r: []\n") << true;
        QTest::newRow("list at the key's indentation")
            << QByteArray("a:\n  - r:\n    - 1\n") << false;
        QTest::newRow("literal less indented than its key")
            << QByteArray("a:\n  - b: |\n   1 2\n") << false;
        QTest::newRow("uneven literal rows")
            << QByteArray("a:\n  - b: |\n      1\n       2\n") << false;
        QTest::newRow("nested flow list") << QByteArray("a: {b: [[1]]}\n") << false;
        QTest::newRow("dash alone in a flow list") << QByteArray("a: {b: [-]}\n") << false;
        QTest::newRow("space before a flow item") << QByteArray("a: {b: [ 1]}\n") << false;
        QTest::newRow("trailing space in a flow list") << QByteArray("a: {b: [1 , 2]}\n") << true;
        QTest::newRow("unclosed flow list") << QByteArray("a: {b: [1, 2}\n") << false;
        QTest::newRow("key then dash") << QByteArray("a:\n  b: 1\n  - c\n") << false;
    }
    void fastPathOnArt() {
        QFETCH(QByteArray, text);
        QFETCH(bool, fast);
        std::string why;
        const int r = compareParsers(text.toStdString(), why);
        QVERIFY2(r >= 0, why.c_str());
        if (fast)
            QCOMPARE(r, 1);
    }

    // A big painted layer goes the fast way, and loads whole.
    void bigPaintedLayer() {
        Level l = Level::make(512, 256);
        l.tilesets.push_back(Tileset{.name = "t", .image = "t.png", .columns = 16, .count = 256});
        ArtLayer a;
        a.name = "p";
        a.tileset = "t";
        a.cells.resize(l.tiles.size());
        std::mt19937 rng(5);
        for (ArtTile& c : a.cells)
            if (rng() % 3)
                c = {std::int32_t(rng() % 256), std::uint8_t(rng() % 8)};
        l.art.push_back(a);
        const std::string text = saveLevelToString(l);
        std::string why;
        QVERIFY2(compareParsers(text, why) == 1, why.c_str());
        const LoadResult r = loadLevelFromString(text);
        QVERIFY2(r.ok(), errorsText(r).c_str());
        QCOMPARE(*r.level, l);
    }

    // A tileset's image need not exist: the level library reads no images.
    void missingImageIsNoError() {
        const std::string text = std::string(kHead) +
                                 "tilesets:\n  - {name: t, image: /nonexistent/dir/none.png, "
                                 "tile_size: 16, columns: 1, count: 1}\n";
        const LoadResult r = loadLevelFromString(text);
        QVERIFY2(r.ok(), errorsText(r).c_str());
        QVERIFY(validateLevel(*r.level).empty());
    }
};

QTEST_GUILESS_MAIN(TestArtFormat)
#include "test_artformat.moc"
