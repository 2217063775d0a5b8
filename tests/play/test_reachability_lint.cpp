// View > Reachability shows what `tilesmith lint` reports (tilesmith/level/lint.h):
// every finding drawn where it is (crosses, frames, platform bands), its message
// when the designer hovers the mark, and a summary with every finding in the
// status bar.
#include "routeplayback.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/reachabilityitem.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QStatusBar>
#include <QTest>
#include <QToolTip>

#include <memory>

using namespace ts::editor;
using ts::Tile;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
using Mark = ReachabilityItem::Unreached::Mark;

namespace {

/// 30 x 14, a floor on row 13, the player at the left, goal 2 on the floor; a
/// one-way run high above it (columns 10..14, row 3) that the default jump
/// cannot reach, a box on it (unreachable), and a box buried in a wall block
/// at (24, 12).
Level lintedLevel() {
    Level l = Level::make(30, 14);
    l.name = "lint";
    for (int x = 0; x < 30; ++x)
        l.setTile(x, 13, Tile::Solid);
    for (int x = 10; x <= 14; ++x)
        l.setTile(x, 3, Tile::OneWay);
    l.setTile(24, 12, Tile::Solid);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, 12));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, 2, 8, 12));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 3, 12, 2));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 4, 24, 12));
    return l;
}

const ReachabilityItem::Unreached* markFor(const ReachabilityItem* item, Mark mark, int id) {
    for (const ReachabilityItem::Unreached& u : item->unreached())
        if (u.mark == mark && u.id == id)
            return &u;
    return nullptr;
}

/// Opens `level` in `window`, shown at `zoom` and centred on the map.
bool showLevel(MainWindow& window, const Level& level, double zoom = 1.0) {
    window.setSettingsEnabled(false);
    window.setDocument(std::make_unique<LevelDocument>(level));
    window.resize(1200, 700);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    window.view()->setZoom(zoom);
    window.view()->centerOn(window.scene()->mapRect().center());
    return true;
}

} // namespace

class TestReachabilityLint : public QObject {
    Q_OBJECT
private slots:
    void findingsAreDrawnExplainedAndSummed();
    void editsUpdateTheSummary();
    void rightClickOnAGoalPlaysItsRoute();
    void aBlockedGoalRouteSaysSo();
    void aSurfaceRouteThatEndsElsewhereSaysSo();
    void hiddenTintOffersNoGoalRouteNorSummary();
    void hoveringAnUnreachableGoalSaysWhy();
};

void TestReachabilityLint::findingsAreDrawnExplainedAndSummed() {
    MainWindow window;
    QVERIFY(showLevel(window, lintedLevel()));
    ReachabilityOverlay* reach = window.reachability();
    QVERIFY(reach->summaryText().isEmpty());
    reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() && reach->lint() != nullptr, 20000);

    // The same findings as the lint of the level on its own (what the CLI prints).
    const Level level = lintedLevel();
    const ts::level::LintReport expected =
        ts::level::lintLevel(level, ts::level::findReachable(level));
    QCOMPARE(reach->lint()->findings.size(), expected.findings.size());
    for (std::size_t i = 0; i < expected.findings.size(); ++i)
        QCOMPARE(reach->lint()->findings[i].message, expected.findings[i].message);
    // Box 3 unreached, box 4 in a wall and unreached, the platform.
    QCOMPARE(expected.warningCount(), 4);
    QCOMPARE(expected.errorCount(), 0);

    // Drawn where they are.
    const ReachabilityItem* item = reach->item();
    const auto* cross = markFor(item, Mark::Cross, 3);
    QVERIFY(cross);
    QVERIFY2(cross->message.startsWith(QStringLiteral("Box 3 is not reachable from the player.\n")),
             qPrintable(cross->message));
    const auto* frame = markFor(item, Mark::Frame, 4);
    QVERIFY(frame);
    QVERIFY(frame->message.startsWith(QStringLiteral("Box 4 starts inside a wall")));
    const auto* band = markFor(item, Mark::Band, 0);
    QVERIFY(band);
    QCOMPARE(band->rect, window.scene()->tileRectToScene(QRect(10, 3, 5, 1)));

    // Hovering the platform tells what is wrong with it.
    QWidget* vp = window.view()->viewport();
    const QPoint onPlatform =
        window.view()->mapFromScene(window.scene()->tileCenter(QPoint(12, 3)));
    QHelpEvent help(QEvent::ToolTip, onPlatform, vp->mapToGlobal(onPlatform));
    QApplication::sendEvent(vp, &help);
    QTRY_COMPARE(QToolTip::text(),
                 QStringLiteral("One-way platform at x 10-14, y 3 is never reachable (the "
                                "player never stands on it)."));
    QToolTip::hideText();
    // Empty floor far from any mark: no lint tooltip.
    const QPoint onFloor = window.view()->mapFromScene(window.scene()->tileCenter(QPoint(18, 12)));
    QVERIFY(item->messagesAt(window.view()->mapToScene(onFloor)).isEmpty());

    // The status bar sums it up, the problems first (a shortened summary keeps
    // them), every finding in its tooltip.
    QWidget* status = reach->progressWidget();
    QVERIFY(status->isVisible());
    QCOMPARE(
        reach->summaryText(),
        QStringLiteral("Reachability: 4 warnings \u00b7 1 of 1 goal reached \u00b7 %1 surfaces")
            .arg(expected.surfaces));
    QVERIFY(status->toolTip().contains(QStringLiteral("warning: box 3 is not reachable")));
    QVERIFY(status->toolTip().contains(QStringLiteral("warning: one-way platform at x 10-14")));

    // Off: nothing drawn, nothing summed.
    reach->setEnabled(false);
    QVERIFY(!reach->item());
    QVERIFY(!status->isVisible());
    QVERIFY(reach->summaryText().isEmpty());
}

