// The Replays dock's desync line in the designer's terms: a replay watched after spawn
// edits in the editor names the spawn as the Properties dock does ("NPC #3 was removed
// since recording", "Box #4 changed since recording: tile 17, 16 -> 18, 16") and a body
// that moved by its tile beside the pixels, marked on the map; the line is the one
// `tilesmith replay check` prints. The timeline marks the desync step, and the line does
// not outlive the replay and the edit that caused it. A watched replay shows the goal's
// moment at the step it reaches the goal.
#include "ghostitem.h"
#include "goalmoment.h"
#include "replaydock.h"
#include "replaytimeline.h"
#include "samplelevels.h"
#include "sessionstore.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"
#include "widgets/uitext.h"

#include <QAction>
#include <QGraphicsView>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

using ts::editor::LevelDocument;
using ts::editor::LevelScene;
using ts::level::Level;
using ts::level::Replay;
using ts::play::PlayController;
using ts::play::ReplayController;

namespace {

/// The level in a document with a view, play mode and the Replays dock.
struct Harness {
    explicit Harness(Level level)
        : doc(std::move(level)), scene(&doc), play(&doc, &view), replays(&play) {
        view.setScene(&scene);
        view.resize(800, 480);
        view.show();
        replays.dock();
    }
    /// The tutorial route recorded on the level as it is now, saved and opened in the dock.
    void openRecording(const QString& path) {
        ts::level::InputScript s;
        std::vector<ts::level::Diagnostic> errors;
        QVERIFY(ts::level::parseInputScript("1 40 right\n41 41 right,jump\n42 90 right\n", "<test>",
                                            s, errors));
        Replay r = ts::level::recordScript(doc.level(), s, 150);
        r.levelPath = "tutorial.yaml";
        QVERIFY(ts::level::saveReplayFile(r, path.toStdString()));
        QString error;
        QVERIFY2(replays.openFile(path, &error), qPrintable(error));
    }
    /// Watches the session opened, and returns the dock's line (the controller's too).
    QString watched() {
        QString error;
        if (!replays.watch(0, &error))
            return QStringLiteral("cannot watch: ") + error;
        const QString line = replays.dock()->statusLabel()->text();
        return line == replays.status() ? line : QStringLiteral("the dock and status differ");
    }
    LevelDocument doc;
    LevelScene scene;
    QGraphicsView view;
    PlayController play;
    ReplayController replays;
};

/// Pixels of the slider's desync mark.
int desyncMarkPixels(QWidget* w) {
    const QImage img = w->grab().toImage();
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += img.pixelColor(x, y) == QColor(198, 40, 40) ? 1 : 0;
    return n;
}

} // namespace

