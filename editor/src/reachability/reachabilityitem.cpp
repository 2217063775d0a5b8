#include "tilesmith/editor/reachabilityitem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace ts::editor {

ReachabilityItem::ReachabilityItem() {
    setAcceptedMouseButtons(Qt::NoButton);
    setZValue(5); // above the tiles, below the spawns
}

QColor ReachabilityItem::surfaceColour() {
    return QColor(0x1e, 0xb4, 0x3c);
}

QColor ReachabilityItem::unreachedColour() {
    return QColor(0xe0, 0x20, 0x20);
}

void ReachabilityItem::clear() {
    prepareGeometryChange();
    mRows.clear();
    mUnreached.clear();
    mCount = 0;
    mBounds = QRectF();
}

void ReachabilityItem::setResult(int width, int height, int tileSize,
                                 const std::vector<QPoint>& surfaces,
                                 const QVector<Unreached>& unreached) {
    clear();
    mWidth = width;
    mHeight = height;
    mTileSize = tileSize;
    mRows.assign(std::size_t(std::max(height, 0)), {});
    for (const QPoint& t : surfaces) {
        if (t.y() < 0 || t.y() >= height || t.x() < 0 || t.x() >= width)
            continue;
        mRows[std::size_t(t.y())].push_back(t.x());
        ++mCount;
    }
    for (auto& row : mRows)
        std::sort(row.begin(), row.end());
    mUnreached = unreached;
    QRectF bounds(0, 0, qreal(width) * tileSize, qreal(height) * tileSize);
    for (const Unreached& u : unreached)
        bounds |= u.rect;
    prepareGeometryChange();
    mBounds = bounds.adjusted(-4, -4, 4, 4);
    update();
}

QStringList ReachabilityItem::messagesAt(QPointF scenePos) const {
    QStringList out;
    for (const Unreached& u : mUnreached) {
        // A band is drawn over the platform's top only, but its whole tiles answer.
        if (u.rect.adjusted(-1, -1, 1, 1).contains(scenePos) && !u.message.isEmpty())
            out << u.message;
    }
    return out;
}

bool ReachabilityItem::isSurface(QPoint tile) const {
    if (tile.y() < 0 || tile.y() >= int(mRows.size()))
        return false;
    const auto& row = mRows[std::size_t(tile.y())];
    return std::binary_search(row.begin(), row.end(), tile.x());
}

void ReachabilityItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const qreal ts = mTileSize;
    const QRectF exposed = option->exposedRect.isNull() ? mBounds : option->exposedRect;
    const qreal lod =
        QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    // The band covers the top of each standable tile: at least 3 device pixels.
    const qreal band = std::max(ts * 0.3, 3.0 / std::max(lod, 1e-6));
    QColor fill = surfaceColour();
    fill.setAlpha(170);
    const int y0 = std::max(0, int(std::floor(exposed.top() / ts)));
    const int y1 = std::min(int(mRows.size()) - 1, int(std::floor(exposed.bottom() / ts)) + 1);
    const int x0 = int(std::floor(exposed.left() / ts));
    const int x1 = int(std::floor(exposed.right() / ts));
    for (int y = y0; y <= y1; ++y) {
        const auto& row = mRows[std::size_t(y)];
        auto it = std::lower_bound(row.begin(), row.end(), x0);
        // Runs of neighbouring tiles are one rectangle each.
        while (it != row.end() && *it <= x1) {
            const int start = *it;
            int end = start;
            ++it;
            while (it != row.end() && *it == end + 1) {
                end = *it;
                ++it;
            }
            painter->fillRect(QRectF(start * ts, y * ts, (end - start + 1) * ts, band), fill);
        }
    }
    if (!mUnreached.isEmpty()) {
        painter->setRenderHint(QPainter::Antialiasing, true);
        QPen pen(unreachedColour(), 2.5);
        pen.setCosmetic(true);
        QPen dashed = pen;
        dashed.setStyle(Qt::DashLine);
        for (const Unreached& u : mUnreached) {
            if (!u.rect.intersects(exposed.adjusted(-4, -4, 4, 4)))
                continue;
            QColor back = unreachedColour();
            switch (u.mark) {
            case Unreached::Mark::Cross:
                back.setAlpha(u.goal ? 70 : 40);
                painter->setPen(pen);
                painter->setBrush(back);
                painter->drawRect(u.rect);
                painter->drawLine(u.rect.topLeft(), u.rect.bottomRight());
                painter->drawLine(u.rect.topRight(), u.rect.bottomLeft());
                break;
            case Unreached::Mark::Frame:
                painter->setPen(dashed);
                painter->setBrush(Qt::NoBrush);
                painter->drawRect(u.rect.adjusted(-2, -2, 2, 2));
                break;
            case Unreached::Mark::Band:
                // Where the green band of a standable tile would be, in red.
                back.setAlpha(150);
                painter->setPen(Qt::NoPen);
                const QRectF top(u.rect.left(), u.rect.top(), u.rect.width(), band);
                painter->fillRect(top, back);
                painter->setPen(dashed);
                painter->setBrush(Qt::NoBrush);
                painter->drawRect(top);
                break;
            }
        }
    }
    painter->restore();
}

} // namespace ts::editor
