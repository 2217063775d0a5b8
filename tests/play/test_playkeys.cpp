// The texts that name the play keys (the status bar's hint while playing, the
// Play dock, the play actions' tooltips) are built from the bindings: the hint
// names Shift+F5, a changed shortcut changes every text that named it, and every
// key the texts name does what they say, pressed on the view's viewport. Reaching a
// goal (walked to with the keys, stepped with F6 or played with F5) lights the goal and
// the HUD's goal line for a second of game time; Play > Pause at Goal pauses there.
#include "goalmoment.h"
#include "playwindow_testutil.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/render/levelrenderer.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

#include <cstdint>
#include <memory>

using ts::editor::LevelDocument;
using ts::editor::MainWindow;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
using ts::play::PlayController;

namespace {

/// 24 x 12 tiles: floor and walls, the player at (3, 10).
Level keysLevel() {
    Level lv = playtest::walledLevel(24, 12);
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 10));
    return lv;
}

/// keysLevel() with goal 2 three tiles right of the player.
Level goalLevel() {
    Level lv = keysLevel();
    lv.spawns.push_back(lv.defaultSpawn(SpawnKind::Goal, 2, 7, 10));
    return lv;
}

struct Window : playtest::PlayWindow {
    explicit Window(Level level = keysLevel()) : PlayWindow(std::move(level)) {}
    /// The Play dock's text about the keys.
    QString dockKeysText() {
        for (const QLabel* label : dock()->findChildren<QLabel*>())
            if (label->text().contains(QStringLiteral("drop through")))
                return label->text();
        return {};
    }
};

} // namespace

