// The Jump Arc tool driven through the view's viewport: hover shows the arcs
// of the tile under the cursor (drawn in the view), a click pins them, edits
// recompute them, right click / Esc unpin them (the arcs come from the tile under
// the cursor at once), and switching tools clears them.
#include "tilesmith/editor/jumparcitem.h"
#include "tilesmith/editor/jumparctool.h"
#include "toolrig.h"
#include "tools/brushtool.h"

using ts::leveledit::ArcKind;

namespace {

/// 40 x 20, floor on the bottom row, a platform on row 12 at columns 10..14.
Level arcLevel() {
    Level l = Level::make(40, 20);
    for (int x = 0; x < 40; ++x)
        l.setTile(x, 19, Tile::Solid);
    for (int x = 10; x <= 14; ++x)
        l.setTile(x, 12, Tile::Solid);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 18));
    return l;
}

/// The tool tests' rig (toolrig.h) on arcLevel(), in a wider, lower view.
struct ArcRig : Rig {
    ArcRig() : Rig(arcLevel()) { view.resize(900, 500); }
    JumpArcTool* tool() const { return tools.findTool<ts::editor::JumpArcTool>(); }
    void move(QPoint tile) { Rig::move(tile, Qt::NoButton); } ///< hover: no button held
    /// Viewport pixels close to `c`.
    int pixelsLike(const QColor& c) {
        QApplication::processEvents();
        const QImage img = view.viewport()->grab().toImage();
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QColor p = img.pixelColor(x, y);
                n += std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) +
                         std::abs(p.blue() - c.blue()) <
                     40;
            }
        return n;
    }
};

/// Makes the Jump Arc tool current: a base of StatusSpies, so that the switch's own
/// hint is said before the spies exist.
struct ArcToolCurrent {
    explicit ArcToolCurrent(ArcRig& r) { r.tools.setCurrentTool(r.tool()); }
};

/// The Jump Arc tool made current, then what the status bar is told from then on:
/// the scene's reasons (`said`) and the tool manager's hints (`hint`).
struct StatusSpies : private ArcToolCurrent {
    explicit StatusSpies(ArcRig& r)
        : ArcToolCurrent(r), said(&r.scene, &LevelScene::statusMessage),
          hint(&r.tools, &ToolManager::statusHintChanged) {}
    QSignalSpy said;
    QSignalSpy hint;
};

const ts::leveledit::JumpArc* findArc(const ts::leveledit::JumpArcSet& arcs, ArcKind kind,
                                      int dir) {
    for (const auto& a : arcs.arcs)
        if (a.kind == kind && a.direction == dir)
            return &a;
    return nullptr;
}

} // namespace

class TestJumpArcTool : public QObject {
    Q_OBJECT
private slots:
    void hoverDrawsArcs();
    void clickPinsRightClickUnpins();
    void editsRecompute();
    void switchingToolsClears();
    void solidTileShowsNothing();
    void solidTileSaysWhy();
    void offMapAndNeverStandsSayWhy();
};

void TestJumpArcTool::hoverDrawsArcs() {
    ArcRig r;
    QVERIFY(r.exposed());
    const QColor orange = JumpArcItem::colour(ArcKind::FullJump);
    const QColor blue = JumpArcItem::colour(ArcKind::Fall);
    const int orangeBefore = r.pixelsLike(orange);
    r.tools.setCurrentTool(r.tool());
    QVERIFY(r.tool()->item());
    QCOMPARE(r.tool()->item()->scene(), &r.scene);
    r.move(QPoint(12, 11)); // on the platform
    QCOMPARE(r.tool()->arcTile(), QPoint(12, 11));
    QVERIFY(r.tool()->arcs().ok);
    QCOMPARE(r.tool()->arcs().arcs.size(), std::size_t(6)); // 2 jumps + a fall each side
    QCOMPARE(r.tool()->item()->sceneArcs().size(), 6);
    // The start box sits on the platform: its bottom at the platform's top (row 12).
    QCOMPARE(r.tool()->item()->startBox().bottom(), 12.0 * 16);
    // Arcs end where the player lands: the falls on the floor (row 19's top).
    for (const auto& a : r.tool()->item()->sceneArcs()) {
        if (a.kind == ArcKind::Fall)
            QCOMPARE(a.endBox.bottom(), 19.0 * 16);
        QVERIFY(a.landed);
    }
    // Drawn: orange jump and blue fall pixels appear in the viewport.
    QVERIFY(r.pixelsLike(orange) > orangeBefore + 50);
    QVERIFY(r.pixelsLike(blue) > 50);

    // Hovering another tile recomputes from there.
    r.move(QPoint(30, 18));
    QCOMPARE(r.tool()->arcTile(), QPoint(30, 18));
    QCOMPARE(r.tool()->arcs().arcs.size(), std::size_t(4)); // flat floor: no ledges
}

