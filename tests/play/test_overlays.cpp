// Play mode's overlays through the real view (issue 9, item 6) and the drawing
// between fixed steps: overlap arrows along the minimum-translation axis from
// the contact point, the legend, partition cells beneath the tiles and tinted
// only on the map, cell counts clear of the HUD, a HUD that stays live while
// paused, and bodies drawn between their last two states so a 16 ms frame
// against a 1/60 s step is smooth.
#include "overlays_testutil.h"

using namespace overlaytest;

class TestOverlays : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sideBySideArrowIsHorizontalAtTrueLength();
    void stackArrowPointsUpFromContact();
    void passThroughPairsHaveNoArrow();
    void arrowsReadableAtAnyZoom_data();
    void arrowsReadableAtAnyZoom();
    void sensorLinesTwoPixelsAtAnyZoom_data();
    void sensorLinesTwoPixelsAtAnyZoom();
    void legendExplainsEveryOverlay();
    void legendKeepsClearOfTheBodies();
    void legendNeverWaitsOverThePlayer();
    void cellsBeneathTiles();
    void cellsStopAtTheMapsEdge();
    void hudKeepsCellCountsVisible();
    void hudLiveWhilePaused();
    void hudFrameAndFpsAgree();
    void drawingInterpolatesBetweenSteps();
};

void TestOverlays::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TilesmithTests"));
    QCoreApplication::setApplicationName(QStringLiteral("test_play_overlays"));
}

void TestOverlays::sideBySideArrowIsHorizontalAtTrueLength() {
    // Two 24 x 12 boxes standing on the floor one tile apart: 8 px of sideways
    // overlap, 12 px of vertical. The push that separates them is 8 px sideways.
    Level lv = room();
    lv.spawns.push_back(box(2, 8, 10, 24, 12));
    lv.spawns.push_back(box(3, 9, 10, 24, 12));
    Harness h(lv);
    h.play.setOverlays(ts::play::OverlayOverlaps);
    h.play.stepOnce();
    const auto arrows = h.play.overlayItem()->overlapArrows();
    QCOMPARE(arrows.size(), std::size_t(1)); // one per pair, not one per body
    const auto& a = arrows[0];
    QCOMPARE(a.from.y(), a.to.y());
    QCOMPARE(std::abs(a.to.x() - a.from.x()), 8.0);
    QCOMPARE(a.depth, 8.0);
    // From the contact point: the middle of the boxes' intersection
    // (x 140..148 of 8.5 * 16 +- 12 and 9.5 * 16 +- 12; y the boxes' middle).
    QCOMPARE(a.from.x(), 144.0);
    QCOMPARE(a.from.y(), 11 * 16.0 - 6.0);
}

void TestOverlays::stackArrowPointsUpFromContact() {
    // A box sunk 3 px into the one below it.
    Level lv = room();
    lv.spawns.push_back(box(2, 10, 10, 16, 16));
    Harness h(lv);
    h.play.setOverlays(ts::play::OverlayOverlaps);
    h.play.stepOnce();
    ts::World& w = h.play.session()->world();
    const ts::BodyId lower = w.bodies().back();
    ts::BodyDef d;
    d.halfSize = {8, 8};
    d.position = w.aabb(lower).center + ts::Vec2{2, 13}; // 3 px deep, 2 px to the right
    d.gravity = false;
    w.add(d);
    h.play.stepOnce();
    const auto arrows = h.play.overlayItem()->overlapArrows();
    QVERIFY(!arrows.empty());
    const auto& a = arrows.back();
    QCOMPARE(a.from.x(), a.to.x());
    QVERIFY2(a.to.y() < a.from.y(), "the arrow points up (scene y grows down)");
    QVERIFY2(std::abs(a.depth - 3.0) < 0.75, qPrintable(QString::number(a.depth)));
    QCOMPARE(a.from.y() - a.to.y(), a.depth);
}

