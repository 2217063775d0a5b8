// What a body of a running level is, for drawing it: the player, a clone of it
// (Space), or the kind of spawn it came from, told from the world alone.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/physics/world.h"

namespace ts::play {

enum class BodyKind { Player, Clone, Npc, Box, Ball };

inline BodyKind kindOf(const ts::World& w, ts::BodyId id, bool isPlayer) {
    if (isPlayer)
        return BodyKind::Player;
    switch (w.control(id)) {
    case ts::Control::Character:
        return BodyKind::Clone;
    case ts::Control::Patrol:
        return BodyKind::Npc;
    case ts::Control::None:
        break;
    }
    return w.shape(id) == ts::Shape::Circle ? BodyKind::Ball : BodyKind::Box;
}

/// The spawn kind whose glyph draws the body (a clone looks like the player).
inline ts::level::SpawnKind spawnKindOf(BodyKind k) {
    switch (k) {
    case BodyKind::Player:
    case BodyKind::Clone:
        return ts::level::SpawnKind::Player;
    case BodyKind::Npc:
        return ts::level::SpawnKind::Npc;
    case BodyKind::Box:
        return ts::level::SpawnKind::Box;
    case BodyKind::Ball:
        return ts::level::SpawnKind::Ball;
    }
    return ts::level::SpawnKind::Box;
}

} // namespace ts::play
