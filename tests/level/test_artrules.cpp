// The auto-layer rule contract (art.h, docs/format/level-format.md "Auto rules") on
// designed patterns: tops, sides and corners, the clamped map border, one-way tiles, 'x'
// and 'o', the first match winning, no match painting nothing, variants and seeds with
// the variant hash's test vectors (the spec lists the same); AutoTiler::update() after
// random edits equals a fresh resolve(); a tileset's geometry.
#include "tilesmith/level/art.h"
#include "tilesmith/level/level.h"

#include <QTest>

#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

/// A level from rows: '#' solid, '=' one-way, anything else empty.
Level fromRows(const std::vector<std::string>& rows) {
    Level l = Level::make(int(rows[0].size()), int(rows.size()));
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x) {
            const char c = rows[std::size_t(y)][std::size_t(x)];
            l.setTile(x, y, c == '#' ? Tile::Solid : c == '=' ? Tile::OneWay : Tile::Empty);
        }
    return l;
}

/// A rule from its three pattern rows.
AutoRule rule(const char* top, const char* middle, const char* bottom,
              std::vector<std::int32_t> tiles) {
    AutoRule r;
    for (int c = 0; c < 3; ++c) {
        r.pattern[std::size_t(c)] = top[c];
        r.pattern[std::size_t(3 + c)] = middle[c];
        r.pattern[std::size_t(6 + c)] = bottom[c];
    }
    r.tiles = std::move(tiles);
    return r;
}

ArtLayer autoLayer(std::vector<AutoRule> rules, std::uint32_t seed = 0) {
    ArtLayer a;
    a.name = "auto";
    a.tileset = "t";
    a.isAuto = true;
    a.rules = std::move(rules);
    a.seed = seed;
    return a;
}

/// What a layer paints, as rows: a tile 0-9 as its digit, 10-35 as 'a'-'z', none as '.'.
std::vector<std::string> painted(const Level& level, const ArtLayer& layer) {
    const std::vector<ArtTile> grid = resolveArtLayer(level, layer);
    std::vector<std::string> rows(std::size_t(level.height), std::string(level.width, '.'));
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x) {
            const ArtTile t = grid[std::size_t(y) * level.width + x];
            if (!t.empty())
                rows[std::size_t(y)][std::size_t(x)] =
                    char(t.index < 10 ? '0' + t.index : 'a' + t.index - 10);
        }
    return rows;
}

QString shown(const std::vector<std::string>& rows) {
    QString s;
    for (const std::string& r : rows)
        s += QString::fromStdString(r) + "\n";
    return s;
}

#define COMPARE_ROWS(actual, expected)                                                             \
    QCOMPARE(shown(actual), shown(std::vector<std::string> expected))

} // namespace

class TestArtRules : public QObject {
    Q_OBJECT

private slots:
    // A solid tile with air above is a top; every other solid tile is a fill. Row 0 has
    // no row above it: the row itself stands there (clamped), so a block touching the
    // map's top edge has no top there, and none is drawn along the edge.
    void topsAndFill() {
        const Level l = fromRows({
            "##...",
            "##.##",
            "#####",
        });
        const ArtLayer a = autoLayer({
            rule("?.?", "?#?", "???", {1}),
            rule("???", "?#?", "???", {2}),
        });
        COMPARE_ROWS(painted(l, a), ({
                                        "22...",
                                        "22.11",
                                        "22122",
                                    }));
    }

    // Sides and corners, first match first: corners before sides before tops.
    void cornersAndSides() {
        const Level l = fromRows({
            "......",
            ".####.",
            ".####.",
            "######",
        });
        const ArtLayer a = autoLayer({
            rule("?.?", ".#?", "???", {3}), // top-left corner
            rule("?.?", "?#.", "???", {4}), // top-right corner
            rule("?.?", "?#?", "???", {1}), // top
            rule("???", ".#?", "???", {5}), // left side
            rule("???", "?#.", "???", {6}), // right side
            rule("???", "?#?", "???", {2}), // fill
        });
        // The bottom row's ends: the map's sides read as the row's own end tiles
        // (solid), so they are tops, not corners, and no side is drawn along the edge.
        COMPARE_ROWS(painted(l, a), ({
                                        "......",
                                        ".3114.",
                                        ".5226.",
                                        "122221",
                                    }));
    }

