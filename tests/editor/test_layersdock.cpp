// The Layers dock through real clicks: the list reads front to back (collision, front art,
// spawns, back art), a click makes a layer the active one, the eye and lock are undoable
// edits of the level while the collision's and spawns' eyes are the view's, Up and Down
// reorder and turn a layer front or back as it crosses the spawns, a rename and an
// opacity drag are one undo step each, and the buttons add and delete layers.
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "widgets/layersdock.h"

#include <QApplication>
#include <QLineEdit>
#include <QToolButton>
#include <QSlider>
#include <QTest>
#include <QTreeWidget>

using ts::editor::LayersDock;
using ts::editor::LevelDocument;
using ts::level::ArtDepth;
using ts::level::ArtLayer;
using ts::level::Level;

namespace {

Level levelWithLayers() {
    Level lv = Level::make(10, 6);
    ts::level::Tileset t;
    t.name = "cave";
    t.image = "cave.png";
    t.columns = 4;
    t.count = 16;
    lv.tilesets.push_back(t);
    const auto layer = [](const char* name, ArtDepth depth, bool isAuto) {
        ArtLayer l;
        l.name = name;
        l.tileset = "cave";
        l.depth = depth;
        l.isAuto = isAuto;
        if (!isAuto)
            l.cells.resize(60);
        return l;
    };
    lv.art = {layer("sky", ArtDepth::Back, false), layer("ground", ArtDepth::Back, true),
              layer("grass", ArtDepth::Front, false)};
    return lv;
}

struct Rig {
    LevelDocument doc{levelWithLayers()};
    ts::editor::LevelScene scene{&doc};
    ts::editor::ToolManager tools;
    LayersDock dock{tools.options()};
    Rig() {
        tools.setScene(&scene);
        dock.setDocument(&doc);
        dock.setScene(&scene);
        dock.resize(320, 420);
        dock.show();
    }
    QTreeWidget* list() { return dock.list(); }
    QStringList rows() {
        QStringList out;
        for (int r = 0; r < list()->topLevelItemCount(); ++r)
            out << list()->topLevelItem(r)->text(2);
        return out;
    }
    void clickCell(int row, int column, Qt::MouseButton b = Qt::LeftButton) {
        const QRect rect = list()->visualRect(list()->model()->index(row, column, QModelIndex()));
        QTest::mouseClick(list()->viewport(), b, {}, rect.center());
    }
};

} // namespace

