// physics_bench: scenes, timing loop and quality checks (see physics_bench_scene.h).
#include "physics_bench_scene.h"

#include "bench_args.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

namespace ts::bench {

const char* sceneName(SceneKind k) {
    switch (k) {
    case SceneKind::Walkers:
        return "walkers";
    case SceneKind::Settle:
        return "settle";
    case SceneKind::Gas:
        return "gas";
    }
    return "?";
}

bool parseScene(std::string_view s, SceneKind& out) {
    if (s == "walkers") {
        out = SceneKind::Walkers;
    } else if (s == "settle") {
        out = SceneKind::Settle;
    } else if (s == "gas") {
        out = SceneKind::Gas;
    } else {
        return false;
    }
    return true;
}

bool parseSceneList(std::string_view s, std::vector<SceneKind>& out) {
    out.clear();
    for (const std::string_view part : splitList(s)) {
        SceneKind k{};
        if (part == "all") {
            out = {SceneKind::Walkers, SceneKind::Settle, SceneKind::Gas};
        } else if (parseScene(part, k)) {
            out.push_back(k);
        } else {
            return false;
        }
    }
    return !out.empty();
}

std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::uint64_t Rng::next() {
    state += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int Rng::rangeInt(int lo, int hiInclusive) {
    const auto span = static_cast<std::uint64_t>(hiInclusive - lo + 1);
    return lo + static_cast<int>(next() % span);
}

TileMap makeTerrain(std::uint64_t seed) {
    // Tile centres at (x, y) * 16 + 8: the map's bottom-left corner is (0, 0).
    TileMap map(kMapWidth, kMapHeight, kTileSize, Vec2{kTileSize * 0.5f, kTileSize * 0.5f});
    const auto fill = [&](int x0, int y0, int x1, int y1, Tile t) {
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                map.set(x, y, t);
            }
        }
    };
    // Closed box: floor (2 rows), ceiling (1 row), side columns. Closing the top
    // keeps gas bodies in the map (open sky would let them fly off forever).
    fill(0, 0, kMapWidth, 2, Tile::Solid);
    fill(0, kMapHeight - 1, kMapWidth, kMapHeight, Tile::Solid);
    fill(0, 0, 1, kMapHeight, Tile::Solid);
    fill(kMapWidth - 1, 0, kMapWidth, kMapHeight, Tile::Solid);

    Rng rng(mix64(seed ^ 0x7e77a1full));
    constexpr int chunk = 32;
    for (int cx = 0; cx < kMapWidth; cx += chunk) {
        // A wall standing on the floor.
        if (rng.uniform() < 0.6) {
            const int w = rng.rangeInt(1, 2);
            const int h = rng.rangeInt(3, 10);
            const int x = std::clamp(cx + rng.rangeInt(2, chunk - 4), 1, kMapWidth - 1 - w);
            fill(x, 2, x + w, 2 + h, Tile::Solid);
        }
        // Solid platforms, some two tiles thick.
        for (int i = 0; i < 4; ++i) {
            const int len = rng.rangeInt(4, 16);
            const int x = std::clamp(cx + rng.rangeInt(0, chunk - 1), 1, kMapWidth - 1 - len);
            const int y = rng.rangeInt(8, kMapHeight - 12);
            const int thick = rng.uniform() < 0.25 ? 2 : 1;
            fill(x, y, x + len, y + thick, Tile::Solid);
        }
        // One-way platforms.
        for (int i = 0; i < 3; ++i) {
            const int len = rng.rangeInt(4, 12);
            const int x = std::clamp(cx + rng.rangeInt(0, chunk - 1), 1, kMapWidth - 1 - len);
            const int y = rng.rangeInt(6, kMapHeight - 12);
            for (int t = x; t < x + len; ++t) {
                if (map.at(t, y) == Tile::Empty) {
                    map.set(t, y, Tile::OneWay);
                }
            }
        }
    }
    return map;
}

namespace {

bool boxIsFree(const TileMap& map, Vec2 c, Vec2 half, float margin) {
    const int tx0 = map.tileXAtPoint(c.x - half.x - margin);
    const int tx1 = map.tileXAtPoint(c.x + half.x + margin);
    const int ty0 = map.tileYAtPoint(c.y - half.y - margin);
    const int ty1 = map.tileYAtPoint(c.y + half.y + margin);
    for (int y = ty0; y <= ty1; ++y) {
        for (int x = tx0; x <= tx1; ++x) {
            if (map.at(x, y) != Tile::Empty) {
                return false;
            }
        }
    }
    return true;
}

} // namespace

