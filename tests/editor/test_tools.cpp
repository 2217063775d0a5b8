// Every tool driven by mouse events on the view's viewport, the edit actions,
// spawns, zoom and panning, and the tile layer's dirty-area repaints.
#include "brushtool.h"
#include "document.h"
#include "editorview.h"
#include "erasertool.h"
#include "eyedroppertool.h"
#include "filltool.h"
#include "levelscene.h"
#include "linetool.h"
#include "rectangletool.h"
#include "selecttool.h"
#include "spawnitem.h"
#include "spawntool.h"
#include "tilelayeritem.h"
#include "toolmanager.h"

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

int countTiles(const Level& l, Tile t) {
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

class TestTools : public QObject {
    Q_OBJECT
private slots:
    void toolsAndShortcuts();
    void brushStrokeIsOneUndoStep();
    void brushSizeAndOneWay();
    void brushRightClickPicks();
    void eraser();
    void lineTool();
    void rectangleTool();
    void fillTool();
    void eyedropper();
    void selectAndMove();
    void deleteKey();
    void copyPasteAcrossDocuments();
    void cutAndUndo();
    void selectAll();
    void spawnTool();
    void zoomAboutCursor();
    void zoomSlots();
    void hoveredTile();
    void panning();
    void tilesPaintedAfterDabIsSmall();
    void documentSwap();
};

void TestTools::toolsAndShortcuts() {
    ToolManager tools;
    QCOMPARE(tools.tools().size(), 9);
    QStringList keys;
    for (AbstractTool* t : tools.tools()) {
        keys << t->shortcut().toString();
        QVERIFY(t->action()->isCheckable());
        QVERIFY(!t->statusHint().isEmpty());
        QVERIFY(tools.actionGroup()->actions().contains(t->action()));
    }
    QCOMPARE(keys, QStringList({"B", "E", "L", "R", "F", "I", "S", "P", "J"}));
    QSignalSpy changed(&tools, &ToolManager::currentToolChanged);
    tools.tools().at(3)->action()->trigger();
    QCOMPARE(tools.currentTool(), tools.tools().at(3));
    QCOMPARE(changed.count(), 1);
    tools.setBrushSize(99);
    QCOMPARE(tools.brushSize(), ToolManager::kMaxBrushSize);
    tools.setBrushSize(0);
    QCOMPARE(tools.brushSize(), 1);
    tools.setTileKind(Tile::Empty); // not a paint kind
    QCOMPARE(tools.tileKind(), Tile::Solid);
}

void TestTools::brushStrokeIsOneUndoStep() {
    Rig rig;
    QVERIFY(rig.exposed());
    const Level before = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.brushTool());
    rig.move(QPoint(2, 2), Qt::NoButton);
    rig.press(QPoint(2, 2));
    rig.move(QPoint(12, 2)); // one fast jump: interpolated, no gaps
    rig.move(QPoint(12, 6));
    rig.release(QPoint(12, 6));
    for (int x = 2; x <= 12; ++x)
        QCOMPARE(rig.doc.level().tile(x, 2), Tile::Solid);
    for (int y = 2; y <= 6; ++y)
        QCOMPARE(rig.doc.level().tile(12, y), Tile::Solid);
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 15);
    QCOMPARE(rig.steps(), 1);
    rig.doc.undoStack()->undo();
    QCOMPARE(rig.doc.level(), before);
    rig.doc.undoStack()->redo();
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 15);
    // A second stroke is a second step.
    rig.drag(QPoint(20, 20), QPoint(22, 20));
    QCOMPARE(rig.steps(), 2);
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 18);
}

void TestTools::brushSizeAndOneWay() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.tools.setCurrentTool(rig.tools.brushTool());
    rig.tools.setBrushSize(3);
    rig.tools.setTileKind(Tile::OneWay);
    rig.click(QPoint(10, 10));
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 9);
    for (int y = 9; y <= 11; ++y)
        for (int x = 9; x <= 11; ++x)
            QCOMPARE(rig.doc.level().tile(x, y), Tile::OneWay);
    // Clipped at the map edge.
    rig.click(QPoint(0, 0));
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 9 + 4);
}

