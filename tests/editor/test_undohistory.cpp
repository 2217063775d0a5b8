// History and undo through the main window's viewport, with real key and mouse
// events: what each step says, and what undo and redo leave selected:
// - History and Edit > Undo say what Delete, a moved selection and Level
//   Properties did, as they do for painting;
// - a property edit names its fields and values ("Box: mass 2 → 7"), also
//   when steps merge;
// - a paste counts the tiles and spawns it changed, in History and the status bar;
// - undoing a paste leaves no selection on what it took away, nor the status bar
//   saying it pasted; redo selects it again;
// - undoing a Delete selects what it brought back, as it was; redo deletes it again;
// - the spawn tool's Backspace is the same Delete, one step named as Del's;
// - Delete and Cut say in the status bar what they removed, in the History's words
//   (and, after it, why the player stayed).
#include "mainwindow_testutil.h"
#include "widgets/levelpropertiesdialog.h"
#include "widgets/propertiesdock.h"

#include <QApplication>
#include <QComboBox>
#include <QGraphicsRectItem>
#include <QUndoView>

#include <algorithm>

class TestUndoHistory : public MainWindowTest {
    Q_OBJECT

    /// The newest step as History lists it (row 0 is "<opened>").
    static QString history(MainWindow* w) {
        return w->findChild<QUndoView*>()
            ->model()
            ->index(w->document()->undoStack()->index(), 0)
            .data()
            .toString();
    }
    /// Edit > Undo's text, without its mnemonic.
    static QString undoText(MainWindow* w) {
        return w->action(QStringLiteral("actionUndo"))->text().remove(QLatin1Char('&'));
    }
    /// The scene rectangle the dashed selection outline shows, or empty when hidden.
    static QRectF selectionOutline(MainWindow* w) {
        for (QGraphicsItem* item : w->scene()->items())
            if (item->type() == QGraphicsRectItem::Type && item->isVisible())
                return item->mapRectToScene(static_cast<QGraphicsRectItem*>(item)->rect());
        return {};
    }
    /// Box 4 selected with the spawn tool and deleted with `key`: undo brings it
    /// back selected, in the Properties dock; redo deletes and deselects it again,
    /// and undo selects it again.
    static void deleteBoxFourAndUndo(MainWindow* w, Qt::Key key) {
        QWidget* vp = viewport(w);
        LevelScene* scene = w->scene();
        const auto exists = [w](int id) { return w->document()->level().findSpawn(id) != nullptr; };
        QTest::keyClick(vp, Qt::Key_P);
        QTest::mouseClick(vp, Qt::LeftButton, {}, at(w, {17, 16}));
        QCOMPARE(scene->selectedSpawnIds(), QList<int>{4});
        QTest::keyClick(vp, key);
        QVERIFY(!exists(4));
        QVERIFY(scene->selectedSpawnIds().isEmpty());
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(exists(4));
        QCOMPARE(scene->selectedSpawnIds(), QList<int>{4}); // was none
        QCOMPARE(w->findChild<ts::editor::PropertiesDock*>()->currentSpawnId(), 4);
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!exists(4));
        QVERIFY(scene->selectedSpawnIds().isEmpty());
        QCOMPARE(w->findChild<ts::editor::PropertiesDock*>()->currentSpawnId(), 0);
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(scene->selectedSpawnIds(), QList<int>{4});
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void historySaysWhatDeleteMoveAndLevelPropertiesDid() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        const auto history = [&w] { return TestUndoHistory::history(w.get()); };
        const auto undoText = [&w] { return TestUndoHistory::undoText(w.get()); };
        // (13..18, 14..16): the 3 x 2 block of solid and the box at (17, 16).
        selectTiles(w.get(), {13, 14}, {18, 16});
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{4});
        QTest::keyClick(viewport(w.get()), Qt::Key_Delete);
        QCOMPARE(history(), QStringLiteral("Delete 6 tiles and 1 spawn"));
        QCOMPARE(undoText(), QStringLiteral("Undo Delete 6 tiles and 1 spawn"));
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->document()->level().tile(13, 15), ts::Tile::Solid);

        // Drag the same selection three tiles up.
        QTest::keyClick(viewport(w.get()), Qt::Key_Escape); // selects nothing
        selectTiles(w.get(), {13, 14}, {18, 16});
        QTest::mousePress(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {14, 15}));
        QTest::mouseMove(viewport(w.get()), tilePoint(w.get(), {14, 12}));
        QTest::mouseRelease(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {14, 12}));
        QCOMPARE(w->document()->level().tile(13, 12), ts::Tile::Solid);
        QCOMPARE(w->document()->level().findSpawn(4)->y, 13);
        QCOMPARE(history(), QStringLiteral("Move 6 tiles and 1 spawn"));
        QCOMPARE(undoText(), QStringLiteral("Undo Move 6 tiles and 1 spawn"));
        // Undo puts the selection back where the tiles are again.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->scene()->tileSelection(), QRect(13, 14, 6, 3));
        QCOMPARE(w->action(QStringLiteral("actionRedo"))->text().remove(QLatin1Char('&')),
                 QStringLiteral("Redo Move 6 tiles and 1 spawn"));

        // Edit > Level Properties: a new name and gravity.
        QTimer::singleShot(0, [] {
            auto* d = qobject_cast<LevelPropertiesDialog*>(QApplication::activeModalWidget());
            QVERIFY(d);
            d->nameEdit()->selectAll();
            QTest::keyClicks(d->nameEdit(), QStringLiteral("Cave"));
            d->gravityBox()->setValue(900);
            d->accept();
        });
        w->action(QStringLiteral("actionLevelProperties"))->trigger();
        QCOMPARE(w->document()->level().name, std::string("Cave"));
        QCOMPARE(history(), QStringLiteral("Level Properties: name, gravity"));
        QCOMPARE(undoText(), QStringLiteral("Undo Level Properties: name, gravity"));
    }

    void historyNamesThePropertyFieldsAnEditChanged() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        QDoubleSpinBox* mass = typeBoxMass(w.get(), QStringLiteral("7"));
        QVERIFY2(mass, "the box's Mass field did not take the keyboard");
        QTest::keyClick(mass, Qt::Key_Return);
        QCOMPARE(w->document()->level().findSpawn(4)->mass, 7.0f);
        QCOMPARE(history(w.get()), QStringLiteral("Box: mass 2 \u2192 7"));
        QCOMPARE(undoText(w.get()), QStringLiteral("Undo Box: mass 2 \u2192 7"));
        // Two steps up (0.5 each) merge into the same History step, which follows.
        QTest::keyClick(mass, Qt::Key_Up);
        QTest::keyClick(mass, Qt::Key_Up);
        QCOMPARE(w->document()->undoStack()->count(), 1);
        QCOMPARE(history(w.get()), QStringLiteral("Box: mass 2 \u2192 8"));

        // A new kind.
        QComboBox* kind = w->findChild<ts::editor::PropertiesDock*>()->kindBox();
        kind->setCurrentIndex(kind->findData(int(ts::level::SpawnKind::Ball)));
        QCOMPARE(w->document()->level().findSpawn(4)->kind, ts::level::SpawnKind::Ball);
        QCOMPARE(history(w.get()), QStringLiteral("Box: kind Box \u2192 Ball"));

        // One edit of several fields lists each of them.
        ts::level::Spawn s = *w->document()->level().findSpawn(2); // the NPC at (9, 16)
        s.x = 10;
        s.restitution = 0.5f;
        s.properties["speech"] = std::string("hi");
        w->document()->changeSpawn(s);
        QCOMPARE(history(w.get()),
                 QStringLiteral("NPC: x 9 \u2192 10, restitution 0 \u2192 0.5, custom properties"));
    }

    void pasteHistoryCountsWhatChanged() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        const ts::level::Level& level = w->document()->level();
        const auto paste = [&w](QPoint at) {
            QTest::mouseMove(viewport(w.get()), tilePoint(w.get(), at));
            QTest::keyClick(viewport(w.get()), Qt::Key_V, Qt::ControlModifier);
            QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), at));
        };
        // A 4 x 4 clipboard holding the 3 x 2 block of solid at (13, 15).
        selectTiles(w.get(), {12, 13}, {15, 16});
        QTest::keyClick(viewport(w.get()), Qt::Key_C, Qt::ControlModifier);
        // Pasted one tile right of it: its 6 tiles land on (15..17, 15..16), where
        // the 2 at x = 15 are solid already; the box at (17, 16) moves out.
        paste({14, 13});
        QCOMPARE(level.tile(17, 15), ts::Tile::Solid);
        QCOMPARE(history(w.get()), QStringLiteral("Paste 4 tiles"));
        QCOMPARE(undoText(w.get()), QStringLiteral("Undo Paste 4 tiles"));
        // The status bar counts the same way.
        QCOMPARE(w->statusBar()->currentMessage(),
                 QStringLiteral("Pasted 4 tiles; 1 spawn moved off solid tiles."));
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(level.tile(17, 15), ts::Tile::Empty);

        // 4 tiles and the box, pasted half into the solid column at x = 27..35.
        QTest::keyClick(viewport(w.get()), Qt::Key_Escape); // selects nothing
        selectTiles(w.get(), {14, 13}, {17, 16});
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{4});
        QTest::keyClick(viewport(w.get()), Qt::Key_C, Qt::ControlModifier);
        paste({35, 2});
        QCOMPARE(level.tile(36, 4), ts::Tile::Solid);
        QCOMPARE(level.spawns.size(), size_t(8));
        QCOMPARE(history(w.get()), QStringLiteral("Paste 2 tiles and 1 spawn"));
        QCOMPARE(w->statusBar()->currentMessage(), QStringLiteral("Pasted 2 tiles and 1 spawn."));
    }

    void undoingAPasteTakesItsSelectionAndMessage() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        LevelScene* scene = w->scene();
        // Copy the 3 x 2 block of solid at (13, 15), paste it in the air at (5, 3).
        const QRect source(13, 15, 3, 2);
        selectTiles(w.get(), source.topLeft(), source.bottomRight());
        QCOMPARE(scene->tileSelection(), source);
        QTest::keyClick(viewport(w.get()), Qt::Key_C, Qt::ControlModifier);
        const QRect pasted(5, 3, 3, 2);
        QTest::mouseMove(viewport(w.get()), tilePoint(w.get(), pasted.topLeft()));
        QTest::keyClick(viewport(w.get()), Qt::Key_V, Qt::ControlModifier);
        QVERIFY(scene->hasFloating());
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {},
                          tilePoint(w.get(), pasted.topLeft()));
        QVERIFY(!scene->hasFloating());
        QCOMPARE(w->document()->level().tile(5, 3), ts::Tile::Solid);
        QCOMPARE(scene->tileSelection(), pasted);
        QCOMPARE(selectionOutline(w.get()), scene->tileRectToScene(pasted));
        QCOMPARE(w->statusBar()->currentMessage(), QStringLiteral("Pasted 6 tiles."));

        // Ctrl+Z: the tiles go, and with them their outline and the message.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->document()->level().tile(5, 3), ts::Tile::Empty);
        QVERIFY(!scene->tileSelection().intersects(pasted));
        QVERIFY(!selectionOutline(w.get()).intersects(scene->tileRectToScene(pasted)));
        // The selection is the one the paste replaced (the copied block, still there).
        QCOMPARE(scene->tileSelection(), source);
        const QString shown = w->statusBar()->currentMessage();
        QVERIFY2(!shown.contains(QStringLiteral("Pasted")), qPrintable(shown));
        QCOMPARE(shown, w->tools()->currentTool()->statusHint());

        // Redo pastes and selects it again.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w->document()->level().tile(5, 3), ts::Tile::Solid);
        QCOMPARE(scene->tileSelection(), pasted);
        QCOMPARE(selectionOutline(w.get()), scene->tileRectToScene(pasted));
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(scene->tileSelection(), source);

        // A pasted spawn: undo leaves nothing selected that is gone.
        clickSpawn(w.get(), 6); // the box on the upper platform
        QTest::keyClick(viewport(w.get()), Qt::Key_C, Qt::ControlModifier);
        QTest::mouseMove(viewport(w.get()), tilePoint(w.get(), QPoint(20, 5)));
        QTest::keyClick(viewport(w.get()), Qt::Key_V, Qt::ControlModifier);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {20, 5}));
        const QList<int> pastedSpawns = scene->selectedSpawnIds();
        QCOMPARE(pastedSpawns.size(), 1);
        QVERIFY(pastedSpawns.first() != 6);
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(!w->document()->level().findSpawn(pastedSpawns.first()));
        QCOMPARE(scene->selectedSpawnIds(), QList<int>{6});
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(scene->selectedSpawnIds(), pastedSpawns);
    }

    void undoingADeleteSelectsWhatItBroughtBack() {
        const QString level =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("tutorial.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, level);
        QVERIFY(w);
        QWidget* vp = viewport(w.get());
        LevelScene* scene = w->scene();
        const auto exists = [&](int id) { return w->document()->level().findSpawn(id) != nullptr; };
        deleteBoxFourAndUndo(w.get(), Qt::Key_Delete);
        if (QTest::currentTestFailed())
            return;

        // A block of tiles and spawns deleted with the select tool: undo selects the
        // block and its spawns again, as they were.
        selectTiles(w.get(), {14, 15}, {19, 17});
        const EditSelection block = scene->selection();
        QCOMPARE(block.tiles, QRect(QPoint(14, 15), QPoint(19, 17)));
        QCOMPARE(block.spawns, QList<int>{4});
        QTest::keyClick(vp, Qt::Key_Delete);
        QVERIFY(!exists(4));
        QCOMPARE(w->document()->level().tile(15, 17), ts::Tile::Empty);
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(exists(4));
        QCOMPARE(w->document()->level().tile(15, 17), ts::Tile::Solid);
        QCOMPARE(scene->selection(), block); // was the block without the box
        // The player stays (a level needs one), and stays selected.
        selectTiles(w.get(), {1, 15}, {4, 17});
        QCOMPARE(scene->selectedSpawnIds(), QList<int>{1});
        QTest::keyClick(vp, Qt::Key_Delete);
        QVERIFY(exists(1));
        QCOMPARE(scene->selectedSpawnIds(), QList<int>{1});
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(scene->selectedSpawnIds(), QList<int>{1});
        w->document()->undoStack()->setClean();
    }

    void backspaceWithTheSpawnToolIsTheDelete() {
        // Backspace is Del's other key: the same step, which undo selects again.
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        deleteBoxFourAndUndo(w.get(), Qt::Key_Backspace);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w->document()->undoStack()->text(w->document()->undoStack()->index()),
                 QStringLiteral("Delete 1 spawn")); // one step, named as Del's
        w->document()->undoStack()->setClean();
    }

    void cutAndDeleteSayWhatTheyRemoved() {
        const QString level =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("tutorial.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, level);
        QVERIFY(w);
        QWidget* vp = viewport(w.get());
        const auto status = [&] { return w->statusBar()->currentMessage(); };
        const QRect block(QPoint(14, 15), QPoint(19, 17));
        int solid = 0;
        for (int y = block.top(); y <= block.bottom(); ++y)
            for (int x = block.left(); x <= block.right(); ++x)
                solid += w->document()->level().tile(x, y) != ts::Tile::Empty;
        QVERIFY(solid > 1);
        // Delete and Cut, by keys in the viewport, say what they removed as Paste
        // does ("Pasted 4 tiles and 1 spawn."), in the History's words.
        QUndoStack* stack = w->document()->undoStack();
        selectTiles(w.get(), block.topLeft(), block.bottomRight());
        QTest::keyClick(vp, Qt::Key_Delete);
        QCOMPARE(status(), QStringLiteral("Deleted %1 tiles and 1 spawn.").arg(solid));
        QCOMPARE(stack->text(stack->index() - 1),
                 QStringLiteral("Delete %1 tiles and 1 spawn").arg(solid));
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY2(!status().startsWith(QStringLiteral("Deleted")), qPrintable(status()));
        QTest::keyClick(vp, Qt::Key_X, Qt::ControlModifier);
        QCOMPARE(status(), QStringLiteral("Cut %1 tiles and 1 spawn.").arg(solid));
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        // The spawn tool's Backspace is the same Delete; with the player among what
        // goes, the player stays and the message says why, after what was removed.
        QTest::keyClick(vp, Qt::Key_P);
        QTest::keyClick(vp, Qt::Key_Escape); // the undone Cut's block selected no more
        QTest::mouseClick(vp, Qt::LeftButton, {}, at(w.get(), {17, 16}));
        QTest::keyClick(vp, Qt::Key_Backspace);
        QCOMPARE(status(), QStringLiteral("Deleted 1 spawn."));
        QTest::keyClick(vp, Qt::Key_Z, Qt::ControlModifier);
        const ts::level::Spawn* player = w->document()->level().player();
        QVERIFY(player);
        QTest::mouseClick(vp, Qt::LeftButton, Qt::ControlModifier,
                          at(w.get(), {player->x, player->y}));
        QList<int> both = w->scene()->selectedSpawnIds();
        std::sort(both.begin(), both.end());
        QCOMPARE(both, (QList<int>{player->id, 4}));
        QTest::keyClick(vp, Qt::Key_Delete);
        QVERIFY2(status().startsWith(QStringLiteral("Deleted 1 spawn. The player was not deleted")),
                 qPrintable(status()));
        w->document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestUndoHistory)
#include "test_undohistory.moc"
