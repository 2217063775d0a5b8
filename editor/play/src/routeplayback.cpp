#include "routeplayback.h"

#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"

#include <algorithm>

namespace ts::play {

RoutePlayback::RoutePlayback(PlayController* play, ts::editor::ReachabilityOverlay* reach)
    : QObject(play), mPlay(play) {
    setObjectName(QStringLiteral("routePlayback"));
    mTimer.setTimerType(Qt::PreciseTimer);
    connect(&mTimer, &QTimer::timeout, this, &RoutePlayback::frame);
    // The user took over (Play, Stop): the route is no longer shown.
    connect(play, &PlayController::stateChanged, this, [this](PlayController::State s) {
        if (!mDriving && s != PlayController::State::Paused)
            mTimer.stop();
        // Played on from the route: from then on a session of the user's own, kept.
        if (!mDriving && s == PlayController::State::Playing && mPlay->session())
            mPlay->session()->setKept(true);
    });
    if (reach)
        connect(reach, &ts::editor::ReachabilityOverlay::showRouteRequested, this,
                &RoutePlayback::play);
}

void RoutePlayback::play(QPoint surface, const ts::level::InputScript& script,
                         std::uint64_t steps) {
    mTimer.stop();
    mScript = script;
    mSteps = steps;
    mDone = 0;
    mSurface = surface;
    mDriving = true;
    mPlay->stop();
    mPlay->runSteps(0, &mScript); // a paused session from the player spawn
    mDriving = false;
    if (!mPlay->session())
        return;
    mPlay->session()->setKept(false); // a route shown is not a play session
    const double dt = mPlay->session()->settings().dt;
    mTimer.setInterval(std::max(1, int(dt * 1000.0)));
    mTimer.start();
}

void RoutePlayback::frame() {
    if (!mPlay->session() || mDone >= mSteps) {
        mTimer.stop();
        return;
    }
    const auto n = std::min<std::uint64_t>(std::uint64_t(mPerFrame), mSteps - mDone);
    mDriving = true;
    mPlay->runSteps(int(n), &mScript);
    mDriving = false;
    mDone += n;
    if (mDone >= mSteps) {
        mTimer.stop();
        emit finished(mSurface);
    }
}

} // namespace ts::play
