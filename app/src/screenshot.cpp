// The editor window as `tilesmith LEVEL --screenshot OUT.png ...` grabs it (see screenshot.h).
#include "screenshot.h"

#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/jumparctool.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/problemsdock.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h" // playcontroller.h needs PlayHud complete (QPointer<PlayHud>)
#include "tilesmith/play/replaycontroller.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QStringList>

#include <cstdio>
#include <vector>

namespace ts::app {

namespace {

/// Lets the window lay itself out and paint, so the grab shows the final state.
void settle() {
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

/// Plays the screenshot's steps: no timer, the input script driven step by step
/// exactly as `tilesmith simulate` does, every overlay on (the legend expanded).
bool playForScreenshot(ts::play::PlayController& play, const EditorOptions& options) {
    ts::level::InputScript script;
    if (!options.inputs.isEmpty()) {
        std::vector<ts::level::Diagnostic> errors;
        if (!ts::level::loadInputScript(options.inputs.toStdString(), script, errors)) {
            for (const auto& e : errors)
                std::fprintf(stderr, "%s\n", e.toString().c_str());
            return false;
        }
    }
    play.setPersistOverlays(false);
    play.setOverlays(ts::play::OverlayAll);
    play.collapseLegendAction()->setChecked(false); // the legend expanded, whatever was chosen
    play.followAction()->setChecked(true);
    play.runSteps(options.playSteps, &script);
    return play.session() != nullptr;
}

/// Watches the screenshot's replay at its step, every overlay on (the legend expanded).
bool watchForScreenshot(ts::play::PlayController& play, ts::play::ReplayController& replays,
                        const EditorOptions& options) {
    QString error;
    if (!replays.openFile(options.replay, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return false;
    }
    play.setPersistOverlays(false);
    play.setOverlays(ts::play::OverlayAll);
    play.collapseLegendAction()->setChecked(false); // the legend expanded, whatever was chosen
    play.followAction()->setChecked(true);
    if (!replays.watch(0, &error)) {
        printError(error);
        return false;
    }
    replays.seek(options.replayStep);
    return true;
}

} // namespace

int prepareScreenshot(ts::editor::MainWindow& window, ts::play::PlayController& play,
                      ts::play::ReplayController& replays, const EditorOptions& options) {
    window.resize(options.size);
    window.show();
    settle();
    // The Replays dock as the user sees it once the kept sessions are read (on their
    // worker thread), not "reading kept sessions...".
    while (replays.isReadingKept())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    window.fitLevelInView();
    settle();
    if (options.reachability) {
        ts::editor::ReachabilityOverlay* reach = window.reachability();
        QEventLoop wait;
        QObject::connect(reach, &ts::editor::ReachabilityOverlay::resultChanged, &wait,
                         &QEventLoop::quit);
        reach->setEnabled(true);
        if (reach->isBusy())
            wait.exec(); // the search runs on its worker thread
        // The findings listed, as after a click on the status bar's summary.
        if (auto* problems = window.findChild<ts::editor::ProblemsDock*>()) {
            problems->show();
            problems->raise();
        }
        settle();
    }
    if (options.jumpArc) {
        const auto& level = window.document()->level();
        const int x = options.jumpArc->x();
        const int y = options.jumpArc->y();
        if (!level.contains(x, y)) {
            // Which coordinate is off the map, and the level's size, as `replay check`
            // says of a player start; named after the level file when there is one.
            QStringList ranges;
            if (x < 0 || x >= level.width)
                ranges << QStringLiteral("x must be 0 to %1").arg(level.width - 1);
            if (y < 0 || y >= level.height)
                ranges << QStringLiteral("y must be 0 to %1").arg(level.height - 1);
            const QString message =
                QStringLiteral("--jump-arc %1,%2 is outside the map: %3 (the level is %4 x %5 "
                               "tiles)")
                    .arg(x)
                    .arg(y)
                    .arg(ranges.join(QStringLiteral(", ")))
                    .arg(level.width)
                    .arg(level.height);
            if (options.file.isEmpty())
                printError(message);
            else
                std::fprintf(stderr, "%s: error: %s\n", qPrintable(options.file),
                             qPrintable(message));
            return 1;
        }
        ts::editor::ToolManager* tools = window.tools();
        auto* jumpArc = tools->findTool<ts::editor::JumpArcTool>();
        tools->setCurrentTool(jumpArc);
        jumpArc->pin(*options.jumpArc);
        if (window.view()->zoom() < 2.0)
            window.view()->setZoom(2.0);
        window.view()->centerOn(window.scene()->tileCenter(*options.jumpArc));
        settle();
    }
    if (options.playSteps >= 0) {
        if (!playForScreenshot(play, options))
            return 1;
        // Close enough to read the overlays, centred on the player.
        if (window.view()->zoom() < 2.0) {
            window.view()->setZoom(2.0);
            play.refresh();
        }
        settle();
    }
    if (!options.replay.isEmpty()) {
        if (!watchForScreenshot(play, replays, options))
            return 1;
        if (window.view()->zoom() < 2.0) {
            window.view()->setZoom(2.0);
            play.refresh();
        }
        settle();
    }
    // Smaller than the window can be (its docks and status bar at their least): the
    // window was raised to its minimum, and the screenshot says so rather than surprise.
    if (window.size() != options.size)
        printError(QStringLiteral("warning: --size %1x%2 is smaller than the window's minimum "
                                  "%3x%4; the screenshot is %5x%6")
                       .arg(options.size.width())
                       .arg(options.size.height())
                       .arg(window.minimumWidth())
                       .arg(window.minimumHeight())
                       .arg(window.width())
                       .arg(window.height()));
    return 0;
}

} // namespace ts::app
