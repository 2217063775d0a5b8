// Editor benchmark: not a test, never run by ctest.
//
//   editor_bench [--runs N] [--level BIG.yaml] [--small SMALL.yaml]
//
// 1. First frame: LevelDocument::open(BIG) + LevelScene + EditorView (1280 x 800),
//    shown, zoom set (100 % or zoom-to-fit), then viewport()->repaint(), which
//    paints the whole viewport synchronously. Timed from the start of the load to
//    the end of that paint; median of N runs (wall and process CPU time).
// 2. Tiles repainted per brush dab: a 1-tile and a 3x3 write through
//    LevelDocument::paintTiles() on an idle view; events are then processed until
//    the view has repainted (the normal update path: only the dirty region is
//    exposed) and TileLayerItem::tilesPainted() gives the tiles visited. Same dab
//    on the small and the 1024 x 1024 map, at the same zooms.
// 3. Resident memory per tile: VmRSS (malloc_trim'ed) before and after loading the
//    document, building the scene and showing the view, divided by the tile count.
//    Measured first, after a warm-up on the small map (fonts, platform plugin).
//
// Run on a Release build with QT_QPA_PLATFORM=offscreen (see bench_editor.cmake).
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tilelayeritem.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QScrollBar>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <malloc.h>
#include <memory>
#include <vector>

using namespace ts::editor;

