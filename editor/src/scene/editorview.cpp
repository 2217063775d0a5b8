#include "tilesmith/editor/editorview.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"

#include <QGuiApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <utility>

namespace ts::editor {

const QList<qreal>& EditorView::zoomSteps() {
    // No step more than half again the one before from 25 % up (100 % -> 125 %, not 150 %);
    // below 25 % a map is only overviewed, and halves.
    static const QList<qreal> steps = {
        1.0 / 64.0, 1.0 / 32.0, 1.0 / 16.0, 0.125, 0.25, 1.0 / 3.0, 0.5, 2.0 / 3.0, 0.75, 1.0,
        1.25,       1.5,        2.0,        3.0,   4.0,  6.0,       8.0, 12.0,      16.0};
    return steps;
}

EditorView::EditorView(LevelScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
    setRenderHint(QPainter::Antialiasing, false); // crisp tile edges; spawns turn it on locally
    setViewportUpdateMode(SmartViewportUpdate);
    setOptimizationFlag(DontAdjustForAntialiasing, true);
    setTransformationAnchor(NoAnchor); // setZoom() keeps its own anchor
    setResizeAnchor(AnchorViewCenter);
    setDragMode(NoDrag);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    if (scene) {
        // The map changed size (Level Properties, its undo, another level): it
        // moved under a mouse that did not, so the readout and the tool's hover
        // follow, once the scene has finished with the change.
        connect(scene, &QGraphicsScene::sceneRectChanged, this, [this] {
            fitSceneRect();
            QMetaObject::invokeMethod(this, &EditorView::replayMouse, Qt::QueuedConnection);
        });
        connect(scene, &LevelScene::documentChanged, this, &EditorView::watchDocument);
        watchDocument(scene->document());
    }
    fitSceneRect();
}

void EditorView::watchDocument(LevelDocument* document) {
    for (const auto& c : mDocConnections)
        disconnect(c);
    mDocConnections.clear();
    mKeptCentre.reset();
    mPlacedAt.reset();
    // Another level's spawn of the same id is another spawn.
    if (mHoverSpawn != 0) {
        mHoverSpawn = 0;
        emit hoveredSpawnChanged(0);
    }
    if (!document)
        return;
    mDocConnections << connect(document, &LevelDocument::levelAboutToReset, this,
                               &EditorView::rememberCentre);
    // Connected after the scene's: the scene rect is already the new map's, and
    // the spawns' items stand where their spawns now do.
    mDocConnections << connect(document, &LevelDocument::levelReset, this,
                               &EditorView::keepContentInPlace);
    mDocConnections << connect(document, &LevelDocument::spawnsChanged, this, [this] {
        if (mMousePos)
            updateHover(*mMousePos);
    });
}

void EditorView::rememberCentre(QPoint contentShift) {
    // A designer who grows the map (or undoes it) still sees what they were
    // looking at: the content, which the resize's anchor may have moved, on the
    // same pixel of the view.
    const qreal ts = levelScene()->tileSize();
    const QPoint middle = viewport()->rect().center();
    mKeptCentre = mapToScene(middle) / ts + QPointF(contentShift);
    mKeptPixel = viewport()->mapTo(this, middle);
}

void EditorView::keepContentInPlace() {
    if (!mKeptCentre)
        return;
    const QPointF target = *mKeptCentre * levelScene()->tileSize();
    mKeptCentre.reset();
    mPlacedAt.reset(); // a map that fits is centred again
    fitSceneRect();
    // The pixel it was on, not the viewport's new middle: a scroll bar that came or
    // went with the resize made the viewport smaller or larger by its width, and the
    // middle moved by half of that.
    const QPoint pixel = viewport()->mapFrom(this, mKeptPixel);
    const QPoint delta = mapFromScene(target) - pixel;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() + delta.y());
}

