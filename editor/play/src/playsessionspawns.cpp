// PlaySession: spawn edits reaching the running world, and finding a place
// where the player can stand.
#include "tilesmith/play/playsession.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ts::play {

using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

int PlaySession::applySpawns(const Level& level) {
    const Level& now = mRun.level();
    const std::vector<ts::BodyId>& nowBodies = mRun.levelWorld().spawnBodies;
    if (level.width != now.width || level.height != now.height || level.tileSize != now.tileSize)
        return 0; // a resize restarts the session instead
    // What each running spawn body stands for, by spawn id.
    std::unordered_map<int, std::size_t> running; // id -> index in now.spawns
    for (std::size_t i = 0; i < now.spawns.size(); ++i)
        running.emplace(now.spawns[i].id, i);
    std::unordered_map<int, const Spawn*> before; // id -> the document's spawn last time
    for (const Spawn& s : mSourceSpawns)
        before.emplace(s.id, &s);

    std::vector<Spawn> spawns;
    std::vector<ts::BodyId> bodies;
    spawns.reserve(level.spawns.size());
    bodies.reserve(level.spawns.size());
    std::vector<bool> kept(now.spawns.size(), false);
    int changes = 0;
    for (const Spawn& s : level.spawns) {
        const auto was = before.find(s.id);
        const auto run = running.find(s.id);
        if (was != before.end() && *was->second == s && run != running.end()) {
            // Untouched: the body keeps running (a Shift+F5 player keeps its place).
            kept[run->second] = true;
            spawns.push_back(now.spawns[run->second]);
            bodies.push_back(nowBodies[run->second]);
            continue;
        }
        ++changes;
        // Spawn bodies added or replaced mid-session are beyond the replay format.
        stopRecording("a spawn was edited while playing");
        if (run != running.end()) {
            kept[run->second] = true;
            world().remove(nowBodies[run->second]);
        }
        spawns.push_back(s);
        bodies.push_back(ts::level::isBodyKind(s.kind) // a goal is an area, not a body
                             ? world().add(ts::level::bodyDef(now, s))
                             : ts::BodyId{});
    }
    for (std::size_t i = 0; i < kept.size(); ++i) {
        if (!kept[i]) {
            stopRecording("a spawn was deleted while playing");
            world().remove(nowBodies[i]);
            ++changes;
        }
    }
    mSourceSpawns = level.spawns;
    if (changes == 0)
        return 0;
    mRun.setSpawns(std::move(spawns), std::move(bodies));
    if (hasPlayer() && mPlayerScale != 1.0f)
        world().setScale(player(), {mPlayerScale, mPlayerScale});
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
