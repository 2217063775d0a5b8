// The painting tools' keys in the main window's viewport (and in the brush size
// box), with real key and mouse events:
// - X swaps the tile kind they lay (solid, one-way);
// - [ and ] step the brush size, within its range.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/tooloptions.h"

#include <QApplication>
#include <QComboBox>
#include <QSpinBox>

class TestPaintKeys : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void xSwapsTheTileKind() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        auto* kind = w->findChild<QComboBox*>(QStringLiteral("tileKindBox"));
        QVERIFY(kind);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::Solid);
        QTest::keyClick(viewport(w.get()), Qt::Key_B);
        QTest::keyClick(viewport(w.get()), Qt::Key_X);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::OneWay);
        QCOMPARE(kind->currentData().toInt(), int(ts::Tile::OneWay));
        // The brush lays what the box now shows.
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {2, 5}));
        QCOMPARE(w->document()->level().tile(2, 5), ts::Tile::OneWay);
        // And back, also with the keyboard in the brush size box.
        auto* size = w->findChild<QSpinBox*>(QStringLiteral("brushSizeBox"));
        QVERIFY(size);
        size->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(size));
        QTest::keyClick(size, Qt::Key_X);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::Solid);
        QCOMPARE(kind->currentData().toInt(), int(ts::Tile::Solid));
        QCOMPARE(size->value(), 1);
    }

    void bracketKeysStepTheBrushSize() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        auto* size = w->findChild<QSpinBox*>(QStringLiteral("brushSizeBox"));
        QVERIFY(size);
        QCOMPARE(w->tools()->options()->brushSize(), 1);
        QTest::keyClick(viewport(w.get()), Qt::Key_B);
        QTest::keyClick(viewport(w.get()), Qt::Key_BracketRight);
        QCOMPARE(w->tools()->options()->brushSize(), 2);
        QCOMPARE(size->value(), 2);
        // The brush paints the size the box shows: a 2 x 2 square.
        const auto solids = [&w] {
            const ts::level::Level& l = w->document()->level();
            int n = 0;
            for (int y = 0; y < l.height; ++y)
                for (int x = 0; x < l.width; ++x)
                    n += l.tile(x, y) == ts::Tile::Solid ? 1 : 0;
            return n;
        };
        const int before = solids();
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), {4, 6}));
        QCOMPARE(solids() - before, 4);
        // ] stops at the range's top, [ at 1.
        for (int i = 0; i < ts::editor::ToolOptions::kMaxBrushSize + 3; ++i)
            QTest::keyClick(viewport(w.get()), Qt::Key_BracketRight);
        QCOMPARE(w->tools()->options()->brushSize(), ts::editor::ToolOptions::kMaxBrushSize);
        QCOMPARE(size->value(), ts::editor::ToolOptions::kMaxBrushSize);
        // Also with the keyboard in the brush size box.
        size->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(size));
        for (int i = 0; i < ts::editor::ToolOptions::kMaxBrushSize + 3; ++i)
            QTest::keyClick(size, Qt::Key_BracketLeft);
        QCOMPARE(w->tools()->options()->brushSize(), 1);
        QCOMPARE(size->value(), 1);
    }
};

QTEST_MAIN(TestPaintKeys)
#include "test_paintkeys.moc"