void EditorView::fitSceneRect() {
    LevelScene* s = levelScene();
    if (!s)
        return;
    const QRectF map = s->mapRect();
    QRectF rect = s->sceneRect();
    // The viewport without scroll bars, in scene units (maximumViewportSize()
    // leaves out a bar that is always on); an axis that needs a bar takes the
    // other's room.
    QSizeF bare(maximumViewportSize());
    if (horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOn)
        bare.rheight() += horizontalScrollBar()->sizeHint().height();
    if (verticalScrollBarPolicy() == Qt::ScrollBarAlwaysOn)
        bare.rwidth() += verticalScrollBar()->sizeHint().width();
    QSizeF room = bare / mZoom;
    const bool fitsWide = map.width() <= room.width();
    const bool fitsHigh = map.height() <= room.height();
    if (!fitsHigh)
        room.rwidth() -= verticalScrollBar()->sizeHint().width() / mZoom;
    if (!fitsWide)
        room.rheight() -= horizontalScrollBar()->sizeHint().height() / mZoom;
    const bool wide = map.width() <= room.width();
    const bool high = map.height() <= room.height();
    // An axis the map fits: the scene rect is the viewport's room (a hair less, so Qt
    // gives it no scroll range), placed where the last zoom left the map (the point
    // under the cursor kept there), the whole map still in sight; centred by default.
    const qreal hair = 0.5 / mZoom;
    const auto place = [hair](qreal mapLow, qreal mapHigh, qreal room,
                              std::optional<qreal> low) -> std::pair<qreal, qreal> {
        if (!low)
            return {mapLow, mapHigh};
        const qreal from = std::clamp(*low, mapHigh - room, mapLow);
        return {from, from + room - hair};
    };
    if (wide) {
        const auto [from, to] = place(map.left(), map.right(), room.width(),
                                      mPlacedAt ? std::optional(mPlacedAt->x()) : std::nullopt);
        rect.setLeft(from);
        rect.setRight(to);
        if (mPlacedAt)
            mPlacedAt->setX(from);
    }
    if (high) {
        const auto [from, to] = place(map.top(), map.bottom(), room.height(),
                                      mPlacedAt ? std::optional(mPlacedAt->y()) : std::nullopt);
        rect.setTop(from);
        rect.setBottom(to);
        if (mPlacedAt)
            mPlacedAt->setY(from);
    }
    mFitsWide = wide;
    mFitsHigh = high;
    if (rect != sceneRect())
        setSceneRect(rect);
    // Each bar shows exactly when its axis needs it, and at once: left "as
    // needed", Qt shows or hides it from a queued check, so the viewport's
    // resize would come after setZoom() put the point under the cursor back, and
    // the resize anchor would move the view by half a bar.
    const auto policy = [](bool fits) {
        return fits ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAlwaysOn;
    };
    if (horizontalScrollBarPolicy() != policy(wide))
        setHorizontalScrollBarPolicy(policy(wide));
    if (verticalScrollBarPolicy() != policy(high))
        setVerticalScrollBarPolicy(policy(high));
}

void EditorView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    fitSceneRect();
    emit visibleAreaChanged();
}

QRectF EditorView::visibleSceneRect() const {
    return mapToScene(viewport()->rect()).boundingRect();
}

LevelScene* EditorView::levelScene() const {
    return static_cast<LevelScene*>(scene());
}

void EditorView::setZoom(qreal zoom, std::optional<QPoint> viewportPos) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    const QPoint anchor = viewportPos.value_or(viewport()->rect().center());
    QPointF scenePoint = mapToScene(anchor);
    // Along an axis the map fits, the exact point from the placement: mapToScene() rounds
    // to whole pixels, and repeated zooms would add up the rounding.
    if (mPlacedAt) {
        const QPointF exact = *mPlacedAt + QPointF(anchor) / mZoom;
        if (mFitsWide)
            scenePoint.setX(exact.x());
        if (mFitsHigh)
            scenePoint.setY(exact.y());
    }
    const bool changed = !qFuzzyCompare(zoom, mZoom);
    mZoom = zoom;
    // Where the anchor's point must be along an axis the map fits (fitSceneRect()).
    mPlacedAt = scenePoint - QPointF(anchor) / zoom;
    setTransform(QTransform::fromScale(zoom, zoom));
    fitSceneRect();
    // Put the anchor's scene point back under the anchor.
    const QPoint after = mapFromScene(scenePoint);
    const QPoint delta = after - anchor;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() + delta.y());
    if (changed)
        emit zoomChanged(zoom);
    emit visibleAreaChanged();
    replayMouse();
}

void EditorView::replayMouse() {
    if (!mMousePos)
        return;
    const QPointF pos(*mMousePos);
    QMouseEvent move(QEvent::MouseMove, pos, viewport()->mapToGlobal(pos), Qt::NoButton,
                     QGuiApplication::mouseButtons(), QGuiApplication::keyboardModifiers());
    QCoreApplication::sendEvent(viewport(), &move);
}

void EditorView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy); // replays the last move to the scene
    if (mMousePos)
        updateHover(*mMousePos);
    emit visibleAreaChanged();
}

bool EditorView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::Leave)
        mMousePos.reset();
    return QGraphicsView::viewportEvent(event);
}

