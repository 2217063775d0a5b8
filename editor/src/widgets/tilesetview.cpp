#include "tilesetview.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ts::editor {

namespace {

/// The cells from `a` to `b`, both included, whichever way the drag went.
QRect spanning(QPoint a, QPoint b) {
    return QRect(QPoint(std::min(a.x(), b.x()), std::min(a.y(), b.y())),
                 QPoint(std::max(a.x(), b.x()), std::max(a.y(), b.y())));
}

} // namespace

TilesetView::TilesetView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void TilesetView::setTileset(const ts::level::Tileset& tileset, const QImage& image,
                             const QImage& placeholder) {
    mTileset = tileset;
    mImage = image;
    mPlaceholder = placeholder;
    mHasTileset = true;
    mDragFrom.reset();
    resize(sizeHint());
    update();
}

void TilesetView::clear() {
    mHasTileset = false;
    mImage = {};
    mPicked = {};
    mDragFrom.reset();
    resize(sizeHint());
    update();
}

void TilesetView::setScale(qreal scale) {
    scale = std::clamp<qreal>(scale, 0.05, 16);
    if (scale == mScale)
        return;
    mScale = scale;
    resize(sizeHint());
    update();
}

QSize TilesetView::imageSize() const {
    if (!mHasTileset)
        return {};
    if (!mImage.isNull())
        return mImage.size();
    return {mTileset.minimumImageWidth(), mTileset.minimumImageHeight()};
}

void TilesetView::setPicked(const QRect& cells) {
    if (cells == mPicked)
        return;
    mPicked = cells;
    update();
}

int TilesetView::rows() const {
    if (!mHasTileset || mTileset.columns < 1)
        return 0;
    return (mTileset.count + mTileset.columns - 1) / mTileset.columns;
}

std::optional<QPoint> TilesetView::cellAt(QPoint pos) const {
    if (!mHasTileset || mTileset.tileSize < 1)
        return std::nullopt;
    const qreal step = mTileset.tileSize + mTileset.spacing;
    const qreal x = pos.x() / mScale - mTileset.margin;
    const qreal y = pos.y() / mScale - mTileset.margin;
    if (x < 0 || y < 0)
        return std::nullopt;
    const int column = int(x / step), row = int(y / step);
    if (x - column * step >= mTileset.tileSize || y - row * step >= mTileset.tileSize)
        return std::nullopt; // in the spacing between tiles
    if (column >= mTileset.columns || indexAt({column, row}) < 0)
        return std::nullopt;
    return QPoint(column, row);
}

QPoint TilesetView::clampedCellAt(QPoint pos) const {
    const qreal step = mTileset.tileSize + mTileset.spacing;
    const int column = int(std::floor((pos.x() / mScale - mTileset.margin) / step));
    const int row = int(std::floor((pos.y() / mScale - mTileset.margin) / step));
    return {std::clamp(column, 0, std::max(0, mTileset.columns - 1)),
            std::clamp(row, 0, std::max(0, rows() - 1))};
}

int TilesetView::indexAt(QPoint cell) const {
    if (!mHasTileset || cell.x() < 0 || cell.y() < 0 || cell.x() >= mTileset.columns)
        return -1;
    const qint64 index = qint64(cell.y()) * mTileset.columns + cell.x();
    return index < mTileset.count ? int(index) : -1;
}

QRect TilesetView::cellRect(QPoint cell) const {
    const int step = mTileset.tileSize + mTileset.spacing;
    const QRectF image(mTileset.margin + cell.x() * step, mTileset.margin + cell.y() * step,
                       mTileset.tileSize, mTileset.tileSize);
    return QRectF(image.topLeft() * mScale, image.size() * mScale).toAlignedRect();
}

QSize TilesetView::sizeHint() const {
    const QSize size = imageSize();
    return size.isEmpty() ? QSize(1, 1) : (QSizeF(size) * mScale).toSize().expandedTo({1, 1});
}

void TilesetView::paintEvent(QPaintEvent*) {
    if (!mHasTileset)
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    const QRect whole(QPoint(0, 0), sizeHint());
    // Transparent pixels over a light and dark check, as image editors show them.
    const int check = 8;
    for (int y = 0; y < whole.height(); y += check)
        for (int x = 0; x < whole.width(); x += check)
            p.fillRect(x, y, check, check,
                       ((x / check + y / check) % 2) ? QColor(0xcc, 0xcc, 0xcc) : Qt::white);
    const int rowCount = rows();
    if (!mImage.isNull()) {
        p.drawImage(whole, mImage);
    } else {
        for (int row = 0; row < rowCount; ++row)
            for (int column = 0; column < mTileset.columns; ++column)
                if (indexAt({column, row}) >= 0)
                    p.drawImage(cellRect({column, row}), mPlaceholder);
    }
    // The grid: each tile's outline, faint, so the cut is visible on any art.
    p.setPen(QColor(0, 0, 0, 70));
    for (int row = 0; row < rowCount; ++row)
        for (int column = 0; column < mTileset.columns; ++column)
            if (indexAt({column, row}) >= 0)
                p.drawRect(cellRect({column, row}).adjusted(0, 0, -1, -1));
    if (!mPicked.isEmpty()) {
        const QRect outline = cellRect(mPicked.topLeft()).united(cellRect(mPicked.bottomRight()));
        p.setPen(QPen(Qt::white, 3));
        p.drawRect(outline.adjusted(1, 1, -2, -2));
        p.setPen(QPen(palette().highlight().color(), 1));
        p.drawRect(outline.adjusted(1, 1, -2, -2));
    }
}

void TilesetView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !mHasTileset) {
        QWidget::mousePressEvent(event);
        return;
    }
    const std::optional<QPoint> cell = cellAt(event->position().toPoint());
    if (!cell)
        return;
    mDragFrom = *cell;
    setPicked(QRect(*cell, *cell));
}

void TilesetView::mouseMoveEvent(QMouseEvent* event) {
    const QPoint pos = event->position().toPoint();
    hoverAt(pos);
    if (mDragFrom && (event->buttons() & Qt::LeftButton))
        setPicked(spanning(*mDragFrom, clampedCellAt(pos)));
}

void TilesetView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !mDragFrom)
        return;
    setPicked(spanning(*mDragFrom, clampedCellAt(event->position().toPoint())));
    mDragFrom.reset();
    emit tilesPicked(mPicked);
}

void TilesetView::leaveEvent(QEvent* event) {
    QWidget::leaveEvent(event);
    if (mHovered != -1) {
        mHovered = -1;
        emit hovered(-1, {});
    }
}

void TilesetView::hoverAt(QPoint pos) {
    const std::optional<QPoint> cell = cellAt(pos);
    const int index = cell ? indexAt(*cell) : -1;
    if (index == mHovered)
        return;
    mHovered = index;
    emit hovered(index, cell.value_or(QPoint()));
}

} // namespace ts::editor
