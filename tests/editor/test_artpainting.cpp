// The painting tools on an art layer, driven by mouse events on the view's viewport
// (toolrig.h): the brush lays a 2 x 2 stamp repeated from the stroke's start and previews
// it, one undo takes the whole stroke back; the eraser, rectangle, line and bucket fill;
// the eyedropper picks a tile and a rectangle as the stamp; the selection moves, flips,
// turns, cuts and pastes art cells; a locked layer takes nothing; art painting leaves
// the collision alone and the collision's painting the art, also on an auto layer.
#include "toolrig.h"

#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/leveledit/arttransform.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMimeData>

using ts::level::ArtLayer;
using ts::level::ArtTile;
using ts::level::kFlipDiagonal;
using ts::level::kFlipHorizontal;
using ts::level::Tileset;

namespace {

constexpr int kW = 40;
constexpr int kH = 30;

/// The tools' level with a 16-tile tileset, a painted layer "decoration" whose row 15 is
/// tile 9 (flipped horizontally at x 3), a painted layer "locked" (locked) and an auto
/// layer "walls".
Level artLevel() {
    Level l = baseLevel(kW, kH);
    Tileset cave;
    cave.name = "cave";
    cave.image = "cave.png"; // missing: placeholders, which the tools do not mind
    cave.columns = 4;
    cave.count = 16;
    l.tilesets.push_back(cave);
    ArtLayer deco;
    deco.name = "decoration";
    deco.tileset = "cave";
    deco.cells.assign(size_t(kW) * kH, ArtTile{});
    for (int x = 0; x < kW; ++x)
        deco.cells[size_t(15) * kW + size_t(x)] = ArtTile{9, 0};
    deco.cells[size_t(15) * kW + 3] = ArtTile{9, kFlipHorizontal};
    l.art.push_back(deco);
    ArtLayer locked = deco;
    locked.name = "locked";
    locked.locked = true;
    l.art.push_back(locked);
    ArtLayer walls;
    walls.name = "walls";
    walls.tileset = "cave";
    walls.isAuto = true;
    l.art.push_back(walls);
    return l;
}

ArtStamp stamp2x2() {
    return ArtStamp{"cave", 2, 2, {{1, 0}, {2, 0}, {5, 0}, {6, kFlipDiagonal}}};
}

ArtTile cell(const Rig& rig, int layer, int x, int y) {
    return rig.doc.level().art[size_t(layer)].cells[size_t(y) * kW + size_t(x)];
}

int nonEmpty(const Rig& rig, int layer) {
    int n = 0;
    for (const ArtTile& t : rig.doc.level().art[size_t(layer)].cells)
        n += t.empty() ? 0 : 1;
    return n;
}

template <typename T> void choose(Rig& rig) {
    rig.tools.findTool<T>()->action()->trigger();
}

} // namespace

class TestArtPainting : public QObject {
    Q_OBJECT

    std::unique_ptr<Rig> artRig(const std::string& layer = "decoration") {
        auto rig = std::make_unique<Rig>(artLevel());
        if (!rig->exposed())
            return nullptr;
        rig->tools.options()->setActiveLayer(layer);
        rig->tools.options()->setStamp(stamp2x2());
        return rig;
    }

private slots:
    void brushLaysTheStampRepeatedAndUndoesInOneStep() {
        auto rig = artRig();
        QVERIFY(rig);
        QCOMPARE(rig->tools.options()->activeLayerIndex(), 0);
        choose<BrushTool>(*rig);
        const std::vector<Tile> collision = rig->doc.level().tiles;
        const int before = nonEmpty(*rig, 0);
        // The preview shows the stamp's tiles where a dab would lay them.
        rig->move({5, 5}, Qt::NoButton);
        ArtOverlayItem* preview = rig->scene.artPreviewItem();
        QCOMPARE(preview->cellRect(), QRect(5, 5, 2, 2));
        QCOMPARE(preview->tileAt({5, 5}), (ArtTile{1, 0}));
        QCOMPARE(preview->tileAt({6, 6}), (ArtTile{6, kFlipDiagonal}));
        const int steps = rig->steps();
        rig->drag({5, 5}, {9, 5});
        // Dabs from x 5 to 9, each the whole stamp: cells 5..10 x 5..6, the stamp
        // repeating from the stroke's first cell.
        QCOMPARE(rig->steps(), steps + 1);
        QCOMPARE(nonEmpty(*rig, 0) - before, 12);
        const ArtStamp st = stamp2x2();
        for (int y = 5; y <= 6; ++y)
            for (int x = 5; x <= 10; ++x)
                QCOMPARE(cell(*rig, 0, x, y), st.tileAt(x - 5, y - 5));
        QCOMPARE(cell(*rig, 0, 8, 6), (ArtTile{6, kFlipDiagonal}));
        QCOMPARE(rig->doc.undoStack()->undoText(),
                 QStringLiteral("Paint 12 art tiles on 'decoration'"));
        QCOMPARE(rig->doc.level().tiles, collision); // the collision is not art
        QCOMPARE(nonEmpty(*rig, 1), kW);             // nor is another layer
        rig->doc.undoStack()->undo();
        QCOMPARE(nonEmpty(*rig, 0), before);
        QCOMPARE(cell(*rig, 0, 5, 5), ArtTile{});
    }