void TestReachabilityLint::editsUpdateTheSummary() {
    MainWindow window;
    QVERIFY(showLevel(window, lintedLevel()));
    ReachabilityOverlay* reach = window.reachability();
    reach->setRestartDelay(0);
    reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() && reach->lint() != nullptr, 20000);
    QVERIFY2(reach->summaryText().startsWith(
                 QStringLiteral("Reachability: 4 warnings \u00b7 1 of 1 goal")),
             qPrintable(reach->summaryText()));
    // Removing the buried box through the document (undoable) leaves two.
    int shown = reach->searchesShown();
    window.document()->removeSpawns({4});
    QTRY_VERIFY_WITH_TIMEOUT(reach->searchesShown() > shown && !reach->isBusy(), 20000);
    QVERIFY2(reach->summaryText().startsWith(
                 QStringLiteral("Reachability: 2 warnings \u00b7 1 of 1 goal")),
             qPrintable(reach->summaryText()));
    QVERIFY(!markFor(reach->item(), Mark::Frame, 4));
    // A goal on the platform the player never reaches: an error, first, and the
    // warnings in the same part (kept together when the summary is shortened).
    shown = reach->searchesShown();
    const Level& level = window.document()->level();
    window.document()->addSpawn(level.defaultSpawn(SpawnKind::Goal, 5, 12, 2));
    QTRY_VERIFY_WITH_TIMEOUT(reach->searchesShown() > shown && !reach->isBusy(), 20000);
    QVERIFY2(reach->summaryText().startsWith(QStringLiteral(
                 "Reachability: 1 error, 2 warnings \u00b7 1 of 2 goals reached \u00b7 ")),
             qPrintable(reach->summaryText()));
    // The goal undone and the box on the platform removed: one warning is left.
    window.document()->undoStack()->undo();
    shown = reach->searchesShown();
    window.document()->removeSpawns({3});
    QTRY_VERIFY_WITH_TIMEOUT(reach->searchesShown() > shown && !reach->isBusy(), 20000);
    QVERIFY2(reach->summaryText().startsWith(
                 QStringLiteral("Reachability: 1 warning \u00b7 1 of 1 goal reached \u00b7 ")),
             qPrintable(reach->summaryText()));
}

