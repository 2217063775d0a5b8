// The tile layer's chunk cache (editor/chunkcache.h) draws what direct drawing
// draws (up to rounding where translucent grid lines cross), through the real view: at several zoom
// levels, after scrolling, after edits (in the current and in other cached zoom levels), and a
// repaint of unchanged tiles is a blit (nothing is rendered again).
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tilelayeritem.h"

#include <QApplication>
#include <QScrollBar>
#include <QTest>

using namespace ts::editor;
using ts::Tile;
using ts::level::Level;

namespace {

/// Solid masses, one-way runs and single tiles: every edge case of paintTiles.
Level patternLevel() {
    Level l = Level::make(120, 80);
    l.name = "chunks";
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x) {
            const int h = (x * 7 + y * 13 + (x * y) % 11) % 17;
            if (y == l.height - 1 || x == 0 || h == 0 || (y % 9 == 4 && x % 23 < 9))
                l.setTile(x, y, Tile::Solid);
            else if (h == 5 || (y % 7 == 2 && x % 13 < 6))
                l.setTile(x, y, Tile::OneWay);
        }
    return l;
}

/// Equal up to the rounding of translucent marks blended twice where grid lines
/// cross (blended into a transparent chunk first, then onto the map, instead of
/// onto the map twice): at most 2 per channel.
bool close(QRgb a, QRgb b) {
    return std::abs(qRed(a) - qRed(b)) <= 2 && std::abs(qGreen(a) - qGreen(b)) <= 2 &&
           std::abs(qBlue(a) - qBlue(b)) <= 2;
}

struct Rig {
    LevelDocument doc;
    LevelScene scene;
    EditorView view;
    Rig() : doc(patternLevel()), scene(&doc), view(&scene) {
        view.resize(700, 460);
        view.show();
    }
    TileLayerItem* layer() { return scene.tileLayerItem(); }
    QImage grab() {
        QApplication::processEvents();
        return view.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    }
    /// Pixels of the viewport that differ when drawn with and without the cache.
    int differingPixels() {
        const QImage cached = grab();
        layer()->setCached(false);
        const QImage direct = grab();
        layer()->setCached(true);
        if (cached.size() != direct.size())
            return -1;
        int n = 0;
        for (int y = 0; y < cached.height(); ++y)
            for (int x = 0; x < cached.width(); ++x)
                if (!close(cached.pixel(x, y), direct.pixel(x, y))) {
                    if (n < 8 && qEnvironmentVariableIsSet("CHUNK_DEBUG"))
                        qWarning("differs at %d,%d: cached %08x direct %08x", x, y,
                                 cached.pixel(x, y), direct.pixel(x, y));
                    ++n;
                }
        if (n && qEnvironmentVariableIsSet("CHUNK_DEBUG")) {
            cached.save(QStringLiteral("/tmp/rp-cached.png"));
            direct.save(QStringLiteral("/tmp/rp-direct.png"));
        }
        return n;
    }
};

} // namespace

class TestChunkCache : public QObject {
    Q_OBJECT
private slots:
    void sameAsDirectAtEveryZoom_data();
    void sameAsDirectAtEveryZoom();
    void unchangedRepaintIsABlit();
    void editsReachEveryCachedZoom();
    void budgetEvictsOldChunks();
};

void TestChunkCache::sameAsDirectAtEveryZoom_data() {
    QTest::addColumn<double>("zoom");
    for (double z : {1.0, 0.33, 0.125, 1.5, 2.0, 5.5, 1.0 / 64})
        QTest::newRow(qPrintable(QString::number(z))) << z;
}

void TestChunkCache::sameAsDirectAtEveryZoom() {
    QFETCH(double, zoom);
    Rig rig;
    QVERIFY(QTest::qWaitForWindowExposed(&rig.view));
    rig.view.setZoom(zoom);
    rig.view.centerOn(rig.scene.mapRect().center() + QPointF(13.7, -5.3));
    QCOMPARE(rig.differingPixels(), 0);
    // Scrolled by an odd amount: new chunks at the edge, old ones reused.
    rig.view.horizontalScrollBar()->setValue(rig.view.horizontalScrollBar()->value() + 37);
    rig.view.verticalScrollBar()->setValue(rig.view.verticalScrollBar()->value() - 29);
    QCOMPARE(rig.differingPixels(), 0);
    rig.grab();
    QVERIFY(rig.layer()->cache().bytes() > 0);
}

void TestChunkCache::unchangedRepaintIsABlit() {
    Rig rig;
    QVERIFY(QTest::qWaitForWindowExposed(&rig.view));
    rig.view.setZoom(1.0);
    rig.grab();
    ChunkCache& cache = rig.layer()->cache();
    cache.resetCounters();
    rig.layer()->resetTilesPainted();
    rig.scene.update();
    rig.view.viewport()->repaint();
    QVERIFY(rig.layer()->paintCalls() > 0);
    QCOMPARE(cache.chunksRendered(), quint64(0));
    QCOMPARE(rig.layer()->tilesPainted(), quint64(0));
}

void TestChunkCache::editsReachEveryCachedZoom() {
    Rig rig;
    QVERIFY(QTest::qWaitForWindowExposed(&rig.view));
    rig.view.setZoom(1.0);
    rig.view.centerOn(rig.scene.tileCenter(QPoint(30, 20)));
    QCOMPARE(rig.differingPixels(), 0);
    rig.view.setZoom(0.5);
    QCOMPARE(rig.differingPixels(), 0);
    // An edit at 50 %: a solid block, a one-way run and an erased tile.
    std::vector<TileWrite> writes;
    for (int y = 18; y < 22; ++y)
        for (int x = 28; x < 33; ++x)
            writes.push_back({QPoint(x, y), Tile::Solid});
    for (int x = 25; x < 35; ++x)
        writes.push_back({QPoint(x, 17), Tile::OneWay});
    writes.push_back({QPoint(30, 20), Tile::Empty});
    rig.doc.paintTiles(writes, QStringLiteral("test"));
    QCOMPARE(rig.differingPixels(), 0);
    // Back at 100 %: the chunks cached before the edit show it too.
    ChunkCache& cache = rig.layer()->cache();
    cache.resetCounters();
    rig.view.setZoom(1.0);
    rig.view.centerOn(rig.scene.tileCenter(QPoint(30, 20)));
    QCOMPARE(rig.differingPixels(), 0);
    QVERIFY(cache.rectsRedrawn() > 0);
    // Undo is an edit like any other.
    rig.doc.undoStack()->undo();
    QCOMPARE(rig.differingPixels(), 0);
}

void TestChunkCache::budgetEvictsOldChunks() {
    Rig rig;
    QVERIFY(QTest::qWaitForWindowExposed(&rig.view));
    ChunkCache& cache = rig.layer()->cache();
    const qint64 chunkBytes = qint64(ChunkCache::kChunk) * ChunkCache::kChunk * 4;
    cache.setBudgetBytes(12 * chunkBytes);
    for (double z : {1.0, 2.0, 3.0, 4.0}) {
        rig.view.setZoom(z);
        rig.grab();
        // Over budget only by what the last paint itself needed.
        const qint64 visible = qint64(std::ceil(700.0 / ChunkCache::kChunk + 1) *
                                      std::ceil(460.0 / ChunkCache::kChunk + 1)) *
                               chunkBytes;
        QVERIFY2(cache.bytes() <= std::max(12 * chunkBytes, visible),
                 qPrintable(QString::number(cache.bytes())));
    }
    QCOMPARE(rig.differingPixels(), 0);
}

QTEST_MAIN(TestChunkCache)
#include "test_chunkcache.moc"
