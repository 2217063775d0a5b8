// The Spawns dock (View > Docks > Spawns) through real mouse and key events on the
// tutorial: every spawn with its id, kind and tile; the kind box and the text field
// filter the rows; a click on a row selects the spawn on the map and centres the view
// on it; the map's selection selects the rows; adds, moves, deletes and undo update
// them; the arrows, Enter and Delete in the table.
#include "mainwindow_testutil.h"
#include "widgets/spawnsdock.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QTableView>

using ts::editor::SpawnsDock;
using ts::level::SpawnKind;

class TestSpawnsDock : public MainWindowTest {
    Q_OBJECT

    /// The tutorial in a window, the Spawns dock in front, zoomed in on the top-left
    /// corner (so centring on a spawn scrolls).
    std::unique_ptr<MainWindow> openTutorial(SpawnsDock** dock) {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        if (!w)
            return nullptr;
        *dock = w->findChild<SpawnsDock*>();
        if (!*dock)
            return nullptr;
        (*dock)->show();
        (*dock)->raise();
        w->view()->setZoom(4.0);
        w->view()->centerOn(w->scene()->mapRect().topLeft());
        return w;
    }
    static QPoint rowPoint(SpawnsDock* dock, int id, int column = 0) {
        QTableView* t = dock->table();
        const int row = dock->shownIds().indexOf(id);
        return t->visualRect(t->model()->index(row, column)).center();
    }
    static void clickRow(SpawnsDock* dock, int id) {
        QTest::mouseClick(dock->table()->viewport(), Qt::LeftButton, {}, rowPoint(dock, id));
    }
    static QString cell(SpawnsDock* dock, int id, int column) {
        const QAbstractItemModel* m = dock->table()->model();
        return m->index(dock->shownIds().indexOf(id), column).data().toString();
    }
    static QList<int> selectedRows(SpawnsDock* dock) {
        QList<int> ids;
        for (const QModelIndex& i : dock->table()->selectionModel()->selectedRows())
            ids << i.data(ts::editor::SpawnsModel::IdRole).toInt();
        std::sort(ids.begin(), ids.end());
        return ids;
    }
    /// How far the view's centre is from spawn `id`'s glyph, in scene pixels.
    static qreal offCentre(MainWindow* w, int id) {
        const QPointF centre = w->view()->mapToScene(w->view()->viewport()->rect().center());
        return QLineF(centre, w->scene()->spawnItem(id)->sceneBoundingRect().center()).length();
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void listsEverySpawnTabbedWithTheProblems() {
        SpawnsDock* dock = nullptr;
        auto w = openTutorial(&dock);
        QVERIFY(w);
        QCOMPARE(w->dockWidgetArea(dock), Qt::RightDockWidgetArea);
        auto* problems = w->findChild<QDockWidget*>(QStringLiteral("ProblemsDock"));
        QVERIFY(problems);
        QVERIFY(w->tabifiedDockWidgets(problems).contains(dock));
        // In View > Docks like the others.
        bool inMenu = false;
        for (QMenu* menu : w->findChildren<QMenu*>())
            inMenu = inMenu || menu->actions().contains(dock->toggleViewAction());
        QVERIFY(inMenu);
        QCOMPARE(dock->shownIds(), (QList<int>{1, 2, 3, 4, 5, 6, 7}));
        QCOMPARE(cell(dock, 4, 1), QStringLiteral("Box"));
        QCOMPARE(cell(dock, 4, 2), QStringLiteral("17, 16"));
        QCOMPARE(cell(dock, 2, 1), QStringLiteral("NPC"));
        // A click on the Tile header sorts by row, then column: the box on row 3 first.
        QHeaderView* header = dock->table()->horizontalHeader();
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                          QPoint(header->sectionViewportPosition(2) + 5, header->height() / 2));
        QCOMPARE(dock->shownIds().mid(0, 2), (QList<int>{6, 7}));
    }