    // The clamped border in every direction, on a map of one tile: all nine neighbours
    // are the tile itself.
    void oneTileMap() {
        Level l = Level::make(1, 1);
        l.setTile(0, 0, Tile::Solid);
        QCOMPARE(painted(l, autoLayer({rule("###", "###", "###", {7})}))[0], std::string("7"));
        QCOMPARE(painted(l, autoLayer({rule("?.?", "?#?", "???", {7})}))[0], std::string("."));
        l.setTile(0, 0, Tile::OneWay);
        QCOMPARE(painted(l, autoLayer({rule("===", "===", "===", {8})}))[0], std::string("8"));
    }

    // A column map and a row map: the clamped neighbour is the cell's own row or column.
    void thinMaps() {
        const Level column = fromRows({".", "#", "#"});
        COMPARE_ROWS(painted(column, autoLayer({rule("...", "###", "###", {1}),
                                                rule("###", "###", "###", {2})})),
                     ({".", "1", "2"}));
        const Level row = fromRows({".##="});
        COMPARE_ROWS(
            painted(row, autoLayer({rule(".##", ".##", ".##", {1}), rule("##=", "##=", "##=", {2}),
                                    rule("#==", "#==", "#==", {3})})),
            ({".123"}));
    }

    // '=' is one-way only: '#' and '.' do not match it. Platform ends and middles.
    void oneWay() {
        const Level l = fromRows({
            "......",
            ".====.",
            "..#...",
        });
        const ArtLayer a = autoLayer({
            rule("???", ".=?", "???", {5}),
            rule("???", "?=.", "???", {7}),
            rule("???", "?=?", "???", {6}),
        });
        COMPARE_ROWS(painted(l, a), ({
                                        "......",
                                        ".5667.",
                                        "......",
                                    }));
        // A solid neighbour is no empty one, nor a one-way one.
        const Level mixed = fromRows({"#==#"});
        COMPARE_ROWS(painted(mixed, a), ({".66."}));
        COMPARE_ROWS(painted(mixed, autoLayer({rule("???", "#=?", "???", {1})})), ({".1.."}));
        COMPARE_ROWS(painted(mixed, autoLayer({rule("???", "?#?", "???", {2})})), ({"2..2"}));
    }

    // 'x' is not empty (solid or one-way); 'o' is not solid (empty or one-way); '?' is
    // anything, the centre included; '.' at the centre paints empty cells.
    void xAndO() {
        const Level l = fromRows({
            "#=.",
            "###",
        });
        COMPARE_ROWS(painted(l, autoLayer({rule("?x?", "?#?", "???", {8})})), ({"8..", "88."}));
        COMPARE_ROWS(painted(l, autoLayer({rule("?o?", "?#?", "???", {9})})), ({"...", ".99"}));
        COMPARE_ROWS(painted(l, autoLayer({rule("???", "?x?", "???", {1})})), ({"11.", "111"}));
        COMPARE_ROWS(painted(l, autoLayer({rule("???", "?o?", "???", {2})})), ({".22", "..."}));
        COMPARE_ROWS(painted(l, autoLayer({rule("???", "???", "???", {3})})), ({"333", "333"}));
        COMPARE_ROWS(painted(l, autoLayer({rule("???", "?.?", "???", {4})})), ({"..4", "..."}));
    }

    // Of the rules that match, the first paints; the order of the list decides.
    void firstMatchWins() {
        const Level l = fromRows({"..", "##"});
        const AutoRule any = rule("???", "?#?", "???", {1});
        const AutoRule top = rule("?.?", "?#?", "???", {2});
        COMPARE_ROWS(painted(l, autoLayer({any, top})), ({"..", "11"}));
        COMPARE_ROWS(painted(l, autoLayer({top, any})), ({"..", "22"}));
    }

    // No match paints nothing; neither do no rules, nor a rule without tiles (the loader
    // and validateLevel() refuse one; a model may hold it while being edited).
    void noMatchPaintsNothing() {
        const Level l = fromRows({"#.=", "###"});
        COMPARE_ROWS(painted(l, autoLayer({rule("===", "===", "===", {1})})), ({"...", "..."}));
        COMPARE_ROWS(painted(l, autoLayer({})), ({"...", "..."}));
        COMPARE_ROWS(
            painted(l, autoLayer({rule("???", "???", "???", {}), rule("???", "?#?", "???", {4})})),
            ({"4..", "444"}));
        // A pattern character the contract does not know matches nothing.
        COMPARE_ROWS(painted(l, autoLayer({rule("???", "?a?", "???", {1})})), ({"...", "..."}));
    }

    // The pattern characters mean the tile kinds, whatever the level's legend writes.
    void legendDoesNotMatter() {
        Level l = fromRows({"..#", "###"});
        const ArtLayer a =
            autoLayer({rule("?.?", "?#?", "???", {1}), rule("???", "?#?", "???", {2})});
        const auto before = painted(l, a);
        l.legend = Legend{'_', 'X', '-'};
        QCOMPARE(painted(l, a), before);
    }