void TestOverlays::passThroughPairsHaveNoArrow() {
    // Two NPCs on the same spot: characters do not collide with each other, so
    // they overlap without a push, and no arrow claims one.
    Level lv = room();
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 2, 8, 10));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 3, 8, 10));
    Harness h(lv);
    h.play.setOverlays(ts::play::OverlayOverlaps);
    h.play.stepOnce();
    const ts::World& w = h.play.session()->world();
    QCOMPARE(w.debug().pairs.size(), std::size_t(1));
    QVERIFY(!w.debug().pairs[0].collides);
    QVERIFY(h.play.overlayItem()->overlapArrows().empty());
    // A box sunk into one of them is pushed, and gets its arrow.
    lv.spawns.push_back(box(4, 8, 10, 16, 16));
    Harness h2(lv);
    h2.play.setOverlays(ts::play::OverlayOverlaps);
    h2.play.stepOnce();
    const auto arrows = h2.play.overlayItem()->overlapArrows();
    int colliding = 0;
    for (const ts::PairDebug& p : h2.play.session()->world().debug().pairs)
        colliding += p.collides && p.penetration > 0 ? 1 : 0;
    QVERIFY(colliding > 0);
    QCOMPARE(arrows.size(), std::size_t(colliding));
}

void TestOverlays::arrowsReadableAtAnyZoom_data() {
    QTest::addColumn<double>("zoom");
    QTest::newRow("25 %") << 0.25;
    QTest::newRow("100 %") << 1.0;
    QTest::newRow("800 %") << 8.0;
}

void TestOverlays::arrowsReadableAtAnyZoom() {
    QFETCH(double, zoom);
    Level lv = room();
    lv.spawns.push_back(box(2, 8, 10, 24, 12));
    lv.spawns.push_back(box(3, 9, 10, 24, 12));
    Harness h(lv);
    QVERIFY(QTest::qWaitForWindowExposed(&h.view));
    h.play.followAction()->setChecked(false);
    h.play.setOverlays(ts::play::OverlayOverlaps);
    h.play.stepOnce();
    const auto arrows = h.play.overlayItem()->overlapArrows();
    QCOMPARE(arrows.size(), std::size_t(1));
    h.view.setZoom(zoom);
    h.view.centerOn(arrows[0].from);
    const QImage on = h.grab();
    // The arrow's head: at the tip at true length, or 7 px from the contact
    // point when that is shorter (the shaft never shrinks below a head).
    const QPoint from = h.toView(arrows[0].from);
    const QPoint tip = h.toView(arrows[0].to);
    const int len = std::max(7, std::abs(tip.x() - from.x()));
    const QPoint head(from.x() + (tip.x() >= from.x() ? len : -len), from.y());
    QVERIFY2(overlapPixelsNear(on, from, 3) > 0, "contact dot");
    QVERIFY2(overlapPixelsNear(on, head, 3) > 0, "arrow head");
    h.play.setOverlays(0);
    const QImage off = h.grab();
    QCOMPARE(overlapPixelsNear(off, from, 3), 0);
    QCOMPARE(overlapPixelsNear(off, head, 3), 0);
}

void TestOverlays::sensorLinesTwoPixelsAtAnyZoom_data() {
    QTest::addColumn<double>("zoom");
    QTest::newRow("25 %") << 0.25;
    QTest::newRow("100 %") << 1.0;
    QTest::newRow("400 %") << 4.0;
}

