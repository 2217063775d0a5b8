// The map view through the main window's viewport and dialogs, with real key and
// mouse events:
// - a resize of the map (Level Properties, its undo and redo, a new tile size)
//   keeps the content that was in the middle of the view there, wherever the
//   resize's anchor moved it;
// - where a scroll bar comes or goes with the resize, the content stays on the
//   same pixel of the window;
// - scroll bars show only when the map does not fit the view (zoomed in, fitted,
//   a tall map at 100 %).
#include "mainwindow_testutil.h"
#include "tilesmith/editor/newleveldialog.h"
#include "widgets/levelpropertiesdialog.h"

#include <QApplication>
#include <QScrollBar>

class TestMapView : public MainWindowTest {
    Q_OBJECT

    /// The scene point in the middle of the viewport.
    static QPointF viewCentre(MainWindow* w) {
        EditorView* view = w->view();
        return view->mapToScene(view->viewport()->rect()).boundingRect().center();
    }
    /// Edit > Level Properties, typing `width` x `height` (and a tile size when
    /// non-zero) with anchor `anchor`, then OK.
    static void levelProperties(MainWindow* w, int width, int height, ResizeAnchor anchor,
                                int tileSize = 0) {
        QTimer::singleShot(0, [=] {
            auto* d = qobject_cast<LevelPropertiesDialog*>(QApplication::activeModalWidget());
            QVERIFY(d);
            const auto type = [](QSpinBox* box, int value) {
                box->setFocus();
                box->selectAll();
                QTest::keyClicks(box, QString::number(value));
            };
            type(d->widthBox(), width);
            type(d->heightBox(), height);
            if (tileSize)
                type(d->tileSizeBox(), tileSize);
            d->setAnchor(anchor);
            QTest::keyClick(d, Qt::Key_Return);
        });
        w->action(QStringLiteral("actionLevelProperties"))->trigger();
        // The keyboard goes back to the window, as when a designer closes a dialog.
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w));
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void resizeKeepsTheContentInTheMiddleOfTheView() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        EditorView* view = w->view();
        // 200 %: the 60 x 20 tutorial is wider than the view.
        while (view->zoom() < 2.0)
            QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+=")));
        QCOMPARE(view->zoom(), 2.0);
        // Scroll a little off the middle, as a designer looking at something does.
        view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->value() + 100);
        const QPointF before = viewCentre(w.get());
        QVERIFY(w->scene()->mapRect().contains(before));
        const QPoint middle = viewport(w.get())->rect().center();
        QTest::mouseMove(viewport(w.get()), middle);
        const QPoint tile = w->scene()->tileAt(view->mapToScene(middle));
        QVERIFY2(w->findChild<QLabel*>(QStringLiteral("tileStatus"))
                     ->text()
                     .startsWith(QStringLiteral("%1, %2 ").arg(tile.x()).arg(tile.y())),
                 qPrintable(w->findChild<QLabel*>(QStringLiteral("tileStatus"))->text()));

        // Grown about the centre: the content moves 20 tiles right and 10 down,
        // and the view with it (a scroll bar came; the middle stays the middle).
        levelProperties(w.get(), 100, 40, ResizeAnchor::Center);
        QCOMPARE(w->document()->level().width, 100);
        const QPointF shift(20 * 16, 10 * 16);
        const auto near = [](QPointF a, QPointF b) {
            return std::abs(a.x() - b.x()) <= 1 && std::abs(a.y() - b.y()) <= 1;
        };
        QVERIFY2(near(viewCentre(w.get()), before + shift),
                 qPrintable(QStringLiteral("centre %1, %2; expected %3, %4")
                                .arg(viewCentre(w.get()).x())
                                .arg(viewCentre(w.get()).y())
                                .arg((before + shift).x())
                                .arg((before + shift).y())));
        // The middle of the view names the same content's tile (the dialog took
        // the mouse away: it comes back).
        QTest::mouseMove(viewport(w.get()), middle + QPoint(40, 40));
        QTest::mouseMove(viewport(w.get()), middle);
        QVERIFY2(w->findChild<QLabel*>(QStringLiteral("tileStatus"))
                     ->text()
                     .startsWith(QStringLiteral("%1, %2 ").arg(tile.x() + 20).arg(tile.y() + 10)),
                 qPrintable(w->findChild<QLabel*>(QStringLiteral("tileStatus"))->text()));

        // Undo and redo follow the content back and forth.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->document()->level().width, 60);
        QVERIFY(near(viewCentre(w.get()), before));
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w->document()->level().width, 100);
        QVERIFY(near(viewCentre(w.get()), before + shift));

        // A new tile size: the same tiles stay in the middle, twice as large.
        const QPointF inTiles = viewCentre(w.get()) / 16;
        levelProperties(w.get(), 100, 40, ResizeAnchor::TopLeft, 32);
        QCOMPARE(w->document()->level().tileSize, 32);
        QVERIFY(near(viewCentre(w.get()), inTiles * 32));
    }

    void resizeKeepsTheContentOnTheSamePixel() {
        // Where a scroll bar comes or goes with the resize, the viewport changes size:
        // the content stays on the same pixel of the window, not at the new middle
        // (which is half a bar away).
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a, QSize(1100, 900));
        QVERIFY(w);
        EditorView* view = w->view();
        while (view->zoom() < 2.0)
            QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+=")));
        // 200 %: wider than the view (a bar across), not higher (none down).
        QVERIFY(view->horizontalScrollBar()->isVisible());
        QVERIFY(!view->verticalScrollBar()->isVisible());
        view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->value() + 100);
        // The tile in the middle of the view, and the window pixel its centre is on.
        const QPoint tile =
            w->scene()->tileAt(view->mapToScene(viewport(w.get())->rect().center()));
        const auto pixelOf = [&](QPoint t) {
            return viewport(w.get())->mapTo(w.get(), view->mapFromScene(w->scene()->tileCenter(t)));
        };
        const QPoint before = pixelOf(tile);
        const auto samePixel = [&](QPoint t, QPoint expected) {
            const QPoint now = pixelOf(t);
            return QStringLiteral("tile %1, %2 at %3, %4; expected %5, %6")
                .arg(t.x())
                .arg(t.y())
                .arg(now.x())
                .arg(now.y())
                .arg(expected.x())
                .arg(expected.y());
        };

        // Grown about the centre, higher than the view: a bar down the side comes, and the
        // content (20 tiles right and 10 down in the map) stays on its pixel.
        levelProperties(w.get(), 100, 40, ResizeAnchor::Center);
        QCOMPARE(w->document()->level().width, 100);
        QVERIFY(view->verticalScrollBar()->isVisible());
        const QPoint moved = tile + QPoint(20, 10);
        QVERIFY2(pixelOf(moved) == before, qPrintable(samePixel(moved, before)));

        // Undone: the bar goes, the map fits the view's height again (so it is centred
        // down it) and the content stays on its pixel across.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->document()->level().width, 60);
        QVERIFY(!view->verticalScrollBar()->isVisible());
        QVERIFY2(pixelOf(tile).x() == before.x(), qPrintable(samePixel(tile, before)));
        // Redone: the bar comes again, and the content stays where the undo left it.
        const QPoint undone = pixelOf(tile);
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(view->verticalScrollBar()->isVisible());
        QVERIFY2(pixelOf(moved) == undone, qPrintable(samePixel(moved, undone)));
    }

    void scrollBarsShowOnlyWhenTheMapDoesNotFit() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        EditorView* view = w->view();
        QScrollBar* h = view->horizontalScrollBar();
        QScrollBar* v = view->verticalScrollBar();
        // The view shows or hides its bars once queued events ran.
        const auto settle = [] {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
        };
        settle();
        // Opened: the whole map shows, with no scroll bar.
        QVERIFY(view->mapToScene(view->viewport()->rect())
                    .boundingRect()
                    .contains(w->scene()->mapRect()));
        QVERIFY(!h->isVisible());
        QVERIFY(!v->isVisible());
        // Zoomed in until it is wider than the view: a horizontal bar, which
        // scrolls past the map's left edge.
        while (view->mapFromScene(w->scene()->mapRect()).boundingRect().width() <=
               view->viewport()->width())
            QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+=")));
        settle();
        QVERIFY(h->isVisible());
        h->setValue(h->minimum());
        QVERIFY(view->mapFromScene(QPointF(0, 0)).x() > 0);
        // Fit again (Ctrl+9): no bar.
        QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+9")));
        settle();
        QVERIFY(!h->isVisible());
        QVERIFY(!v->isVisible());
        // A map taller than the view at 100 %, but not wider: only the vertical bar.
        NewLevelDialog::Settings tall;
        tall.width = 20;
        tall.height = 200;
        prompts->newSettings = tall;
        QTest::keyClick(viewport(w.get()), Qt::Key_N, Qt::ControlModifier);
        QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+0")));
        QCOMPARE(view->zoom(), 1.0);
        settle();
        QVERIFY(v->isVisible());
        QVERIFY(!h->isVisible());
    }
};

QTEST_MAIN(TestMapView)
#include "test_mapview.moc"
