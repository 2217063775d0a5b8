// Auto-tiling benchmark (issue 42): an auto layer of platformer rules (corners, edges, a
// fill with four variants, one-way ends) on a generated level, timed as the editor and a
// game use it.
//   compile   AutoTiler's construction: the rules looked up for all 3^9 neighbourhoods
//   resolve   AutoTiler::resolve(), every cell of the map from scratch
//   scratch   both: what a game pays to draw an auto layer it just loaded
//   dab N     one brush dab of N x N tiles on the collision, then AutoTiler::update()
//             of the cells it can reach (the editor's work per dab), at random places
//   load/save the level with the auto layer and a painted layer of the same size, through
//             the fast path, beside the same level without art
// Prints the median, min and max of each (ms; microseconds for a dab).
//
//   build/release/bin/art_bench [--size N] [--repeat R] [--dabs D]
//
// Goals (Release, quiet machine): 1024 x 1024 from scratch <= 50 ms; a dab <= 1 ms.
#include "tilesmith/level/art.h"
#include "tilesmith/level/levelio.h"

#include "bench_args.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Stats {
    double median = 0, min = 0, max = 0;
};

Stats stats(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? Stats{} : Stats{v[v.size() / 2], v.front(), v.back()};
}

void print(const char* what, const std::vector<double>& samples, double scale, const char* unit) {
    const Stats s = stats(samples);
    std::printf("%-22s median %9.3f %s   min %9.3f   max %9.3f   (%zu runs)\n", what,
                s.median * scale, unit, s.min * scale, s.max * scale, samples.size());
    std::fflush(stdout);
}

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

/// A ground layer as a platformer tileset's rules would paint it.
ArtLayer groundLayer() {
    ArtLayer a;
    a.name = "ground";
    a.tileset = "cave";
    a.isAuto = true;
    a.seed = 7;
    a.rules = {
        rule("?o?", "o#o", "?o?", {40}),            // a lone block
        rule("?o?", "o#?", "???", {0}),             // top-left corner
        rule("?o?", "?#o", "???", {2}),             // top-right corner
        rule("?o?", "?#?", "???", {1, 1, 1, 3}),    // top, a flower now and then
        rule("???", "o#?", "?o?", {16}),            // bottom-left corner
        rule("???", "?#o", "?o?", {18}),            // bottom-right corner
        rule("???", "?#?", "?o?", {17}),            // bottom
        rule("???", "o#?", "???", {8}),             // left side
        rule("???", "?#o", "???", {10}),            // right side
        rule("o#?", "###", "???", {11}),            // inner corners
        rule("?#o", "###", "???", {12}),            //
        rule("???", "###", "o#?", {19}),            //
        rule("???", "###", "?#o", {20}),            //
        rule("???", "?#?", "???", {9, 24, 25, 26}), // fill, four variants
        rule("???", "o=o", "???", {35}),            // a one-tile platform
        rule("???", "o=?", "???", {32}),            // platform ends and middle
        rule("???", "?=o", "???", {34}),            //
        rule("???", "?=?", "???", {33}),            //
    };
    return a;
}

/// Rolling ground with caves, overhangs and one-way platforms (seeded: the same level in
/// every run).
Level makeLevel(int size) {
    Level l = Level::make(size, size);
    std::mt19937 rng(42);
    const auto pick = [&](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    int ground = size / 2;
    for (int x = 0; x < size; ++x) {
        ground = std::clamp(ground + pick(-1, 1), size / 4, size - 4);
        for (int y = ground; y < size; ++y)
            l.setTile(x, y, Tile::Solid);
    }
    for (int c = 0; c < size * size / 400; ++c) { // caves
        const int w = pick(3, 20), h = pick(2, 8), x = pick(0, size - 1),
                  y = pick(size / 4, size - 1);
        for (int yy = y; yy < y + h; ++yy)
            for (int xx = x; xx < x + w; ++xx)
                l.setTile(xx, yy, Tile::Empty);
    }
    for (int p = 0; p < size * size / 200; ++p) { // platforms, and blocks in the air
        const int w = pick(2, 10), x = pick(0, size - 1), y = pick(0, size - 1);
        const Tile t = pick(0, 3) == 0 ? Tile::Solid : Tile::OneWay;
        for (int xx = x; xx < x + w; ++xx)
            if (l.tile(xx, y) == Tile::Empty)
                l.setTile(xx, y, t);
    }
    return l;
}

} // namespace