void TestOverlays::sensorLinesTwoPixelsAtAnyZoom() {
    // A wide player falling through a tall room (its sensors long enough to measure at
    // 25 %): they are tested at the final placement and swept between the old and new
    // position. Every line, final or swept, is kLinePx screen pixels thick at any zoom.
    QFETCH(double, zoom);
    Level lv = room(24, 40);
    lv.spawns.front().y = 2;
    lv.spawns.front().width = 48;
    Harness h(lv);
    QVERIFY(QTest::qWaitForWindowExposed(&h.view));
    h.play.followAction()->setChecked(false);
    h.play.setOverlays(ts::play::OverlaySensors);
    const auto sweptSegments = [&] {
        int n = 0;
        for (const ts::SensorSegment& seg : h.play.session()->world().debug().sensors)
            n += seg.swept;
        return n;
    };
    h.play.stepOnce();
    for (int i = 0; i < 200 && sweptSegments() == 0; ++i)
        h.play.stepOnce();
    QVERIFY(sweptSegments() > 0);
    const std::vector<ts::SensorSegment> segments = h.play.session()->world().debug().sensors;
    ts::play::PlaySession* session = h.play.session();
    h.view.setZoom(zoom);
    h.view.centerOn(session->toScene(segments.front().a));
    const QImage on = h.grab();
    h.play.setOverlays(0);
    const QImage off = h.grab();
    int measured[2] = {0, 0};
    int thinnest[2] = {INT_MAX, INT_MAX};
    for (const ts::SensorSegment& seg : segments) {
        const QPointF a = session->toScene(seg.a), b = session->toScene(seg.b);
        const bool horizontal = a.y() == b.y();
        if (!horizontal && a.x() != b.x())
            continue;
        if (QLineF(h.toView(a), h.toView(b)).length() < 4)
            continue; // too short to measure across its middle
        const QPoint mid = h.toView((a + b) / 2);
        if (!h.view.viewport()->rect().adjusted(4, 4, -4, -4).contains(mid))
            continue;
        const int t = thicknessAt(on, off, mid, horizontal);
        ++measured[seg.swept];
        thinnest[seg.swept] = std::min(thinnest[seg.swept], t);
    }
    const int px = int(ts::play::style::kLinePx);
    QVERIFY2(
        measured[0] > 0 && measured[1] > 0,
        qPrintable(QString("%1 final, %2 swept lines measured").arg(measured[0]).arg(measured[1])));
    // None thinner; from 100 % up the lines stand apart and none is thicker either
    // (at 25 % a swept line may touch the final one).
    for (const int swept : {0, 1}) {
        const QString what =
            QString(swept ? "swept lines %1 px" : "final lines %1 px").arg(thinnest[swept]);
        QVERIFY2(thinnest[swept] >= px, qPrintable(what));
        if (zoom >= 1.0)
            QVERIFY2(thinnest[swept] == px, qPrintable(what));
    }
}

void TestOverlays::legendExplainsEveryOverlay() {
    ts::editor::MainWindow window;
    PlayController play;
    window.addExtension(&play);
    play.setPersistOverlays(false);
    QAction* legend = play.overlayAction(ts::play::OverlayLegend);
    QVERIFY(legend);
    QVERIFY(window.findChild<QMenu*>(QStringLiteral("overlaysMenu"))->actions().contains(legend));
    QVERIFY(window.findChild<QMenu*>(QStringLiteral("overlaysMenu"))->toolTipsVisible());
    for (QAction* a : play.overlayActions())
        QVERIFY2(a->toolTip().size() > 20, qPrintable(a->text()));
    QVERIFY(showTutorialWithOverlays(window, play));
    play.stepOnce();
    QVERIFY(play.legend());
    QVERIFY(play.legend()->isVisible());
    const QString text = play.legend()->texts().join(QLatin1Char('\n'));
    for (const char* word : {"partition cell", "sensor", "hit", "swept", "overlap", "contact point",
                             "ground", "one-way", "ceiling", "wall", "translucent"})
        QVERIFY2(text.contains(QLatin1String(word)), word);
    // It is drawn: the view's pixels under the panel change when it is hidden.
    const QRect area = play.legend()->geometry();
    QVERIFY(window.view()->viewport()->geometry().contains(area));
    const QImage with = window.view()->grab(area).toImage();
    legend->setChecked(false);
    QVERIFY(!play.legend()->isVisible());
    const QImage without = window.view()->grab(area).toImage();
    QVERIFY(with != without);
    play.stop();
}

