// Replays in the editor: a session played with real key events records the same
// replay as `tilesmith simulate --record` of the same inputs; watching seeks to
// random steps with the hashes of a linear run; Play from Here keeps the replay's
// steps; clones, painting and spawn edits while playing are recorded; a changed tile under the
// route shows a desync marker; Save Replay As / Open round trip; the goals a replay
// reaches are marked on the timeline and listed in the dock; the legend waits for a
// step to explain.
#include "document/autosave.h"
#include "ghostitem.h"
#include "recoverydir.h"
#include "replaydock.h"
#include "replaytimeline.h"
#include "samplelevels.h"
#include "sessionstore.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playlegend.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"

#include <QDir>
#include <QGraphicsView>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <tuple>

using testlevels::loadSample;
using testlevels::script;
using ts::editor::LevelDocument;
using ts::editor::LevelScene;
using ts::level::Level;
using ts::level::Replay;
using ts::play::PlayController;
using ts::play::ReplayController;

namespace {

struct Harness {
    explicit Harness(Level level)
        : doc(std::move(level)), scene(&doc), play(&doc, &view), replays(&play) {
        view.setScene(&scene);
        view.resize(800, 480);
        view.show();
        view.setFocus();
        replays.dock(); // as the main window does
    }
    void key(Qt::Key k, bool press) {
        if (press)
            QTest::keyPress(view.viewport(), k);
        else
            QTest::keyRelease(view.viewport(), k);
    }
    LevelDocument doc;
    LevelScene scene;
    QGraphicsView view;
    PlayController play;
    ReplayController replays;
};

/// A main window on a sample level with play mode and replays, its crash
/// recovery files in a temporary directory and its settings off.
struct WindowHarness {
    explicit WindowHarness(const char* level) {
        w.setSettingsEnabled(false);
        w.addExtension(&play);
        w.addExtension(&replays);
        w.setDocument(std::make_unique<LevelDocument>(loadSample(level)));
    }
    tstest::RecoveryDir recovery; // before the window, which autosaves there
    ts::editor::MainWindow w;
    PlayController play;
    ReplayController replays{&play};

    /// Shows the window with every overlay, records a session of `steps` steps and
    /// shows the Replays dock with the session listed; returns the dock.
    ts::play::ReplayDock* recordSessionAndShowDock(int steps) {
        play.setPersistOverlays(false);
        w.resize(1200, 800);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            qFatal("the window was not exposed");
        play.setOverlays(ts::play::OverlayAll);
        play.runSteps(steps);
        play.stop();
        ts::play::ReplayDock* dock = replays.dock();
        dock->show();
        dock->raise();
        return dock;
    }
};

const char* const kRoute = "1 40 right\n41 41 right,jump\n42 90 right\n";

/// Plays kRoute with key events: D held 90 steps, W tapped at step 41, then 30 idle steps.
void playRouteWithKeys(Harness& h) {
    h.play.runSteps(0);
    h.key(Qt::Key_D, true);
    h.play.runSteps(40);
    h.key(Qt::Key_W, true);
    h.play.runSteps(1);
    h.key(Qt::Key_W, false);
    h.play.runSteps(49);
    h.key(Qt::Key_D, false);
    h.play.runSteps(30);
}

/// Pixels of the timeline's goal-mark green in a grab of `w`.
int goalMarkPixels(QWidget* w) {
    const QImage img = w->grab().toImage();
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += img.pixelColor(x, y) == QColor(46, 125, 50) ? 1 : 0;
    return n;
}

} // namespace

class TestReplayEditor : public QObject {
    Q_OBJECT

    QTemporaryDir mKept; ///< the kept sessions of the saved levels played here

private slots:
    void initTestCase() {
        // Nothing here touches the user's folders (the Harness has no window to do it).
        QStandardPaths::setTestModeEnabled(true);
        ts::play::SessionStore::setRootOverride(mKept.path());
    }