void TestJumpArcTool::clickPinsRightClickUnpins() {
    ArcRig r;
    QVERIFY(r.exposed());
    r.tools.setCurrentTool(r.tool());
    r.click(QPoint(12, 11));
    QVERIFY(r.tool()->isPinned());
    r.move(QPoint(30, 18));
    QCOMPARE(r.tool()->arcTile(), QPoint(12, 11)); // pinned: hover does not move it
    // Unpinned, the arcs follow the cursor again, from the tile under it at once: a
    // right click drew nothing there until the mouse moved.
    const QColor orange = JumpArcItem::colour(ArcKind::FullJump);
    const int pinnedOrange = r.pixelsLike(orange);
    r.click(QPoint(30, 18), Qt::RightButton);
    QVERIFY(!r.tool()->isPinned());
    QCOMPARE(r.tool()->arcTile(), QPoint(30, 18));
    QVERIFY(r.tool()->arcs().ok);
    QCOMPARE(r.tool()->arcs().arcs.size(), std::size_t(4)); // flat floor: no ledges
    QVERIFY(!r.tool()->item()->isEmpty());
    QVERIFY(r.pixelsLike(orange) > 50);
    QVERIFY(r.pixelsLike(orange) != pinnedOrange);
    r.move(QPoint(31, 18));
    QCOMPARE(r.tool()->arcTile(), QPoint(31, 18)); // and follow it
    r.click(QPoint(12, 11));
    QVERIFY(r.tool()->isPinned());
    r.move(QPoint(30, 18));
    QCOMPARE(r.tool()->arcTile(), QPoint(12, 11));
    // Esc unpins the same way: the arcs come from the tile under the cursor.
    r.view.setFocus();
    QTest::keyClick(r.view.viewport(), Qt::Key_Escape);
    QVERIFY(!r.tool()->isPinned());
    QCOMPARE(r.tool()->arcTile(), QPoint(30, 18));
    QVERIFY(!r.tool()->item()->isEmpty());
    // Esc again, unpinned, clears them until the mouse moves.
    QTest::keyClick(r.view.viewport(), Qt::Key_Escape);
    QVERIFY(!r.tool()->arcs().ok);
    QVERIFY(r.tool()->item()->isEmpty());
    // Nothing was edited.
    QCOMPARE(r.doc.undoStack()->count(), 0);
}

