// The Mini-map dock in the main window, with real mouse events:
// - it shows the level (a tile painted in the viewport appears, undo takes it
//   away), the player's mark, and follows a resize of the map and its undo;
// - the outline is the part the view shows, and follows a scroll;
// - a click moves the view there, a drag follows the mouse, and the keyboard
//   stays in the map.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/minimapdock.h"
#include "tilesmith/render/levelrenderer.h"

#include <QScrollBar>

/// Counts a widget's paint events (that a change reaches the screen, not only grab()).
class PaintCounter : public QObject {
public:
    int paints = 0;
    bool eventFilter(QObject*, QEvent* e) override {
        paints += e->type() == QEvent::Paint;
        return false;
    }
};

class TestMinimap : public MainWindowTest {
    Q_OBJECT

    static MinimapWidget* minimap(MainWindow* w) {
        return w->findChild<ts::editor::MinimapDock*>()->minimap();
    }
    /// The widget pixel at the centre of a tile.
    static QPoint pixelOf(MainWindow* w, QPointF tile) {
        return minimap(w)->tileToWidget(tile + QPointF(0.5, 0.5)).toPoint();
    }
    static QColor shown(MainWindow* w, QPoint pixel) {
        return minimap(w)->grab().toImage().pixelColor(pixel);
    }
    /// Zooms the view in until the map no longer fits (Ctrl++ in the viewport).
    static void zoomIn(MainWindow* w) {
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(viewport(w), Qt::Key_Plus, Qt::ControlModifier);
    }
    static QPointF viewCentreInTiles(MainWindow* w) {
        return w->view()->visibleSceneRect().center() / w->document()->level().tileSize;
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void showsTheLevelAndItsEdits() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        QVERIFY(w->findChild<ts::editor::MinimapDock*>()->isVisible());
        MinimapWidget* m = minimap(w.get());
        QCOMPARE(m->tileImage().image().size(), QSize(60, 20));
        QVERIFY(m->mapArea().width() >= 60); // at least a pixel a tile in the default layout
        // Tile (12, 5) is empty in the tutorial: paint it with the brush in the viewport.
        const QPoint tile(12, 5);
        QCOMPARE(w->document()->level().tile(tile.x(), tile.y()), ts::Tile::Empty);
        QCOMPARE(shown(w.get(), pixelOf(w.get(), tile)), ts::render::palette::mapBackground);
        QTest::keyClick(viewport(w.get()), Qt::Key_B);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, tilePoint(w.get(), tile));
        QCOMPARE(w->document()->level().tile(tile.x(), tile.y()), ts::Tile::Solid);
        QCOMPARE(shown(w.get(), pixelOf(w.get(), tile)), ts::render::palette::solid);
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(shown(w.get(), pixelOf(w.get(), tile)), ts::render::palette::mapBackground);
        // The player's mark, in the player's colour, on the player's tile.
        const auto& spawns = w->document()->level().spawns;
        const auto player = std::find_if(spawns.begin(), spawns.end(), [](const auto& s) {
            return s.kind == ts::level::SpawnKind::Player;
        });
        QVERIFY(player != spawns.end());
        QCOMPARE(shown(w.get(), pixelOf(w.get(), QPointF(player->x, player->y))),
                 ts::render::spawnColor(ts::level::SpawnKind::Player));
    }

    void followsAResizeOfTheMap() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        w->document()->resize(80, 30, ResizeAnchor::TopLeft);
        QCOMPARE(minimap(w.get())->tileImage().image().size(), QSize(80, 30));
        // The new columns are empty; the old content kept its place (top left).
        QCOMPARE(shown(w.get(), pixelOf(w.get(), {70, 25})), ts::render::palette::mapBackground);
        QCOMPARE(shown(w.get(), pixelOf(w.get(), {0, 0})), ts::render::palette::solid);
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(minimap(w.get())->tileImage().image().size(), QSize(60, 20));
    }

    void theOutlineIsWhatTheViewShows() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        zoomIn(w.get());
        MinimapWidget* m = minimap(w.get());
        const qreal ts = w->document()->level().tileSize;
        QRectF seen = m->visibleTiles();
        QVERIFY(seen.width() < 60); // the view shows part of the map now
        QCOMPARE(seen, QRectF(w->view()->visibleSceneRect().topLeft() / ts,
                              w->view()->visibleSceneRect().size() / ts));
        // A scroll moves it (and repaints the dock); the outline's left edge is
        // drawn just left of where the view begins, the tiles there stay seen.
        PaintCounter counter;
        m->installEventFilter(&counter);
        QCoreApplication::processEvents();
        counter.paints = 0;
        QScrollBar* bar = w->view()->horizontalScrollBar();
        // Three quarters along: a value the bar does not have yet (a zoom centres it).
        bar->setValue(bar->minimum() + (bar->maximum() - bar->minimum()) * 3 / 4);
        QTRY_VERIFY(counter.paints > 0);
        QVERIFY(m->visibleTiles().left() > seen.left());
        seen = m->visibleTiles();
        const QPointF edge = m->tileToWidget(QPointF(seen.left(), seen.center().y()));
        QCOMPARE(shown(w.get(), QPoint(qRound(edge.x()) - 1, int(edge.y()))),
                 QColor(0x00, 0x8c, 0xd6));
        QVERIFY(shown(w.get(), QPoint(qRound(edge.x()) + 1, int(edge.y()))) !=
                QColor(0x00, 0x8c, 0xd6));
    }

    void withTheWholeMapInViewItsEdgeTilesStayVisible() {
        // A new level's floor is its bottom row; the view shows the whole map,
        // so the outline is the map's edge: it must not cover the floor.
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, QString()); // a new level
        QVERIFY(w);
        MinimapWidget* m = minimap(w.get());
        const ts::level::Level& level = w->document()->level();
        QVERIFY(level.tile(0, level.height - 1) == ts::Tile::Solid);
        QVERIFY(m->visibleTiles().contains(QRectF(0, 0, level.width, level.height)));
        const QRectF area = m->mapArea();
        QVERIFY(area.height() / level.height >= 2); // the floor is 2 px or more
        const int y = int(area.bottom()) - 1;       // the floor's last pixel row
        for (const qreal x : {area.left() + 1, area.center().x(), area.right() - 2})
            QCOMPARE(shown(w.get(), QPoint(int(x), y)), ts::render::palette::solid);
    }

    void aClickOrADragMovesTheView() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        zoomIn(w.get());
        // Closer still, until the map is higher than the view (it scrolls both ways).
        for (int i = 0; i < 10 && w->view()->verticalScrollBar()->maximum() <=
                                      w->view()->verticalScrollBar()->minimum();
             ++i)
            QTest::keyClick(viewport(w.get()), Qt::Key_Plus, Qt::ControlModifier);
        MinimapWidget* m = minimap(w.get());
        QTest::mouseClick(m, Qt::LeftButton, {}, m->tileToWidget({45, 10}).toPoint());
        QVERIFY2((viewCentreInTiles(w.get()) - QPointF(45, 10)).manhattanLength() < 1.0,
                 qPrintable(QStringLiteral("view centre %1, %2")
                                .arg(viewCentreInTiles(w.get()).x())
                                .arg(viewCentreInTiles(w.get()).y())));
        // The keyboard stays in the map: B still picks the brush there.
        QVERIFY(w->view()->hasFocus());
        // A drag: the view follows the mouse while the button is held.
        QTest::mousePress(m, Qt::LeftButton, {}, m->tileToWidget({20, 10}).toPoint());
        QVERIFY((viewCentreInTiles(w.get()) - QPointF(20, 10)).manhattanLength() < 1.0);
        QTest::mouseMove(m, m->tileToWidget({30, 12}).toPoint());
        QVERIFY((viewCentreInTiles(w.get()) - QPointF(30, 12)).manhattanLength() < 1.0);
        QTest::mouseRelease(m, Qt::LeftButton, {}, m->tileToWidget({30, 12}).toPoint());
        // Without the button, the mouse only passes over.
        QTest::mouseMove(m, m->tileToWidget({40, 8}).toPoint());
        QVERIFY((viewCentreInTiles(w.get()) - QPointF(30, 12)).manhattanLength() < 1.0);
    }
};

QTEST_MAIN(TestMinimap)
#include "test_minimap.moc"
