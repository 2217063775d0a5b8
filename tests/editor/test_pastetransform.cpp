// A floating paste mirrored and turned before the click places it, as a stamp
// is in Tiled, through the main window's viewport with real keys and clicks:
// - X and Y mirror it (tiles and spawns); X swaps the tile kind again once
//   nothing is selected (with the placed paste selected it flips that in place);
// - Z and Shift+Z turn it a quarter turn clockwise and counterclockwise, the
//   outline takes the turned size, spawns stay upright on their turned tiles,
//   and one undo takes each paste away;
// - Shift+click places it and keeps it floating, as Tiled's stamp: a turned
//   paste is placed three times, each placement its own undo step.
// The transforms themselves are the level library's (test_transform).
#include "mainwindow_testutil.h"
#include "tilesmith/editor/tooloptions.h"

class TestPasteTransform : public MainWindowTest {
    Q_OBJECT

    /// Copies tiles 8..14 of rows 15 and 16 of the tutorial (".....##" twice)
    /// with the NPC standing at (9, 16), and pastes it with the mouse on `at`.
    static void copyWallAndNpc(MainWindow* w, QPoint at) {
        selectTiles(w, {8, 15}, {14, 16});
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{2});
        QTest::keyClick(viewport(w), Qt::Key_C, Qt::ControlModifier);
        QTest::mouseMove(viewport(w), tilePoint(w, at));
        QTest::keyClick(viewport(w), Qt::Key_V, Qt::ControlModifier);
        QVERIFY(w->scene()->hasFloating());
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }
    void xAndYFlipAFloatingPaste() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        QAction* flipH = w->action(QStringLiteral("actionFlipHorizontally"));
        QAction* flipV = w->action(QStringLiteral("actionFlipVertically"));
        QVERIFY(flipH && flipV);
        QVERIFY(!flipH->isEnabled());
        copyWallAndNpc(w.get(), {20, 15});
        if (QTest::currentTestFailed())
            return;
        QVERIFY(flipH->isEnabled());
        QVERIFY(flipV->isEnabled());
        QTest::keyClick(viewport(w.get()), Qt::Key_X);
        QTest::keyClick(viewport(w.get()), Qt::Key_Y);
        // X flipped the paste instead of swapping the tile kind.
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::Solid);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {20, 15}));
        QVERIFY(!w->scene()->hasFloating());
        const ts::level::Level& l = w->document()->level();
        for (const int y : {15, 16}) {
            for (int x = 20; x <= 26; ++x)
                QCOMPARE(l.tile(x, y), x <= 21 ? ts::Tile::Solid : ts::Tile::Empty);
        }
        // The NPC mirrored with the tiles: one column from the right, the top row.
        const ts::level::Spawn pasted = l.spawns.back(); // a copy: the undo below removes it
        QCOMPARE(pasted.kind, ts::level::SpawnKind::Npc);
        QCOMPARE(QPoint(pasted.x, pasted.y), QPoint(25, 15));
        // Placed, it is selected, and X would flip it in place (test_selectiontransform).
        // One undo step takes the paste away; with nothing selected X is the tile
        // kind's key again.
        QVERIFY(flipH->isEnabled());
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l.tile(20, 15), ts::Tile::Empty);
        QCOMPARE(l.findSpawn(pasted.id), nullptr);
        QTest::keyClick(viewport(w.get()), Qt::Key_Escape);
        QVERIFY(!flipH->isEnabled());
        QTest::keyClick(viewport(w.get()), Qt::Key_X);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::OneWay);
    }

    void zAndShiftZTurnAFloatingPaste() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        QAction* right = w->action(QStringLiteral("actionRotateRight"));
        QAction* left = w->action(QStringLiteral("actionRotateLeft"));
        QVERIFY(right && left);
        QVERIFY(!right->isEnabled());
        QVERIFY(!left->isEnabled());
        const ts::level::Level& l = w->document()->level();
        const int spawnsBefore = static_cast<int>(l.spawns.size());

        // Z: the 7 x 2 wall turns clockwise into a 2 x 7 pillar; its top-left stays
        // under the cursor at (20, 8).
        copyWallAndNpc(w.get(), {20, 8});
        if (QTest::currentTestFailed())
            return;
        QVERIFY(right->isEnabled());
        QVERIFY(left->isEnabled());
        QTest::keyClick(viewport(w.get()), Qt::Key_Z);
        QCOMPARE(w->scene()->floatingTopLeft(), QPoint(20, 8));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {20, 8}));
        QVERIFY(!w->scene()->hasFloating());
        QVERIFY(right->isEnabled()); // now for the placed paste, selected, in place
        for (int y = 8; y <= 14; ++y) {
            for (int x = 20; x <= 21; ++x)
                QCOMPARE(l.tile(x, y), y >= 13 ? ts::Tile::Solid : ts::Tile::Empty);
        }
        QCOMPARE(l.tile(22, 8), ts::Tile::Empty);
        // What it pasted ends selected: the turned size, not the copied one.
        QCOMPARE(w->scene()->tileSelection(), QRect(20, 8, 2, 7));
        // The NPC stood one column in and on the bottom row; turned, it stands in the
        // left column, one row down, upright (its size as it was).
        const ts::level::Spawn right1 = l.spawns.back();
        QCOMPARE(right1.kind, ts::level::SpawnKind::Npc);
        QCOMPARE(QPoint(right1.x, right1.y), QPoint(20, 9));
        QCOMPARE(right1.width, l.findSpawn(2)->width);
        QCOMPARE(right1.height, l.findSpawn(2)->height);

        // Shift+Z: counterclockwise, the wall's solid end at the top.
        QTest::mouseMove(viewport(w.get()), tilePoint(w.get(), {23, 8}));
        QTest::keyClick(viewport(w.get()), Qt::Key_V, Qt::ControlModifier);
        QVERIFY(w->scene()->hasFloating());
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ShiftModifier);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {23, 8}));
        for (int y = 8; y <= 14; ++y) {
            for (int x = 23; x <= 24; ++x)
                QCOMPARE(l.tile(x, y), y <= 9 ? ts::Tile::Solid : ts::Tile::Empty);
        }
        const ts::level::Spawn left1 = l.spawns.back();
        QCOMPARE(QPoint(left1.x, left1.y), QPoint(24, 13));
        QCOMPARE(static_cast<int>(l.spawns.size()), spawnsBefore + 2);

        // One undo takes each paste away.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l.tile(23, 8), ts::Tile::Empty);
        QCOMPARE(l.findSpawn(left1.id), nullptr);
        QCOMPARE(l.tile(20, 13), ts::Tile::Solid);
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l.tile(20, 13), ts::Tile::Empty);
        QCOMPARE(l.findSpawn(right1.id), nullptr);
        QCOMPARE(static_cast<int>(l.spawns.size()), spawnsBefore);
    }

    void shiftClickPlacesAndKeepsThePaste() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const ts::level::Level& l = w->document()->level();
        const int spawnsBefore = static_cast<int>(l.spawns.size());
        const int undoBefore = w->document()->undoStack()->count();
        copyWallAndNpc(w.get(), {17, 3});
        if (QTest::currentTestFailed())
            return;
        QTest::keyClick(viewport(w.get()), Qt::Key_Z); // a 2 x 7 pillar, solid at rows 5..6
        // Three pillars with Shift+click at columns 17, 20 and 23; the paste still
        // floats after each, turned as it was.
        for (const int x : {17, 20, 23}) {
            QTest::mouseMove(viewport(w.get()), tilePoint(w.get(), {x, 3}));
            QTest::mouseClick(viewport(w.get()), Qt::LeftButton, Qt::ShiftModifier,
                              tilePoint(w.get(), {x, 3}));
            QVERIFY(w->scene()->hasFloating());
            QCOMPARE(l.tile(x, 8), ts::Tile::Solid);
            QCOMPARE(l.tile(x + 1, 9), ts::Tile::Solid);
            QCOMPARE(l.tile(x, 7), ts::Tile::Empty);
            QCOMPARE(l.spawns.back().x, x);
            QCOMPARE(l.spawns.back().y, 4);
        }
        QCOMPARE(static_cast<int>(l.spawns.size()), spawnsBefore + 3);
        QVERIFY(w->action(QStringLiteral("actionRotateRight"))->isEnabled());
        // Esc ends it and places nothing more; each placement undoes on its own.
        QTest::keyClick(viewport(w.get()), Qt::Key_Escape);
        QVERIFY(!w->scene()->hasFloating());
        QCOMPARE(w->document()->undoStack()->count(), undoBefore + 3);
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(l.tile(23, 8), ts::Tile::Empty);
        QCOMPARE(l.tile(20, 8), ts::Tile::Solid);
        QCOMPARE(static_cast<int>(l.spawns.size()), spawnsBefore + 2);
        // A plain click still places once and stops.
        QTest::mouseMove(viewport(w.get()), tilePoint(w.get(), {23, 3}));
        QTest::keyClick(viewport(w.get()), Qt::Key_V, Qt::ControlModifier);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {23, 3}));
        QVERIFY(!w->scene()->hasFloating());
    }
};

QTEST_MAIN(TestPasteTransform)
#include "test_pastetransform.moc"
