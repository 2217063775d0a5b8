// Saving and naming a level through the main window and its dialogs, with real key
// and mouse events:
// - Save says in the status bar that it saved, and where; Save As the new name;
// - Save As proposes a new level's name as its file name (what a file name cannot
//   hold replaced), and File > Export TMX the same;
// - a new level's title names it as Save will ("Cave.yaml (not saved)"), also
//   after Level Properties renames it, until it is saved;
// - Save As (Qt's own file dialog) selects the base name, so typing keeps the
//   extension;
// - New Level and Level Properties open with the keyboard in the name and the name
//   selected, so typing replaces it.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/newleveldialog.h"
#include "widgets/levelpropertiesdialog.h"

#include <QApplication>
#include <QFileDialog>
#include <QScopeGuard>

class TestSaveNaming : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

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

    void newLevelsTitleNamesItAsSaveWill() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        // What the window manager shows (Qt puts the modified marker in).
        const auto title = [&w] { return w->windowHandle()->title(); };
        QCOMPARE(title(), QStringLiteral("untitled.yaml (not saved) \u2014 Tilesmith"));
        NewLevelDialog::Settings cave;
        cave.name = QStringLiteral("Cave");
        prompts->newSettings = cave;
        QTest::keyClick(viewport(w.get()), Qt::Key_N, Qt::ControlModifier);
        QCOMPARE(QString::fromStdString(w->document()->level().name), QStringLiteral("Cave"));
        QCOMPARE(title(), QStringLiteral("Cave.yaml (not saved) \u2014 Tilesmith"));
        // An edit marks it modified.
        QTest::keyClick(viewport(w.get()), Qt::Key_B);
        const QPointF c = w->scene()->tileCenter({3, 3});
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, w->view()->mapFromScene(c));
        QVERIFY(w->document()->isModified());
        QCOMPARE(title(), QStringLiteral("Cave.yaml (not saved)* \u2014 Tilesmith"));
        // Level Properties renames it: the title follows, and so does the name Save proposes.
        QTimer::singleShot(0, [] {
            auto* d = qobject_cast<LevelPropertiesDialog*>(QApplication::activeModalWidget());
            QVERIFY(d);
            d->nameEdit()->setFocus();
            d->nameEdit()->selectAll();
            QTest::keyClicks(d->nameEdit(), QStringLiteral("Ice Cave"));
            QTest::keyClick(d, Qt::Key_Return);
        });
        w->action(QStringLiteral("actionLevelProperties"))->trigger();
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        QCOMPARE(title(), QStringLiteral("Ice Cave.yaml (not saved)* \u2014 Tilesmith"));
        // The unsaved-changes prompt names it the same way.
        prompts->answers << QMessageBox::Cancel;
        QVERIFY(!w->close());
        QCOMPARE(prompts->asked.size(), 1);
        QVERIFY2(prompts->asked.first().text.contains(QStringLiteral("\"Ice Cave.yaml\"")),
                 qPrintable(prompts->asked.first().text));
        // Saved: its file names it.
        prompts->savePath = work(QStringLiteral("ice.yaml"));
        QTest::keyClick(viewport(w.get()), Qt::Key_S, Qt::ControlModifier);
        QCOMPARE(QFileInfo(prompts->saveSuggestions.value(0)).fileName(),
                 QStringLiteral("Ice Cave.yaml"));
        QCOMPARE(title(), QStringLiteral("ice.yaml \u2014 Tilesmith"));
    }

    void saveAsSelectsTheBaseName() {
        const QString cave =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("Cave.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, cave);
        QVERIFY(w);
        prompts->realSaveDialog = true;
        QString selected, typed;
        QTimer::singleShot(0, [&selected, &typed] {
            auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(d);
            const auto closeOnFailure = qScopeGuard([d] {
                if (d->isVisible())
                    d->reject();
            });
            QVERIFY(QTest::qWaitForWindowActive(d));
            QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
            auto* name = qobject_cast<QLineEdit*>(QApplication::focusWidget());
            QCoreApplication::processEvents();
            selected = name->selectedText();
            QTest::keyClicks(name, QStringLiteral("Ice"));
            typed = name->text();
            QTest::keyClick(name, Qt::Key_Return);
        });
        QTest::keyClick(viewport(w.get()), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(selected, QStringLiteral("Cave"));  // was "Cave.yaml"
        QCOMPARE(typed, QStringLiteral("Ice.yaml")); // was "Ice"
        QCOMPARE(w->document()->filePath(), work(QStringLiteral("Ice.yaml")));
        QVERIFY(QFile::exists(work(QStringLiteral("Ice.yaml"))));
    }

    void typingInANameDialogReplacesTheName() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        prompts->realNewLevelDialog = true;
        // Types `text` where the open dialog has the keyboard, then Return.
        const auto typeInDialog = [](const QString& text) {
            QTimer::singleShot(0, [text] {
                QWidget* d = QApplication::activeModalWidget();
                QVERIFY(d);
                QVERIFY(QTest::qWaitForWindowActive(d));
                QTRY_VERIFY(d->isAncestorOf(QApplication::focusWidget()));
                QWidget* focus = QApplication::focusWidget();
                const auto closeOnFailure = qScopeGuard([d] {
                    if (auto* dialog = qobject_cast<QDialog*>(d); dialog && dialog->isVisible())
                        dialog->reject();
                });
                QVERIFY2(qobject_cast<QLineEdit*>(focus),
                         qPrintable(d->windowTitle() + QStringLiteral(": ") +
                                    (focus ? focus->metaObject()->className() : "none")));
                QTest::keyClicks(focus, text);
                QTest::keyClick(focus, Qt::Key_Return);
            });
        };
        typeInDialog(QStringLiteral("Cave"));
        QTest::keyClick(viewport(w.get()), Qt::Key_N, Qt::ControlModifier);
        QCOMPARE(QString::fromStdString(w->document()->level().name), QStringLiteral("Cave"));
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        typeInDialog(QStringLiteral("Ice"));
        w->action(QStringLiteral("actionLevelProperties"))->trigger();
        QCOMPARE(QString::fromStdString(w->document()->level().name), QStringLiteral("Ice"));
    }
};

QTEST_MAIN(TestSaveNaming)
#include "test_savenaming.moc"
