// The play-mode HUD: a small translucent panel in the view's top-left corner
// with the physics step time, frame and paint times, FPS, object count and
// the partition's pair counters. Drawn in view pixels, so zoom never affects it.
#pragma once

#include <QColor>
#include <QWidget>

#include <cstdint>

namespace ts::play {

class PlaySession;
struct PlayTimings;

class PlayHud : public QWidget {
    Q_OBJECT
public:
    explicit PlayHud(QWidget* parent = nullptr);
    void setSession(const PlaySession* session);
    /// Re-reads the session's timings and counters (call once per frame; the
    /// controller keeps calling it while paused, so frame time and FPS stay live).
    void refresh();
    /// While paused the step line says so (the world is not stepping).
    void setPaused(bool paused) { mPaused = paused; }
    /// While a replay is watched the Replays dock's timeline steps the world, not
    /// play mode's clock: the step line says whether the replay plays, and at what
    /// speed, instead of play mode's step time (paused all the while).
    void setReplay(bool watching, bool playing, double speed) {
        mReplay = watching;
        mReplayPlaying = playing;
        mReplaySpeed = speed;
    }
    /// The lines shown, for tests and the benchmark log.
    QStringList lines() const { return mLines; }
    /// How strongly the goal line is lit (1 as the goal is reached, fading to 0: the
    /// goal's moment, goalmoment.h).
    double goalHighlight() const { return mGoalHighlight; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    /// The first line: the step time and how many steps the last frame ran.
    QString stepLine(const PlayTimings& t, std::uint64_t stepsRun) const;
    const PlaySession* mSession = nullptr;
    bool mPaused = false;
    bool mReplay = false;
    bool mReplayPlaying = false;
    double mReplaySpeed = 1.0;
    QStringList mLines;
    double mGoalHighlight = 0;
    QColor mGoalFill; ///< the goal line's band at that strength
};

} // namespace ts::play
