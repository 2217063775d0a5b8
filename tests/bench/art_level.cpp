// bench_art_level: writes the art benchmark's level, a 1024 x 1024 map of 16 px tiles with
// art, as a Tiled map (and its tileset image beside it), for tests/bench/art_render_bench.py:
//   bench_art_level OUT.tmx [--size N] [--seed S]
// The collision is cli_bench.py's big level (borders, ~8 % solid, ~4 % one-way, random);
// the art is what a game's level has: an auto layer painting the ground from the
// collision (tops, fills with variants, one-way planks), a painted back layer of
// decoration (~10 % of the cells, every flip) and a front layer (~5 %, opacity 0.7).
#include "tilesmith/level/level.h"
#include "tilesmith/tmx/tmx.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>

using namespace ts::level;
using ts::Tile;

namespace {

/// A sheet of 8 x 8 tiles of 16 px: every tile its own colours, a little transparency.
QImage tilesheet() {
    QImage img(8 * 16, 8 * 16, QImage::Format_ARGB32);
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const int t = (y / 16) * 8 + x / 16;
            const int u = x % 16, v = y % 16;
            const int alpha = (t % 4 == 3 && (u + v) % 7 == 0) ? 0 : 255;
            img.setPixel(x, y,
                         qRgba((37 * t + 5 * u) & 255, (91 * t + 7 * v) & 255,
                               (u * v + 13 * t) & 255, alpha));
        }
    return img;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_art_level OUT.tmx [--size N] [--seed S]\n");
        return 2;
    }
    int size = 1024;
    unsigned seed = 1;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--size"))
            size = std::stoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seed"))
            seed = unsigned(std::stoul(argv[i + 1]));
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QString out = QString::fromLocal8Bit(argv[1]);
    const QString dir = QFileInfo(out).absolutePath();
    if (!tilesheet().save(QDir(dir).filePath(QStringLiteral("bench-art.png")))) {
        std::fprintf(stderr, "cannot write the tileset image in %s\n", qPrintable(dir));
        return 1;
    }

    Level level = Level::make(size, size, 16);
    level.name = "Art benchmark";
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0, 1);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            Tile t = Tile::Empty;
            if (y == size - 1 || x == 0 || x == size - 1) {
                t = Tile::Solid;
            } else {
                const double r = unit(rng);
                t = r < 0.08 ? Tile::Solid : r < 0.12 ? Tile::OneWay : Tile::Empty;
            }
            level.setTile(x, y, t);
        }
    for (int x = 1; x < size - 1; ++x)
        level.setTile(x, size - 2, Tile::Empty);
    level.spawns.push_back(level.defaultSpawn(SpawnKind::Player, 1, 2, size - 2));
    level.tilesets.push_back(
        {.name = "bench", .image = "bench-art.png", .tileSize = 16, .columns = 8, .count = 64});

    ArtLayer ground;
    ground.name = "ground";
    ground.tileset = "bench";
    ground.isAuto = true;
    ground.seed = 3;
    ground.rules = {{{'?', '.', '?', '?', '#', '?', '?', '?', '?'}, {0, 1, 2}},
                    {{'?', '?', '?', '.', '#', '?', '?', '?', '?'}, {8}},
                    {{'?', '?', '?', '?', '#', '.', '?', '?', '?'}, {9}},
                    {{'?', '?', '?', '?', '#', '?', '?', '?', '?'}, {16, 17, 18, 19}},
                    {{'?', '?', '?', '?', '=', '?', '?', '?', '?'}, {24}}};
    level.art.push_back(ground);

    const std::size_t cells = std::size_t(size) * std::size_t(size);
    ArtLayer decor;
    decor.name = "decor";
    decor.tileset = "bench";
    decor.cells.assign(cells, {});
    ArtLayer front = decor;
    front.name = "front";
    front.depth = ArtDepth::Front;
    front.opacity = 0.7f;
    for (std::size_t i = 0; i < cells; ++i) {
        const double r = unit(rng);
        if (r < 0.10)
            decor.cells[i] = {std::int32_t(32 + rng() % 16), std::uint8_t(rng() % 8)};
        else if (r < 0.15)
            front.cells[i] = {std::int32_t(48 + rng() % 16), std::uint8_t(rng() % 8)};
    }
    level.art.push_back(decor);
    level.art.push_back(front);

    ts::tmx::ExportError error;
    if (!ts::tmx::exportTmx(level, out, &error, dir)) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 1;
    }
    std::printf("wrote %s (%d x %d tiles, 3 art layers)\n", qPrintable(out), size, size);
    return 0;
}
