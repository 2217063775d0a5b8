// The painting tools driven by mouse events on the view's viewport (brush, eraser,
// line, rectangle, fill, eyedropper, spawns), their shortcuts, the tile layer's
// dirty-area repaints and swapping the scene's document. Selection, clipboard,
// zoom and panning: test_selection_view.cpp.
#include "tilesmith/editor/tooloptions.h"
#include "toolrig.h"
#include "tools/brushtool.h"
#include "tools/erasertool.h"
#include "tools/eyedroppertool.h"
#include "tools/filltool.h"
#include "tools/linetool.h"
#include "tools/rectangletool.h"
#include "tools/selecttool.h"
#include "tools/spawntool.h"

/// A tool the editor does not know, registered as its own are.
class ProbeTool : public ts::editor::AbstractTool {
    Q_OBJECT
public:
    ProbeTool() : AbstractTool(QStringLiteral("Probe"), QStringLiteral("brush"), QKeySequence()) {}
    void mousePressed(const ts::editor::ToolMouseEvent&) override { ++presses; }
    QString statusHint() const override { return QStringLiteral("probe"); }
    bool takesPickedTile(ts::Tile kind) const override { return kind == ts::Tile::OneWay; }
    int presses = 0;
};

class TestTools : public QObject {
    Q_OBJECT
private slots:
    void toolsAndShortcuts();
    void toolsRegisterFromOutside();
    void brushStrokeIsOneUndoStep();
    void brushSizeAndOneWay();
    void brushRightClickPicks();
    void eraser();
    void lineTool();
    void rectangleTool();
    void fillTool();
    void eyedropper();
    void spawnTool();
    void tilesPaintedAfterDabIsSmall();
    void documentSwap();
};

void TestTools::toolsAndShortcuts() {
    ToolManager tools;
    QVERIFY(tools.tools().isEmpty());
    ts::editor::registerEditorTools(&tools);
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
    tools.options()->setBrushSize(99);
    QCOMPARE(tools.options()->brushSize(), ts::editor::ToolOptions::kMaxBrushSize);
    tools.options()->setBrushSize(0);
    QCOMPARE(tools.options()->brushSize(), 1);
    tools.options()->setTileKind(Tile::Empty); // not a paint kind
    QCOMPARE(tools.options()->tileKind(), Tile::Solid);
}

void TestTools::toolsRegisterFromOutside() {
    // The manager only registers: it finds a tool by its class, the first one registered
    // is current, the eyedropper's pick goes to whichever tool takes the picked kind, and
    // there is no selection tool until one is registered.
    Rig rig(baseLevel());
    ToolManager tools;
    auto* probe = new ProbeTool;
    tools.registerTool(probe);
    QCOMPARE(probe->parent(), &tools);
    QCOMPARE(probe->manager(), &tools);
    QCOMPARE(tools.currentTool(), probe);
    QCOMPARE(tools.findTool<ProbeTool>(), probe);
    QCOMPARE(tools.findTool<ts::editor::BrushTool>(), nullptr);
    QCOMPARE(tools.selectionTool(), nullptr);
    tools.registerTool(probe); // once only
    QCOMPARE(tools.tools().size(), 1);
    ts::editor::registerEditorTools(&tools);
    QCOMPARE(tools.tools().size(), 10);
    QCOMPARE(tools.currentTool(), probe); // registering more changes nothing
    QVERIFY(tools.actionGroup()->actions().contains(probe->action()));
    QCOMPARE(tools.selectionTool(), tools.findTool<ts::editor::SelectTool>());
    tools.setScene(&rig.scene);
    // The probe takes one-way tiles, the brush the rest: the first registered that
    // takes the kind wins.
    rig.doc.paintTiles({{QPoint(2, 2), Tile::OneWay}, {QPoint(3, 2), Tile::Solid}}, "Paint");
    tools.setCurrentTool(tools.findTool<ts::editor::EyedropperTool>());
    tools.pickTile(QPoint(2, 2));
    QCOMPARE(tools.currentTool(), probe);
    QCOMPARE(tools.options()->tileKind(), Tile::OneWay);
    tools.pickTile(QPoint(3, 2));
    QCOMPARE(tools.currentTool(), tools.findTool<ts::editor::BrushTool>());
    QCOMPARE(tools.options()->tileKind(), Tile::Solid);
    tools.pickTile(QPoint(-1, 2)); // off the map: nothing
    QCOMPARE(tools.currentTool(), tools.findTool<ts::editor::BrushTool>());
    tools.setScene(nullptr);
}

