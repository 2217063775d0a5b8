// Play mode: runs the current level in the editor with the physics library.
#pragma once

#include <QObject>

namespace ts::editor {
class MainWindow;
}

namespace ts::play {

/// Owns a play session for one main window: builds a physics world from the
/// document's level, steps it from a timer, draws its bodies and debug overlays
/// and routes play keys. Created by the application next to the main window.
class PlayController : public QObject {
    Q_OBJECT
public:
    explicit PlayController(ts::editor::MainWindow* window);
    ~PlayController() override;

    bool isPlaying() const { return mPlaying; }

private:
    ts::editor::MainWindow* mWindow;
    bool mPlaying = false;
};

} // namespace ts::play
