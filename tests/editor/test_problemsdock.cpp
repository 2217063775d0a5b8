// The Problems dock (View > Docks > Problems): the reachability lint's findings
// listed, errors first, with the lint's messages; Enter or a double-click on a
// row goes there (the view centred on the finding's mark, its spawn selected);
// the greyed line while there is nothing to list; the rows greyed and disabled
// from an edit to the next answer; the status bar's summary shows the dock when
// clicked, with the keyboard in the list on its first finding (the keyboard stayed
// in the map, so Enter and the arrows did nothing until a row was clicked).
#include "problemlevel.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/problemsdock.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/reach.h"
#include "widgets/elidedlabel.h"
#include "widgets/propertiesdock.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QStyle>
#include <QTabBar>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace ts::editor;
using ts::Tile;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

namespace {

using tstest::problemLevel;

bool showLevel(MainWindow& window, const Level& level) {
    window.setSettingsEnabled(false);
    window.setDocument(std::make_unique<LevelDocument>(level));
    window.resize(1200, 700);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    // Zoomed in, so the view can scroll to any finding.
    window.view()->setZoom(3.0);
    window.view()->centerOn(window.scene()->mapRect().topLeft());
    return true;
}

/// The lint's message as the dock's rows (and the map's tooltips) say it.
QString sentence(const std::string& message) {
    QString s = QString::fromStdString(message);
    s[0] = s[0].toUpper();
    return s + QLatin1Char('.');
}

bool sameIcon(const QIcon& a, const QIcon& b) {
    return a.pixmap(16, 16).toImage() == b.pixmap(16, 16).toImage();
}

QPointF viewCentre(const MainWindow& window) {
    const EditorView* view = window.view();
    return view->mapToScene(view->viewport()->rect().center());
}

/// Waits for the overlay's next answer.
bool waitForResult(ReachabilityOverlay* reach) {
    return QTest::qWaitFor([&] { return !reach->isBusy() && reach->lint() != nullptr; }, 20000);
}

/// The problem level in `window` with the Problems dock in front and the lint's
/// first answer in it.
bool showFindings(MainWindow& window) {
    if (!showLevel(window, problemLevel()))
        return false;
    window.findChild<ts::editor::ProblemsDock*>()->show();
    window.findChild<ts::editor::ProblemsDock*>()->raise();
    window.reachability()->setEnabled(true);
    return waitForResult(window.reachability());
}

/// The message (the first line) and where it is (the second) of `row`.
QString lineOf(QListWidget* list, int row, int line) {
    return list->item(row)->text().split(u'\n').value(line);
}

int rowOf(QListWidget* list, const QString& text) {
    for (int row = 0; row < list->count(); ++row)
        if (lineOf(list, row, 0) == text)
            return row;
    return -1;
}

} // namespace

class TestProblemsDock : public QObject {
    Q_OBJECT
private slots:
    void listsTheLintsFindingsErrorsFirst();
    void enterAndDoubleClickGoToTheFinding();
    void placeholderSaysWhatToDo();
    void editsAndAnotherLevelUpdateTheRows();
    void rowsAreStaleWhileTheSearchRuns();
    void clickingTheSummaryShowsTheDock();
    void clickingTheSummaryPutsTheKeyboardInTheList();
};

