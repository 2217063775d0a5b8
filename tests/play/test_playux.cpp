// Play mode as a designer meets it, in a main window with real key
// and mouse events: the game keys reach the player whatever widget of the dock
// was touched last, Esc and a click bring the keyboard back to the view without
// editing, the size slider grows the player from its feet and resets to 1x,
// spawn edits during play reach the running world, Play starts from a value
// still being typed in the properties dock, Play refuses a level without
// a player, Shift+F5 over a wall starts on the nearest standing place, the
// status bar says what the keys do while playing (the tool's hint after), the
// Jump Arc tool's pinned arcs leave the running level and come back on Stop, and
// the Play dock uses the format's ranges without rounding untouched values.
#include "playwindow_testutil.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/jumparcitem.h"
#include "tilesmith/editor/jumparctool.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"
#include "tools/brushtool.h"
#include "tools/spawntool.h"
#include "widgets/propertiesdock.h"

#include <QAction>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QWindow>

#include <algorithm>
#include <cstdlib>
#include <memory>

using ts::editor::LevelDocument;
using ts::editor::MainWindow;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
using ts::play::PlayController;
namespace limits = ts::level::limits;

namespace {

/// 24 x 12 tiles: floor, walls, the player at (3, 10), an NPC and a box.
Level playLevel() {
    Level lv = playtest::walledLevel(24, 12);
    // A block of wall to play "from" (x 12..14, y 6..10).
    for (int y = 6; y <= 10; ++y)
        for (int x = 12; x <= 14; ++x)
            lv.setTile(x, y, ts::Tile::Solid);
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 10));
    Spawn npc = Spawn::withDefaults(SpawnKind::Npc, 2, 18, 10);
    npc.vx = 60;
    lv.spawns.push_back(npc);
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 3, 8, 10));
    return lv;
}

struct Window : playtest::PlayWindow {
    explicit Window(Level level = playLevel()) : PlayWindow(std::move(level)) {}
};

} // namespace