void EditorView::zoomIn() {
    for (qreal s : zoomSteps()) {
        if (s > mZoom + 1e-6) {
            setZoom(s);
            return;
        }
    }
    setZoom(kMaxZoom);
}

void EditorView::zoomOut() {
    const auto& steps = zoomSteps();
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
        if (*it < mZoom - 1e-6) {
            setZoom(*it);
            return;
        }
    }
    setZoom(kMinZoom);
}

void EditorView::resetZoom() {
    setZoom(1.0);
}

void EditorView::zoomToFit() {
    LevelScene* s = levelScene();
    if (!s)
        return;
    const QRectF map = s->mapRect();
    if (map.isEmpty())
        return;
    const QSize vp = viewport()->size();
    const qreal z = std::min(qreal(vp.width()) / map.width(), qreal(vp.height()) / map.height());
    setZoom(z * 0.95);
    mPlacedAt.reset();
    fitSceneRect();
    centerOn(map.center());
}

void EditorView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        // 120 units = one notch = one zoom step; touchpads send smaller deltas.
        mWheelAccumulator += event->angleDelta().y();
        const QPoint pos = event->position().toPoint();
        while (mWheelAccumulator >= 120) {
            mWheelAccumulator -= 120;
            qreal next = kMaxZoom;
            for (qreal st : zoomSteps())
                if (st > mZoom + 1e-6) {
                    next = st;
                    break;
                }
            setZoom(next, pos);
        }
        while (mWheelAccumulator <= -120) {
            mWheelAccumulator += 120;
            qreal next = kMinZoom;
            const auto& steps = zoomSteps();
            for (auto it = steps.rbegin(); it != steps.rend(); ++it)
                if (*it < mZoom - 1e-6) {
                    next = *it;
                    break;
                }
            setZoom(next, pos);
        }
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void EditorView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && mSpaceHeld)) {
        mPanning = true;
        mPanLast = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (mPanning) {
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void EditorView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    mMousePos = pos;
    if (mPanning) {
        const QPoint d = pos - mPanLast;
        mPanLast = pos;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        updateHover(pos);
        event->accept();
        return;
    }
    updateHover(pos);
    QGraphicsView::mouseMoveEvent(event);
}

void EditorView::mouseReleaseEvent(QMouseEvent* event) {
    if (mPanning) {
        if (event->button() == Qt::MiddleButton || event->button() == Qt::LeftButton)
            stopPanning();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void EditorView::stopPanning() {
    mPanning = false;
    viewport()->setCursor(mSpaceHeld ? QCursor(Qt::OpenHandCursor) : mSavedCursor);
}

void EditorView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        if (!mSpaceHeld) {
            mSpaceHeld = true;
            if (!mPanning)
                mSavedCursor = viewport()->cursor();
            viewport()->setCursor(Qt::OpenHandCursor);
        }
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Space) {
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void EditorView::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            mSpaceHeld = false;
            if (!mPanning)
                viewport()->setCursor(mSavedCursor);
        }
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void EditorView::focusOutEvent(QFocusEvent* event) {
    if (mSpaceHeld) {
        mSpaceHeld = false;
        if (!mPanning)
            viewport()->setCursor(mSavedCursor);
    }
    QGraphicsView::focusOutEvent(event);
}

void EditorView::leaveEvent(QEvent* event) {
    mMousePos.reset();
    const bool tileChanged = mHoverInside || mHoverTile != QPoint(INT_MIN, INT_MIN);
    const bool spawnChanged = mHoverSpawn != 0;
    mHoverInside = false;
    mHoverTile = QPoint(INT_MIN, INT_MIN);
    mHoverSpawn = 0;
    if (tileChanged)
        emit hoveredTileChanged(QPoint(), false);
    if (spawnChanged)
        emit hoveredSpawnChanged(0);
    QGraphicsView::leaveEvent(event);
}

void EditorView::updateHover(QPoint viewportPos) {
    LevelScene* s = levelScene();
    if (!s || !s->document())
        return;
    const QPointF scenePos = mapToScene(viewportPos);
    const QPoint tile = s->tileAt(scenePos);
    const bool inside = s->document()->level().contains(tile.x(), tile.y());
    const int spawn = s->spawnAt(scenePos);
    // Both are current before either signal goes out.
    const bool tileChanged = tile != mHoverTile || inside != mHoverInside;
    const bool spawnChanged = spawn != mHoverSpawn;
    mHoverTile = tile;
    mHoverInside = inside;
    mHoverSpawn = spawn;
    if (tileChanged)
        emit hoveredTileChanged(tile, inside);
    if (spawnChanged)
        emit hoveredSpawnChanged(spawn);
}

} // namespace ts::editor
