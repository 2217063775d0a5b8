// Flip and Rotate of a selection in place, with the Select tool, through the main
// window's viewport with real drags and keys (a floating paste's are
// test_pastetransform's; the plan, exactly, test_editor_regiontransform's):
// - X and Y mirror the selected tiles and spawns where they are, one undo step
//   each, named in the History and said in the status bar; X twice and Y twice
//   give the level back, and the selection stays on the region;
// - Z and Shift+Z turn it about its centre; four turns, or a turn and its
//   inverse, give the level back;
// - a turn that would leave the map changes nothing and says why;
// - the turned region covers the level as a paste does: its empty cells leave
//   the level's tiles, spawns it would bury (the player too) move up out of it;
// - X is Flip Horizontally only with the Select tool and selected tiles, Swap
//   Tile Kind otherwise, never both; the select tool's hint fits at 1100 px.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/tooloptions.h"
#include "tools/selecttool.h"
#include "widgets/elidedlabel.h"

#include <algorithm>
#include <string>
#include <vector>

namespace {

/// Rows `top`..`bottom` of columns `left`..`right` ('.', '#', '='), top first.
std::vector<std::string> rowsOf(const ts::level::Level& l, QRect r) {
    std::vector<std::string> out;
    for (int y = r.top(); y <= r.bottom(); ++y) {
        std::string row;
        for (int x = r.left(); x <= r.right(); ++x) {
            const ts::Tile t = l.tile(x, y);
            row += t == ts::Tile::Solid ? '#' : t == ts::Tile::OneWay ? '=' : '.';
        }
        out.push_back(row);
    }
    return out;
}

QPoint spawnAt(const ts::level::Level& l, int id) {
    const ts::level::Spawn* s = l.findSpawn(id);
    return s ? QPoint(s->x, s->y) : QPoint(-1, -1);
}

} // namespace

class TestSelectionTransform : public MainWindowTest {
    Q_OBJECT

    static QString status(MainWindow* w) { return w->statusBar()->currentMessage(); }
    static QString lastStep(MainWindow* w) {
        const QUndoStack* stack = w->document()->undoStack();
        return stack->text(stack->index() - 1);
    }
    static void press(MainWindow* w, Qt::Key key, Qt::KeyboardModifiers mods = {}) {
        QTest::keyClick(viewport(w), key, mods);
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void xAndYFlipTheSelectionInPlace() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const ts::level::Level& l = w->document()->level();
        const ts::level::Level original = l;
        QUndoStack* stack = w->document()->undoStack();
        // The tutorial's low wall (13..15, 15..16) and the NPC at (9, 16), nine
        // columns wide from column 8.
        const QRect region(8, 14, 9, 3);
        selectTiles(w.get(), region.topLeft(), region.bottomRight());
        QCOMPARE(w->scene()->tileSelection(), region);
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{2});
        const int steps = stack->count();

