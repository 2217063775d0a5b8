// Shared by the play tests that drive a main window (test_playux, test_playkeys):
// a walled level and a window with its play controller, shown and ready for real
// key and mouse events on the view's viewport.
#pragma once

#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playsession.h"

#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <QWindow>

#include <cstdint>
#include <memory>

namespace playtest {

/// width x height tiles: a solid floor (the bottom row) and solid side walls.
inline ts::level::Level walledLevel(int width, int height) {
    ts::level::Level lv = ts::level::Level::make(width, height);
    for (int x = 0; x < lv.width; ++x)
        lv.setTile(x, lv.height - 1, ts::Tile::Solid);
    for (int y = 0; y < lv.height; ++y) {
        lv.setTile(0, y, ts::Tile::Solid);
        lv.setTile(lv.width - 1, y, ts::Tile::Solid);
    }
    return lv;
}

/// A 1200 x 720 main window on `level`, with a play controller (overlay
/// choices not saved); the level is marked clean on the way out.
struct PlayWindow {
    explicit PlayWindow(ts::level::Level level) {
        w.setSettingsEnabled(false);
        w.setDocument(std::make_unique<ts::editor::LevelDocument>(std::move(level)));
        play = std::make_unique<ts::play::PlayController>();
        w.addExtension(play.get());
        play->setPersistOverlays(false);
        w.resize(1200, 720);
        w.show();
    }
    ~PlayWindow() {
        play.reset();
        if (w.document())
            w.document()->undoStack()->setClean();
    }
    PlayWindow(const PlayWindow&) = delete;
    PlayWindow& operator=(const PlayWindow&) = delete;

    /// Activates the window with the keyboard on the view.
    bool activate() {
        w.activateWindow();
        w.view()->setFocus();
        return QTest::qWaitForWindowActive(&w);
    }
    QWindow* handle() { return w.windowHandle(); }
    ts::play::PlayDock* dock() { return play->dock(); }
    QWidget* viewport() { return w.view()->viewport(); }
    QPoint viewportPointOfTile(QPoint tile) {
        return w.view()->mapFromScene(w.scene()->tileCenter(tile));
    }
    QString hint() { return w.statusBar()->currentMessage(); }
    const ts::World& world() { return play->session()->world(); }
    /// The running body standing for spawn `id` (a null id if none).
    ts::BodyId bodyOf(int id) {
        for (ts::BodyId b : world().bodies())
            if (world().userData(b) == std::uint64_t(id))
                return b;
        return {};
    }

    ts::editor::MainWindow w;
    std::unique_ptr<ts::play::PlayController> play;
};

} // namespace playtest