    void watchingAndPlayingFromHereKeepTheOverlays() {
        Harness h(loadSample("tutorial.yaml"));
        playRouteWithKeys(h);
        h.play.stop();
        QVERIFY(h.replays.watch(0));
        // Every step shown while watching carries the debug data of the step that led
        // to it (cells, sensors, pairs): the overlays explain a replay as they explain play.
        for (const std::uint64_t step :
             {std::uint64_t(1), std::uint64_t(45), std::uint64_t(61), std::uint64_t(120)}) {
            h.replays.seek(step);
            const ts::World& w = h.play.session()->world();
            QVERIFY2(w.debugEnabled(), qPrintable(QStringLiteral("step %1").arg(step)));
            QVERIFY2(!w.debug().cells.empty() && !w.debug().sensors.empty(),
                     qPrintable(QStringLiteral("step %1").arg(step)));
        }
        // The shown state is the replay's, debug data or not.
        h.replays.seek(61);
        const std::uint64_t shown = h.play.session()->world().stateHash();
        ts::level::ReplayRunner runner(h.doc.level(), h.replays.sessions().first().replay);
        while (runner.step() < 61 && runner.advance()) {
        }
        QCOMPARE(shown, runner.world().stateHash());
        // Playing on from here steps with the overlays' debug data too.
        h.replays.playFromHere();
        h.play.runSteps(3);
        QVERIFY(h.play.session()->world().debugEnabled());
        QVERIFY(!h.play.session()->world().debug().cells.empty());
    }

    void seekingGivesEachStepItsDebugData() {
        // Keyframes every 30 steps: forward, backward, onto and just past a keyframe.
        Harness h(loadSample("tutorial.yaml"));
        playRouteWithKeys(h);
        h.play.stop();
        const Replay replay = h.replays.sessions().first().replay;
        ts::play::ReplayTimeline t(h.doc.level(), replay, 30);
        ts::level::ReplayRunner runner(h.doc.level(), replay);
        std::vector<std::uint64_t> linear{runner.world().stateHash()};
        while (runner.advance())
            linear.push_back(runner.world().stateHash());
        for (const std::uint64_t step : {30, 31, 90, 60, 59, 60, 61, 120, 1, 0}) {
            t.seek(step);
            QCOMPARE(t.step(), step);
            QCOMPARE(t.world().stateHash(), linear[step]);
            QCOMPARE(t.world().debugEnabled(), step > 0);
            if (step > 0)
                QVERIFY2(!t.world().debug().cells.empty() && !t.world().debug().sensors.empty(),
                         qPrintable(QStringLiteral("step %1").arg(step)));
        }
    }

    void legendWaitsForAStepToExplain() {
        // At step 0 of a watched replay no step has run, so no overlay has a mark
        // to draw and the legend stays hidden (the HUD shows step 0); one step on,
        // the marks and the legend appear; back at 0 both go.
        WindowHarness h("tutorial.yaml");
        auto [w, play, replays] = std::tie(h.w, h.play, h.replays); // references
        ts::play::ReplayDock* dock = h.recordSessionAndShowDock(30);
        QTRY_VERIFY(dock->watchButton()->isVisible());
        QVERIFY(replays.watch(0));
        QCOMPARE(replays.currentStep(), std::uint64_t(0));
        QVERIFY(play.hud() && play.hud()->isVisible());
        QVERIFY(play.legend());
        QVERIFY(!play.legend()->isVisible());
        QTest::mouseClick(dock->forwardButton(), Qt::LeftButton);
        QCOMPARE(replays.currentStep(), std::uint64_t(1));
        QVERIFY(!play.session()->world().debug().sensors.empty());
        QVERIFY(play.legend()->isVisible());
        QTest::mouseClick(dock->backButton(), Qt::LeftButton);
        QCOMPARE(replays.currentStep(), std::uint64_t(0));
        QVERIFY(!play.legend()->isVisible());
        // Play from Here at step 0: the legend comes with the first live step.
        QTest::mouseClick(dock->takeOverButton(), Qt::LeftButton);
        QVERIFY(play.state() == PlayController::State::Playing);
        QTRY_VERIFY(play.session()->steps() > 0 && play.legend()->isVisible());
        play.stop();
    }

