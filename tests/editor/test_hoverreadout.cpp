// The status bar's hovered-tile readout ("x, y — kind — spawn") through the
// main window's viewport, with real key and mouse events:
// - after a zoom by keyboard it names the tile now under the mouse (and where
//   Paste puts its copy follows);
// - it names the spawn under the mouse, as the Properties dock names it, and
//   follows it when it changes or goes.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/spawnitem.h"
#include "widgets/propertiesdock.h"
#include "widgets/uitext.h"

#include <QComboBox>

class TestHoverReadout : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void hoverReadoutFollowsAKeyboardZoom() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        EditorView* view = w->view();
        // "x, y — kind" of the tile under viewport point `at`.
        const auto readoutAt = [&w, view](QPoint at) {
            const QPoint t = w->scene()->tileAt(view->mapToScene(at));
            return QStringLiteral("%1, %2 \u2014 %3")
                .arg(t.x())
                .arg(t.y())
                .arg(tileKindLabel(w->document()->level().tile(t.x(), t.y())));
        };
        // A point left of and above the middle, over the map: zooms about the
        // middle move the map under it.
        const QRectF map = view->mapFromScene(w->scene()->mapRect()).boundingRect();
        const QPoint at = (map.topLeft() * 2 + map.center()).toPoint() / 3;
        QTest::mouseMove(viewport(w.get()), at);
        QCOMPARE(w->findChild<QLabel*>(QStringLiteral("tileStatus"))->text(), readoutAt(at));
        // Actual size, zoom in, zoom out.
        for (const QKeySequence& keys :
             {QKeySequence(QStringLiteral("Ctrl+0")), QKeySequence(QStringLiteral("Ctrl+=")),
              QKeySequence(QStringLiteral("Ctrl+-"))}) {
            const QString before = w->findChild<QLabel*>(QStringLiteral("tileStatus"))->text();
            const qreal zoom = view->zoom();
            QTest::keySequence(viewport(w.get()), keys);
            QVERIFY(view->zoom() != zoom);
            QVERIFY2(readoutAt(at) != before, "the zoom left the same tile under the mouse");
            QCOMPARE(w->findChild<QLabel*>(QStringLiteral("tileStatus"))->text(), readoutAt(at));
        }
        // Where Paste puts its copy follows too (the scene's hover).
        QCOMPARE(w->scene()->hoverTile(), w->scene()->tileAt(view->mapToScene(at)));
    }

    void hoverReadoutNamesTheSpawnUnderTheMouse() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        EditorView* view = w->view();
        // The viewport point of scene point `p`, scrolled into view.
        const auto at = [view](QPointF p) {
            view->ensureVisible(QRectF(p - QPointF(8, 8), QSizeF(16, 16)));
            return view->mapFromScene(p);
        };
        const auto readout = [&w] {
            return w->findChild<QLabel*>(QStringLiteral("tileStatus"))->text();
        };
        const QString dash = QStringLiteral(" \u2014 ");

        // The box #4 on tile (17, 16).
        SpawnItem* box = w->scene()->spawnItem(4);
        QVERIFY(box);
        QTest::mouseMove(viewport(w.get()), at(box->spawnSceneRect().center()));
        QCOMPARE(readout(), QStringLiteral("17, 16") + dash + QStringLiteral("empty") + dash +
                                QStringLiteral("Box #4"));
        // The properties dock names it the same way once it is selected.
        QTest::keyClick(viewport(w.get()), Qt::Key_P);
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {},
                          at(box->spawnSceneRect().center()));
        QCOMPARE(w->findChild<ts::editor::PropertiesDock*>()->currentSpawnId(), 4);
        bool dockSays = false;
        for (QLabel* label : w->findChild<ts::editor::PropertiesDock*>()->findChildren<QLabel*>())
            dockSays = dockSays || label->text() == QStringLiteral("Box #4");
        QVERIFY(dockSays);

        // An empty tile: the tile alone.
        QTest::mouseMove(viewport(w.get()), at(w->scene()->tileCenter({12, 8})));
        QCOMPARE(readout(), QStringLiteral("12, 8") + dash + QStringLiteral("empty"));

        // The player's head is in the tile above the one it stands on: the
        // readout names the tile under the mouse and the player there.
        SpawnItem* player = w->scene()->spawnItem(1);
        QVERIFY(player);
        const QPointF head = player->spawnSceneRect().center() -
                             QPointF(0, player->spawnSceneRect().height() / 2 - 2);
        QTest::mouseMove(viewport(w.get()), at(head));
        const QPoint headTile = w->scene()->tileAt(head);
        QCOMPARE(headTile, QPoint(3, 15));
        QCOMPARE(readout(), QStringLiteral("3, 15") + dash + QStringLiteral("empty") + dash +
                                QStringLiteral("Player #1"));

        // Back over the box, which the dock turns into a ball: the still mouse's
        // readout follows; Del takes it away, and its name with it.
        QTest::mouseMove(viewport(w.get()), at(box->spawnSceneRect().center()));
        QComboBox* kind = w->findChild<ts::editor::PropertiesDock*>()->kindBox();
        kind->setCurrentIndex(kind->findData(int(ts::level::SpawnKind::Ball)));
        QCOMPARE(w->document()->level().findSpawn(4)->kind, ts::level::SpawnKind::Ball);
        QCOMPARE(readout(), QStringLiteral("17, 16") + dash + QStringLiteral("empty") + dash +
                                QStringLiteral("Ball #4"));
        view->setFocus();
        QTest::keyClick(viewport(w.get()), Qt::Key_Delete);
        QVERIFY(!w->document()->level().findSpawn(4));
        QCOMPARE(readout(), QStringLiteral("17, 16") + dash + QStringLiteral("empty"));
        // Undo brings it back under the mouse.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(readout(), QStringLiteral("17, 16") + dash + QStringLiteral("empty") + dash +
                                QStringLiteral("Ball #4"));
    }
};

QTEST_MAIN(TestHoverReadout)
#include "test_hoverreadout.moc"