void TestTools::brushRightClickPicks() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(5, 5), Tile::OneWay}}, "setup");
    rig.tools.setCurrentTool(rig.tools.brushTool());
    QCOMPARE(rig.tools.tileKind(), Tile::Solid);
    rig.click(QPoint(5, 5), Qt::RightButton);
    QCOMPARE(rig.tools.tileKind(), Tile::OneWay);
    QCOMPARE(rig.steps(), 1); // picking is not an edit
}

void TestTools::eraser() {
    Rig rig;
    QVERIFY(rig.exposed());
    std::vector<TileWrite> w;
    for (int x = 0; x < 10; ++x)
        w.push_back({QPoint(x, 4), Tile::Solid});
    rig.doc.paintTiles(w, "setup");
    rig.tools.setCurrentTool(rig.tools.eraserTool());
    rig.drag(QPoint(2, 4), QPoint(7, 4));
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 4);
    QCOMPARE(rig.doc.level().tile(1, 4), Tile::Solid);
    QCOMPARE(rig.doc.level().tile(8, 4), Tile::Solid);
    QCOMPARE(rig.steps(), 2);
    rig.doc.undoStack()->undo();
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 10);
}

void TestTools::lineTool() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.tools.setCurrentTool(rig.tools.lineTool());
    rig.move(QPoint(1, 1), Qt::NoButton);
    rig.press(QPoint(1, 1));
    rig.move(QPoint(8, 4));
    QVERIFY(rig.scene.previewItem()->hasStamp()); // preview while dragging
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 0);
    rig.release(QPoint(8, 4));
    QVERIFY(!rig.scene.previewItem()->hasStamp());
    const auto expected = lineTiles(QPoint(1, 1), QPoint(8, 4));
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), int(expected.size()));
    for (const QPoint& p : expected)
        QCOMPARE(rig.doc.level().tile(p.x(), p.y()), Tile::Solid);
    QCOMPARE(rig.steps(), 1);
    // Right click while dragging cancels.
    rig.press(QPoint(1, 10));
    rig.move(QPoint(9, 10));
    rig.press(QPoint(9, 10), Qt::RightButton);
    rig.release(QPoint(9, 10));
    QCOMPARE(rig.steps(), 1);
}

void TestTools::rectangleTool() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.tools.setCurrentTool(rig.tools.rectangleTool());
    rig.tools.setTileKind(Tile::OneWay);
    rig.drag(QPoint(5, 4), QPoint(2, 2)); // any drag direction
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 12);
    for (int y = 2; y <= 4; ++y)
        for (int x = 2; x <= 5; ++x)
            QCOMPARE(rig.doc.level().tile(x, y), Tile::OneWay);
    QCOMPARE(rig.steps(), 1);
    rig.doc.undoStack()->undo();
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 0);
}

void TestTools::fillTool() {
    Rig rig;
    QVERIFY(rig.exposed());
    std::vector<TileWrite> ring;
    for (int i = 2; i <= 6; ++i) {
        ring.push_back({QPoint(i, 1), Tile::Solid});
        ring.push_back({QPoint(i, 5), Tile::Solid});
        ring.push_back({QPoint(2, i - 1), Tile::Solid});
        ring.push_back({QPoint(6, i - 1), Tile::Solid});
    }
    rig.doc.paintTiles(ring, "ring");
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 16);
    rig.tools.setCurrentTool(rig.tools.fillTool());
    rig.tools.setTileKind(Tile::OneWay);
    rig.click(QPoint(4, 3));
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 9); // bounded by the ring
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 16);
    QCOMPARE(rig.doc.level().tile(0, 0), Tile::Empty);
    QCOMPARE(rig.steps(), 2);
    rig.click(QPoint(0, 0)); // outside the ring: bounded by the map
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 40 * 30 - 16);
    QCOMPARE(rig.steps(), 3);
    rig.click(QPoint(3, 3), Qt::RightButton); // right click clears the inner region
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 40 * 30 - 16 - 9);
    rig.doc.undoStack()->undo();
    rig.doc.undoStack()->undo();
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 9);
}

