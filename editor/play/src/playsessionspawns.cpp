// PlaySession: spawn edits reaching the running world, and finding a place
// where the player can stand.
#include "tilesmith/play/playsession.h"

#include <algorithm>
#include <cmath>

namespace ts::play {

using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

int PlaySession::applySpawns(const Level& level) {
    const Level& now = mRun.level();
    if (level.width != now.width || level.height != now.height || level.tileSize != now.tileSize)
        return 0; // a resize restarts the session instead
    // Each spawn whose body changes is a replay event, applied through the run, which
    // records it: a replay of the session makes the same edit at the same step.
    int changes = 0;
    for (const ts::level::ReplayEvent& e : ts::level::spawnEditEvents(mSourceSpawns, level.spawns))
        changes += mRun.apply(e) ? 1 : 0;
    mSourceSpawns = level.spawns;
    if (changes > 0)
        setPlayerScale(mPlayerScale); // a replaced player gets the session's size (an event)
    return changes;
}

namespace {

/// Whether `spawn`'s body, standing on tile (x, y)'s bottom edge, covers no
/// solid tile and stays inside the map.
bool fits(const Level& level, const Spawn& spawn, int x, int y) {
    const double ts = level.tileSize;
    const bool ball = spawn.kind == SpawnKind::Ball;
    const double w = ball ? 2.0 * spawn.radius : spawn.width;
    const double h = ball ? 2.0 * spawn.radius : spawn.height;
    const double cx = (x + 0.5) * ts;
    const double bottom = (y + 1.0) * ts;
    // Tiles the box overlaps (a box edge exactly on a tile edge does not enter it).
    const int x0 = int(std::floor((cx - w / 2) / ts));
    const int x1 = int(std::ceil((cx + w / 2) / ts)) - 1;
    const int y0 = int(std::floor((bottom - h) / ts));
    if (x0 < 0 || x1 >= level.width || y0 < 0)
        return false;
    for (int ty = y0; ty <= y; ++ty)
        for (int tx = x0; tx <= x1; ++tx)
            if (level.tile(tx, ty) == ts::Tile::Solid)
                return false;
    return true;
}

bool standsOn(const Level& level, int x, int y) {
    return y + 1 < level.height && level.tile(x, y + 1) != ts::Tile::Empty;
}

} // namespace

std::optional<QPoint> PlaySession::standingTileNear(const Level& level, const Spawn& spawn,
                                                    QPoint tile, std::string* why) {
    if (level.contains(tile.x(), tile.y()) && fits(level, spawn, tile.x(), tile.y()))
        return tile;
    // Rings of growing Chebyshev radius; within a ring the closest tile wins
    // (ties: the one above, then the left one), so the search stops at the
    // first ring holding a place closer than any later ring can.
    std::optional<QPoint> best;
    long long bestD2 = 0;
    const int maxR = std::max(level.width, level.height);
    for (int r = 1; r <= maxR; ++r) {
        if (best && (long long)r * r > bestD2)
            break;
        for (int dy = -r; dy <= r; ++dy) {
            for (int dx = -r; dx <= r; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != r)
                    continue;
                const int x = tile.x() + dx;
                const int y = tile.y() + dy;
                if (!level.contains(x, y) || !standsOn(level, x, y) || !fits(level, spawn, x, y))
                    continue;
                const long long d2 = (long long)dx * dx + (long long)dy * dy;
                if (!best || d2 < bestD2 ||
                    (d2 == bestD2 && (y < best->y() || (y == best->y() && x < best->x())))) {
                    best = QPoint(x, y);
                    bestD2 = d2;
                }
            }
        }
    }
    if (!best && why)
        *why = "the map has no free tile where the player fits standing on a floor";
    return best;
}

} // namespace ts::play
