#include "tilesmith/editor/minimapdock.h"

#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/render/levelrenderer.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ts::editor {

namespace {
/// Room around the map inside the widget, in pixels.
constexpr qreal kMargin = 4;
/// The least side of a spawn's mark, in pixels. A player in a 1024-tile map is a
/// fraction of a pixel at the dock's size, so the player and the goals (what a
/// designer looks for) keep a few pixels; the other kinds may be many (4,000 in
/// big.yaml) and keep one, so they do not hide the tiles.
qreal leastMark(ts::level::SpawnKind kind) {
    switch (kind) {
    case ts::level::SpawnKind::Player:
        return 5;
    case ts::level::SpawnKind::Goal:
        return 3;
    default:
        return 1;
    }
}
const QColor kViewOutline{0x00, 0x8c, 0xd6};
/// The view outline's width, drawn outside the part the view shows (within kMargin).
constexpr qreal kOutlineWidth = 2;
static_assert(kOutlineWidth <= kMargin);
} // namespace

MinimapWidget::MinimapWidget(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("Minimap"));
    // A glance and a click: the keyboard stays in the map.
    setFocusPolicy(Qt::NoFocus);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("The whole level; the outline is what the view shows. Click or drag to move "
                  "the view there."));
}

void MinimapWidget::setDocument(LevelDocument* document) {
    for (const QMetaObject::Connection& c : std::as_const(mDocConnections))
        disconnect(c);
    mDocConnections.clear();
    mDocument = document;
    if (document) {
        mDocConnections
            << connect(document, &LevelDocument::tilesChanged, this, &MinimapWidget::tilesChanged)
            << connect(document, &LevelDocument::spawnsChanged, this, &MinimapWidget::invalidate)
            << connect(document, &LevelDocument::levelReset, this, &MinimapWidget::rebuild);
    }
    rebuild();
}

void MinimapWidget::setView(EditorView* view) {
    if (mView)
        disconnect(mView, nullptr, this, nullptr);
    mView = view;
    if (view)
        connect(view, &EditorView::visibleAreaChanged, this, qOverload<>(&QWidget::update));
    update();
}

void MinimapWidget::rebuild() {
    if (mDocument)
        mTiles.rebuild(mDocument->level());
    else
        mTiles = MinimapImage();
    invalidate();
}

void MinimapWidget::tilesChanged(const QRect& tileRect) {
    if (!mDocument)
        return;
    mTiles.update(mDocument->level(), tileRect);
    invalidate();
}

void MinimapWidget::invalidate() {
    mPictureValid = false;
    mLiveLayerValid = false;
    update();
}

QRectF MinimapWidget::mapArea() const {
    if (!mDocument)
        return {};
    const ts::level::Level& level = mDocument->level();
    if (level.width <= 0 || level.height <= 0)
        return {};
    const QRectF room = QRectF(rect()).adjusted(kMargin, kMargin, -kMargin, -kMargin);
    if (room.width() <= 0 || room.height() <= 0)
        return {};
    const qreal scale = std::min(room.width() / level.width, room.height() / level.height);
    const QSizeF size(level.width * scale, level.height * scale);
    // Whole pixels, so the picture is drawn unscaled and its edges stay sharp.
    const QSizeF whole(std::max(1.0, std::floor(size.width())),
                       std::max(1.0, std::floor(size.height())));
    const QPointF topLeft(std::floor(room.center().x() - whole.width() / 2),
                          std::floor(room.center().y() - whole.height() / 2));
    return {topLeft, whole};
}

QPointF MinimapWidget::tileToWidget(QPointF tile) const {
    const QRectF area = mapArea();
    if (area.isEmpty())
        return {};
    const ts::level::Level& level = mDocument->level();
    return {area.left() + tile.x() * area.width() / level.width,
            area.top() + tile.y() * area.height() / level.height};
}

