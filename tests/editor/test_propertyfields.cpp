// The Properties dock's fields and the keyboard, through the main window's viewport
// with real key and mouse events:
// - its number fields let the tool keys through (the tool changes, the value stays);
// - Esc in a field drops what was typed and gives the keyboard back to the map;
// - the "stays at" message of a refused value goes with the next edit or selection;
// - Alt+E opens the Edit menu every time while a body's fields show (no field of
//   the dock takes the key in turn).
#include "mainwindow_testutil.h"
#include "widgets/propertiesdock.h"

#include <QApplication>
#include <QMenuBar>

class TestPropertyFields : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

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

    void refusedFieldMessageGoesWithTheNextEditOrSelection() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        PropertiesDock* dock = w->findChild<ts::editor::PropertiesDock*>();
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

    void altEOpensTheEditMenuWithABodySelected() {
        const QString level =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("tutorial.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, level);
        QVERIFY(w);
        QWidget* vp = viewport(w.get());
        // Box 4 selected with the spawn tool: the Properties dock shows its fields.
        QTest::keyClick(vp, Qt::Key_P);
        QTest::mouseClick(vp, Qt::LeftButton, {}, at(w.get(), {17, 16}));
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{4});
        QMenu* edit = nullptr;
        for (QAction* a : w->menuBar()->actions())
            if (a->menu() && a->text() == QStringLiteral("&Edit"))
                edit = a->menu();
        QVERIFY(edit);
        // Qt takes turns between the widgets that share an Alt key: each of four
        // presses opens the menu, none puts the keyboard in a field of the dock.
        for (int press = 1; press <= 4; ++press) {
            w->view()->setFocus();
            QTest::keyClick(vp, Qt::Key_E, Qt::AltModifier);
            const QWidget* focus = QApplication::focusWidget();
            QVERIFY2(!w->findChild<ts::editor::PropertiesDock*>()->isAncestorOf(focus),
                     qPrintable(QStringLiteral("press %1: the keyboard went to %2 in the "
                                               "Properties dock")
                                    .arg(press)
                                    .arg(focus ? focus->metaObject()->className() : "")));
            QTRY_COMPARE(QApplication::activePopupWidget(), static_cast<QWidget*>(edit));
            QTest::keyClick(edit, Qt::Key_Escape);
            QTRY_VERIFY(!edit->isVisible());
        }
    }
};

QTEST_MAIN(TestPropertyFields)
#include "test_propertyfields.moc"