    void watchPlaysFromTheStart() {
        // Watch (the button) plays the replay from step 0, as a video does; the HUD's
        // step line says the replay plays (and at what speed) or is paused, not play
        // mode's "paused" clock; the step readout is as wide as its widest text from
        // the start, so the dock does not widen as the count gains digits.
        WindowHarness h("tutorial.yaml");
        auto [w, play, replays] = std::tie(h.w, h.play, h.replays); // references
        ts::play::ReplayDock* dock = h.recordSessionAndShowDock(150);
        QTRY_VERIFY(dock->watchButton()->isVisible());
        QTest::mouseClick(dock->watchButton(), Qt::LeftButton);
        QVERIFY(replays.isWatching());
        QVERIFY(replays.isPlaying());
        // The timeline that appears is in sight: the dock grows to it, nothing scrolled away.
        QTRY_VERIFY(dock->takeOverButton()->isVisible());
        for (QWidget* shown : {static_cast<QWidget*>(dock->takeOverButton()),
                               static_cast<QWidget*>(dock->stepLabel())})
            QTRY_COMPARE(shown->visibleRegion().boundingRect(), shown->rect());
        QVERIFY(play.hud());
        QCOMPARE(play.hud()->lines().value(0), QStringLiteral("step   replay, playing at 1\u00d7"));
        const int startWidth = dock->stepLabel()->minimumSizeHint().width();
        QTRY_VERIFY(replays.currentStep() > 10);
        QTest::mouseClick(dock->playButton(), Qt::LeftButton);
        QVERIFY(!replays.isPlaying());
        QCOMPARE(play.hud()->lines().value(0), QStringLiteral("step   replay, paused"));
        replays.seek(150);
        QVERIFY(dock->stepLabel()->text().startsWith(QStringLiteral("step 150 / 150")));
        QCOMPARE(dock->stepLabel()->minimumSizeHint().width(), startWidth);
        QVERIFY(dock->stepLabel()->fontMetrics().horizontalAdvance(dock->stepLabel()->text()) <=
                startWidth);
        // Play from Here: play mode's own clock again.
        QTest::mouseClick(dock->takeOverButton(), Qt::LeftButton);
        QVERIFY(play.state() == PlayController::State::Playing);
        QTRY_VERIFY(play.hud()->lines().value(0).contains(QStringLiteral(" this frame")));
        play.stop();
    }

    void emptyListHintWrapsInANarrowDock() {
        Harness h(loadSample("tutorial.yaml"));
        QListWidget* list = h.replays.dock()->sessionList();
        h.replays.dock()->resize(260, 300);
        h.replays.dock()->show();
        QVERIFY(QTest::qWaitForWindowExposed(h.replays.dock()));
        QCOMPARE(list->count(), 1); // the hint
        const QRect r = list->visualItemRect(list->item(0));
        // The whole hint is inside the viewport, on several lines, not cut off.
        QVERIFY2(r.right() < list->viewport()->width(),
                 qPrintable(QStringLiteral("hint %1 px wide, viewport %2")
                                .arg(r.width())
                                .arg(list->viewport()->width())));
        QVERIFY(r.height() > list->fontMetrics().height() * 3 / 2);
        QVERIFY(!list->horizontalScrollBar()->isVisible());
    }