QPointF MinimapWidget::widgetToTile(QPointF pos) const {
    const QRectF area = mapArea();
    if (area.isEmpty())
        return {};
    const ts::level::Level& level = mDocument->level();
    return {(pos.x() - area.left()) * level.width / area.width(),
            (pos.y() - area.top()) * level.height / area.height()};
}

QRectF MinimapWidget::visibleTiles() const {
    if (!mView || !mDocument || mDocument->level().tileSize <= 0)
        return {};
    const qreal ts = mDocument->level().tileSize;
    const QRectF r = mView->visibleSceneRect();
    return {r.topLeft() / ts, r.size() / ts};
}

const QPixmap& MinimapWidget::picture() {
    const QRectF area = mapArea();
    const QSize size = area.size().toSize();
    if (mPictureValid && mPicture.size() == size * devicePixelRatioF())
        return mPicture;
    mPictureValid = true;
    if (area.isEmpty() || mTiles.image().isNull()) {
        mPicture = QPixmap();
        return mPicture;
    }
    const qreal dpr = devicePixelRatioF();
    const QSize device = size * dpr;
    const QImage& tiles = mTiles.image();
    // Shrinking averages the tiles of each pixel (a platform stays as a faint
    // line); growing keeps the tiles' edges sharp.
    const bool shrink = device.width() < tiles.width() || device.height() < tiles.height();
    QImage image = tiles.scaled(device, Qt::IgnoreAspectRatio,
                                shrink ? Qt::SmoothTransformation : Qt::FastTransformation);
    image.setDevicePixelRatio(dpr);
    const ts::level::Level& level = mDocument->level();
    std::vector<MinimapMark> marks;
    const qreal ts = std::max(1, level.tileSize);
    for (const ts::level::Spawn& s : level.spawns) {
        if (mLive && s.kind != ts::level::SpawnKind::Goal)
            continue;
        const QRectF r = render::spawnRect(level, s);
        marks.push_back({QRectF(r.topLeft() / ts, r.size() / ts), s.kind});
    }
    drawMarks(image, marks, QSize(level.width, level.height));
    mPicture = QPixmap::fromImage(std::move(image));
    return mPicture;
}

void MinimapWidget::drawMarks(QImage& image, const std::vector<MinimapMark>& marks,
                              QSize levelTiles) {
    if (levelTiles.isEmpty() || image.isNull())
        return;
    const qreal dpr = image.devicePixelRatio();
    const qreal sx = image.width() / dpr / levelTiles.width();
    const qreal sy = image.height() / dpr / levelTiles.height();
    // A mark in the image's logical pixels, never smaller than its kind's least side.
    const auto markOf = [&](const MinimapMark& m) {
        QRectF mark(m.tiles.left() * sx, m.tiles.top() * sy, m.tiles.width() * sx,
                    m.tiles.height() * sy);
        const QPointF c = mark.center();
        const qreal least = leastMark(m.kind);
        mark.setSize(mark.size().expandedTo(QSizeF(least, least)));
        mark.moveCenter(c);
        return mark;
    };
    // The kinds that may be thousands (bodies in play) are whole device pixels
    // written straight into the image: a painter's fill per mark is too slow for
    // thousands of bodies a frame. The colours are opaque.
    if (image.format() != QImage::Format_RGB32 && image.format() != QImage::Format_ARGB32 &&
        image.format() != QImage::Format_ARGB32_Premultiplied)
        image.convertTo(QImage::Format_ARGB32_Premultiplied);
    const QRect bounds = image.rect();
    for (const MinimapMark& m : marks) {
        if (m.kind == ts::level::SpawnKind::Player)
            continue;
        const QRectF r = markOf(m);
        const int left = qRound(r.left() * dpr), top = qRound(r.top() * dpr);
        const QRect px = QRect(left, top, std::max(1, qRound(r.right() * dpr) - left),
                               std::max(1, qRound(r.bottom() * dpr) - top))
                             .intersected(bounds);
        if (px.isEmpty())
            continue;
        const QRgb colour = render::spawnColor(m.kind).rgba();
        for (int y = px.top(); y <= px.bottom(); ++y) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
            std::fill(line + px.left(), line + px.right() + 1, colour);
        }
    }
    // Last, on top, with a light edge: the mark never lost.
    QPainter p(&image);
    p.setPen(QPen(Qt::white, 1));
    p.setBrush(render::spawnColor(ts::level::SpawnKind::Player));
    for (const MinimapMark& m : marks) {
        if (m.kind == ts::level::SpawnKind::Player)
            p.drawRect(markOf(m));
    }
}

