// View > Reachability in the main window, driven through the view's viewport:
// the toggle, the tint on reachable surfaces, unreachable goals crossed out,
// recomputing after edits (on a worker thread), the tint waiting while play
// runs, and Show Route playing the route in play mode until the player stands
// on the clicked surface; the status bar keeps still while a small map is searched
// again (no vanishing summary, no busy bar flashing for a frame or two).
#include "ghostitem.h"
#include "replaydock.h"
#include "routeitem.h"
#include "routeplayback.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/reachabilityitem.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"
#include "tools/brushtool.h"
#include "tools/erasertool.h"
#include "tools/filltool.h"
#include "tools/selecttool.h"
#include "tools/spawntool.h"

#include "bandlevel.h"
#include "tilesmith/editor/tooloptions.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>

using namespace ts::editor;
using ts::Tile;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

namespace {

/// 40 x 20 with a floor on row 19 (its top is where the player stands), a
/// platform 3 tiles up at columns 8..11 (row 16), one 6 tiles up at columns
/// 30..33 (row 13): the default jump rises 4.55 tiles, so the first is
/// reachable and the second is not. Goal 2 on the low platform, goal 3 on the high one.
Level designedLevel() {
    Level l = Level::make(40, 20);
    l.name = "reach";
    for (int x = 0; x < 40; ++x)
        l.setTile(x, 19, Tile::Solid);
    for (int x = 8; x <= 11; ++x)
        l.setTile(x, 16, Tile::Solid);
    for (int x = 30; x <= 33; ++x)
        l.setTile(x, 13, Tile::Solid);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, 18));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, 2, 9, 15));
    l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, 3, 31, 12));
    return l;
}

struct Rig {
    MainWindow window;
    ts::play::PlayController play;
    ReachabilityOverlay* reach = nullptr;

    Rig() {
        window.setSettingsEnabled(false);
        window.addExtension(&play);
        window.setDocument(std::make_unique<LevelDocument>(designedLevel()));
        window.resize(1200, 700);
        window.show();
        reach = window.reachability();
    }
    bool exposed() {
        if (!QTest::qWaitForWindowExposed(&window))
            return false;
        window.view()->setZoom(1.0);
        window.view()->centerOn(window.scene()->mapRect().center());
        return true;
    }
    QPoint at(QPoint tile) const {
        return window.view()->mapFromScene(window.scene()->tileCenter(tile));
    }
    bool settled() { return !reach->isBusy() && reach->result() != nullptr; }
    int greenPixels() {
        QApplication::processEvents();
        const QImage img = window.view()->viewport()->grab().toImage();
        const QColor g = ReachabilityItem::surfaceColour();
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QColor p = img.pixelColor(x, y);
                n += p.green() > p.red() + 60 && p.green() > p.blue() + 40 &&
                     std::abs(p.green() - g.green()) < 60;
            }
        return n;
    }
    /// A right click as the window delivers it: the press, the context menu
    /// event it triggers on X11, the release.
    void rightClickAt(QPoint tile) {
        QWidget* vp = window.view()->viewport();
        const QPoint pos = at(tile);
        QMouseEvent press(QEvent::MouseButtonPress, QPointF(pos), vp->mapToGlobal(QPointF(pos)),
                          Qt::RightButton, Qt::RightButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &press);
        contextMenuAt(tile);
        QMouseEvent release(QEvent::MouseButtonRelease, QPointF(pos), vp->mapToGlobal(QPointF(pos)),
                            Qt::RightButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &release);
    }
    void contextMenuAt(QPoint tile) {
        QWidget* vp = window.view()->viewport();
        const QPoint pos = at(tile);
        QContextMenuEvent ev(QContextMenuEvent::Mouse, pos, vp->mapToGlobal(pos));
        QApplication::sendEvent(vp, &ev);
    }
};

/// When the watched widgets are shown and hidden, in ms since construction.
class ShowHideLog : public QObject {
public:
    struct Entry {
        QObject* widget;
        bool shown;
        qint64 ms;
    };
    ShowHideLog() { mClock.start(); }
    QList<Entry> entries;
    qint64 now() const { return mClock.elapsed(); }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show || event->type() == QEvent::Hide)
            entries.push_back({watched, event->type() == QEvent::Show, now()});
        return false;
    }

private:
    QElapsedTimer mClock;
};

