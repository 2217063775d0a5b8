#include "playminimap.h"

#include "bodykind.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"

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

} // namespace ts::play