    // The variant hash, written out in the spec: test vectors every implementation must
    // give (the spec's table holds the same values).
    void variantTestVectors() {
        struct Vector {
            int x, y;
            std::uint32_t seed;
            std::size_t n;
            std::uint32_t expected;
        };
        const Vector vectors[] = {
            {0, 0, 0, 3, 0},  {1, 0, 0, 3, 1},   {0, 1, 0, 3, 1},
            {5, 7, 0, 3, 0},  {5, 7, 1, 3, 1},   {100, 200, 42, 4, 1},
            {3, 2, 7, 3, 2},  {12, 34, 0, 2, 1}, {4095, 4095, 4294967295u, 7, 6},
            {-1, 0, 0, 3, 0}, {7, 7, 7, 1, 0},   {7, 7, 7, 0, 0},
        };
        for (const Vector& v : vectors)
            QVERIFY2(artVariant(v.x, v.y, v.seed, v.n) == v.expected,
                     qPrintable(QString("artVariant(%1, %2, %3, %4) = %5, expected %6")
                                    .arg(v.x)
                                    .arg(v.y)
                                    .arg(v.seed)
                                    .arg(v.n)
                                    .arg(artVariant(v.x, v.y, v.seed, v.n))
                                    .arg(v.expected)));
        // A count past 32 bits is a count like any other (the hash itself, below it).
        QCOMPARE(artVariant(1, 0, 0, std::size_t(1) << 40), 0x58f54975u);
    }

    // A rule with variants paints tiles[artVariant(x, y, seed, n)] at each cell; every
    // variant shows up about as often as the others, and the seed changes the picture.
    void variantsAndSeeds() {
        Level l = Level::make(64, 64);
        for (Tile& t : l.tiles)
            t = Tile::Solid;
        const std::vector<std::int32_t> tiles{10, 11, 12};
        const ArtLayer a = autoLayer({rule("???", "?#?", "???", tiles)}, 0);
        const ArtLayer b = autoLayer({rule("???", "?#?", "???", tiles)}, 99);
        const std::vector<ArtTile> ga = resolveArtLayer(l, a);
        const std::vector<ArtTile> gb = resolveArtLayer(l, b);
        int counts[3] = {0, 0, 0};
        int differ = 0;
        for (int y = 0; y < l.height; ++y)
            for (int x = 0; x < l.width; ++x) {
                const std::size_t i = std::size_t(y) * 64 + x;
                QCOMPARE(ga[i].index, tiles[artVariant(x, y, 0, 3)]);
                QCOMPARE(gb[i].index, tiles[artVariant(x, y, 99, 3)]);
                QCOMPARE(ga[i].flips, std::uint8_t(0));
                ++counts[ga[i].index - 10];
                differ += ga[i].index != gb[i].index;
            }
        for (int c : counts)
            QVERIFY2(c > 4096 / 3 - 200 && c < 4096 / 3 + 200, qPrintable(QString::number(c)));
        QVERIFY2(differ > 4096 / 2, qPrintable(QString::number(differ))); // about 2/3 differ
        // One tile is no variant: it is painted everywhere, whatever the seed.
        const ArtLayer one = autoLayer({rule("???", "?#?", "???", {5})}, 1234);
        for (const ArtTile& t : resolveArtLayer(l, one))
            QCOMPARE(t.index, 5);
    }

    // tileAt() is resolve()'s cell; outside the map it is no tile.
    void tileAtIsResolvesCell() {
        const Level l = fromRows({"#..=", "##.#", "####"});
        const ArtLayer a =
            autoLayer({rule("?.?", "?#?", "???", {1}), rule("???", "?=?", "???", {2, 3}),
                       rule("???", "?#?", "???", {4, 5, 6})},
                      5);
        const AutoTiler tiler(a);
        const std::vector<ArtTile> grid = tiler.resolve(l);
        for (int y = 0; y < l.height; ++y)
            for (int x = 0; x < l.width; ++x)
                QCOMPARE(tiler.tileAt(l, x, y), grid[std::size_t(y) * l.width + x]);
        for (auto [x, y] :
             std::initializer_list<std::pair<int, int>>{{-1, 0}, {4, 0}, {0, -1}, {0, 3}})
            QVERIFY(tiler.tileAt(l, x, y).empty());
        // A level without its tiles resolves to nothing, not to a crash.
        Level bare;
        bare.width = 3;
        bare.height = 2;
        QCOMPARE(tiler.resolve(bare), std::vector<ArtTile>(6));
        QVERIFY(tiler.tileAt(bare, 1, 1).empty());
    }

