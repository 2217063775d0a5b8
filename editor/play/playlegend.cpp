#include "play/playlegend.h"

#include "play/overlaystyle.h"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace ts::play {

PlayLegend::PlayLegend(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus); // a click on the header leaves the keyboard with the view
    setMouseTracking(true);      // the hand over the header
    QFont f = font();
    f.setPixelSize(11);
    setFont(f);
    setObjectName(QStringLiteral("playLegend"));
    relayout();
}

QStringList PlayLegend::texts() const {
    QStringList list;
    for (const LegendLayout::Row& row : mLayout.rows())
        list << row.entry.text;
    return list;
}

void PlayLegend::setOverlays(unsigned overlays) {
    if (overlays == mOverlays)
        return;
    mOverlays = overlays;
    relayout();
}

void PlayLegend::setKeys(const QString& keys) {
    if (keys == mKeys)
        return;
    mKeys = keys;
    relayout();
}

void PlayLegend::setCollapsed(bool collapsed) {
    const bool was = mLayout.isCollapsed();
    mLayout.setCollapsed(collapsed);
    if (was != collapsed) {
        render();
        emit collapsedChanged(collapsed);
    }
}

void PlayLegend::place(const QRect& area, const QRect& keepClear,
                       const LegendLayout::Hidden& hidden) {
    if (!isVisible()) {
        mLayout.restart(); // shown again, it chooses afresh
        move(mLayout.rectIn(area, mLayout.corner()).topLeft());
        return;
    }
    const bool was = mLayout.isCollapsed();
    const QRect r = mLayout.place(area, keepClear, hidden);
    if (was != mLayout.isCollapsed()) {
        render();
        emit collapsedChanged(mLayout.isCollapsed());
    }
    move(r.topLeft());
}

void PlayLegend::relayout() {
    mLayout.setContent(font(), mOverlays, mKeys);
    render();
}

void PlayLegend::render() {
    const QSize size = mLayout.size();
    resize(size);
    const QString press = mKeys.isEmpty() ? QString() : tr(" or press %1").arg(mKeys);
    setToolTip(mLayout.isCollapsed() ? tr("Expand the legend: click it%1").arg(press)
                                     : tr("Collapse the legend: click its header%1").arg(press));
    mPixmap = QPixmap(size);
    mPixmap.fill(Qt::transparent);
    QPainter p(&mPixmap);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(15, 20, 30, 200));
    p.drawRoundedRect(QRectF(QPointF(0, 0), QSizeF(size)), 5, 5);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(QColor(225, 235, 245));
    p.drawText(mLayout.titleRect(), Qt::AlignLeft | Qt::AlignVCenter, mLayout.title());
    p.setFont(font());
    p.setPen(QColor(150, 165, 185));
    p.drawText(mLayout.keysRect(), Qt::AlignRight | Qt::AlignVCenter, mLayout.keys());
    if (mLayout.isCollapsed())
        return;
    const QRect header = mLayout.headerRect();
    p.setPen(QPen(QColor(255, 255, 255, 40), 1));
    p.drawLine(QPointF(header.left() + 4, header.bottom() + 1.5),
               QPointF(header.right() - 3, header.bottom() + 1.5));
    for (const LegendLayout::Row& row : mLayout.rows()) {
        const style::LegendEntry& e = row.entry;
        const QRectF sw(row.swatch);
        const qreal mid = sw.center().y();
        switch (e.mark) {
        case style::Mark::Fill: {
            // Map-coloured background, the tint over it, a cell line.
            p.fillRect(sw, QColor(0xe9, 0xed, 0xf2));
            QColor c = e.color;
            c.setAlpha(style::cellAlpha(3));
            p.fillRect(sw, c);
            p.setPen(QPen(style::kCellLine, 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(sw);
            break;
        }
        case style::Mark::Text: {
            QFont b = font();
            b.setBold(true);
            p.setFont(b);
            // As the view draws a count: on its badge.
            const QString three = QStringLiteral("3");
            const QFontMetricsF fm(b);
            const QSizeF badge(fm.horizontalAdvance(three) + 6, fm.height() + 1);
            QRectF r(QPointF(0, 0), badge);
            r.moveCenter(sw.center());
            p.setPen(Qt::NoPen);
            p.setBrush(style::kCellCountBadge);
            p.drawRoundedRect(r, 3, 3);
            p.setBrush(Qt::NoBrush);
            p.setPen(e.color);
            p.drawText(r, Qt::AlignCenter, three);
            p.setFont(font());
            break;
        }
        case style::Mark::Line:
            p.setPen(QPen(e.color, 2.0, Qt::SolidLine, Qt::FlatCap));
            p.drawLine(QPointF(sw.left(), mid), QPointF(sw.right(), mid));
            break;
        case style::Mark::ThinLine: {
            QColor c = e.color;
            c.setAlpha(110);
            p.setPen(QPen(c, 1.0, Qt::SolidLine, Qt::FlatCap));
            p.drawLine(QPointF(sw.left(), mid), QPointF(sw.right(), mid));
            break;
        }
        case style::Mark::Bar:
            p.setPen(QPen(QColor(0, 0, 0, 140), 1.0));
            p.setBrush(e.color);
            p.drawRect(QRectF(sw.left() + 3, mid - 1.5, sw.width() - 6, 3));
            break;
        case style::Mark::Arrow: {
            const QPointF a(sw.left() + 3, mid);
            const QPointF b(sw.right() - 2, mid);
            QPainterPath head;
            head.moveTo(b + QPointF(-6, -3));
            head.lineTo(b);
            head.lineTo(b + QPointF(-6, 3));
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(e.color, 2.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            p.drawLine(a, b);
            p.drawPath(head);
            p.setPen(Qt::NoPen);
            p.setBrush(e.color);
            p.drawEllipse(a, 2.5, 2.5);
            break;
        }
        case style::Mark::Translucent: {
            p.setPen(Qt::NoPen);
            QColor c = e.color;
            c.setAlphaF(float(style::kCollidingOpacity));
            p.setBrush(c);
            p.drawRect(QRectF(sw.left() + 4, sw.top() - 1, 14, 14));
            break;
        }
        }
        p.setPen(QColor(225, 235, 245));
        p.drawText(row.text, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, e.text);
    }
}

void PlayLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.drawPixmap(0, 0, mPixmap);
}

void PlayLegend::mousePressEvent(QMouseEvent* event) {
    // The panel takes the clicks over it (none paints the map beneath); the header's
    // left click collapses or expands it, on release, as a button does.
    mPressedOnHeader =
        event->button() == Qt::LeftButton && headerRect().contains(event->position().toPoint());
    event->accept();
}

void PlayLegend::mouseReleaseEvent(QMouseEvent* event) {
    event->accept();
    if (event->button() != Qt::LeftButton || !std::exchange(mPressedOnHeader, false))
        return;
    if (headerRect().contains(event->position().toPoint()))
        emit headerClicked();
}

void PlayLegend::mouseMoveEvent(QMouseEvent* event) {
    event->accept();
    if (headerRect().contains(event->position().toPoint()))
        setCursor(Qt::PointingHandCursor);
    else
        unsetCursor();
}

} // namespace ts::play