void TestTools::brushStrokeIsOneUndoStep() {
    Rig rig;
    QVERIFY(rig.exposed());
    const Level before = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::BrushTool>());
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::BrushTool>());
    rig.tools.options()->setBrushSize(3);
    rig.tools.options()->setTileKind(Tile::OneWay);
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::BrushTool>());
    QCOMPARE(rig.tools.options()->tileKind(), Tile::Solid);
    rig.click(QPoint(5, 5), Qt::RightButton);
    QCOMPARE(rig.tools.options()->tileKind(), Tile::OneWay);
    QCOMPARE(rig.steps(), 1); // picking is not an edit
}

void TestTools::eraser() {
    Rig rig;
    QVERIFY(rig.exposed());
    std::vector<TileWrite> w;
    for (int x = 0; x < 10; ++x)
        w.push_back({QPoint(x, 4), Tile::Solid});
    rig.doc.paintTiles(w, "setup");
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::EraserTool>());
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::LineTool>());
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::RectangleTool>());
    rig.tools.options()->setTileKind(Tile::OneWay);
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::FillTool>());
    rig.tools.options()->setTileKind(Tile::OneWay);
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::EyedropperTool>());
    rig.click(QPoint(3, 3));
    QCOMPARE(rig.tools.options()->tileKind(), Tile::OneWay);
    QCOMPARE(rig.tools.currentTool(), rig.tools.findTool<ts::editor::BrushTool>());
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::EyedropperTool>());
    rig.click(QPoint(10, 10)); // empty picks the eraser
    QCOMPARE(rig.tools.currentTool(), rig.tools.findTool<ts::editor::EraserTool>());
    QCOMPARE(rig.steps(), 1);
}

void TestTools::spawnTool() {
    Rig rig;
    QVERIFY(rig.exposed());
    const Level start = rig.doc.level();
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::SpawnTool>());
    rig.tools.options()->setSpawnKind(SpawnKind::Box);
    rig.click(QPoint(5, 5));
    QCOMPARE(rig.doc.level().spawns.size(), size_t(2));
    const Spawn box = rig.doc.level().spawns.back();
    QCOMPARE(box.kind, SpawnKind::Box);
    QCOMPARE(QPoint(box.x, box.y), QPoint(5, 5));
    QCOMPARE(box, Spawn::withDefaults(SpawnKind::Box, box.id, 5, 5)); // the kind's defaults
    QCOMPARE(rig.scene.selectedSpawnIds(), QList<int>{box.id});
    QVERIFY(rig.scene.spawnItem(box.id));

    // Only one player: placing one moves the existing player.
    rig.tools.options()->setSpawnKind(SpawnKind::Player);
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
    rig.tools.options()->setSpawnKind(SpawnKind::Ball);
    QSignalSpy refused(&rig.scene, &LevelScene::statusMessage);
    rig.click(QPoint(20, 20));
    QCOMPARE(rig.doc.level().spawns.size(), count);
    QCOMPARE(refused.count(), 1); // and the status bar says why
    QVERIFY(refused.at(0).at(0).toString().contains(QStringLiteral("20, 20 is solid")));
    // Dragged onto it, the box stays where it was, and is told so too.
    const int before = rig.steps();
    rig.drag(QPoint(5, 5), QPoint(20, 20));
    QCOMPARE(QPoint(rig.doc.level().findSpawn(box.id)->x, rig.doc.level().findSpawn(box.id)->y),
             QPoint(5, 5));
    QCOMPARE(rig.steps(), before);
    QCOMPARE(refused.count(), 2);
    QVERIFY(refused.at(1).at(0).toString().contains(QStringLiteral("1 spawn stayed")));
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::BrushTool>());
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
    rig.tools.setCurrentTool(rig.tools.findTool<ts::editor::BrushTool>());
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
