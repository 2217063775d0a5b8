// Show Route's path over the level: the player's box centre along the route as a dashed
// orange line with a dark casing, a dot at every second of game time, a triangle at the
// top of each jump, a ring at the start and a disc at the end. Distinct from a replay's
// blue trail and ghost (GhostItem). Reads a precomputed RoutePath only.
#pragma once

#include "routepath.h"

#include <QGraphicsItem>
#include <QPainterPath>
#include <QPolygonF>

namespace ts::play {

class RouteItem : public QGraphicsItem {
public:
    /// Above the level and a replay's ghost, below play mode's bodies and overlays.
    static constexpr qreal kZ = 1e6 - 0.5;
    static QColor colour();
    explicit RouteItem(QGraphicsItem* parent = nullptr);

    void setPath(RoutePath path);
    const RoutePath& path() const { return mPath; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    RoutePath mPath;
    QPainterPath mLine;
    QVector<QPointF> mTicks;
    QVector<QPolygonF> mApexes;
    QRectF mBounds;
};

} // namespace ts::play