namespace {

constexpr int kViewW = 1280;
constexpr int kViewH = 800;

/// A field of /proc/self/status in KiB ("VmRSS", "VmHWM").
qint64 statusKiB(const char* field) {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return -1;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

/// Resident memory after returning freed heap pages to the system.
qint64 rssKiB() {
    malloc_trim(0);
    return statusKiB("VmRSS");
}

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double minOf(const std::vector<double>& v) {
    return v.empty() ? 0 : *std::min_element(v.begin(), v.end());
}

std::unique_ptr<LevelDocument> openOrDie(const QString& path) {
    QString error;
    auto doc = LevelDocument::open(path, &error);
    if (!doc) {
        std::fprintf(stderr, "editor_bench: cannot open %s:\n%s\n", qPrintable(path),
                     qPrintable(error));
        std::exit(1);
    }
    return doc;
}

/// Document + scene + view, as the main window arranges them (no tool manager:
/// no tool reacts, so only the document's edits repaint).
struct Editor {
    std::unique_ptr<LevelDocument> doc;
    std::unique_ptr<LevelScene> scene;
    std::unique_ptr<EditorView> view;

    ~Editor() {
        view.reset();
        scene.reset();
        doc.reset();
    }
    void build() {
        scene = std::make_unique<LevelScene>(doc.get());
        view = std::make_unique<EditorView>(scene.get());
        view->resize(kViewW, kViewH);
        view->show();
    }
    TileLayerItem* layer() const { return scene->tileLayerItem(); }
    /// Processes events until no paint happens for a few rounds.
    void settle() {
        int quiet = 0;
        for (int i = 0; i < 200 && quiet < 5; ++i) {
            const quint64 before = layer()->paintCalls();
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            quiet = layer()->paintCalls() == before ? quiet + 1 : 0;
        }
    }
};

enum class Zoom { Hundred, Fit, Quarter };

const char* zoomName(Zoom z) {
    switch (z) {
    case Zoom::Hundred:
        return "100 %";
    case Zoom::Fit:
        return "zoom to fit";
    case Zoom::Quarter:
        return "25 %";
    }
    return "?";
}

void applyZoom(Editor& e, Zoom z) {
    switch (z) {
    case Zoom::Hundred:
        e.view->setZoom(1.0);
        break;
    case Zoom::Fit:
        e.view->zoomToFit();
        break;
    case Zoom::Quarter:
        e.view->setZoom(0.25);
        break;
    }
    e.view->centerOn(e.scene->mapRect().center());
}

struct FrameSample {
    double load = 0, scene = 0, paint = 0, total = 0, cpu = 0;
    qreal zoom = 0; // the view's zoom after applyZoom (zoom to fit is clamped to kMinZoom)
    quint64 tiles = 0;
};

FrameSample firstFrame(const QString& path, Zoom zoom) {
    FrameSample s;
    Editor e;
    QElapsedTimer t;
    const double c0 = cpuSeconds();
    t.start();
    e.doc = openOrDie(path);
    s.load = t.nsecsElapsed() * 1e-9;
    e.build();
    // Counted from the first paint on: showing the view already paints (and
    // caches, ChunkCache) the tiles at the default zoom, so the repaint below may
    // only blit them.
    e.layer()->resetTilesPainted();
    QCoreApplication::processEvents(); // show: resize and expose events
    applyZoom(e, zoom);
    s.scene = t.nsecsElapsed() * 1e-9 - s.load;
    s.zoom = e.view->zoom();
    e.view->viewport()->repaint(); // the whole viewport, synchronously
    s.total = t.nsecsElapsed() * 1e-9;
    s.cpu = cpuSeconds() - c0;
    s.paint = s.total - s.load - s.scene;
    s.tiles = e.layer()->tilesPainted();
    if (s.tiles == 0) {
        std::fprintf(stderr, "editor_bench: the first frame painted no tiles\n");
        std::exit(1);
    }
    return s;
}

struct DabSample {
    double seconds = 0;
    quint64 tiles = 0;
    quint64 calls = 0;
    quint64 visible = 0; // tiles a full-viewport repaint visits at this zoom
};

/// Toggles the tiles of `rect` (empty <-> solid, one-way -> empty).
std::vector<TileWrite> toggled(const ts::level::Level& l, const QRect& rect) {
    std::vector<TileWrite> w;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            w.push_back({QPoint(x, y),
                         l.tile(x, y) == ts::Tile::Empty ? ts::Tile::Solid : ts::Tile::Empty});
    return w;
}

/// `dabs` dabs of `size` x `size` tiles around the centre of the view.
std::vector<DabSample> dabs(const QString& path, Zoom zoom, int size, int count) {
    Editor e;
    e.doc = openOrDie(path);
    e.build();
    QCoreApplication::processEvents();
    applyZoom(e, zoom);
    e.settle();
    // The tiles a full-viewport repaint covers, from the geometry (a repaint here
    // may only blit cached chunks, so the paint counter cannot say it).
    const QRect vis =
        QRect(e.scene->tileAt(e.view->mapToScene(e.view->viewport()->rect().topLeft())),
              e.scene->tileAt(e.view->mapToScene(e.view->viewport()->rect().bottomRight())))
            .intersected(QRect(0, 0, e.doc->level().width, e.doc->level().height));
    const quint64 visible = quint64(vis.width()) * quint64(vis.height());
    const QPoint centre = e.scene->tileAt(e.view->mapToScene(e.view->viewport()->rect().center()));
    std::vector<DabSample> out;
    for (int i = 0; i < count; ++i) {
        const QRect rect(centre + QPoint(4 * (i % 3) - 4, 4 * (i / 3 % 3) - 4), QSize(size, size));
        e.settle();
        e.layer()->resetTilesPainted();
        const quint64 calls0 = e.layer()->paintCalls();
        QElapsedTimer t;
        t.start();
        e.doc->paintTiles(toggled(e.doc->level(), rect), QStringLiteral("dab"));
        // Deliver the scene's change notice, then the viewport's update request.
        for (int k = 0; k < 100 && e.layer()->paintCalls() == calls0; ++k)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        DabSample d;
        d.seconds = t.nsecsElapsed() * 1e-9;
        e.settle();
        d.tiles = e.layer()->tilesPainted();
        d.calls = e.layer()->paintCalls() - calls0;
        d.visible = visible;
        out.push_back(d);
    }
    return out;
}

quint64 medianTiles(const std::vector<DabSample>& v) {
    std::vector<double> t;
    for (const auto& d : v)
        t.push_back(double(d.tiles));
    return quint64(median(t));
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    int runs = 5;
    QString big = QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/big.yaml");
    QString small = QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml");
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--runs") && i + 1 < args.size())
            runs = std::max(1, args[++i].toInt());
        else if (args[i] == QLatin1String("--level") && i + 1 < args.size())
            big = args[++i];
        else if (args[i] == QLatin1String("--small") && i + 1 < args.size())
            small = args[++i];
        else {
            std::fprintf(stderr, "usage: editor_bench [--runs N] [--level BIG.yaml] "
                                 "[--small SMALL.yaml]\n");
            return 2;
        }
    }

    // Warm-up on the small map: platform plugin, fonts, first-use allocations.
    for (int i = 0; i < 2; ++i)
        firstFrame(small, Zoom::Fit);

    // --- memory -----------------------------------------------------------------
    qint64 tileCount = 0;
    qint64 rss0 = 0, rssDoc = 0, rssScene = 0, rssView = 0, hwm = 0;
    {
        Editor e;
        rss0 = rssKiB();
        e.doc = openOrDie(big);
        rssDoc = rssKiB();
        tileCount = qint64(e.doc->level().width) * e.doc->level().height;
        e.scene = std::make_unique<LevelScene>(e.doc.get());
        rssScene = rssKiB();
        e.view = std::make_unique<EditorView>(e.scene.get());
        e.view->resize(kViewW, kViewH);
        e.view->show();
        QCoreApplication::processEvents();
        applyZoom(e, Zoom::Fit);
        e.view->viewport()->repaint();
        rssView = rssKiB();
        hwm = statusKiB("VmHWM");
    }

    // --- first frame --------------------------------------------------------------
    const Zoom frameZooms[] = {Zoom::Hundred, Zoom::Fit};
    std::vector<std::vector<FrameSample>> frames(2);
    for (int r = 0; r < runs; ++r) // interleaved, so machine load affects both alike
        for (int z = 0; z < 2; ++z)
            frames[z].push_back(firstFrame(big, frameZooms[z]));

    std::printf("### Editor: first frame of %s (%lld tiles), view %d x %d, median of %d runs\n\n",
                qPrintable(QFileInfo(big).fileName()), tileCount, kViewW, kViewH, runs);
    std::printf("| zoom | load (open) | scene + view | first paint | total wall (min) | "
                "total CPU | tiles painted |\n|---|---|---|---|---|---|---|\n");
    for (int z = 0; z < 2; ++z) {
        std::vector<double> load, scene, paint, total, cpu;
        for (const auto& s : frames[z]) {
            load.push_back(s.load);
            scene.push_back(s.scene);
            paint.push_back(s.paint);
            total.push_back(s.total);
            cpu.push_back(s.cpu);
        }
        const QString zoomLabel = QStringLiteral("%1 (view at %2 %)")
                                      .arg(QLatin1String(zoomName(frameZooms[z])))
                                      .arg(frames[z][0].zoom * 100, 0, 'f', 1);
        std::printf("| %s | %.0f ms | %.1f ms | %.1f ms | %.0f ms (%.0f) | %.0f ms | %llu |\n",
                    qPrintable(zoomLabel), median(load) * 1e3, median(scene) * 1e3,
                    median(paint) * 1e3, median(total) * 1e3, minOf(total) * 1e3, median(cpu) * 1e3,
                    static_cast<unsigned long long>(frames[z][0].tiles));
    }

    // --- dabs ------------------------------------------------------------------------
    const int dabCount = std::max(5, runs);
    std::printf("\n### Editor: tiles repainted after one brush dab (LevelDocument::paintTiles, "
                "median of %d dabs)\n\n",
                dabCount);
    std::printf("| map | zoom | dab | tiles repainted | paint calls | full viewport | "
                "dab to repainted |\n|---|---|---|---|---|---|---|\n");
    struct Map {
        QString path;
        QString label;
    };
    const Map maps[] = {{small, QFileInfo(small).fileName()}, {big, QFileInfo(big).fileName()}};
    bool same = true;
    for (Zoom zoom : {Zoom::Hundred, Zoom::Quarter}) {
        for (int size : {1, 3}) {
            quint64 first = 0;
            for (int m = 0; m < 2; ++m) {
                const auto v = dabs(maps[m].path, zoom, size, dabCount);
                std::vector<double> secs, calls;
                for (const auto& d : v) {
                    secs.push_back(d.seconds);
                    calls.push_back(double(d.calls));
                }
                const quint64 tiles = medianTiles(v);
                if (m == 0)
                    first = tiles;
                else if (tiles != first)
                    same = false;
                std::printf("| %s | %s | %dx%d | %llu | %.0f | %llu | %.2f ms |\n",
                            qPrintable(maps[m].label), zoomName(zoom), size, size,
                            static_cast<unsigned long long>(tiles), median(calls),
                            static_cast<unsigned long long>(v[0].visible), median(secs) * 1e3);
            }
        }
    }
    std::printf("\nSame count on both maps for each dab and zoom: %s\n", same ? "yes" : "NO");

    // --- memory table ---------------------------------------------------------------
    auto row = [&](const char* what, qint64 kib) {
        std::printf("| %s | %.1f MiB | %.1f bytes |\n", what, kib / 1024.0,
                    double(kib) * 1024.0 / double(tileCount));
    };
    std::printf("\n### Editor: resident memory for %s (%lld tiles; VmRSS after malloc_trim)\n\n",
                qPrintable(QFileInfo(big).fileName()), tileCount);
    std::printf("| after | RSS growth | per tile |\n|---|---|---|\n");
    row("LevelDocument::open", rssDoc - rss0);
    row("+ LevelScene", rssScene - rss0);
    row("+ EditorView shown, first frame at fit", rssView - rss0);
    std::printf("\nRSS before loading: %.1f MiB; peak RSS (VmHWM) after: %.1f MiB\n", rss0 / 1024.0,
                hwm / 1024.0);
    return 0;
}
