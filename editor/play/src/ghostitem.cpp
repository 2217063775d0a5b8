#include "ghostitem.h"

#include "tilesmith/play/overlaystyle.h"

#include <QPainter>

#include <algorithm>
#include <utility>

namespace ts::play {

GhostItem::GhostItem(QGraphicsItem* parent) : QGraphicsItem(parent) {
    setZValue(kZ);
    setAcceptedMouseButtons(Qt::NoButton);
}

void GhostItem::setPath(QVector<QRectF> boxes, int tickEvery) {
    prepareGeometryChange();
    mBoxes = std::move(boxes);
    mTrail = QPainterPath();
    mTicks.clear();
    for (qsizetype i = 0; i < mBoxes.size(); ++i) {
        // The path follows the feet (bottom centre), where the player stands.
        const QPointF feet(mBoxes[i].center().x(), mBoxes[i].bottom());
        if (i == 0)
            mTrail.moveTo(feet);
        else
            mTrail.lineTo(feet);
        if (tickEvery > 0 && i > 0 && i % tickEvery == 0)
            mTicks.push_back(feet);
    }
    updateBounds();
    update();
}

void GhostItem::setStep(qint64 step) {
    step = std::clamp<qint64>(step, 0, std::max<qint64>(0, mBoxes.size() - 1));
    if (step == mStep)
        return;
    const QRectF old = mBoxes.isEmpty() ? QRectF() : mBoxes[mStep];
    mStep = step;
    if (!mBoxes.isEmpty())
        update(old.united(mBoxes[mStep]).adjusted(-2, -2, 2, 2));
}

void GhostItem::setGhostVisible(bool on) {
    mGhostVisible = on;
    update();
}

void GhostItem::setDesync(std::optional<QPointF> now, std::optional<QPointF> recorded) {
    prepareGeometryChange();
    mDesyncNow = now;
    mDesyncRecorded = recorded;
    updateBounds();
    update();
}

void GhostItem::updateBounds() {
    QRectF r = mTrail.boundingRect();
    for (const QRectF& b : mBoxes)
        r = r.united(b);
    for (const auto& p : {mDesyncNow, mDesyncRecorded})
        if (p)
            r = r.united(QRectF(*p - QPointF(12, 12), QSizeF(24, 24)));
    mBounds = r.adjusted(-4, -4, 4, 4);
}

QRectF GhostItem::boundingRect() const {
    return mBounds;
}

void GhostItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    p->setRenderHint(QPainter::Antialiasing);
    QColor trailColour = style::kReplayTrail;
    trailColour.setAlpha(200);
    QPen trail(trailColour, 2);
    trail.setCosmetic(true);
    p->setPen(trail);
    p->setBrush(Qt::NoBrush);
    p->drawPath(mTrail);
    QPen tick(style::kReplayTrail, 1);
    tick.setCosmetic(true);
    p->setPen(tick);
    for (const QPointF& t : mTicks)
        p->drawLine(t - QPointF(0, 3), t + QPointF(0, 3));
    if (mGhostVisible && !mBoxes.isEmpty()) {
        QPen ghost(style::kReplayTrail, 1.5, Qt::DashLine);
        ghost.setCosmetic(true);
        p->setPen(ghost);
        QColor fill = style::kReplayTrail;
        fill.setAlpha(70);
        p->setBrush(fill);
        p->drawRect(mBoxes[mStep]);
    }
    if (mDesyncRecorded) {
        QPen rec(style::kReplayTrail, 2); // where the recording was: the ghost's colour
        rec.setCosmetic(true);
        p->setPen(rec);
        p->setBrush(Qt::NoBrush);
        p->drawEllipse(*mDesyncRecorded, 6, 6);
    }
    if (mDesyncNow) {
        // Dark over a light halo: it reads on tiles and on open space alike.
        for (const auto& [colour, width] :
             {std::pair{style::kDesyncHalo, 5.0}, std::pair{style::kDesyncNow, 2.5}}) {
            QPen mark(colour, width);
            mark.setCosmetic(true);
            p->setPen(mark);
            p->setBrush(Qt::NoBrush);
            p->drawEllipse(*mDesyncNow, 9, 9);
            p->drawLine(*mDesyncNow + QPointF(-6, -6), *mDesyncNow + QPointF(6, 6));
            p->drawLine(*mDesyncNow + QPointF(-6, 6), *mDesyncNow + QPointF(6, -6));
        }
    }
}

} // namespace ts::play
