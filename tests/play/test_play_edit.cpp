// Editing while playing, through real mouse and key events: the size slider shows the
// size the player has (a growth under a low ceiling waits for room and says so), the
// Spawn tool's click on a running body selects its spawn, the first click on the map
// after dragging the slider edits, and another level opened starts at 1x.
#include "playwindow_testutil.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/replay.h"
#include "tools/brushtool.h"
#include "tools/spawntool.h"

#include <QApplication>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTemporaryDir>
#include <QTest>

using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

namespace {

/// 24 x 12 tiles: floor, walls, the player at (3, 10) under a ceiling 2 tiles above the
/// floor (columns 1 - 6: room for 1.6x, not 2x), a box at (10, 10).
Level lowCeilingLevel() {
    Level lv = playtest::walledLevel(24, 12);
    for (int x = 1; x <= 6; ++x)
        lv.setTile(x, 8, ts::Tile::Solid);
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 10));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 2, 10, 10));
    return lv;
}

struct Window : playtest::PlayWindow {
    explicit Window(Level level = lowCeilingLevel()) : PlayWindow(std::move(level)) {
        dock()->show();
    }
    QSlider* slider() { return dock()->playerSizeSlider(); }
    QLabel* label(const char* name) { return dock()->findChild<QLabel*>(QLatin1String(name)); }
    float scale() { return world().scale(play->session()->player()).x; }

    /// The slider's handle, where a press grabs it.
    QPoint handle() {
        QSlider* s = slider();
        QStyleOptionSlider opt;
        opt.initFrom(s);
        opt.subControls = QStyle::SC_All;
        opt.orientation = s->orientation();
        opt.minimum = s->minimum();
        opt.maximum = s->maximum();
        opt.sliderPosition = s->sliderPosition();
        opt.sliderValue = s->value();
        opt.singleStep = s->singleStep();
        opt.pageStep = s->pageStep();
        opt.tickPosition = s->tickPosition();
        opt.tickInterval = s->tickInterval();
        return s->style()
            ->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, s)
            .center();
    }
    /// Drags the slider's handle with the mouse to its right end (2x).
    void dragSizeToTheEnd() {
        const QPoint from = handle();
        QTest::mousePress(slider(), Qt::LeftButton, {}, from);
        QTest::mouseMove(slider(), QPoint(slider()->width() - 1, from.y()));
        QTest::mouseRelease(slider(), Qt::LeftButton, {}, QPoint(slider()->width() - 1, from.y()));
    }
};

} // namespace

