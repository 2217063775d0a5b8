// Play mode on the mini-map: while a level plays (or a replay is watched), the
// Mini-map marks the bodies where they are instead of where they spawned, after
// every frame that stepped (PlayController::updateMinimapMarks()); Stop gives it the
// level's spawns back.
#pragma once

#include "tilesmith/editor/minimapdock.h"

#include <vector>

namespace ts::play {

class PlaySession;

/// Every body of the session, in level tiles, with the kind whose colour marks
/// it (a clone is marked as the player is).
std::vector<ts::editor::MinimapMark> minimapMarks(const PlaySession& session);

} // namespace ts::play
