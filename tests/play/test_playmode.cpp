// Play mode: sessions driven by the controller in a scene and view made here
// (no main window needed), the overlays, and editor-vs-CLI fidelity.
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playoverlayitem.h"
#include "tilesmith/play/playsession.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QGraphicsView>
#include <QMenu>
#include <QPainter>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include <memory>

using ts::editor::LevelDocument;
using ts::editor::LevelScene;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
using ts::play::PlayController;

namespace {

QString sourcePath(const QString& rel) {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/") + rel;
}

Level loadLevel(const QString& rel) {
    ts::level::LoadResult r = ts::level::loadLevelFile(sourcePath(rel).toStdString());
    if (!r.ok()) {
        for (const auto& e : r.errors)
            qWarning("%s", e.toString().c_str());
        return Level::make(8, 8);
    }
    return *r.level;
}

/// A small level where things touch: stacked boxes, two NPCs walking into each
/// other, balls, a one-way platform, and the player on the floor.
Level busyLevel() {
    Level lv = Level::make(24, 12);
    lv.name = "Busy";
    for (int x = 0; x < lv.width; ++x)
        lv.setTile(x, lv.height - 1, ts::Tile::Solid);
    for (int y = 0; y < lv.height; ++y) {
        lv.setTile(0, y, ts::Tile::Solid);
        lv.setTile(lv.width - 1, y, ts::Tile::Solid);
    }
    for (int x = 4; x <= 9; ++x)
        lv.setTile(x, 7, ts::Tile::OneWay);
    int id = 1;
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, id++, 3, 10));
    Spawn a = Spawn::withDefaults(SpawnKind::Npc, id++, 10, 10);
    a.vx = 80;
    Spawn b = Spawn::withDefaults(SpawnKind::Npc, id++, 12, 10);
    b.vx = -80;
    lv.spawns.push_back(a);
    lv.spawns.push_back(b);
    for (int y = 10; y >= 7; --y)
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, id++, 16, y));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Ball, id++, 19, 10));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Ball, id++, 19, 6));
    return lv;
}

/// A document shown in a LevelScene and a plain QGraphicsView, with play mode.
struct Harness {
    explicit Harness(Level level) : doc(std::move(level)), scene(&doc), play(&doc, &view) {
        view.setScene(&scene);
        view.resize(800, 480);
        view.show();
    }
    bool activate() {
        view.activateWindow();
        view.setFocus();
        return QTest::qWaitForWindowActive(&view);
    }
    /// The player's handle in the running world (null when not playing).
    ts::BodyId playerId() const { return play.session() ? play.session()->player() : ts::BodyId{}; }
    const ts::World& world() const { return play.session()->world(); }
    QPoint viewportPointOfTile(QPoint tile) const {
        const int ts = doc.level().tileSize;
        view.ensureVisible(QRectF(tile.x() * ts, tile.y() * ts, ts, ts));
        return view.mapFromScene(QPointF((tile.x() + 0.5) * ts, (tile.y() + 0.5) * ts));
    }

    LevelDocument doc;
    LevelScene scene;
    mutable QGraphicsView view;
    PlayController play;
};

QImage renderScene(QGraphicsScene& scene, const QRectF& source) {
    QImage img((source.size() * 2).toSize(), QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    QPainter p(&img);
    scene.render(&p, QRectF(img.rect()), source);
    p.end();
    return img;
}

int countDifferentPixels(const QImage& a, const QImage& b) {
    if (a.size() != b.size())
        return -1;
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            n += a.pixel(x, y) != b.pixel(x, y);
    return n;
}

} // namespace

class TestPlayMode : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void playThenStopLeavesLevelIdentical();
    void timerDrivesSteps();
    void mainWindowIntegration();
    void headlessScreenshot();
    void spawnItemsHiddenWhilePlaying();
    void keysMovePlayer_data();
    void keysMovePlayer();
    void playKeysDoNotFireShortcuts();
    void spaceSpawnsClone();
    void mousePaintsRunningWorldAndLevel_data();
    void mousePaintsRunningWorldAndLevel();
    void undoDuringPlayReachesWorld();
    void overlayToggles_data();
    void overlayToggles();
    void hudToggles();
    void stepAdvancesExactlyOneStep();
    void playFromTilePlacesPlayer();
    void dockActsOnRunningWorld();
    void fidelityWithSimulate_data();
    void fidelityWithSimulate();
};

