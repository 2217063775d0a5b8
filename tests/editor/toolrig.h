// Shared by the editor's tool tests (test_tools.cpp, test_selection_view.cpp,
// test_jumparctool.cpp): a document shown in a scene and view with a tool
// manager, driven by mouse events on the viewport.
#pragma once

#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tools/brushtool.h"
#include "tools/editortools.h"
#include "tools/erasertool.h"
#include "tools/eyedroppertool.h"
#include "tools/filltool.h"
#include "tools/linetool.h"
#include "tools/rectangletool.h"
#include "tools/selecttool.h"
#include "tools/spawntool.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace ts::editor;
using ts::Tile;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

namespace {

Level baseLevel(int w = 40, int h = 30) {
    Level l = Level::make(w, h);
    l.name = "tools";
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, h - 2));
    return l;
}

[[maybe_unused]] int countTiles(const Level& l, Tile t) {
    int n = 0;
    for (Tile x : l.tiles)
        n += x == t;
    return n;
}

/// A document shown in a scene and view with a tool manager, as the window has them.
struct Rig {
    LevelDocument doc;
    LevelScene scene;
    EditorView view;
    ToolManager tools;

    explicit Rig(Level level = baseLevel()) : doc(std::move(level)), scene(&doc), view(&scene) {
        ts::editor::registerEditorTools(&tools);
        tools.setScene(&scene);
        view.resize(800, 600);
        view.show();
    }
    bool exposed() {
        if (!QTest::qWaitForWindowExposed(&view))
            return false;
        view.setZoom(1.0);
        view.centerOn(scene.mapRect().center());
        return true;
    }

    QPoint at(QPoint tile) const { return view.mapFromScene(scene.tileCenter(tile)); }
    void send(QEvent::Type type, QPoint pos, Qt::MouseButton button, Qt::MouseButtons buttons,
              Qt::KeyboardModifiers mods = Qt::NoModifier) {
        QWidget* vp = view.viewport();
        QMouseEvent ev(type, QPointF(pos), vp->mapToGlobal(QPointF(pos)), button, buttons, mods);
        QApplication::sendEvent(vp, &ev);
    }
    void press(QPoint tile, Qt::MouseButton b = Qt::LeftButton, Qt::KeyboardModifiers m = {}) {
        send(QEvent::MouseButtonPress, at(tile), b, b, m);
    }
    void move(QPoint tile, Qt::MouseButtons held = Qt::LeftButton) {
        send(QEvent::MouseMove, at(tile), Qt::NoButton, held);
    }
    void release(QPoint tile, Qt::MouseButton b = Qt::LeftButton) {
        send(QEvent::MouseButtonRelease, at(tile), b, Qt::NoButton);
    }
    void click(QPoint tile, Qt::MouseButton b = Qt::LeftButton, Qt::KeyboardModifiers m = {}) {
        move(tile, Qt::NoButton);
        press(tile, b, m);
        release(tile, b);
    }
    void drag(QPoint from, QPoint to) {
        move(from, Qt::NoButton);
        press(from);
        move(to);
        release(to);
    }
    int steps() { return doc.undoStack()->index(); } ///< undo steps done
};

} // namespace
