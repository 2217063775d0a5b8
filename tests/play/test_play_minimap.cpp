// The Mini-map during play, in a main window with real keys: F5 marks the
// bodies where they are (a box in the air falls on the mini-map as it falls in
// the world, a clone made with Space gets a mark), goals stay marked, and Stop
// gives the level's spawns back.
#include "playminimap.h"
#include "playwindow_testutil.h"
#include "tilesmith/editor/minimapdock.h"
#include "tilesmith/render/levelrenderer.h"

using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
using ts::play::PlayController;

namespace {

/// 30 x 10 tiles: floor and walls, the player on the floor at (3, 8), a box in
/// the air at (12, 2) and a goal at (25, 8).
Level minimapLevel() {
    Level lv = playtest::walledLevel(30, 10);
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 8));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 2, 12, 2));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Goal, 3, 25, 8));
    return lv;
}

const ts::editor::MinimapMark* markOf(const std::vector<ts::editor::MinimapMark>& marks,
                                      SpawnKind kind) {
    const auto it =
        std::find_if(marks.begin(), marks.end(), [kind](const auto& m) { return m.kind == kind; });
    return it == marks.end() ? nullptr : &*it;
}

} // namespace

class TestPlayMinimap : public QObject {
    Q_OBJECT

    static ts::editor::MinimapWidget* minimap(playtest::PlayWindow& win) {
        return win.w.findChild<ts::editor::MinimapDock*>()->minimap();
    }
    static QColor shownAt(playtest::PlayWindow& win, QPointF tileCentre) {
        ts::editor::MinimapWidget* m = minimap(win);
        return m->grab().toImage().pixelColor(m->tileToWidget(tileCentre).toPoint());
    }

private slots:
    void bodiesAreMarkedWhereTheyAreWhilePlaying() {
        playtest::PlayWindow win(minimapLevel());
        QVERIFY(win.activate());
        ts::editor::MinimapWidget* m = minimap(win);
        QVERIFY(!m->liveMarks());
        const QColor box = ts::render::spawnColor(SpawnKind::Box);
        QCOMPARE(shownAt(win, {12.5, 2.5}), box); // the box's spawn

        QTest::keyClick(win.viewport(), Qt::Key_F5); // play
        QTest::keyClick(win.viewport(), Qt::Key_F5); // pause
        QCOMPARE(win.play->state(), PlayController::State::Paused);
        QTest::keyClick(win.viewport(), Qt::Key_F6);
        QVERIFY(m->liveMarks());
        QCOMPARE(shownAt(win, {12.5, 2.5}), box); // the box has hardly moved yet
        for (int i = 0; i < 29; ++i)
            QTest::keyClick(win.viewport(), Qt::Key_F6); // a step each
        QVERIFY(m->liveMarks());
        // Exactly the world's bodies, where they are now.
        QCOMPARE(*m->liveMarks(), ts::play::minimapMarks(*win.play->session()));
        QCOMPARE(m->liveMarks()->size(), std::size_t(2)); // the player and the box
        const ts::editor::MinimapMark* fallen = markOf(*m->liveMarks(), SpawnKind::Box);
        QVERIFY(fallen);
        QVERIFY2(fallen->tiles.top() > 3.5, qPrintable(QString::number(fallen->tiles.top())));
        // Drawn there, and no longer at the spawn; the goal stays marked.
        QCOMPARE(shownAt(win, fallen->tiles.center()), box);
        QCOMPARE(shownAt(win, {12.5, 2.5}), ts::render::palette::mapBackground);
        QCOMPARE(shownAt(win, {25.5, 8.5}), ts::render::spawnColor(SpawnKind::Goal));

        // A clone (Space) is a third mark, in the player's colour.
        QTest::keyClick(win.viewport(), Qt::Key_Space);
        QTest::keyClick(win.viewport(), Qt::Key_F6);
        QCOMPARE(m->liveMarks()->size(), std::size_t(3));
        QCOMPARE(std::count_if(m->liveMarks()->begin(), m->liveMarks()->end(),
                               [](const auto& mk) { return mk.kind == SpawnKind::Player; }),
                 2);

        // Stop: the level's spawns again, the box back at its spawn.
        QTest::keyClick(win.viewport(), Qt::Key_F5, Qt::ControlModifier);
        QCOMPARE(win.play->state(), PlayController::State::Editing);
        QVERIFY(!m->liveMarks());
        QCOMPARE(shownAt(win, {12.5, 2.5}), box);
    }
};

QTEST_MAIN(TestPlayMinimap)
#include "test_play_minimap.moc"