class TestPlayEdit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("Tilesmith"));
        QCoreApplication::setApplicationName(QStringLiteral("TilesmithPlayEditTest"));
    }

    // A growth with no room waits: the label says the player's size and what it grows
    // to; out in the open it grows (at a recorded step) and the label follows.
    void sizeSliderShowsTheSizeThePlayerHas() {
        Window win;
        QVERIFY(win.activate());
        win.play->play();
        win.play->pause();
        win.play->runSteps(10);
        win.dragSizeToTheEnd();
        QCOMPARE(win.slider()->value(), 200);
        QVERIFY(win.scale() < 2.0f); // 40 px tall under a 32 px ceiling: no room
        const QString now = QStringLiteral("%1\u00d7").arg(double(win.scale()), 0, 'f', 2);
        QCOMPARE(win.label("playerSizeLabel")->text(), now);
        QLabel* waiting = win.label("playerSizeWaiting");
        QVERIFY(waiting && waiting->isVisible());
        QCOMPARE(waiting->text(), QStringLiteral("Grows to 2.00\u00d7 when there is room"));
        win.play->runSteps(5);
        QVERIFY(win.scale() < 2.0f);
        // Out from under the ceiling: it grows, and the label says so.
        QTest::keyPress(win.viewport(), Qt::Key_D);
        win.play->runSteps(60);
        QTest::keyRelease(win.viewport(), Qt::Key_D);
        QCOMPARE(win.scale(), 2.0f);
        QCOMPARE(win.label("playerSizeLabel")->text(), QStringLiteral("2.00\u00d7"));
        QVERIFY(!waiting->isVisible());
        QCOMPARE(win.slider()->value(), 200);
        // The growth is an event at the step it happened: the session replays exactly.
        const ts::level::Replay r = win.play->session()->replay();
        QVERIFY(!r.events.empty());
        QVERIFY(r.events.back().kind == ts::level::ReplayEventKind::Scale);
        QVERIFY(r.events.back().step > 15);
        QVERIFY(ts::level::checkReplay(win.w.document()->level(), r).ok());
        win.play->stop();
        QVERIFY(!waiting->isVisible());
    }

    // The Spawn tool's click on a running body selects its spawn, as on its glyph when
    // editing; a click on empty space still places one.
    void spawnToolClickOnABodySelectsIt() {
        Window win;
        QVERIFY(win.activate());
        win.play->play();
        win.play->pause();
        win.play->runSteps(10);
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::SpawnTool>());
        win.w.tools()->options()->setSpawnKind(SpawnKind::Box);
        const auto& spawns = win.w.document()->level().spawns;
        const QRectF box = win.play->session()->sceneRect(win.world().aabb(win.bodyOf(2)));
        QTest::mouseClick(win.viewport(), Qt::LeftButton, {},
                          win.w.view()->mapFromScene(box.center()));
        QCOMPARE(spawns.size(), std::size_t(2));
        QCOMPARE(win.w.scene()->selectedSpawnIds(), QList<int>{2});
        const QRectF player =
            win.play->session()->sceneRect(win.world().aabb(win.play->session()->player()));
        QTest::mouseClick(win.viewport(), Qt::LeftButton, {},
                          win.w.view()->mapFromScene(player.center()));
        QCOMPARE(spawns.size(), std::size_t(2));
        QCOMPARE(win.w.scene()->selectedSpawnIds(), QList<int>{1});
        QCOMPARE(win.world().bodies().size(), std::size_t(2)); // nothing placed on top
        QTest::mouseClick(win.viewport(), Qt::LeftButton, {}, win.viewportPointOfTile({15, 4}));
        QCOMPARE(spawns.size(), std::size_t(3));
        QCOMPARE(win.world().bodies().size(), std::size_t(3));
        win.play->stop();
    }

    // After dragging the size slider, the first click on the map paints.
    void firstClickAfterTheSliderEdits() {
        Window win;
        QVERIFY(win.activate());
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::BrushTool>());
        win.play->play();
        win.play->pause();
        win.dragSizeToTheEnd();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(win.slider()));
        QTest::mouseClick(win.viewport(), Qt::LeftButton, {}, win.viewportPointOfTile({15, 4}));
        QCOMPARE(win.w.document()->level().tile(15, 4), ts::Tile::Solid);
        QTRY_VERIFY(win.w.view()->hasFocus()); // the keys are the player's again
        QCOMPARE(win.world().map().at(15, ts::level::physicsRow(win.w.document()->level(), 4)),
                 ts::Tile::Solid);
        win.play->stop();
    }

    // The size is the play test's of one level: another level opened starts at 1x.
    void anotherLevelStartsAtOneX() {
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other.yaml"));
        Level lv = playtest::walledLevel(20, 10);
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 8));
        QVERIFY(ts::level::saveLevelFile(lv, other.toStdString()));
        Window win;
        QVERIFY(win.activate());
        win.dragSizeToTheEnd(); // while editing: the size Play starts with
        QCOMPARE(win.slider()->value(), 200);
        QVERIFY(win.w.openFile(other));
        QCOMPARE(win.slider()->value(), 100);
        QCOMPARE(win.label("playerSizeLabel")->text(), QStringLiteral("1.00\u00d7"));
        win.play->play();
        QCOMPARE(win.scale(), 1.0f);
        win.play->stop();
    }
};

QTEST_MAIN(TestPlayEdit)
#include "test_play_edit.moc"
