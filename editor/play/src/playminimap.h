// Play mode on the mini-map: while a level plays (or a replay is watched), the
// Mini-map dock marks the bodies where they are instead of where they spawned,
// after every frame that stepped; Stop gives it the level's spawns back.
#pragma once

#include "tilesmith/editor/minimapdock.h"

#include <QObject>
#include <QPointer>

#include <vector>

namespace ts::play {

class PlayController;
class PlaySession;

/// Every body of the session, in level tiles, with the kind whose colour marks
/// it (a clone is marked as the player is).
std::vector<ts::editor::MinimapMark> minimapMarks(const PlaySession& session);

class PlayMinimap : public QObject {
    Q_OBJECT
public:
    /// Follows `play` (its parent) and marks its bodies on `minimap`.
    PlayMinimap(PlayController* play, ts::editor::MinimapWidget* minimap);

private:
    void refresh();

    PlayController* mPlay;
    QPointer<ts::editor::MinimapWidget> mMinimap;
};

} // namespace ts::play
