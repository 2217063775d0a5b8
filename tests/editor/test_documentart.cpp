// LevelDocument's art edits: tilesets and layers added, removed, moved and changed, painted
// cells (a stroke one undo step), auto layers following the collision as it is painted
// (the cells near a change, equal to resolving the whole layer again), resizes moving
// painted cells with the anchor, and every edit undone and redone exactly.
#include "tilesmith/editor/leveldocument.h"

#include "tilesmith/level/levelio.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <random>

using ts::Tile;
using ts::editor::ArtLayerProps;
using ts::editor::ArtWrite;
using ts::editor::LevelDocument;
using ts::level::ArtLayer;
using ts::level::ArtTile;
using ts::level::AutoRule;
using ts::level::Level;
using ts::level::Tileset;

namespace {

Tileset tileset(const char* name = "cave") {
    Tileset t;
    t.name = name;
    t.image = "cave.png";
    t.tileSize = 16;
    t.columns = 8;
    t.count = 64;
    return t;
}

AutoRule rule(const char* pattern, std::vector<std::int32_t> tiles) {
    AutoRule r;
    for (int i = 0; i < 9; ++i)
        r.pattern[size_t(i)] = pattern[i];
    r.tiles = std::move(tiles);
    return r;
}

/// A solid tile with air above is a top (1), any other solid tile a fill (9..11).
ArtLayer groundLayer() {
    ArtLayer l;
    l.name = "ground";
    l.tileset = "cave";
    l.isAuto = true;
    l.rules = {rule("?.??#????", {1}), rule("????#????", {9, 10, 11}),
               rule("????"
                    "=????",
                    {24}) /* split: ??= is a trigraph */};
    return l;
}

ArtLayer paintedLayer(const char* name = "decor") {
    ArtLayer l;
    l.name = name;
    l.tileset = "cave";
    return l;
}

/// maps/art and levels/deep in `dir`.
bool makeFolders(const QTemporaryDir& dir) {
    return QDir(dir.path()).mkpath(QStringLiteral("maps/art")) &&
           QDir(dir.path()).mkpath(QStringLiteral("levels/deep"));
}

Level levelWithArt();

/// levelWithArt() with its tileset's image named `image`.
Level levelWithArtIn(const std::string& image) {
    Level level = levelWithArt();
    level.tilesets[0].image = image;
    return level;
}

Level levelWithArt() {
    Level lv = Level::make(12, 8);
    for (int x = 0; x < 12; ++x)
        lv.setTile(x, 7, Tile::Solid);
    lv.spawns.push_back(ts::level::Spawn::withDefaults(ts::level::SpawnKind::Player, 1, 1, 6));
    lv.tilesets.push_back(tileset());
    return lv;
}

} // namespace

class TestDocumentArt : public QObject {
    Q_OBJECT
private slots:
    void layersAddRemoveMoveUndo() {
        LevelDocument doc(levelWithArt());
        QSignalSpy changed(&doc, &LevelDocument::artLayersChanged);
        QCOMPARE(doc.addArtLayer(groundLayer()), 0);
        QCOMPARE(doc.addArtLayer(paintedLayer()), 1);
        QCOMPARE(doc.addArtLayer(paintedLayer()), 2); // the same name gets a number
        QCOMPARE(doc.level().art[2].name, std::string("decor 2"));
        QCOMPARE(doc.level().art[1].cells.size(), size_t(12 * 8)); // sized to the map
        QCOMPARE(doc.resolvedArt().layerCount(), size_t(3));
        ArtLayer orphan = paintedLayer("orphan");
        orphan.tileset = "nowhere";
        QCOMPARE(doc.addArtLayer(orphan), -1); // no such tileset: refused
        QCOMPARE(doc.level().art.size(), size_t(3));
        doc.moveArtLayer(0, 2);
        QCOMPARE(doc.level().art[2].name, std::string("ground"));
        QCOMPARE(doc.resolvedArt().cells(2)[size_t(7 * 12)].index, 1); // a top, at its new place
        doc.removeArtLayer(1);
        QCOMPARE(doc.level().art.size(), size_t(2));
        QVERIFY(changed.count() >= 5);
        for (int i = 0; i < 5; ++i)
            doc.undoStack()->undo();
        QVERIFY(doc.level().art.empty());
        QCOMPARE(doc.resolvedArt().layerCount(), size_t(0));
        for (int i = 0; i < 5; ++i)
            doc.undoStack()->redo();
        QCOMPARE(doc.level().art.size(), size_t(2));
        QCOMPARE(doc.level().art[0].name, std::string("decor"));
        QCOMPARE(doc.level().art[1].name, std::string("ground"));
        QCOMPARE(doc.undoStack()->text(4), QStringLiteral("Delete Layer decor 2"));
    }

