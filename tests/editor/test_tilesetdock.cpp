// The Tileset dock through real mouse events: a click picks one tile as the stamp, a drag a
// block of them (row-major, as laid out in the sheet), hovering names the tile, the dock
// follows the active art layer's tileset, Add Tileset... cuts a PNG by Tiled's rule (one
// undo step, the image path relative to the level's folder), and a missing image shows the
// placeholder and says why.
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/editor/windowprompts.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/render/tilesetimages.h"
#include "widgets/addtilesetdialog.h"
#include "widgets/tilesetdock.h"
#include "widgets/tilesetview.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

using ts::editor::ArtStamp;
using ts::editor::LevelDocument;
using ts::editor::TilesetDock;
using ts::level::Level;

namespace {

/// Tile i of a 16 px sheet filled with one colour of its own.
QColor tileColour(int index) {
    return QColor::fromHsv((index * 37) % 360, 200, 100 + index * 10);
}

/// A `columns` x `rows` sheet of 16 px tiles, each one colour.
QImage sheet(int columns, int rows) {
    QImage image(columns * 16, rows * 16, QImage::Format_ARGB32);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            image.setPixelColor(x, y, tileColour(y / 16 * columns + x / 16));
    return image;
}

ts::level::Tileset tileset(const char* name, const char* image, int columns, int count) {
    ts::level::Tileset t;
    t.name = name;
    t.image = image;
    t.columns = columns;
    t.count = count;
    return t;
}

Level levelWith(std::vector<ts::level::Tileset> tilesets) {
    Level lv = Level::make(10, 6);
    lv.tilesets = std::move(tilesets);
    for (const ts::level::Tileset& t : lv.tilesets) {
        ts::level::ArtLayer layer;
        layer.name = t.name + " layer";
        layer.tileset = t.name;
        layer.cells.resize(60);
        lv.art.push_back(layer);
    }
    return lv;
}

/// Answers the dock's questions: the file to add and the tile size, margin and spacing.
struct ScriptedPrompts : ts::editor::WindowPrompts {
    QString file;
    int tileSize = 16, margin = 0, spacing = 0;
    QSize askedImageSize;
    QStringList messages;
    QMessageBox::StandardButton message(QWidget*, const Message& m) override {
        messages << m.text + QLatin1Char(' ') + m.informativeText;
        return QMessageBox::Ok;
    }
    QString openFileName(QWidget*, const QString&, const QString&, const QString&) override {
        return file;
    }
    bool tilesetSettings(QWidget*, QSize imageSize, ts::level::Tileset& t) override {
        askedImageSize = imageSize;
        t.tileSize = tileSize;
        t.margin = margin;
        t.spacing = spacing;
        return true;
    }
};

struct Rig {
    QTemporaryDir dir;
    LevelDocument doc;
    ts::editor::LevelScene scene{&doc};
    ts::editor::ToolManager tools;
    TilesetDock dock{tools.options()};
    ScriptedPrompts prompts;

    explicit Rig(Level level) : doc(std::move(level)) {
        sheet(4, 3).save(dir.filePath(QStringLiteral("cave.png")));
        doc.setAssetFolder(dir.path());
        scene.reloadTilesetImages();
        tools.setScene(&scene);
        dock.setDocument(&doc);
        dock.setScene(&scene);
        dock.setPrompts([this] { return &prompts; });
        dock.setZoomIndex(2); // 2x: 32 screen pixels a tile
        dock.resize(320, 420);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
    }
    ts::editor::TilesetView* view() { return dock.view(); }
    QPoint centre(int column, int row) { return view()->cellRect({column, row}).center(); }
    const ArtStamp& stamp() { return tools.options()->stamp(); }
};

} // namespace