void TestPlayMode::initTestCase() {
    // The main window and play mode keep settings: never in the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TilesmithTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_playmode"));
}

void TestPlayMode::timerDrivesSteps() {
    Harness h(busyLevel());
    h.play.play();
    QVERIFY(h.play.state() == PlayController::State::Playing);
    // The timer and accumulator advance the world by whole fixed steps.
    QTRY_VERIFY_WITH_TIMEOUT(h.play.session()->world().stepCount() >= 3, 10000);
    h.play.pause();
    const std::uint64_t paused = h.play.session()->world().stepCount();
    QTest::qWait(100);
    QCOMPARE(h.play.session()->world().stepCount(), paused);
    h.play.togglePlay();
    QTRY_VERIFY_WITH_TIMEOUT(h.play.session()->world().stepCount() > paused, 10000);
    h.play.stop();
}

void TestPlayMode::mainWindowIntegration() {
    ts::editor::MainWindow window;
    PlayController play;
    window.addExtension(&play);
    QVERIFY(window.findChild<QMenu*>(QStringLiteral("playMenu"))
                ->actions()
                .contains(play.playAction()));
    QVERIFY(window.findChild<QMenu*>(QStringLiteral("playMenu"))
                ->actions()
                .contains(play.stepAction()));
    QVERIFY(window.findChild<QMenu*>(QStringLiteral("playMenu"))
                ->actions()
                .contains(play.stopAction()));
    QVERIFY(window.findChild<QMenu*>(QStringLiteral("playMenu"))
                ->actions()
                .contains(play.playHereAction()));
    for (QAction* a : play.overlayActions())
        QVERIFY(window.findChild<QMenu*>(QStringLiteral("overlaysMenu"))->actions().contains(a));
    QVERIFY(window.findChild<QToolBar*>(QStringLiteral("MainToolBar"))
                ->actions()
                .contains(play.playAction()));
    QCOMPARE(play.dock()->parentWidget(), &window);
    QCOMPARE(play.playAction()->shortcut(), QKeySequence(Qt::Key_F5));
    QCOMPARE(play.playHereAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F5));
    QCOMPARE(play.stopAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_F5));

    QString error;
    QVERIFY2(window.openFile(sourcePath(QStringLiteral("resources/levels/tutorial.yaml")), &error),
             qPrintable(error));
    QCOMPARE(play.document(), window.document());
    const std::string before = ts::level::saveLevelToString(window.document()->level());
    play.stepAction()->trigger();
    QVERIFY(play.isPaused());
    QCOMPARE(play.overlayItem()->scene(), static_cast<QGraphicsScene*>(window.scene()));
    play.runSteps(30);
    // Opening another level stops the session and follows the new document.
    QVERIFY(
        window.openFile(sourcePath(QStringLiteral("resources/levels/playground.yaml")), &error));
    QVERIFY(!play.isPlaying());
    QCOMPARE(play.document(), window.document());
    QVERIFY(window.openFile(sourcePath(QStringLiteral("resources/levels/tutorial.yaml")), &error));
    QCOMPARE(ts::level::saveLevelToString(window.document()->level()), before);
}

void TestPlayMode::headlessScreenshot() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("play.png"));
    QProcess app;
    app.start(QStringLiteral(TILESMITH_BIN_DIR "/tilesmith"),
              {sourcePath(QStringLiteral("resources/levels/tutorial.yaml")),
               QStringLiteral("--screenshot"), out, QStringLiteral("--size"),
               QStringLiteral("800x600"), QStringLiteral("--play-steps"), QStringLiteral("40"),
               QStringLiteral("--inputs"),
               sourcePath(QStringLiteral("tests/play/data/tutorial_run.txt"))});
    QVERIFY2(app.waitForFinished(60000), qPrintable(app.errorString()));
    QCOMPARE(app.exitCode(), 0);
    const QImage shot(out);
    QCOMPARE(shot.size(), QSize(800, 600));

    // --inputs without --play-steps is a usage error.
    app.start(QStringLiteral(TILESMITH_BIN_DIR "/tilesmith"),
              {sourcePath(QStringLiteral("resources/levels/tutorial.yaml")),
               QStringLiteral("--screenshot"), out, QStringLiteral("--inputs"),
               sourcePath(QStringLiteral("tests/play/data/tutorial_run.txt"))});
    QVERIFY(app.waitForFinished(60000));
    QCOMPARE(app.exitCode(), 2);
}