    void aLayoutSavedBeforeTheDockShowsIt() {
        // A layout saved by a version without the Spawns dock (layout version 1).
        {
            ScriptedPrompts* prompts = nullptr;
            auto w = makeWindow(&prompts);
            delete w->findChild<SpawnsDock*>();
            QSettings s(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"));
            s.setValue(QStringLiteral("window/state"), w->saveState(1));
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = restart(&prompts);
        QVERIFY(w);
        auto* dock = w->findChild<SpawnsDock*>();
        QVERIFY(!dock->isHidden());
        QVERIFY(w->tabifiedDockWidgets(dock).contains(
            w->findChild<QDockWidget*>(QStringLiteral("ProblemsDock"))));
        // The layout saved now is restored as it was.
        dock->close();
        w->saveWindowState();
        w.reset();
        w = restart(&prompts);
        QVERIFY(w);
        QVERIFY(w->findChild<SpawnsDock*>()->isHidden());
    }

    void kindAndTextFilterTheRows() {
        SpawnsDock* dock = nullptr;
        auto w = openTutorial(&dock);
        QVERIFY(w);
        // All kinds, Player, NPC, Box: three steps down.
        dock->kindBox()->setFocus();
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(dock->kindBox(), Qt::Key_Down);
        QCOMPARE(dock->kindBox()->currentText(), QStringLiteral("Box"));
        QCOMPARE(dock->shownIds(), (QList<int>{4, 6}));
        QTest::keyClicks(dock->filterField(), QStringLiteral("#6"));
        QCOMPARE(dock->shownIds(), (QList<int>{6}));
        // The text alone: a tile, or the kind's word.
        dock->kindBox()->setFocus();
        QTest::keyClick(dock->kindBox(), Qt::Key_Home);
        dock->filterField()->clear();
        QTest::keyClicks(dock->filterField(), QStringLiteral("npc"));
        QCOMPARE(dock->shownIds(), (QList<int>{2, 3}));
        dock->filterField()->clear();
        QTest::keyClicks(dock->filterField(), QStringLiteral("45, 16"));
        QCOMPARE(dock->shownIds(), (QList<int>{3}));
        // Filtering does not change the map's selection.
        clickSpawn(w.get(), 4);
        QTest::keyClicks(dock->filterField(), QStringLiteral("x"));
        QCOMPARE(w->scene()->selectedSpawnIds(), (QList<int>{4}));
    }

    void clickSelectsOnTheMapAndCentres() {
        SpawnsDock* dock = nullptr;
        auto w = openTutorial(&dock);
        QVERIFY(w);
        QVERIFY(offCentre(w.get(), 5) > 100);
        clickRow(dock, 5);
        QCOMPARE(w->scene()->selectedSpawnIds(), (QList<int>{5}));
        QVERIFY2(offCentre(w.get(), 5) < 2, qPrintable(QString::number(offCentre(w.get(), 5))));
        // The Properties dock follows the map's selection.
        QCOMPARE(w->scene()->tileSelection(), QRect());
    }

    void theMapsSelectionSelectsTheRows() {
        SpawnsDock* dock = nullptr;
        auto w = openTutorial(&dock);
        QVERIFY(w);
        clickSpawn(w.get(), 4);
        QCOMPARE(selectedRows(dock), (QList<int>{4}));
        // A rectangle with the Select tool over the player and the first NPC (row 16).
        selectTiles(w.get(), {2, 15}, {10, 16});
        QCOMPARE(selectedRows(dock), (QList<int>{1, 2}));
        QTest::keyClick(viewport(w.get()), Qt::Key_Escape);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {20, 5}));
        QCOMPARE(selectedRows(dock), QList<int>{});
    }

    void editsAndUndoUpdateTheRows() {
        SpawnsDock* dock = nullptr;
        auto w = openTutorial(&dock);
        QVERIFY(w);
        // A goal placed with the Spawn tool.
        QTest::keyClick(viewport(w.get()), Qt::Key_P);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {20, 5}));
        QCOMPARE(dock->shownIds().size(), 8);
        const int added = dock->shownIds().last();
        QCOMPARE(cell(dock, added, 2), QStringLiteral("20, 5"));
        QCOMPARE(selectedRows(dock), (QList<int>{added}));
        // Dragged one tile right with the Select tool.
        selectTiles(w.get(), {20, 5}, {20, 5});
        QTest::mousePress(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {20, 5}));
        QTest::mouseMove(viewport(w.get()), at(w.get(), {21, 5}));
        QTest::mouseRelease(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {21, 5}));
        QCOMPARE(cell(dock, added, 2), QStringLiteral("21, 5"));
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(cell(dock, added, 2), QStringLiteral("20, 5"));
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(dock->shownIds().size(), 7);
        QVERIFY(!dock->shownIds().contains(added));
    }

    void arrowsEnterAndDeleteInTheTable() {
        SpawnsDock* dock = nullptr;
        auto w = openTutorial(&dock);
        QVERIFY(w);
        clickRow(dock, 2);
        QTableView* table = dock->table();
        QCOMPARE(QApplication::focusWidget(), table);
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(w->scene()->selectedSpawnIds(), (QList<int>{3}));
        QVERIFY(offCentre(w.get(), 3) > 100); // the arrows only select
        QTest::keyClick(table, Qt::Key_Return);
        QVERIFY2(offCentre(w.get(), 3) < 2, qPrintable(QString::number(offCentre(w.get(), 3))));
        // Delete: the spawn goes as one undoable step, the next row is current.
        QTest::keyClick(table, Qt::Key_Delete);
        QCOMPARE(dock->shownIds(), (QList<int>{1, 2, 4, 5, 6, 7}));
        QVERIFY(!w->document()->level().findSpawn(3));
        QCOMPARE(w->document()->undoStack()->undoText(), QStringLiteral("Delete 1 spawn"));
        QCOMPARE(table->currentIndex().data(ts::editor::SpawnsModel::IdRole).toInt(), 4);
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(w->document()->level().findSpawn(3));
        QCOMPARE(selectedRows(dock), (QList<int>{3})); // undo selects it again
        // The level's only player stays (the map's Delete says why).
        clickRow(dock, 1);
        QTest::keyClick(table, Qt::Key_Delete);
        QVERIFY(w->document()->level().findSpawn(1));
    }
};

QTEST_MAIN(TestSpawnsDock)
#include "test_spawnsdock.moc"
