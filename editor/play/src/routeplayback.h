// Show Route: plays a reachability route (an input script from the player
// spawn) in play mode, one physics step per frame through play mode's
// scripted-inputs path (the one `--play-steps --inputs` and `tilesmith
// simulate --inputs` use), and stays paused where the route ends: the player
// standing on the surface it leads to.
#pragma once

#include "tilesmith/level/inputscript.h"

#include <QObject>
#include <QPoint>
#include <QTimer>

#include <cstdint>

namespace ts::editor {
class ReachabilityOverlay;
}

namespace ts::play {

class PlayController;

class RoutePlayback : public QObject {
    Q_OBJECT
public:
    /// A child of `play`; plays the routes `reach` asks for (if not null).
    RoutePlayback(PlayController* play, ts::editor::ReachabilityOverlay* reach);

    /// Starts a fresh session from the player spawn and plays `steps` steps of `script`.
    void play(QPoint surface, const ts::level::InputScript& script, std::uint64_t steps);
    bool isRunning() const { return mTimer.isActive(); }
    std::uint64_t stepsDone() const { return mDone; }
    std::uint64_t stepsTotal() const { return mSteps; }
    QPoint surface() const { return mSurface; }
    /// Steps per frame (1 = real time); tests and long routes may go faster.
    void setStepsPerFrame(int steps) { mPerFrame = steps < 1 ? 1 : steps; }

signals:
    /// The whole route ran; the session is paused at its end.
    void finished(QPoint surface);

private:
    void frame();

    PlayController* mPlay;
    ts::level::InputScript mScript;
    std::uint64_t mSteps = 0;
    std::uint64_t mDone = 0;
    QPoint mSurface;
    int mPerFrame = 1;
    bool mDriving = false;
    QTimer mTimer;
};

} // namespace ts::play