void TestPlayMode::playThenStopLeavesLevelIdentical() {
    Harness h(loadLevel(QStringLiteral("resources/levels/tutorial.yaml")));
    const std::string before = ts::level::saveLevelToString(h.doc.level());
    h.play.play();
    QVERIFY(h.play.isPlaying());
    QTest::keyPress(&h.view, Qt::Key_D);
    h.play.runSteps(40);
    QTest::keyClick(&h.view, Qt::Key_Space); // a clone
    h.play.dock()->setPlayerScale(1.5f);
    h.play.runSteps(20);
    QTest::keyRelease(&h.view, Qt::Key_D);
    h.play.stop();
    QVERIFY(!h.play.isPlaying());
    QVERIFY(h.play.session() == nullptr);
    QCOMPARE(ts::level::saveLevelToString(h.doc.level()), before);
    QCOMPARE(h.doc.undoStack()->count(), 0);
    QVERIFY(!h.doc.isModified());
}

void TestPlayMode::spawnItemsHiddenWhilePlaying() {
    Harness h(loadLevel(QStringLiteral("resources/levels/tutorial.yaml")));
    auto spawnItems = [&] {
        QList<QGraphicsItem*> list;
        for (QGraphicsItem* it : h.scene.items())
            if (it->type() == ts::editor::SpawnItem::Type)
                list << it;
        return list;
    };
    QVERIFY(!spawnItems().isEmpty());
    h.play.play();
    // Bodies replace their glyphs (transparent, so their spawns stay selectable); a goal
    // is an area, not a body: its glyph stays so the designer sees where to go.
    int goals = 0;
    for (QGraphicsItem* it : spawnItems()) {
        const int id = static_cast<ts::editor::SpawnItem*>(it)->spawnId();
        const ts::level::Spawn* s = h.doc.level().findSpawn(id);
        QVERIFY(s);
        const bool goal = s->kind == ts::level::SpawnKind::Goal;
        goals += goal ? 1 : 0;
        QCOMPARE(it->isVisible() && it->opacity() > 0.0, goal);
    }
    QVERIFY(goals > 0); // the tutorial has a goal
    QVERIFY(h.play.overlayItem() != nullptr);
    QCOMPARE(h.play.overlayItem()->scene(), &h.scene);
    h.play.stop();
    for (QGraphicsItem* it : spawnItems())
        QVERIFY(it->isVisible() && it->opacity() == 1.0);
    QVERIFY(h.play.overlayItem() == nullptr);
}

void TestPlayMode::keysMovePlayer_data() {
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("dx"); // expected sign of the x change
    QTest::addColumn<int>("dy"); // expected sign of the y change (y up)
    QTest::newRow("D walks right") << int(Qt::Key_D) << 1 << 0;
    QTest::newRow("Right walks right") << int(Qt::Key_Right) << 1 << 0;
    QTest::newRow("A walks left") << int(Qt::Key_A) << -1 << 0;
    QTest::newRow("Left walks left") << int(Qt::Key_Left) << -1 << 0;
    QTest::newRow("W jumps") << int(Qt::Key_W) << 0 << 1;
    QTest::newRow("Up jumps") << int(Qt::Key_Up) << 0 << 1;
}

