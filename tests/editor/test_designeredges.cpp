// Rough edges a level designer met in an hour with the editor, each driven
// through the main window's viewport with real key and mouse events:
// - a level opened after another starts with nothing selected (Del removed a
//   spawn of the new level that only looked selected);
// - Save says in the status bar that it saved;
// - Save As proposes the level's name for a new level.
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
};

QTEST_MAIN(TestDesignerEdges)
#include "test_designeredges.moc"
