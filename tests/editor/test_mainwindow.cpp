// Main window flows with every dialog answered by the test: the empty start,
// title and modified marker, the New dialog, tool palette, edit actions, window
// state, the properties dock, the level properties dialog, fitting the level and
// the status bar. File flows (prompts, load and save errors, autosave recovery,
// recent files, TMX): test_mainwindow_files.cpp.
#include "mainwindow_testutil.h"

#include "tilesmith/editor/tooloptions.h"
#include "tools/brushtool.h"
#include "tools/erasertool.h"
#include "tools/selecttool.h"
#include "tools/spawntool.h"
#include "widgets/propertiesdock.h"

#include <QStatusTipEvent>

class TestMainWindow : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void startsWithAnEmptyUntitledLevel() {
        MainWindow w;
        QVERIFY(w.document());
        QCOMPARE(w.document()->filePath(), QString());
        QVERIFY(!w.document()->isModified());
        // A new level loads back: it has its one player, on a floor.
        const ts::level::Level& level = w.document()->level();
        QVERIFY(level.player());
        QVERIFY(ts::level::validateLevel(level).empty());
        QCOMPARE(level.tile(level.player()->x, level.player()->y + 1), ts::Tile::Solid);
        QCOMPARE(w.findChild<QLabel*>(QStringLiteral("sizeStatus"))->text(),
                 QStringLiteral("40 x 12 tiles"));
        QVERIFY(w.scene()->document() == w.document());
        // Play mode's menus come with it (test_playux playModeAddsItsPartsToTheWindow).
        QVERIFY(!w.findChild<QMenu*>(QStringLiteral("playMenu")));
        QVERIFY(w.findChild<QToolBar*>(QStringLiteral("MainToolBar")));
        // Standard shortcuts on the standard actions.
        QCOMPARE(w.action(QStringLiteral("actionSave"))->shortcut(),
                 QKeySequence(QKeySequence::Save));
        QCOMPARE(w.action(QStringLiteral("actionUndo"))->shortcut(),
                 QKeySequence(QKeySequence::Undo));
    }

    void titleFollowsModifiedStateAndUndo() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("t.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE(w.windowHandle()->title(), QStringLiteral("t.yaml \u2014 Tilesmith"));
        QVERIFY(!w.isWindowModified());

        paintOneTile(w.document());
        QVERIFY(w.isWindowModified());
        QTRY_COMPARE(w.windowHandle()->title(), QStringLiteral("t.yaml* \u2014 Tilesmith"));
        QVERIFY(w.action(QStringLiteral("actionUndo"))->isEnabled());

        w.action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(!w.isWindowModified());
        QTRY_COMPARE(w.windowHandle()->title(), QStringLiteral("t.yaml \u2014 Tilesmith"));
        QVERIFY(w.action(QStringLiteral("actionRedo"))->isEnabled());
        w.action(QStringLiteral("actionRedo"))->trigger();
        QVERIFY(w.isWindowModified());
    }

    void newActionAsksForTheSize() {
        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        paintOneTile(w->document());
        LevelDocument* doc = w->document();
        // Discard, then cancel the size dialog: the document stays.
        prompts->answers << QMessageBox::Discard;
        w->action(QStringLiteral("actionNew"))->trigger();
        QCOMPARE(prompts->fileDialogs, 1);
        QCOMPARE(w->document(), doc);

        NewLevelDialog::Settings s;
        s.name = QStringLiteral("Cave");
        s.width = 9;
        s.height = 6;
        s.tileSize = 32;
        prompts->newSettings = s;
        prompts->answers << QMessageBox::Discard;
        w->action(QStringLiteral("actionNew"))->trigger();
        const ts::level::Level& level = w->document()->level();
        QCOMPARE(level.name, std::string("Cave"));
        QCOMPARE(level.width, 9);
        QCOMPARE(level.height, 6);
        QCOMPARE(level.tileSize, 32);
        QCOMPARE(prompts->asked.size(), 2); // asked once per New, never twice
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->displayName(), QStringLiteral("untitled.yaml"));
    }

    void toolPaletteShortcutsAndOptions() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        w.view()->setFocus();
        QCOMPARE(w.findChild<QToolBar*>(QStringLiteral("ToolPalette"))->actions().size(),
                 w.tools()->tools().size());
        const struct {
            Qt::Key key;
            const char* name;
        } keys[] = {{Qt::Key_E, "Eraser"},
                    {Qt::Key_S, "Select"},
                    {Qt::Key_P, "Spawn"},
                    {Qt::Key_B, "Brush"}};
        for (const auto& k : keys) {
            QTest::keyClick(w.view()->viewport(), k.key);
            QTRY_COMPARE(w.tools()->currentTool()->name(), QString::fromLatin1(k.name));
            QCOMPARE(w.findChild<QLabel*>(QStringLiteral("toolStatus"))->text(),
                     QString::fromLatin1(k.name));
        }
        auto* brush = w.findChild<QSpinBox*>(QStringLiteral("brushSizeBox"));
        auto* kind = w.findChild<QComboBox*>(QStringLiteral("tileKindBox"));
        auto* spawn = w.findChild<QComboBox*>(QStringLiteral("spawnKindBox"));
        QVERIFY(brush && kind && spawn);
        brush->setValue(3);
        QCOMPARE(w.tools()->options()->brushSize(), 3);
        kind->setCurrentIndex(kind->findData(int(ts::Tile::OneWay)));
        QCOMPARE(w.tools()->options()->tileKind(), ts::Tile::OneWay);
        spawn->setCurrentIndex(spawn->findData(int(ts::level::SpawnKind::Ball)));
        QCOMPARE(w.tools()->options()->spawnKind(), ts::level::SpawnKind::Ball);
        // And back: the palette follows the tools (the eyedropper sets the kind).
        w.tools()->options()->setTileKind(ts::Tile::Solid);
        QCOMPARE(kind->currentData().toInt(), int(ts::Tile::Solid));
        w.tools()->options()->setBrushSize(5);
        QCOMPARE(brush->value(), 5);
    }

    void editActionsFollowTheSelection() {
        MainWindow w;
        QAction* cut = w.action(QStringLiteral("actionCut"));
        QAction* del = w.action(QStringLiteral("actionDelete"));
        QVERIFY(!cut->isEnabled());
        w.action(QStringLiteral("actionSelectAll"))->trigger();
        QVERIFY(w.scene()->hasSelection());
        QVERIFY(cut->isEnabled());
        QVERIFY(del->isEnabled());
        const ts::level::Level before = w.document()->level();
        del->trigger(); // clears the selected tiles: one undo step
        QCOMPARE(w.document()->undoStack()->count(), 1);
        const ts::level::Level& after = w.document()->level();
        for (int y = 0; y < after.height; ++y)
            for (int x = 0; x < after.width; ++x)
                QCOMPARE(after.tile(x, y), ts::Tile::Empty);
        // The selected spawns too, except the level's only player (issue 9: a
        // level needs one), which stays with a status-bar message.
        QCOMPARE(after.spawns.size(), std::size_t(1));
        QVERIFY(after.player());
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("player")));
        w.action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(w.document()->level(), before);
        w.scene()->selectNone();
        QVERIFY(!cut->isEnabled());
    }

    void windowStateIsKeptInSettings() {
        {
            MainWindow w;
            w.resize(900, 650);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))->hide();
            w.saveWindowState();
        }
        MainWindow w;
        w.restoreWindowState();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), QSize(900, 650));
        QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))->isHidden());
    }

    void undoKeyInAPropertiesFieldUndoesTheEdit() {
        // Enter commits a field's value; Ctrl+Z right after (the field still has the
        // keyboard) undoes that edit, Ctrl+Shift+Z redoes it. Typing not yet
        // committed is the field's own to undo.
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("u.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const float original = w.document()->level().findSpawn(4)->mass; // a box
        w.scene()->setSelectedSpawns({4});
        QDoubleSpinBox* mass = w.findChild<ts::editor::PropertiesDock*>()->massBox();
        mass->setFocus();
        QTRY_VERIFY(mass->hasFocus());
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("5"));
        QTest::keyClick(mass, Qt::Key_Return);
        QCOMPARE(w.document()->level().findSpawn(4)->mass, 5.0f);
        QVERIFY(mass->hasFocus());

        QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->level().findSpawn(4)->mass, original);
        QCOMPARE(mass->value(), double(original)); // the field follows
        QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.document()->level().findSpawn(4)->mass, 5.0f);
        QCOMPARE(mass->value(), 5.0);

        // Typing not committed: Ctrl+Z takes the typing back, the level keeps its value.
        const int steps = w.document()->undoStack()->index();
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("6"));
        QCOMPARE(mass->text(), QStringLiteral("6"));
        QTest::keyClick(mass, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(mass->text(), QStringLiteral("5.00"));
        QCOMPARE(w.document()->undoStack()->index(), steps);
        QCOMPARE(w.document()->level().findSpawn(4)->mass, 5.0f);
    }

    void toolKeysAndUndoReachTheWindowFromTheBrushSize() {
        // The brush size keeps the keyboard after its arrows (or a typed digit):
        // the tools' letter keys still choose tools and Ctrl+Z still undoes.
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* brush = w.findChild<QSpinBox*>(QStringLiteral("brushSizeBox"));
        QVERIFY(brush);
        QVERIFY(brush->isVisible());
        brush->setFocus();
        QTRY_VERIFY(brush->hasFocus());
        QTest::keyClick(brush, Qt::Key_Up);
        QCOMPARE(w.tools()->options()->brushSize(), 2);
        QTest::keyClick(brush, Qt::Key_E);
        QCOMPARE(w.tools()->currentTool(),
                 static_cast<AbstractTool*>(w.tools()->findTool<ts::editor::EraserTool>()));
        QTest::keyClick(brush, Qt::Key_B);
        QCOMPARE(w.tools()->currentTool(),
                 static_cast<AbstractTool*>(w.tools()->findTool<ts::editor::BrushTool>()));
        QCOMPARE(brush->text(), QStringLiteral("2"));
        brush->selectAll();
        QTest::keyClicks(brush, QStringLiteral("4")); // digits are still the field's
        QCOMPARE(brush->text(), QStringLiteral("4"));

        paintOneTile(w.document());
        QVERIFY(w.document()->isModified());
        brush->setValue(3);
        QTest::keyClick(brush, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(!w.document()->isModified());
        QTest::keyClick(brush, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(w.document()->isModified());
        w.document()->undoStack()->setClean();
    }

    void propertiesDockShowsARefusedEdit() {
        // A spawn never moves into a solid tile and the player stays the player:
        // such an edit in the dock is refused, and the field goes back to the
        // spawn's value (it showed the refused one) while the status bar says why.
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("r.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        const ts::level::Spawn box = *w.document()->level().findSpawn(4);
        QCOMPARE(w.document()->level().tile(0, box.y), ts::Tile::Solid); // the left wall
        w.scene()->setSelectedSpawns({4});
        PropertiesDock* dock = w.findChild<ts::editor::PropertiesDock*>();
        dock->xBox()->setValue(0);
        QCOMPARE(*w.document()->level().findSpawn(4), box);
        QCOMPARE(dock->xBox()->value(), box.x);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("is solid")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(!w.document()->isModified());

        w.scene()->setSelectedSpawns({1}); // the player
        const int npc = dock->kindBox()->findData(int(ts::level::SpawnKind::Npc));
        dock->kindBox()->setCurrentIndex(npc);
        QCOMPARE(w.document()->level().findSpawn(1)->kind, ts::level::SpawnKind::Player);
        QCOMPARE(dock->kindBox()->currentData().toInt(), int(ts::level::SpawnKind::Player));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("stays a player")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(!w.document()->isModified());
    }

    void propertiesDockEditsSpawnThroughUndoStack() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        const ts::level::Spawn original = *w.document()->level().findSpawn(4); // a box
        PropertiesDock* dock = w.findChild<ts::editor::PropertiesDock*>();
        QCOMPARE(dock->currentSpawnId(), 0);

        w.scene()->setSelectedSpawns({4});
        QCOMPARE(dock->currentSpawnId(), 4);
        QCOMPARE(dock->massBox()->value(), double(original.mass));
        QUndoStack* stack = w.document()->undoStack();
        const int count = stack->count();

        dock->massBox()->setValue(7.5);
        QCOMPARE(w.document()->level().findSpawn(4)->mass, 7.5f);
        QCOMPARE(stack->count(), count + 1);
        dock->massBox()->setValue(8.0); // the same field again: merged
        QCOMPARE(stack->count(), count + 1);
        dock->restitutionBox()->setValue(0.5);
        QCOMPARE(w.document()->level().findSpawn(4)->restitution, 0.5f);
        QCOMPARE(stack->count(), count + 2);
        QVERIFY(w.isWindowModified());

        stack->undo();
        stack->undo();
        QCOMPARE(*w.document()->level().findSpawn(4), original);
        QCOMPARE(dock->massBox()->value(), double(original.mass)); // the dock follows
        QVERIFY(!w.document()->isModified());

        // Kind change, then custom properties: add, retype, edit, remove.
        dock->kindBox()->setCurrentIndex(
            dock->kindBox()->findData(int(ts::level::SpawnKind::Ball)));
        QCOMPARE(w.document()->level().findSpawn(4)->kind, ts::level::SpawnKind::Ball);
        QVERIFY(dock->radiusBox()->isVisibleTo(dock));
        QVERIFY(!dock->widthBox()->isVisibleTo(dock));

        PropertiesTable* table = dock->propertiesTable();
        table->addProperty();
        QCOMPARE(w.document()->level().findSpawn(4)->properties.size(), std::size_t(1));
        QVERIFY(std::holds_alternative<std::string>(
            w.document()->level().findSpawn(4)->properties.at("property")));
        auto* typeBox =
            qobject_cast<QComboBox*>(table->table()->cellWidget(0, PropertiesTable::TypeColumn));
        QVERIFY(typeBox);
        typeBox->setCurrentText(QStringLiteral("int"));
        QCOMPARE(w.document()->level().findSpawn(4)->properties.at("property"),
                 ts::level::PropertyValue(std::int64_t{0}));
        QCoreApplication::processEvents(); // the table rebuilds after an edit
        table->table()->item(0, PropertiesTable::ValueColumn)->setText(QStringLiteral("42"));
        QCOMPARE(w.document()->level().findSpawn(4)->properties.at("property"),
                 ts::level::PropertyValue(std::int64_t{42}));
        QCoreApplication::processEvents();
        // Not an int: rejected, the value stays.
        table->table()->item(0, PropertiesTable::ValueColumn)->setText(QStringLiteral("abc"));
        QCoreApplication::processEvents();
        QCOMPARE(w.document()->level().findSpawn(4)->properties.at("property"),
                 ts::level::PropertyValue(std::int64_t{42}));
        QCOMPARE(table->table()->item(0, PropertiesTable::ValueColumn)->text(),
                 QStringLiteral("42"));
        table->table()->item(0, PropertiesTable::NameColumn)->setText(QStringLiteral("health"));
        QCOMPARE(w.document()->level().findSpawn(4)->properties.count("health"), std::size_t(1));
        QCoreApplication::processEvents();
        table->table()->setCurrentCell(0, PropertiesTable::NameColumn);
        table->removeCurrentProperty();
        QVERIFY(w.document()->level().findSpawn(4)->properties.empty());

        // Everything above is undoable back to the file's state.
        while (stack->canUndo())
            stack->undo();
        QCOMPARE(*w.document()->level().findSpawn(4), original);
    }

    void levelPropertiesDialogIsOneUndoStep() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        const ts::level::Level original = w.document()->level();
        LevelPropertiesDialog dialog(original);
        dialog.nameEdit()->setText(QStringLiteral("Renamed"));
        dialog.widthBox()->setValue(original.width + 4);
        dialog.heightBox()->setValue(original.height + 2);
        dialog.setAnchor(ResizeAnchor::BottomRight);
        dialog.gravityBox()->setValue(900);
        QCOMPARE(dialog.anchor(), ResizeAnchor::BottomRight);
        QCOMPARE(dialog.physics().dt, original.physics.dt); // untouched rate stays exact

        QUndoStack* stack = w.document()->undoStack();
        dialog.applyTo(w.document());
        QCOMPARE(stack->count(), 1);
        const auto& level = w.document()->level();
        QCOMPARE(level.name, std::string("Renamed"));
        QCOMPARE(level.width, original.width + 4);
        QCOMPARE(level.height, original.height + 2);
        QCOMPARE(level.physics.gravity, 900.f);
        // Anchored bottom-right: the old content moved right and down.
        QCOMPARE(level.tile(4, 2), original.tile(0, 0));
        QCOMPARE(w.findChild<QLabel*>(QStringLiteral("sizeStatus"))->text(),
                 QStringLiteral("%1 x %2 tiles").arg(original.width + 4).arg(original.height + 2));
        stack->undo();
        QCOMPARE(w.document()->level(), original);

        // Nothing changed: nothing pushed.
        LevelPropertiesDialog same(original);
        same.applyTo(w.document());
        QCOMPARE(stack->count(), 1);
        QCOMPARE(stack->index(), 0);
    }

    void openingFitsTheWholeLevel() {
        // A designer opening a level sees all of it, not a corner at 100 %.
        const QString path = copyLevel(QStringLiteral("crowd.yaml"), QStringLiteral("fit.yaml"));
        MainWindow w;
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(path));
        const QRectF visible = w.view()
                                   ->mapToScene(w.view()->viewport()->rect())
                                   .boundingRect()
                                   .adjusted(-1, -1, 1, 1);
        QVERIFY2(visible.contains(w.scene()->mapRect()),
                 qPrintable(QStringLiteral("zoom %1").arg(w.view()->zoom())));
        QVERIFY(w.view()->zoom() < 1.0); // 96 x 50 tiles of 16 px do not fit at 100 %
    }

    void statusBarHintComesBackAfterMenusAndMessages() {
        // The active tool's hint stays on the bar: a menu's status tip (hovering a
        // menu entry ends with an empty one) and a timed message ("Exported ...")
        // give it back when they end, instead of leaving the bar empty.
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString hint = w.tools()->currentTool()->statusHint();
        QVERIFY(!hint.isEmpty());
        QCOMPARE(w.statusBar()->currentMessage(), hint);

        QStatusTipEvent tip(QStringLiteral("Open a level file"));
        QApplication::sendEvent(&w, &tip);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Open a level file"));
        QStatusTipEvent none{QString()};
        QApplication::sendEvent(&w, &none);
        QCOMPARE(w.statusBar()->currentMessage(), hint);

        w.statusBar()->showMessage(QStringLiteral("Exported level.tmx"), 50);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Exported level.tmx"));
        QTRY_COMPARE(w.statusBar()->currentMessage(), hint);

        w.tools()->setCurrentTool(
            w.tools()->findTool<ts::editor::SpawnTool>()); // the new tool's hint
        const QString spawnHint = w.tools()->findTool<ts::editor::SpawnTool>()->statusHint();
        QCOMPARE(w.statusBar()->currentMessage(), spawnHint);
        w.statusBar()->clearMessage();
        QCOMPARE(w.statusBar()->currentMessage(), spawnHint);
    }

    void pasteSaysHowToPlaceIt() {
        // Paste makes a floating copy that follows the mouse: the status bar says
        // how to place it (and how to cancel), then what the paste did, and after
        // Esc it is back to the select tool's hint.
        MainWindow w;
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const QString selectHint = w.tools()->findTool<ts::editor::SelectTool>()->statusHint();
        w.scene()->setTileSelection(QRect(0, 11, 3, 1)); // a piece of the floor
        w.action(QStringLiteral("actionCopy"))->trigger();
        w.action(QStringLiteral("actionPaste"))->trigger();
        QVERIFY(w.scene()->hasFloating());
        QCOMPARE(w.tools()->currentTool(),
                 static_cast<AbstractTool*>(w.tools()->findTool<ts::editor::SelectTool>()));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("Click: place")),
                 qPrintable(w.statusBar()->currentMessage()));
        w.view()->setFocus();
        QTest::keyClick(w.view()->viewport(), Qt::Key_Escape);
        QVERIFY(!w.scene()->hasFloating());
        QCOMPARE(w.statusBar()->currentMessage(), selectHint);
    }

    void statusBarShowsTileUnderCursor() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.view()->resetZoom();
        QCOMPARE(w.findChild<QLabel*>(QStringLiteral("zoomStatus"))->text(),
                 QStringLiteral("100 %"));
        const ts::level::Level& level = w.document()->level();

        // An empty tile, then a solid one (row 0 is the top wall).
        const QPoint empty(3, 5), solid(2, 0);
        QCOMPARE(level.tile(empty.x(), empty.y()), ts::Tile::Empty);
        QCOMPARE(level.tile(solid.x(), solid.y()), ts::Tile::Solid);
        for (const auto& [tile, kind] : {std::pair{empty, QStringLiteral("empty")},
                                         std::pair{solid, QStringLiteral("solid")}}) {
            w.view()->centerOn(w.scene()->tileCenter(tile));
            const QPoint at = w.view()->mapFromScene(w.scene()->tileCenter(tile));
            QVERIFY(w.view()->viewport()->rect().contains(at));
            QTest::mouseMove(w.view()->viewport(), at);
            QTRY_COMPARE(w.findChild<QLabel*>(QStringLiteral("tileStatus"))->text(),
                         QStringLiteral("%1, %2 \u2014 %3").arg(tile.x()).arg(tile.y()).arg(kind));
        }
        // Painting under the cursor updates the kind shown.
        w.document()->paintTiles({{solid, ts::Tile::OneWay}}, QStringLiteral("Paint"));
        QCOMPARE(w.findChild<QLabel*>(QStringLiteral("tileStatus"))->text(),
                 QStringLiteral("2, 0 \u2014 one-way"));
        QVERIFY(!w.findChild<QLabel*>(QStringLiteral("toolStatus"))->text().isEmpty());
        QCOMPARE(w.findChild<QLabel*>(QStringLiteral("sizeStatus"))->text(),
                 QStringLiteral("60 x 20 tiles"));
        w.document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