    void paintingAStrokeIsOneStep() {
        LevelDocument doc(levelWithArt());
        doc.addArtLayer(paintedLayer());
        const Level before = doc.level();
        QSignalSpy cells(&doc, &LevelDocument::artChanged);
        const int stroke = LevelDocument::newMergeId();
        QCOMPARE(doc.paintArt(0, {{{2, 3}, {5, 0}}, {{3, 3}, {6, ts::level::kFlipHorizontal}}},
                              "Paint", stroke),
                 2);
        QCOMPARE(doc.paintArt(0, {{{3, 3}, {7, 0}}, {{4, 3}, {8, 0}}}, "Paint", stroke), 2);
        QCOMPARE(doc.paintArt(0, {{{4, 3}, {8, 0}}}, "Paint", stroke), 0); // no change
        QCOMPARE(doc.paintArt(0, {{{40, 3}, {8, 0}}, {{1, 1}, {64, 0}}}, "Paint"),
                 0);                           // off map, >= count
        QCOMPARE(doc.undoStack()->count(), 2); // the layer, then one stroke
        QCOMPARE(cells.count(), 2);
        QCOMPARE(cells.at(0).at(1).toRect(), QRect(2, 3, 2, 1));
        const auto cell = [&](int x, int y) {
            return doc.resolvedArt().cells(0)[size_t(y * 12 + x)];
        };
        QCOMPARE(cell(2, 3), (ArtTile{5, 0}));
        QCOMPARE(cell(3, 3), (ArtTile{7, 0}));
        QCOMPARE(cell(4, 3), (ArtTile{8, 0}));
        doc.undoStack()->undo();
        QCOMPARE(cell(3, 3), ArtTile{});
        QCOMPARE(doc.level().art[0].cells, before.art[0].cells);
        doc.undoStack()->redo();
        QCOMPARE(cell(3, 3), (ArtTile{7, 0})); // the stroke's last write, its first `before`
        // A locked layer and an auto layer take no paint.
        ArtLayerProps props = ArtLayerProps::of(doc.level().art[0]);
        props.locked = true;
        doc.changeArtLayer(0, props);
        QCOMPARE(doc.paintArt(0, {{{5, 5}, {1, 0}}}, "Paint"), 0);
        doc.addArtLayer(groundLayer());
        QCOMPARE(doc.paintArt(1, {{{5, 5}, {1, 0}}}, "Paint"), 0);
    }

    void autoLayersFollowTheCollision() {
        // Random strokes of solid, one-way and empty tiles: after each, the document's
        // resolved cells equal resolving the whole layer again, and artChanged covered
        // every cell that changed.
        LevelDocument doc(levelWithArt());
        doc.addArtLayer(groundLayer());
        std::vector<ArtTile> shown = doc.resolvedArt().cells(0);
        connect(&doc, &LevelDocument::artChanged, this, [&](int layer, const QRect& r) {
            QCOMPARE(layer, 0);
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    shown[size_t(y * 12 + x)] = doc.resolvedArt().cells(0)[size_t(y * 12 + x)];
        });
        std::mt19937 rng(42);
        for (int i = 0; i < 300; ++i) {
            const int x = int(rng() % 12), y = int(rng() % 7), w = 1 + int(rng() % 3);
            const Tile t = std::array{Tile::Empty, Tile::Solid, Tile::OneWay}[rng() % 3];
            std::vector<ts::editor::TileWrite> writes;
            for (int dx = 0; dx < w; ++dx)
                writes.push_back({QPoint(x + dx, y), t});
            doc.paintTiles(writes, "Paint");
            const std::vector<ArtTile> fresh =
                ts::level::AutoTiler(doc.level().art[0]).resolve(doc.level());
            QVERIFY2(doc.resolvedArt().cells(0) == fresh, qPrintable(QString::number(i)));
            QVERIFY2(shown == fresh, qPrintable(QString::number(i)));
        }
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(doc.resolvedArt().layerCount(), size_t(0));
    }