class TestTilesetDock : public QObject {
    Q_OBJECT
private slots:
    void clickPicksOneTile() {
        Rig rig(levelWith({tileset("cave", "cave.png", 4, 10)}));
        QCOMPARE(rig.dock.currentTileset(), std::string("cave"));
        QCOMPARE(rig.view()->scale(), 2.0);
        QCOMPARE(rig.view()->size(), QSize(128, 96));
        QTest::mouseClick(rig.view(), Qt::LeftButton, {}, rig.centre(1, 2));
        QCOMPARE(rig.stamp().tileset, std::string("cave"));
        QCOMPARE(rig.stamp().width, 1);
        QCOMPARE(rig.stamp().height, 1);
        QCOMPARE(rig.stamp().tiles.at(0).index, 9);
        QCOMPARE(rig.view()->picked(), QRect(1, 2, 1, 1));
        // The sheet is drawn as it is: tile 6's colour where tile 6 is.
        const QImage shot = rig.view()->grab().toImage();
        QCOMPARE(shot.pixel(rig.centre(2, 1)), tileColour(6).rgb());
        // Past the last tile (10 of the 12 places) and in no tile: nothing picked.
        QTest::mouseClick(rig.view(), Qt::LeftButton, {}, rig.centre(3, 2));
        QCOMPARE(rig.stamp().tiles.at(0).index, 9);
    }

    void dragPicksABlock() {
        Rig rig(levelWith({tileset("cave", "cave.png", 4, 12)}));
        QTest::mousePress(rig.view(), Qt::LeftButton, {}, rig.centre(2, 1));
        QTest::mouseMove(rig.view(), rig.centre(2, 2));
        QTest::mouseMove(rig.view(), rig.centre(1, 2));
        QCOMPARE(rig.view()->picked(), QRect(1, 1, 2, 2)); // shown while dragging
        QTest::mouseRelease(rig.view(), Qt::LeftButton, {}, rig.centre(1, 2));
        const ArtStamp& s = rig.stamp();
        QCOMPARE(s.width, 2);
        QCOMPARE(s.height, 2);
        std::vector<int> indices;
        for (const ts::level::ArtTile& t : s.tiles)
            indices.push_back(t.index);
        QCOMPARE(indices, (std::vector<int>{5, 6, 9, 10}));
        QCOMPARE(rig.view()->picked(), QRect(1, 1, 2, 2));
        // A stamp set elsewhere (picked from the map) is no block of the sheet: no outline.
        ArtStamp other = s;
        other.tiles[1].index = 0;
        rig.tools.options()->setStamp(other);
        QVERIFY(rig.view()->picked().isEmpty());
    }

    void hoverNamesTheTile() {
        Rig rig(levelWith({tileset("cave", "cave.png", 4, 12)}));
        QTest::mouseMove(rig.view(), rig.centre(1, 2));
        QCOMPARE(rig.dock.hoverLabel()->text(), QStringLiteral("tile 9 (column 1, row 2)"));
        QCOMPARE(rig.view()->toolTip(), QStringLiteral("tile 9 (column 1, row 2)"));
        QTest::mouseMove(rig.view(), rig.centre(3, 0));
        QCOMPARE(rig.dock.hoverLabel()->text(), QStringLiteral("tile 3 (column 3, row 0)"));
    }

    void followsTheActiveLayersTileset() {
        Rig rig(levelWith({tileset("cave", "cave.png", 4, 12), tileset("sea", "sea.png", 2, 4)}));
        QCOMPARE(rig.dock.tilesetBox()->count(), 2);
        rig.tools.options()->setActiveLayer("sea layer");
        QCOMPARE(rig.dock.currentTileset(), std::string("sea"));
        rig.tools.options()->setActiveLayer("cave layer");
        QCOMPARE(rig.dock.currentTileset(), std::string("cave"));
        // The collision keeps the tileset shown.
        rig.tools.options()->setActiveLayer("");
        QCOMPARE(rig.dock.currentTileset(), std::string("cave"));
    }

    void missingImageShowsThePlaceholder() {
        Rig rig(levelWith({tileset("gone", "art/gone.png", 2, 4)}));
        QVERIFY(rig.dock.problemLabel()->isVisible());
        QVERIFY2(rig.dock.problemLabel()->text().contains(QStringLiteral("art/gone.png")),
                 qPrintable(rig.dock.problemLabel()->text()));
        QCOMPARE(rig.view()->size(), QSize(64, 64));
        const QImage placeholder = ts::render::TilesetImages::placeholderTile(16);
        const QImage shot = rig.view()->grab().toImage();
        const QRect tile = rig.view()->cellRect({1, 1});
        QCOMPARE(shot.pixel(tile.topLeft() + QPoint(2, 2)), placeholder.pixel(1, 1));
        // Its tiles are still picked by index.
        QTest::mouseClick(rig.view(), Qt::LeftButton, {}, rig.centre(1, 1));
        QCOMPARE(rig.stamp().tiles.at(0).index, 3);
    }