void TestProblemsDock::listsTheLintsFindingsErrorsFirst() {
    MainWindow window;
    QVERIFY(showLevel(window, problemLevel()));
    ProblemsDock* dock = window.findChild<ts::editor::ProblemsDock*>();
    QVERIFY(dock);
    // Beside the other right-hand docks, and in View > Docks and Tool Bars.
    QCOMPARE(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
    bool inMenu = false;
    for (const QMenu* menu : window.findChildren<QMenu*>())
        inMenu = inMenu || menu->actions().contains(dock->toggleViewAction());
    QVERIFY(inMenu);

    ReachabilityOverlay* reach = window.reachability();
    reach->setEnabled(true);
    QVERIFY(waitForResult(reach));

    const Level level = problemLevel();
    const ts::level::LintReport expected =
        ts::level::lintLevel(level, ts::level::findReachable(level));
    QCOMPARE(expected.errorCount(), 1);
    QCOMPARE(expected.warningCount(), 2);
    // The lint lists box 3 before goal 5 (spawn order): the dock puts the error first.
    QVERIFY(!expected.findings[0].isError());
    std::vector<ts::level::LintFinding> sorted = expected.findings;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto& a, const auto& b) { return a.isError() && !b.isError(); });

    QListWidget* list = dock->list();
    QVERIFY(dock->placeholderText().isEmpty());
    QVERIFY(list->isVisibleTo(dock));
    QCOMPARE(list->count(), int(sorted.size()));
    const QIcon errorIcon = list->style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = list->style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (int row = 0; row < list->count(); ++row) {
        const QListWidgetItem* item = list->item(row);
        const ts::level::LintFinding& f = sorted[std::size_t(row)];
        QCOMPARE(lineOf(list, row, 0), sentence(f.message));
        QVERIFY(sameIcon(item->icon(), f.isError() ? errorIcon : warningIcon));
        QVERIFY(!sameIcon(item->icon(), f.isError() ? warningIcon : errorIcon));
    }
    QCOMPARE(lineOf(list, 0, 0), QStringLiteral("Goal 5 is not reachable from the player."));
    // Where: the spawn as the editor names it and its tile, the platform's run.
    QCOMPARE(lineOf(list, 0, 1), QStringLiteral("Goal #5 at tile 31, 28"));
    QCOMPARE(lineOf(list, 1, 1), QStringLiteral("Box #3 at tile 28, 28"));
    QCOMPARE(lineOf(list, 2, 1), QStringLiteral("x 28-32, y 29"));
    // Why goal 5 and box 3 are not reached: the nearest point and what stops the player,
    // as the level library says it, below where they are.
    const ts::level::ReachReason& why = sorted[0].reason;
    QCOMPARE(why.stop, ts::level::ReachStop::JumpTooLow);
    QCOMPARE(lineOf(list, 0, 2), sentence(why.nearestText));
    QCOMPARE(lineOf(list, 0, 3), sentence(why.stopText));
    QVERIFY2(lineOf(list, 0, 3)
                 .startsWith(QStringLiteral("Too high to jump to: the top of the "
                                            "highest jump is ")),
             qPrintable(lineOf(list, 0, 3)));
    QVERIFY(lineOf(list, 1, 3)
                .endsWith(QStringLiteral(" below Box #3 (a jump rises %1 px).")
                              .arg(double(why.jumpRise), 0, 'f', 2)));
    QCOMPARE(list->item(0)->toolTip(), QStringLiteral("Error: ") + lineOf(list, 0, 0) + u'\n' +
                                           lineOf(list, 0, 2) + u'\n' + lineOf(list, 0, 3));
    QCOMPARE(lineOf(list, 2, 2), QString()); // the platform's finding has no reason
    // The same sentences the map's mark shows when hovered (one wording).
    QCOMPARE(reach->problems().size(), qsizetype(3));
    QVERIFY(reach->item()
                ->messagesAt(reach->problems()[1].rect.center())
                .contains(lineOf(list, 0, 0) + u'\n' + lineOf(list, 0, 2) + u'\n' +
                          lineOf(list, 0, 3)));
}

