// Editing while playing, then watching the session: a tile painted with a right-click and a
// spawn placed with the Spawn tool while playing (real mouse events on the view) are
// recorded at their steps, the recording goes on, and the kept session watched on the level
// the session left (the edits in it) replays without a desync; Play from Here past the edits
// continues a session that replays too.
#include "document/autosave.h"
#include "recoverydir.h"
#include "replaydock.h"
#include "replaytimeline.h"
#include "samplelevels.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"
#include "tools/spawntool.h"

#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using testlevels::loadSample;
using ts::level::Replay;
using ts::level::ReplayEventKind;
using ts::play::PlayController;

namespace {

/// A main window on the tutorial with play mode and replays, its crash recovery files in
/// a temporary directory and its settings off.
struct Window {
    Window() {
        w.setSettingsEnabled(false);
        w.addExtension(&play);
        w.addExtension(&replays);
        w.setDocument(std::make_unique<ts::editor::LevelDocument>(loadSample("tutorial.yaml")));
        play.setPersistOverlays(false);
        w.resize(1200, 800);
        w.show();
    }
    ~Window() { w.document()->undoStack()->setClean(); }
    tstest::RecoveryDir recovery; // before the window, which autosaves there
    ts::editor::MainWindow w;
    PlayController play;
    ts::play::ReplayController replays{&play};

    QWidget* viewport() { return w.view()->viewport(); }
    /// Where `tile` is in the viewport now (scrolled into view first).
    QPoint pointOfTile(QPoint tile) {
        const QPointF c = w.scene()->tileCenter(tile);
        w.view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
        return w.view()->mapFromScene(c);
    }
    void key(Qt::Key k, bool press) {
        if (press)
            QTest::keyPress(viewport(), k);
        else
            QTest::keyRelease(viewport(), k);
    }
};

} // namespace

class TestReplayEditsEditor : public QObject {
    Q_OBJECT
private slots:
    void editsWhilePlayingReplayExactly() {
        Window h;
        QVERIFY(QTest::qWaitForWindowExposed(&h.w));
        const ts::level::Level original = h.w.document()->level();
        h.play.runSteps(0); // a paused session, stepped below
        h.key(Qt::Key_D, true);
        h.play.runSteps(60);
        // A solid tile where the player started (it has walked on): from step 0, it would
        // have stood in its way.
        QTest::mouseClick(h.viewport(), Qt::RightButton, {}, h.pointOfTile({4, 16}));
        QCOMPARE(h.w.document()->level().tile(4, 16), ts::Tile::Solid);
        h.play.runSteps(20);
        // A box placed with the Spawn tool (the left button goes to the tool while playing).
        h.w.tools()->setCurrentTool(h.w.tools()->findTool<ts::editor::SpawnTool>());
        h.w.tools()->options()->setSpawnKind(ts::level::SpawnKind::Box);
        QTest::mouseClick(h.viewport(), Qt::LeftButton, {}, h.pointOfTile({6, 12}));
        QCOMPARE(h.w.document()->level().spawns.size(), original.spawns.size() + 1);
        h.play.runSteps(40);
        h.key(Qt::Key_D, false);
        h.play.runSteps(20);
        QVERIFY(h.play.session()->isRecording()); // the spawn edit did not end it
        const std::uint64_t finalHash = h.play.session()->world().stateHash();
        h.play.stop();

        QCOMPARE(h.replays.sessions().size(), 1);
        const Replay recorded = h.replays.sessions().first().replay;
        QCOMPARE(recorded.steps, std::uint64_t(140));
        QCOMPARE(recorded.finalHash, finalHash);
        QCOMPARE(recorded.events.size(), std::size_t(2));
        QVERIFY(recorded.events[0].kind == ReplayEventKind::Tile);
        QCOMPARE(recorded.events[0].step, std::uint64_t(61));
        QVERIFY(recorded.events[1].kind == ReplayEventKind::Spawn);
        QCOMPARE(recorded.events[1].step, std::uint64_t(81));
        QCOMPARE(recorded.levelHash, ts::level::levelContentHash(original));

        // Watch (the dock's button): on the level as it is now, with both edits in it.
        ts::play::ReplayDock* dock = h.replays.dock();
        dock->show();
        dock->sessionList()->setCurrentRow(0);
        QTest::mouseClick(dock->watchButton(), Qt::LeftButton);
        QVERIFY(h.replays.isWatching());
        h.replays.setPlaying(false); // held still: the steps below are sought
        QVERIFY2(!h.replays.timeline()->desync(), qPrintable(h.replays.status()));
        QCOMPARE(h.replays.status(),
                 QStringLiteral("Replays exactly: every checkpoint matches. (The level has the 1 "
                                "tile edit and 1 spawn edit the session made while playing: the "
                                "replay starts without them and makes them at their steps.)"));
        h.replays.seek(recorded.steps);
        QCOMPARE(h.play.session()->world().stateHash(), finalHash);

        // Play from Here past both edits: the new session keeps the replay's steps and its
        // edits, and replays too.
        h.replays.seek(100);
        QTest::mouseClick(dock->takeOverButton(), Qt::LeftButton);
        QVERIFY(!h.replays.isWatching());
        h.play.pause();
        QCOMPARE(h.play.session()->steps(), std::uint64_t(100));
        h.key(Qt::Key_A, true);
        h.play.runSteps(30);
        h.key(Qt::Key_A, false);
        const std::uint64_t liveHash = h.play.session()->world().stateHash();
        h.play.stop();
        QCOMPARE(h.replays.sessions().size(), 2);
        const Replay continued = h.replays.sessions().first().replay;
        QCOMPARE(continued.steps, std::uint64_t(130));
        QCOMPARE(continued.events.size(), std::size_t(2));
        QCOMPARE(continued.finalHash, liveHash);
        QVERIFY(h.replays.watch(0));
        QVERIFY2(!h.replays.timeline()->desync(), qPrintable(h.replays.status()));
        h.replays.seek(continued.steps);
        QCOMPARE(h.play.session()->world().stateHash(), liveHash);
        h.replays.close();
        QVERIFY(ts::level::checkReplay(h.w.document()->level(), continued).ok());
    }
};

QTEST_MAIN(TestReplayEditsEditor)
#include "test_replay_edits_editor.moc"