class TestPlayKeys : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("Tilesmith"));
        QCoreApplication::setApplicationName(QStringLiteral("TilesmithPlayKeysTest"));
    }

    // Playing or paused, the hint names Shift+F5 too, and Shift+F5 does what it says.
    void hintNamesPlayFromCursor() {
        Window win;
        QVERIFY(win.activate());
        QWidget* vp = win.viewport();
        QTest::keyClick(vp, Qt::Key_F5); // play
        QVERIFY(win.play->state() == PlayController::State::Playing);
        QVERIFY2(win.hint().contains(QStringLiteral("Shift+F5: restart from the cursor")),
                 qPrintable(win.hint()));
        QTest::keyClick(vp, Qt::Key_F5); // pause
        QVERIFY(win.play->isPaused());
        QVERIFY2(win.hint().contains(QStringLiteral("Shift+F5: restart from the cursor")),
                 qPrintable(win.hint()));
        QVERIFY2(win.hint().contains(QStringLiteral("F6 or F10: one step")),
                 qPrintable(win.hint()));

        const QPoint tile(9, 10);
        QTest::mouseMove(vp, win.viewportPointOfTile(tile));
        QTest::keyClick(vp, Qt::Key_F5, Qt::ShiftModifier);
        QVERIFY(win.play->state() == PlayController::State::Playing);
        const ts::World& world = win.play->session()->world();
        QCOMPARE(world.position(win.play->session()->player()),
                 ts::level::tileBottomCenter(win.w.document()->level(), tile.x(), tile.y()));
    }

    // The shortcuts are the one definition: rebinding them changes the tooltips and
    // the hint, and the new keys work.
    void changedShortcutsChangeEveryText() {
        Window win;
        QVERIFY(win.activate());
        PlayController& play = *win.play;
        play.playAction()->setShortcut(QKeySequence(Qt::Key_F7));
        play.playHereAction()->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));
        play.stepAction()->setShortcuts({QKeySequence(Qt::Key_F8)});
        play.stopAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F7));

        const QString playTip = play.playAction()->toolTip();
        QVERIFY2(playTip.contains(QStringLiteral("(F7)")), qPrintable(playTip));
        QVERIFY2(playTip.contains(QStringLiteral("Shift+F7")), qPrintable(playTip));
        QVERIFY2(!playTip.contains(QStringLiteral("F5")), qPrintable(playTip));
        const QString hereTip = play.playHereAction()->toolTip();
        QVERIFY2(hereTip.contains(QStringLiteral("(Shift+F7)")), qPrintable(hereTip));
        QVERIFY2(!hereTip.contains(QStringLiteral("F5")), qPrintable(hereTip));
        const QString stepTip = play.stepAction()->toolTip();
        QVERIFY2(stepTip.contains(QStringLiteral("(F8)")), qPrintable(stepTip));
        QVERIFY2(!stepTip.contains(QStringLiteral("F6")) &&
                     !stepTip.contains(QStringLiteral("F10")),
                 qPrintable(stepTip));
        const QString stopTip = play.stopAction()->toolTip();
        QVERIFY2(stopTip.contains(QStringLiteral("Ctrl+F7, or Esc in the view")),
                 qPrintable(stopTip));
        QVERIFY2(!stopTip.contains(QStringLiteral("F5")), qPrintable(stopTip));

        QWidget* vp = win.viewport();
        QTest::keyClick(vp, Qt::Key_F7); // play
        QVERIFY(play.state() == PlayController::State::Playing);
        QVERIFY2(win.hint().contains(QStringLiteral("F7: pause")), qPrintable(win.hint()));
        QVERIFY2(win.hint().contains(QStringLiteral("Shift+F7: restart from the cursor")),
                 qPrintable(win.hint()));
        QVERIFY2(win.hint().contains(QStringLiteral("Ctrl+F7 or Esc: stop")),
                 qPrintable(win.hint()));
        QVERIFY2(!win.hint().contains(QStringLiteral("F5")), qPrintable(win.hint()));
        QTest::keyClick(vp, Qt::Key_F7); // pause
        QVERIFY(play.isPaused());
        QVERIFY2(win.hint().startsWith(QStringLiteral("Paused: F7: resume")),
                 qPrintable(win.hint()));
        QVERIFY2(win.hint().contains(QStringLiteral("F8: one step")), qPrintable(win.hint()));
        QVERIFY2(!win.hint().contains(QStringLiteral("F5")) &&
                     !win.hint().contains(QStringLiteral("F6")),
                 qPrintable(win.hint()));
        const std::uint64_t steps = play.session()->steps();
        QTest::keyClick(vp, Qt::Key_F8); // one step
        QCOMPARE(play.session()->steps(), steps + 1);

        // Rebinding while paused updates the hint on the spot.
        play.stepAction()->setShortcuts({QKeySequence(Qt::Key_F9)});
        QVERIFY2(win.hint().contains(QStringLiteral("F9: one step")), qPrintable(win.hint()));
        QTest::keyClick(vp, Qt::Key_F7, Qt::ControlModifier); // stop
        QVERIFY(!play.isPlaying());
    }

    // Every key the hint and the dock name steers the player as they say.
    void theKeysTheTextsNameSteerThePlayer() {
        Window win;
        QVERIFY(win.activate());
        QWidget* vp = win.viewport();
        QTest::keyClick(vp, Qt::Key_F5); // play
        QVERIFY(win.play->state() == PlayController::State::Playing);
        const QString hint = win.hint();
        const QString dock = win.dockKeysText();
        for (const char* text : {"A/D or \u2190/\u2192 walk", "W/\u2191 jump",
                                 "S/\u2193 drop through", "Space: clone"}) {
            QVERIFY2(hint.contains(QString::fromUtf8(text)), qPrintable(hint));
            QVERIFY2(dock.contains(QString::fromUtf8(text)), qPrintable(dock));
        }
        QVERIFY2(dock.contains(QStringLiteral("Esc in the dock")), qPrintable(dock));
        QVERIFY2(hint.contains(QStringLiteral("Esc: stop")), qPrintable(hint));

        const struct {
            Qt::Key key;
            bool ts::Input::*held;
        } held[] = {{Qt::Key_A, &ts::Input::left},  {Qt::Key_Left, &ts::Input::left},
                    {Qt::Key_D, &ts::Input::right}, {Qt::Key_Right, &ts::Input::right},
                    {Qt::Key_W, &ts::Input::jump},  {Qt::Key_Up, &ts::Input::jump},
                    {Qt::Key_S, &ts::Input::down},  {Qt::Key_Down, &ts::Input::down}};
        for (const auto& k : held) {
            QTest::keyPress(vp, k.key);
            QVERIFY2(win.play->heldInput().*k.held, qPrintable(QKeySequence(k.key).toString()));
            QTest::keyRelease(vp, k.key);
            QVERIFY(!(win.play->heldInput().*k.held));
        }
        const std::size_t bodies = win.play->session()->world().bodyCount();
        QTest::keyClick(vp, Qt::Key_Space); // clone
        QCOMPARE(win.play->session()->world().bodyCount(), bodies + 1);
        QTest::keyClick(vp, Qt::Key_Escape); // stop
        QVERIFY(!win.play->isPlaying());
    }

    void reachingAGoalLightsItAndPauseAtGoalStops() {
        Window win(goalLevel());
        QVERIFY(win.activate());
        QWidget* vp = win.viewport();
        auto* moment = win.play->findChild<ts::play::GoalMoment*>();
        QVERIFY(moment);
        QAction* pauseAtGoal = moment->pauseAtGoalAction();
        QVERIFY(
            win.w.findChild<QMenu*>(QStringLiteral("playMenu"))->actions().contains(pauseAtGoal));
        QVERIFY(!pauseAtGoal->isChecked());
        const QRectF glyph = ts::render::spawnRect(win.w.document()->level(),
                                                   *win.w.document()->level().findSpawn(2));
        const auto goldPixels = [&] {
            QApplication::processEvents();
            const QImage img = vp->grab().toImage();
            const QColor g = ts::play::GoalMomentItem::colour();
            const QRect around =
                win.w.view()->mapFromScene(glyph).boundingRect().adjusted(-30, -30, 30, 30);
            int n = 0;
            for (int y = std::max(0, around.top()); y < std::min(img.height(), around.bottom());
                 ++y)
                for (int x = std::max(0, around.left()); x < std::min(img.width(), around.right());
                     ++x) {
                    const QColor p = img.pixelColor(x, y);
                    n += std::abs(p.red() - g.red()) < 12 && std::abs(p.green() - g.green()) < 12 &&
                         std::abs(p.blue() - g.blue()) < 12;
                }
            return n;
        };
        // Walk right a step at a time (F6) until the goal is reached.
        QTest::keyClick(vp, Qt::Key_F6);
        QVERIFY(win.play->isPaused());
        const int before = goldPixels(); // the running level's own colours near the goal
        QTest::keyPress(vp, Qt::Key_Right);
        for (int i = 0; i < 300 && win.play->session()->goalEvents().empty(); ++i)
            QTest::keyClick(vp, Qt::Key_F6);
        QTest::keyRelease(vp, Qt::Key_Right);
        QCOMPARE(win.play->session()->goalEvents().size(), std::size_t(1));
        const std::uint64_t reached = win.play->session()->goalEvents().front().step;
        QCOMPARE(win.play->session()->steps(), reached);
        // The moment: the goal lit at full strength, and the HUD's goal line with it.
        QVERIFY(moment->item());
        QCOMPARE(moment->item()->marks().size(), 1);
        const ts::play::GoalMomentItem::Mark mark = moment->item()->marks().front();
        QCOMPARE(mark.goalId, 2);
        QCOMPARE(mark.strength, 1.0);
        QCOMPARE(win.play->hud()->goalHighlight(), 1.0);
        QVERIFY(win.play->hud()->lines().last().startsWith(QStringLiteral("Goal 2 reached")));
        QVERIFY2(goldPixels() > before + 30, qPrintable(QString::number(goldPixels())));
        // Half a second of game time later it fades; after a second it is gone.
        for (int i = 0; i < 30; ++i)
            QTest::keyClick(vp, Qt::Key_F6);
        QCOMPARE(moment->item()->marks().size(), 1);
        QVERIFY(std::abs(moment->item()->marks().front().strength - 0.5) < 0.02);
        QVERIFY(win.play->hud()->goalHighlight() < 0.6);
        for (int i = 0; i < 30; ++i)
            QTest::keyClick(vp, Qt::Key_F6);
        QVERIFY(moment->item()->marks().isEmpty());
        QCOMPARE(win.play->hud()->goalHighlight(), 0.0);
        QCOMPARE(goldPixels(), before);
        QTest::keyClick(vp, Qt::Key_Escape);
        QVERIFY(!win.play->isPlaying());
        QVERIFY(!moment->item());

        // Play > Pause at Goal: F5, then Right held, plays until the goal and pauses there.
        pauseAtGoal->trigger();
        QVERIFY(pauseAtGoal->isChecked());
        QTest::keyClick(vp, Qt::Key_F5);
        QVERIFY(win.play->state() == PlayController::State::Playing);
        QTest::keyPress(vp, Qt::Key_Right);
        QTRY_VERIFY_WITH_TIMEOUT(win.play->isPaused(), 10000);
        QTest::keyRelease(vp, Qt::Key_Right);
        const auto& goals = win.play->session()->goalEvents();
        QCOMPARE(goals.size(), std::size_t(1));
        // Paused in the frame that reached it (a frame runs a few steps at most).
        QVERIFY(win.play->session()->steps() - goals.front().step < 5);
        QVERIFY(!moment->item()->marks().isEmpty());
        QVERIFY2(win.hint().contains(QStringLiteral("Paused at goal 2")), qPrintable(win.hint()));
        pauseAtGoal->trigger(); // off again (not saved: the window's settings are off)
        QTest::keyClick(vp, Qt::Key_Escape);
    }
};

QTEST_MAIN(TestPlayKeys)
#include "test_playkeys.moc"
