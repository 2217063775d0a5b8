// The starter tileset and its rules (resources/tilesets): the ground rules give every
// solid neighbourhood exactly one tile, designed shapes get the tiles drawn for them, the
// samples use them and have no holes, the image has the declared geometry and its ground tiles
// cover their cells, and tools/make-starter-tileset.py still makes the committed files.
#include "starterart.h"
#include "tilesmith/level/levelio.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>
#include <sstream>

using namespace ts;
using namespace ts::level;
using namespace ts::level::test;

namespace {

/// The index map of the tileset (tools/make-starter-tileset.py, resources/tilesets/README.md)
/// by the names the expected grids below use: T top, B underside, L/R sides, C inside,
/// CT/CM/CB a one-wide column, LL/LM/LR a one-high ledge, S a single block, iNE.. an inner
/// corner by its open diagonal, P. the one-way platform's left, middle, right, single.
const std::map<std::string, std::set<int>> kTiles = {
    {"TL", {0}},       {"T", {1, 14, 15, 22}}, {"TR", {2}},       {"CT", {3}},
    {"LL", {4}},       {"LM", {5, 30, 31}},    {"LR", {6}},       {"S", {7}},
    {"L", {8, 27}},    {"C", {9, 24, 25, 26}}, {"R", {10, 28}},   {"CM", {11, 29}},
    {"iSE", {12}},     {"iSW", {13}},          {"BL", {16}},      {"B", {17, 23}},
    {"BR", {18}},      {"CB", {19}},           {"iNE", {20}},     {"iNW", {21}},
    {"T+iSW", {32}},   {"T+iSE", {33}},        {"iSW+iSE", {49}}, {"TL+iSE", {38}},
    {"iNW+iNE", {48}}, {"PL", {59}},           {"PM", {60, 63}},  {"PR", {61}},
    {"PS", {62}},
};
constexpr int kGroundTiles = 59; ///< tiles 0 .. 58 are ground
constexpr int kFirstDecoration = 64;

Level levelOf(const std::vector<std::string>& rows, const StarterArt& art) {
    Level l = Level::make(int(rows[0].size()), int(rows.size()));
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x) {
            const char c = rows[std::size_t(y)][std::size_t(x)];
            l.setTile(x, y, c == '#' ? Tile::Solid : c == '=' ? Tile::OneWay : Tile::Empty);
        }
    l.tilesets = art.tilesets;
    l.art = art.art;
    return l;
}

const ArtLayer& layer(const StarterArt& art, const char* name) {
    for (const ArtLayer& a : art.art)
        if (a.name == name)
            return a;
    qFatal("no layer %s", name);
}

std::vector<std::string> tokens(const std::string& row) {
    std::istringstream in(row);
    std::vector<std::string> out;
    for (std::string t; in >> t;)
        out.push_back(t);
    return out;
}

} // namespace

class TestStarterTileset : public QObject {
    Q_OBJECT

private slots:
    void fragmentShape();
    void groundRulesAreDisjointAndComplete();
    void platformRules();
    void designedShapes_data();
    void designedShapes();
    void samplesCarryTheStarterArt_data() { samples(); }
    void samplesCarryTheStarterArt();
    void samplesHaveNoHoles_data() { samples(); }
    void samplesHaveNoHoles();
    void imageGeometry();
    void generatorMakesTheCommittedFiles();

private:
    static void samples();
};