void MinimapWidget::setLiveMarks(std::optional<std::vector<MinimapMark>> marks) {
    if (marks == mLive)
        return;
    if (marks.has_value() != mLive.has_value())
        mPictureValid = false; // the level's spawns come or go
    mLive = std::move(marks);
    mLiveLayerValid = false;
    update();
}

const QImage& MinimapWidget::liveLayer(QSize size) {
    const qreal dpr = devicePixelRatioF();
    const QSize device = size * dpr;
    if (mLiveLayerValid && mLiveLayer.size() == device)
        return mLiveLayer;
    mLiveLayerValid = true;
    if (mLiveLayer.size() != device)
        mLiveLayer = QImage(device, QImage::Format_ARGB32_Premultiplied);
    mLiveLayer.setDevicePixelRatio(dpr);
    mLiveLayer.fill(Qt::transparent);
    if (mLive && mDocument) {
        const ts::level::Level& level = mDocument->level();
        drawMarks(mLiveLayer, *mLive, QSize(level.width, level.height));
    }
    return mLiveLayer;
}

void MinimapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), render::palette::outsideBackground);
    const QRectF area = mapArea();
    if (area.isEmpty())
        return;
    p.drawPixmap(area.topLeft(), picture());
    if (mLive)
        p.drawImage(area.topLeft(), liveLayer(area.size().toSize()));
    p.setPen(QPen(render::palette::border, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area.adjusted(-0.5, -0.5, 0.5, 0.5));
    const QRectF seen = visibleTiles();
    if (seen.isEmpty())
        return;
    const QRectF shown =
        QRectF(tileToWidget(seen.topLeft()), tileToWidget(seen.bottomRight())).intersected(area);
    if (shown.isEmpty())
        return;
    // Around what the view shows, not over it: with the whole map in view the
    // outline lies in the margin, and the walls and floor at the map's edges
    // stay visible under it.
    p.setPen(QPen(kViewOutline, kOutlineWidth));
    p.setBrush(Qt::NoBrush);
    const qreal half = kOutlineWidth / 2;
    p.drawRect(shown.adjusted(-half, -half, half, half));
}

void MinimapWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    invalidate();
}

void MinimapWidget::centreViewAt(QPointF widgetPos) {
    if (!mView || !mDocument || mapArea().isEmpty())
        return;
    const ts::level::Level& level = mDocument->level();
    QPointF tile = widgetToTile(widgetPos);
    tile.setX(std::clamp(tile.x(), 0.0, qreal(level.width)));
    tile.setY(std::clamp(tile.y(), 0.0, qreal(level.height)));
    mView->centerOn(tile * level.tileSize);
}

void MinimapWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || mapArea().isEmpty()) {
        QWidget::mousePressEvent(event);
        return;
    }
    mDragging = true;
    setCursor(Qt::ClosedHandCursor);
    centreViewAt(event->position());
}

void MinimapWidget::mouseMoveEvent(QMouseEvent* event) {
    if (mDragging && (event->buttons() & Qt::LeftButton))
        centreViewAt(event->position());
    else
        QWidget::mouseMoveEvent(event);
}

void MinimapWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (mDragging && event->button() == Qt::LeftButton) {
        mDragging = false;
        setCursor(Qt::PointingHandCursor);
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

MinimapDock::MinimapDock(QWidget* parent)
    : QDockWidget(tr("Mini-map"), parent), mMinimap(new MinimapWidget(this)) {
    setObjectName(QStringLiteral("MinimapDock"));
    setWidget(mMinimap);
}

} // namespace ts::editor
