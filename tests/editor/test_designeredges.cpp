// Rough edges a level designer met in an hour with the editor, each driven
// through the main window's viewport with real key and mouse events:
// - a level opened after another starts with nothing selected (Del removed a
//   spawn of the new level that only looked selected);
// - Save says in the status bar that it saved;
// - the properties dock's number fields let the tool keys through;
// - Save As proposes the level's name for a new level;
// - undoing a paste leaves no selection on what it took away, nor the status
//   bar saying it pasted; redo selects it again;
// - the properties dock's "stays at" message goes with the next edit or selection;
// - History and Edit > Undo say what Delete, a moved selection and Level
//   Properties did, as they do for painting; a property edit names its fields
//   and values, a paste counts the tiles and spawns it changed;
// - Esc in a properties dock field drops what was typed and gives the keyboard
//   back to the map.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/newleveldialog.h"
#include "tilesmith/editor/spawnitem.h"
#include "widgets/levelpropertiesdialog.h"
#include "widgets/uitext.h"

#include <QApplication>
#include <QComboBox>
#include <QGraphicsRectItem>
#include <QScrollBar>
#include <QUndoView>

class TestDesignerEdges : public MainWindowTest {
    Q_OBJECT

    /// The newest step as History lists it (row 0 is "<opened>").
    static QString history(MainWindow* w) {
        return w->undoView()
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

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void openedLevelStartsWithNothingSelected() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const QString b = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("b.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        clickSpawn(w.get(), 4); // the box
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{4});

        prompts->openPath = b;
        QTest::keyClick(viewport(w.get()), Qt::Key_O, Qt::ControlModifier);
        QCOMPARE(w->document()->filePath(), b);
        // b's box has the id the selection had in a: it is not selected, not drawn
        // selected, and the properties dock (which lists nothing) agrees.
        QVERIFY(w->scene()->selectedSpawnIds().isEmpty());
        QVERIFY(!w->scene()->spawnItem(4)->isSelected());
        const std::size_t spawns = w->document()->level().spawns.size();
        QTest::keyClick(viewport(w.get()), Qt::Key_Delete);
        QCOMPARE(w->document()->level().spawns.size(), spawns);
        QVERIFY(w->document()->level().findSpawn(4));
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QVERIFY(!w->document()->isModified());

        // The same after New.
        clickSpawn(w.get(), 1); // the player, id 1 in the new level too
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{1});
        prompts->newSettings = NewLevelDialog::Settings{};
        QTest::keyClick(viewport(w.get()), Qt::Key_N, Qt::ControlModifier);
        QVERIFY(w->document()->filePath().isEmpty());
        QVERIFY(w->scene()->selectedSpawnIds().isEmpty());
    }

    void saveSaysSoInTheStatusBar() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        QTest::keyClick(viewport(w.get()), Qt::Key_B);
        const QPointF c = w->scene()->tileCenter(QPoint(2, 2));
        w->view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, w->view()->mapFromScene(c));
        QVERIFY(w->document()->isModified());
        const QString hint = w->statusBar()->currentMessage();

        QTest::keyClick(viewport(w.get()), Qt::Key_S, Qt::ControlModifier);
        QVERIFY(!w->document()->isModified());
        const QString shown = w->statusBar()->currentMessage();
        QVERIFY2(shown != hint, qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("Saved")), qPrintable(shown));
        QVERIFY2(shown.contains(QDir::toNativeSeparators(a)), qPrintable(shown));
        // Save As to a new name says the new name.
        prompts->savePath = work(QStringLiteral("c.yaml"));
        QTest::keyClick(viewport(w.get()), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(QFile::exists(work(QStringLiteral("c.yaml"))));
        QVERIFY(w->statusBar()->currentMessage().contains(
            QDir::toNativeSeparators(work(QStringLiteral("c.yaml")))));
    }

    void propertyFieldsLetToolKeysThrough() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        clickSpawn(w.get(), 4); // the box: the dock shows its fields
        QDoubleSpinBox* mass = nullptr;
        for (QDoubleSpinBox* box :
             w->findChildren<PropertiesDock*>().value(0)->findChildren<QDoubleSpinBox*>())
            if (box->toolTip().contains(QStringLiteral("immovable")))
                mass = box;
        QVERIFY(mass && mass->isVisible());
        // Type a mass, as a designer does: click the field, type, Enter.
        QTest::mouseClick(mass->findChild<QLineEdit*>(), Qt::LeftButton);
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(mass));
        mass->selectAll();
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("3"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(w->document()->level().findSpawn(4)->mass, 3.0f);

        // Then the key of a tool: it picks the tool, the field's value stays.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_S);
        QCOMPARE(w->tools()->currentTool()->name(), QStringLiteral("Select"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_E);
        QCOMPARE(w->tools()->currentTool()->name(), QStringLiteral("Eraser"));
        QCOMPARE(mass->value(), 3.0);
        QCOMPARE(w->document()->level().findSpawn(4)->mass, 3.0f);
    }

    void saveAsProposesTheLevelsName_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("file");
        QTest::addRow("plain") << "Cave"
                               << "Cave.yaml";
        QTest::addRow("slash and colon") << "World 1/2: Ice"
                                         << "World 1_2_ Ice.yaml";
        QTest::addRow("leading dot") << ".hidden"
                                     << "hidden.yaml";
        QTest::addRow("default name") << "Untitled"
                                      << "untitled.yaml";
        QTest::addRow("only a slash") << "/"
                                      << "_.yaml";
    }

    void saveAsProposesTheLevelsName() {
        QFETCH(QString, name);
        QFETCH(QString, file);
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        NewLevelDialog::Settings s;
        s.name = name;
        prompts->newSettings = s;
        QTest::keyClick(viewport(w.get()), Qt::Key_N, Qt::ControlModifier);
        QCOMPARE(QString::fromStdString(w->document()->level().name), name);

        QTest::keyClick(viewport(w.get()), Qt::Key_S, Qt::ControlModifier); // untitled: Save As
        QCOMPARE(prompts->saveSuggestions.size(), 1);
        QCOMPARE(QFileInfo(prompts->saveSuggestions.first()).fileName(), file);
        // File > Export TMX (no key) proposes the same name.
        w->action(QStringLiteral("actionExportTmx"))->trigger();
        QCOMPARE(prompts->saveSuggestions.size(), 2);
        QCOMPARE(QFileInfo(prompts->saveSuggestions.last()).completeBaseName(),
                 QFileInfo(file).completeBaseName());
        QCOMPARE(QFileInfo(prompts->saveSuggestions.last()).suffix(), QStringLiteral("tmx"));
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

    void refusedFieldMessageGoesWithTheNextEditOrSelection() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        PropertiesDock* dock = w->propertiesDock();
        // Types `text` into `field` and presses Enter, as a designer does.
        const auto type = [](QAbstractSpinBox* field, const QString& text) {
            QTest::mouseClick(field->findChild<QLineEdit*>(), Qt::LeftButton);
            QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(field));
            field->selectAll();
            QTest::keyClicks(field, text);
            QTest::keyClick(field, Qt::Key_Return);
        };
        const auto refused = [&w] {
            return w->statusBar()->currentMessage().contains(QStringLiteral("stays at"));
        };
        clickSpawn(w.get(), 4); // the box, at (17, 16); x = 0 is the left wall
        const QString hint = w->tools()->currentTool()->statusHint();
        type(dock->xBox(), QStringLiteral("0"));
        QCOMPARE(w->document()->level().findSpawn(4)->x, 17);
        QVERIFY2(refused(), qPrintable(w->statusBar()->currentMessage()));

        // The next edit (a mass, in the same dock): the message goes.
        type(dock->massBox(), QStringLiteral("3"));
        QCOMPARE(w->document()->level().findSpawn(4)->mass, 3.0f);
        QCOMPARE(w->statusBar()->currentMessage(), hint);

        // Refused again, then another spawn is selected: it goes too.
        type(dock->xBox(), QStringLiteral("0"));
        QVERIFY2(refused(), qPrintable(w->statusBar()->currentMessage()));
        clickSpawn(w.get(), 2); // the NPC
        QCOMPARE(dock->currentSpawnId(), 2);
        QCOMPARE(w->statusBar()->currentMessage(), w->tools()->currentTool()->statusHint());

        // Refused, then Edit > Undo (of the mass): it goes.
        type(dock->xBox(), QStringLiteral("0"));
        QVERIFY2(refused(), qPrintable(w->statusBar()->currentMessage()));
        w->action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(w->document()->level().findSpawn(4)->mass, 2.0f);
        QCOMPARE(w->statusBar()->currentMessage(), w->tools()->currentTool()->statusHint());
    }

    void historySaysWhatDeleteMoveAndLevelPropertiesDid() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        const auto history = [&w] { return TestDesignerEdges::history(w.get()); };
        const auto undoText = [&w] { return TestDesignerEdges::undoText(w.get()); };
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
        QComboBox* kind = w->propertiesDock()->kindBox();
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

    void escapeInAPropertyFieldRevertsAndGoesBackToTheMap() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        QDoubleSpinBox* mass = typeBoxMass(w.get(), QStringLiteral("7"));
        QVERIFY2(mass, "the box's Mass field did not take the keyboard");
        QVERIFY(mass->text().startsWith(QLatin1Char('7')));
        QTest::keyClick(mass, Qt::Key_Escape);
        // The typing is gone, nothing was edited, and the map has the keyboard.
        QCOMPARE(mass->value(), 2.0);
        QCOMPARE(mass->text(), mass->textFromValue(2.0) + mass->suffix());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(w->view()));
        QCOMPARE(w->document()->level().findSpawn(4)->mass, 2.0f);
        QCOMPARE(w->document()->undoStack()->count(), 0);
        // The map has the keys: Esc there selects nothing.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QVERIFY(w->scene()->selectedSpawnIds().isEmpty());
    }
};

QTEST_MAIN(TestDesignerEdges)
#include "test_designeredges.moc"