void TestStarterTileset::fragmentShape() {
    const StarterArt art = starterArt();
    QCOMPARE(art.tilesets.size(), std::size_t(1));
    const Tileset& ts = art.tilesets[0];
    QCOMPARE(ts.name, std::string("starter"));
    QCOMPARE(ts.image, std::string("starter.png"));
    QCOMPARE(ts.tileSize, 16);
    QCOMPARE(ts.columns, 8);
    QCOMPARE(art.art.size(), std::size_t(4));
    QCOMPARE(art.art[0].name, std::string("ground"));
    QCOMPARE(art.art[1].name, std::string("grass"));
    QCOMPARE(art.art[2].name, std::string("platforms"));
    QCOMPARE(art.art[3].name, std::string("decoration"));
    QVERIFY(art.art[0].isAuto && art.art[1].isAuto && art.art[2].isAuto && !art.art[3].isAuto);
    QVERIFY(art.art[3].rules.empty() && art.art[3].cells.empty());
    for (int i = 0; i < 3; ++i)
        QCOMPARE(art.art[std::size_t(i)].depth, ArtDepth::Back);
    QCOMPARE(art.art[3].depth, ArtDepth::Front);
    for (const ArtLayer& a : art.art) {
        QCOMPARE(a.tileset, ts.name);
        for (const AutoRule& r : a.rules) {
            for (char c : r.pattern)
                QVERIFY(isAutoPatternChar(c));
            for (int t : r.tiles)
                QVERIFY2(t >= 0 && t < ts.count, qPrintable(QString::number(t)));
        }
    }
    // The rules only paint ground on solid cells, planks on one-way cells and grass and
    // flowers over ground.
    for (const AutoRule& r : art.art[0].rules) {
        QCOMPARE(r.pattern[4], '#');
        for (int t : r.tiles)
            QVERIFY(t < kGroundTiles);
    }
    for (const AutoRule& r : art.art[1].rules) {
        QCOMPARE(r.pattern[4], '.');
        QCOMPARE(r.pattern[7], '#');
        for (int t : r.tiles)
            QVERIFY(t >= kFirstDecoration);
    }
    for (const AutoRule& r : art.art[2].rules) {
        QCOMPARE(r.pattern[4], '=');
        for (int t : r.tiles)
            QVERIFY(t >= kGroundTiles && t < kFirstDecoration);
    }
}

// Every 3 x 3 neighbourhood of the three tile kinds, as the centre of a 3 x 3 level:
// a solid centre matches exactly one ground rule, any other centre none; a rule of its
// own is a layer of one rule, so AutoTiler is the judge of what matches.
void TestStarterTileset::groundRulesAreDisjointAndComplete() {
    const StarterArt art = starterArt();
    const ArtLayer& ground = layer(art, "ground");
    std::vector<AutoTiler> single;
    for (const AutoRule& r : ground.rules) {
        ArtLayer one = ground;
        one.rules = {r};
        single.emplace_back(one);
    }
    const Tile kinds[] = {Tile::Empty, Tile::Solid, Tile::OneWay};
    std::vector<int> used(ground.rules.size(), 0);
    Level l = Level::make(3, 3);
    for (int code = 0; code < 19683; ++code) {
        int rest = code;
        for (int i = 0; i < 9; ++i, rest /= 3)
            l.tiles[std::size_t(i)] = kinds[rest % 3];
        int matches = 0;
        for (std::size_t r = 0; r < single.size(); ++r)
            if (!single[r].tileAt(l, 1, 1).empty()) {
                ++matches;
                ++used[r];
            }
        std::string cells;
        for (int i = 0; i < 9; ++i)
            cells += l.tiles[std::size_t(i)] == Tile::Solid    ? '#'
                     : l.tiles[std::size_t(i)] == Tile::OneWay ? '='
                                                               : '.';
        QVERIFY2(matches == (l.tiles[4] == Tile::Solid ? 1 : 0),
                 qPrintable(QString("%1 rules match %2").arg(matches).arg(cells.c_str())));
    }
    for (std::size_t r = 0; r < used.size(); ++r)
        QVERIFY2(used[r] > 0, qPrintable(QString("rule %1 never matches").arg(r)));
    QCOMPARE(ground.rules.size(), std::size_t(47)); // the blob's 47 situations
}

void TestStarterTileset::platformRules() {
    const StarterArt art = starterArt();
    const AutoTiler platforms(layer(art, "platforms"));
    const Tile kinds[] = {Tile::Empty, Tile::Solid, Tile::OneWay};
    Level l = Level::make(3, 3);
    for (int code = 0; code < 19683; ++code) {
        int rest = code;
        for (int i = 0; i < 9; ++i, rest /= 3)
            l.tiles[std::size_t(i)] = kinds[rest % 3];
        QCOMPARE(platforms.tileAt(l, 1, 1).empty(), l.tiles[4] != Tile::OneWay);
    }
}