// The legend takes the view corner that hides no body (the player above all),
// and stays put while nothing changes.
void TestOverlays::legendKeepsClearOfTheBodies() {
    using Corner = ts::play::PlayLegend::Corner;
    Level lv = room(24, 12);
    lv.spawns[0].x = 20; // the player on the right
    for (int x = 2; x <= 7; ++x)
        lv.spawns.push_back(box(10 + x, x, 10, 14, 14)); // a row of boxes on the left
    Harness h(lv);
    QVERIFY(QTest::qWaitForWindowExposed(&h.view));
    h.play.followAction()->setChecked(false);
    h.play.setOverlays(ts::play::OverlayAll & ~ts::play::OverlayHud); // every row listed
    h.play.stepOnce();
    ts::play::PlayLegend* legend = h.play.legend();
    QVERIFY(legend && legend->isVisible());
    const QRect vp = h.view.viewport()->geometry();
    const ts::World& w = h.play.session()->world();
    const auto viewRect = [&](ts::BodyId id) {
        const QRectF scene = h.play.session()->sceneRect(w.aabb(id));
        return h.view.mapFromScene(scene).boundingRect().translated(vp.topLeft());
    };
    // The bottom-left corner would cover the boxes: the legend is elsewhere.
    QVERIFY(legend->rectIn(vp, Corner::BottomLeft).intersects(viewRect(w.bodies().back())));
    QVERIFY(legend->corner() != Corner::BottomLeft);
    for (const ts::BodyId id : w.bodies())
        QVERIFY2(!legend->geometry().intersects(viewRect(id)),
                 qPrintable(QStringLiteral("body %1 is under the legend").arg(id.index)));
    const QRect placed = legend->geometry();
    for (int i = 0; i < 2 * ts::play::PlayLegend::kSettleFrames; ++i)
        h.play.stepOnce();
    QCOMPARE(legend->geometry(), placed);
    // An empty room: the legend sits in its usual bottom-left corner.
    Level empty = room(24, 12);
    empty.spawns[0].x = 20;
    Harness h2(empty);
    QVERIFY(QTest::qWaitForWindowExposed(&h2.view));
    h2.play.followAction()->setChecked(false);
    h2.play.setOverlays(ts::play::OverlayAll & ~ts::play::OverlayHud);
    h2.play.stepOnce();
    QCOMPARE(h2.play.legend()->corner(), Corner::BottomLeft);
}

// The tutorial at 200 %, the camera following the player into the map's
// bottom-left corner: the legend used to cover the player and the first NPC until
// another corner had been better for kSettleFrames frames (a third of a second and
// more), and while paused it stayed where a zoom or a scroll had put the player under
// it. No frame shows the player under it now, nor does expanding it there.
void TestOverlays::legendNeverWaitsOverThePlayer() {
    ts::editor::MainWindow window;
    PlayController play;
    window.addExtension(&play);
    play.setPersistOverlays(false);
    QVERIFY(showTutorialWithOverlays(window, play));
    play.followAction()->setChecked(true);
    ts::editor::EditorView* view = window.view();
    const auto playerRect = [&] {
        ts::play::PlaySession* session = play.session();
        const QRect vp = view->viewport()->geometry();
        const QRectF scene = session->sceneRect(session->drawnAabb(session->player()));
        return view->mapFromScene(scene).boundingRect().translated(vp.topLeft());
    };
    const auto playerUnder = [&] {
        return play.legend()->isVisible() && play.legend()->geometry().intersects(playerRect());
    };
    int frames = 0;
    int covered = 0;
    connect(&play, &PlayController::frameAdvanced, &window, [&] {
        ++frames;
        covered += playerUnder();
    });
    play.play();
    QTRY_VERIFY(frames >= 5 && play.legend()->isVisible());
    // At 1000 x 700 no corner holds the expanded legend clear of the HUD and the bodies:
    // it starts collapsed, in the bottom-left corner. Expanded there, as the user may,
    // it would cover the player's head: it takes another corner at once.
    QVERIFY(play.legend()->isCollapsed());
    QCOMPARE(play.legend()->corner(), ts::play::PlayLegend::Corner::BottomLeft);
    play.collapseLegendAction()->trigger();
    QVERIFY(!play.legend()->isCollapsed());
    QVERIFY(play.legend()
                ->rectIn(view->viewport()->geometry(), ts::play::PlayLegend::Corner::BottomLeft)
                .intersects(playerRect()));
    QVERIFY(play.legend()->corner() != ts::play::PlayLegend::Corner::BottomLeft);
    QVERIFY(!playerUnder());
    // Zoomed in: the camera follows the player to the view's bottom-left corner.
    view->setZoom(2.0);
    const int zoomedAt = frames;
    QTRY_VERIFY(frames >= zoomedAt + 2 * ts::play::PlayLegend::kSettleFrames);
    QCOMPARE(covered, 0);
    QVERIFY(play.legend()->corner() != ts::play::PlayLegend::Corner::BottomLeft);

    // Paused: a scroll that brings the player under the legend moves it, no frame needed.
    play.pause();
    QVERIFY(play.isPaused());
    const QRect legendRect = play.legend()->geometry();
    const QPointF player = play.session()->playerScenePos();
    const QPoint playerInView = view->mapFromScene(player);
    const QPoint legendCentre = legendRect.center() - view->viewport()->geometry().topLeft();
    const QPointF centre = view->mapToScene(view->viewport()->rect().center());
    view->centerOn(centre + (view->mapToScene(playerInView) - view->mapToScene(legendCentre)));
    const int pausedFrames = frames;
    QVERIFY(view->viewport()->rect().contains(view->mapFromScene(player)));
    QVERIFY2(!playerUnder(), "the paused legend covers the player after a scroll");
    QCOMPARE(frames, pausedFrames);
    play.stop();
}