void TestTools::eyedropper() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(3, 3), Tile::OneWay}}, "setup");
    rig.tools.setCurrentTool(rig.tools.eyedropperTool());
    rig.click(QPoint(3, 3));
    QCOMPARE(rig.tools.tileKind(), Tile::OneWay);
    QCOMPARE(rig.tools.currentTool(), rig.tools.brushTool());
    rig.tools.setCurrentTool(rig.tools.eyedropperTool());
    rig.click(QPoint(10, 10)); // empty picks the eraser
    QCOMPARE(rig.tools.currentTool(), rig.tools.eraserTool());
    QCOMPARE(rig.steps(), 1);
}

void TestTools::selectAndMove() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(2, 2), Tile::Solid}, {QPoint(3, 2), Tile::OneWay}}, "setup");
    const int box = rig.doc.addSpawn(Spawn::withDefaults(SpawnKind::Box, 0, 3, 3));
    const Level before = rig.doc.level();
    const int steps = rig.steps();
    QSignalSpy spawnSel(&rig.scene, &LevelScene::spawnSelectionChanged);
    rig.tools.setCurrentTool(rig.tools.selectTool());
    rig.drag(QPoint(1, 1), QPoint(4, 4));
    QCOMPARE(rig.scene.tileSelection(), QRect(1, 1, 4, 4));
    QCOMPARE(rig.scene.selectedSpawnIds(), QList<int>{box});
    QVERIFY(rig.scene.hasSelection());
    QVERIFY(spawnSel.count() >= 1);
    QCOMPARE(spawnSel.last().at(0).value<QList<int>>(), QList<int>{box});
    QCOMPARE(rig.steps(), steps); // selecting is not an edit

    rig.drag(QPoint(2, 2), QPoint(12, 5)); // drag the selection by (10, 3)
    const Level& l = rig.doc.level();
    QCOMPARE(l.tile(2, 2), Tile::Empty);
    QCOMPARE(l.tile(3, 2), Tile::Empty);
    QCOMPARE(l.tile(12, 5), Tile::Solid);
    QCOMPARE(l.tile(13, 5), Tile::OneWay);
    QCOMPARE(l.findSpawn(box)->x, 13);
    QCOMPARE(l.findSpawn(box)->y, 6);
    QCOMPARE(l.findSpawn(1)->x, 1); // the player was not selected
    QCOMPARE(rig.scene.tileSelection(), QRect(11, 4, 4, 4));
    QCOMPARE(rig.steps(), steps + 1); // tiles and spawn in one step
    rig.doc.undoStack()->undo();
    QCOMPARE(rig.doc.level(), before);
    rig.doc.undoStack()->redo();
    QCOMPARE(rig.doc.level().tile(12, 5), Tile::Solid);

    // A click on empty space clears the selection.
    rig.click(QPoint(30, 20));
    QVERIFY(!rig.scene.hasSelection());
}

void TestTools::deleteKey() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(5, 5), Tile::Solid}, {QPoint(6, 6), Tile::OneWay}}, "setup");
    rig.doc.addSpawn(Spawn::withDefaults(SpawnKind::Ball, 0, 6, 5));
    const Level before = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.selectTool());
    rig.drag(QPoint(4, 4), QPoint(7, 7));
    QCOMPARE(rig.scene.selectedSpawnIds().size(), 1);
    rig.view.setFocus();
    QTest::keyClick(&rig.view, Qt::Key_Delete);
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 0);
    QCOMPARE(countTiles(rig.doc.level(), Tile::OneWay), 0);
    QCOMPARE(rig.doc.level().spawns.size(), size_t(1)); // only the player is left
    QCOMPARE(rig.steps(), 3);
    rig.doc.undoStack()->undo();
    QCOMPARE(rig.doc.level(), before);
}

