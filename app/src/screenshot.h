// The editor window as `tilesmith LEVEL --screenshot OUT.png ...` grabs it: sized, shown,
// laid out and set up as the options ask. The editor (editorapp.cpp) grabs it after this;
// tests read the window this leaves.
#pragma once

#include "tilesmith/cli/editoroptions.h"

namespace ts::editor {
class MainWindow;
}
namespace ts::play {
class PlayController;
class ReplayController;
} // namespace ts::play

namespace ts::app {

/// Resizes `window` to options.size, shows it and lets it lay itself out, then does
/// what the options ask (View > Reachability and its search, the Jump Arc tool, play
/// steps, a replay) and lets it settle again. A size below the window's minimum is
/// raised to it, with a warning on stderr that says to what. Returns 0, or 1 after
/// printing an error.
int prepareScreenshot(ts::editor::MainWindow& window, ts::play::PlayController& play,
                      ts::play::ReplayController& replays, const EditorOptions& options);

} // namespace ts::app