    // A painted layer draws its cells; an auto layer its rules' tiles.
    void resolveArtLayerOfEachKind() {
        const Level l = fromRows({"..", "##"});
        ArtLayer p;
        p.cells = {{3, kFlipHorizontal}, {}, {}, {4, kFlipDiagonal}};
        QCOMPARE(resolveArtLayer(l, p), p.cells);
        const ArtLayer a = autoLayer({rule("???", "?#?", "???", {1})});
        QCOMPARE(resolveArtLayer(l, a), AutoTiler(a).resolve(l));
    }

    // The editor's path: after each edit, update() the cells around it. After random
    // edits of random sizes, at the map's edges and corners too, the grid is always a
    // fresh resolve() of the level (seeded: the same edits on every run).
    void updateAfterRandomEditsEqualsResolve() {
        std::mt19937 rng(4242);
        const auto pick = [&](int lo, int hi) {
            return std::uniform_int_distribution<int>(lo, hi)(rng);
        };
        // Rules from every pattern character, variants included, in a fixed random order.
        const char chars[] = "#=.xo?";
        std::vector<AutoRule> rules;
        for (int r = 0; r < 40; ++r) {
            AutoRule rule;
            for (char& c : rule.pattern)
                c = pick(0, 2) == 0 ? chars[pick(0, 5)] : '?';
            const int n = pick(1, 4);
            for (int k = 0; k < n; ++k)
                rule.tiles.push_back(pick(0, 63));
            rules.push_back(rule);
        }
        for (auto [w, h] :
             std::initializer_list<std::pair<int, int>>{{37, 23}, {1, 9}, {9, 1}, {2, 2}}) {
            Level l = Level::make(w, h);
            for (Tile& t : l.tiles)
                t = kTileKinds[pick(0, 2)];
            const ArtLayer layer = autoLayer(rules, 77);
            const AutoTiler tiler(layer);
            std::vector<ArtTile> grid = tiler.resolve(l);
            for (int edit = 0; edit < 1500; ++edit) {
                // A dab of 1 x 1 to 4 x 4, a third of them touching an edge or a corner,
                // some reaching past the map (the part outside is clipped).
                const int ew = pick(1, 4), eh = pick(1, 4);
                int x = pick(-ew + 1, w - 1), y = pick(-eh + 1, h - 1);
                if (pick(0, 2) == 0) {
                    x = pick(0, 1) ? -pick(0, ew - 1) : w - pick(1, ew);
                    y = pick(0, 1) ? -pick(0, eh - 1) : h - pick(1, eh);
                }
                for (int yy = y; yy < y + eh; ++yy)
                    for (int xx = x; xx < x + ew; ++xx)
                        l.setTile(xx, yy, kTileKinds[pick(0, 2)]);
                tiler.update(l, x, y, ew, eh, grid);
                if (grid != tiler.resolve(l))
                    QFAIL(qPrintable(QString("map %1 x %2, edit %3 at (%4, %5) %6 x %7: the "
                                             "updated grid is not a fresh resolve()")
                                         .arg(w)
                                         .arg(h)
                                         .arg(edit)
                                         .arg(x)
                                         .arg(y)
                                         .arg(ew)
                                         .arg(eh)));
            }
        }
    }

    // Rectangles update() takes as they come: empty ones change nothing, ones far
    // outside the map (int limits included) neither, and a grid of the wrong size is
    // left alone.
    void updateTakesAnyRectangle() {
        Level l = fromRows({"#.#", "###"});
        const ArtLayer a = autoLayer({rule("???", "?#?", "???", {1})});
        const AutoTiler tiler(a);
        const std::vector<ArtTile> fresh = tiler.resolve(l);
        std::vector<ArtTile> grid(fresh.size());
        const int big = std::numeric_limits<int>::max(), small = std::numeric_limits<int>::min();
        const std::initializer_list<std::tuple<int, int, int, int>> outside = {
            {0, 0, 0, 5},         {0, 0, 5, -1}, {big, 0, big, 1},
            {small, small, 1, 1}, {5, 5, 2, 2},  {-5, 0, 3, 1}};
        for (auto [x, y, w, h] : outside) {
            tiler.update(l, x, y, w, h, grid);
            QCOMPARE(grid, std::vector<ArtTile>(fresh.size()));
        }
        tiler.update(l, -1000, -1000, big, big, grid); // covers the map: all of it
        QCOMPARE(grid, fresh);
        std::vector<ArtTile> wrong(2);
        tiler.update(l, 0, 0, 3, 2, wrong);
        QCOMPARE(wrong, std::vector<ArtTile>(2));
    }

