// The reachability search's model (reach.h reachModel(), reachmodel.h): its
// resolution derived from the physics settings, and the tiles where it refines.
// docs/reachability.md "How the search works" describes the same rules.
#include "reachmodel.h"

#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <cmath>

namespace ts::level {

namespace reach_detail {

WorldSettings effectiveSettings(const Level& level) {
    const WorldSettings s = worldSettings(level.physics);
    return s.isValid() ? s : WorldSettings{};
}

namespace {

/// The finest grid the search uses (px): below this a level's cells would not
/// fit the state key, and the search would not end on any level of useful size.
constexpr float kMinGrid = 1.0f / 64.0f;
/// The vertical speed bands the state key holds (15 bits).
constexpr float kSpeedBands = 30000.0f;

float positive(float v, float fallback) {
    return v > 0 && std::isfinite(v) ? v : fallback;
}

} // namespace

namespace {

/// Prefix sums of a 0/1 field over a w x h grid: count() of any rectangle in O(1).
class Sums {
public:
    template <typename F>
    Sums(int w, int h, F&& f) : mW(w), mSum(std::size_t(w + 1) * std::size_t(h + 1), 0) {
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                at(x + 1, y + 1) = (f(x, y) ? 1u : 0u) + at(x, y + 1) + at(x + 1, y) - at(x, y);
    }
    /// Cells [x0, x1] x [y0, y1], clamped to the grid by the caller.
    std::uint32_t count(int x0, int x1, int y0, int y1) const {
        if (x0 > x1 || y0 > y1)
            return 0;
        return get(x1 + 1, y1 + 1) - get(x0, y1 + 1) - get(x1 + 1, y0) + get(x0, y0);
    }

private:
    std::uint32_t& at(int x, int y) {
        return mSum[std::size_t(y) * std::size_t(mW + 1) + std::size_t(x)];
    }
    std::uint32_t get(int x, int y) const {
        return mSum[std::size_t(y) * std::size_t(mW + 1) + std::size_t(x)];
    }
    int mW;
    std::vector<std::uint32_t> mSum;
};

/// How freely the player passes a tile: empty, one-way (from below, or down), solid.
int openness(Tile t) {
    return t == Tile::Empty ? 0 : t == Tile::OneWay ? 1 : 2;
}

} // namespace

RefineZones::RefineZones(const Level& level, const ReachModel& model, Vec2 half) {
    if (!model.refine || model.exhaustive || model.stepsPerMove <= 1 || level.width <= 0 ||
        level.height <= 0)
        return;
    const WorldSettings s = effectiveSettings(level);
    const TileMap map = tileMap(level);
    mW = level.width;
    mH = level.height;
    const float ts = map.tileSize();
    // What a coarse walk can step over: the box's half width plus one move's walk.
    const float moveWalk = s.walkSpeed * s.dt * static_cast<float>(model.stepsPerMove);
    const float reach = (half.x + moveWalk) / ts;
    // A ledge: edge b (between columns b - 1 and b, b in [0, w]) of a row where one
    // side can be stood on and the other not.
    const Sums ledges(mW + 1, mH, [&](int b, int y) {
        return (map.at(b - 1, y) == Tile::Empty) != (map.at(b, y) == Tile::Empty);
    });
    // A one-tile opening: a tile more open than both its neighbours (a hole in a
    // floor, a notch in a ceiling, a one-way tile between solid ones).
    const Sums openings(mW, mH, [&](int x, int y) {
        const int o = openness(map.at(x, y));
        return o < openness(map.at(x - 1, y)) && o < openness(map.at(x + 1, y));
    });
    // Rows an opening matters from: the floor up to the head at a jump's top.
    const float rise = s.gravity > 0 ? s.jumpSpeed * s.jumpSpeed / (2.0f * s.gravity)
                                     : static_cast<float>(mH) * ts;
    const int up = static_cast<int>(
        std::ceil(std::min(2.0f * half.y + rise, static_cast<float>(mH) * ts) / ts));
    // Feet in tile tx span [tx, tx + 1) in tile units; edge b lies at b; column c
    // spans [c, c + 1).
    const int before = static_cast<int>(std::ceil(-reach));       // edges b >= tx + before
    const int after = static_cast<int>(std::floor(1.0f + reach)); // edges b <= tx + after
    mZone.assign(static_cast<std::size_t>(mW) * static_cast<std::size_t>(mH), 0);
    for (int ty = 0; ty < mH; ++ty) {
        const int floorRow = ty - 1;
        const int top = std::min(ty + up, mH - 1);
        for (int tx = 0; tx < mW; ++tx) {
            const int b0 = std::clamp(tx + before, 0, mW), b1 = std::clamp(tx + after, 0, mW);
            const int c0 = std::clamp(tx + before - 1, 0, mW - 1);
            const int c1 = std::clamp(tx + after, 0, mW - 1);
            const bool ledge = floorRow >= 0 && ledges.count(b0, b1, floorRow, floorRow) > 0;
            const bool opening = openings.count(c0, c1, std::max(floorRow, 0), top) > 0;
            mZone[static_cast<std::size_t>(ty) * static_cast<std::size_t>(mW) +
                  static_cast<std::size_t>(tx)] =
                static_cast<std::uint8_t>((ledge ? kLedge : 0) | (opening ? kOpening : 0));
        }
    }
}

std::size_t RefineZones::count() const {
    return static_cast<std::size_t>(
        std::count_if(mZone.begin(), mZone.end(), [](std::uint8_t z) { return z != 0; }));
}

} // namespace reach_detail

ReachModel reachModel(const Level& level, const ReachOptions& options) {
    const WorldSettings s = reach_detail::effectiveSettings(level);
    ReachModel m;
    m.exhaustive = options.exhaustive;
    m.refine = options.refine && !options.exhaustive;
    // About 1/15 s of hold: 4 steps at 60 Hz, 16 at 240 Hz, 2 at 30 Hz.
    const double derivedSteps = std::round(1.0 / (15.0 * static_cast<double>(s.dt)));
    const int steps = options.stepsPerMove > 0
                          ? options.stepsPerMove
                          : static_cast<int>(std::clamp(derivedSteps, 1.0, 255.0));
    m.stepsPerMove = options.exhaustive ? 1 : std::clamp(steps, 1, 255);
    const float moveTime = s.dt * static_cast<float>(m.stepsPerMove);

    // The slowest motion a move makes: walking, rising at take-off, falling at
    // terminal speed (those the settings have at all).
    float slowest = 8.0f; // twice the default grid's ceiling
    for (float speed : {s.walkSpeed, s.jumpSpeed, s.gravity > 0 ? s.maxFallSpeed : 0.0f})
        if (speed > 0)
            slowest = std::min(slowest, speed * moveTime);
    const float derivedGrid = std::max(0.5f * slowest, reach_detail::kMinGrid);
    // Gravity adds g * moveTime to the fall speed each move; without gravity
    // the vertical speed only changes at take-off and on contact.
    const float speedFloor =
        std::max({s.jumpSpeed, s.maxFallSpeed, 1.0f}) * 2.0f / reach_detail::kSpeedBands;
    const float derivedSpeed =
        s.gravity > 0 ? std::min(50.0f, 0.5f * s.gravity * moveTime) : std::min(50.0f, 1.0f);
    m.positionGrid =
        std::max(reach_detail::positive(options.positionGrid, derivedGrid), reach_detail::kMinGrid);
    m.speedGrid = std::max(reach_detail::positive(options.speedGrid, derivedSpeed), speedFloor);
    // Refined states walk single steps: their cells are narrower than one step,
    // so positions a step apart never share one.
    const float stepWalk = s.walkSpeed * s.dt;
    m.fineGrid = m.refine && stepWalk > 0
                     ? std::max(std::min(m.positionGrid, 0.95f * stepWalk), reach_detail::kMinGrid)
                     : m.positionGrid;
    if (m.exhaustive) {
        m.positionGrid = m.fineGrid = std::min(ReachModel::kExhaustiveGrid, m.positionGrid);
        const float stepSpeed = s.gravity > 0 ? 0.5f * s.gravity * s.dt : 1.0f;
        m.speedGrid = std::max(std::min(m.speedGrid, stepSpeed), speedFloor);
    }
    return m;
}

} // namespace ts::level