void TestJumpArcTool::editsRecompute() {
    ArcRig r;
    QVERIFY(r.exposed());
    r.tools.setCurrentTool(r.tool());
    r.click(QPoint(20, 18));
    const auto* before = findArc(r.tool()->arcs(), ArcKind::FullJump, 1);
    QVERIFY(before);
    const float landBefore = before->points.back().x;
    QSignalSpy changed(r.tool(), &JumpArcTool::arcsChanged);
    // A wall two tiles to the right stops the jump short.
    r.doc.paintTiles({{QPoint(23, 18), Tile::Solid},
                      {QPoint(23, 17), Tile::Solid},
                      {QPoint(23, 16), Tile::Solid},
                      {QPoint(23, 15), Tile::Solid},
                      {QPoint(23, 14), Tile::Solid},
                      {QPoint(23, 13), Tile::Solid},
                      {QPoint(23, 12), Tile::Solid}},
                     "wall");
    QVERIFY(changed.count() >= 1);
    const auto* after = findArc(r.tool()->arcs(), ArcKind::FullJump, 1);
    QVERIFY(after);
    QVERIFY(after->points.back().x < landBefore);
    QVERIFY(after->points.back().x <= 23 * 16.0f);
    // Undo brings the long jump back.
    r.doc.undoStack()->undo();
    QCOMPARE(findArc(r.tool()->arcs(), ArcKind::FullJump, 1)->points.back().x, landBefore);
    // Changing the jump speed changes the arc as the physics says.
    auto physics = r.doc.level().physics;
    physics.jumpSpeed = 300;
    r.doc.setPhysics(physics);
    QVERIFY(findArc(r.tool()->arcs(), ArcKind::FullJump, 1)->points.back().x < landBefore);
}

void TestJumpArcTool::switchingToolsClears() {
    ArcRig r;
    QVERIFY(r.exposed());
    r.tools.setCurrentTool(r.tool());
    r.click(QPoint(12, 11));
    QPointer<JumpArcItem> item = r.tool()->item();
    QVERIFY(item);
    r.tools.setCurrentTool(r.tools.findTool<ts::editor::BrushTool>());
    QVERIFY(!item); // removed from the scene
    for (QGraphicsItem* i : r.scene.items())
        QVERIFY(i->type() != JumpArcItem::Type);
}

void TestJumpArcTool::solidTileShowsNothing() {
    ArcRig r;
    QVERIFY(r.exposed());
    r.tools.setCurrentTool(r.tool());
    r.move(QPoint(12, 12)); // inside the platform
    QVERIFY(!r.tool()->arcs().ok);
    QVERIFY(r.tool()->item()->isEmpty());
}

// Over a solid tile there are no arcs: the status bar says why (as the spawn tool
// does for its solid tiles), and a click there pins nothing.
void TestJumpArcTool::solidTileSaysWhy() {
    ArcRig r;
    QVERIFY(r.exposed());
    StatusSpies spies(r);
    auto& [said, hint] = spies;
    QWidget* vp = r.view.viewport();
    const QString why12 = QStringLiteral(
        "Tile 12, 12 is solid: the player cannot stand in it, so it has no jump arcs.");

    // Hovering the inside of the platform: nothing drawn, and the reason said.
    QTest::mouseMove(vp, r.at(QPoint(12, 12)));
    QCOMPARE(r.tool()->arcTile(), QPoint(12, 12));
    QVERIFY(!r.tool()->arcs().ok);
    QVERIFY(r.tool()->item()->isEmpty());
    QCOMPARE(said.count(), 1);
    QCOMPARE(said.at(0).at(0).toString(), why12);
    // On top of the platform the arcs come back, and so does the tool's hint.
    QTest::mouseMove(vp, r.at(QPoint(12, 11)));
    QVERIFY(r.tool()->arcs().ok);
    QCOMPARE(said.count(), 1);
    QCOMPARE(hint.count(), 1);
    QCOMPARE(hint.at(0).at(0).toString(), r.tool()->statusHint());

    // A click on the floor pins nothing: the reason again, the hover goes on.
    QTest::mouseClick(vp, Qt::LeftButton, {}, r.at(QPoint(3, 19)));
    QVERIFY(!r.tool()->isPinned());
    QCOMPARE(said.count(), 2);
    QVERIFY(said.at(1).at(0).toString().startsWith(QStringLiteral("Tile 3, 19 is solid")));
    QTest::mouseMove(vp, r.at(QPoint(30, 18)));
    QCOMPARE(r.tool()->arcTile(), QPoint(30, 18));
    QVERIFY(r.tool()->arcs().ok);

    // Pinned arcs stay pinned when a solid tile is clicked.
    QTest::mouseClick(vp, Qt::LeftButton, {}, r.at(QPoint(20, 18)));
    QVERIFY(r.tool()->isPinned());
    QTest::mouseClick(vp, Qt::LeftButton, {}, r.at(QPoint(12, 12)));
    QCOMPARE(said.count(), 3);
    QCOMPARE(said.at(2).at(0).toString(), why12);
    QVERIFY(r.tool()->isPinned());
    QCOMPARE(r.tool()->arcTile(), QPoint(20, 18));
    QVERIFY(r.tool()->arcs().ok);
    QVERIFY(!r.tool()->item()->isEmpty());
    // Esc unpins; nothing was edited.
    QTest::keyClick(vp, Qt::Key_Escape);
    QVERIFY(!r.tool()->isPinned());
    QCOMPARE(r.doc.undoStack()->count(), 0);
}

