// The texts that name the play keys (the status bar's hint while playing, the
// Play dock, the play actions' tooltips) are built from the bindings: the hint
// names Shift+F5, a changed shortcut changes every text that named it, and every
// key the texts name does what they say, pressed on the view's viewport.
#include "playwindow_testutil.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playsession.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
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

struct Window : playtest::PlayWindow {
    Window() : PlayWindow(keysLevel()) {}
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
};

QTEST_MAIN(TestPlayKeys)
#include "test_playkeys.moc"