void TestPlayMode::keysMovePlayer() {
    QFETCH(int, key);
    QFETCH(int, dx);
    QFETCH(int, dy);
    // The busy level's player stands on the floor with room on both sides.
    Level lv = busyLevel();
    lv.spawns[0].x = 6; // under the one-way platform's left end is fine: it is 3 rows up
    Harness h(lv);
    h.play.stepOnce();
    h.play.runSteps(20); // settle on the floor
    const ts::Vec2 start = h.world().position(h.playerId());
    QTest::keyPress(&h.view, Qt::Key(key));
    h.play.runSteps(dy ? 10 : 30);
    const ts::Vec2 end = h.world().position(h.playerId());
    QTest::keyRelease(&h.view, Qt::Key(key));
    QCOMPARE(h.play.heldInput(), ts::Input{});
    if (dx > 0)
        QVERIFY2(end.x > start.x + 20, qPrintable(QString::number(end.x - start.x)));
    else if (dx < 0)
        QVERIFY2(end.x < start.x - 20, qPrintable(QString::number(end.x - start.x)));
    else
        QCOMPARE(end.x, start.x);
    if (dy > 0)
        QVERIFY2(end.y > start.y + 16, qPrintable(QString::number(end.y - start.y)));
}

void TestPlayMode::playKeysDoNotFireShortcuts() {
    Harness h(busyLevel());
    QVERIFY(h.activate());
    // A single-key editor shortcut on a play key (the tools use letters).
    QAction tool(QStringLiteral("tool"));
    tool.setShortcut(QKeySequence(Qt::Key_D));
    h.view.addAction(&tool);
    QSignalSpy fired(&tool, &QAction::triggered);
    QTest::keyClick(&h.view, Qt::Key_D);
    QCOMPARE(fired.count(), 1); // editing: the shortcut works
    h.play.play();
    h.play.pause();
    QTest::keyPress(&h.view, Qt::Key_D);
    QCOMPARE(fired.count(), 1); // playing: the key walks instead
    QVERIFY(h.play.heldInput().right);
    QTest::keyRelease(&h.view, Qt::Key_D);
    QVERIFY(!h.play.heldInput().right);
    // Esc stops.
    QTest::keyClick(&h.view, Qt::Key_Escape);
    QVERIFY(!h.play.isPlaying());
}

void TestPlayMode::spaceSpawnsClone() {
    Harness h(busyLevel());
    h.play.stepOnce();
    ts::World& w = h.play.session()->world();
    const std::size_t before = w.bodyCount();
    QTest::keyClick(&h.view, Qt::Key_Space);
    QCOMPARE(w.bodyCount(), before + 1);
    const ts::BodyId clone = w.bodies().back();
    QVERIFY(w.isValid(clone));
    QCOMPARE(w.control(clone), ts::Control::Character);
    QCOMPARE(w.position(clone), w.position(h.playerId()));
    QCOMPARE(w.halfSize(clone), w.halfSize(h.playerId()));
    // Clones take the player's current size.
    h.play.dock()->playerSizeSlider()->setValue(150);
    QTest::keyClick(&h.view, Qt::Key_Space);
    QCOMPARE(w.scale(w.bodies().back()), (ts::Vec2{1.5f, 1.5f}));
}

void TestPlayMode::mousePaintsRunningWorldAndLevel_data() {
    QTest::addColumn<int>("button");
    QTest::addColumn<int>("tile");
    QTest::newRow("right: solid") << int(Qt::RightButton) << int(ts::Tile::Solid);
    QTest::newRow("middle: one-way") << int(Qt::MiddleButton) << int(ts::Tile::OneWay);
}