void TestStarterTileset::designedShapes_data() {
    QTest::addColumn<std::vector<std::string>>("rows");
    QTest::addColumn<std::vector<std::string>>("expected");
    // '#' solid, '=' one-way; expected: a token a cell (kTiles' names, '.' no tile).
    QTest::newRow("platform") << std::vector<std::string>{"......", ".####.", ".####.", "......"}
                              << std::vector<std::string>{". .  . . .  .", ". TL T T TR .",
                                                          ". BL B B BR .", ". .  . . .  ."};
    // The map's edges draw no border: its sides and bottom read as more ground.
    QTest::newRow("pit") << std::vector<std::string>{"......", "##..##", "##..##", "######"}
                         << std::vector<std::string>{". . . . . .", "T TR . . TL T", "C R . . L C",
                                                     "C iNE T T iNW C"};
    QTest::newRow("pillar") << std::vector<std::string>{".....", "..#..", "..#..", "#####"}
                            << std::vector<std::string>{". . . . .", ". . CT . .", ". . CM . .",
                                                        "T T iNW+iNE T T"};
    QTest::newRow("floating ledge")
        << std::vector<std::string>{".......", ".###.#.", "......."}
        << std::vector<std::string>{". . . . . . .", ". LL LM LR . S .", ". . . . . . ."};
    QTest::newRow("step") << std::vector<std::string>{"......", "....##", "..####", "######"}
                          << std::vector<std::string>{". . . . . .", ". . . . TL T",
                                                      ". . TL T iNW C", "T T iNW C C C"};
    QTest::newRow("overhang") << std::vector<std::string>{"......", "####..", "####..", "#.....",
                                                          "######"}
                              << std::vector<std::string>{". . . . . .", "T T T TR . .",
                                                          "iSE B B BR . .", "R . . . . .",
                                                          "iNE T T T T T"};
    QTest::newRow("thin overhang")
        << std::vector<std::string>{".....", "####.", "#....", "#####"}
        << std::vector<std::string>{". . . . .", "T+iSE LM LM LR .", "R . . . .", "iNE T T T T"};
    QTest::newRow("ledge from a wall")
        << std::vector<std::string>{".....", ".####", "....#", "#####"}
        << std::vector<std::string>{". . . . .", ". LL LM LM T+iSW", ". . . . L", "T T T T iNW"};
    QTest::newRow("bent ledge") << std::vector<std::string>{".....", ".###.", ".#...", "....."}
                                << std::vector<std::string>{". . . . .", ". TL+iSE LM LR .",
                                                            ". CB . . .", ". . . . ."};
    QTest::newRow("pocket") << std::vector<std::string>{"#####", "#####", "##.##", "#####", "#####"}
                            << std::vector<std::string>{"C C C C C", "C iSE B iSW C", "C R . L C",
                                                        "C iNE T iNW C", "C C C C C"};
    QTest::newRow("stalactite") << std::vector<std::string>{"#####", "#####", "..#..", "..#..",
                                                            "....."}
                                << std::vector<std::string>{"C C C C C", "B B iSW+iSE B B",
                                                            ". . CM . .", ". . CB . .",
                                                            ". . . . ."};
    // A bridge's planks run into the cliffs on both sides: no free end.
    QTest::newRow("one-way bridge")
        << std::vector<std::string>{"........", "##====##", "##....##", "########"}
        << std::vector<std::string>{". . . . . . . .", "T TR PM PM PM PM TL T", "C R . . . . L C",
                                    "C iNE T T T T iNW C"};
    QTest::newRow("one-way platforms")
        << std::vector<std::string>{".......", ".===.=.", "......."}
        << std::vector<std::string>{". . . . . . .", ". PL PM PR . PS .", ". . . . . . ."};
    // A plank at the map's side runs on past it.
    QTest::newRow("ceiling") << std::vector<std::string>{"####", "####", "....", "=..."}
                             << std::vector<std::string>{"C C C C", "B B B B", ". . . .",
                                                         "PR . . ."};
}