void TestReachabilityLint::rightClickOnAGoalPlaysItsRoute() {
    MainWindow window;
    ts::play::PlayController play;
    window.addExtension(&play);
    QVERIFY(showLevel(window, lintedLevel()));
    ReachabilityOverlay* reach = window.reachability();
    reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() && reach->lint() != nullptr, 20000);
    auto* routes = play.findChild<ts::play::RoutePlayback*>();
    QVERIFY(routes);
    routes->setStepsPerFrame(20);

    // Unreached box 3: no route to it, and no surface under it either.
    QWidget* vp = window.view()->viewport();
    const auto contextMenuAt = [&](QPoint tile) {
        const QPoint pos = window.view()->mapFromScene(window.scene()->tileCenter(tile));
        QContextMenuEvent ev(QContextMenuEvent::Mouse, pos, vp->mapToGlobal(pos));
        QApplication::sendEvent(vp, &ev);
    };
    contextMenuAt(QPoint(12, 2));
    QVERIFY(!reach->routeMenu());

    // Goal 2 stands on the floor: its route and the floor's are offered.
    contextMenuAt(QPoint(8, 12));
    QMenu* menu = reach->routeMenu();
    QVERIFY(menu);
    QAction* toGoal = menu->findChild<QAction*>(QStringLiteral("actionShowSpawnRoute"));
    QVERIFY(toGoal && menu->actions().contains(toGoal));
    QCOMPARE(toGoal->text(), QStringLiteral("Show &Route to Goal 2"));
    QVERIFY(menu->findChild<QAction*>(QStringLiteral("actionShowRoute")));
    toGoal->trigger();
    menu->close();
    QTRY_VERIFY_WITH_TIMEOUT(!routes->isRunning(), 20000);
    const auto route = reach->result()->routeToSpawn(2);
    QVERIFY(route);
    ts::play::PlaySession* session = play.session();
    QVERIFY(session);
    QCOMPARE(session->steps(), route->steps);
    // Play mode's own goal watch saw the player reach it, on the route's last step.
    QCOMPARE(session->goalEvents().size(), std::size_t(1));
    QCOMPARE(session->goalEvents()[0].goalId, 2);
    QCOMPARE(session->goalEvents()[0].step, route->steps);
    play.stop();
    QCOMPARE(window.document()->undoStack()->count(), 0);
}

namespace {
/// A pit one tile wide and three deep at x 6 with two boxes in it (ids 3, 4), the
/// player (1) on the floor left of it; with `goal`, goal 2 at its bottom.
Level pitLevel(bool goal) {
    Level l = Level::make(12, 10);
    l.name = "blocked";
    for (int x = 0; x < 12; ++x) {
        for (int y = 6; y < 10; ++y)
            l.setTile(x, y, x == 6 && y < 9 ? Tile::Empty : Tile::Solid);
    }
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, 5));
    if (goal)
        l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, 2, 6, 8));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 3, 6, 6));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Box, 4, 6, 7));
    return l;
}
} // namespace

void TestReachabilityLint::aBlockedGoalRouteSaysSo() {
    // Goal 2 at the bottom of a pit one tile wide and three deep, two boxes in the
    // pit above it: the search (bodies ignored) reaches it, the route does not once
    // the boxes are there.
    const Level l = pitLevel(true);
    MainWindow window;
    QVERIFY(showLevel(window, l, 2.0));
    ReachabilityOverlay* reach = window.reachability();
    reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() && reach->lint() != nullptr, 20000);
    QCOMPARE(reach->lint()->goals.size(), std::size_t(1));
    QVERIFY(reach->lint()->goals[0].reachable);
    QVERIFY(!reach->lint()->goals[0].routeReplays);
    // Drawn as a dashed frame, not a cross: the search did reach it.
    QVERIFY(markFor(reach->item(), Mark::Frame, 2));
    QVERIFY(!markFor(reach->item(), Mark::Cross, 2));
    // The route menu on the goal's tile offers its route and says the boxes block it.
    QWidget* vp = window.view()->viewport();
    const QPoint pos = window.view()->mapFromScene(window.scene()->tileCenter(QPoint(6, 8)));
    QContextMenuEvent ev(QContextMenuEvent::Mouse, pos, vp->mapToGlobal(pos));
    QApplication::sendEvent(vp, &ev);
    QMenu* menu = reach->routeMenu();
    QVERIFY(menu);
    QVERIFY(menu->findChild<QAction*>(QStringLiteral("actionShowSpawnRoute")));
    bool warned = false;
    for (QAction* a : menu->actions())
        warned = warned || (a->text().startsWith(QStringLiteral("Moving bodies block it")) &&
                            !a->isEnabled());
    QVERIFY(warned);
    menu->close();
}

void TestReachabilityLint::aSurfaceRouteThatEndsElsewhereSaysSo() {
    // The same pit: its floor (tile 6, 9) is a surface the search reaches with the boxes
    // out of the way; Show Route plays it with them there, and says it ended elsewhere.
    const Level l = pitLevel(false);
    MainWindow window;
    ts::play::PlayController play;
    window.addExtension(&play);
    QVERIFY(showLevel(window, l, 2.0));
    ReachabilityOverlay* reach = window.reachability();
    reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() && reach->result() != nullptr, 20000);
    QVERIFY(reach->result()->standable(6, 9));
    auto* routes = play.findChild<ts::play::RoutePlayback*>();
    QVERIFY(routes);
    routes->setStepsPerFrame(50);
    QVERIFY(reach->showRoute(QPoint(6, 9)));
    QTRY_VERIFY_WITH_TIMEOUT(!routes->isRunning(), 20000);
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.startsWith(QStringLiteral("The route to the surface at 6, 9 ended elsewhere")),
             qPrintable(message));
    const ts::play::PlaySession* session = play.session();
    QVERIFY(session);
    const auto on = ts::level::tilesStoodOn(l, session->world(), session->player());
    QVERIFY(std::find(on.begin(), on.end(), ts::level::LevelTile{6, 9}) == on.end());
    play.stop();

    // A route that ends where it should says nothing of the kind: the floor left of the pit.
    window.statusBar()->clearMessage();
    QVERIFY(reach->result()->standable(3, 6));
    QVERIFY(reach->showRoute(QPoint(3, 6)));
    QTRY_VERIFY_WITH_TIMEOUT(!routes->isRunning(), 20000);
    QVERIFY2(!window.statusBar()->currentMessage().contains(QStringLiteral("ended elsewhere")),
             qPrintable(window.statusBar()->currentMessage()));
    play.stop();
}

