#include "playminimap.h"

#include "bodykind.h"
#include "playsession.h"
#include "tilesmith/play/playcontroller.h"

namespace ts::play {

std::vector<ts::editor::MinimapMark> minimapMarks(const PlaySession& session) {
    const ts::World& w = session.world();
    const qreal tile = std::max(1, session.level().tileSize);
    std::vector<ts::editor::MinimapMark> marks;
    for (const ts::BodyId id : w.bodies()) {
        const QRectF r = session.sceneRect(w.aabb(id));
        marks.push_back({QRectF(r.topLeft() / tile, r.size() / tile),
                         spawnKindOf(kindOf(w, id, id == session.player()))});
    }
    return marks;
}

PlayMinimap::PlayMinimap(PlayController* play, ts::editor::MinimapWidget* minimap)
    : QObject(play), mPlay(play), mMinimap(minimap) {
    connect(play, &PlayController::frameAdvanced, this, &PlayMinimap::refresh);
    connect(play, &PlayController::stateChanged, this, &PlayMinimap::refresh);
}

void PlayMinimap::refresh() {
    if (!mMinimap)
        return;
    const PlaySession* session = mPlay->session();
    if (mPlay->isPlaying() && session)
        mMinimap->setLiveMarks(minimapMarks(*session));
    else
        mMinimap->setLiveMarks(std::nullopt);
}

} // namespace ts::play