int main(int argc, char** argv) {
    int size = 1024, repeat = 21, dabs = 20000;
    for (int i = 1; i < argc; ++i) {
        const auto number = [&](int& out, int lo, int hi) {
            const auto v = i + 1 < argc ? bench::parseNumber<int>(argv[++i]) : std::nullopt;
            if (!v || *v < lo || *v > hi) {
                std::fprintf(stderr, "%s expects a whole number from %d to %d\n", argv[i - 1], lo,
                             hi);
                std::exit(2);
            }
            out = *v;
        };
        if (!std::strcmp(argv[i], "--size"))
            number(size, 8, 4096);
        else if (!std::strcmp(argv[i], "--repeat"))
            number(repeat, 1, 10000);
        else if (!std::strcmp(argv[i], "--dabs"))
            number(dabs, 1, 10000000);
        else {
            std::fprintf(stderr, "usage: %s [--size N] [--repeat R] [--dabs D]\n", argv[0]);
            return 2;
        }
    }

    Level level = makeLevel(size);
    const ArtLayer layer = groundLayer();
    std::size_t solid = 0, oneWay = 0;
    for (Tile t : level.tiles) {
        solid += t == Tile::Solid;
        oneWay += t == Tile::OneWay;
    }
    std::printf("%d x %d level: %.1f %% solid, %.1f %% one-way; %zu rules\n", size, size,
                100.0 * double(solid) / double(level.tiles.size()),
                100.0 * double(oneWay) / double(level.tiles.size()), layer.rules.size());

    // From scratch: compile, resolve, both.
    std::vector<double> compile, resolve, scratch;
    std::size_t painted = 0;
    for (int r = 0; r < repeat; ++r) {
        auto t0 = Clock::now();
        const AutoTiler tiler(layer);
        compile.push_back(msSince(t0));
        t0 = Clock::now();
        const std::vector<ArtTile> grid = tiler.resolve(level);
        resolve.push_back(msSince(t0));
        painted = std::size_t(
            std::count_if(grid.begin(), grid.end(), [](const ArtTile& t) { return !t.empty(); }));
        t0 = Clock::now();
        const std::vector<ArtTile> again = resolveArtLayer(level, layer);
        scratch.push_back(msSince(t0));
        if (again != grid)
            return 1;
    }
    std::printf("%zu cells painted\n", painted);
    print("compile", compile, 1.0, "ms");
    print("resolve", resolve, 1.0, "ms");
    print("scratch (both)", scratch, 1.0, "ms");

    // Brush dabs: paint, then update the cells the dab can reach; checked against a fresh
    // resolve at the end.
    const AutoTiler tiler(layer);
    std::vector<ArtTile> grid = tiler.resolve(level);
    std::mt19937 rng(99);
    for (int brush : {1, 3, 8}) {
        std::vector<double> dab;
        dab.reserve(std::size_t(dabs));
        for (int d = 0; d < dabs; ++d) {
            const int x = int(rng() % unsigned(size)) - brush / 2;
            const int y = int(rng() % unsigned(size)) - brush / 2;
            const Tile t = kTileKinds[rng() % 3];
            for (int yy = y; yy < y + brush; ++yy)
                for (int xx = x; xx < x + brush; ++xx)
                    level.setTile(xx, yy, t);
            const auto t0 = Clock::now();
            tiler.update(level, x, y, brush, brush, grid);
            dab.push_back(msSince(t0));
        }
        const std::string name = "dab " + std::to_string(brush) + " x " + std::to_string(brush);
        print(name.c_str(), dab, 1000.0, "us");
    }
    if (grid != tiler.resolve(level)) {
        std::fprintf(stderr, "the updated grid is not a fresh resolve()\n");
        return 1;
    }

    // Load and save, with and without art (the fast path reads both).
    Level withArt = level;
    withArt.tilesets.push_back(
        Tileset{.name = "cave", .image = "cave.png", .columns = 8, .count = 64});
    withArt.art.push_back(layer);
    ArtLayer paintedLayer;
    paintedLayer.name = "painted";
    paintedLayer.tileset = "cave";
    paintedLayer.cells = grid; // the auto layer's tiles, baked
    withArt.art.push_back(paintedLayer);
    for (const Level* l : {&level, &withArt}) {
        const std::string text = saveLevelToString(*l);
        std::vector<double> load, save;
        for (int r = 0; r < std::max(3, repeat / 3); ++r) {
            auto t0 = Clock::now();
            const LoadResult loaded = loadLevelFromString(text);
            load.push_back(msSince(t0));
            if (!loaded.ok() || !(*loaded.level == *l))
                return 1;
            t0 = Clock::now();
            const std::string again = saveLevelToString(*loaded.level);
            save.push_back(msSince(t0));
            if (again != text)
                return 1;
        }
        const std::string what = l == &level ? "without art" : "with art";
        std::printf("%s: %.1f MB\n", what.c_str(), double(text.size()) / 1e6);
        print(("load " + what).c_str(), load, 1.0, "ms");
        print(("save " + what).c_str(), save, 1.0, "ms");
    }
    return 0;
}