    void propsRulesAndMerging() {
        LevelDocument doc(levelWithArt());
        doc.addArtLayer(groundLayer());
        ArtLayerProps p = ArtLayerProps::of(doc.level().art[0]);
        const int drag = LevelDocument::newMergeId();
        for (float o : {0.9f, 0.6f, 0.3f}) {
            p.opacity = o;
            doc.changeArtLayer(0, p, drag);
        }
        QCOMPARE(doc.undoStack()->count(), 2); // the drag is one step
        QCOMPARE(doc.level().art[0].opacity, 0.3f);
        QCOMPARE(doc.undoStack()->text(1), QStringLiteral("Layer ground: opacity 1 \u2192 0.3"));
        p.opacity = 1;
        doc.changeArtLayer(0, p, drag); // dragged back: no step left
        QCOMPARE(doc.undoStack()->count(), 1);
        p.opacity = 7; // clamped
        p.name = "";
        doc.changeArtLayer(0, p);
        QCOMPARE(doc.level().art[0].opacity, 1.0f);
        QCOMPARE(doc.level().art[0].name, std::string("layer"));
        // Rules: a tile the tileset lacks is dropped; the cells follow at once.
        doc.setAutoRules(0, {rule("????#????", {3, 99})}, "Edit Rules");
        QCOMPARE(doc.level().art[0].rules.size(), size_t(1));
        QCOMPARE(doc.level().art[0].rules[0].tiles, (std::vector<std::int32_t>{3}));
        QCOMPARE(doc.resolvedArt().cells(0)[size_t(7 * 12)], (ArtTile{3, 0}));
        doc.undoStack()->undo();
        QCOMPARE(doc.resolvedArt().cells(0)[size_t(7 * 12)].index, 1); // a top again
        // A new seed picks other variants for the fill: the cells follow.
        doc.paintTiles({{QPoint(3, 6), Tile::Solid}}, "Paint");
        p = ArtLayerProps::of(doc.level().art[0]);
        const std::vector<ArtTile> seed0 = doc.resolvedArt().cells(0);
        p.seed = 12345;
        doc.changeArtLayer(0, p);
        QCOMPARE(doc.resolvedArt().cells(0),
                 ts::level::AutoTiler(doc.level().art[0]).resolve(doc.level()));
        doc.undoStack()->undo();
        QCOMPARE(doc.resolvedArt().cells(0), seed0);
    }

    void resizeMovesPaintedCells() {
        LevelDocument doc(levelWithArt());
        doc.addArtLayer(paintedLayer());
        doc.paintArt(0, {{{0, 0}, {5, 0}}, {{11, 7}, {6, 0}}}, "Paint");
        doc.resize(14, 10, ts::editor::ResizeAnchor::BottomRight);
        const auto& cells = doc.level().art[0].cells;
        QCOMPARE(cells.size(), size_t(14 * 10));
        QCOMPARE(cells[size_t(2 * 14 + 2)], (ArtTile{5, 0}));
        QCOMPARE(cells[size_t(9 * 14 + 13)], (ArtTile{6, 0}));
        QCOMPARE(doc.resolvedArt().cells(0), cells);
        doc.undoStack()->undo();
        QCOMPARE(doc.level().art[0].cells.size(), size_t(12 * 8));
        QCOMPARE(doc.level().art[0].cells[0], (ArtTile{5, 0}));
    }