    void keyEventsRecordWhatSimulateRecords() {
        Harness h(loadSample("tutorial.yaml"));
        playRouteWithKeys(h);
        QVERIFY(h.play.session());
        const Replay editor = h.play.session()->replay();
        const Replay cli = ts::level::recordScript(h.doc.level(), script(kRoute), 120);
        QCOMPARE(editor.steps, std::uint64_t(120));
        QVERIFY(editor.inputs == cli.inputs);
        QVERIFY(editor.events.empty());
        QVERIFY(editor.bodyIds == cli.bodyIds);
        QCOMPARE(editor.levelHash, cli.levelHash);
        QVERIFY(editor.checkpoints == cli.checkpoints);
        QCOMPARE(editor.finalHash, cli.finalHash);
        // Same body text in the file, apart from the date.
        Replay a = editor, b = cli;
        a.recorded.clear();
        b.recorded.clear();
        QCOMPARE(ts::level::saveReplayToString(a), ts::level::saveReplayToString(b));
        QVERIFY(ts::level::checkReplay(h.doc.level(), editor).ok());
        QVERIFY(ts::level::checkReplay(h.doc.level(), cli).ok());

        // Stop keeps the session, newest first.
        h.play.stop();
        QCOMPARE(h.replays.sessions().size(), 1);
        QCOMPARE(h.replays.sessions().first().replay.steps, std::uint64_t(120));
        QCOMPARE(h.replays.dock()->sessionList()->count(), 1);
    }

    void clonesPaintingAndSettingsAreRecorded() {
        Harness h(loadSample("tutorial.yaml"));
        const Level original = h.doc.level();
        h.play.runSteps(0);
        h.key(Qt::Key_D, true);
        h.play.runSteps(20);
        QTest::keyClick(h.view.viewport(), Qt::Key_Space); // a clone
        h.play.runSteps(10);
        h.doc.paintTiles({{QPoint(10, 16), ts::Tile::Solid}}, QStringLiteral("wall"), 1);
        h.play.runSteps(30);
        ts::WorldSettings s = h.play.session()->settings();
        s.jumpSpeed = 650;
        h.play.session()->setSettings(s);
        h.key(Qt::Key_W, true);
        h.play.runSteps(30);
        h.key(Qt::Key_W, false);
        h.key(Qt::Key_D, false);
        const Replay r = h.play.session()->replay();
        QCOMPARE(r.events.size(), std::size_t(3));
        QVERIFY(r.events[0].kind == ts::level::ReplayEventKind::Clone);
        QCOMPARE(r.events[0].step, std::uint64_t(21));
        QVERIFY(r.events[1].kind == ts::level::ReplayEventKind::Tile);
        QVERIFY(r.events[2].kind == ts::level::ReplayEventKind::Settings);
        QCOMPARE(r.finalHash, h.play.session()->world().stateHash());
        // The replay names the level as it was when play started.
        QCOMPARE(r.levelHash, ts::level::levelContentHash(original));
        QVERIFY(ts::level::checkReplay(original, r).ok());
        // Through the file format too.
        const auto back = ts::level::loadReplayFromString(ts::level::saveReplayToString([&] {
            Replay named = r;
            named.levelPath = "tutorial.yaml";
            return named;
        }()));
        QVERIFY(back.ok());
        QVERIFY(ts::level::checkReplay(original, *back.replay).ok());
    }

    void lengthsUseTheRecordedStepRate() {
        // A level stepping at 30 Hz: 90 steps are 3 seconds, in the session list,
        // the "recorded" line and the timeline (they assumed 60 Hz: 0:01).
        Level level = loadSample("tutorial.yaml");
        level.physics.dt = 1.0f / 30.0f;
        Harness h(std::move(level));
        h.play.runSteps(90);
        h.play.stop();
        QCOMPARE(h.replays.dock()->statusLabel()->text(),
                 QStringLiteral("Session recorded: 0:03 (90 steps)."));
        QVERIFY2(h.replays.dock()->sessionList()->item(0)->text().contains(
                     QStringLiteral("0:03 (90 steps)")),
                 qPrintable(h.replays.dock()->sessionList()->item(0)->text()));
        QVERIFY(h.replays.watch(0));
        h.replays.seek(45);
        QCOMPARE(h.replays.dock()->stepLabel()->text(),
                 QStringLiteral("step 45 / 90  (0:01 / 0:03)"));
    }