    void addTilesetCutsThePng() {
        Rig rig(levelWith({}));
        QVERIFY(!rig.view()->hasTileset());
        QVERIFY(rig.dir.path().size() > 0);
        QDir(rig.dir.path()).mkpath(QStringLiteral("art"));
        // 35 x 17 px of 8 px tiles with 1 px between them: 4 columns, 2 rows.
        const QString file = rig.dir.filePath(QStringLiteral("art/ledge.png"));
        QImage ledge(35, 17, QImage::Format_ARGB32);
        ledge.fill(QColor(30, 140, 60));
        ledge.save(file);
        rig.prompts.file = file;
        rig.prompts.tileSize = 8;
        rig.prompts.spacing = 1;
        const int steps = rig.doc.undoStack()->count();
        QTest::mouseClick(rig.dock.addButton(), Qt::LeftButton);
        QCOMPARE(rig.prompts.askedImageSize, QSize(35, 17));
        QCOMPARE(rig.doc.level().tilesets.size(), std::size_t(1));
        const ts::level::Tileset& t = rig.doc.level().tilesets[0];
        QCOMPARE(t.name, std::string("ledge"));
        QCOMPARE(t.image, std::string("art/ledge.png"));
        QCOMPARE(t.tileSize, 8);
        QCOMPARE(t.spacing, 1);
        QCOMPARE(t.columns, 4);
        QCOMPARE(t.count, 8);
        QCOMPARE(rig.doc.undoStack()->count(), steps + 1);
        QCOMPARE(rig.dock.currentTileset(), std::string("ledge"));
        QVERIFY(!rig.dock.problemLabel()->isVisible());
        // The scene loaded the image, and the dock draws it.
        QVERIFY(rig.scene.tilesetImages().find("ledge")->ok());
        QCOMPARE(rig.view()->grab().toImage().pixel(rig.centre(1, 1)), QColor(30, 140, 60).rgb());
        // The same file again: a name of its own.
        QTest::mouseClick(rig.dock.addButton(), Qt::LeftButton);
        QCOMPARE(rig.doc.level().tilesets.at(1).name, std::string("ledge 2"));
        rig.doc.undoStack()->undo();
        rig.doc.undoStack()->undo();
        QVERIFY(rig.doc.level().tilesets.empty());
        QCOMPARE(rig.dock.tilesetBox()->count(), 0);
        QVERIFY(!rig.view()->hasTileset());
    }

    void addTilesetRefusesWhatHoldsNoTile() {
        Rig rig(levelWith({}));
        const QString file = rig.dir.filePath(QStringLiteral("tiny.png"));
        QImage(12, 40, QImage::Format_ARGB32).save(file);
        rig.prompts.file = file;
        QTest::mouseClick(rig.dock.addButton(), Qt::LeftButton);
        QVERIFY(rig.doc.level().tilesets.empty());
        QCOMPARE(rig.prompts.messages.size(), 1);
        QVERIFY2(rig.prompts.messages[0].contains(QStringLiteral("holds no 16 px tile")),
                 qPrintable(rig.prompts.messages[0]));
        // Not an image: refused with the reader's reason; cancelling asks nothing more.
        rig.prompts.file = rig.dir.filePath(QStringLiteral("nothing.png"));
        QTest::mouseClick(rig.dock.addButton(), Qt::LeftButton);
        QCOMPARE(rig.prompts.messages.size(), 2);
        rig.prompts.file.clear();
        QTest::mouseClick(rig.dock.addButton(), Qt::LeftButton);
        QCOMPARE(rig.prompts.messages.size(), 2);
        QCOMPARE(rig.doc.undoStack()->count(), 0);
        // A level with the most tilesets it may hold takes no more.
        Level full = levelWith({});
        for (int i = 0; i < ts::level::limits::kMaxTilesets; ++i)
            full.tilesets.push_back(tileset(("t" + std::to_string(i)).c_str(), "cave.png", 4, 12));
        rig.doc.applyLevel(full);
        rig.prompts.file = file;
        QTest::mouseClick(rig.dock.addButton(), Qt::LeftButton);
        QCOMPARE(rig.doc.level().tilesets.size(), std::size_t(ts::level::limits::kMaxTilesets));
        QCOMPARE(rig.prompts.messages.size(), 3);
        QVERIFY(rig.prompts.messages[2].contains(QStringLiteral("the most a level holds")));
    }