void TestProblemsDock::enterAndDoubleClickGoToTheFinding() {
    MainWindow window;
    QVERIFY(showFindings(window));
    ProblemsDock* dock = window.findChild<ts::editor::ProblemsDock*>();
    ReachabilityOverlay* reach = window.reachability();
    QListWidget* list = dock->list();
    QCOMPARE(list->count(), 3);
    const QVector<ReachabilityOverlay::Problem>& problems = reach->problems();
    const auto rectOf = [&](int spawnId) {
        for (const ReachabilityOverlay::Problem& p : problems)
            if (p.spawnId == spawnId)
                return p.rect;
        return QRectF();
    };
    const QRectF goalRect = rectOf(5);
    const QRectF runRect = rectOf(0);
    QVERIFY(!goalRect.isEmpty());
    QCOMPARE(runRect, window.scene()->tileRectToScene(QRect(28, 29, 5, 1)));
    QVERIFY(!goalRect.contains(viewCentre(window)));
    QVERIFY(window.scene()->selectedSpawnIds().isEmpty());

    // Enter on the goal's row: the view goes there, the goal is selected and the
    // Properties dock edits it; the focus stays in the list.
    const int goalRow = rowOf(list, QStringLiteral("Goal 5 is not reachable from the player."));
    QVERIFY(goalRow >= 0);
    list->setFocus();
    QTRY_VERIFY(list->hasFocus());
    list->setCurrentItem(list->item(goalRow));
    QTest::keyClick(list, Qt::Key_Return);
    QVERIFY2(goalRect.contains(viewCentre(window)), qPrintable(QStringLiteral("centre %1, %2")
                                                                   .arg(viewCentre(window).x())
                                                                   .arg(viewCentre(window).y())));
    QCOMPARE(window.scene()->selectedSpawnIds(), QList<int>{5});
    QCOMPARE(window.findChild<ts::editor::PropertiesDock*>()->currentSpawnId(), 5);
    QVERIFY(list->hasFocus());

    // Down and Enter: the next finding, box 3.
    QTest::keyClick(list, Qt::Key_Down);
    QTest::keyClick(list, Qt::Key_Enter);
    QVERIFY(rectOf(3).contains(viewCentre(window)));
    QCOMPARE(window.scene()->selectedSpawnIds(), QList<int>{3});

    // A double-click on the platform's row: the view centres on the run.
    window.view()->centerOn(window.scene()->mapRect().topLeft());
    QVERIFY(!runRect.contains(viewCentre(window)));
    const int runRow = rowOf(list, sentence(reach->lint()->findings.back().message));
    QVERIFY(runRow >= 0);
    const QPoint at = list->visualItemRect(list->item(runRow)).center();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, at);
    QVERIFY2(runRect.contains(viewCentre(window)), qPrintable(QStringLiteral("centre %1, %2")
                                                                  .arg(viewCentre(window).x())
                                                                  .arg(viewCentre(window).y())));
}

void TestProblemsDock::placeholderSaysWhatToDo() {
    MainWindow window;
    QVERIFY(showLevel(window, problemLevel()));
    ProblemsDock* dock = window.findChild<ts::editor::ProblemsDock*>();
    ReachabilityOverlay* reach = window.reachability();
    const QString off =
        QStringLiteral("Turn on View > Reachability (Ctrl+Shift+R) to check the level");
    QCOMPARE(dock->placeholderText(), off);
    QCOMPARE(dock->list()->count(), 0);
    QVERIFY(!dock->list()->isVisibleTo(dock));

    // On: searching until the answer comes (it comes through the event loop).
    reach->setEnabled(true);
    QCOMPARE(dock->placeholderText(), QStringLiteral("Searching\u2026"));
    QVERIFY(waitForResult(reach));
    QCOMPARE(dock->list()->count(), 3);
    QVERIFY(dock->placeholderText().isEmpty());

    // Off (Ctrl+Shift+R again): the list empties and says how to turn it on.
    reach->action()->trigger();
    QVERIFY(!reach->isEnabled());
    QCOMPARE(dock->list()->count(), 0);
    QCOMPARE(dock->placeholderText(), off);

    // A level with nothing wrong: no problems.
    Level clean = Level::make(20, 10);
    for (int x = 0; x < 20; ++x)
        clean.setTile(x, 9, Tile::Solid);
    clean.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, 8));
    window.setDocument(std::make_unique<LevelDocument>(clean));
    reach->setEnabled(true);
    QVERIFY(waitForResult(reach));
    QVERIFY(reach->lint()->findings.empty());
    QCOMPARE(dock->placeholderText(), QStringLiteral("No problems"));
    QCOMPARE(dock->list()->count(), 0);
}