    void tilesetsAreAddedWithUniqueNames() {
        LevelDocument doc(levelWithArt());
        QCOMPARE(doc.addTileset(tileset("cave")), std::string("cave 2"));
        QCOMPARE(doc.level().tilesets.size(), size_t(2));
        doc.undoStack()->undo();
        QCOMPARE(doc.level().tilesets.size(), size_t(1));
    }

    void savedElsewhereTheImagesAreStillFound() {
        // A level whose images are named from one folder (an imported map's), saved in
        // another: the names change to find the same files; a level saved beside them
        // keeps them.
        QTemporaryDir dir;
        QVERIFY(makeFolders(dir));
        LevelDocument doc(levelWithArtIn("art/cave.png"));
        doc.setAssetFolder(dir.filePath(QStringLiteral("maps")));
        QVERIFY(doc.save(dir.filePath(QStringLiteral("levels/deep/a.yaml")), nullptr));
        QCOMPARE(doc.level().tilesets[0].image, std::string("../../maps/art/cave.png"));
        QCOMPARE(doc.assetFolder(), dir.filePath(QStringLiteral("levels/deep")));
        const auto back = ts::level::loadLevelFile(
            dir.filePath(QStringLiteral("levels/deep/a.yaml")).toStdString());
        QVERIFY(back.ok());
        QCOMPARE(back.level->tilesets[0].image, std::string("../../maps/art/cave.png"));
        QVERIFY(doc.save(dir.filePath(QStringLiteral("levels/deep/b.yaml")), nullptr));
        QCOMPARE(doc.level().tilesets[0].image, std::string("../../maps/art/cave.png"));
        QVERIFY(doc.save(dir.filePath(QStringLiteral("maps/c.yaml")), nullptr));
        QCOMPARE(doc.level().tilesets[0].image, std::string("art/cave.png"));
    }

    void whatUndoPutsBackIsNamedAsTheFileNamesIt() {
        // Steps that keep whole levels or tilesets (a resize, an added tileset) made
        // before a save into another folder: undone and redone after it, their images
        // are named from the new folder, so the art is still found (and saved right).
        QTemporaryDir dir;
        QVERIFY(makeFolders(dir));
        LevelDocument doc(levelWithArtIn("art/cave.png"));
        doc.setAssetFolder(dir.filePath(QStringLiteral("maps")));
        doc.resize(14, 8, ts::editor::ResizeAnchor::TopLeft);
        ts::level::Tileset more = tileset("more");
        more.image = "art/cave.png";
        doc.addTileset(more);
        QVERIFY(doc.save(dir.filePath(QStringLiteral("levels/deep/a.yaml")), nullptr));
        const std::string moved = "../../maps/art/cave.png";
        // Added after the save: "art/cave.png" from levels/deep is another file.
        ts::level::Tileset local = tileset("local");
        local.image = "art/cave.png";
        doc.addTileset(local);
        QCOMPARE(doc.level().tilesets.size(), size_t(3));

        doc.undoStack()->undo(); // the local tileset
        doc.undoStack()->undo(); // "more"
        doc.undoStack()->undo(); // the resize
        QCOMPARE(doc.level().width, 12);
        QCOMPARE(doc.level().tilesets.size(), size_t(1));
        QCOMPARE(doc.level().tilesets[0].image, moved);
        doc.undoStack()->redo();
        doc.undoStack()->redo();
        doc.undoStack()->redo();
        QCOMPARE(doc.level().tilesets[0].image, moved);
        QCOMPARE(doc.level().tilesets[1].image, moved);
        QCOMPARE(doc.level().tilesets[2].image, std::string("art/cave.png"));
        // Saved back beside the images, the names come home through both renames.
        QVERIFY(doc.save(dir.filePath(QStringLiteral("maps/c.yaml")), nullptr));
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.level().tilesets[0].image, std::string("art/cave.png"));
    }
};

QTEST_GUILESS_MAIN(TestDocumentArt)
#include "test_documentart.moc"