BodyDef bodyDef(const Scene& scene, const Spawn& spawn) {
    BodyDef d;
    d.shape = Shape::Aabb;
    d.control = scene.kind == SceneKind::Walkers ? Control::Character : Control::None;
    d.position = spawn.centre;
    d.halfSize = scene.half;
    d.velocity = spawn.velocity;
    d.mass = 1.0f;
    d.restitution = scene.restitution;
    d.gravity = scene.gravity;
    return d;
}

Scene makeScene(SceneKind kind, int bodies, std::uint64_t seed) {
    Scene s;
    s.kind = kind;
    s.bodies = bodies;
    s.seed = seed;
    s.map = makeTerrain(seed);
    if (kind == SceneKind::Gas) {
        s.settings.gravity = 0;
        s.gravity = false;
        s.restitution = 1;
    }

    // The band the bodies start in: inside the side columns, above the floor,
    // below the ceiling, as wide as the density asks.
    const float x0 = kTileSize;
    const float y0 = 2 * kTileSize;
    const float y1 = (kMapHeight - 1) * kTileSize;
    const float fullWidth = (kMapWidth - 2) * kTileSize;
    s.regionWidthPx = std::clamp(fullWidth * static_cast<float>(bodies) / kFullMapBodies,
                                 8 * kTileSize, fullWidth);
    const float x1 = x0 + s.regionWidthPx;

    // A jittered lattice over the band, skipping spots that touch non-empty
    // tiles; shrink the spacing until there are enough spots, then take a
    // seeded random subset and keep it in lattice order.
    Rng rng(mix64(seed * 31 + static_cast<std::uint64_t>(kind) * 7 + 3));
    double spacing =
        std::sqrt(static_cast<double>(s.regionWidthPx) * (y1 - y0) * 0.97 / std::max(bodies, 1));
    std::vector<Vec2> spots;
    for (int attempt = 0; attempt < 200; ++attempt) {
        spots.clear();
        const double jitter = std::max(0.0, (spacing - 2.0 * kBodyHalf - 2.0) * 0.5);
        for (double y = y0 + spacing * 0.5; y + kBodyHalf < y1; y += spacing) {
            for (double x = x0 + spacing * 0.5; x + kBodyHalf < x1; x += spacing) {
                const Vec2 c{static_cast<float>(x + rng.range(-jitter, jitter)),
                             static_cast<float>(y + rng.range(-jitter, jitter))};
                if (boxIsFree(s.map, c, s.half, 1.0f)) {
                    spots.push_back(c);
                }
            }
        }
        if (static_cast<int>(spots.size()) >= bodies) {
            break;
        }
        spacing *= 0.97;
    }
    std::vector<std::size_t> order(spots.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    for (std::size_t i = order.size(); i > 1; --i) {
        std::swap(order[i - 1], order[rng.next() % i]);
    }
    order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(bodies)));
    std::sort(order.begin(), order.end());

    s.spawns.reserve(order.size());
    for (std::size_t i : order) {
        Spawn sp;
        sp.centre = spots[i];
        if (kind == SceneKind::Gas) {
            const double angle = rng.range(0.0, 6.283185307179586);
            const double speed = rng.range(60.0, 240.0);
            sp.velocity = {static_cast<float>(std::cos(angle) * speed),
                           static_cast<float>(std::sin(angle) * speed)};
        }
        s.spawns.push_back(sp);
    }
    return s;
}

Input walkerInput(std::uint64_t seed, std::uint32_t body, std::uint64_t step) {
    const std::uint64_t h0 = mix64(seed ^ (0xa5a5ull + body * 0x9e3779b97f4a7c15ull));
    const std::uint64_t period = 24 + h0 % 13;
    const std::uint64_t phase = (h0 >> 16) % period;
    const std::uint64_t segment = (step + phase) / period;
    const std::uint64_t h = mix64(h0 ^ (segment * 0xd1b54a32d192ed03ull));
    Input in;
    const int dir = static_cast<int>(h % 10); // 0-3 left, 4-7 right, 8-9 stand
    in.left = dir < 4;
    in.right = dir >= 4 && dir < 8;
    in.jump = (h >> 8) % 100 < 25;
    in.down = !in.jump && (h >> 16) % 100 < 10;
    return in;
}