void TestTools::copyPasteAcrossDocuments() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(2, 2), Tile::Solid}, {QPoint(4, 4), Tile::OneWay}}, "setup");
    Spawn npc = Spawn::withDefaults(SpawnKind::Npc, 0, 3, 3);
    npc.properties["speed"] = 40.0;
    const int npcId = rig.doc.addSpawn(npc);
    const Level source = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.selectTool());
    rig.drag(QPoint(1, 1), QPoint(4, 4));
    rig.scene.copy();
    QCOMPARE(rig.doc.level(), source); // copy changes nothing

    LevelDocument other(Level::make(40, 30));
    other.addSpawn(Spawn::withDefaults(SpawnKind::Box, 0, 30, 20)); // id 1 is taken there
    rig.scene.setDocument(&other);
    QVERIFY(!rig.scene.hasSelection());
    rig.tools.setCurrentTool(rig.tools.brushTool());
    rig.move(QPoint(10, 10), Qt::NoButton);
    rig.scene.paste();
    QVERIFY(rig.scene.hasFloating());
    QCOMPARE(rig.tools.currentTool(), rig.tools.selectTool()); // paste switches to select
    rig.move(QPoint(20, 10), Qt::NoButton); // the floating region follows the mouse
    QCOMPARE(rig.scene.floatingTopLeft(), QPoint(20, 10));
    QCOMPARE(other.undoStack()->count(), 1);
    rig.click(QPoint(20, 10)); // the click places it
    QVERIFY(!rig.scene.hasFloating());
    QCOMPARE(other.undoStack()->count(), 2); // one step
    const Level& l = other.level();
    QCOMPARE(l.tile(21, 11), Tile::Solid);   // (2,2) relative to (1,1)
    QCOMPARE(l.tile(23, 13), Tile::OneWay);  // (4,4)
    QCOMPARE(countTiles(l, Tile::Solid), 1); // empty tiles of the region are transparent
    QCOMPARE(l.spawns.size(), size_t(2));
    const Spawn& pasted = l.spawns.back();
    QCOMPARE(pasted.kind, SpawnKind::Npc);
    QCOMPARE(pasted.x, 22);
    QCOMPARE(pasted.y, 12);
    QCOMPARE(pasted.id, 2); // a fresh id in the target document
    QCOMPARE(std::get<double>(pasted.properties.at("speed")), 40.0);
    QCOMPARE(rig.scene.selectedSpawnIds(), QList<int>{2});
    QCOMPARE(rig.scene.tileSelection(), QRect(20, 10, 4, 4));
    other.undoStack()->undo();
    QCOMPARE(other.level().spawns.size(), size_t(1));
    QCOMPARE(countTiles(other.level(), Tile::Solid), 0);

    // Escape cancels a floating paste.
    rig.scene.paste();
    QVERIFY(rig.scene.hasFloating());
    QTest::keyClick(&rig.view, Qt::Key_Escape);
    QVERIFY(!rig.scene.hasFloating());

    rig.scene.setDocument(&rig.doc);
    QCOMPARE(rig.doc.level(), source);
    QVERIFY(rig.doc.level().findSpawn(npcId));
}

void TestTools::cutAndUndo() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(2, 2), Tile::Solid}}, "setup");
    const Level before = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.selectTool());
    rig.drag(QPoint(1, 1), QPoint(3, 3));
    rig.scene.cut();
    QCOMPARE(countTiles(rig.doc.level(), Tile::Solid), 0);
    QCOMPARE(rig.steps(), 2);
    rig.move(QPoint(10, 10), Qt::NoButton);
    rig.scene.paste();
    rig.click(QPoint(10, 10));
    QCOMPARE(rig.doc.level().tile(11, 11), Tile::Solid);
    rig.doc.undoStack()->undo();
    rig.doc.undoStack()->undo();
    QCOMPARE(rig.doc.level(), before);
}

void TestTools::selectAll() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.addSpawn(Spawn::withDefaults(SpawnKind::Ball, 0, 9, 9));
    QSignalSpy has(&rig.scene, &LevelScene::editSelectionChanged);
    rig.scene.selectAll();
    QCOMPARE(rig.scene.tileSelection(), QRect(0, 0, 40, 30));
    QCOMPARE(rig.scene.selectedSpawnIds(), QList<int>({1, 2}));
    QVERIFY(has.count() >= 1);
    QCOMPARE(has.last().at(0).toBool(), true);
    rig.scene.selectNone();
    QVERIFY(!rig.scene.hasSelection());
}