    void eraserClearsArtCells() {
        auto rig = artRig();
        QVERIFY(rig);
        const std::vector<Tile> collision = rig->doc.level().tiles;
        choose<EraserTool>(*rig);
        rig->drag({2, 15}, {4, 15});
        QCOMPARE(cell(*rig, 0, 1, 15), (ArtTile{9, 0}));
        for (int x = 2; x <= 4; ++x)
            QVERIFY(cell(*rig, 0, x, 15).empty());
        QCOMPARE(cell(*rig, 0, 5, 15), (ArtTile{9, 0}));
        QCOMPARE(rig->doc.undoStack()->undoText(),
                 QStringLiteral("Erase 3 art tiles on 'decoration'"));
        QCOMPARE(rig->doc.level().tiles, collision);
    }

    void rectangleAndLineLayTheStamp() {
        auto rig = artRig();
        QVERIFY(rig);
        const ArtStamp st = stamp2x2();
        choose<RectangleTool>(*rig);
        // Dragged up and left: the stamp still repeats from the top-left corner.
        rig->drag({6, 13}, {3, 11});
        for (int y = 11; y <= 13; ++y)
            for (int x = 3; x <= 6; ++x)
                QCOMPARE(cell(*rig, 0, x, y), st.tileAt(x - 3, y - 11));
        QCOMPARE(cell(*rig, 0, 3, 11), (ArtTile{1, 0}));
        QCOMPARE(cell(*rig, 0, 7, 11), ArtTile{});
        QCOMPARE(rig->doc.undoStack()->undoText(),
                 QStringLiteral("Fill Rectangle 12 art tiles on 'decoration'"));
        rig->tools.options()->setStamp(ArtStamp{"cave", 1, 1, {{3, 0}}});
        choose<LineTool>(*rig);
        rig->drag({2, 20}, {8, 20});
        for (int x = 2; x <= 8; ++x)
            QCOMPARE(cell(*rig, 0, x, 20), (ArtTile{3, 0}));
        QCOMPARE(nonEmpty(*rig, 0), kW + 12 + 7);
    }

    void bucketFillsTheRegionOfOneTile() {
        auto rig = artRig();
        QVERIFY(rig);
        rig->tools.options()->setStamp(ArtStamp{"cave", 1, 1, {{7, 0}}});
        choose<FillTool>(*rig);
        rig->click({4, 2});
        // Rows 0..14 above the row of tile 9, not past it.
        QCOMPARE(nonEmpty(*rig, 0), kW * 15 + kW);
        QCOMPARE(cell(*rig, 0, 0, 0), (ArtTile{7, 0}));
        QCOMPARE(cell(*rig, 0, 0, 15), (ArtTile{9, 0}));
        QVERIFY(cell(*rig, 0, 0, 16).empty());
        QCOMPARE(rig->doc.undoStack()->undoText(),
                 QStringLiteral("Bucket Fill 600 art tiles on 'decoration'"));
        // The row of 9s is one region but for the flipped one at x 3, which is another tile.
        rig->click({0, 15}, Qt::RightButton);
        QVERIFY(cell(*rig, 0, 0, 15).empty());
        QVERIFY(cell(*rig, 0, 2, 15).empty());
        QCOMPARE(cell(*rig, 0, 3, 15), (ArtTile{9, kFlipHorizontal}));
        QCOMPARE(cell(*rig, 0, 4, 15), (ArtTile{9, 0}));
    }

