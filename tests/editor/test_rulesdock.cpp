// The Rules dock through real clicks: a click on a pattern cell steps it through
// `? # = . x o` (a right click back) as one undo step and the resolved art follows; Add,
// Duplicate, Delete, Up and Down edit the list and undo and redo restore it exactly; the
// picked tiles become a rule's variants (shown from the tileset's image) and a picked
// variant can be removed; the seed is an undoable edit; the dock follows the active layer
// and says what to do on the collision or a painted layer; each row counts the cells its
// rule paints, following edits; the keys choose a rule and a cell, step it and move rules; the
// window has it as a tab of the spawn form's place with a menu toggle.
#include "document/autosave.h"
#include "testsettings.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/level/art.h"
#include "tilesmith/render/tilesetimages.h"
#include "widgets/rulepatternwidget.h"
#include "widgets/rulerow.h"
#include "widgets/rulesdock.h"

#include <QAbstractButton>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using ts::Tile;
using ts::editor::ArtStamp;
using ts::editor::LevelDocument;
using ts::editor::RulePatternWidget;
using ts::editor::RulesDock;
using ts::level::ArtLayer;
using ts::level::AutoRule;
using ts::level::Level;

namespace {

constexpr int kWidth = 10;
constexpr int kHeight = 6;

AutoRule rule(const char* pattern, std::vector<std::int32_t> tiles) {
    AutoRule r;
    for (int i = 0; i < 9; ++i)
        r.pattern[size_t(i)] = pattern[i];
    r.tiles = std::move(tiles);
    return r;
}

/// Tile i of the test tileset's image is filled with this colour.
QColor tileColour(int i) {
    return QColor(20 + i * 10, 200 - i * 10, 90);
}

/// Ground along the bottom row; "ground" paints a solid tile with air above with tile 1,
/// any other solid tile with 9; "sky" is painted; "trim" is a second auto layer.
Level rulesLevel() {
    Level lv = Level::make(kWidth, kHeight);
    for (int x = 0; x < kWidth; ++x)
        lv.setTile(x, kHeight - 1, Tile::Solid);
    lv.setTile(4, kHeight - 2, Tile::Solid);
    ts::level::Tileset t;
    t.name = "cave";
    t.image = "cave.png";
    t.columns = 4;
    t.count = 16;
    lv.tilesets.push_back(t);
    t.name = "other";
    t.image = "other.png";
    lv.tilesets.push_back(t);
    ArtLayer sky;
    sky.name = "sky";
    sky.tileset = "cave";
    sky.cells.resize(size_t(kWidth * kHeight));
    ArtLayer ground;
    ground.name = "ground";
    ground.tileset = "cave";
    ground.isAuto = true;
    ground.rules = {rule("?.??#????", {1}), rule("????#????", {9})};
    ArtLayer trim = ground;
    trim.name = "trim";
    trim.rules = {rule("????.????", {3})};
    lv.art = {sky, ground, trim};
    return lv;
}

struct Rig {
    QTemporaryDir dir;
    LevelDocument doc{rulesLevel()};
    std::unique_ptr<ts::editor::LevelScene> scene;
    ts::editor::ToolManager tools;
    RulesDock dock{tools.options()};
    Rig() {
        // cave.png: 4 x 4 tiles of 16 px, each its own colour; other.png is missing.
        QImage sheet(64, 64, QImage::Format_ARGB32);
        for (int i = 0; i < 16; ++i) {
            QPainter p(&sheet);
            p.fillRect((i % 4) * 16, (i / 4) * 16, 16, 16, tileColour(i));
        }
        sheet.save(dir.filePath(QStringLiteral("cave.png")));
        doc.setAssetFolder(dir.path());
        scene = std::make_unique<ts::editor::LevelScene>(&doc);
        tools.setScene(scene.get());
        dock.setDocument(&doc);
        dock.setScene(scene.get());
        dock.resize(360, 480);
        dock.show();
    }
    ts::editor::ToolOptions* options() { return tools.options(); }
    const ArtLayer& ground() { return *doc.level().findArtLayer("ground"); }
    RulePatternWidget* pattern(int r) { return dock.row(r)->pattern(); }
    void clickCell(int r, int cell, Qt::MouseButton b = Qt::LeftButton) {
        QTest::mouseClick(pattern(r), b, {}, pattern(r)->cellRect(cell).center());
    }
    void click(QAbstractButton* b) {
        QVERIFY2(b->isEnabled(), qPrintable(b->objectName()));
        QTest::mouseClick(b, Qt::LeftButton);
    }
    /// What the rows show, as the rules they show: the dock follows the level.
    bool rowsShowRules() {
        const auto& rules = doc.level().findArtLayer(options()->activeLayer())->rules;
        if (dock.list()->count() != int(rules.size()))
            return false;
        for (size_t i = 0; i < rules.size(); ++i)
            if (dock.row(int(i))->pattern()->pattern() != rules[i].pattern ||
                dock.row(int(i))->tiles()->tiles() != rules[i].tiles)
                return false;
        return true;
    }
    /// The resolved tile of "ground" at (x, y).
    int groundTile(int x, int y) {
        const int index = int(doc.level().findArtLayer("ground") - doc.level().art.data());
        return doc.resolvedArt().cells(size_t(index))[size_t(y * kWidth + x)].index;
    }
};

} // namespace