class TestLayersDock : public QObject {
    Q_OBJECT
private slots:
    void listReadsFrontToBack() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        QCOMPARE(r.rows(),
                 (QStringList{"Collision", "grass", "Spawns and bodies", "ground", "sky"}));
        QCOMPARE(r.tools.options()->activeLayer(), std::string());
        r.clickCell(3, 2);
        QCOMPARE(r.tools.options()->activeLayer(), std::string("ground"));
        QVERIFY(r.dock.opacitySlider()->isEnabled());
        r.clickCell(0, 2);
        QCOMPARE(r.tools.options()->activeLayerIndex(), -1);
        QVERIFY(!r.dock.opacitySlider()->isEnabled());
    }

    void eyesAndLocks() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.clickCell(4, 0); // sky's eye
        QVERIFY(!r.doc.level().art[0].visible);
        r.clickCell(4, 1); // sky's lock
        QVERIFY(r.doc.level().art[0].locked);
        QCOMPARE(r.doc.undoStack()->count(), 2);
        r.doc.undoStack()->undo();
        r.doc.undoStack()->undo();
        QVERIFY(r.doc.level().art[0].visible);
        QVERIFY(!r.doc.level().art[0].locked);
        QCOMPARE(r.list()->topLevelItem(4)->checkState(0), Qt::Checked); // the list follows
        // The collision's and the spawns' eyes are the view's: no undo step.
        r.clickCell(0, 0);
        QVERIFY(!r.scene.collisionShown());
        r.clickCell(2, 0);
        QVERIFY(!r.scene.spawnsShown());
        QCOMPARE(r.doc.undoStack()->count(), 2);
        r.clickCell(0, 0);
        QVERIFY(r.scene.collisionShown());
    }

    void upAndDownCrossTheSpawns() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.clickCell(3, 2); // ground (back)
        QTest::mouseClick(r.dock.upButton(), Qt::LeftButton);
        // Above the spawns row: a front layer now, drawn behind grass.
        QCOMPARE(r.rows(),
                 (QStringList{"Collision", "grass", "ground", "Spawns and bodies", "sky"}));
        QCOMPARE(r.doc.level().findArtLayer("ground")->depth, ArtDepth::Front);
        QCOMPARE(r.tools.options()->activeLayer(), std::string("ground"));
        QTest::mouseClick(r.dock.upButton(), Qt::LeftButton);
        QCOMPARE(r.rows(),
                 (QStringList{"Collision", "ground", "grass", "Spawns and bodies", "sky"}));
        QCOMPARE(r.doc.level().art.back().name, std::string("ground")); // drawn last
        QVERIFY(!r.dock.upButton()->isEnabled()); // the collision stays on top
        QCOMPARE(r.doc.undoStack()->count(), 2);  // a move is one step
        r.doc.undoStack()->undo();
        r.doc.undoStack()->undo();
        QCOMPARE(r.rows(),
                 (QStringList{"Collision", "grass", "Spawns and bodies", "ground", "sky"}));
        QCOMPARE(r.doc.level().findArtLayer("ground")->depth, ArtDepth::Back);
        // Down to the bottom: drawn first.
        r.clickCell(3, 2);
        QTest::mouseClick(r.dock.downButton(), Qt::LeftButton);
        QCOMPARE(r.doc.level().art.front().name, std::string("ground"));
        QVERIFY(!r.dock.downButton()->isEnabled());
    }

    void renameAndOpacity() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        const QRect name = r.list()->visualRect(r.list()->model()->index(4, 2, {}));
        QTest::mouseClick(r.list()->viewport(), Qt::LeftButton, {}, name.center());
        QTest::mouseDClick(r.list()->viewport(), Qt::LeftButton, {}, name.center());
        QLineEdit* editor = nullptr;
        QTRY_VERIFY((editor = r.list()->findChild<QLineEdit*>()));
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("ground")); // taken: numbered
        QTest::keyClick(editor, Qt::Key_Return);
        // The delegate commits on the next turn of the event loop.
        QTRY_COMPARE(r.doc.level().art[0].name, std::string("ground 2"));
        QCOMPARE(r.tools.options()->activeLayer(), std::string("ground 2"));
        // An opacity drag: many values, one step.
        QSlider* slider = r.dock.opacitySlider();
        const int steps = r.doc.undoStack()->count();
        emit slider->sliderPressed();
        for (int v : {90, 70, 50})
            slider->setValue(v);
        emit slider->sliderReleased();
        QCOMPARE(r.doc.level().art[0].opacity, 0.5f);
        QCOMPARE(r.doc.undoStack()->count(), steps + 1);
    }

    void addAndDelete() {
        Rig r;
        QVERIFY(QTest::qWaitForWindowExposed(&r.dock));
        r.clickCell(3, 2); // ground (back, index 1)
        QTest::mouseClick(r.dock.addPaintedButton(), Qt::LeftButton);
        // In front of the active layer, with its tileset and depth, and active itself.
        QCOMPARE(r.doc.level().art.size(), size_t(4));
        QCOMPARE(r.doc.level().art[2].name, std::string("paint"));
        QCOMPARE(r.doc.level().art[2].depth, ArtDepth::Back);
        QCOMPARE(r.tools.options()->activeLayer(), std::string("paint"));
        QTest::mouseClick(r.dock.addAutoButton(), Qt::LeftButton);
        QVERIFY(r.doc.level().art[3].isAuto);
        QTest::mouseClick(r.dock.deleteButton(), Qt::LeftButton);
        QCOMPARE(r.doc.level().art.size(), size_t(4));
        QCOMPARE(r.tools.options()->activeLayer(), std::string()); // gone: the collision
        // A level without a tileset adds no layer.
        LevelDocument bare(Level::make(4, 4));
        r.dock.setDocument(&bare);
        QVERIFY(!r.dock.addPaintedButton()->isEnabled());
        QCOMPARE(r.rows(), (QStringList{"Collision", "Spawns and bodies"}));
        r.dock.setDocument(nullptr);
    }
};

QTEST_MAIN(TestLayersDock)
#include "test_layersdock.moc"