void TestPlayMode::mousePaintsRunningWorldAndLevel() {
    QFETCH(int, button);
    QFETCH(int, tile);
    Harness h(busyLevel());
    h.play.followAction()->setChecked(false);
    h.play.play();
    h.play.pause();
    const QPoint t(12, 4);
    QCOMPARE(h.doc.level().tile(t.x(), t.y()), ts::Tile::Empty);
    const int physRow = ts::level::physicsRow(h.doc.level(), t.y());
    QCOMPARE(h.play.session()->world().map().at(t.x(), physRow), ts::Tile::Empty);

    QTest::mouseClick(h.view.viewport(), Qt::MouseButton(button), {}, h.viewportPointOfTile(t));
    QCOMPARE(h.play.session()->world().map().at(t.x(), physRow), ts::Tile(tile));
    QCOMPARE(h.doc.level().tile(t.x(), t.y()), ts::Tile(tile));
    QCOMPARE(h.doc.undoStack()->count(), 1);
    // A drag paints a stroke: one undo step for several tiles.
    const QPoint a = h.viewportPointOfTile({5, 3});
    const QPoint b = h.viewportPointOfTile({7, 3});
    QTest::mousePress(h.view.viewport(), Qt::MouseButton(button), {}, a);
    QMouseEvent move(QEvent::MouseMove, QPointF(b), h.view.viewport()->mapToGlobal(QPointF(b)),
                     Qt::NoButton, Qt::MouseButton(button), {});
    QApplication::sendEvent(h.view.viewport(), &move);
    QTest::mouseRelease(h.view.viewport(), Qt::MouseButton(button), {}, b);
    QCOMPARE(h.doc.level().tile(5, 3), ts::Tile(tile));
    QCOMPARE(h.doc.level().tile(7, 3), ts::Tile(tile));
    QCOMPARE(h.doc.undoStack()->count(), 2);
    // Undo reaches the running world too.
    h.doc.undoStack()->undo();
    h.doc.undoStack()->undo();
    QCOMPARE(h.doc.level().tile(t.x(), t.y()), ts::Tile::Empty);
    QCOMPARE(h.play.session()->world().map().at(t.x(), physRow), ts::Tile::Empty);
    QVERIFY(h.play.isPlaying());
}

void TestPlayMode::undoDuringPlayReachesWorld() {
    Harness h(busyLevel());
    // An edit made before playing, undone while playing.
    h.doc.paintTiles({{QPoint(14, 5), ts::Tile::Solid}}, QStringLiteral("paint"));
    h.play.stepOnce();
    const int row = ts::level::physicsRow(h.doc.level(), 5);
    QCOMPARE(h.play.session()->world().map().at(14, row), ts::Tile::Solid);
    h.doc.undoStack()->undo();
    QCOMPARE(h.play.session()->world().map().at(14, row), ts::Tile::Empty);
    h.doc.undoStack()->redo();
    QCOMPARE(h.play.session()->world().map().at(14, row), ts::Tile::Solid);
}

void TestPlayMode::overlayToggles_data() {
    QTest::addColumn<unsigned>("overlay");
    QTest::addColumn<bool>("needsDebug");
    QTest::newRow("partition cells") << unsigned(ts::play::OverlayCells) << true;
    QTest::newRow("sensors") << unsigned(ts::play::OverlaySensors) << true;
    QTest::newRow("overlap vectors") << unsigned(ts::play::OverlayOverlaps) << true;
    QTest::newRow("contact flags") << unsigned(ts::play::OverlayContacts) << false;
    QTest::newRow("colliding translucent") << unsigned(ts::play::OverlayColliding) << true;
}

void TestPlayMode::overlayToggles() {
    QFETCH(unsigned, overlay);
    QFETCH(bool, needsDebug);
    Harness h(busyLevel());
    h.play.setOverlays(0);
    h.play.stepOnce();
    ts::World& w = h.play.session()->world();
    QVERIFY(!w.debugEnabled());

    QAction* action = h.play.overlayAction(ts::play::Overlay(overlay));
    QVERIFY(action);
    QVERIFY(action->isCheckable());
    action->setChecked(true);
    QCOMPARE(h.play.overlays(), overlay);
    QCOMPARE(h.play.overlayItem()->overlays(), overlay);
    QCOMPARE(w.debugEnabled(), needsDebug);
    h.play.runSteps(30); // NPCs meet, boxes settle on each other: pairs and contacts
    if (overlay == ts::play::OverlayOverlaps || overlay == ts::play::OverlayColliding)
        QVERIFY2(!w.debug().pairs.empty(), "the busy level should have colliding bodies");

    const QRectF map(0, 0, 24 * 16, 12 * 16);
    const QImage on = renderScene(h.scene, map);
    action->setChecked(false);
    QCOMPARE(h.play.overlays(), 0u);
    QVERIFY(!w.debugEnabled());
    const QImage off = renderScene(h.scene, map);
    const int diff = countDifferentPixels(on, off);
    QVERIFY2(diff > 20, qPrintable(QStringLiteral("%1 pixels differ").arg(diff)));
}

