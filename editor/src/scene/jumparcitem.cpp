#include "tilesmith/editor/jumparcitem.h"

#include <QPainter>
#include <QPen>

namespace ts::editor {

using ts::leveledit::ArcKind;

namespace {
QRectF boxAt(ts::Vec2 feet, ts::Vec2 half, double mapHeightPx) {
    return QRectF(feet.x - half.x, mapHeightPx - feet.y - 2.0 * half.y, 2.0 * half.x, 2.0 * half.y);
}
} // namespace

JumpArcItem::JumpArcItem() {
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    setZValue(25);
}

QColor JumpArcItem::colour(ArcKind kind) {
    switch (kind) {
    case ArcKind::ShortJump:
        return QColor(0xe8, 0xb4, 0x00);
    case ArcKind::FullJump:
        return QColor(0xe0, 0x5a, 0x00);
    case ArcKind::Fall:
        return QColor(0x00, 0x8c, 0xc8);
    }
    return Qt::black;
}

void JumpArcItem::clear() {
    prepareGeometryChange();
    mArcs.clear();
    mSettle.clear();
    mStartBox = QRectF();
    mBounds = QRectF();
}

void JumpArcItem::setArcs(const ts::leveledit::JumpArcSet& arcs, double mapHeightPx) {
    clear();
    if (!arcs.ok)
        return;
    auto toScene = [mapHeightPx](ts::Vec2 p) { return QPointF(p.x, mapHeightPx - p.y); };
    const std::size_t settle = arcs.settleSteps;
    const ts::leveledit::JumpArc* full[2] = {nullptr, nullptr};
    for (const auto& a : arcs.arcs)
        if (a.kind == ArcKind::FullJump)
            full[a.direction > 0 ? 1 : 0] = &a;
    QRectF bounds;
    for (const auto& a : arcs.arcs) {
        SceneArc s;
        s.kind = a.kind;
        s.direction = a.direction;
        s.landed = a.landed;
        s.path << toScene(arcs.start);
        for (std::size_t i = settle; i < a.points.size(); ++i)
            s.path << toScene(a.points[i]);
        if (!a.points.empty())
            s.endBox = boxAt(a.points.back(), a.halfSize, mapHeightPx);
        const ts::leveledit::JumpArc* f = full[a.direction > 0 ? 1 : 0];
        s.sameAsFull = a.kind == ArcKind::ShortJump && f && f->points == a.points;
        bounds |= s.path.boundingRect() | s.endBox;
        mArcs << s;
    }
    if (settle > 0 && !arcs.arcs.empty()) {
        const auto& pts = arcs.arcs.front().points;
        for (std::size_t i = 0; i < settle && i < pts.size(); ++i)
            mSettle << toScene(pts[i]);
        bounds |= mSettle.boundingRect();
    }
    mStartBox = boxAt(arcs.start, arcs.halfSize, mapHeightPx);
    bounds |= mStartBox;
    prepareGeometryChange();
    mBounds = bounds.adjusted(-4, -4, 4, 4);
    update();
}

void JumpArcItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    if (isEmpty())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    if (mSettle.size() > 1) {
        QPen pen(QColor(0x60, 0x60, 0x60), 1.5, Qt::DotLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawPolyline(mSettle);
    }
    QPen start(QColor(0x20, 0x20, 0x20), 1.5);
    start.setCosmetic(true);
    painter->setPen(start);
    painter->drawRect(mStartBox);
    // Falls first, then the jumps on top; a short jump the same as the full one
    // is not drawn again.
    for (ArcKind kind : {ArcKind::Fall, ArcKind::ShortJump, ArcKind::FullJump}) {
        for (const SceneArc& a : mArcs) {
            if (a.kind != kind || a.sameAsFull)
                continue;
            const QColor c = colour(a.kind);
            QPen pen(c, a.kind == ArcKind::FullJump ? 2.5 : 2.0,
                     a.kind == ArcKind::ShortJump ? Qt::DashLine : Qt::SolidLine);
            pen.setCosmetic(true);
            pen.setCapStyle(Qt::RoundCap);
            pen.setJoinStyle(Qt::RoundJoin);
            painter->setPen(pen);
            painter->drawPolyline(a.path);
            QPen box(c, 1.5, a.landed ? Qt::SolidLine : Qt::DotLine);
            box.setCosmetic(true);
            painter->setPen(box);
            QColor fill = c;
            fill.setAlpha(50);
            painter->setBrush(a.landed ? QBrush(fill) : QBrush(Qt::NoBrush));
            painter->drawRect(a.endBox);
            painter->setBrush(Qt::NoBrush);
        }
    }
    painter->restore();
}

} // namespace ts::editor