void TestStarterTileset::designedShapes() {
    QFETCH(std::vector<std::string>, rows);
    QFETCH(std::vector<std::string>, expected);
    const StarterArt art = starterArt();
    const Level l = levelOf(rows, art);
    const std::vector<ArtTile> ground = resolveArtLayer(l, layer(art, "ground"));
    const std::vector<ArtTile> planks = resolveArtLayer(l, layer(art, "platforms"));
    const std::vector<ArtTile> grass = resolveArtLayer(l, layer(art, "grass"));
    QCOMPARE(expected.size(), rows.size());
    for (int y = 0; y < l.height; ++y) {
        const std::vector<std::string> want = tokens(expected[std::size_t(y)]);
        QCOMPARE(int(want.size()), l.width);
        for (int x = 0; x < l.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(l.width) + std::size_t(x);
            // Grass grows in each empty cell over the ground (the map's bottom row reads
            // the row below it as itself).
            const bool overGround = l.tile(x, y) == Tile::Empty &&
                                    l.tile(x, std::min(y + 1, l.height - 1)) == Tile::Solid;
            QVERIFY2(grass[std::size_t(y) * std::size_t(l.width) + std::size_t(x)].empty() !=
                         overGround,
                     qPrintable(QString("grass at (%1, %2)").arg(x).arg(y)));
            const std::string& name = want[std::size_t(x)];
            const QString where = QString("(%1, %2) %3: ground %4, platforms %5")
                                      .arg(x)
                                      .arg(y)
                                      .arg(QString::fromStdString(name))
                                      .arg(ground[i].index)
                                      .arg(planks[i].index);
            if (name == ".") {
                QVERIFY2(ground[i].empty() && planks[i].empty(), qPrintable(where));
                continue;
            }
            const auto it = kTiles.find(name);
            QVERIFY2(it != kTiles.end(), qPrintable("unknown name " + where));
            const bool plank = name[0] == 'P';
            const ArtTile got = plank ? planks[i] : ground[i];
            QVERIFY2(it->second.count(got.index) == 1, qPrintable(where));
            QVERIFY2((plank ? ground[i] : planks[i]).empty(), qPrintable(where));
            QCOMPARE(got.flips, std::uint8_t(0));
        }
    }
}

