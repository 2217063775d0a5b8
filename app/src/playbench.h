// `tilesmith LEVEL.yaml --bench-play`: play mode's frame-time benchmark.
// Scenario 1: the level (the crowd sample) with every overlay on, viewport
// 1280 x 720, each frame = one fixed physics step + a full synchronous repaint
// of the viewport. Scenario 2: overlays off, bodies added until the world
// holds `objects` bodies. Prints one parseable table row per scenario.
#pragma once

#include <QSize>

namespace ts::editor {
class MainWindow;
}

namespace ts::play {

class PlayController;

struct PlayBenchOptions {
    int frames = 600; ///< measured frames per scenario
    int warmup = 30;  ///< frames run first and not measured
    QSize viewport{1280, 720};
    bool perOverlay = true;   ///< also a row per overlay alone and one with none
    int objects = 5000;       ///< bodies in scenario 2
    int objectsCellTiles = 4; ///< partition cell (tiles) in scenario 2
};

/// Runs both scenarios on the window's open document. Returns the exit code.
int runPlayBench(ts::editor::MainWindow& window, PlayController& play,
                 const PlayBenchOptions& options = {});

} // namespace ts::play