void TestOverlays::cellsBeneathTiles() {
    // A box resting on a one-way platform: its partition cell holds the platform.
    Level lv = room(24, 12, 4);
    for (int x = 5; x <= 10; ++x)
        lv.setTile(x, 7, ts::Tile::OneWay);
    lv.spawns.push_back(box(2, 8, 6, 12, 12));
    Harness h(lv);
    QVERIFY(QTest::qWaitForWindowExposed(&h.view));
    h.play.followAction()->setChecked(false);
    h.view.setZoom(2.0);
    h.view.centerOn(QPointF(8.5 * 16, 7 * 16));
    h.play.setOverlays(ts::play::OverlayCells);
    h.play.runSteps(5);
    const QImage on = h.grab();
    h.play.setOverlays(0);
    const QImage off = h.grab();
    // Tile (9, 7): in the box's cell (cells of 4 tiles: x 8..11, rows 4..7).
    // Its one-way band (top quarter) keeps its colour; the empty part below is tinted.
    const QPoint band = h.toView(QPointF(9.5 * 16, 7 * 16 + 2));
    const QPoint below = h.toView(QPointF(9.5 * 16, 7 * 16 + 12));
    QCOMPARE(on.pixel(band), off.pixel(band));
    QVERIFY(on.pixel(below) != off.pixel(below));
}

