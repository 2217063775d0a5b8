// The geometry behind the reasons (reachreasonsimpl.h): where the player's box fits, and
// a free jump measured with the controller.
#include "reachreasonsimpl.h"

#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace ts::level::reasons {

namespace {

/// Steps the measuring jumps may take: far more than any jump that comes down.
constexpr int kMeasureSteps = 20'000;

/// Runs a jump from standing on the floor of `flat` (the player on column 2, row 1);
/// false when the player does not stand there or never lands again.
bool measure(const Level& flat, const Input& keys, float& rise, float& distance) {
    PlayerSim sim(flat);
    if (!sim.placeOn(2, 1))
        return false;
    const Vec2 start = sim.state().position;
    float top = start.y;
    bool left = false;
    for (int k = 0; k < kMeasureSteps; ++k) {
        const PlayerState s = sim.step(keys);
        top = std::max(top, s.position.y);
        if (!(s.contacts & OnGround)) {
            left = true;
        } else if (left) {
            rise = top - start.y;
            distance = s.position.x - start.x;
            return true;
        }
    }
    return false;
}

} // namespace

FreeJump measureFreeJump(const Level& level) {
    const PhysicsSettings& p = level.physics;
    FreeJump out;
    if (!(p.gravity > 0) || !(p.dt > 0) || level.tileSize <= 0)
        return out;
    // A floor long enough for the jump (its air time at walk speed, with room to spare);
    // the map's open sky above lets the jump rise as high as it goes.
    const double air = 2.0 * double(p.jumpSpeed) / double(p.gravity) + 4.0 * double(p.dt);
    const double reach = std::max(0.0, double(p.walkSpeed)) * air;
    const int width = int(std::clamp(2.0 * reach / level.tileSize + 8.0, 8.0, 4096.0));
    Level flat = Level::make(width, 3, level.tileSize);
    flat.physics = p;
    Spawn player = level.player() ? *level.player() : Spawn::withDefaults(SpawnKind::Player);
    player.x = 2;
    player.y = 1;
    flat.spawns = {player};
    for (int x = 0; x < width; ++x)
        flat.setTile(x, 2, Tile::Solid);
    float rise = 0, distance = 0;
    if (measure(flat, Input{false, false, true, false}, rise, distance))
        out.rise = rise;
    if (measure(flat, Input{false, true, true, false}, rise, distance))
        out.distance = distance;
    return out;
}

SurfaceGrid::SurfaceGrid(const Level& level, const std::vector<LevelTile>& surfaces)
    : mTileSize(float(level.tileSize)) {
    if (level.width <= 0 || level.height <= 0)
        return;
    mCols = (level.width + kCell - 1) / kCell;
    mRows = (level.height + kCell - 1) / kCell;
    mCells.resize(std::size_t(mCols) * std::size_t(mRows));
    for (std::size_t i = 0; i < surfaces.size(); ++i) {
        const LevelTile s = surfaces[i];
        if (!level.contains(s.x, s.y))
            continue;
        mCells[std::size_t(s.y / kCell) * std::size_t(mCols) + std::size_t(s.x / kCell)].push_back(
            std::uint32_t(i));
    }
}

bool standableTile(const Level& level, int x, int y) {
    return level.contains(x, y) && level.tile(x, y) != Tile::Empty &&
           (y == 0 || level.tile(x, y - 1) != Tile::Solid);
}

Openings::Openings(const Level& level, float boxWidth, float boxHeight)
    : mLevel(level), mBoxWidth(boxWidth) {
    const float ts = float(level.tileSize);
    if (!(ts > 0) || !(boxWidth > 0) || !(boxHeight > 0))
        return;
    mCols = int(std::ceil(boxWidth / ts - 1e-4f));
    mRows = int(std::ceil(boxHeight / ts - 1e-4f));
    if (mCols > level.width || mRows > level.height)
        return;
    mNx = level.width - mCols + 1;
    mNy = level.height + 1;
    mSeen.assign(std::size_t(mNx) * std::size_t(mNy), 0);
}

std::int64_t Openings::index(int x, int y) const {
    if (x < 0 || x >= mNx || y < -mRows || y > mLevel.height - mRows)
        return -1;
    return std::int64_t(y + mRows) * mNx + x;
}

bool Openings::fits(int x, int y) const {
    for (int ty = std::max(y, 0); ty < y + mRows; ++ty) // rows above the map are sky
        for (int tx = x; tx < x + mCols; ++tx)
            if (mLevel.tile(tx, ty) == Tile::Solid)
                return false;
    return true;
}

void Openings::flood(const std::vector<LevelTile>& surfaces) {
    if (mSeen.empty())
        return;
    const float ts = float(mLevel.tileSize);
    std::deque<std::pair<int, int>> queue;
    const auto visit = [&](int x, int y) {
        const std::int64_t i = index(x, y);
        if (i < 0 || mSeen[std::size_t(i)] || !fits(x, y))
            return;
        mSeen[std::size_t(i)] = 1;
        queue.emplace_back(x, y);
    };
    for (const LevelTile& s : surfaces) {
        // The box standing on the surface's centre: the windows holding its columns.
        const float left = (float(s.x) + 0.5f) * ts - mBoxWidth * 0.5f;
        const int c0 = int(std::floor(left / ts));
        const int c1 = int(std::floor((left + mBoxWidth - 1e-3f) / ts));
        for (int x = std::min(c0, c1 - mCols + 1); x <= std::max(c0, c1 - mCols + 1); ++x)
            visit(x, s.y - mRows);
    }
    while (!queue.empty()) {
        const auto [x, y] = queue.front();
        queue.pop_front();
        visit(x - 1, y);
        visit(x + 1, y);
        visit(x, y - 1);
        visit(x, y + 1);
    }
}

bool Openings::reaches(const Aabb& area) const {
    if (mSeen.empty())
        return true;
    const float ts = float(mLevel.tileSize);
    const int h = mLevel.height;
    // Windows whose rect overlaps the area: columns x .. x + cols - 1, level rows
    // y .. y + rows - 1, i.e. world y from (h - y - rows) * ts to (h - y) * ts.
    const int x0 = int(std::floor(area.min().x / ts)) - mCols;
    const int x1 = int(std::ceil(area.max().x / ts));
    const int y0 = h - int(std::ceil(area.max().y / ts)) - mRows;
    const int y1 = h - int(std::floor(area.min().y / ts));
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            const std::int64_t i = index(x, y);
            if (i < 0 || !mSeen[std::size_t(i)])
                continue;
            const float wx0 = float(x) * ts, wx1 = float(x + mCols) * ts;
            const float wy0 = float(h - y - mRows) * ts, wy1 = float(h - y) * ts;
            if (wx0 < area.max().x && area.min().x < wx1 && wy0 < area.max().y &&
                area.min().y < wy1)
                return true;
        }
    }
    return false;
}

} // namespace ts::level::reasons