std::vector<TileRect> mergeTiles(const TileMap& map, Tile kind, bool mergeRows) {
    std::vector<TileRect> done;
    std::vector<TileRect> open; // runs of the previous row that may still grow up
    for (int y = 0; y < map.height(); ++y) {
        std::vector<TileRect> row;
        for (int x = 0; x < map.width();) {
            if (map.at(x, y) != kind) {
                ++x;
                continue;
            }
            int e = x;
            while (e < map.width() && map.at(e, y) == kind) {
                ++e;
            }
            row.push_back({x, y, e, y + 1});
            x = e;
        }
        if (!mergeRows) {
            done.insert(done.end(), row.begin(), row.end());
            continue;
        }
        // Grow an open run of the row below when this row has the same run.
        std::vector<TileRect> next;
        std::size_t j = 0;
        for (TileRect r : row) {
            while (j < open.size() && open[j].x0 < r.x0) {
                done.push_back(open[j++]);
            }
            if (j < open.size() && open[j].x0 == r.x0 && open[j].x1 == r.x1) {
                r.y0 = open[j++].y0;
            }
            next.push_back(r);
        }
        while (j < open.size()) {
            done.push_back(open[j++]);
        }
        open = std::move(next);
    }
    done.insert(done.end(), open.begin(), open.end());
    return done;
}

Quality measureQuality(const TileMap& map, std::span<const Aabb> boxes) {
    Quality q;
    const float w = map.size().x;
    const float h = map.size().y;
    const Vec2 org = map.origin();

    float maxHalf = 0;
    for (const Aabb& b : boxes) {
        maxHalf = std::max({maxHalf, b.halfSize.x, b.halfSize.y});
    }
    // Bodies bucketed by centre into cells at least two body sizes wide, so an
    // overlapping pair always sits in the same or a neighbouring cell.
    const float cell = std::max(32.0f, 4.0f * maxHalf);
    const int gw = static_cast<int>(std::ceil(w / cell));
    const int gh = static_cast<int>(std::ceil(h / cell));
    std::vector<int> cellOf(boxes.size());
    std::vector<int> start(static_cast<std::size_t>(gw * gh) + 1, 0);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const Vec2 c = boxes[i].center;
        const bool finite = std::isfinite(c.x) && std::isfinite(c.y);
        int cx = finite ? static_cast<int>(std::floor((c.x - org.x) / cell)) : 0;
        int cy = finite ? static_cast<int>(std::floor((c.y - org.y) / cell)) : 0;
        cx = std::clamp(cx, 0, gw - 1);
        cy = std::clamp(cy, 0, gh - 1);
        cellOf[i] = cy * gw + cx;
        ++start[static_cast<std::size_t>(cellOf[i]) + 1];
    }
    for (std::size_t c = 1; c < start.size(); ++c) {
        start[c] += start[c - 1];
    }
    std::vector<int> fillPos(start.begin(), start.end() - 1);
    std::vector<std::uint32_t> sorted(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        sorted[static_cast<std::size_t>(fillPos[static_cast<std::size_t>(cellOf[i])]++)] =
            static_cast<std::uint32_t>(i);
    }

    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const Aabb& a = boxes[i];
        const int cx = cellOf[i] % gw;
        const int cy = cellOf[i] / gw;
        for (int ny = std::max(cy - 1, 0); ny <= std::min(cy + 1, gh - 1); ++ny) {
            for (int nx = std::max(cx - 1, 0); nx <= std::min(cx + 1, gw - 1); ++nx) {
                const int c = ny * gw + nx;
                for (int k = start[static_cast<std::size_t>(c)];
                     k < start[static_cast<std::size_t>(c) + 1]; ++k) {
                    const std::uint32_t j = sorted[static_cast<std::size_t>(k)];
                    if (j <= i) {
                        continue;
                    }
                    const Aabb& b = boxes[j];
                    const double ox = static_cast<double>(a.halfSize.x) + b.halfSize.x -
                                      std::fabs(static_cast<double>(a.center.x) - b.center.x);
                    const double oy = static_cast<double>(a.halfSize.y) + b.halfSize.y -
                                      std::fabs(static_cast<double>(a.center.y) - b.center.y);
                    if (ox > 0 && oy > 0) {
                        q.maxBodyPenetration = std::max(q.maxBodyPenetration, std::min(ox, oy));
                    }
                }
            }
        }
    }

    for (const Aabb& b : boxes) {
        if (isTunnelled(map, b)) {
            ++q.tunnelled;
            continue;
        }
        q.maxTilePenetration = std::max(q.maxTilePenetration, tilePenetration(map, b));
    }
    return q;
}

