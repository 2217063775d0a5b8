// The play-mode HUD: a small translucent panel in the view's top-left corner
// with the physics step time, frame and paint times, FPS, object count and
// the partition's pair counters. Drawn in view pixels, so zoom never affects it.
#pragma once

#include <QWidget>

namespace ts::play {

class PlaySession;

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
    /// The lines shown, for tests and the benchmark log.
    QStringList lines() const { return mLines; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const PlaySession* mSession = nullptr;
    bool mPaused = false;
    QStringList mLines;
};

} // namespace ts::play