        press(w.get(), Qt::Key_X);
        QCOMPARE(rowsOf(l, region), (std::vector<std::string>{
                                        ".........",
                                        ".###.....",
                                        ".###.....",
                                    }));
        QCOMPARE(spawnAt(l, 2), QPoint(15, 16));
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::Solid); // X flipped, it did not swap
        QCOMPARE(stack->count(), steps + 1);
        QCOMPARE(lastStep(w.get()), QStringLiteral("Flip 6 tiles and 1 spawn horizontally"));
        QCOMPARE(status(w.get()), QStringLiteral("Flipped 6 tiles and 1 spawn horizontally."));
        QCOMPARE(w->scene()->tileSelection(), region);
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{2});
        const ts::level::Level flipped = l;
        // Ctrl+Z gives the level back exactly, Ctrl+Shift+Z the flip.
        press(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l, original);
        QCOMPARE(w->scene()->tileSelection(), region);
        press(w.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(l, flipped);
        // X again: the level as it was, in a second step.
        press(w.get(), Qt::Key_X);
        QCOMPARE(l, original);
        QCOMPARE(stack->count(), steps + 2);
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{2});

        // Y: the bottom row goes to the top, the NPC with it.
        press(w.get(), Qt::Key_Y);
        QCOMPARE(rowsOf(l, region), (std::vector<std::string>{
                                        ".....###.",
                                        ".....###.",
                                        ".........",
                                    }));
        QCOMPARE(spawnAt(l, 2), QPoint(9, 14));
        QCOMPARE(lastStep(w.get()), QStringLiteral("Flip 6 tiles and 1 spawn vertically"));
        QCOMPARE(status(w.get()), QStringLiteral("Flipped 6 tiles and 1 spawn vertically."));
        press(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l, original);
        press(w.get(), Qt::Key_Y);
        press(w.get(), Qt::Key_Y);
        QCOMPARE(l, original);
        QCOMPARE(stack->count(), steps + 4);
    }

    void zAndShiftZTurnTheSelectionAboutItsCentre() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const ts::level::Level& l = w->document()->level();
        const ts::level::Level original = l;
        QUndoStack* stack = w->document()->undoStack();
        // The one-way platform (5..10, 11) and the goal above it at (7, 10): 7 x 3.
        const QRect region(5, 9, 7, 3);
        selectTiles(w.get(), region.topLeft(), region.bottomRight());
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{7});
        const int steps = stack->count();
        // Turned about its centre, 3 x 7 from (7, 7); the rows 7..13 of 5..11.
        const QRect around(5, 7, 7, 7);

        press(w.get(), Qt::Key_Z);
        QCOMPARE(rowsOf(l, around), (std::vector<std::string>{
                                        "..=....",
                                        "..=....",
                                        "..=....",
                                        "..=....",
                                        "..=....",
                                        "..=....",
                                        ".......",
                                    }));
        QCOMPARE(spawnAt(l, 7), QPoint(8, 9));
        QCOMPARE(w->scene()->tileSelection(), QRect(7, 7, 3, 7));
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{7});
        QCOMPARE(stack->count(), steps + 1);
        QCOMPARE(lastStep(w.get()), QStringLiteral("Rotate 6 tiles and 1 spawn clockwise"));
        QCOMPARE(status(w.get()), QStringLiteral("Rotated 6 tiles and 1 spawn clockwise."));
        press(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l, original);
        QCOMPARE(w->scene()->tileSelection(), region);

        // Shift+Z: counterclockwise, the platform's left end at the bottom.
        press(w.get(), Qt::Key_Z, Qt::ShiftModifier);
        QCOMPARE(rowsOf(l, around), (std::vector<std::string>{
                                        ".......",
                                        "....=..",
                                        "....=..",
                                        "....=..",
                                        "....=..",
                                        "....=..",
                                        "....=..",
                                    }));
        QCOMPARE(spawnAt(l, 7), QPoint(8, 11));
        QCOMPARE(lastStep(w.get()), QStringLiteral("Rotate 6 tiles and 1 spawn counterclockwise"));
        // And Z turns it back.
        press(w.get(), Qt::Key_Z);
        QCOMPARE(l, original);
        QCOMPARE(w->scene()->tileSelection(), region);

        // Four turns give the level back, one undo step each.
        const int before = stack->count();
        for (int i = 0; i < 4; ++i) {
            press(w.get(), Qt::Key_Z);
            QCOMPARE(w->scene()->tileSelection(), i % 2 == 0 ? QRect(7, 7, 3, 7) : region);
            QCOMPARE(l == original, i == 3);
        }
        QCOMPARE(stack->count(), before + 4);
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{7});
    }

    void aTurnOffTheMapChangesNothing() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const ts::level::Level original = w->document()->level();
        // The upper right platform with box 6 on it, 16 x 2 from row 3: turned
        // about its centre it would start at row -4.
        const QRect region(40, 3, 16, 2);
        selectTiles(w.get(), region.topLeft(), region.bottomRight());
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{6});
        const int steps = w->document()->undoStack()->count();
        for (const Qt::KeyboardModifiers mods :
             {Qt::KeyboardModifiers{}, Qt::KeyboardModifiers{Qt::ShiftModifier}}) {
            press(w.get(), Qt::Key_Z, mods);
            QCOMPARE(w->document()->level(), original);
            QCOMPARE(w->document()->undoStack()->count(), steps);
            QCOMPARE(w->scene()->tileSelection(), region);
            QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{6});
            QCOMPARE(status(w.get()), QStringLiteral("Not rotated: turned about its centre, it "
                                                     "would cross the map's top edge."));
            // Whole, beside the tile readout.
            QCoreApplication::sendPostedEvents();
            QCOMPARE(
                w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"))->shownText(),
                status(w.get()));
        }
        // A flip stays where it is: never refused.
        press(w.get(), Qt::Key_X);
        QCOMPARE(w->document()->undoStack()->count(), steps + 1);
        QCOMPARE(spawnAt(w->document()->level(), 6), QPoint(48, 3));
    }

    void theTurnCoversTheLevelAsAPasteDoes() {
        // A 4 x 2 piece at (2, 3) with the NPC on it turns clockwise into the
        // 2 x 4 at (3, 2): over the player at (3, 2), a one-way tile at (3, 5) and
        // a wall tile at (4, 5).
        const std::vector<std::string> rows = {
            "..........", "..........", "..........", "..#.......",
            "..#..#....", "...=#.....", "..........", "##########",
        };
        ts::level::Level level = ts::level::Level::make(10, 8);
        level.name = "cover";
        for (int y = 0; y < level.height; ++y)
            for (int x = 0; x < level.width; ++x) {
                const char c = rows[std::size_t(y)][std::size_t(x)];
                level.setTile(x, y,
                              c == '#'   ? ts::Tile::Solid
                              : c == '=' ? ts::Tile::OneWay
                                         : ts::Tile::Empty);
            }
        using ts::level::Spawn;
        using ts::level::SpawnKind;
        level.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 2));
        level.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 2, 5, 3));
        const QString path = work(QStringLiteral("cover.yaml"));
        std::string error;
        QVERIFY2(ts::level::saveLevelFile(level, path.toStdString(), &error), error.c_str());
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, path);
        QVERIFY(w);
        const ts::level::Level& l = w->document()->level();
        const ts::level::Level original = l;
        selectTiles(w.get(), {2, 3}, {5, 4});
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{2});
        const int steps = w->document()->undoStack()->count();

        press(w.get(), Qt::Key_Z);
        // What the turned piece leaves is empty; its walls replace the one-way
        // tile; its empty cell leaves the level's wall at (4, 5).
        QCOMPARE(rowsOf(l, QRect(0, 0, 10, 8)), (std::vector<std::string>{
                                                    "..........",
                                                    "..........",
                                                    "...##.....",
                                                    "..........",
                                                    "..........",
                                                    "...##.....",
                                                    "..........",
                                                    "##########",
                                                }));
        // The player, under the turned wall, moved up out of it; the NPC, turned
        // onto the wall at (4, 5), too.
        QCOMPARE(spawnAt(l, 1), QPoint(3, 1));
        QCOMPARE(spawnAt(l, 2), QPoint(4, 4));
        QVERIFY(ts::level::validateLevel(l).empty());
        QCOMPARE(w->scene()->tileSelection(), QRect(3, 2, 2, 4));
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{2});
        QCOMPARE(status(w.get()), QStringLiteral("Rotated 3 tiles and 1 spawn clockwise; 2 spawns "
                                                 "moved off solid tiles."));
        QCOMPARE(w->document()->undoStack()->count(), steps + 1);
        press(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l, original);
        QCOMPARE(w->scene()->tileSelection(), QRect(2, 3, 4, 2));

        // Z then Shift+Z gives the level back exactly: the region is held up
        // between turns, so what the first covered (the one-way tile, the
        // player's place) comes back. One undo step each.
        press(w.get(), Qt::Key_Z);
        press(w.get(), Qt::Key_Z, Qt::ShiftModifier);
        QCOMPARE(l, original);
        QCOMPARE(w->scene()->tileSelection(), QRect(2, 3, 4, 2));
        QCOMPARE(status(w.get()), QStringLiteral("Rotated 3 tiles and 1 spawn counterclockwise; 1 "
                                                 "spawn back where it was."));
        QCOMPARE(w->document()->undoStack()->count(), steps + 2);
        press(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(spawnAt(l, 1), QPoint(3, 1)); // Ctrl+Z: the state after Z
        QCOMPARE(l.tile(3, 5), ts::Tile::Solid);
        // An undo ends the run: Shift+Z now turns what is there.
        press(w.get(), Qt::Key_Z, Qt::ShiftModifier);
        QCOMPARE(l.tile(3, 5), ts::Tile::Empty);
        QVERIFY(l != original);
        press(w.get(), Qt::Key_Z, Qt::ControlModifier);
        press(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l, original);
        // Another edit between the turns ends the run too: the painted tile stays.
        press(w.get(), Qt::Key_Z);
        w->document()->paintTiles({{QPoint(8, 1), ts::Tile::Solid}}, QStringLiteral("Paint"));
        press(w.get(), Qt::Key_Z, Qt::ShiftModifier);
        QCOMPARE(l.tile(8, 1), ts::Tile::Solid);
    }

    void xFlipsOnlyWithTheSelectToolAndSelectedTiles() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const ts::level::Level& l = w->document()->level();
        const ts::level::Level original = l;
        QAction* swap = w->action(QStringLiteral("actionSwapTileKind"));
        const QList<QAction*> transforms = {w->action(QStringLiteral("actionFlipHorizontally")),
                                            w->action(QStringLiteral("actionFlipVertically")),
                                            w->action(QStringLiteral("actionRotateRight")),
                                            w->action(QStringLiteral("actionRotateLeft"))};
        QVERIFY(swap && !transforms.contains(nullptr));
        // Exactly one of Swap Tile Kind and the Edit menu's four is on.
        const auto flipping = [&] {
            for (QAction* a : transforms)
                if (a->isEnabled() != transforms.first()->isEnabled())
                    return false;
            return transforms.first()->isEnabled() && !swap->isEnabled();
        };
        const auto swapping = [&] {
            return swap->isEnabled() && std::none_of(transforms.begin(), transforms.end(),
                                                     [](QAction* a) { return a->isEnabled(); });
        };

        // The Select tool, nothing selected: X swaps the tile kind.
        press(w.get(), Qt::Key_S);
        press(w.get(), Qt::Key_Escape);
        QVERIFY(swapping());
        press(w.get(), Qt::Key_X);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::OneWay);
        // Its hint says the keys, and fits the status bar at 1100 px.
        QCOMPARE(w->width(), 1100);
        const QString hint = w->tools()->findTool<ts::editor::SelectTool>()->statusHint();
        QVERIFY2(hint.contains(QStringLiteral("X/Y")), qPrintable(hint));
        QCoreApplication::sendPostedEvents();
        QCOMPARE(status(w.get()), hint);
        QCOMPARE(w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"))->text(),
                 hint);
        QCOMPARE(w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"))->shownText(),
                 hint);

        // Tiles selected: X flips them.
        selectTiles(w.get(), {8, 14}, {16, 16});
        QVERIFY(flipping());
        // Another tool, the selection still there: X swaps the kind again.
        press(w.get(), Qt::Key_B);
        QVERIFY(swapping());
        press(w.get(), Qt::Key_X);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::Solid);
        QCOMPARE(l, original);
        // Back to the Select tool: X flips, the kind stays.
        press(w.get(), Qt::Key_S);
        QVERIFY(flipping());
        press(w.get(), Qt::Key_X);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::Solid);
        QCOMPARE(spawnAt(l, 2), QPoint(15, 16));
        // A spawn alone (a click on box 4, no tiles): X swaps the kind.
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {17, 16}));
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{4});
        QVERIFY(w->scene()->tileSelection().isEmpty());
        QVERIFY(swapping());
        press(w.get(), Qt::Key_X);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::OneWay);
        // A paste floating: X flips it (test_pastetransform), whatever is selected.
        selectTiles(w.get(), {8, 14}, {16, 16});
        press(w.get(), Qt::Key_C, Qt::ControlModifier);
        press(w.get(), Qt::Key_B);
        press(w.get(), Qt::Key_V, Qt::ControlModifier);
        QVERIFY(w->scene()->hasFloating());
        QVERIFY(flipping());
        press(w.get(), Qt::Key_Escape);
        QVERIFY(!w->scene()->hasFloating());
        QVERIFY(flipping()); // the Select tool (Paste chose it), tiles selected
    }
};

QTEST_MAIN(TestSelectionTransform)
#include "test_selectiontransform.moc"