    // Tiled's geometry: tile i at column i % columns, row i / columns, after the margin,
    // with the spacing between tiles; the image the geometry needs, at least.
    void tilesetGeometry() {
        Tileset t;
        t.tileSize = 16;
        t.columns = 8;
        t.count = 60;
        QCOMPARE(t.tileRect(0), (PixelRect{0, 0, 16, 16}));
        QCOMPARE(t.tileRect(9), (PixelRect{16, 16, 16, 16}));
        QCOMPARE(t.minimumImageWidth(), 128);
        QCOMPARE(t.minimumImageHeight(), 128); // 60 tiles: 8 rows, the last one partly used
        t.margin = 1;
        t.spacing = 2;
        QCOMPARE(t.tileRect(9), (PixelRect{19, 19, 16, 16}));
        // The margin before the first column and row only, as Tiled cuts a sheet.
        QCOMPARE(t.minimumImageWidth(), 1 + 8 * 16 + 7 * 2);
        QCOMPARE(t.minimumImageHeight(), 1 + 8 * 16 + 7 * 2);
        // A geometry outside the limits (a model not validated yet) gives large numbers,
        // not an overflow.
        Tileset huge;
        huge.tileSize = std::numeric_limits<int>::max();
        huge.spacing = std::numeric_limits<int>::max();
        huge.margin = std::numeric_limits<int>::max();
        huge.columns = 1;
        huge.count = std::numeric_limits<int>::max();
        QVERIFY(huge.minimumImageWidth() >= 1 << 24);
        QCOMPARE(huge.minimumImageHeight(), std::numeric_limits<int>::max());
        QCOMPARE(huge.tileRect(std::numeric_limits<int>::max()).y, std::numeric_limits<int>::max());
    }

    // Cutting a sheet as Tiled does: whole tiles after the leading margin, with the spacing
    // between them; no trailing margin needed; nothing when no tile fits.
    void cutSheet() {
        QCOMPARE(tilesAcross(128, 16, 0, 0), 8);
        QCOMPARE(tilesAcross(127, 16, 0, 0), 7);
        QCOMPARE(tilesAcross(1 + 8 * 16 + 7 * 2, 16, 1, 2), 8); // no margin after the last
        QCOMPARE(tilesAcross(1 + 8 * 16 + 7 * 2 - 1, 16, 1, 2), 7);
        QCOMPARE(tilesAcross(15, 16, 0, 0), 0);
        QCOMPARE(tilesAcross(64, 0, 0, 0), 0);
        QCOMPARE(tilesAcross(64, 16, -1, 0), 0);
        QCOMPARE(tilesAcross(std::numeric_limits<int>::max(), 1, 0, std::numeric_limits<int>::max()), 1);
        QCOMPARE(tilesAcross(std::numeric_limits<int>::max(), 1, 0, 0), std::numeric_limits<int>::max());

        Tileset t;
        t.tileSize = 16;
        QVERIFY(cutTilesetImage(t, 70, 40)); // 4 x 2 whole tiles
        QCOMPARE(t.columns, 4);
        QCOMPARE(t.count, 8);
        Tileset none = t;
        QVERIFY(!cutTilesetImage(none, 15, 400));
        QCOMPARE(none, t); // unchanged
        Tileset wide;
        wide.tileSize = 1;
        QVERIFY(cutTilesetImage(wide, 100000, 100000)); // clamped to the format's ranges
        QCOMPARE(wide.columns, 4096);
        QCOMPARE(wide.count, 65536);
    }

    // A tile's place on the map: its bottom-left corner on its cell's, so a tile larger than
    // the cells reaches up and right (Tiled's rule), a smaller one sits at the bottom.
    void tileDestination() {
        Level level;
        level.tileSize = 16;
        level.width = 10;
        level.height = 10;
        QCOMPARE(artTileDestination(level, 2, 3, 16), (PixelRect{32, 48, 16, 16}));
        QCOMPARE(artTileDestination(level, 2, 3, 32), (PixelRect{32, 32, 32, 32}));
        QCOMPARE(artTileDestination(level, 0, 0, 8), (PixelRect{0, 8, 8, 8}));
        QCOMPARE(artTileDestination(level, 0, 0, 48), (PixelRect{0, -32, 48, 48}));
    }
};

QTEST_GUILESS_MAIN(TestArtRules)
#include "test_artrules.moc"