    void anotherLevelClearsTheLastSessionsLine() {
        // "Session recorded: ..." is about the level it was played on: opening or
        // making another level clears it (its list does not hold that session).
        WindowHarness h("tutorial.yaml");
        auto [w, play, replays] = std::tie(h.w, h.play, h.replays); // references
        play.runSteps(30);
        play.stop();
        QVERIFY(
            replays.dock()->statusLabel()->text().startsWith(QStringLiteral("Session recorded")));
        w.setDocument(std::make_unique<LevelDocument>(loadSample("playground.yaml")));
        QVERIFY(!replays.dock()->sessionList()->isEnabled()); // "(no sessions yet ...)"
        QCOMPARE(replays.dock()->statusLabel()->text(), QString());
    }

    void closingAWatchedReplayAddsNoSession() {
        Harness h(loadSample("tutorial.yaml"));
        h.play.runSteps(30);
        h.play.stop();
        QCOMPARE(h.replays.sessions().size(), 1);
        QVERIFY(h.replays.watch(0));
        h.replays.seek(20);
        h.replays.close(); // the dock's Close
        QCOMPARE(h.replays.sessions().size(), 1);
        QVERIFY(h.replays.watch(0));
        h.play.stop(); // Esc while watching
        QCOMPARE(h.replays.sessions().size(), 1);
    }

    void unrecordableChangeStopsRecording() {
        Harness h(loadSample("tutorial.yaml"));
        h.play.runSteps(30);
        ts::play::PlaySession* session = h.play.session();
        const std::uint64_t hash = session->world().stateHash();
        session->stopRecording("a body was dragged");
        session->world().setPosition(session->player(), {200, 200});
        h.play.runSteps(30);
        const Replay r = session->replay();
        QCOMPARE(r.steps, std::uint64_t(30));
        QCOMPARE(r.finalHash, hash);
        QVERIFY(ts::level::checkReplay(h.doc.level(), r).ok());
        h.play.stop();
        QVERIFY(
            h.replays.dock()->statusLabel()->text().contains(QStringLiteral("a body was dragged")));
    }

    void spawnEditWhilePlayingIsRecorded() {
        Harness h(loadSample("tutorial.yaml"));
        h.play.runSteps(20);
        h.doc.moveSpawns({4}, QPoint(1, 0)); // the box: its body is replaced
        h.play.runSteps(20);
        QVERIFY(h.play.session()->isRecording());
        const Replay r = h.play.session()->replay();
        QCOMPARE(r.steps, std::uint64_t(40));
        QCOMPARE(r.finalHash, h.play.session()->world().stateHash());
        QCOMPARE(r.events.size(), std::size_t(1));
        QVERIFY(r.events[0].kind == ts::level::ReplayEventKind::Spawn);
        QCOMPARE(r.events[0].step, std::uint64_t(21));
        // On the level the session left (the box moved in it), as on the recorded one.
        QVERIFY(ts::level::checkReplay(h.doc.level(), r).ok());
        h.play.stop();
        QVERIFY(
            h.replays.dock()->statusLabel()->text().startsWith(QStringLiteral("Session recorded")));
    }