void TestTools::spawnTool() {
    Rig rig;
    QVERIFY(rig.exposed());
    const Level start = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.spawnTool());
    rig.tools.setSpawnKind(SpawnKind::Box);
    rig.click(QPoint(5, 5));
    QCOMPARE(rig.doc.level().spawns.size(), size_t(2));
    const Spawn box = rig.doc.level().spawns.back();
    QCOMPARE(box.kind, SpawnKind::Box);
    QCOMPARE(QPoint(box.x, box.y), QPoint(5, 5));
    QCOMPARE(box, Spawn::withDefaults(SpawnKind::Box, box.id, 5, 5)); // the kind's defaults
    QCOMPARE(rig.scene.selectedSpawnIds(), QList<int>{box.id});
    QVERIFY(rig.scene.spawnItem(box.id));

    // Only one player: placing one moves the existing player.
    rig.tools.setSpawnKind(SpawnKind::Player);
    rig.click(QPoint(8, 8));
    int players = 0;
    for (const auto& s : rig.doc.level().spawns)
        players += s.kind == SpawnKind::Player;
    QCOMPARE(players, 1);
    QCOMPARE(rig.doc.level().player()->x, 8);
    QCOMPARE(rig.doc.level().player()->y, 8);
    QCOMPARE(rig.doc.level().player()->id, 1);
    QCOMPARE(rig.scene.selectedSpawnIds(), QList<int>{1});

    // Nothing is placed inside a solid tile.
    rig.doc.paintTiles({{QPoint(20, 20), Tile::Solid}}, "wall");
    const size_t count = rig.doc.level().spawns.size();
    rig.tools.setSpawnKind(SpawnKind::Ball);
    rig.click(QPoint(20, 20));
    QCOMPARE(rig.doc.level().spawns.size(), count);
    rig.doc.undoStack()->undo();

    // Click selects, drag moves snapping to tiles, one undo step.
    const int steps = rig.steps();
    rig.drag(QPoint(5, 5), QPoint(9, 7));
    QCOMPARE(rig.scene.selectedSpawnIds(), QList<int>{box.id});
    QCOMPARE(rig.doc.level().findSpawn(box.id)->x, 9);
    QCOMPARE(rig.doc.level().findSpawn(box.id)->y, 7);
    QCOMPARE(rig.steps(), steps + 1);
    QCOMPARE(rig.scene.spawnItem(box.id)->pos(), QPointF(0, 0)); // drag offset reset
    // Dragging past the map edge clamps inside.
    rig.drag(QPoint(9, 7), QPoint(60, 7));
    QCOMPARE(rig.doc.level().findSpawn(box.id)->x, 39);

    // Ctrl+click adds the player; Delete removes the box and keeps the level's
    // only player (issue 9); undo brings the box back.
    rig.click(QPoint(8, 8), Qt::LeftButton, Qt::ControlModifier);
    QCOMPARE(rig.scene.selectedSpawnIds().size(), 2);
    const Level beforeDelete = rig.doc.level();
    QSignalSpy told(&rig.scene, &LevelScene::statusMessage);
    QTest::keyClick(&rig.view, Qt::Key_Delete);
    QCOMPARE(rig.doc.level().spawns.size(), size_t(1));
    QVERIFY(rig.doc.level().player());
    QVERIFY(!rig.doc.level().findSpawn(box.id));
    QCOMPARE(told.count(), 1);
    rig.doc.undoStack()->undo();
    QCOMPARE(rig.doc.level(), beforeDelete);
    while (rig.doc.undoStack()->canUndo())
        rig.doc.undoStack()->undo();
    QCOMPARE(rig.doc.level(), start);
}

