// The select tool and the edit actions (move, delete, cut, copy, paste across
// documents, select all), and the view: zoom about the cursor, the zoom slots, the
// hovered tile and panning; driven by mouse and key events on the viewport.
#include "toolrig.h"
#include "tools/brushtool.h"
#include "tools/selecttool.h"

class TestSelectionView : public QObject {
    Q_OBJECT
private slots:
    void selectAndMove();
    void moveStopsAtMapEdge();
    void deleteKey();
    void copyPasteAcrossDocuments();
    void cutAndUndo();
    void selectAll();
    void zoomAboutCursor();
    void zoomAcrossAScrollBarKeepsTheCursorPoint();
    void zoomKeepsTheTileUnderTheCursorOnASmallMap();
    void zoomStepsAreEven();
    void zoomSlots();
    void hoveredTile();
    void hoveredTileFollowsAResize();
    void panning();
};

void TestSelectionView::selectAndMove() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(2, 2), Tile::Solid}, {QPoint(3, 2), Tile::OneWay}}, "setup");
    const int box = rig.doc.addSpawn(Spawn::withDefaults(SpawnKind::Box, 0, 3, 3));
    const Level before = rig.doc.level();
    const int steps = rig.steps();
    QSignalSpy spawnSel(&rig.scene, &LevelScene::spawnSelectionChanged);
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::SelectTool>());
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

void TestSelectionView::moveStopsAtMapEdge() {
    // Dragging a selection past the map's edge stops it at the edge: no tile is
    // pushed off the map (and lost), and the selection keeps its size.
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(2, 2), Tile::Solid}, {QPoint(3, 2), Tile::OneWay}}, "setup");
    const int solid = countTiles(rig.doc.level(), Tile::Solid);
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::SelectTool>());
    rig.drag(QPoint(1, 1), QPoint(4, 4));
    QCOMPARE(rig.scene.tileSelection(), QRect(1, 1, 4, 4));

    rig.drag(QPoint(2, 2), QPoint(2, 33)); // 31 rows down on a 30-row map
    const Level& l = rig.doc.level();
    QCOMPARE(rig.scene.tileSelection(), QRect(1, 26, 4, 4)); // bottom row 29
    QCOMPARE(l.tile(2, 27), Tile::Solid);
    QCOMPARE(l.tile(3, 27), Tile::OneWay);
    QCOMPARE(countTiles(l, Tile::Solid), solid);
    QCOMPARE(countTiles(l, Tile::OneWay), 1);

    rig.drag(QPoint(2, 27), QPoint(-3, 27)); // 5 columns left of a selection at column 1
    QCOMPARE(rig.scene.tileSelection(), QRect(0, 26, 4, 4));
    QCOMPARE(l.tile(1, 27), Tile::Solid);
    QCOMPARE(l.tile(2, 27), Tile::OneWay);
    QCOMPARE(countTiles(l, Tile::Solid), solid);
    QCOMPARE(countTiles(l, Tile::OneWay), 1);
}

void TestSelectionView::deleteKey() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(5, 5), Tile::Solid}, {QPoint(6, 6), Tile::OneWay}}, "setup");
    rig.doc.addSpawn(Spawn::withDefaults(SpawnKind::Ball, 0, 6, 5));
    const Level before = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::SelectTool>());
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

void TestSelectionView::copyPasteAcrossDocuments() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(2, 2), Tile::Solid}, {QPoint(4, 4), Tile::OneWay}}, "setup");
    Spawn npc = Spawn::withDefaults(SpawnKind::Npc, 0, 3, 3);
    npc.properties["speed"] = 40.0;
    const int npcId = rig.doc.addSpawn(npc);
    const Level source = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::SelectTool>());
    rig.drag(QPoint(1, 1), QPoint(4, 4));
    rig.scene.copy();
    QCOMPARE(rig.doc.level(), source); // copy changes nothing

    LevelDocument other(Level::make(40, 30));
    other.addSpawn(Spawn::withDefaults(SpawnKind::Box, 0, 30, 20)); // id 1 is taken there
    rig.scene.setDocument(&other);
    QVERIFY(!rig.scene.hasSelection());
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::BrushTool>());
    rig.move(QPoint(10, 10), Qt::NoButton);
    rig.scene.paste();
    QVERIFY(rig.scene.hasFloating());
    QCOMPARE(rig.tools.currentTool(),
             rig.tools.findTool<ts::editor::SelectTool>()); // paste switches to select
    rig.move(QPoint(20, 10), Qt::NoButton);                 // the floating region follows the mouse
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

void TestSelectionView::cutAndUndo() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.doc.paintTiles({{QPoint(2, 2), Tile::Solid}}, "setup");
    const Level before = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::SelectTool>());
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

