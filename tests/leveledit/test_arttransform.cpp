// arttransform.h: the flip bits of a mirrored or turned art tile equal Tiled's (its
// rotate masks, its flips toggling one bit), undo each other, and a block of tiles moves
// as transform.h moves a level's tiles, its flips changing with it.
#include "tilesmith/leveledit/arttransform.h"

#include <QTest>

using namespace ts::level;
using namespace ts::leveledit;

namespace {

/// Tiled's flags as its rotate masks spell them (bit 2 horizontal, 1 vertical, 0
/// anti-diagonal) -> ours.
std::uint8_t fromTiled(int mask) {
    return std::uint8_t(((mask & 4) ? kFlipHorizontal : 0) | ((mask & 2) ? kFlipVertical : 0) |
                        ((mask & 1) ? kFlipDiagonal : 0));
}

} // namespace

class TestArtTransform : public QObject {
    Q_OBJECT

private slots:
    void turnsMatchTiledsMasks() {
        // TileLayer::rotate in Tiled: rotateRightMask and rotateLeftMask.
        const int right[8] = {5, 4, 1, 0, 7, 6, 3, 2};
        const int left[8] = {3, 2, 7, 6, 1, 0, 5, 4};
        for (int m = 0; m < 8; ++m) {
            QCOMPARE(int(transformedFlips(fromTiled(m), Transform::RotateClockwise)),
                     int(fromTiled(right[m])));
            QCOMPARE(int(transformedFlips(fromTiled(m), Transform::RotateCounterclockwise)),
                     int(fromTiled(left[m])));
        }
        // A plain tile turned right: diagonal and horizontal, as Tiled saves it.
        QCOMPARE(int(transformedFlips(0, Transform::RotateClockwise)),
                 int(kFlipDiagonal | kFlipHorizontal));
    }

    void flipsToggleOneBit() {
        for (std::uint8_t f = 0; f < 8; ++f) {
            QCOMPARE(int(transformedFlips(f, Transform::FlipHorizontally)),
                     int(f ^ kFlipHorizontal));
            QCOMPARE(int(transformedFlips(f, Transform::FlipVertically)), int(f ^ kFlipVertical));
        }
    }

    void inversesGiveTheFlipsBack() {
        for (std::uint8_t f = 0; f < 8; ++f) {
            std::uint8_t g = f;
            for (int i = 0; i < 4; ++i)
                g = transformedFlips(g, Transform::RotateClockwise);
            QCOMPARE(int(g), int(f));
            QCOMPARE(int(transformedFlips(transformedFlips(f, Transform::RotateClockwise),
                                          Transform::RotateCounterclockwise)),
                     int(f));
            // Two flips are a half turn.
            QCOMPARE(int(transformedFlips(transformedFlips(f, Transform::FlipHorizontally),
                                          Transform::FlipVertically)),
                     int(transformedFlips(transformedFlips(f, Transform::RotateClockwise),
                                          Transform::RotateClockwise)));
        }
        // Bits that are no flip stay.
        QCOMPARE(int(transformedFlips(0x80 | kFlipHorizontal, Transform::FlipHorizontally)), 0x80);
    }

    void blocksMoveTheirTilesAndFlips() {
        // 3 x 2:  0 1 2
        //         3 . 5   (. empty)
        ArtBlock b{3, 2, {{0, 0}, {1, 0}, {2, kFlipVertical}, {3, 0}, {}, {5, kFlipDiagonal}}};
        ArtBlock h = b;
        transformArt(h, Transform::FlipHorizontally);
        QCOMPARE(h.width, 3);
        QCOMPARE(h.tiles[0], (ArtTile{2, kFlipVertical | kFlipHorizontal}));
        QCOMPARE(h.tiles[2], (ArtTile{0, kFlipHorizontal}));
        QCOMPARE(h.tiles[3], (ArtTile{5, kFlipDiagonal | kFlipHorizontal}));
        QVERIFY(h.tiles[4].empty());
        QCOMPARE(int(h.tiles[4].flips), 0); // an empty cell gets no flips
        ArtBlock r = b;
        transformArt(r, Transform::RotateClockwise);
        QCOMPARE(r.width, 2);
        QCOMPARE(r.height, 3);
        // Clockwise: the bottom-left tile (3) comes to the top-left.
        QCOMPARE(r.tiles[0].index, 3);
        QCOMPARE(r.tiles[1].index, 0);
        QCOMPARE(r.tiles[5].index, 2);
        QCOMPARE(int(r.tiles[1].flips), int(kFlipDiagonal | kFlipHorizontal));
        transformArt(r, Transform::RotateCounterclockwise);
        QCOMPARE(r, b);
        // A malformed block is left alone.
        ArtBlock bad{2, 2, {{1, 0}}};
        transformArt(bad, Transform::RotateClockwise);
        QCOMPARE(bad.width, 2);
        QCOMPARE(bad.tiles.size(), size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestArtTransform)
#include "test_arttransform.moc"