void TestTools::zoomAboutCursor() {
    Rig rig(baseLevel(200, 200));
    QVERIFY(rig.exposed());
    QSignalSpy zoomed(&rig.view, &EditorView::zoomChanged);
    auto wheel = [&](QPoint pos, int notches) {
        QWidget* vp = rig.view.viewport();
        QWheelEvent ev(QPointF(pos), vp->mapToGlobal(QPointF(pos)), QPoint(),
                       QPoint(0, 120 * notches), Qt::NoButton, Qt::ControlModifier,
                       Qt::NoScrollPhase, false);
        QApplication::sendEvent(vp, &ev);
    };
    const QPoint cursor(300, 200);
    const QPointF scenePoint = rig.view.mapToScene(cursor);
    wheel(cursor, 1);
    QCOMPARE(rig.view.zoom(), 1.5);
    QCOMPARE(zoomed.count(), 1);
    QPoint back = rig.view.mapFromScene(scenePoint);
    QVERIFY2((back - cursor).manhattanLength() <= 2,
             qPrintable(QString("%1,%2").arg(back.x()).arg(back.y())));
    const QPoint cursor2(650, 450);
    const QPointF scenePoint2 = rig.view.mapToScene(cursor2);
    wheel(cursor2, -3);
    QCOMPARE(rig.view.zoom(), 0.5);
    back = rig.view.mapFromScene(scenePoint2);
    QVERIFY2((back - cursor2).manhattanLength() <= 2,
             qPrintable(QString("%1,%2").arg(back.x()).arg(back.y())));
    wheel(cursor, 30);
    QCOMPARE(rig.view.zoom(), EditorView::kMaxZoom);
    wheel(cursor, -30);
    QCOMPARE(rig.view.zoom(), EditorView::kMinZoom);
    // Without Ctrl the wheel scrolls instead of zooming.
    const int v = rig.view.verticalScrollBar()->value();
    rig.view.setZoom(1.0);
    QWheelEvent plain(QPointF(cursor), rig.view.viewport()->mapToGlobal(QPointF(cursor)), QPoint(),
                      QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(rig.view.viewport(), &plain);
    QCOMPARE(rig.view.zoom(), 1.0);
    QVERIFY(rig.view.verticalScrollBar()->value() != v);
}

void TestTools::zoomSlots() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.view.zoomIn();
    QCOMPARE(rig.view.zoom(), 1.5);
    rig.view.zoomOut();
    rig.view.zoomOut();
    QCOMPARE(rig.view.zoom(), 0.75);
    rig.view.resetZoom();
    QCOMPARE(rig.view.zoom(), 1.0);
    rig.view.zoomToFit();
    const QSize vp = rig.view.viewport()->size();
    const qreal fit = std::min(vp.width() / 640.0, vp.height() / 480.0) * 0.95;
    QVERIFY(qAbs(rig.view.zoom() - fit) < 1e-9);
    const QRect mapOnScreen = rig.view.mapFromScene(rig.scene.mapRect()).boundingRect();
    QVERIFY(rig.view.viewport()->rect().contains(mapOnScreen));
}

void TestTools::hoveredTile() {
    Rig rig;
    QVERIFY(rig.exposed());
    QSignalSpy hover(&rig.view, &EditorView::hoveredTileChanged);
    rig.move(QPoint(7, 9), Qt::NoButton);
    QVERIFY(hover.count() >= 1);
    QCOMPARE(hover.last().at(0).toPoint(), QPoint(7, 9));
    QCOMPARE(hover.last().at(1).toBool(), true);
    rig.move(QPoint(-2, 3), Qt::NoButton);
    QCOMPARE(hover.last().at(0).toPoint(), QPoint(-2, 3));
    QCOMPARE(hover.last().at(1).toBool(), false);
    QCOMPARE(rig.scene.tileAt(QPointF(-0.5, -16.5)), QPoint(-1, -2));
}

void TestTools::panning() {
    Rig rig(baseLevel(200, 200));
    QVERIFY(rig.exposed());
    rig.tools.setCurrentTool(rig.tools.brushTool());
    auto* h = rig.view.horizontalScrollBar();
    auto* v = rig.view.verticalScrollBar();
    const int h0 = h->value();
    const int v0 = v->value();
    const QPoint p(400, 300);
    rig.send(QEvent::MouseButtonPress, p, Qt::MiddleButton, Qt::MiddleButton);
    rig.send(QEvent::MouseMove, p + QPoint(-50, -30), Qt::NoButton, Qt::MiddleButton);
    rig.send(QEvent::MouseButtonRelease, p + QPoint(-50, -30), Qt::MiddleButton, Qt::NoButton);
    QCOMPARE(h->value(), h0 + 50);
    QCOMPARE(v->value(), v0 + 30);
    // Space + left drag pans too, and does not paint.
    QTest::keyPress(&rig.view, Qt::Key_Space);
    rig.send(QEvent::MouseButtonPress, p, Qt::LeftButton, Qt::LeftButton);
    rig.send(QEvent::MouseMove, p + QPoint(20, 10), Qt::NoButton, Qt::LeftButton);
    rig.send(QEvent::MouseButtonRelease, p + QPoint(20, 10), Qt::LeftButton, Qt::NoButton);
    QTest::keyRelease(&rig.view, Qt::Key_Space);
    QCOMPARE(h->value(), h0 + 30);
    QCOMPARE(v->value(), v0 + 20);
    QCOMPARE(rig.steps(), 0);
    // Released: the left button paints again.
    rig.click(QPoint(100, 100));
    QCOMPARE(rig.steps(), 1);
}

