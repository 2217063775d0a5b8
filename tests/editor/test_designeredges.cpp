// Rough edges a level designer met in an hour with the editor, each driven
// through the main window's viewport with real key and mouse events:
// - a level opened after another starts with nothing selected (Del removed a
//   spawn of the new level that only looked selected).
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
};

QTEST_MAIN(TestDesignerEdges)
#include "test_designeredges.moc"