void TestOverlays::cellsStopAtTheMapsEdge() {
    // 22 x 10 tiles in cells of 4: the last column of cells and the top row reach
    // 2 tiles past the map. A box in the bottom-right cell and one in the top row.
    Level lv = room(22, 10, 4);
    lv.spawns.push_back(box(2, 20, 8, 12, 12));
    lv.spawns.push_back(box(3, 5, 0, 12, 12));
    Harness h(lv);
    QVERIFY(QTest::qWaitForWindowExposed(&h.view));
    h.play.followAction()->setChecked(false);
    h.view.setZoom(2.0);
    h.view.centerOn(QPointF(11 * 16, 4 * 16));
    h.play.setOverlays(ts::play::OverlayCells);
    h.play.runSteps(5);
    const ts::DebugData& dbg = h.play.session()->world().debug();
    QCOMPARE(dbg.gridWidth * dbg.cellSize, 24 * 16.0f); // the cell data is the partition's
    QCOMPARE(dbg.gridHeight * dbg.cellSize, 12 * 16.0f);
    const QImage on = h.grab();
    const QRectF map(0, 0, 22 * 16, 10 * 16);
    QCOMPARE(h.play.session()->mapSceneRect(), map);
    // The counts go where the tint is.
    const QTransform xf = h.view.viewportTransform();
    const auto labels = h.play.overlayItem()->cellLabels(xf, QRectF(h.view.viewport()->rect()));
    QCOMPARE(int(labels.size()), 3); // the player's cell and the boxes'
    const QRectF mapInView = xf.mapRect(map);
    for (const auto& l : labels)
        QVERIFY2(mapInView.contains(l.box), "a count past the map's edge");
    // Each count sits on its dark badge, so it reads on the light tint of open
    // space (the top-row box's cell) as on a wall: most of its box is dark.
    for (const auto& l : labels) {
        const QRect box = l.box.toAlignedRect().adjusted(1, 1, -1, -1);
        int dark = 0;
        for (int y = box.top(); y <= box.bottom(); ++y)
            for (int x = box.left(); x <= box.right(); ++x)
                dark += qGray(on.pixel(x, y)) < 100;
        QVERIFY2(dark * 2 > box.width() * box.height(),
                 qPrintable(QStringLiteral("the count %1 has no badge").arg(l.count)));
    }
    h.play.setOverlays(0);
    const QImage off = h.grab();
    // In each cell, empty space on the map is tinted, the part past the edge is not.
    const QPoint rightIn = h.toView(QPointF(20.5 * 16, 6.5 * 16));
    const QPoint rightOut = h.toView(QPointF(22.5 * 16, 6.5 * 16));
    const QPoint topIn = h.toView(QPointF(6.5 * 16, 0.5 * 16));
    const QPoint topOut = h.toView(QPointF(6.5 * 16, -1.0 * 16));
    for (const QPoint& p : {rightIn, rightOut, topIn, topOut})
        QVERIFY(on.rect().contains(p));
    QVERIFY(on.pixel(rightIn) != off.pixel(rightIn));
    QVERIFY(on.pixel(topIn) != off.pixel(topIn));
    QCOMPARE(on.pixel(rightOut), off.pixel(rightOut));
    QCOMPARE(on.pixel(topOut), off.pixel(topOut));
    // Nor do the grid lines run on past the edge: every pixel of the edge cells'
    // parts past the map (2 tiles above it, 2 right of it) is as without overlays,
    // 2 px clear of the map's own border. Vertical lines cross the strip above
    // the map every 4 tiles and a horizontal one the strip on the right.
    const QRect mapInViewPx = mapInView.toAlignedRect();
    const QRect gridInView = xf.mapRect(QRectF(0, -2 * 16, 24 * 16, 12 * 16)).toAlignedRect();
    int compared = 0;
    for (int y = gridInView.top(); y <= gridInView.bottom(); ++y) {
        for (int x = gridInView.left(); x <= gridInView.right(); ++x) {
            const QPoint px(x, y);
            if (!on.rect().contains(px) || mapInViewPx.adjusted(-2, -2, 2, 2).contains(px))
                continue;
            ++compared;
            if (on.pixel(px) != off.pixel(px))
                QFAIL(qPrintable(QStringLiteral("the partition overlay draws at view (%1, %2), "
                                                "past the map's edge")
                                     .arg(x)
                                     .arg(y)));
        }
    }
    QVERIFY(compared > 1000); // the strips are in view
}

void TestOverlays::hudKeepsCellCountsVisible() {
    // A body in the top-left cell, the map larger than the view (so it scrolls,
    // with room past its edges) and its corner just inside: the HUD sits over
    // that cell's corner.
    Level lv = room(48, 24, 4);
    Spawn b = box(2, 1, 1, 12, 12);
    lv.spawns.push_back(b);
    Harness h(lv);
    QVERIFY(QTest::qWaitForWindowExposed(&h.view));
    h.play.followAction()->setChecked(false);
    h.play.setOverlays(ts::play::OverlayCells | ts::play::OverlayHud);
    h.play.stepOnce();
    h.view.setZoom(2.0);
    // The map's top-left a few pixels inside the view.
    const QPointF middle = QRectF(h.view.viewport()->rect()).center();
    h.view.centerOn((middle - QPointF(4, 8)) / 2.0);
    h.play.refresh();
    QVERIFY(h.play.hud()->isVisible());
    const QRect hud = h.play.hud()->geometry().translated(-h.view.viewport()->geometry().topLeft());
    const QTransform xf = h.view.viewportTransform();
    // The set-up holds: the HUD covers the top-left cell's corner.
    QVERIFY2((xf.map(QPointF(0, 0)) - QPointF(4, 8)).manhattanLength() <= 2,
             "the map's top-left is not where the test put it");
    QVERIFY(hud.contains(xf.map(QPointF(2, 2)).toPoint())); // the HUD covers the cell's corner
    const auto labels = h.play.overlayItem()->cellLabels(xf, QRectF(h.view.viewport()->rect()));
    QVERIFY(!labels.empty());
    const QPointF topLeftCell = xf.map(QPointF(0, 0));
    bool topLeftLabelled = false;
    for (const auto& l : labels) {
        QVERIFY2(!l.box.intersects(QRectF(hud)), "a count under the HUD");
        if (std::abs(l.box.left() - topLeftCell.x()) < 4 * 16 * 2 &&
            std::abs(l.box.top() - topLeftCell.y()) < 4 * 16 * 2)
            topLeftLabelled = true;
    }
    QVERIFY2(topLeftLabelled, "the top-left cell keeps its count");
}