// The library's other refusals are said too: a tile off the map, and a tile the
// player never comes to stand from (no gravity: it floats in the air). A click
// there pins nothing; once the player stands again, the tool's hint comes back.
void TestJumpArcTool::offMapAndNeverStandsSayWhy() {
    ArcRig r;
    QVERIFY(r.exposed());
    auto physics = r.doc.level().physics;
    physics.gravity = 0; // the format allows it
    r.doc.setPhysics(physics);
    StatusSpies spies(r);
    auto& [said, hint] = spies;
    QWidget* vp = r.view.viewport();
    const QString offMap = QStringLiteral(
        "Tile -2, 5 is off the map: the player cannot stand there, so it has no jump arcs.");
    const QString floats = QStringLiteral("Tile 30, 10: the player placed there never comes to "
                                          "stand on anything, so it has no jump arcs.");

    // Off the map (the view shows a margin around it): nothing drawn, the reason said.
    QTest::mouseMove(vp, r.at(QPoint(-2, 5)));
    QCOMPARE(r.tool()->arcTile(), QPoint(-2, 5));
    QCOMPARE(r.tool()->arcs().why, ts::leveledit::NoArcs::OffMap);
    QVERIFY(r.tool()->item()->isEmpty());
    QCOMPARE(said.count(), 1);
    QCOMPARE(said.at(0).at(0).toString(), offMap);
    // In the air without gravity the player never lands.
    QTest::mouseMove(vp, r.at(QPoint(30, 10)));
    QCOMPARE(r.tool()->arcs().why, ts::leveledit::NoArcs::NeverStands);
    QVERIFY(r.tool()->item()->isEmpty());
    QCOMPARE(said.count(), 2);
    QCOMPARE(said.at(1).at(0).toString(), floats);

    // Clicks there pin nothing and say why again.
    QTest::mouseClick(vp, Qt::LeftButton, {}, r.at(QPoint(30, 10)));
    QVERIFY(!r.tool()->isPinned());
    QCOMPARE(said.count(), 3);
    QCOMPARE(said.at(2).at(0).toString(), floats);
    QTest::mouseClick(vp, Qt::LeftButton, {}, r.at(QPoint(-2, 5)));
    QVERIFY(!r.tool()->isPinned());
    QCOMPARE(said.count(), 4);
    QCOMPARE(said.at(3).at(0).toString(), offMap);
    QCOMPARE(hint.count(), 0);

    // Gravity back (undo): the player lands from (30, 10), the arcs and the hint return.
    r.doc.undoStack()->undo();
    QCOMPARE(r.tool()->arcTile(), QPoint(30, 10));
    QVERIFY(r.tool()->arcs().ok);
    QVERIFY(!r.tool()->item()->isEmpty());
    QCOMPARE(said.count(), 4);
    QCOMPARE(hint.count(), 1);
    QCOMPARE(hint.at(0).at(0).toString(), r.tool()->statusHint());
}

QTEST_MAIN(TestJumpArcTool)
#include "test_jumparctool.moc"