void TestProblemsDock::editsAndAnotherLevelUpdateTheRows() {
    MainWindow window;
    QVERIFY(showLevel(window, problemLevel()));
    ProblemsDock* dock = window.findChild<ts::editor::ProblemsDock*>();
    ReachabilityOverlay* reach = window.reachability();
    reach->setRestartDelay(0);
    reach->setEnabled(true);
    QVERIFY(waitForResult(reach));
    QCOMPARE(dock->list()->count(), 3);

    // Box 3 removed: its row goes with the next answer.
    int shown = reach->searchesShown();
    window.document()->removeSpawns({3});
    QTRY_VERIFY_WITH_TIMEOUT(reach->searchesShown() > shown && !reach->isBusy(), 20000);
    QCOMPARE(dock->list()->count(), 2);
    QCOMPARE(rowOf(dock->list(), QStringLiteral("Box 3 is not reachable from the player.")), -1);

    // Another level: the old rows go at once, the new level's come with its answer.
    shown = reach->searchesShown();
    Level other = problemLevel();
    other.spawns.pop_back(); // no goal 5
    window.setDocument(std::make_unique<LevelDocument>(other));
    QCOMPARE(dock->list()->count(), 0);
    QCOMPARE(dock->placeholderText(), QStringLiteral("Searching\u2026"));
    QTRY_VERIFY_WITH_TIMEOUT(reach->searchesShown() > shown && !reach->isBusy(), 20000);
    QCOMPARE(dock->list()->count(), 2); // box 3 and the run
    QCOMPARE(rowOf(dock->list(), QStringLiteral("Goal 5 is not reachable from the player.")), -1);
}

void TestProblemsDock::rowsAreStaleWhileTheSearchRuns() {
    MainWindow window;
    QVERIFY(showFindings(window));
    ProblemsDock* dock = window.findChild<ts::editor::ProblemsDock*>();
    ReachabilityOverlay* reach = window.reachability();
    QListWidget* list = dock->list();
    QCOMPARE(list->count(), 3);
    const auto enabledRows = [&] {
        int n = 0;
        for (int row = 0; row < list->count(); ++row)
            n += (list->item(row)->flags() & Qt::ItemIsEnabled) ? 1 : 0;
        return n;
    };
    QCOMPARE(enabledRows(), 3);
    const auto staleLine = dock->findChild<QLabel*>(QStringLiteral("problemsStale"));

    // The goal's row current, the focus in the list, then an edit (box 3 removed):
    // the rows stay to read, but greyed and disabled under a line saying the search
    // runs, until the answer comes.
    const int goalRow = rowOf(list, QStringLiteral("Goal 5 is not reachable from the player."));
    QVERIFY(goalRow >= 0);
    list->setFocus();
    QTRY_VERIFY(list->hasFocus());
    list->setCurrentItem(list->item(goalRow));
    QSignalSpy busy(reach, SIGNAL(busyChanged(bool)));
    window.document()->removeSpawns({3});
    QVERIFY(reach->isBusy());
    QCOMPARE(list->count(), 3);
    QCOMPARE(enabledRows(), 0);
    // What the dock follows: the overlay saying a search is due.
    QVERIFY(busy.isValid());
    QCOMPARE(busy.count(), 1);
    QCOMPARE(busy.at(0).at(0).toBool(), true);
    QVERIFY(staleLine);
    QVERIFY(staleLine->isVisibleTo(dock));
    QVERIFY(staleLine->text().startsWith(QStringLiteral("Searching\u2026")));
    QVERIFY(!staleLine->isEnabled()); // greyed
    QVERIFY(dock->placeholderText().isEmpty());

    // Enter on the stale goal row goes nowhere and selects nothing.
    const QPointF before = viewCentre(window);
    QTest::keyClick(list, Qt::Key_Return);
    QCOMPARE(viewCentre(window), before);
    QVERIFY(window.scene()->selectedSpawnIds().isEmpty());
    QVERIFY(!dock->goToRow(goalRow));

    // The answer: fresh rows (box 3's gone), enabled, no stale line; Enter goes.
    QVERIFY(waitForResult(reach));
    QCOMPARE(busy.count(), 2);
    QCOMPARE(busy.at(1).at(0).toBool(), false);
    QCOMPARE(list->count(), 2);
    QCOMPARE(enabledRows(), 2);
    QVERIFY(!staleLine->isVisibleTo(dock));
    const int freshGoal = rowOf(list, QStringLiteral("Goal 5 is not reachable from the player."));
    list->setCurrentItem(list->item(freshGoal));
    QTest::keyClick(list, Qt::Key_Return);
    QCOMPARE(window.scene()->selectedSpawnIds(), QList<int>{5});
}