void TestReachabilityLint::hiddenTintOffersNoGoalRouteNorSummary() {
    // While play runs the tint is hidden (PlayController): the goal's route menu and
    // the status-bar summary (which would crowd out the play hint) go with it.
    MainWindow window;
    QVERIFY(showLevel(window, lintedLevel()));
    ReachabilityOverlay* reach = window.reachability();
    reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() && reach->lint() != nullptr, 20000);
    const QPoint onGoal = window.view()->mapFromScene(window.scene()->tileCenter(QPoint(8, 12)));
    QCOMPARE(reach->routeSpawnAt(onGoal), std::optional<int>(2));
    QWidget* status = reach->progressWidget();
    QVERIFY(status->isVisible());
    reach->setTintVisible(false);
    QVERIFY(!reach->routeSpawnAt(onGoal));
    QVERIFY(!reach->routeSurfaceAt(onGoal));
    QVERIFY(!status->isVisible());
    reach->setTintVisible(true);
    QCOMPARE(reach->routeSpawnAt(onGoal), std::optional<int>(2));
    QVERIFY(status->isVisible());
    QVERIFY(reach->summaryText().startsWith(QStringLiteral("Reachability: 4 warnings \u00b7 ")));
}

void TestReachabilityLint::hoveringAnUnreachableGoalSaysWhy() {
    // Goal 5 on the one-way run high above the floor (row 3, ten tiles up): its mark's
    // tooltip says the finding, the nearest point the player reaches and what stops it.
    Level l = lintedLevel();
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, 5, 12, 2));
    MainWindow window;
    QVERIFY(showLevel(window, l, 2.0));
    ReachabilityOverlay* reach = window.reachability();
    reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() && reach->lint() != nullptr, 20000);
    // What the level library says of it (what `tilesmith lint` notes).
    const ts::level::LintReport expected = ts::level::lintLevel(l, ts::level::findReachable(l));
    const ts::level::LintFinding* goal = nullptr;
    for (const ts::level::LintFinding& f : expected.findings)
        if (f.rule == ts::level::LintRule::GoalUnreachable && f.spawnId == 5)
            goal = &f;
    QVERIFY(goal);
    QCOMPARE(goal->reason.stop, ts::level::ReachStop::JumpTooLow);
    const auto sentence = [](const std::string& text) {
        QString s = QString::fromStdString(text);
        s[0] = s[0].toUpper();
        return s + u'.';
    };

    QWidget* vp = window.view()->viewport();
    const QPoint onGoal = window.view()->mapFromScene(window.scene()->tileCenter(QPoint(12, 2)));
    QHelpEvent help(QEvent::ToolTip, onGoal, vp->mapToGlobal(onGoal));
    QApplication::sendEvent(vp, &help);
    // Box 3 stands beside it on the run: the goal's own lines are in the tooltip.
    QTRY_VERIFY(QToolTip::isVisible());
    const QStringList shown = QToolTip::text().split(u'\n');
    const qsizetype at = shown.indexOf(QStringLiteral("Goal 5 is not reachable from the player."));
    QVERIFY2(at >= 0 && at + 2 < shown.size(), qPrintable(QToolTip::text()));
    QCOMPARE(shown[at + 1], sentence(goal->reason.nearestText));
    QCOMPARE(shown[at + 2], sentence(goal->reason.stopText));
    QVERIFY2(shown[at + 1].startsWith(QStringLiteral("Nearest point reached: x 12, y ")),
             qPrintable(shown[at + 1]));
    QVERIFY2(shown[at + 2].startsWith(QStringLiteral("Too high to jump to: the top of the "
                                                     "highest jump is ")),
             qPrintable(shown[at + 2]));
    QToolTip::hideText();
}

QTEST_MAIN(TestReachabilityLint)
#include "test_reachability_lint.moc"