double tilePenetration(const TileMap& map, const Aabb& box) {
    const float ts = map.tileSize();
    const Vec2 lo = box.min();
    const Vec2 hi = box.max();
    const int tx0 = std::max(map.tileXAtPoint(lo.x), 0);
    const int tx1 = std::min(map.tileXAtPoint(hi.x), map.width() - 1);
    const int ty0 = std::max(map.tileYAtPoint(lo.y), 0);
    const int ty1 = std::min(map.tileYAtPoint(hi.y), map.height() - 1);
    double deepest = 0;
    for (int y = ty0; y <= ty1; ++y) {
        for (int x = tx0; x <= tx1; ++x) {
            if (!map.isSolid(x, y)) {
                continue;
            }
            const Vec2 tc = map.tileCenter(x, y);
            const double ox = std::min(hi.x, tc.x + ts * 0.5f) - std::max(lo.x, tc.x - ts * 0.5f);
            const double oy = std::min(hi.y, tc.y + ts * 0.5f) - std::max(lo.y, tc.y - ts * 0.5f);
            if (ox > 0 && oy > 0) {
                deepest = std::max(deepest, std::min(ox, oy));
            }
        }
    }
    return deepest;
}

bool isTunnelled(const TileMap& map, const Aabb& box) {
    const Vec2 c = box.center;
    const Vec2 org = map.origin();
    return !std::isfinite(c.x) || !std::isfinite(c.y) || c.x < org.x || c.y < org.y ||
           c.x > org.x + map.size().x || c.y > org.y + map.size().y ||
           map.isSolid(map.tileXAtPoint(c.x), map.tileYAtPoint(c.y));
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) {
        return 0;
    }
    std::sort(v.begin(), v.end());
    // Nearest rank.
    const auto rank =
        static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size())));
    return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

EngineRun::EngineRun(Engine& engine, const Scene& scene, int steps, int sampleEvery,
                     double timeLimitSeconds)
    : mEngine(engine), mScene(scene), mSteps(std::max(steps, 0)),
      mSampleEvery(std::max(sampleEvery, 1)), mTimeLimit(timeLimitSeconds) {
    mResult.stepMs.reserve(static_cast<std::size_t>(mSteps));
}

bool EngineRun::charge(std::chrono::steady_clock::time_point t0) {
    mUsedSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return mTimeLimit > 0 && mUsedSeconds > mTimeLimit;
}

void EngineRun::untimed(int n) {
    for (int s = 0; s < n && !done(); ++s) {
        const auto t0 = std::chrono::steady_clock::now();
        mEngine.prepare(static_cast<std::uint64_t>(mStep++));
        mEngine.step();
        mOutOfTime = charge(t0);
    }
}

void EngineRun::timed(int n) {
    for (int s = 0; s < n && !done(); ++s) {
        const auto start = std::chrono::steady_clock::now();
        mEngine.prepare(static_cast<std::uint64_t>(mStep++));
        const auto t0 = std::chrono::steady_clock::now();
        mEngine.step();
        const auto t1 = std::chrono::steady_clock::now();
        mOutOfTime = mTimeLimit > 0 &&
                     mUsedSeconds + std::chrono::duration<double>(t1 - start).count() > mTimeLimit;
        mResult.stepMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        double t = 0;
        double f = 0;
        mEngine.pairs(t, f);
        mTested += t;
        mFound += f;
        const int k = measured() - 1;
        if (k % mSampleEvery == 0 || k == mSteps - 1 || mOutOfTime) {
            mEngine.boxes(mBoxes);
            const Quality q = measureQuality(mScene.map, mBoxes);
            mResult.quality.maxBodyPenetration =
                std::max(mResult.quality.maxBodyPenetration, q.maxBodyPenetration);
            mResult.quality.maxTilePenetration =
                std::max(mResult.quality.maxTilePenetration, q.maxTilePenetration);
            mResult.quality.tunnelled = q.tunnelled;
        }
        charge(start);
    }
}

RunResult EngineRun::result() const {
    RunResult r = mResult;
    if (!r.stepMs.empty()) {
        r.pairsTested = mTested / static_cast<double>(r.stepMs.size());
        r.pairsFound = mFound / static_cast<double>(r.stepMs.size());
    }
    return r;
}

RunResult runEngine(Engine& engine, const Scene& scene, int warmup, int steps, int sampleEvery,
                    double timeLimitSeconds) {
    EngineRun run(engine, scene, steps, sampleEvery, timeLimitSeconds);
    run.untimed(warmup);
    run.timed(steps);
    return run.result();
}

} // namespace ts::bench
