// transform.h: a level mirrored left to right and top to bottom, and turned a
// quarter turn either way (tiles, spawns, velocities); twice (four times for a
// turn) giving it back, odd and even sizes, a malformed level left alone; the
// Transform value picks the same functions, and transformedTile() says where
// each tile goes.
#include "tilesmith/level/levelio.h"
#include "tilesmith/leveledit/transform.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <utility>

#include <string>

using namespace ts;
using namespace ts::level;
using namespace ts::leveledit;

namespace {

/// The tiles as the file's rows ('.', '#', '='), top row first.
std::string rows(const Level& l) {
    std::string out;
    for (int y = 0; y < l.height; ++y) {
        for (int x = 0; x < l.width; ++x) {
            const Tile t = l.tile(x, y);
            out += t == Tile::Solid ? '#' : t == Tile::OneWay ? '=' : '.';
        }
        out += '\n';
    }
    return out;
}

/// A 4 x 3 piece: a solid L, a one-way run and two spawns with velocities.
Level piece() {
    Level l = Level::make(4, 3);
    l.setTile(0, 0, Tile::Solid);
    l.setTile(0, 1, Tile::Solid);
    l.setTile(1, 1, Tile::Solid);
    l.setTile(2, 2, Tile::OneWay);
    l.setTile(3, 2, Tile::OneWay);
    Spawn a = Spawn::withDefaults(SpawnKind::Npc, 1, 1, 0);
    a.vx = 40;
    a.vy = -10;
    a.properties["speed"] = 40.0;
    l.spawns.push_back(a);
    Spawn b = Spawn::withDefaults(SpawnKind::Ball, 2, 3, 1);
    b.radius = 5;
    l.spawns.push_back(b);
    return l;
}

} // namespace

class TestTransform : public QObject {
    Q_OBJECT
private slots:
    void horizontal() {
        Level l = piece();
        flipHorizontally(l);
        QCOMPARE(rows(l), std::string("...#\n..##\n==..\n"));
        QCOMPARE(l.spawns[0].x, 2);
        QCOMPARE(l.spawns[0].y, 0);
        QCOMPARE(l.spawns[0].vx, -40.0f);
        QCOMPARE(l.spawns[0].vy, -10.0f);
        QCOMPARE(l.spawns[0].id, 1);
        QCOMPARE(std::get<double>(l.spawns[0].properties.at("speed")), 40.0);
        QCOMPARE(l.spawns[1].x, 0);
        QCOMPARE(l.spawns[1].y, 1);
        QCOMPARE(l.spawns[1].radius, 5.0f);
        // A still spawn stays still with a plain zero, which saves as "vx: 0", not "-0".
        QCOMPARE(l.spawns[1].vx, 0.0f);
        QVERIFY(!std::signbit(l.spawns[1].vx));
        flipVertically(l);
        QVERIFY(!std::signbit(l.spawns[1].vy));
    }

    void vertical() {
        Level l = piece();
        flipVertically(l);
        QCOMPARE(rows(l), std::string("..==\n##..\n#...\n"));
        QCOMPARE(l.spawns[0].x, 1);
        QCOMPARE(l.spawns[0].y, 2);
        QCOMPARE(l.spawns[0].vx, 40.0f);
        QCOMPARE(l.spawns[0].vy, 10.0f);
        QCOMPARE(l.spawns[1].y, 1); // the middle row of three stays
    }

    void clockwise() {
        Level l = piece();
        rotateClockwise(l);
        // 4 x 3 becomes 3 x 4; the left column (top first) becomes the top row (right first).
        QCOMPARE(l.width, 3);
        QCOMPARE(l.height, 4);
        QCOMPARE(rows(l), std::string(".##\n.#.\n=..\n=..\n"));
        // The NPC at (1, 0) goes to (2, 1), upright, its velocity turned: right becomes down.
        QCOMPARE(l.spawns[0].x, 2);
        QCOMPARE(l.spawns[0].y, 1);
        QCOMPARE(l.spawns[0].vx, 10.0f);
        QCOMPARE(l.spawns[0].vy, 40.0f);
        QCOMPARE(l.spawns[0].width, piece().spawns[0].width); // upright: the size stays
        QCOMPARE(l.spawns[0].height, piece().spawns[0].height);
        QCOMPARE(l.spawns[0].id, 1);
        QCOMPARE(std::get<double>(l.spawns[0].properties.at("speed")), 40.0);
        QCOMPARE(l.spawns[1].x, 1);
        QCOMPARE(l.spawns[1].y, 3);
        QCOMPARE(l.spawns[1].radius, 5.0f);
        QVERIFY(!std::signbit(l.spawns[1].vx));
        QVERIFY(!std::signbit(l.spawns[1].vy));
    }

    void counterclockwise() {
        Level l = piece();
        rotateCounterclockwise(l);
        QCOMPARE(l.width, 3);
        QCOMPARE(l.height, 4);
        QCOMPARE(rows(l), std::string("..=\n..=\n.#.\n##.\n"));
        QCOMPARE(l.spawns[0].x, 0);
        QCOMPARE(l.spawns[0].y, 2);
        QCOMPARE(l.spawns[0].vx, -10.0f);
        QCOMPARE(l.spawns[0].vy, -40.0f);
        QCOMPARE(l.spawns[1].x, 1);
        QCOMPARE(l.spawns[1].y, 0);
        QVERIFY(!std::signbit(l.spawns[1].vx));
        QVERIFY(!std::signbit(l.spawns[1].vy));
    }