void TestStarterTileset::samples() {
    QTest::addColumn<QString>("name");
    for (const char* name : {"tutorial.yaml", "playground.yaml", "crowd.yaml"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

// The tilesets and art of a sample, read as the fragment is, are the fragment's (the image
// relative to the level; the painted layer a row of empty cells per map row).
void TestStarterTileset::samplesCarryTheStarterArt() {
    QFETCH(QString, name);
    StarterArt want = starterArt();
    want.tilesets[0].image = "../tilesets/starter.png";
    QFile f(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + name);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    StarterArt got;
    std::string error;
    QVERIFY2(readStarterArt(std::string(text.constData(), std::size_t(text.size())), got, error),
             error.c_str());
    QVERIFY(got.width > 0 && got.height > 0);
    for (ArtLayer& layer : want.art)
        if (!layer.isAuto)
            layer.cells.resize(std::size_t(got.width) * std::size_t(got.height));
    QVERIFY(got.tilesets == want.tilesets);
    QVERIFY(got.art == want.art);
}

// The level loader gives a sample the starter fragment's art (its image relative to the
// level), and with it every solid cell gets a ground tile, every one-way cell a plank,
// and no other cell either.
void TestStarterTileset::samplesHaveNoHoles() {
    QFETCH(QString, name);
    const StarterArt art = starterArt();
    const LoadResult r = loadLevelFile(
        QString(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + name).toStdString());
    QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors.front().toString().c_str());
    const Level& l = *r.level;
    std::vector<Tileset> tilesets = art.tilesets;
    tilesets[0].image = "../tilesets/starter.png";
    QVERIFY(l.tilesets == tilesets);
    QCOMPARE(l.art.size(), art.art.size());
    for (std::size_t i = 0; i < art.art.size(); ++i) {
        const ArtLayer& got = l.art[i];
        const ArtLayer& want = art.art[i];
        QCOMPARE(got.name, want.name);
        QCOMPARE(got.tileset, want.tileset);
        QCOMPARE(got.depth, want.depth);
        QCOMPARE(got.isAuto, want.isAuto);
        QCOMPARE(got.seed, want.seed);
        QVERIFY(got.rules == want.rules);
        for (const ArtTile& t : got.cells)
            QVERIFY(t.empty());
    }
    const std::vector<ArtTile> ground = resolveArtLayer(l, *l.findArtLayer("ground"));
    const std::vector<ArtTile> planks = resolveArtLayer(l, *l.findArtLayer("platforms"));
    for (std::size_t i = 0; i < l.tiles.size(); ++i) {
        const QString where = QString("cell (%1, %2)").arg(i % l.width).arg(i / l.width);
        QVERIFY2(ground[i].empty() == (l.tiles[i] != Tile::Solid), qPrintable(where));
        QVERIFY2(planks[i].empty() == (l.tiles[i] != Tile::OneWay), qPrintable(where));
    }
}

// The image has the geometry the fragment declares; every ground tile covers its cell
// but for its rounded corners (at most 5 clear pixels a corner), every plank's top row
// is drawn (where the player stands), and no tile is blank.
void TestStarterTileset::imageGeometry() {
    const StarterArt art = starterArt();
    const Tileset& ts = art.tilesets[0];
    const QImage image(starterDir() + "/" + QString::fromStdString(ts.image));
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), ts.minimumImageWidth());
    QCOMPARE(image.height(), ts.minimumImageHeight());
    for (int i = 0; i < ts.count; ++i) {
        const PixelRect r = ts.tileRect(i);
        int clear = 0;
        int topRow = 0;
        for (int y = 0; y < r.height; ++y)
            for (int x = 0; x < r.width; ++x) {
                const bool drawn = qAlpha(image.pixel(r.x + x, r.y + y)) == 255;
                clear += drawn ? 0 : 1;
                topRow += drawn && y == 0 ? 1 : 0;
            }
        const QString which = QString("tile %1: %2 clear pixels").arg(i).arg(clear);
        QVERIFY2(clear < r.width * r.height, qPrintable(which));
        if (i < kGroundTiles)
            QVERIFY2(clear <= 4 * 5, qPrintable(which));
        else if (i < kFirstDecoration)
            QVERIFY2(topRow >= r.width - 2, qPrintable(which));
    }
}

void TestStarterTileset::generatorMakesTheCommittedFiles() {
    const QString python = QStringLiteral("/usr/bin/python3");
    if (!QFile::exists(python))
        QSKIP("/usr/bin/python3 is missing");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess p;
    p.start(python, {QStringLiteral(TILESMITH_SOURCE_DIR "/tools/make-starter-tileset.py"),
                     QStringLiteral("--out"), dir.path()});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
             p.readAllStandardError().constData());
    for (const char* file : {"starter.png", "starter.yaml"}) {
        QFile made(dir.filePath(QString::fromLatin1(file)));
        QFile committed(starterDir() + "/" + QString::fromLatin1(file));
        QVERIFY(made.open(QIODevice::ReadOnly) && committed.open(QIODevice::ReadOnly));
        QVERIFY2(made.readAll() == committed.readAll(),
                 qPrintable(QString("%1 differs from what the script makes: run "
                                    "tools/make-starter-tileset.py")
                                .arg(QString::fromLatin1(file))));
    }
}

QTEST_GUILESS_MAIN(TestStarterTileset)
#include "test_startertileset.moc"