void TestTools::tilesPaintedAfterDabIsSmall() {
    Rig rig(baseLevel(256, 256));
    QVERIFY(rig.exposed());
    rig.view.setZoom(0.25);
    TileLayerItem* layer = rig.scene.tileLayerItem();
    // Let the first full frame happen.
    rig.view.viewport()->repaint();
    QTRY_VERIFY(layer->paintCalls() > 0);
    QVERIFY2(layer->tilesPainted() >= 20000, qPrintable(QString::number(layer->tilesPainted())));
    // Wait until the view is idle (no pending full-frame updates).
    for (int i = 0; i < 50; ++i) {
        const quint64 before = layer->paintCalls();
        QTest::qWait(60);
        if (layer->paintCalls() == before)
            break;
    }
    layer->resetTilesPainted();
    const quint64 calls = layer->paintCalls();
    rig.tools.setCurrentTool(rig.tools.brushTool());
    const QPoint tile(120, 120);
    QVERIFY(rig.view.viewport()->rect().contains(rig.at(tile)));
    // The mouse arrives over the view first (the hover outline repaints), then dabs.
    rig.move(tile, Qt::NoButton);
    QTRY_VERIFY(layer->paintCalls() > calls);
    QTest::qWait(50);
    layer->resetTilesPainted();
    const quint64 hoverCalls = layer->paintCalls();
    rig.press(tile);
    QTRY_VERIFY(layer->paintCalls() > hoverCalls);
    QCOMPARE(rig.doc.level().tile(120, 120), Tile::Solid);
    // A one-tile dab repaints its neighbourhood, not the 65536-tile map.
    QVERIFY2(layer->tilesPainted() > 0 && layer->tilesPainted() <= 64,
             qPrintable(QString::number(layer->tilesPainted())));
    // So does each step of a drag.
    for (int i = 1; i <= 3; ++i) {
        layer->resetTilesPainted();
        const quint64 before = layer->paintCalls();
        rig.move(tile + QPoint(i, 0));
        QTRY_VERIFY(layer->paintCalls() > before);
        QVERIFY2(layer->tilesPainted() <= 64, qPrintable(QString::number(layer->tilesPainted())));
    }
    rig.release(tile + QPoint(3, 0));
    QCOMPARE(rig.steps(), 1);
}
void TestTools::documentSwap() {
    Rig rig;
    QVERIFY(rig.exposed());
    QSignalSpy swapped(&rig.scene, &LevelScene::documentChanged);
    auto bigger = std::make_unique<LevelDocument>(baseLevel(64, 48));
    bigger->addSpawn(Spawn::withDefaults(SpawnKind::Ball, 0, 10, 10));
    rig.scene.setDocument(bigger.get());
    QCOMPARE(swapped.count(), 1);
    QCOMPARE(rig.scene.mapRect(), QRectF(0, 0, 64 * 16, 48 * 16));
    QVERIFY(rig.scene.spawnItem(2));
    rig.tools.setCurrentTool(rig.tools.brushTool());
    rig.click(QPoint(50, 40));
    QCOMPARE(bigger->level().tile(50, 40), Tile::Solid);
    QCOMPARE(rig.doc.undoStack()->count(), 0);
    // Resize shows at once: the layer and scene follow levelReset.
    bigger->resize(80, 60, ResizeAnchor::Center);
    QCOMPARE(rig.scene.tileLayerItem()->boundingRect(), QRectF(0, 0, 80 * 16, 60 * 16));
    QCOMPARE(rig.scene.spawnItem(2)->spawnSceneRect().center().x(), (10 + 8 + 0.5) * 16);
    rig.scene.setDocument(&rig.doc);
    bigger.reset();
    rig.click(QPoint(3, 3));
    QCOMPARE(rig.doc.level().tile(3, 3), Tile::Solid);
}

QTEST_MAIN(TestTools)
#include "test_tools.moc"
