#include "pasteplan.h"

#include "widgets/uitext.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <cstdlib>

namespace ts::editor {

using ts::level::Level;
using ts::level::Spawn;

namespace {

/// The nearest tile to `from` that is not solid in `isSolid`'s map of
/// `width` x `height`: straight up first, then by distance. (-1, -1) if none.
template <typename IsSolid>
QPoint nearestFreeTile(int width, int height, QPoint from, IsSolid isSolid) {
    // Up the column: a spawn under a pasted floor ends up standing on it.
    for (int y = from.y() - 1; y >= 0; --y)
        if (!isSolid(from.x(), y))
            return QPoint(from.x(), y);
    // Otherwise the closest free tile anywhere (rings of growing radius).
    QPoint best(-1, -1);
    long long bestD2 = 0;
    for (int r = 1; r <= std::max(width, height); ++r) {
        if (best.x() >= 0 && (long long)r * r > bestD2)
            break;
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -r; dx <= r; ++dx) {
                if (std::max(std::abs(dx), std::abs(dy)) != r)
                    continue;
                const int x = from.x() + dx, y = from.y() + dy;
                if (x < 0 || y < 0 || x >= width || y >= height || isSolid(x, y))
                    continue;
                const long long d2 = (long long)dx * dx + (long long)dy * dy;
                if (best.x() < 0 || d2 < bestD2) {
                    best = QPoint(x, y);
                    bestD2 = d2;
                }
            }
    }
    return best;
}

} // namespace

PastePlan planPaste(const Level& level, const Level& stamp, QPoint at, const Lift& lift) {
    PastePlan plan;
    const QRect map(0, 0, level.width, level.height);
    const QRect lifted = lift.tiles.intersected(map);
    // The stamp's tile over a map tile (Empty outside it), and the map after the paste.
    const auto stampTile = [&](int x, int y) {
        const int sx = x - at.x(), sy = y - at.y();
        if (sx < 0 || sy < 0 || sx >= stamp.width || sy >= stamp.height)
            return ts::Tile::Empty;
        return stamp.tiles[std::size_t(sy) * std::size_t(stamp.width) + std::size_t(sx)];
    };
    const auto solidAfter = [&](int x, int y) {
        if (const ts::Tile t = stampTile(x, y); t != ts::Tile::Empty)
            return t == ts::Tile::Solid;
        return !lifted.contains(x, y) && level.tile(x, y) == ts::Tile::Solid;
    };
    for (int y = lifted.top(); y <= lifted.bottom() && !lifted.isEmpty(); ++y)
        for (int x = lifted.left(); x <= lifted.right(); ++x)
            if (stampTile(x, y) == ts::Tile::Empty)
                plan.writes.push_back({QPoint(x, y), ts::Tile::Empty});
    for (int y = 0; y < stamp.height; ++y)
        for (int x = 0; x < stamp.width; ++x) {
            const QPoint p = at + QPoint(x, y);
            const ts::Tile t = stampTile(p.x(), p.y());
            if (t != ts::Tile::Empty && map.contains(p))
                plan.writes.push_back({p, t});
        }
    const QSet<int> carried(lift.spawns.begin(), lift.spawns.end());
    for (const Spawn& s : level.spawns) {
        if (carried.contains(s.id) || !level.contains(s.x, s.y) || !solidAfter(s.x, s.y))
            continue;
        const QPoint to = nearestFreeTile(level.width, level.height, QPoint(s.x, s.y), solidAfter);
        if (to.x() >= 0)
            plan.movedSpawns.push_back({s.id, to});
    }
    for (Spawn s : stamp.spawns) {
        s.x += at.x();
        s.y += at.y();
        if (!level.contains(s.x, s.y)) {
            ++plan.droppedSpawns;
            continue;
        }
        if (solidAfter(s.x, s.y)) {
            const QPoint to =
                nearestFreeTile(level.width, level.height, QPoint(s.x, s.y), solidAfter);
            if (to.x() < 0) {
                ++plan.droppedSpawns;
                continue;
            }
            s.x = to.x();
            s.y = to.y();
            ++plan.relocatedPasted;
        }
        plan.spawns.push_back(s);
    }
    return plan;
}

QString PastePlan::summary(const QString& done) const {
    const auto tr = [](const char* text) { return QCoreApplication::translate("PastePlan", text); };
    QString text = done;
    // Short enough for the status bar beside its labels; how empty clipboard
    // cells paste (Tiled's rule) is said by the hint while the region floats.
    const qsizetype moved = qsizetype(movedSpawns.size()) + relocatedPasted;
    if (moved > 0)
        text += tr("; %1 moved off solid tiles").arg(countOf(moved, "spawn", "spawns"));
    if (droppedSpawns > 0)
        text += tr("; %1 left out (off the map, or no free tile)")
                    .arg(countOf(droppedSpawns, "spawn", "spawns"));
    return text + QLatin1Char('.');
}

Level appliedPaste(Level level, const PastePlan& plan) {
    for (const TileWrite& w : plan.writes)
        level.setTile(w.pos.x(), w.pos.y(), w.tile);
    for (const PastePlan::Move& m : plan.movedSpawns) {
        if (ts::level::Spawn* s = level.findSpawn(m.id)) {
            s->x = m.to.x();
            s->y = m.to.y();
        }
    }
    for (const ts::level::Spawn& s : plan.spawns)
        if (ts::level::Spawn* mine = level.findSpawn(s.id))
            *mine = s;
    return level;
}

} // namespace ts::editor