    void randomSeeksMatchALinearRun() {
        // The crowd level: every shown step hashes like a linear run, seeking backward
        // and forward through keyframes.
        Harness h(loadSample("crowd.yaml"));
        const Replay r = ts::level::recordScript(
            h.doc.level(), script("1 80 right\n60 60 jump\n81 160 left\n"), 200);
        ts::level::ReplayRunner linear(h.doc.level(), r);
        std::vector<std::uint64_t> hashes{linear.world().stateHash()};
        while (linear.advance())
            hashes.push_back(linear.world().stateHash());

        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("crowd.tsreplay"));
        Replay named = r;
        named.levelPath = "crowd.yaml";
        QVERIFY(ts::level::saveReplayFile(named, file.toStdString()));
        QString error;
        QVERIFY2(h.replays.openFile(file, &error), qPrintable(error));
        QVERIFY(h.replays.watch(0, &error));
        QVERIFY(h.replays.isWatching());
        QVERIFY(h.play.isPaused());
        QRandomGenerator rng(7);
        for (int i = 0; i < 12; ++i) {
            const std::uint64_t step = rng.bounded(201u);
            h.replays.seek(step);
            QCOMPARE(h.play.session()->steps(), step);
            QCOMPARE(h.play.session()->world().stateHash(), hashes[step]);
        }
        h.replays.seek(100);
        h.replays.stepBy(-1);
        QCOMPARE(h.play.session()->world().stateHash(), hashes[99]);
        h.replays.stepBy(+1);
        h.replays.stepBy(+1);
        QCOMPARE(h.play.session()->world().stateHash(), hashes[101]);
        QCOMPARE(h.replays.dock()->slider()->value(), 101);
        h.replays.close();
        QVERIFY(!h.play.isPlaying());
    }

    void playFromHereKeepsTheReplayedSteps() {
        Harness h(loadSample("tutorial.yaml"));
        playRouteWithKeys(h);
        h.play.stop();
        QVERIFY(h.replays.watch(0));
        h.replays.seek(50);
        h.replays.playFromHere();
        QVERIFY(!h.replays.isWatching());
        QCOMPARE(h.play.state(), PlayController::State::Playing);
        h.play.pause();
        QCOMPARE(h.play.session()->steps(), std::uint64_t(50));
        h.play.runSteps(25); // no keys: the player stops
        const Replay r = h.play.session()->replay();
        QCOMPARE(r.steps, std::uint64_t(75));
        const Replay cli = ts::level::recordScript(h.doc.level(), script(kRoute), 50);
        QCOMPARE(r.inputs.front().from, std::uint64_t(1));
        QCOMPARE(r.inputs.back().to, std::uint64_t(50)); // the replay's keys up to step 50
        QVERIFY(ts::level::checkReplay(h.doc.level(), r).ok());
        // The watched replay runs as a ghost beside the live player.
        QVERIFY(h.replays.ghostItem());
        QCOMPARE(h.replays.ghostItem()->step(), qint64(75));
    }

    void changedTileShowsADesync() {
        Harness h(loadSample("tutorial.yaml"));
        playRouteWithKeys(h);
        h.play.stop();
        h.doc.paintTiles({{QPoint(8, 16), ts::Tile::Solid}}, QStringLiteral("wall"), 1);
        QVERIFY(h.replays.watch(0));
        QVERIFY(h.replays.timeline()->desync());
        QVERIFY(h.replays.status().startsWith(QStringLiteral("desync at step ")));
        QCOMPARE(h.replays.dock()->statusLabel()->text(), h.replays.status());
        QVERIFY(h.replays.ghostItem());
        QVERIFY(h.replays.ghostItem()->hasDesyncMarker());
        QCOMPARE(h.replays.ghostItem()->boxes().size(), 121);
    }

    /// A replay file from another physics revision: the dock says why it desyncs (the
    /// words of `tilesmith replay check`), and notes the revision when it still matches.
    void otherPhysicsRevisionExplainsTheDesync() {
        QTemporaryDir dir;
        Harness h(loadSample("tutorial.yaml"));
        Replay r = ts::level::recordScript(h.doc.level(), script(kRoute), 150);
        r.levelPath = "tutorial.yaml";
        r.physicsRevision = ts::kPhysicsRevision - 1;
        const QString note = QStringLiteral("recorded with physics revision %1, this build is %2")
                                 .arg(ts::kPhysicsRevision - 1)
                                 .arg(ts::kPhysicsRevision);
        const QString matching = dir.filePath(QStringLiteral("matching.tsreplay"));
        QVERIFY(ts::level::saveReplayFile(r, matching.toStdString()));
        QString error;
        QVERIFY2(h.replays.openFile(matching, &error), qPrintable(error));
        QVERIFY(h.replays.watch(0, &error));
        QVERIFY(!h.replays.timeline()->desync());
        QCOMPARE(
            h.replays.status(),
            QStringLiteral("Replays exactly: every checkpoint matches. (It was %1.)").arg(note));
        h.replays.close();

        for (ts::level::ReplayCheckpoint& c : r.checkpoints) { // what the older physics computed
            c.hash ^= 1;
            c.positions[0].x += 2;
        }
        r.finalHash = r.checkpoints.back().hash;
        const QString old = dir.filePath(QStringLiteral("old.tsreplay"));
        QVERIFY(ts::level::saveReplayFile(r, old.toStdString()));
        QVERIFY2(h.replays.openFile(old, &error), qPrintable(error));
        QVERIFY(h.replays.watch(0, &error));
        QVERIFY(h.replays.timeline()->desync());
        const QString text = h.replays.dock()->statusLabel()->text();
        QCOMPARE(text, h.replays.status());
        QVERIFY2(text.startsWith(QStringLiteral("Desync at step 60: %1; run 'tilesmith replay "
                                                "update %2' to re-record the checkpoints.\n")
                                     .arg(note, QDir::toNativeSeparators(old))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\nFirst difference: Player #1 is at tile ")),
                 qPrintable(text));
        QVERIFY(h.replays.ghostItem() && h.replays.ghostItem()->hasDesyncMarker());
    }

    void saveAndOpen() {
        QTemporaryDir dir;
        Harness h(loadSample("tutorial.yaml"));
        const QString level = dir.filePath(QStringLiteral("tutorial.yaml"));
        QString error;
        QVERIFY2(h.doc.save(level, &error), qPrintable(error));
        playRouteWithKeys(h);
        h.play.stop();
        const QString file = dir.filePath(QStringLiteral("run.tsreplay"));
        const QString kept = h.replays.sessions().first().kept;
        QVERIFY2(h.replays.saveSession(0, file, &error), qPrintable(error));
        // Its kept copy goes once written (on the keeping thread).
        QTRY_VERIFY(!h.replays.isKeeping() && !QFileInfo::exists(kept));
        const auto loaded = ts::level::loadReplayFile(file.toStdString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.replay->levelPath, std::string("tutorial.yaml"));
        QVERIFY(ts::level::checkReplay(h.doc.level(), *loaded.replay).ok());
        // A second window on the same level finds the replay beside it.
        auto reopened = LevelDocument::open(level, &error);
        QVERIFY(reopened);
        LevelScene scene(reopened.get());
        QGraphicsView view(&scene);
        PlayController play(reopened.get(), &view);
        ReplayController replays(&play);
        QVERIFY(replays.isReadingKept()); // read on a worker thread, with the kept ones
        QCOMPARE(replays.sessions().size(), 0);
        QTRY_VERIFY(!replays.isReadingKept());
        QCOMPARE(replays.sessions().size(), 1);
        QCOMPARE(replays.sessions().first().file, file);
        QVERIFY(replays.watch(0));
        QVERIFY(!replays.timeline()->desync());
    }

    /// A replay that reaches the tutorial's goal (lint's route to it): the timeline marks
    /// the step, the dock lists "Goal 7 reached at step N", the step shown decides whether
    /// the goal counts as reached (HUD, goalReached signal), scrubbing back and forward
    /// announces it again, and Play from Here keeps it reached.
    void goalsOnTheTimeline() {
        Harness h(loadSample("tutorial.yaml"));
        const ts::level::ReachResult reach = ts::level::findReachable(h.doc.level());
        const std::optional<ts::level::Route> route = reach.routeToSpawn(7);
        QVERIFY(route);
        const std::uint64_t goalStep = route->steps;
        Replay r = ts::level::recordScript(h.doc.level(), route->script, goalStep + 30);
        r.levelPath = "tutorial.yaml";
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("goal.tsreplay"));
        QVERIFY(ts::level::saveReplayFile(r, file.toStdString()));
        QString error;
        QVERIFY2(h.replays.openFile(file, &error), qPrintable(error));
        QSignalSpy announced(&h.play, &PlayController::goalReached);
        ts::play::ReplayDock* dock = h.replays.dock();
        dock->show();
        QVERIFY(h.replays.watch(0, &error));

        // The rule of play mode and simulate: the route's last step reaches goal 7.
        const auto& events = h.replays.timeline()->goalEvents();
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE(events.front().goalId, 7);
        QCOMPARE(events.front().step, goalStep);
        QCOMPARE(dock->goalSteps(), QList<quint64>{goalStep});
        QVERIFY(dock->goalsLabel()->isVisible());
        const QString line = QStringLiteral("Goal 7 reached at step %1 (").arg(goalStep);
        QVERIFY2(dock->goalsLabel()->text().contains(line), qPrintable(dock->goalsLabel()->text()));
        QVERIFY(!dock->goalsLabel()->text().contains(QChar(0x2714))); // not reached at step 0
        QVERIFY(h.play.session()->goalEvents().empty());
        QVERIFY(goalMarkPixels(dock->slider()) > 0); // the mark is drawn on the slider

        // The End key on the slider: the last step, past the goal.
        dock->slider()->setFocus();
        QTest::keyClick(dock->slider(), Qt::Key_End);
        QCOMPARE(h.replays.currentStep(), goalStep + 30);
        QCOMPARE(h.play.session()->goalEvents().size(), std::size_t(1));
        QCOMPARE(announced.count(), 1);
        QVERIFY(dock->goalsLabel()->text().contains(QChar(0x2714)));
        // Home: back to the start, the goal not reached.
        QTest::keyClick(dock->slider(), Qt::Key_Home);
        QCOMPARE(h.replays.currentStep(), std::uint64_t(0));
        QVERIFY(h.play.session()->goalEvents().empty());
        QVERIFY(!dock->goalsLabel()->text().contains(QChar(0x2714)));
        // A click on the goal's line goes to its step and announces it again.
        const QFontMetrics fm(dock->goalsLabel()->font());
        QTest::mouseClick(dock->goalsLabel(), Qt::LeftButton, {},
                          QPoint(fm.horizontalAdvance(QStringLiteral("Goal")),
                                 dock->goalsLabel()->contentsRect().top() + fm.height() / 2));
        QCOMPARE(h.replays.currentStep(), goalStep);
        QCOMPARE(h.play.session()->goalEvents().size(), std::size_t(1));
        QCOMPARE(announced.count(), 2);
        // One step back: not yet.
        QTest::mouseClick(dock->backButton(), Qt::LeftButton);
        QCOMPARE(h.replays.currentStep(), goalStep - 1);
        QVERIFY(h.play.session()->goalEvents().empty());

        // Play from Here after the goal: it stays reached and is not announced again.
        h.replays.seek(goalStep + 5);
        const int before = announced.count();
        h.replays.playFromHere();
        h.play.pause();
        h.play.runSteps(10);
        QCOMPARE(h.play.session()->goalEvents().size(), std::size_t(1));
        QCOMPARE(h.play.session()->goalEvents().front().step, goalStep);
        QCOMPARE(announced.count(), before);

        // A replay without goals: no marks, no goal lines.
        dock->setGoals({}, {});
        QVERIFY(!dock->goalsLabel()->isVisible());
    }
};

QTEST_MAIN(TestReplayEditor)
#include "test_replay_editor.moc"