    void eyedropperPicksTilesAsTheStamp() {
        auto rig = artRig();
        QVERIFY(rig);
        choose<EyedropperTool>(*rig);
        rig->click({3, 15});
        QCOMPARE(rig->tools.options()->stamp(), (ArtStamp{"cave", 1, 1, {{9, kFlipHorizontal}}}));
        QVERIFY(rig->tools.currentTool() == rig->tools.findTool<BrushTool>());
        // A drag picks the rectangle.
        choose<EyedropperTool>(*rig);
        rig->drag({4, 15}, {2, 14});
        QCOMPARE(rig->tools.options()->stamp(),
                 (ArtStamp{"cave", 3, 2, {{}, {}, {}, {9, 0}, {9, kFlipHorizontal}, {9, 0}}}));
        QVERIFY(rig->tools.currentTool() == rig->tools.findTool<BrushTool>());
        // An empty cell: the eraser, the stamp kept.
        choose<EyedropperTool>(*rig);
        rig->click({0, 0});
        QVERIFY(rig->tools.currentTool() == rig->tools.findTool<EraserTool>());
        QCOMPARE(rig->tools.options()->stamp().width, 3);
        // The brush's right click picks too.
        choose<BrushTool>(*rig);
        rig->click({7, 15}, Qt::RightButton);
        QCOMPARE(rig->tools.options()->stamp(), (ArtStamp{"cave", 1, 1, {{9, 0}}}));
    }

    void selectionMovesFlipsAndPastesArtCells() {
        auto rig = artRig();
        QVERIFY(rig);
        rig->tools.options()->setStamp(ArtStamp{"cave", 2, 1, {{1, 0}, {2, 0}}});
        choose<BrushTool>(*rig);
        rig->click({10, 3});
        QCOMPARE(cell(*rig, 0, 11, 3), (ArtTile{2, 0}));
        const std::vector<Tile> collision = rig->doc.level().tiles;
        choose<SelectTool>(*rig);
        rig->click({1, kH - 2}); // the player: not selected on an art layer
        QVERIFY(rig->scene.selectedSpawnIds().isEmpty());
        rig->drag({10, 3}, {11, 3});
        QCOMPARE(rig->scene.tileSelection(), QRect(10, 3, 2, 1));
        QVERIFY(rig->scene.selectedSpawnIds().isEmpty());
        // Dragging the selection moves its cells, as one step.
        int steps = rig->steps();
        rig->drag({10, 3}, {10, 6});
        QCOMPARE(rig->steps(), steps + 1);
        QVERIFY(cell(*rig, 0, 10, 3).empty());
        QCOMPARE(cell(*rig, 0, 10, 6), (ArtTile{1, 0}));
        QCOMPARE(cell(*rig, 0, 11, 6), (ArtTile{2, 0}));
        QCOMPARE(rig->scene.tileSelection(), QRect(10, 6, 2, 1));
        // Flipped in place: the tiles swap and each is mirrored too.
        QVERIFY(rig->scene.canTransform());
        rig->scene.transform(ts::leveledit::Transform::FlipHorizontally);
        QCOMPARE(cell(*rig, 0, 10, 6), (ArtTile{2, kFlipHorizontal}));
        QCOMPARE(cell(*rig, 0, 11, 6), (ArtTile{1, kFlipHorizontal}));
        QCOMPARE(rig->doc.undoStack()->undoText(),
                 QStringLiteral("Flip 2 art tiles on 'decoration'"));
        // Turned: 2 x 1 becomes 1 x 2 about the centre, each tile turned.
        rig->scene.transform(ts::leveledit::Transform::RotateClockwise);
        QCOMPARE(rig->scene.tileSelection(), QRect(10, 6, 1, 2));
        QCOMPARE(cell(*rig, 0, 10, 6).index, 2);
        QCOMPARE(cell(*rig, 0, 10, 7).index, 1);
        QVERIFY(cell(*rig, 0, 11, 6).empty());
        QCOMPARE(int(cell(*rig, 0, 10, 6).flips),
                 int(ts::leveledit::transformedFlips(kFlipHorizontal,
                                                     ts::leveledit::Transform::RotateClockwise)));
        rig->doc.undoStack()->undo();
        rig->doc.undoStack()->undo();
        QCOMPARE(cell(*rig, 0, 10, 6), (ArtTile{1, 0}));
        QCOMPARE(cell(*rig, 0, 11, 6), (ArtTile{2, 0}));
        // Copy, paste where a click puts it: empty cells leave the map's as they are.
        rig->scene.select({QRect(10, 6, 3, 1), {}});
        rig->scene.copy();
        QVERIFY(QGuiApplication::clipboard()->mimeData()->hasFormat(
            QStringLiteral("application/x-tilesmith-art")));
        rig->scene.paste();
        QVERIFY(rig->scene.hasFloating());
        rig->move({2, 15}, Qt::NoButton);
        rig->click({2, 15});
        QVERIFY(!rig->scene.hasFloating());
        QCOMPARE(cell(*rig, 0, 2, 15), (ArtTile{1, 0}));
        QCOMPARE(cell(*rig, 0, 3, 15), (ArtTile{2, 0}));
        QCOMPARE(cell(*rig, 0, 4, 15), (ArtTile{9, 0})); // the copy's empty third cell
        QCOMPARE(rig->scene.tileSelection(), QRect(2, 15, 3, 1));
        // Delete empties the selected cells.
        rig->scene.deleteSelection();
        QVERIFY(cell(*rig, 0, 2, 15).empty());
        QVERIFY(cell(*rig, 0, 4, 15).empty());
        QCOMPARE(rig->doc.undoStack()->undoText(),
                 QStringLiteral("Delete 3 art tiles on 'decoration'"));
        QCOMPARE(rig->doc.level().tiles, collision);
        // Art on the clipboard does not paste onto the collision; the status bar says why.
        rig->tools.options()->setActiveLayer("");
        QSignalSpy messages(&rig->scene, &LevelScene::statusMessage);
        rig->scene.paste();
        QVERIFY(!rig->scene.hasFloating());
        QCOMPARE(messages.size(), 1);
        QVERIFY(messages.at(0).at(0).toString().contains(QStringLiteral("art tiles")));
    }