class TestReplayDesyncEditor : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        ts::play::SessionStore::setRootOverride(mDir.filePath(QStringLiteral("kept")));
    }

    // Deleting a spawn after recording: the dock used to say "5 bodies, recorded 6".
    void removedSpawnIsNamedAsTheEditorNamesIt() {
        Harness h(testlevels::loadSample("tutorial.yaml"));
        h.openRecording(mDir.filePath(QStringLiteral("removed.tsreplay")));
        const QString name = ts::editor::spawnLabel(*h.doc.level().findSpawn(3));
        QCOMPARE(name, QStringLiteral("NPC #3"));
        h.doc.removeSpawns({3});
        QCOMPARE(h.watched(),
                 QStringLiteral("desync at step 60: %1 was removed since recording").arg(name));
        QVERIFY(h.replays.timeline()->desync());
        QVERIFY(!h.replays.ghostItem() || !h.replays.ghostItem()->hasDesyncMarker());
    }

    // A spawn moved in the Properties dock: what changed, then where its body is, by tile.
    void changedSpawnAndItsTile() {
        Harness h(testlevels::loadSample("tutorial.yaml"));
        h.openRecording(mDir.filePath(QStringLiteral("changed.tsreplay")));
        ts::level::Spawn box = *h.doc.level().findSpawn(4);
        box.x = 18;
        h.doc.changeSpawn(box);
        const QString line = h.watched();
        const QString name = ts::editor::spawnLabel(box);
        QVERIFY2(line.startsWith(QStringLiteral("desync at step 60: %1 changed since recording: "
                                                "tile 17, 16 -> 18, 16; %1 is at tile 18, 16 (")
                                     .arg(name)),
                 qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral(" px), recorded at tile 17, 16 (")),
                 qPrintable(line));
        QVERIFY(h.replays.ghostItem() && h.replays.ghostItem()->hasDesyncMarker());
    }

    // The desync step is marked on the timeline; closing the replay and undoing the edit
    // (Ctrl+Z) leaves no desync line behind: it described a level that is gone.
    void desyncMarkedAndNotLeftStale() {
        Harness h(testlevels::loadSample("tutorial.yaml"));
        QAction* undo = h.doc.undoStack()->createUndoAction(&h.view);
        undo->setShortcut(QKeySequence::Undo);
        h.view.addAction(undo);
        h.openRecording(mDir.filePath(QStringLiteral("stale.tsreplay")));
        ts::play::ReplayDock* dock = h.replays.dock();
        dock->show();
        QVERIFY(QTest::qWaitForWindowExposed(dock));
        QCOMPARE(desyncMarkPixels(dock->slider()), 0);
        h.doc.removeSpawns({3});
        QVERIFY(h.watched().startsWith(QStringLiteral("desync at step 60")));
        QCOMPARE(dock->desyncStep(), std::optional<quint64>(60));
        QVERIFY(desyncMarkPixels(dock->slider()) > 0);
        QTest::mouseClick(dock->closeButton(), Qt::LeftButton);
        QVERIFY(!h.replays.isWatching());
        QVERIFY(!dock->desyncStep()); // no timeline, no mark
        h.view.activateWindow();
        h.view.setFocus();
        QVERIFY(QTest::qWaitForWindowActive(&h.view));
        QTest::keyClick(&h.view, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(h.doc.level().findSpawn(3)); // undone
        const QString line = dock->statusLabel()->text();
        QVERIFY2(!line.contains(QStringLiteral("desync")), qPrintable(line));
        QVERIFY2(!line.contains(QStringLiteral("NPC #3")), qPrintable(line));
        // Watched again: it replays exactly, no mark.
        QCOMPARE(h.watched(), QStringLiteral("Replays exactly: every checkpoint matches."));
        QVERIFY(!dock->desyncStep());
    }

    // Watching a replay that reaches the tutorial's goal: at the goal's step the goal is lit
    // at full strength and the HUD's goal line with it, fading over a second of game time,
    // and not before the step (the End, Home and step buttons of the dock).
    void goalMomentAtTheReplaysStep() {
        Harness h(testlevels::loadSample("tutorial.yaml"));
        const auto route = ts::level::findReachable(h.doc.level()).routeToSpawn(7);
        QVERIFY(route);
        const std::uint64_t goalStep = route->steps;
        Replay r = ts::level::recordScript(h.doc.level(), route->script, goalStep + 30);
        r.levelPath = "tutorial.yaml";
        const QString file = mDir.filePath(QStringLiteral("goal.tsreplay"));
        QVERIFY(ts::level::saveReplayFile(r, file.toStdString()));
        QString error;
        QVERIFY2(h.replays.openFile(file, &error), qPrintable(error));
        ts::play::ReplayDock* dock = h.replays.dock();
        dock->show();
        QVERIFY(QTest::qWaitForWindowExposed(dock));
        QVERIFY(h.replays.watch(0, &error));
        auto* moment = h.play.findChild<ts::play::GoalMoment*>();
        QVERIFY(moment);
        const auto strength = [&]() -> double {
            if (!moment->item() || moment->item()->marks().isEmpty())
                return 0;
            return moment->item()->marks().front().strength;
        };
        QCOMPARE(strength(), 0.0);
        dock->slider()->setFocus();
        QTest::keyClick(dock->slider(), Qt::Key_End); // 30 steps past the goal: half faded
        QCOMPARE(h.replays.currentStep(), goalStep + 30);
        QVERIFY(std::abs(strength() - 0.5) < 0.02);
        QCOMPARE(moment->item()->marks().front().goalId, 7);
        QVERIFY(std::abs(h.play.hud()->goalHighlight() - 0.5) < 0.02);
        h.replays.seek(goalStep);
        QCOMPARE(strength(), 1.0);
        QCOMPARE(h.play.hud()->goalHighlight(), 1.0);
        QTest::mouseClick(dock->backButton(), Qt::LeftButton); // not reached yet
        QCOMPARE(strength(), 0.0);
        QCOMPARE(h.play.hud()->goalHighlight(), 0.0);
        // The pause-at-goal option is for live play: the replay is not held there.
        moment->pauseAtGoalAction()->setChecked(true);
        h.replays.setPlaying(true);
        QTRY_VERIFY_WITH_TIMEOUT(h.replays.currentStep() >= goalStep + 30, 5000);
        moment->pauseAtGoalAction()->setChecked(false);
        h.replays.close();
        QVERIFY(!moment->item());
    }
};

QTEST_MAIN(TestReplayDesyncEditor)
#include "test_replay_desync_editor.moc"
