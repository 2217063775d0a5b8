// The path of a Show Route route, computed once where the route is run: the player's
// box centre after every step of the route (scene coordinates), which of those fall on
// a whole second of game time, and where each jump peaks. RouteItem only draws it.
#pragma once

#include "tilesmith/level/inputscript.h"

#include <QPointF>
#include <QVector>

#include <cstdint>

namespace ts::play {

class PlaySession;

struct RoutePath {
    QVector<QPointF> centres; ///< [0] = the start, [i] = after step i
    QVector<int> ticks;       ///< indexes into centres: every second of game time
    QVector<int> apexes;      ///< indexes into centres: the top of each jump or fall
    bool isEmpty() const { return centres.isEmpty(); }
};

/// Runs `steps` steps of `script` from `start`'s first state (its level, player scale
/// and settings, as a fresh session: `start` itself is not stepped) and records the
/// player's path. Empty when the level has no player.
RoutePath routePath(const PlaySession& start, const ts::level::InputScript& script,
                    std::uint64_t steps);

} // namespace ts::play
