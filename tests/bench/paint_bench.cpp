// LevelDocument::paintTiles cost: not a test, never run by ctest.
//
//   paint_bench [--level BIG.yaml] [--runs N] [--extra-spawns N]
//
// On the level (default resources/levels/big.yaml, 1024 x 1024, 4,001 spawns),
// optionally with N extra boxes (spread over the map, on tiles that are not
// solid), each run times on a fresh LevelDocument:
//   fill  - one paintTiles() call writing solid to every tile of the map (what a
//           whole-map fill or paste does), then the undo of it;
//   dabs  - 10,000 brush dabs of 3 x 3 solid tiles, each its own paintTiles()
//           call in one stroke (strokeId merging), spread over the map.
// Prints the median wall time of each, the tiles written, and ns per tile
// written, so the cost can be compared across spawn counts: proportional to the
// tiles written means the same ns per tile whatever the spawn count. For
// instruction counts (steady on a shared machine):
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null build/release/bin/paint_bench --runs 1
#include "tilesmith/editor/leveldocument.h"

#include "tilesmith/level/levelio.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace ts::editor;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QString levelPath = QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/big.yaml");
    int runs = 5;
    int extra = 0;
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--level") && i + 1 < args.size())
            levelPath = args[++i];
        else if (args[i] == QLatin1String("--runs") && i + 1 < args.size())
            runs = std::max(1, args[++i].toInt());
        else if (args[i] == QLatin1String("--extra-spawns") && i + 1 < args.size())
            extra = std::max(0, args[++i].toInt());
        else {
            std::fprintf(stderr,
                         "usage: paint_bench [--level BIG.yaml] [--runs N] [--extra-spawns N]\n");
            return 2;
        }
    }
    ts::level::LoadResult loaded = ts::level::loadLevelFile(levelPath.toStdString());
    if (!loaded.ok()) {
        for (const auto& e : loaded.errors)
            std::fprintf(stderr, "%s\n", e.toString().c_str());
        return 1;
    }
    ts::level::Level level = std::move(*loaded.level);
    // Extra boxes on free tiles, spread with a fixed stride (deterministic).
    int id = level.nextSpawnId();
    const long long tiles = (long long)level.width * level.height;
    for (long long k = 0, placed = 0; placed < extra && k < tiles * 4; ++k) {
        const long long i = (k * 7919) % tiles;
        const int x = int(i % level.width), y = int(i / level.width);
        if (level.tile(x, y) == ts::Tile::Solid)
            continue;
        level.spawns.push_back(
            ts::level::Spawn::withDefaults(ts::level::SpawnKind::Box, id++, x, y));
        ++placed;
    }

    std::vector<TileWrite> fill;
    fill.reserve(std::size_t(tiles));
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x)
            fill.push_back({QPoint(x, y), ts::Tile::Solid});

    std::vector<double> fillMs, undoMs, dabMs;
    long long dabTiles = 0;
    for (int r = 0; r < runs; ++r) {
        LevelDocument doc(level);
        QElapsedTimer t;
        t.start();
        doc.paintTiles(fill, QStringLiteral("Fill"));
        fillMs.push_back(double(t.nsecsElapsed()) / 1e6);
        t.restart();
        doc.undoStack()->undo();
        undoMs.push_back(double(t.nsecsElapsed()) / 1e6);

        const int stroke = LevelDocument::newMergeId();
        dabTiles = 0;
        t.restart();
        for (int d = 0; d < 10000; ++d) {
            const int cx = 1 + (d * 131) % (level.width - 2);
            const int cy = 1 + (d * 197) % (level.height - 2);
            std::vector<TileWrite> dab;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    dab.push_back({QPoint(cx + dx, cy + dy), ts::Tile::Solid});
            dabTiles += 9;
            doc.paintTiles(dab, QStringLiteral("Paint"), stroke);
        }
        dabMs.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    const double fm = median(fillMs), dm = median(dabMs);
    std::printf("### paintTiles on %s (%d x %d tiles, %zu spawns), median of %d\n\n",
                qPrintable(levelPath.section(QLatin1Char('/'), -1)), level.width, level.height,
                level.spawns.size(), runs);
    std::printf("| case | tiles written | ms | ns per tile |\n|---|---|---|---|\n");
    std::printf("| full-map fill (one call) | %lld | %.1f | %.1f |\n", tiles, fm,
                fm * 1e6 / double(tiles));
    std::printf("| undo of the fill | %lld | %.1f | %.1f |\n", tiles, median(undoMs),
                median(undoMs) * 1e6 / double(tiles));
    std::printf("| 10,000 dabs of 3 x 3 (one stroke) | %lld | %.1f | %.1f |\n", dabTiles, dm,
                dm * 1e6 / double(dabTiles));
    return 0;
}