    void levelWithoutAFolderStoresTheAbsolutePath() {
        LevelDocument doc{levelWith({})};
        ts::editor::ToolManager tools;
        TilesetDock dock{tools.options()};
        ScriptedPrompts prompts;
        dock.setDocument(&doc);
        dock.setPrompts([&prompts] { return &prompts; });
        QTemporaryDir dir;
        prompts.file = dir.filePath(QStringLiteral("cave.png"));
        sheet(4, 3).save(prompts.file);
        dock.addTileset();
        QCOMPARE(doc.level().tilesets.at(0).image, prompts.file.toStdString());
        QCOMPARE(doc.level().tilesets.at(0).count, 12);
    }

    void inTheWindowBesideTheLayers() {
        ts::editor::MainWindow w;
        w.setSettingsEnabled(false);
        auto prompts = std::make_unique<ScriptedPrompts>();
        ScriptedPrompts* answers = prompts.get();
        w.setPrompts(std::move(prompts));
        w.resize(900, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* dock = w.findChild<TilesetDock*>();
        auto* layers = w.findChild<QDockWidget*>(QStringLiteral("LayersDock"));
        QVERIFY(dock && layers);
        QCOMPARE(w.dockWidgetArea(dock), Qt::RightDockWidgetArea);
        QVERIFY(w.tabifiedDockWidgets(dock).contains(layers));
        QVERIFY(dock->toggleViewAction()->isCheckable());
        // An art layer made active while the Layers tab is not in front brings the tiles.
        QTemporaryDir dir;
        answers->file = dir.filePath(QStringLiteral("cave.png"));
        sheet(4, 3).save(answers->file);
        dock->addTileset(); // through the window's prompts
        QCOMPARE(w.document()->level().tilesets.size(), std::size_t(1));
        ts::level::ArtLayer layer;
        layer.name = "sky";
        layer.tileset = w.document()->level().tilesets[0].name;
        QCOMPARE(w.document()->addArtLayer(layer), 0);
        w.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))->raise();
        QTRY_VERIFY(dock->visibleRegion().isEmpty());
        w.tools()->options()->setActiveLayer("sky");
        QTRY_VERIFY(!dock->visibleRegion().isEmpty());
        QCOMPARE(dock->currentTileset(), std::string("cave"));
    }

    void dialogShowsTheCutAsTyped() {
        ts::level::Tileset t = tileset("cave", "art/cave.png", 1, 1);
        ts::editor::AddTilesetDialog dialog(t, QSize(70, 40));
        const QList<QSpinBox*> boxes = dialog.findChildren<QSpinBox*>();
        QCOMPARE(boxes.size(), 3); // tile size, margin, spacing
        QCOMPARE(boxes[0]->maximum(), ts::level::limits::kTilesetTileSize.hi);
        QCOMPARE(dialog.tileset().columns, 4); // 70 / 16
        QCOMPARE(dialog.tileset().count, 8);
        boxes[1]->setValue(2);
        boxes[2]->setValue(2);
        QCOMPARE(dialog.tileset().columns, 3);
        QCOMPARE(dialog.tileset().count, 6);
        QPushButton* add = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(add->isEnabled());
        boxes[0]->setValue(64); // taller than the image
        QVERIFY(!add->isEnabled());
    }

    void cutFollowsTiledsRule() {
        ts::level::Tileset t;
        t.tileSize = 16;
        t.margin = 2;
        t.spacing = 2;
        // (70 - 2 + 2) / 18 = 3 columns, (40 - 2 + 2) / 18 = 2 rows.
        QVERIFY(ts::editor::cutTileset(t, {70, 40}));
        QCOMPARE(t.columns, 3);
        QCOMPARE(t.count, 6);
        QString error;
        QVERIFY(!ts::editor::cutTileset(t, {17, 40}, &error));
        QCOMPARE(t.columns, 3); // unchanged
        QVERIFY(!error.isEmpty());
    }
};

QTEST_MAIN(TestTilesetDock)
#include "test_tilesetdock.moc"