void TestOverlays::hudLiveWhilePaused() {
    Harness h(room());
    h.play.setOverlays(ts::play::OverlayHud);
    h.play.play();
    QTRY_VERIFY(h.play.session()->world().stepCount() >= 2);
    h.play.pause();
    const std::uint64_t steps = h.play.session()->world().stepCount();
    QTRY_VERIFY(h.play.hud()->lines().join(QLatin1Char('\n')).contains(QStringLiteral("paused")));
    const QStringList before = h.play.hud()->lines();
    QTRY_VERIFY(h.play.hud()->lines().value(2) != before.value(2)); // frame / FPS line
    QCOMPARE(h.play.session()->world().stepCount(), steps);
    h.play.stop();
}

void TestOverlays::hudFrameAndFpsAgree() {
    // Steady 16 ms frames, then one 50 ms stall: the frame time and the FPS on
    // the HUD's line are the same smoothed measure (1000 / ms), and the stall
    // shows as the last frame's time beside them.
    ts::play::PlaySession session(room());
    for (int i = 0; i < 60; ++i)
        session.noteFrame(0.016);
    session.noteFrame(0.050);
    const ts::play::PlayTimings& t = session.timings();
    QCOMPARE(t.lastFrameMs, 50.0);
    QVERIFY2(t.frameMs > 16.0 && t.frameMs < 25.0, qPrintable(QString::number(t.frameMs)));
    QCOMPARE(t.fps, 1000.0 / t.frameMs);
    session.noteFrame(0.0); // no interval (a clock that did not move): ignored
    QCOMPARE(t.lastFrameMs, 50.0);
    ts::play::PlayHud hud;
    hud.setSession(&session);
    const QString line = hud.lines().value(2);
    QVERIFY2(line.contains(QStringLiteral("%1 ms").arg(t.frameMs, 0, 'f', 1)), qPrintable(line));
    QVERIFY2(line.contains(QStringLiteral("%1 FPS").arg(t.fps, 0, 'f', 0)), qPrintable(line));
    QVERIFY2(line.contains(QStringLiteral("last 50.0 ms")), qPrintable(line));
}

void TestOverlays::drawingInterpolatesBetweenSteps() {
    // A box gliding at 90 px/s with no gravity, frames of 16 ms against a step of
    // 1/60 s: about one frame in 25 runs no step. Drawn positions still advance
    // 1.44 px every frame.
    Level lv = room(60, 12);
    lv.physics.gravity = 0;
    Spawn s = box(2, 3, 4, 12, 12);
    s.vx = 90;
    lv.spawns.push_back(s);
    ts::play::PlaySession session(lv);
    const ts::BodyId id = session.world().bodies().back();
    double lastDrawn = session.drawnAabb(id).center.x;
    double lastRaw = session.world().aabb(id).center.x;
    int framesWithoutStep = 0;
    double worst = 0;
    for (int i = 0; i < 120; ++i) {
        session.advanceFrame(0.016);
        const double drawn = session.drawnAabb(id).center.x;
        const double raw = session.world().aabb(id).center.x;
        QVERIFY(session.alpha() >= 0 && session.alpha() <= 1);
        if (raw == lastRaw)
            ++framesWithoutStep;
        if (i > 1) // before the first step there is nothing to interpolate
            worst = std::max(worst, std::abs((drawn - lastDrawn) - 90 * 0.016));
        lastDrawn = drawn;
        lastRaw = raw;
    }
    QVERIFY2(framesWithoutStep >= 3, "the raw positions judder");
    QVERIFY2(worst < 0.01, qPrintable(QString::number(worst)));
    // Stepping by hand shows the newest state.
    session.step();
    QCOMPARE(session.alpha(), 1.0);
    QCOMPARE(session.drawnAabb(id).center.x, session.world().aabb(id).center.x);
}

QTEST_MAIN(TestOverlays)
#include "test_overlays.moc"