void TestProblemsDock::clickingTheSummaryShowsTheDock() {
    MainWindow window;
    QVERIFY(showLevel(window, problemLevel()));
    ProblemsDock* dock = window.findChild<ts::editor::ProblemsDock*>();
    ReachabilityOverlay* reach = window.reachability();
    reach->setEnabled(true);
    QVERIFY(waitForResult(reach));
    QWidget* summary = reach->progressWidget();
    QTRY_VERIFY(summary->isVisible());
    // The tooltip still lists the findings.
    QVERIFY(summary->toolTip().contains(QStringLiteral("error: goal 5 is not reachable")));

    // Closed: a click on the summary shows it.
    dock->close();
    QTRY_VERIFY(!dock->isVisible());
    QTest::mouseClick(summary, Qt::LeftButton, {}, summary->rect().center());
    QTRY_VERIFY(dock->isVisible());
    // Behind the History tab: a click on the summary brings it to the front.
    const auto frontTab = [&] {
        for (const QTabBar* tabs : window.findChildren<QTabBar*>())
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->tabText(i) == dock->windowTitle())
                    return tabs->tabText(tabs->currentIndex());
        return QString();
    };
    QVERIFY(window.tabifiedDockWidgets(dock).contains(
        window.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))));
    window.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))->raise();
    QTRY_COMPARE(frontTab(),
                 window.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))->windowTitle());
    QTest::mouseClick(reach->summaryLabel(), Qt::LeftButton, {},
                      reach->summaryLabel()->rect().center());
    QTRY_COMPARE(frontTab(), dock->windowTitle());
}

void TestProblemsDock::clickingTheSummaryPutsTheKeyboardInTheList() {
    MainWindow window;
    QVERIFY(showLevel(window, problemLevel()));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    ProblemsDock* dock = window.findChild<ts::editor::ProblemsDock*>();
    ReachabilityOverlay* reach = window.reachability();
    QWidget* viewport = window.view()->viewport();
    window.view()->setFocus();
    QTest::keyClick(viewport, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(reach->isEnabled());
    QVERIFY(waitForResult(reach));
    dock->close();
    QTRY_VERIFY(!dock->isVisible());
    QVERIFY(window.view()->hasFocus());

    // A click on the summary: the list has the keyboard, on its first finding, so
    // Enter goes there and Down and Enter to the next, as after a click on a row.
    QWidget* summary = reach->summaryLabel();
    QTest::mouseClick(summary, Qt::LeftButton, {}, summary->rect().center());
    QTRY_VERIFY(dock->list()->isVisible());
    QWidget* focus = QApplication::focusWidget();
    QVERIFY2(focus == dock->list(),
             qPrintable(QStringLiteral("the keyboard is in %1")
                            .arg(focus ? focus->metaObject()->className() : "nothing")));
    QCOMPARE(dock->list()->currentRow(), 0);
    QVERIFY(dock->list()->currentItem()->isSelected());
    QTest::keyClick(focus, Qt::Key_Return);
    QCOMPARE(window.scene()->selectedSpawnIds(), QList<int>{5}); // the error first
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    QCOMPARE(window.scene()->selectedSpawnIds(), QList<int>{3});

    // The finding chosen last stays chosen: another click does not go back to the first.
    window.view()->setFocus();
    QTest::mouseClick(summary, Qt::LeftButton, {}, summary->rect().center());
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(dock->list()));
    QCOMPARE(dock->list()->currentRow(), 1);
}

QTEST_MAIN(TestProblemsDock)
#include "test_problemsdock.moc"