    void turnsCompose() {
        // Two quarter turns are both flips; a turn and its inverse give the level back.
        Level l = piece();
        Level twice = l;
        rotateClockwise(twice);
        rotateClockwise(twice);
        Level flipped = l;
        flipHorizontally(flipped);
        flipVertically(flipped);
        QCOMPARE(twice, flipped);
        Level back = l;
        rotateClockwise(back);
        rotateCounterclockwise(back);
        QCOMPARE(back, l);
    }

    void twiceGivesItBack() {
        for (const int w : {1, 2, 5}) {
            for (const int h : {1, 2, 4}) {
                Level l = Level::make(w, h);
                for (int i = 0; i < w * h; ++i)
                    l.tiles[static_cast<std::size_t>(i)] = kTileKinds[(i * 7 + 1) % 3];
                l.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 1, w - 1, 0));
                const Level before = l;
                flipHorizontally(l);
                if (w > 1)
                    QVERIFY(l != before);
                flipHorizontally(l);
                QCOMPARE(l, before);
                flipVertically(l);
                flipVertically(l);
                QCOMPARE(l, before);
                for (int i = 0; i < 4; ++i) {
                    rotateClockwise(l);
                    QCOMPARE(l.width, i % 2 == 0 ? h : w);
                    QCOMPARE(static_cast<int>(l.tiles.size()), w * h);
                    QVERIFY(l.contains(l.spawns[0].x, l.spawns[0].y));
                }
                QCOMPARE(l, before);
                for (int i = 0; i < 4; ++i)
                    rotateCounterclockwise(l);
                QCOMPARE(l, before);
            }
        }
    }

    void mirroredLevelSavesAndLoads() {
        // A mirrored level is a valid level: the player stays on a tile that can hold it.
        Level l = Level::make(6, 4);
        for (int x = 0; x < 6; ++x)
            l.setTile(x, 3, Tile::Solid);
        l.setTile(5, 2, Tile::Solid);
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 2));
        flipHorizontally(l);
        QCOMPARE(l.spawns[0].x, 4);
        QVERIFY(l.canHoldSpawn(l.spawns[0].x, l.spawns[0].y));
        QCOMPARE(l.tile(0, 2), Tile::Solid);
        const std::string text = saveLevelToString(l);
        const LoadResult r = loadLevelFromString(text, "mirrored.yaml");
        QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors.front().message.c_str());
        QVERIFY(*r.level == l);
    }

    void transformPicksTheFunction() {
        const std::pair<Transform, void (*)(Level&)> pairs[] = {
            {Transform::FlipHorizontally, flipHorizontally},
            {Transform::FlipVertically, flipVertically},
            {Transform::RotateClockwise, rotateClockwise},
            {Transform::RotateCounterclockwise, rotateCounterclockwise}};
        for (const auto& [t, function] : pairs) {
            Level a = piece();
            Level b = piece();
            transform(a, t);
            function(b);
            QCOMPARE(a, b);
        }
    }

    void transformedTileIsWhereTheTileGoes() {
        // The piece's corners, exactly: 4 x 3, the top-left and bottom-right.
        QCOMPARE(transformedTile(0, 0, 4, 3, Transform::FlipHorizontally), (TilePos{3, 0}));
        QCOMPARE(transformedTile(3, 2, 4, 3, Transform::FlipVertically), (TilePos{3, 0}));
        QCOMPARE(transformedTile(0, 0, 4, 3, Transform::RotateClockwise), (TilePos{2, 0}));
        QCOMPARE(transformedTile(3, 2, 4, 3, Transform::RotateClockwise), (TilePos{0, 3}));
        QCOMPARE(transformedTile(0, 0, 4, 3, Transform::RotateCounterclockwise), (TilePos{0, 3}));
        QCOMPARE(transformedTile(3, 2, 4, 3, Transform::RotateCounterclockwise), (TilePos{2, 0}));
        // Every tile of odd and even sizes: a lone solid tile and a spawn on it land there.
        for (const Transform t : {Transform::FlipHorizontally, Transform::FlipVertically,
                                  Transform::RotateClockwise, Transform::RotateCounterclockwise})
            for (const int w : {1, 2, 5})
                for (const int h : {1, 3, 4})
                    for (int y = 0; y < h; ++y)
                        for (int x = 0; x < w; ++x) {
                            Level l = Level::make(w, h);
                            l.setTile(x, y, Tile::Solid);
                            l.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 1, x, y));
                            transform(l, t);
                            const TilePos p = transformedTile(x, y, w, h, t);
                            QVERIFY(l.contains(p.x, p.y));
                            QCOMPARE(l.tile(p.x, p.y), Tile::Solid);
                            QCOMPARE(std::count(l.tiles.begin(), l.tiles.end(), Tile::Solid), 1);
                            QCOMPARE((TilePos{l.spawns[0].x, l.spawns[0].y}), p);
                        }
    }

    void malformedLevelIsLeftAlone() {
        Level l = Level::make(3, 2);
        l.tiles.pop_back(); // 5 tiles for 3 x 2
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 1, 0, 0));
        const Level before = l;
        flipHorizontally(l);
        flipVertically(l);
        rotateClockwise(l);
        rotateCounterclockwise(l);
        transform(l, Transform::RotateClockwise);
        QCOMPARE(l, before);
    }
};

QTEST_GUILESS_MAIN(TestTransform)
#include "test_transform.moc"