void TestPlayMode::hudToggles() {
    Harness h(busyLevel());
    h.play.setOverlays(ts::play::OverlayHud);
    // Before the first step the step line says so, not "0.00 ms (0 x)".
    h.play.play();
    h.play.pause();
    QCOMPARE(h.play.session()->world().stepCount(), 0u); // the timer has not fired yet
    QCOMPARE(h.play.hud()->lines().value(0), QStringLiteral("step   none yet"));
    h.play.stop();
    h.play.runSteps(3);
    const QString first = h.play.hud()->lines().value(0);
    QVERIFY2(QRegularExpression(
                 QStringLiteral("^step   (paused \\(last \\d+\\.\\d\\d ms\\)|\\d+\\.\\d\\d ms, "
                                "(none this frame|1 step this frame|\\d+ steps this frame))$"))
                 .match(first)
                 .hasMatch(),
             qPrintable(first));
    QVERIFY2(!first.contains(QStringLiteral(" x)")), qPrintable(first));
    QVERIFY(h.play.hud());
    QVERIFY(h.play.hud()->isVisible());
    QCOMPARE(h.play.hud()->parentWidget(), &h.view);
    const QString text = h.play.hud()->lines().join(QLatin1Char('\n'));
    QVERIFY2(text.contains(QStringLiteral("objects 9")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("pairs")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("step #3")), qPrintable(text));
    h.play.overlayAction(ts::play::OverlayHud)->setChecked(false);
    QVERIFY(!h.play.hud()->isVisible());
    h.play.overlayAction(ts::play::OverlayHud)->setChecked(true);
    QVERIFY(h.play.hud()->isVisible());
}

void TestPlayMode::stepAdvancesExactlyOneStep() {
    Harness h(busyLevel());
    QSignalSpy frames(&h.play, &PlayController::frameAdvanced);
    h.play.stepAction()->trigger(); // from editing: a paused session, one step
    QVERIFY(h.play.isPaused());
    QCOMPARE(h.play.session()->world().stepCount(), 1u);
    h.play.stepAction()->trigger();
    QCOMPARE(h.play.session()->world().stepCount(), 2u);
    QCOMPARE(frames.count(), 2);
    // Step while playing pauses first, then steps once.
    h.play.playAction()->trigger(); // resume
    QVERIFY(h.play.state() == PlayController::State::Playing);
    const std::uint64_t n = h.play.session()->world().stepCount();
    h.play.stepOnce();
    QVERIFY(h.play.isPaused());
    QCOMPARE(h.play.session()->world().stepCount(), n + 1);
    h.play.stopAction()->trigger();
    QVERIFY(!h.play.isPlaying());
}

void TestPlayMode::playFromTilePlacesPlayer() {
    Harness h(busyLevel());
    h.play.playFromTile(QPoint(20, 10));
    const ts::Vec2 expected = ts::level::tileBottomCenter(h.doc.level(), 20, 10);
    QVERIFY(h.world().isValid(h.playerId()));
    const ts::Aabb p = h.world().aabb(h.playerId());
    QCOMPARE(p.center.x, expected.x);
    QCOMPARE(p.min().y, expected.y);
    // The level still has its player where it was.
    QCOMPARE(h.doc.level().player()->x, 3);
    // Shift+F5 uses the tile under the mouse.
    h.play.stop();
    QTest::mouseMove(h.view.viewport(), h.viewportPointOfTile({8, 10}));
    h.play.playHereAction()->trigger();
    QCOMPARE(h.world().aabb(h.playerId()).center.x,
             ts::level::tileBottomCenter(h.doc.level(), 8, 10).x);
}

