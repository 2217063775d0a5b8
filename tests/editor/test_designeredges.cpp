// Rough edges a level designer met in an hour with the editor, each driven
// through the main window's viewport with real key and mouse events:
// - a level opened after another starts with nothing selected (Del removed a
//   spawn of the new level that only looked selected);
// - Save says in the status bar that it saved;
// - the properties dock's number fields let the tool keys through;
// - Save As proposes the level's name for a new level;
// - the properties dock's "stays at" message goes with the next edit or selection;
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
