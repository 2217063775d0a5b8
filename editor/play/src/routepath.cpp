#include "routepath.h"

#include "tilesmith/play/playsession.h"

#include <cmath>

namespace ts::play {

RoutePath routePath(const PlaySession& start, const ts::level::InputScript& script,
                    std::uint64_t steps) {
    RoutePath path;
    PlaySession run(start.level());
    run.setPlayerScale(start.playerScale());
    run.setSettings(start.settings());
    if (!run.hasPlayer())
        return path;
    const double dt = std::max(1e-4, double(run.settings().dt));
    const auto perSecond = std::max<std::uint64_t>(1, std::uint64_t(std::lround(1.0 / dt)));
    const ts::World& w = run.world();
    const auto centre = [&] { return run.sceneRect(w.aabb(run.player())).center(); };
    path.centres.reserve(qsizetype(std::min<std::uint64_t>(steps, 1u << 20)) + 1);
    path.centres.push_back(centre());
    float lastVy = w.velocity(run.player()).y;
    for (std::uint64_t i = 1; i <= steps; ++i) {
        run.stepScripted(script);
        path.centres.push_back(centre());
        const float vy = w.velocity(run.player()).y; // px/s, y up
        // The top of an arc: rising before this step, no longer rising after it, in the air.
        if (lastVy > 0 && vy <= 0 && !w.hasContact(run.player(), ts::OnGround))
            path.apexes.push_back(int(i - 1));
        if (i % perSecond == 0)
            path.ticks.push_back(int(i));
        lastVy = vy;
    }
    return path;
}

} // namespace ts::play
