#include "routeitem.h"

#include "tilesmith/play/overlaystyle.h"

#include <QPainter>

namespace ts::play {

namespace {
constexpr qreal kApexSize = 5; ///< half the apex triangle's width, scene px
} // namespace

QColor RouteItem::colour() {
    return style::kRoute;
}

RouteItem::RouteItem(QGraphicsItem* parent) : QGraphicsItem(parent) {
    setZValue(kZ);
    setAcceptedMouseButtons(Qt::NoButton);
}

void RouteItem::setPath(RoutePath path) {
    prepareGeometryChange();
    mPath = std::move(path);
    mLine = QPainterPath();
    mTicks.clear();
    mApexes.clear();
    for (qsizetype i = 0; i < mPath.centres.size(); ++i) {
        if (i == 0)
            mLine.moveTo(mPath.centres[i]);
        else
            mLine.lineTo(mPath.centres[i]);
    }
    for (int i : mPath.ticks)
        mTicks.push_back(mPath.centres[i]);
    for (int i : mPath.apexes) {
        // A triangle pointing up, its tip just above the top of the jump.
        const QPointF top = mPath.centres[i] - QPointF(0, 3);
        mApexes.push_back(QPolygonF({top, top + QPointF(-kApexSize, -2 * kApexSize),
                                     top + QPointF(kApexSize, -2 * kApexSize)}));
    }
    mBounds = mLine.boundingRect().adjusted(-12, -12 - 2 * kApexSize, 12, 12);
    update();
}

QRectF RouteItem::boundingRect() const {
    return mBounds;
}

void RouteItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    if (mPath.isEmpty())
        return;
    p->setRenderHint(QPainter::Antialiasing);
    const QColor dark(20, 20, 28, 220);
    QPen casing(dark, 5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    casing.setCosmetic(true);
    p->setPen(casing);
    p->setBrush(Qt::NoBrush);
    p->drawPath(mLine);
    QPen line(colour(), 2.5, Qt::DashLine, Qt::FlatCap, Qt::RoundJoin);
    line.setCosmetic(true);
    p->setPen(line);
    p->drawPath(mLine);
    QPen outline(dark, 1.5);
    outline.setCosmetic(true);
    p->setPen(outline);
    p->setBrush(Qt::white);
    for (const QPointF& t : mTicks)
        p->drawEllipse(t, 3, 3);
    p->setBrush(colour());
    for (const QPolygonF& a : mApexes)
        p->drawPolygon(a);
    p->drawEllipse(mPath.centres.last(), 5, 5);
    p->setBrush(Qt::NoBrush);
    QPen start(colour(), 2.5);
    start.setCosmetic(true);
    p->setPen(start);
    p->drawEllipse(mPath.centres.first(), 5, 5);
}

} // namespace ts::play