void TestPlayMode::dockActsOnRunningWorld() {
    Harness h(busyLevel());
    ts::play::PlayDock* dock = h.play.dock();
    QVERIFY(!dock->gravityBox()->isEnabled());
    // While editing, the dock shows what Play starts with: the level's settings.
    QCOMPARE(h.doc.level().physics.partitionCell, 16);
    QCOMPARE(dock->cellBox()->value(), 16);
    h.play.stepOnce();
    QVERIFY(dock->gravityBox()->isEnabled());
    ts::World& w = h.play.session()->world();
    dock->gravityBox()->setValue(900);
    dock->walkSpeedBox()->setValue(200);
    dock->jumpSpeedBox()->setValue(600);
    dock->cellBox()->setValue(4);
    QCOMPARE(w.settings().gravity, 900.0f);
    QCOMPARE(w.settings().walkSpeed, 200.0f);
    QCOMPARE(w.settings().jumpSpeed, 600.0f);
    QCOMPARE(w.settings().partitionCellTiles, 4);
    h.play.runSteps(2);
    QCOMPARE(w.debug().cellSize, 64.0f);
    QCOMPARE(h.doc.level().physics.gravity, 1500.0f); // not written yet

    dock->playerSizeSlider()->setValue(200);
    QCOMPARE(h.world().scale(h.playerId()), (ts::Vec2{2.0f, 2.0f}));

    dock->writeButton()->click();
    QCOMPARE(h.doc.level().physics.gravity, 900.0f);
    QCOMPARE(h.doc.level().physics.walkSpeed, 200.0f);
    QCOMPARE(h.doc.level().physics.jumpSpeed, 600.0f);
    QCOMPARE(h.doc.level().physics.partitionCell, 4);
    QCOMPARE(h.doc.undoStack()->count(), 1);
    // History says which settings the write changed, and from what to what.
    QCOMPARE(h.doc.undoStack()->undoText(),
             QStringLiteral("Physics: gravity 1500 \u2192 900, walk speed 160 \u2192 200, jump "
                            "speed 480 \u2192 600, partition cell 16 \u2192 4"));
    // Undoing the write puts the level's settings back into the running world.
    h.doc.undoStack()->undo();
    QCOMPARE(h.doc.level().physics.gravity, 1500.0f);
    QCOMPARE(w.settings().gravity, 1500.0f);
    QCOMPARE(dock->gravityBox()->value(), 1500.0);
    // Live edits not written to the level are gone after Stop.
    dock->cellBox()->setValue(8);
    h.play.stop();
    QCOMPARE(dock->cellBox()->value(), 16);
}

void TestPlayMode::fidelityWithSimulate_data() {
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("inputs");
    QTest::addColumn<int>("steps");
    const QString run = QStringLiteral("tests/play/data/tutorial_run.txt");
    QTest::newRow("tutorial 240") << QStringLiteral("resources/levels/tutorial.yaml") << run << 240;
    QTest::newRow("playground 300")
        << QStringLiteral("resources/levels/playground.yaml") << run << 300;
    QTest::newRow("crowd 120") << QStringLiteral("resources/levels/crowd.yaml") << run << 120;
}

void TestPlayMode::fidelityWithSimulate() {
    QFETCH(QString, level);
    QFETCH(QString, inputs);
    QFETCH(int, steps);

    ts::level::InputScript script;
    std::vector<ts::level::Diagnostic> errors;
    QVERIFY(ts::level::loadInputScript(sourcePath(inputs).toStdString(), script, errors));

    // In the editor: through the controller, overlays on (debug data must not
    // change the simulation).
    Harness h(loadLevel(level));
    h.play.setOverlays(ts::play::OverlayAll);
    h.play.runSteps(steps, &script);
    QVERIFY(h.play.session());
    QCOMPARE(h.play.session()->world().stepCount(), std::uint64_t(steps));
    const QString editorHash =
        QStringLiteral("%1").arg(h.play.session()->world().stateHash(), 16, 16, QLatin1Char('0'));

    QProcess cli;
    cli.start(QStringLiteral(TILESMITH_BIN_DIR "/tilesmith"),
              {QStringLiteral("simulate"), sourcePath(level), QStringLiteral("--steps"),
               QString::number(steps), QStringLiteral("--inputs"), sourcePath(inputs),
               QStringLiteral("--hash")});
    QVERIFY2(cli.waitForFinished(60000), qPrintable(cli.errorString()));
    QCOMPARE(cli.exitCode(), 0);
    const QString cliHash = QString::fromLatin1(cli.readAllStandardOutput()).trimmed();
    QCOMPARE(editorHash, cliHash);
}

QTEST_MAIN(TestPlayMode)
#include "test_playmode.moc"
