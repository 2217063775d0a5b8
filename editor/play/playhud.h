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
    /// Re-reads the session's timings and counters (call once per frame).
    void refresh();
    /// The lines shown, for tests and the benchmark log.
    QStringList lines() const { return mLines; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const PlaySession* mSession = nullptr;
    QStringList mLines;
};

} // namespace ts::play