class TestRulesDock : public QObject {
    Q_OBJECT
    QTemporaryDir mSettings;
private slots:
    void initTestCase() {
        tstest::isolateSettings(mSettings, QStringLiteral("TilesmithTest"),
                                QStringLiteral("RulesDock"));
        ts::editor::Autosave::setDirectoryOverride(mSettings.filePath(QStringLiteral("r")));
    }

    void cycleIsTheFormatsCharacters() {
        // The click cycle covers exactly the characters the level library accepts.
        QString cycle;
        for (char c : RulePatternWidget::kCycle)
            cycle += QLatin1Char(c);
        QCOMPARE(cycle, QStringLiteral("?#=.xo"));
        for (int c = 0; c < 256; ++c)
            QCOMPARE(ts::level::isAutoPatternChar(char(c)), cycle.contains(QLatin1Char(char(c))));
        QCOMPARE(RulePatternWidget::stepped('?', -1), 'o');
        QCOMPARE(RulePatternWidget::stepped('o', 1), '?');
    }

    void clicksCycleACell() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.options()->setActiveLayer("ground");
        QVERIFY(r.dock.showsRules());
        QCOMPARE(r.dock.list()->count(), 2);
        QCOMPARE(r.pattern(1)->pattern()[4], '#');

        r.clickCell(1, 4); // the centre of rule 2: # -> =
        QCOMPARE(r.ground().rules[1].pattern[4], '=');
        QCOMPARE(r.pattern(1)->pattern()[4], '=');
        QCOMPARE(r.dock.currentRule(), 1);
        r.clickCell(1, 4, Qt::RightButton); // back to #
        r.clickCell(1, 4, Qt::RightButton); // and to ?
        QCOMPARE(r.ground().rules[1].pattern[4], '?');
        QString seen;
        for (int i = 0; i < 6; ++i) {
            r.clickCell(1, 4);
            seen += QLatin1Char(r.ground().rules[1].pattern[4]);
        }
        QCOMPARE(seen, QStringLiteral("#=.xo?"));
        QCOMPARE(r.doc.undoStack()->count(), 9); // a click is an undo step
        QVERIFY(r.doc.undoStack()->undoText().contains(QStringLiteral("Rule 2")));
        for (int i = 0; i < 9; ++i)
            r.doc.undoStack()->undo();
        QCOMPARE(r.ground().rules[1].pattern[4], '#');
        QVERIFY(r.rowsShowRules());
        // Only the cell clicked changed; the tooltip names it and what a click does.
        QCOMPARE(r.ground().rules, rulesLevel().art[1].rules);
        const QString tip = r.pattern(1)->cellToolTip(4);
        QVERIFY2(tip.contains(QStringLiteral("solid (#)")) &&
                     tip.contains(QStringLiteral("Click: one-way (=)")) &&
                     tip.contains(QStringLiteral("Right click: anything (?)")),
                 qPrintable(tip));
        QVERIFY(r.pattern(0)->cellToolTip(1).startsWith(QStringLiteral("Above: empty (.)")));
    }

    void aClickChangesTheResolvedArt() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.options()->setActiveLayer("ground");
        QCOMPARE(r.groundTile(1, kHeight - 1), 1); // a top: air above
        QCOMPARE(r.groundTile(4, kHeight - 1), 9); // under the block
        QCOMPARE(r.groundTile(1, 1), -1);
        // Rule 1's "above" cell: . -> x (not empty): a top no longer matches it.
        r.clickCell(0, 1);
        QCOMPARE(r.ground().rules[0].pattern[1], 'x');
        QCOMPARE(r.groundTile(1, kHeight - 1), 9);
        QCOMPARE(r.groundTile(4, kHeight - 1), 1);
        // Rule 2's centre: # -> = paints no solid cell any more.
        r.clickCell(1, 4);
        QCOMPARE(r.groundTile(1, kHeight - 1), -1);
        r.doc.undoStack()->undo();
        r.doc.undoStack()->undo();
        QCOMPARE(r.groundTile(1, kHeight - 1), 1);
        QCOMPARE(r.groundTile(4, kHeight - 1), 9);
    }

    void rowsCountTheCellsEachRulePaints() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.options()->setActiveLayer("ground");
        const auto count = [&r](int rule) { return r.dock.row(rule)->cellCount()->text(); };
        // The tops: the bottom row but under the block, and the block; under it, rule 2.
        QCOMPARE(count(0), QStringLiteral("10 cells"));
        QCOMPARE(count(1), QStringLiteral("1 cell"));
        // A block painted on the ground: a top moves up, the cell under it is rule 2's.
        r.doc.paintTiles({{QPoint(7, kHeight - 2), Tile::Solid}}, QStringLiteral("Paint"));
        QTRY_COMPARE(count(1), QStringLiteral("2 cells"));
        QCOMPARE(count(0), QStringLiteral("10 cells"));
        // Rule 1's centre: # -> = matches no cell; rule 2 paints every solid one.
        r.clickCell(0, 4);
        QCOMPARE(count(0), QStringLiteral("0 cells"));
        QCOMPARE(count(1), QStringLiteral("12 cells"));
        QVERIFY(r.dock.row(0)->cellCount()->toolTip().contains(QStringLiteral("no cell")));
        r.doc.undoStack()->undo();
        QCOMPARE(count(0), QStringLiteral("10 cells"));
    }

    void theKeyboardEditsTheRules() {
        Rig r;
        r.dock.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&r.dock));
        r.options()->setActiveLayer("ground");
        QListWidget* list = r.dock.list();
        list->setFocus();
        QTRY_VERIFY(list->hasFocus());
        QCOMPARE(r.dock.currentRule(), 0);
        // The centre of the current rule is framed for the keys, no cell of the others.
        QCOMPARE(r.pattern(0)->keyCell(), 4);
        QCOMPARE(r.pattern(1)->keyCell(), -1);
        QTest::keyClick(list, Qt::Key_Left);
        QCOMPARE(r.pattern(0)->keyCell(), 3);
        QTest::keyClick(list, Qt::Key_Space); // ? -> #
        QCOMPARE(r.ground().rules[0].pattern[3], '#');
        QTest::keyClick(list, Qt::Key_Space, Qt::ShiftModifier);
        QCOMPARE(r.ground().rules[0].pattern[3], '?');
        QCOMPARE(r.doc.undoStack()->count(), 2); // each an undo step
        // Down: the next rule, the same cell.
        QTest::keyClick(list, Qt::Key_Down);
        QCOMPARE(r.dock.currentRule(), 1);
        QCOMPARE(r.pattern(1)->keyCell(), 3);
        QCOMPARE(r.pattern(0)->keyCell(), -1);
        // Ctrl+Up: it is tried first, and stays the current rule.
        const AutoRule second = r.ground().rules[1];
        QTest::keyClick(list, Qt::Key_Up, Qt::ControlModifier);
        QVERIFY(r.ground().rules[0] == second);
        QCOMPARE(r.dock.currentRule(), 0);
        QTest::keyClick(list, Qt::Key_Down, Qt::ControlModifier);
        QVERIFY(r.ground().rules[1] == second);
        QVERIFY(r.rowsShowRules());
    }

    void listEditsUndoAndRedoExactly() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.options()->setActiveLayer("ground");
        using Rules = std::vector<AutoRule>;
        std::vector<Rules> states{r.ground().rules};
        const auto step = [&] {
            states.push_back(r.ground().rules);
            QVERIFY(r.rowsShowRules());
        };
        QCOMPARE(r.dock.currentRule(), 0);
        QVERIFY(!r.dock.upButton()->isEnabled());
        r.click(r.dock.addButton()); // after rule 1, painting solid cells with tile 0
        QCOMPARE(r.ground().rules.size(), size_t(3));
        QCOMPARE(r.ground().rules[1], rule("????#????", {0}));
        QCOMPARE(r.dock.currentRule(), 1);
        step();
        r.clickCell(1, 0); // rule 2 differs from rule 3 now
        step();
        r.click(r.dock.duplicateButton());
        QCOMPARE(r.ground().rules[2], r.ground().rules[1]);
        QCOMPARE(r.dock.currentRule(), 2);
        step();
        r.click(r.dock.downButton());
        QCOMPARE(r.dock.currentRule(), 3);
        QCOMPARE(r.ground().rules[3], rule("#???#????", {0}));
        QCOMPARE(r.ground().rules[2], rule("????#????", {9}));
        QVERIFY(!r.dock.downButton()->isEnabled());
        step();
        // A click on a row's number selects it; Up moves it.
        QTest::mouseClick(r.dock.row(0), Qt::LeftButton, {}, QPoint(4, 4));
        QCOMPARE(r.dock.currentRule(), 0);
        r.clickCell(3, 8); // selects rule 4 too
        QCOMPARE(r.dock.currentRule(), 3);
        step();
        r.click(r.dock.upButton());
        QCOMPARE(r.dock.currentRule(), 2);
        step();
        r.click(r.dock.deleteButton());
        QCOMPARE(r.ground().rules.size(), size_t(3));
        QCOMPARE(r.dock.currentRule(), 2);
        step();
        QCOMPARE(r.doc.undoStack()->count(), int(states.size()) - 1);

        for (size_t i = states.size() - 1; i-- > 0;) {
            r.doc.undoStack()->undo();
            QCOMPARE(r.ground().rules, states[i]);
            QVERIFY(r.rowsShowRules());
        }
        for (size_t i = 1; i < states.size(); ++i) {
            r.doc.undoStack()->redo();
            QCOMPARE(r.ground().rules, states[i]);
            QVERIFY(r.rowsShowRules());
        }
        // Down to no rules: the layer paints nothing, and says how to begin.
        while (!r.ground().rules.empty())
            r.click(r.dock.deleteButton());
        QVERIFY(!r.dock.deleteButton()->isEnabled());
        QCOMPARE(r.groundTile(1, kHeight - 1), -1);
        QCOMPARE(r.dock.list()->count(), 0);
        r.click(r.dock.addButton());
        QCOMPARE(r.ground().rules, (Rules{rule("????#????", {0})}));
    }

    void pickedTilesBecomeVariants() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.options()->setActiveLayer("ground");
        QVERIFY(!r.dock.usePickedButton()->isEnabled()); // nothing picked
        ArtStamp stamp;
        stamp.tileset = "cave";
        stamp.width = 2;
        stamp.height = 2;
        stamp.tiles = {{5, 0}, {6, 0}, {-1, 0}, {13, 0}}; // an empty cell is no variant
        r.options()->setStamp(stamp);
        QCOMPARE(r.dock.currentRule(), 0); // rule 1: the tops
        r.click(r.dock.usePickedButton());
        QCOMPARE(r.ground().rules[0].tiles, (std::vector<std::int32_t>{5, 6, 13}));
        QCOMPARE(r.doc.undoStack()->count(), 1);
        // The variants spread over the tops by the hash of (x, y, seed).
        QSet<int> used;
        for (int x = 0; x < kWidth; ++x)
            if (x != 4) {
                const auto v = ts::level::artVariant(x, kHeight - 1, 0, 3);
                QCOMPARE(r.groundTile(x, kHeight - 1), (std::vector<int>{5, 6, 13}[v]));
                used.insert(r.groundTile(x, kHeight - 1));
            }
        QVERIFY(used.size() > 1);
        QCOMPARE(r.groundTile(4, kHeight - 1), 9); // rule 2 as it was

        // The thumbnails are the tiles of the image.
        ts::editor::RuleTilesWidget* tiles = r.dock.row(0)->tiles();
        QTRY_VERIFY(tiles->rect().contains(tiles->thumbRect(2))); // laid out again
        const QImage shown = tiles->grab().toImage();
        for (int i = 0; i < 3; ++i)
            QCOMPARE(shown.pixelColor(tiles->thumbRect(i).center()),
                     tileColour(r.ground().rules[0].tiles[size_t(i)]));

        // A click on a variant picks it; Remove Tile takes it out.
        QVERIFY(!r.dock.removeTileButton()->isEnabled());
        QTest::mouseClick(tiles, Qt::LeftButton, {}, tiles->thumbRect(1).center());
        QCOMPARE(tiles->selected(), 1);
        r.click(r.dock.removeTileButton());
        QCOMPARE(r.ground().rules[0].tiles, (std::vector<std::int32_t>{5, 13}));
        QTest::mouseClick(tiles, Qt::LeftButton, {}, tiles->thumbRect(0).center());
        r.click(r.dock.removeTileButton());
        QCOMPARE(r.ground().rules[0].tiles, (std::vector<std::int32_t>{13}));
        // The last tile stays: a rule without tiles would not load.
        QTest::mouseClick(tiles, Qt::LeftButton, {}, tiles->thumbRect(0).center());
        QVERIFY(!r.dock.removeTileButton()->isEnabled());
        QCOMPARE(r.groundTile(1, kHeight - 1), 13);
        QCOMPARE(r.groundTile(4, kHeight - 1), 9);
        r.doc.undoStack()->undo();
        r.doc.undoStack()->undo();
        QCOMPARE(r.ground().rules[0].tiles, (std::vector<std::int32_t>{5, 6, 13}));
        QVERIFY(r.rowsShowRules());

        // Tiles of another tileset cannot be this layer's.
        stamp.tileset = "other";
        r.options()->setStamp(stamp);
        QVERIFY(!r.dock.usePickedButton()->isEnabled());
        QVERIFY(r.dock.usePickedButton()->toolTip().contains(QStringLiteral("other")));
        // Add takes the picked tiles when they fit.
        stamp.tileset = "cave";
        stamp.tiles = {{2, 0}, {2, 0}, {3, 0}, {7, 0}};
        r.options()->setStamp(stamp);
        r.click(r.dock.addButton());
        QCOMPARE(r.ground().rules[1].tiles, (std::vector<std::int32_t>{2, 2, 3, 7}));
    }

    void thumbnailsOfAMissingImageArePlaceholders() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        ArtLayer layer;
        layer.name = "moss";
        layer.tileset = "other"; // other.png is missing
        layer.isAuto = true;
        layer.rules = {rule("????#????", {2})};
        QVERIFY(r.doc.addArtLayer(layer) >= 0);
        r.options()->setActiveLayer("moss");
        ts::editor::RuleTilesWidget* tiles = r.dock.row(0)->tiles();
        const QImage shown = tiles->grab().toImage();
        const QImage placeholder = ts::render::TilesetImages::placeholderTile(16);
        const QRect thumb = tiles->thumbRect(0);
        // The checkerboard's first square, scaled to the thumbnail.
        QCOMPARE(shown.pixelColor(thumb.topLeft() + QPoint(1, 1)), placeholder.pixelColor(0, 0));
    }

    void followsTheActiveLayer() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        QVERIFY(!r.dock.showsRules()); // the collision
        QVERIFY(r.dock.message()->text().contains(QStringLiteral("Choose an auto layer")));
        QVERIFY(r.dock.addAutoLayerButton()->isEnabled());
        QSignalSpy wanted(&r.dock, &RulesDock::addAutoLayerRequested);
        QTest::mouseClick(r.dock.addAutoLayerButton(), Qt::LeftButton);
        QCOMPARE(wanted.count(), 1);

        r.options()->setActiveLayer("sky");
        QVERIFY(!r.dock.showsRules());
        QVERIFY(r.dock.message()->text().contains(QStringLiteral("\u201csky\u201d is a painted")));
        r.options()->setActiveLayer("trim");
        QVERIFY(r.dock.showsRules());
        QVERIFY(r.dock.header()->text().contains(QStringLiteral("\u201ctrim\u201d")));
        QVERIFY(r.rowsShowRules());
        r.options()->setActiveLayer("ground");
        QVERIFY(r.rowsShowRules());
        QVERIFY(r.dock.header()->text().contains(QStringLiteral("\u201cground\u201d")));

        // Edits from elsewhere (an undo, another view) show at once.
        r.doc.setAutoRules(1, {rule("?????????", {4})}, QStringLiteral("Edit"));
        QVERIFY(r.rowsShowRules());
        r.doc.undoStack()->undo();
        QVERIFY(r.rowsShowRules());
        // A variant picked on one layer is not picked on the next one's rule.
        r.doc.setAutoRules(1, {rule("????#????", {4, 5})}, QStringLiteral("Edit"));
        r.doc.setAutoRules(2, {rule("????.????", {6, 7})}, QStringLiteral("Edit"));
        ts::editor::RuleTilesWidget* tiles = r.dock.row(0)->tiles();
        QTest::mouseClick(tiles, Qt::LeftButton, {}, tiles->thumbRect(1).center());
        QVERIFY(r.dock.removeTileButton()->isEnabled());
        r.options()->setActiveLayer("trim");
        QCOMPARE(r.dock.row(0)->tiles()->selected(), -1);
        QVERIFY(!r.dock.removeTileButton()->isEnabled());
        r.doc.undoStack()->undo();
        r.doc.undoStack()->undo();
        r.options()->setActiveLayer("ground");
        // The layer deleted: back to the collision, and the page saying what to do.
        r.doc.removeArtLayer(1);
        QVERIFY(!r.dock.showsRules());
        r.doc.undoStack()->undo();
        r.options()->setActiveLayer("ground");
        QVERIFY(r.dock.showsRules());
        QVERIFY(r.rowsShowRules());

        // A level without tilesets: no auto layer can be added.
        LevelDocument bare{Level::make(4, 4)};
        r.dock.setDocument(&bare);
        QVERIFY(!r.dock.showsRules());
        QVERIFY(!r.dock.addAutoLayerButton()->isEnabled());
        r.dock.setDocument(nullptr);
        QVERIFY(!r.dock.showsRules());
    }

    void theSeedIsAnUndoableEdit() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.options()->setActiveLayer("ground");
        QLineEdit* seed = r.dock.seedField();
        QCOMPARE(seed->text(), QStringLiteral("0"));
        QTest::mouseClick(seed, Qt::LeftButton);
        seed->selectAll();
        QTest::keyClicks(seed, QStringLiteral("4000000000"));
        QTest::keyClick(seed, Qt::Key_Return);
        QCOMPARE(r.ground().seed, 4000000000u);
        QCOMPARE(r.doc.undoStack()->count(), 1);
        // Past the largest seed: refused, the field shows the seed again.
        seed->selectAll();
        QTest::keyClicks(seed, QStringLiteral("4294967296"));
        QTest::keyClick(seed, Qt::Key_Return);
        QCOMPARE(r.ground().seed, 4000000000u);
        QCOMPARE(seed->text(), QStringLiteral("4000000000"));
        QCOMPARE(r.doc.undoStack()->count(), 1);
        r.click(r.dock.shuffleButton());
        QVERIFY(r.ground().seed != 4000000000u);
        QCOMPARE(seed->text(), QString::number(r.ground().seed));
        QCOMPARE(r.doc.undoStack()->count(), 2);
        r.doc.undoStack()->undo();
        r.doc.undoStack()->undo();
        QCOMPARE(r.ground().seed, 0u);
        QCOMPARE(seed->text(), QStringLiteral("0"));
    }

    void theWindowHasTheDock() {
        ts::editor::MainWindow window;
        window.setSettingsEnabled(false);
        window.setDocument(std::make_unique<LevelDocument>(rulesLevel()));
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* dock = window.findChild<RulesDock*>();
        QVERIFY(dock);
        QCOMPARE(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
        // A tab beside the History, Layers and Tileset docks: no tab bar of its own.
        QVERIFY(window.tabifiedDockWidgets(dock).contains(
            window.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))));
        QVERIFY(window.tabifiedDockWidgets(dock).contains(
            window.findChild<QDockWidget*>(QStringLiteral("LayersDock"))));
        QVERIFY(window
                    .tabifiedDockWidgets(
                        window.findChild<QDockWidget*>(QStringLiteral("PropertiesDock")))
                    .isEmpty());
        // The tab asks the right column for no more height than the spawn form, and no
        // more width than the Layers dock: the window stays as small as it was.
        const auto* layers = window.findChild<QDockWidget*>(QStringLiteral("LayersDock"));
        const auto* properties = window.findChild<QDockWidget*>(QStringLiteral("PropertiesDock"));
        QVERIFY(layers && properties);
        QVERIFY2(dock->minimumSizeHint().width() <= layers->minimumSizeHint().width(),
                 qPrintable(QStringLiteral("%1 > %2")
                                .arg(dock->minimumSizeHint().width())
                                .arg(layers->minimumSizeHint().width())));
        QVERIFY2(dock->minimumSizeHint().height() <= properties->minimumSizeHint().height(),
                 qPrintable(QStringLiteral("%1 > %2")
                                .arg(dock->minimumSizeHint().height())
                                .arg(properties->minimumSizeHint().height())));
        bool inMenu = false;
        for (const QMenu* menu : window.menuBar()->findChildren<QMenu*>())
            inMenu = inMenu || menu->actions().contains(dock->toggleViewAction());
        QVERIFY(inMenu);
        // The window's document, and its Add button adds an auto layer as Layers does.
        QVERIFY(!dock->showsRules());
        const size_t before = window.document()->level().art.size();
        dock->raise();
        QTRY_VERIFY(dock->addAutoLayerButton()->isVisible());
        QTest::mouseClick(dock->addAutoLayerButton(), Qt::LeftButton);
        QCOMPARE(window.document()->level().art.size(), before + 1);
        QVERIFY(dock->showsRules());
        QCOMPARE(dock->list()->count(), 0);
        QTest::mouseClick(dock->addButton(), Qt::LeftButton);
        QCOMPARE(dock->list()->count(), 1);
    }

    void theRememberedLayoutKeepsTheDock() {
        QSettings settings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"));
        settings.clear();
        const auto shown = [](const RulesDock* dock) {
            return dock->toggleViewAction()->isChecked();
        };
        {
            ts::editor::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(shown(window.findChild<RulesDock*>()));
            window.findChild<RulesDock*>()->close();
            window.saveWindowState();
        }
        {
            ts::editor::MainWindow window;
            window.restoreWindowState();
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(!shown(window.findChild<RulesDock*>())); // closed, as it was left
            // A layout saved before the window had the dock.
            window.removeDockWidget(window.findChild<RulesDock*>());
            settings.setValue(QStringLiteral("window/state"), window.saveState());
            settings.sync();
        }
        ts::editor::MainWindow window;
        window.restoreWindowState();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* dock = window.findChild<RulesDock*>();
        QVERIFY(shown(dock)); // not lost: in its place, a tab beside the History
        QVERIFY(window.tabifiedDockWidgets(dock).contains(
            window.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))));
        // The spawn form kept the place the layout gave it.
        QVERIFY(window
                    .tabifiedDockWidgets(
                        window.findChild<QDockWidget*>(QStringLiteral("PropertiesDock")))
                    .isEmpty());
    }
};

QTEST_MAIN(TestRulesDock)
#include "test_rulesdock.moc"
