// Editing while playing, then watching the session: a tile painted with a right-click and a
// spawn placed with the Spawn tool while playing (real mouse events on the view) are
// recorded at their steps, the recording goes on, and the kept session watched on the level
// the session left (the edits in it) replays without a desync; Play from Here past the edits
// continues a session that replays too. A solid tile painted over the player (1x, 2x), a
// box or an NPC pushes the body out the shortest free way; the player walks and jumps on,
// and the session replays exactly.
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
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"
#include "tools/spawntool.h"

#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

using testlevels::loadSample;
using ts::level::Replay;
using ts::level::ReplayEventKind;
using ts::level::Spawn;
using ts::level::SpawnKind;
using ts::play::PlayController;

namespace {

/// A main window on the tutorial with play mode and replays, its crash recovery files in
/// a temporary directory and its settings off.
struct Window {
    explicit Window(ts::level::Level level = loadSample("tutorial.yaml")) {
        w.setSettingsEnabled(false);
        w.addExtension(&play);
        w.addExtension(&replays);
        w.setDocument(std::make_unique<ts::editor::LevelDocument>(std::move(level)));
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
    const ts::World& world() { return play.session()->world(); }
    /// The running body of spawn `id`.
    ts::BodyId bodyOf(int id) {
        for (ts::BodyId b : world().bodies())
            if (world().userData(b) == std::uint64_t(id))
                return b;
        return {};
    }
    /// The tile (level rows) of a scene point `dy` px below the top centre of a body's box.
    QPoint tileInTopOf(ts::BodyId b, float dy) {
        const QRectF box = play.session()->sceneRect(world().aabb(b));
        return w.scene()->tileAt(QPointF(box.center().x(), box.top() + dy));
    }
    /// Whether a body's box overlaps a solid tile (by more than a rounding error).
    bool inSolid(ts::BodyId b) {
        const ts::TileMap& m = world().map();
        const ts::Aabb box = world().aabb(b);
        constexpr float e = 1.0f / 64.0f;
        for (int y = m.tileYAtPoint(box.min().y + e); y <= m.tileYAtPoint(box.max().y - e); ++y)
            for (int x = m.tileXAtPoint(box.min().x + e); x <= m.tileXAtPoint(box.max().x - e); ++x)
                if (m.isSolid(x, y))
                    return true;
        return false;
    }
};

/// 24 x 12 tiles: a floor, side walls, the player at (4, 10), a box at (10, 10) and an NPC
/// at (17, 10).
ts::level::Level openLevel() {
    ts::level::Level lv = ts::level::Level::make(24, 12);
    for (int x = 0; x < lv.width; ++x)
        lv.setTile(x, lv.height - 1, ts::Tile::Solid);
    for (int y = 0; y < lv.height; ++y) {
        lv.setTile(0, y, ts::Tile::Solid);
        lv.setTile(lv.width - 1, y, ts::Tile::Solid);
    }
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 4, 10));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 2, 10, 10));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 3, 17, 10));
    return lv;
}

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

    void solidTilePaintedOverBodiesPushesThemOut() {
        Window h(openLevel());
        QVERIFY(QTest::qWaitForWindowExposed(&h.w));
        h.play.runSteps(0);
        h.play.runSteps(30); // all standing
        const ts::BodyId player = h.play.session()->player();
        float pushed = 0; // how far the last paint moved the body along x
        const auto paintOverHead = [&](ts::BodyId b) {
            const float x0 = h.world().position(b).x;
            const QPoint tile = h.tileInTopOf(b, 1.0f);
            QTest::mouseClick(h.viewport(), Qt::RightButton, {}, h.pointOfTile(tile));
            QCOMPARE(h.w.document()->level().tile(tile.x(), tile.y()), ts::Tile::Solid);
            QVERIFY2(!h.inSolid(b),
                     qPrintable(QStringLiteral("body in tile %1, %2").arg(tile.x()).arg(tile.y())));
            pushed = h.world().position(b).x - x0;
        };
        const auto walksAndJumps = [&] {
            QVERIFY(pushed != 0); // aside: the shortest way out
            h.play.runSteps(2);
            QVERIFY(h.world().hasContact(player, ts::OnGround));
            QVERIFY(!h.world().hasContact(player, ts::AtCeiling));
            // Away from the tile, the way it was pushed.
            const float x0 = h.world().position(player).x;
            const Qt::Key away = pushed > 0 ? Qt::Key_D : Qt::Key_A;
            h.key(away, true);
            h.play.runSteps(20);
            h.key(away, false);
            QVERIFY(std::abs(h.world().position(player).x - x0) > 20);
            const float y0 = h.world().aabb(player).min().y;
            h.key(Qt::Key_W, true);
            h.play.runSteps(10);
            h.key(Qt::Key_W, false);
            QVERIFY(h.world().aabb(player).min().y > y0 + 16);
            h.play.runSteps(60); // down again
        };
        h.play.dock()->playerSizeSlider()->setValue(200);
        QCOMPARE(h.world().scale(player), (ts::Vec2{2.0f, 2.0f}));
        h.play.runSteps(2);
        paintOverHead(player); // at 2x: 24 px of its head in the tile; out to the left
        walksAndJumps();
        h.play.dock()->playerSizeSlider()->setValue(100);
        paintOverHead(player); // at 1x, by the wall: 4 px of its head; out to the right
        walksAndJumps();
        paintOverHead(h.bodyOf(2)); // the box: wholly in the tile
        paintOverHead(h.bodyOf(3)); // the NPC, walking
        h.play.runSteps(30);
        for (const int id : {2, 3})
            QVERIFY(!h.inSolid(h.bodyOf(id)));
        const std::uint64_t finalHash = h.world().stateHash();
        const std::uint64_t steps = h.play.session()->steps();
        h.play.stop();

        // The session, watched on the level with its four tiles, replays exactly; and so
        // does `tilesmith replay check`'s check.
        QCOMPARE(h.replays.sessions().size(), 1);
        const Replay recorded = h.replays.sessions().first().replay;
        QCOMPARE(recorded.steps, steps);
        QCOMPARE(recorded.finalHash, finalHash);
        QVERIFY(h.replays.watch(0));
        QVERIFY2(!h.replays.timeline()->desync(), qPrintable(h.replays.status()));
        h.replays.seek(recorded.steps);
        QCOMPARE(h.world().stateHash(), finalHash);
        h.replays.close();
        QVERIFY(ts::level::checkReplay(h.w.document()->level(), recorded).ok());
        QTemporaryDir dir;
        const QString level = dir.filePath(QStringLiteral("pushed.yaml"));
        const QString file = dir.filePath(QStringLiteral("pushed.tsreplay"));
        QVERIFY(ts::level::saveLevelFile(h.w.document()->level(), level.toStdString()));
        Replay saved = recorded;
        saved.levelPath = "pushed.yaml";
        QVERIFY(ts::level::saveReplayFile(saved, file.toStdString()));
        QProcess cli;
        cli.start(QStringLiteral(TILESMITH_BIN_DIR "/tilesmith"),
                  {QStringLiteral("replay"), QStringLiteral("check"), file});
        QVERIFY2(cli.waitForFinished(60000), qPrintable(cli.errorString()));
        const QString said =
            QString::fromUtf8(cli.readAllStandardOutput() + cli.readAllStandardError());
        QVERIFY2(cli.exitCode() == 0 && said.contains(QStringLiteral("ok (")), qPrintable(said));
    }
};

QTEST_MAIN(TestReplayEditsEditor)
#include "test_replay_edits_editor.moc"