    void aLockedLayerTakesNothing() {
        auto rig = artRig("locked");
        QVERIFY(rig);
        QSignalSpy hints(&rig->tools, &ToolManager::statusHintChanged);
        const Level before = rig->doc.level();
        const int steps = rig->steps();
        for (auto* tool : QList<AbstractTool*>{
                 rig->tools.findTool<BrushTool>(), rig->tools.findTool<EraserTool>(),
                 rig->tools.findTool<RectangleTool>(), rig->tools.findTool<FillTool>()}) {
            tool->action()->trigger();
            QVERIFY2(tool->statusHint().contains(QStringLiteral("'locked' is locked")),
                     qPrintable(tool->statusHint()));
            hints.clear();
            rig->drag({6, 15}, {8, 16});
            QVERIFY(!hints.isEmpty());
            QVERIFY(hints.last().at(0).toString().contains(QStringLiteral("locked")));
        }
        choose<SelectTool>(*rig);
        rig->drag({6, 15}, {8, 15});
        rig->scene.deleteSelection();
        rig->scene.transform(ts::leveledit::Transform::FlipHorizontally);
        QCOMPARE(rig->steps(), steps);
        QCOMPARE(rig->doc.level(), before);
    }

    void theCollisionAndTheArtStayApart() {
        auto rig = artRig("");
        QVERIFY(rig);
        const auto art = rig->doc.level().art;
        choose<BrushTool>(*rig);
        rig->drag({5, 5}, {9, 5});
        QCOMPARE(rig->doc.level().tile(7, 5), Tile::Solid);
        QCOMPARE(rig->doc.level().art, art);
        // On an auto layer the tools paint the collision its rules follow (as LDtk's tools
        // paint an auto-layer's IntGrid), and say so.
        rig->tools.options()->setActiveLayer("walls");
        QVERIFY(
            rig->tools.currentTool()->statusHint().contains(QStringLiteral("auto layer 'walls'")));
        rig->drag({5, 8}, {9, 8});
        QCOMPARE(rig->doc.level().tile(7, 8), Tile::Solid);
        QCOMPARE(rig->doc.level().art, art);
        // And a painted layer's painting leaves the collision.
        rig->tools.options()->setActiveLayer("decoration");
        const std::vector<Tile> collision = rig->doc.level().tiles;
        rig->drag({5, 20}, {9, 21});
        QCOMPARE(rig->doc.level().tiles, collision);
        QVERIFY(!cell(*rig, 0, 7, 20).empty());
    }

    void aStampOfAnotherTilesetIsRefused() {
        auto rig = artRig();
        QVERIFY(rig);
        rig->tools.options()->setStamp(ArtStamp{"forest", 1, 1, {{1, 0}}});
        choose<BrushTool>(*rig);
        QSignalSpy hints(&rig->tools, &ToolManager::statusHintChanged);
        const int steps = rig->steps();
        rig->click({5, 5});
        QCOMPARE(rig->steps(), steps);
        QVERIFY(!hints.isEmpty());
        QVERIFY(hints.last().at(0).toString().contains(QStringLiteral("'forest'")));
    }
};

QTEST_MAIN(TestArtPainting)
#include "test_artpainting.moc"