class TestPlayUx : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("Tilesmith"));
        QCoreApplication::setApplicationName(QStringLiteral("TilesmithPlayUxTest"));
    }

    // --- item 1: the keyboard is never trapped in the dock -------------------------
    // Play mode is an extension of the window (MainWindow::addExtension()): the window
    // places its Play menu, View > Overlays (before Docks and Tool Bars), its tool-bar
    // actions and its dock, and the bare editor window has none of them.
    void playModeAddsItsPartsToTheWindow() {
        ts::editor::MainWindow bare;
        bare.setSettingsEnabled(false);
        QVERIFY(!bare.findChild<QMenu*>(QStringLiteral("playMenu")));
        QVERIFY(!bare.findChild<QMenu*>(QStringLiteral("overlaysMenu")));
        QVERIFY(!bare.findChild<ts::play::PlayDock*>());

        Window win;
        auto* playMenu = win.w.findChild<QMenu*>(QStringLiteral("playMenu"));
        auto* overlaysMenu = win.w.findChild<QMenu*>(QStringLiteral("overlaysMenu"));
        QVERIFY(playMenu);
        QVERIFY(overlaysMenu);
        QVERIFY(win.w.menuBar()->actions().contains(playMenu->menuAction()));
        QVERIFY(playMenu->actions().contains(win.play->playAction()));
        QVERIFY(overlaysMenu->actions().contains(win.play->collapseLegendAction()));
        // View: ..., Reachability, Overlays, a separator, Docks and Tool Bars.
        QMenu* view = nullptr;
        for (QAction* a : win.w.menuBar()->actions())
            if (a->menu() && a->menu()->actions().contains(overlaysMenu->menuAction()))
                view = a->menu();
        QVERIFY(view);
        const QList<QAction*> items = view->actions();
        const auto at = items.indexOf(overlaysMenu->menuAction());
        QCOMPARE(items.at(at - 1), win.w.reachability()->action());
        QVERIFY(items.at(at + 1)->isSeparator());
        auto* bar = win.w.findChild<QToolBar*>(QStringLiteral("MainToolBar"));
        QVERIFY(bar->actions().contains(win.play->playAction()));
        QVERIFY(bar->actions().contains(win.play->stopAction()));
        QCOMPARE(win.w.findChild<ts::play::PlayDock*>(), win.play->dock());
        QCOMPARE(win.w.dockWidgetArea(win.play->dock()), Qt::RightDockWidgetArea);
    }

    void gameKeysReachThePlayerFromTheDock() {
        Window win;
        QVERIFY(win.activate());
        win.play->play();
        win.play->pause(); // steps below are explicit
        QVERIFY(win.play->isPlaying());
        QSlider* slider = win.dock()->playerSizeSlider();
        win.dock()->show();
        // Touch the slider: it takes the keyboard focus from the click.
        QTest::mouseClick(slider, Qt::LeftButton, {}, slider->rect().center());
        slider->setValue(100);
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(slider));

        // Right arrow: the player's key, not the slider's.
        QTest::keyPress(win.handle(), Qt::Key_Right);
        QVERIFY(win.play->heldInput().right);
        QCOMPARE(slider->value(), 100);
        const float x0 = win.world().position(win.play->session()->player()).x;
        win.play->runSteps(20);
        QVERIFY(win.world().position(win.play->session()->player()).x > x0 + 10);
        QTest::keyRelease(win.handle(), Qt::Key_Right);
        QVERIFY(!win.play->heldInput().right);

        // A settings field: W jumps, S drops (never the Select tool's S), the value stays.
        QDoubleSpinBox* gravity = win.dock()->gravityBox();
        const double g = gravity->value();
        gravity->setFocus();
        QTRY_VERIFY(gravity->hasFocus() || gravity->isAncestorOf(QApplication::focusWidget()));
        ts::editor::AbstractTool* tool = win.w.tools()->currentTool();
        QTest::keyPress(win.handle(), Qt::Key_W);
        QVERIFY(win.play->heldInput().jump);
        QTest::keyRelease(win.handle(), Qt::Key_W);
        QTest::keyPress(win.handle(), Qt::Key_S);
        QVERIFY(win.play->heldInput().down);
        QTest::keyRelease(win.handle(), Qt::Key_S);
        QTest::keyClick(win.handle(), Qt::Key_Up);
        QCOMPARE(gravity->value(), g);
        QCOMPARE(win.w.tools()->currentTool(), tool);

        // Esc gives the keyboard back to the view and keeps playing.
        QTest::keyClick(win.handle(), Qt::Key_Escape);
        QTRY_VERIFY(win.w.view()->hasFocus());
        QVERIFY(win.play->isPlaying());
        QTest::keyPress(win.handle(), Qt::Key_A);
        QVERIFY(win.play->heldInput().left);
        QTest::keyRelease(win.handle(), Qt::Key_A);

        // A click on the map while a field has the keyboard only takes it back.
        gravity->setFocus();
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::BrushTool>());
        const QPoint empty = win.viewportPointOfTile(QPoint(6, 3));
        QTest::mouseClick(win.w.view()->viewport(), Qt::LeftButton, {}, empty);
        QTRY_VERIFY(win.w.view()->hasFocus());
        QCOMPARE(win.w.document()->level().tile(6, 3), ts::Tile::Empty);
        // The next click edits as usual (and reaches the running world).
        QTest::mouseClick(win.w.view()->viewport(), Qt::LeftButton, {}, empty);
        QCOMPARE(win.w.document()->level().tile(6, 3), ts::Tile::Solid);
        win.play->stop();
        // Editing again: the slider takes its keys as usual.
        slider->setFocus();
        QTRY_VERIFY(slider->hasFocus());
        QTest::keyClick(win.handle(), Qt::Key_Right);
        QCOMPARE(slider->value(), 101);
    }

    // A dock floated off the window plays as a docked one: its slider's arrows move the
    // player (they changed the slider, or a kind box's kind, before).
    void gameKeysReachThePlayerFromAFloatingDock() {
        Window win;
        QVERIFY(win.activate());
        win.play->play();
        win.play->pause();
        ts::play::PlayDock* dock = win.dock();
        dock->show();
        dock->setFloating(true);
        dock->activateWindow();
        QSlider* slider = dock->playerSizeSlider();
        slider->setValue(100);
        slider->setFocus();
        QTRY_VERIFY(slider->hasFocus());
        QVERIFY(slider->window() != win.w.window());
        QTest::keyPress(slider, Qt::Key_Right);
        QVERIFY(win.play->heldInput().right);
        QCOMPARE(slider->value(), 100);
        QTest::keyRelease(slider, Qt::Key_Right);
        QVERIFY(!win.play->heldInput().right);
        dock->setFloating(false);
        win.play->stop();
    }

    // --- item 2: the size slider ---------------------------------------------------------
    void sizeSliderGrowsFromTheFeetAndResets() {
        Window win;
        win.play->play();
        win.play->pause();
        win.play->runSteps(30); // standing on the floor
        const ts::BodyId p = win.play->session()->player();
        const ts::Aabb before = win.world().aabb(p);
        win.dock()->playerSizeSlider()->setValue(200);
        QCOMPARE(win.world().scale(p), (ts::Vec2{2.0f, 2.0f}));
        auto* label = win.dock()->findChild<QLabel*>(QStringLiteral("playerSizeLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("2.00\u00d7"));
        const ts::Aabb grown = win.world().aabb(p);
        QCOMPARE(grown.min().y, before.min().y); // the feet stay on the floor
        QVERIFY(grown.max().y > before.max().y);
        QTest::mouseClick(win.dock()->playerSizeResetButton(), Qt::LeftButton);
        QCOMPARE(win.dock()->playerSizeSlider()->value(), 100);
        QCOMPARE(win.world().scale(p), (ts::Vec2{1.0f, 1.0f}));
        QCOMPARE(label->text(), QStringLiteral("1.00\u00d7"));
        QCOMPARE(win.world().aabb(p).min().y, before.min().y);
    }

    // The follow camera keeps to the map like a game's: a player in the map's
    // corner has the map's corner in the view's corner, not grey space around it.
    void followCameraStaysOnTheMap() {
        Level lv = playtest::walledLevel(160, 80);
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, 78));
        Window win(std::move(lv));
        QVERIFY(QTest::qWaitForWindowExposed(&win.w));
        QVERIFY(win.play->followAction()->isChecked());
        ts::editor::EditorView* view = win.w.view();
        view->setZoom(2.0);
        win.play->play();
        win.play->pause();
        win.play->runSteps(3);
        const QRectF map(0, 0, 160 * 16, 80 * 16);
        const QRectF visible = view->mapToScene(view->viewport()->rect()).boundingRect();
        QVERIFY(visible.width() < map.width() && visible.height() < map.height());
        QVERIFY2(visible.left() >= map.left() - 1 && visible.bottom() <= map.bottom() + 1,
                 qPrintable(QStringLiteral("the view shows (%1, %2)-(%3, %4) of a map 0-%5 x 0-%6")
                                .arg(visible.left())
                                .arg(visible.top())
                                .arg(visible.right())
                                .arg(visible.bottom())
                                .arg(map.width())
                                .arg(map.height())));
        // In the open the camera is on the player; where the map fits, on its middle.
        const QSizeF seen(400, 300);
        QCOMPARE(PlayController::followCentre(QPointF(1000, 600), map, seen), QPointF(1000, 600));
        QCOMPARE(PlayController::followCentre(QPointF(30, 1270), map, seen), QPointF(200, 1130));
        QCOMPARE(PlayController::followCentre(QPointF(2550, 10), map, seen), QPointF(2360, 150));
        QCOMPARE(PlayController::followCentre(QPointF(30, 10), QRectF(0, 0, 320, 200), seen),
                 QPointF(160, 100));
    }

    // --- item 3: spawn edits during play -----------------------------------------------
    void spawnEditsReachTheRunningWorld() {
        Window win;
        QVERIFY(win.activate());
        win.play->play();
        win.play->pause();
        const std::size_t bodies = win.world().bodies().size();
        QVERIFY(!win.bodyOf(2).isNull());

        // Place a box in the air with the spawn tool (left button while playing).
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::SpawnTool>());
        win.w.tools()->options()->setSpawnKind(SpawnKind::Box);
        QTest::mouseClick(win.w.view()->viewport(), Qt::LeftButton, {},
                          win.viewportPointOfTile(QPoint(5, 3)));
        const auto& spawns = win.w.document()->level().spawns;
        QCOMPARE(spawns.size(), std::size_t(4));
        const int boxId = spawns.back().id;
        QCOMPARE(win.world().bodies().size(), bodies + 1);
        const ts::BodyId box = win.bodyOf(boxId);
        QVERIFY(!box.isNull());
        const float y0 = win.world().position(box).y;
        QCOMPARE(win.world().position(box).x,
                 ts::level::tileBottomCenter(win.w.document()->level(), 5, 3).x);
        win.play->runSteps(20);
        QVERIFY(win.world().position(win.bodyOf(boxId)).y < y0 - 5); // it falls

        // Delete the NPC (spawn glyphs are hidden while playing, so through the
        // document, as Delete does): it disappears from the world; undo brings it back.
        win.w.document()->removeSpawns({2});
        QVERIFY(win.bodyOf(2).isNull());
        QCOMPARE(win.world().bodies().size(), bodies);
        win.w.document()->undoStack()->undo();
        QVERIFY(!win.bodyOf(2).isNull());

        // Move the box spawn at (8, 10): a fresh body where it now stands; the
        // player, untouched, keeps running where it is.
        win.play->runSteps(5);
        const ts::Vec2 player = win.world().position(win.play->session()->player());
        win.w.document()->moveSpawns({3}, QPoint(2, -3));
        QCOMPARE(win.world().position(win.bodyOf(3)),
                 ts::level::tileBottomCenter(win.w.document()->level(), 10, 7));
        QCOMPARE(win.world().position(win.play->session()->player()), player);
        // The editor's spawn glyphs stay hidden (transparent) while the bodies stand in.
        for (QGraphicsItem* item : win.w.scene()->items())
            if (item->type() == ts::editor::SpawnItem::Type)
                QCOMPARE(item->opacity(), 0.0);
        // Stop: the level holds exactly the edits made.
        win.play->stop();
        QCOMPARE(win.w.document()->level().spawns.size(), std::size_t(4));
        QCOMPARE(win.w.document()->level().findSpawn(3)->x, 10);
    }

    void playTakesAValueStillBeingTyped() {
        // A box's mass typed in the properties dock (no Enter yet), then F5: the
        // session starts from the typed mass, as one undoable edit of the level.
        Window win;
        QVERIFY(win.activate());
        const float before = win.w.document()->level().findSpawn(3)->mass; // the box
        QVERIFY(before != 5.0f);
        win.w.scene()->setSelectedSpawns({3});
        QDoubleSpinBox* mass = win.w.findChild<ts::editor::PropertiesDock*>()->massBox();
        mass->setFocus();
        QTRY_VERIFY(mass->hasFocus());
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("5"));
        QTest::keyClick(mass, Qt::Key_F5);
        QVERIFY(win.play->session());
        QCOMPARE(win.play->session()->level().findSpawn(3)->mass, 5.0f);
        QCOMPARE(win.w.document()->level().findSpawn(3)->mass, 5.0f);
        win.play->stop();
        win.w.document()->undoStack()->undo();
        QCOMPARE(win.w.document()->level().findSpawn(3)->mass, before);
    }

    // --- item 4: no player ----------------------------------------------------------------
    void playWithoutAPlayerSaysSo() {
        Level lv = playLevel();
        lv.spawns.erase(lv.spawns.begin());
        Window win(lv);
        QSignalSpy said(win.play.get(), &PlayController::statusMessage);
        win.play->play();
        QVERIFY(!win.play->isPlaying());
        QCOMPARE(said.count(), 1);
        QVERIFY(said.first().first().toString().contains(QStringLiteral("no player")));
        QVERIFY(win.w.statusBar()->currentMessage().contains(QStringLiteral("no player")));
        win.play->stepOnce();
        QVERIFY(!win.play->isPlaying());
    }

    // --- item 10: Shift+F5 over a wall ---------------------------------------------------
    void playFromCursorOverAWallStandsNearby() {
        Window win;
        QVERIFY(win.activate());
        QSignalSpy said(win.play.get(), &PlayController::statusMessage);
        // The cursor over the block of wall, then Shift+F5.
        const QPoint wall = win.viewportPointOfTile(QPoint(13, 6));
        QTest::mouseMove(win.w.view()->viewport(), wall);
        QTest::keyClick(win.handle(), Qt::Key_F5, Qt::ShiftModifier);
        QVERIFY(win.play->isPlaying());
        const ts::BodyId p = win.play->session()->player();
        // The nearest place to stand: on top of the block (13, 5).
        QCOMPARE(win.world().position(p),
                 ts::level::tileBottomCenter(win.w.document()->level(), 13, 5));
        QCOMPARE(said.count(), 1);
        QVERIFY(said.first().first().toString().contains(QStringLiteral("13, 5")));
        // The level's own player spawn did not move.
        QCOMPARE(win.w.document()->level().player()->x, 3);
        win.play->stop();

        // A free tile is used as it is.
        win.play->playFromTile(QPoint(6, 10));
        QCOMPARE(win.world().position(win.play->session()->player()),
                 ts::level::tileBottomCenter(win.w.document()->level(), 6, 10));
        win.play->stop();

        // A map with no room at all says why and does not play.
        Level full = Level::make(4, 4);
        for (ts::Tile& t : full.tiles)
            t = ts::Tile::Solid;
        full.setTile(1, 1, ts::Tile::Empty);
        full.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 1));
        Window boxed(full);
        QSignalSpy why(boxed.play.get(), &PlayController::statusMessage);
        // The one free tile (1, 1) fits a 12 x 20 player only if tiles are 20 px:
        // at 16 px the body would reach into the solid row above.
        boxed.play->playFromTile(QPoint(2, 2));
        QVERIFY(!boxed.play->isPlaying());
        QCOMPARE(why.count(), 1);
        QVERIFY(why.first().first().toString().startsWith(QStringLiteral("Cannot play")));
    }

    // --- the status bar's hint while playing ---------------------------------------------
    // The bar shows what the keys do in play (and in a watched replay), not the edit
    // tool's hint; the tool's hint comes back when play stops.
    void statusBarHintFollowsPlay() {
        Window win;
        ts::play::ReplayController replays(win.play.get());
        win.w.addExtension(&replays);
        QVERIFY(win.activate());
        ts::editor::ToolManager* tools = win.w.tools();
        tools->setCurrentTool(tools->findTool<ts::editor::JumpArcTool>());
        const QString toolHint = tools->findTool<ts::editor::JumpArcTool>()->statusHint();
        QStatusBar* bar = win.w.statusBar();
        QCOMPARE(bar->currentMessage(), toolHint);

        QTest::keyClick(win.handle(), Qt::Key_F5); // play
        QVERIFY(win.play->state() == PlayController::State::Playing);
        // How to stop comes first, so a narrow window's cut never hides it.
        QVERIFY2(bar->currentMessage().startsWith(
                     QStringLiteral("Playing: Ctrl+F5 or Esc: stop · F5: pause · A/D or ←/→ walk")),
                 qPrintable(bar->currentMessage()));
        // The tool's hint changing underneath (the Jump Arc tool over a tile
        // with arcs again) does not replace the play hint.
        emit tools->findTool<ts::editor::JumpArcTool>()->statusHintChanged(toolHint);
        QVERIFY(bar->currentMessage().startsWith(QStringLiteral("Playing:")));

        QTest::keyClick(win.handle(), Qt::Key_F5); // pause
        QVERIFY(win.play->isPaused());
        QVERIFY2(bar->currentMessage().startsWith(QStringLiteral("Paused: F5: resume")),
                 qPrintable(bar->currentMessage()));
        QTest::keyClick(win.handle(), Qt::Key_F6); // one step: the session is recorded
        QVERIFY(win.play->session()->steps() > 0);
        QTest::keyClick(win.handle(), Qt::Key_F5, Qt::ControlModifier); // stop
        QVERIFY(!win.play->isPlaying());
        QCOMPARE(bar->currentMessage(), toolHint);

        // Watching the recorded session: the replay's keys.
        QVERIFY(replays.watch(0));
        QVERIFY2(bar->currentMessage().startsWith(QStringLiteral("Watching a replay:")),
                 qPrintable(bar->currentMessage()));
        win.w.view()->setFocus();
        QTest::keyClick(win.handle(), Qt::Key_F5); // play live from the step shown
        QVERIFY(!replays.isWatching());
        QVERIFY(win.play->state() == PlayController::State::Playing);
        QVERIFY(bar->currentMessage().startsWith(QStringLiteral("Playing:")));
        QTest::keyClick(win.w.view()->viewport(), Qt::Key_Escape); // stop
        QVERIFY(!win.play->isPlaying());
        QCOMPARE(bar->currentMessage(), toolHint);
    }

    // --- jump arcs wait for Stop ------------------------------------------------------------
    // Arcs pinned with the Jump Arc tool predict the level being edited; over the
    // running level they would read as part of it. Play hides them, choosing the
    // tool again while playing does not bring them back, Stop does.
    void pinnedJumpArcsLeaveWhilePlaying() {
        Window win;
        QVERIFY(win.activate());
        ts::editor::ToolManager* tools = win.w.tools();
        ts::editor::JumpArcTool* arcTool = tools->findTool<ts::editor::JumpArcTool>();
        tools->setCurrentTool(arcTool);
        QWidget* vp = win.w.view()->viewport();
        const QPoint top = win.viewportPointOfTile(QPoint(13, 5)); // on the block of wall
        QTest::mouseMove(vp, top);
        QTest::mouseClick(vp, Qt::LeftButton, {}, top);
        QVERIFY(arcTool->isPinned());
        QVERIFY(arcTool->item() && !arcTool->item()->isEmpty());
        const QColor orange = ts::editor::JumpArcItem::colour(ts::leveledit::ArcKind::FullJump);
        auto arcPixels = [&] {
            QApplication::processEvents();
            const QImage img = vp->grab().toImage();
            int n = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) {
                    const QColor p = img.pixelColor(x, y);
                    n += std::abs(p.red() - orange.red()) + std::abs(p.green() - orange.green()) +
                             std::abs(p.blue() - orange.blue()) <
                         30;
                }
            return n;
        };
        const int editing = arcPixels();
        QVERIFY2(editing > 40, qPrintable(QString::number(editing)));

        QTest::keyClick(vp, Qt::Key_F5); // play
        QVERIFY(win.play->state() == PlayController::State::Playing);
        QVERIFY(!arcTool->item()->isVisible());
        QVERIFY2(arcPixels() < editing / 10, qPrintable(QString::number(arcPixels())));
        // Another tool and back (B, J) makes a new arc item: it waits for Stop too.
        QTest::keyClick(vp, Qt::Key_B);
        QCOMPARE(tools->currentTool(),
                 static_cast<ts::editor::AbstractTool*>(tools->findTool<ts::editor::BrushTool>()));
        QTest::keyClick(vp, Qt::Key_J);
        QCOMPARE(tools->currentTool(), static_cast<ts::editor::AbstractTool*>(arcTool));
        QVERIFY(win.play->isPlaying());
        QVERIFY(arcTool->item() && !arcTool->item()->isEmpty());
        QVERIFY(!arcTool->item()->isVisible());
        QVERIFY2(arcPixels() < editing / 10, qPrintable(QString::number(arcPixels())));
        QTest::keyClick(vp, Qt::Key_F5); // pause: still a running level
        QVERIFY(win.play->isPaused());
        QVERIFY(!arcTool->item()->isVisible());

        QTest::keyClick(vp, Qt::Key_Escape); // stop: the pinned arcs are back
        QVERIFY(!win.play->isPlaying());
        QVERIFY(arcTool->isPinned());
        QCOMPARE(arcTool->arcTile(), QPoint(13, 5));
        QVERIFY(arcTool->item()->isVisible());
        QVERIFY2(arcPixels() > editing / 2, qPrintable(QString::number(arcPixels())));
    }

    // --- items 2, 8: the Play dock's ranges, no rounding -----------------------------------
    void playDockUsesTheFormatsRangesWithoutRounding() {
        ts::play::PlayDock dock;
        QCOMPARE(dock.gravityBox()->maximum(), limits::kGravity.hi);
        QCOMPARE(dock.gravityBox()->minimum(), limits::kGravity.lo);
        QCOMPARE(dock.walkSpeedBox()->maximum(), limits::kSpeed.hi);
        QCOMPARE(dock.jumpSpeedBox()->maximum(), limits::kSpeed.hi);
        QCOMPARE(dock.cellBox()->minimum(), limits::kPartitionCell.lo);
        QCOMPARE(dock.cellBox()->maximum(), limits::kPartitionCell.hi);
        QCOMPARE(dock.cellBox()->suffix().trimmed(), QStringLiteral("tiles"));
        ts::WorldSettings s;
        s.gravity = 1500.123f;
        s.walkSpeed = 161.5f;
        s.jumpSpeed = 480.25f;
        dock.setSettings(s);
        dock.setPlaying(true);
        QSignalSpy edited(&dock, &ts::play::PlayDock::settingsEdited);
        dock.walkSpeedBox()->setValue(200);
        QCOMPARE(edited.count(), 1);
        const ts::WorldSettings out = dock.settings();
        QCOMPARE(out.walkSpeed, 200.0f);
        QCOMPARE(out.gravity, 1500.123f); // untouched: not rounded
        QCOMPARE(out.jumpSpeed, 480.25f);
    }
};

QTEST_MAIN(TestPlayUx)
#include "test_playux.moc"