bool menuHas(QMenu* menu, QAction* action) {
    return menu && menu->actions().contains(action);
}

} // namespace

class TestReachability : public QObject {
    Q_OBJECT
private slots:
    void toggleTintsReachableSurfaces();
    void editsRecompute();
    void playHidesTheTintUntilStop();
    void showRouteMovesThePlayerThere();
    void showRouteDrawsItsPathUntilDismissed();
    void noMenuOffSurfaces();
    void rightClickIsTheToolsOrTheContextMenus();
    void smallMapEditKeepsTheStatusStill();
    void shownBusyBarStaysLongEnough();
    void searchKeepsACoreForTheWindow();
};

void TestReachability::toggleTintsReachableSurfaces() {
    Rig r;
    QVERIFY(r.exposed());
    QVERIFY(r.reach);
    QAction* toggle = r.window.action(QStringLiteral("actionReachability"));
    QVERIFY(toggle);
    QCOMPARE(toggle, r.reach->action());
    QVERIFY(toggle->isCheckable());
    QCOMPARE(toggle->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    bool inViewMenu = false;
    for (QAction* m : r.window.menuBar()->actions())
        if (m->menu() && m->menu()->actions().contains(toggle))
            inViewMenu = m->menu()->title().contains(QStringLiteral("View"));
    QVERIFY(inViewMenu);

    const int greenOff = r.greenPixels();
    QVERIFY(!r.reach->item());
    toggle->trigger();
    QVERIFY(r.reach->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    ReachabilityItem* item = r.reach->item();
    QVERIFY(item);
    QCOMPARE(item->scene(), static_cast<QGraphicsScene*>(r.window.scene()));
    QVERIFY(r.reach->result()->complete());
    // Floor and the low platform are standable; the high platform is not.
    QVERIFY(item->isSurface(QPoint(3, 19)));
    QVERIFY(item->isSurface(QPoint(9, 16)));
    QVERIFY(!item->isSurface(QPoint(31, 13)));
    QVERIFY(!item->isSurface(QPoint(9, 10))); // empty air
    // Goal 3 (on the high platform) is crossed out, goal 2 is not.
    QCOMPARE(item->unreached().size(), 1);
    QCOMPARE(item->unreached().front().id, 3);
    QVERIFY(item->unreached().front().goal);
    // The tint is drawn.
    QVERIFY(r.greenPixels() > greenOff + 200);

    toggle->trigger();
    QVERIFY(!r.reach->isEnabled());
    QVERIFY(!r.reach->item());
    QVERIFY(r.greenPixels() <= greenOff + 10);
}

void TestReachability::editsRecompute() {
    Rig r;
    QVERIFY(r.exposed());
    r.reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    const int shown = r.reach->searchesShown();
    QVERIFY(!r.reach->item()->isSurface(QPoint(31, 13)));
    // A step 3 tiles up next to the high platform (brush clicks on the viewport)
    // makes it reachable: floor -> step -> high platform.
    ToolManager* tools = r.window.tools();
    tools->options()->setTileKind(Tile::Solid);
    tools->options()->setBrushSize(1);
    tools->setCurrentTool(tools->findTool<ts::editor::BrushTool>());
    for (int x = 26; x <= 27; ++x) {
        const QPoint pos = r.at(QPoint(x, 16));
        QWidget* vp = r.window.view()->viewport();
        QMouseEvent move(QEvent::MouseMove, QPointF(pos), vp->mapToGlobal(QPointF(pos)),
                         Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &move);
        QMouseEvent press(QEvent::MouseButtonPress, QPointF(pos), vp->mapToGlobal(QPointF(pos)),
                          Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &press);
        QMouseEvent release(QEvent::MouseButtonRelease, QPointF(pos), vp->mapToGlobal(QPointF(pos)),
                            Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(vp, &release);
    }
    QCOMPARE(r.window.document()->level().tile(27, 16), Tile::Solid);
    // The edit made the shown answer stale: a new search is due, the GUI did not wait.
    QVERIFY(r.reach->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    QVERIFY(r.reach->searchesShown() > shown);
    QVERIFY(r.reach->item()->isSurface(QPoint(27, 16)));
    QVERIFY(r.reach->item()->isSurface(QPoint(31, 13)));
    QVERIFY(r.reach->item()->unreached().isEmpty());
    // Undo: unreachable again.
    r.window.document()->undoStack()->undo();
    r.window.document()->undoStack()->undo();
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    QVERIFY(!r.reach->item()->isSurface(QPoint(31, 13)));
    QCOMPARE(r.reach->item()->unreached().size(), 1);
    // A higher jump speed reaches it too, as the physics says (600^2 / 3000 = 120 px > 96).
    auto physics = r.window.document()->level().physics;
    physics.jumpSpeed = 600;
    r.window.document()->setPhysics(physics);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    QVERIFY(r.reach->item()->isSurface(QPoint(31, 13)));
}

void TestReachability::playHidesTheTintUntilStop() {
    // The tint describes the level being edited, not the running world: it is
    // not drawn while playing, and Stop brings it back. The toggle stays on.
    Rig r;
    QVERIFY(r.exposed());
    r.play.setOverlays(0); // the sensors' green lines are not the tint
    QAction* toggle = r.reach->action();
    const int greenOff = r.greenPixels();
    toggle->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    QVERIFY(r.greenPixels() > greenOff + 200);
    r.play.stepOnce(); // a paused session: the world holds still
    QVERIFY(r.play.isPlaying());
    QVERIFY(toggle->isChecked());
    QVERIFY(r.reach->item());
    QVERIFY(!r.reach->item()->isVisible());
    QVERIFY(r.greenPixels() <= greenOff + 10);
    // Turned off and on again while playing: the new tint waits for Stop too.
    toggle->trigger();
    toggle->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    QVERIFY(r.greenPixels() <= greenOff + 10);
    r.play.stop();
    QVERIFY(toggle->isChecked());
    QVERIFY(r.greenPixels() > greenOff + 200);
    // The next session hides it again.
    r.play.stepOnce();
    QVERIFY(r.greenPixels() <= greenOff + 10);
    r.play.stop();
    QVERIFY(r.greenPixels() > greenOff + 200);
}

void TestReachability::showRouteMovesThePlayerThere() {
    Rig r;
    ts::play::ReplayController replays(&r.play);
    r.window.addExtension(&replays);
    QVERIFY(r.exposed());
    r.reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    auto* routes = r.play.findChild<ts::play::RoutePlayback*>();
    QVERIFY(routes);
    routes->setStepsPerFrame(20);
    // Right click on the air just above the low platform: the menu offers its route.
    r.contextMenuAt(QPoint(10, 15));
    QMenu* menu = r.reach->routeMenu();
    QVERIFY(menu);
    QAction* show = menu->findChild<QAction*>(QStringLiteral("actionShowRoute"));
    QVERIFY(menuHas(menu, show));
    QVERIFY(show->text().contains(QStringLiteral("(10, 16)")));
    show->trigger();
    menu->close();
    QVERIFY(r.play.isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(!routes->isRunning(), 20000);
    QVERIFY(r.play.isPaused());
    const auto route = r.reach->result()->routeToSurface(10, 16);
    QVERIFY(route);
    QCOMPARE(routes->stepsDone(), route->steps);
    ts::play::PlaySession* session = r.play.session();
    QVERIFY(session);
    QCOMPARE(session->steps(), route->steps);
    // The player stands on the platform's top (3 tiles above the floor's).
    const ts::World& w = session->world();
    QVERIFY(w.hasContact(session->player(), ts::OnGround));
    QCOMPARE(w.position(session->player()).y, 4.0f * 16.0f);
    const ts::Aabb box = w.aabb(session->player());
    QVERIFY(box.max().x > 10 * 16.0f && box.min().x < 11 * 16.0f);
    r.play.stop();
    // Nothing was edited, and the route is not kept as a play session.
    QCOMPARE(r.window.document()->undoStack()->count(), 0);
    QCOMPARE(replays.sessions().size(), 0);
    // Shown again and played on: the user's own session from there, kept.
    r.contextMenuAt(QPoint(10, 15));
    menu = r.reach->routeMenu();
    QVERIFY(menu);
    show = menu->findChild<QAction*>(QStringLiteral("actionShowRoute"));
    QVERIFY(show);
    show->trigger();
    menu->close();
    QTRY_VERIFY_WITH_TIMEOUT(!routes->isRunning(), 20000);
    QVERIFY(r.play.isPaused());
    r.play.playAction()->trigger(); // F5: play on
    QVERIFY(r.play.state() == ts::play::PlayController::State::Playing);
    r.play.stopAction()->trigger();
    QVERIFY(!r.play.isPlaying());
    QCOMPARE(replays.sessions().size(), 1);
}

void TestReachability::showRouteDrawsItsPathUntilDismissed() {
    Rig r;
    ts::play::ReplayController replays(&r.play);
    replays.setKeepingSessions(false);
    r.window.addExtension(&replays);
    QVERIFY(r.exposed());
    // An unrelated replay (walking right) with its ghost ticked in the Replays dock.
    QTemporaryDir dir;
    ts::level::InputScript walk;
    std::vector<ts::level::Diagnostic> errors;
    QVERIFY(ts::level::parseInputScript("1 200 right\n", "<test>", walk, errors));
    ts::level::Replay replay = ts::level::recordScript(r.window.document()->level(), walk, 200);
    replay.levelPath = "reach.yaml";
    const QString file = dir.filePath(QStringLiteral("walk.tsreplay"));
    QVERIFY(ts::level::saveReplayFile(replay, file.toStdString()));
    QString error;
    QVERIFY2(replays.openFile(file, &error), qPrintable(error));
    QCheckBox* ghostBox = replays.dock()->ghostBox();
    replays.dock()->setCurrentSession(0);
    QTest::mouseClick(ghostBox, Qt::LeftButton, {}, QPoint(8, ghostBox->height() / 2));
    QCOMPARE(replays.ghostSession(), 0);

    r.reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    auto* routes = r.play.findChild<ts::play::RoutePlayback*>();
    QVERIFY(routes);
    routes->setStepsPerFrame(20);
    QVERIFY(!routes->hideAction()->isEnabled());
    const auto showRoute = [&] {
        r.play.stop(); // the route menu is the editor's (play mode hides the tint)
        r.contextMenuAt(QPoint(10, 15));
        QMenu* menu = r.reach->routeMenu();
        QAction* show =
            menu ? menu->findChild<QAction*>(QStringLiteral("actionShowRoute")) : nullptr;
        if (!show)
            return false;
        show->trigger();
        menu->close();
        return QTest::qWaitFor([&] { return !routes->isRunning(); }, 20000);
    };
    QVERIFY(showRoute());
    const auto route = r.reach->result()->routeToSurface(10, 16);
    QVERIFY(route);
    // The path is the player's box centre at every step of the route, drawn whole.
    ts::play::RouteItem* item = routes->routeItem();
    QVERIFY(item && item->scene() == r.window.scene() && item->isVisible());
    const ts::play::RoutePath& path = item->path();
    QCOMPARE(path.centres.size(), qsizetype(route->steps) + 1);
    ts::play::PlaySession* session = r.play.session();
    QCOMPARE(path.centres.last(),
             session->sceneRect(session->world().aabb(session->player())).center());
    QCOMPARE(path.ticks.size(), qsizetype(route->steps / 60));
    // Up onto a platform 3 tiles high: one jump, its apex the path's highest point.
    QVERIFY(!path.apexes.isEmpty());
    qreal top = path.centres.first().y();
    for (const QPointF& c : path.centres)
        top = std::min(top, c.y());
    QVERIFY(std::any_of(path.apexes.cbegin(), path.apexes.cend(),
                        [&](int i) { return path.centres[i].y() == top; }));
    // Drawn in the route's own orange, and the unrelated replay's ghost is not drawn.
    QApplication::processEvents();
    const auto orangePixels = [&] {
        const QImage img = r.window.view()->viewport()->grab().toImage();
        const QColor o = ts::play::RouteItem::colour();
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QColor p = img.pixelColor(x, y);
                n += std::abs(p.red() - o.red()) < 30 && std::abs(p.green() - o.green()) < 30 &&
                     std::abs(p.blue() - o.blue()) < 30;
            }
        return n;
    };
    QVERIFY2(orangePixels() > 40, qPrintable(QString::number(orangePixels())));
    QVERIFY(!replays.ghostItem() || !replays.ghostItem()->isVisible());
    QVERIFY(routes->hideAction()->isEnabled());
    QVERIFY(r.window.findChild<QMenu*>(QStringLiteral("playMenu"))
                ->actions()
                .contains(routes->hideAction()));

    // It stays after play stops, until Esc in the view.
    r.play.stopAction()->trigger();
    QVERIFY(routes->routeItem());
    r.window.view()->setFocus();
    QTest::keyClick(r.window.view(), Qt::Key_Escape);
    QVERIFY(!routes->routeItem());
    QVERIFY(!r.play.isRouteShown());
    QVERIFY(orangePixels() < 10);

    // Play > Hide Route.
    QVERIFY(showRoute());
    QVERIFY(routes->routeItem());
    routes->hideAction()->trigger();
    QVERIFY(!routes->routeItem());

    // An edit of the level (a tile painted with the brush): the route no longer applies.
    QVERIFY(showRoute());
    r.play.stop();
    QVERIFY(routes->routeItem());
    ToolManager* tools = r.window.tools();
    tools->options()->setTileKind(Tile::Solid);
    tools->setCurrentTool(tools->findTool<ts::editor::BrushTool>());
    QTest::mouseClick(r.window.view()->viewport(), Qt::LeftButton, {}, r.at(QPoint(20, 10)));
    QCOMPARE(r.window.document()->level().tile(20, 10), Tile::Solid);
    QVERIFY(!routes->routeItem());
    QVERIFY(!routes->hideAction()->isEnabled());
}

void TestReachability::noMenuOffSurfaces() {
    Rig r;
    QVERIFY(r.exposed());
    r.contextMenuAt(QPoint(9, 15)); // overlay off
    QVERIFY(!r.reach->routeMenu());
    r.reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    r.contextMenuAt(QPoint(31, 12)); // above the unreachable platform
    QVERIFY(!r.reach->routeMenu());
    r.contextMenuAt(QPoint(20, 8)); // mid-air
    QVERIFY(!r.reach->routeMenu());
    QVERIFY(!r.reach->showRoute(QPoint(31, 13)));
}

void TestReachability::rightClickIsTheToolsOrTheContextMenus() {
    // One meaning per tool, as in Tiled: a tool with a right click of its own (the
    // Brush picks the tile kind: air picks the eraser) has it everywhere on the map,
    // over a tinted surface too; with the Select and Spawn tools, which have none, it
    // opens the context menu (Show Route), and the hint says so.
    Rig r;
    QVERIFY(r.exposed());
    ToolManager* tools = r.window.tools();
    auto* brush = tools->findTool<ts::editor::BrushTool>();
    tools->setCurrentTool(brush);
    r.reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    r.rightClickAt(QPoint(10, 15)); // the air just above the low platform
    QVERIFY(!r.reach->routeMenu() || !r.reach->routeMenu()->isVisible());
    QCOMPARE(tools->currentTool(),
             static_cast<AbstractTool*>(tools->findTool<ts::editor::EraserTool>()));
    for (AbstractTool* tool :
         {static_cast<AbstractTool*>(tools->findTool<ts::editor::SelectTool>()),
          static_cast<AbstractTool*>(tools->findTool<ts::editor::SpawnTool>())}) {
        tools->setCurrentTool(tool);
        QVERIFY2(r.window.statusBar()->currentMessage().contains(QStringLiteral("Show Route")),
                 qPrintable(r.window.statusBar()->currentMessage()));
        r.rightClickAt(QPoint(10, 15));
        QVERIFY2(r.reach->routeMenu() && r.reach->routeMenu()->isVisible(),
                 qPrintable(tool->name()));
        r.reach->routeMenu()->close();
        QCOMPARE(tools->currentTool(), tool);
    }
    tools->setCurrentTool(brush);
    QVERIFY(!r.window.statusBar()->currentMessage().contains(QStringLiteral("Show Route")));
    QCOMPARE(r.window.document()->undoStack()->count(), 0);
}

void TestReachability::smallMapEditKeepsTheStatusStill() {
    // A bucket fill on a small map: its search takes a few hundred ms at most.
    // The summary used to vanish from the status bar at the edit and come back
    // with the answer (the hint widening and narrowing again), and a search
    // ending just after the busy delay flashed the busy bar for a frame or two.
    Rig r;
    QVERIFY(r.exposed());
    r.reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    QWidget* status = r.reach->progressWidget();
    auto* bar = status->findChild<QProgressBar*>();
    QVERIFY(bar);
    QTRY_VERIFY(status->isVisible());
    ShowHideLog log;
    status->installEventFilter(&log);
    bar->installEventFilter(&log);
    ToolManager* tools = r.window.tools();
    tools->options()->setTileKind(Tile::OneWay);
    tools->setCurrentTool(tools->findTool<ts::editor::FillTool>());
    const int shown = r.reach->searchesShown();
    QTest::mouseClick(r.window.view()->viewport(), Qt::LeftButton, {}, r.at(QPoint(9, 16)));
    QCOMPARE(r.window.document()->level().tile(9, 16), Tile::OneWay);
    QVERIFY(r.reach->isBusy());
    QVERIFY(status->isVisible()); // the last summary, greyed, until the next answer
    QTRY_VERIFY_WITH_TIMEOUT(r.reach->searchesShown() > shown && !r.reach->isBusy(), 20000);
    QTest::qWait(ReachabilityOverlay::kBusyAtLeastMs + 100);
    QVERIFY(status->isVisible());
    QVERIFY(status->findChild<QLabel*>()->isEnabled());
    qint64 barShownAt = -1;
    for (const ShowHideLog::Entry& e : log.entries) {
        QVERIFY2(e.widget != status || e.shown, "the summary left the status bar");
        if (e.widget == bar && e.shown)
            barShownAt = e.ms;
        // A busy bar only when the search lasts (a slow machine): then it stays.
        if (e.widget == bar && !e.shown && barShownAt >= 0)
            QVERIFY2(e.ms - barShownAt >= ReachabilityOverlay::kBusyAtLeastMs - 20,
                     qPrintable(
                         QStringLiteral("the busy bar flashed for %1 ms").arg(e.ms - barShownAt)));
    }
}

void TestReachability::shownBusyBarStaysLongEnough() {
    // Shown at once and kept 2 s: the search of this small map ends long before
    // (a few hundred ms at most), and its answer (tint, summary, the end of
    // isBusy()) waits with the busy bar until the 2 s are over, then comes whole.
    Rig r;
    QVERIFY(r.exposed());
    constexpr int kAtLeast = 2000;
    r.reach->setBusyTimes(0, kAtLeast);
    QWidget* status = r.reach->progressWidget();
    auto* bar = status->findChild<QProgressBar*>();
    QVERIFY(bar);
    ShowHideLog log;
    bar->installEventFilter(&log);
    QSignalSpy answered(r.reach, &ReachabilityOverlay::resultChanged);
    r.reach->setEnabled(true);
    QVERIFY(r.reach->isBusyIndicatorShown());
    QVERIFY(bar->isVisible());
    QTest::qWait(kAtLeast / 2);
    QVERIFY(bar->isVisible());
    QVERIFY(r.reach->isBusy());
    QVERIFY(!r.reach->result());
    QCOMPARE(answered.size(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!r.reach->isBusy(), 20000);
    QVERIFY(log.now() >= kAtLeast - 20);
    QVERIFY(!bar->isVisible());
    QVERIFY(!r.reach->isBusyIndicatorShown());
    QCOMPARE(answered.size(), 1);
    QVERIFY(r.reach->item()->isSurface(QPoint(3, 19)));
    QVERIFY(r.reach->summaryText().startsWith(QStringLiteral("Reachability: ")));
    QCOMPARE(status->findChild<QLabel*>()->text(), r.reach->summaryText());
}

void TestReachability::searchKeepsACoreForTheWindow() {
    // A level whose search queues enough states to share them with helpers.
    const ts::level::Level level = ts::test::bandLevel(32);
    ts::level::ReachOptions all;
    all.threads = 2;
    QCOMPARE(ts::level::findReachable(level, all).threads(), 2);

    const int keep = std::max(1, QThread::idealThreadCount() - 1);
    QCOMPARE(ReachabilityOverlay::searchThreads(), keep);
    Rig r;
    r.window.setDocument(std::make_unique<LevelDocument>(level));
    QVERIFY(r.exposed());
    r.reach->setEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(r.settled(), 20000);
    QVERIFY(r.reach->result()->complete());
    QVERIFY2(r.reach->result()->threads() <= keep,
             qPrintable(QStringLiteral("%1 threads with %2 cores")
                            .arg(r.reach->result()->threads())
                            .arg(QThread::idealThreadCount())));
}

QTEST_MAIN(TestReachability)
#include "test_reachability.moc"