void TestSelectionView::selectAll() {
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

void TestSelectionView::zoomAboutCursor() {
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
    QCOMPARE(rig.view.zoom(), 1.25);
    QCOMPARE(zoomed.count(), 1);
    QPoint back = rig.view.mapFromScene(scenePoint);
    QVERIFY2((back - cursor).manhattanLength() <= 2,
             qPrintable(QString("%1,%2").arg(back.x()).arg(back.y())));
    const QPoint cursor2(650, 450);
    const QPointF scenePoint2 = rig.view.mapToScene(cursor2);
    wheel(cursor2, -4); // 100, 75, 67, 50 %
    QCOMPARE(rig.view.zoom(), 0.5);
    back = rig.view.mapFromScene(scenePoint2);
    QVERIFY2((back - cursor2).manhattanLength() <= 2,
             qPrintable(QString("%1,%2").arg(back.x()).arg(back.y())));
    wheel(cursor, 30);
    QCOMPARE(rig.view.zoom(), EditorView::kMaxZoom);
    wheel(cursor, -30);
    QCOMPARE(rig.view.zoom(), EditorView::kMinZoom);
    // Without Ctrl the wheel scrolls instead of zooming (at 100 %, where the
    // 200 x 200 map is taller than the view: a map that fits does not scroll).
    rig.view.setZoom(1.0);
    rig.view.centerOn(rig.scene.mapRect().center());
    const int v = rig.view.verticalScrollBar()->value();
    QWheelEvent plain(QPointF(cursor), rig.view.viewport()->mapToGlobal(QPointF(cursor)), QPoint(),
                      QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(rig.view.viewport(), &plain);
    QCOMPARE(rig.view.zoom(), 1.0);
    QVERIFY(rig.view.verticalScrollBar()->value() != v);
}

void TestSelectionView::zoomAcrossAScrollBarKeepsTheCursorPoint() {
    // 60 x 20 tiles (960 x 320 px) in an 800 x 600 view: wider than the view from
    // 100 %, taller from 200 %, where the vertical bar comes (and goes on the way
    // back), and the viewport with it.
    Rig rig(baseLevel(60, 20));
    QVERIFY(rig.exposed());
    QWidget* vp = rig.view.viewport();
    const auto settle = [] {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    };
    const QPoint cursor(300, 200);
    auto wheel = [&](int notches) {
        QWheelEvent ev(QPointF(cursor), vp->mapToGlobal(QPointF(cursor)), QPoint(),
                       QPoint(0, 120 * notches), Qt::NoButton, Qt::ControlModifier,
                       Qt::NoScrollPhase, false);
        QApplication::sendEvent(vp, &ev);
        settle();
    };
    auto where = [&](QPointF scenePoint) {
        const QPoint p = rig.view.mapFromScene(scenePoint);
        return QString("%1,%2 for %3,%4").arg(p.x()).arg(p.y()).arg(cursor.x()).arg(cursor.y());
    };
    rig.view.setZoom(1.5, cursor);
    settle();
    QVERIFY(!rig.view.verticalScrollBar()->isVisible());
    QPointF under = rig.view.mapToScene(cursor);
    wheel(1);
    QCOMPARE(rig.view.zoom(), 2.0);
    QVERIFY(rig.view.verticalScrollBar()->isVisible());
    QVERIFY2((rig.view.mapFromScene(under) - cursor).manhattanLength() <= 1,
             qPrintable(where(under)));
    under = rig.view.mapToScene(cursor);
    wheel(-1);
    QCOMPARE(rig.view.zoom(), 1.5);
    QVERIFY(!rig.view.verticalScrollBar()->isVisible());
    // Still wider than the view, and fitting its height again: the point under the
    // cursor stays there, and the whole height of the map is in sight.
    QVERIFY2((rig.view.mapFromScene(under) - cursor).manhattanLength() <= 1,
             qPrintable(where(under)));
    const QRect map = rig.view.mapFromScene(rig.scene.mapRect()).boundingRect();
    QVERIFY2(
        map.top() >= 0 && map.bottom() <= vp->height(),
        qPrintable(QString("map %1..%2 in %3").arg(map.top()).arg(map.bottom()).arg(vp->height())));
}

void TestSelectionView::zoomKeepsTheTileUnderTheCursorOnASmallMap() {
    // 20 x 15 tiles (320 x 240 px) in an 800 x 600 view: it fits from 25 % to 200 %.
    Rig rig(baseLevel(20, 15));
    QVERIFY(rig.exposed());
    QWidget* vp = rig.view.viewport();
    const auto wheelAt = [&](QPoint pos, int notches) {
        QWheelEvent ev(QPointF(pos), vp->mapToGlobal(QPointF(pos)), QPoint(),
                       QPoint(0, 120 * notches), Qt::NoButton, Qt::ControlModifier,
                       Qt::NoScrollPhase, false);
        QApplication::sendEvent(vp, &ev);
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    };
    // Over tile 4, 3 (left of and above the map's middle), then over 15, 11.
    for (const QPoint tile : {QPoint(4, 3), QPoint(15, 11)}) {
        const QPointF point = rig.scene.tileCenter(tile);
        const QPoint cursor = rig.view.mapFromScene(point);
        for (const int notches : {1, 1, -1, -1, -1, -1, 1, 1}) {
            wheelAt(cursor, notches);
            const QPoint now = rig.view.mapFromScene(point);
            QVERIFY2((now - cursor).manhattanLength() <= 1,
                     qPrintable(QString("tile %1,%2 at %3 %: %4,%5 for %6,%7")
                                    .arg(tile.x())
                                    .arg(tile.y())
                                    .arg(rig.view.zoom() * 100)
                                    .arg(now.x())
                                    .arg(now.y())
                                    .arg(cursor.x())
                                    .arg(cursor.y())));
            // Still smaller than the view: all of it in sight, no scroll bar.
            QVERIFY(vp->rect().contains(rig.view.mapFromScene(rig.scene.mapRect()).boundingRect()));
            QVERIFY(!rig.view.horizontalScrollBar()->isVisible());
            QVERIFY(!rig.view.verticalScrollBar()->isVisible());
        }
    }
    // Fit (Ctrl+9's slot) centres the map again.
    rig.view.zoomToFit();
    const QRect map = rig.view.mapFromScene(rig.scene.mapRect()).boundingRect();
    QVERIFY(qAbs(map.left() + map.right() - vp->width()) <= 2);
    QVERIFY(qAbs(map.top() + map.bottom() - vp->height()) <= 2);
}

void TestSelectionView::zoomStepsAreEven() {
    // Ctrl+wheel from 25 % to 400 %: no step more than half again the one before
    // (100 % goes to 125 %), and back down through the same steps.
    Rig rig(baseLevel(200, 200));
    QVERIFY(rig.exposed());
    QWidget* vp = rig.view.viewport();
    const QPoint cursor(400, 300);
    const auto wheel = [&](int notches) {
        QWheelEvent ev(QPointF(cursor), vp->mapToGlobal(QPointF(cursor)), QPoint(),
                       QPoint(0, 120 * notches), Qt::NoButton, Qt::ControlModifier,
                       Qt::NoScrollPhase, false);
        QApplication::sendEvent(vp, &ev);
    };
    rig.view.setZoom(1.0);
    wheel(1);
    QCOMPARE(rig.view.zoom(), 1.25);
    rig.view.setZoom(0.25);
    QList<qreal> up{rig.view.zoom()};
    while (rig.view.zoom() < 4.0) {
        wheel(1);
        QVERIFY(rig.view.zoom() > up.last());
        QVERIFY2(rig.view.zoom() / up.last() <= 1.5 + 1e-9,
                 qPrintable(QString("%1 -> %2").arg(up.last()).arg(rig.view.zoom())));
        up << rig.view.zoom();
    }
    QList<qreal> down{rig.view.zoom()};
    while (rig.view.zoom() > 0.25) {
        wheel(-1);
        down.prepend(rig.view.zoom());
    }
    QCOMPARE(down, up);
}

void TestSelectionView::zoomSlots() {
    Rig rig;
    QVERIFY(rig.exposed());
    rig.view.zoomIn();
    QCOMPARE(rig.view.zoom(), 1.25);
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

void TestSelectionView::hoveredTile() {
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

void TestSelectionView::hoveredTileFollowsAResize() {
    // A 40 x 30 map fits the view, centred: a resize (or its undo) moves it under a
    // mouse that stays still, and the readout names what is under the mouse now.
    Rig rig;
    QVERIFY(rig.exposed());
    QSignalSpy hover(&rig.view, &EditorView::hoveredTileChanged);
    const QPoint mouse = rig.at(QPoint(5, 25));
    rig.send(QEvent::MouseMove, mouse, Qt::NoButton, Qt::NoButton);
    QCOMPARE(hover.last().at(0).toPoint(), QPoint(5, 25));
    // What the last hover signal said, and what is under the mouse.
    const auto said = [&] {
        QCoreApplication::processEvents();
        const QPoint t = hover.last().at(0).toPoint();
        return QString("%1,%2 %3").arg(t.x()).arg(t.y()).arg(hover.last().at(1).toBool());
    };
    const auto under = [&] {
        const QPoint t = rig.scene.tileAt(rig.view.mapToScene(mouse));
        return QString("%1,%2 %3")
            .arg(t.x())
            .arg(t.y())
            .arg(rig.doc.level().contains(t.x(), t.y()));
    };
    rig.doc.resize(40, 10, ResizeAnchor::TopLeft);
    QCOMPARE(said(), under());
    QVERIFY(under().endsWith(" 0")); // below the shorter map
    rig.doc.undoStack()->undo();
    QCOMPARE(said(), under());
    QCOMPARE(said(), QString("5,25 1"));
}

void TestSelectionView::panning() {
    Rig rig(baseLevel(200, 200));
    QVERIFY(rig.exposed());
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::BrushTool>());
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

QTEST_MAIN(TestSelectionView)
#include "test_selection_view.moc"
