#include "tilesmith/play/playlegend.h"

#include "tilesmith/play/overlaystyle.h"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace ts::play {

PlayLegend::PlayLegend(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_NoSystemBackground);
    // The body lets the mouse through to the view: a tile under it is painted as
    // anywhere else. The header area takes the header's clicks.
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFocusPolicy(Qt::NoFocus);
    mHeaderArea = new QWidget(parent); // draws nothing: the legend's header shows through
    mHeaderArea->setObjectName(QStringLiteral("playLegendHeader"));
    mHeaderArea->setFocusPolicy(Qt::NoFocus); // a click leaves the keyboard with the view
    mHeaderArea->setCursor(Qt::PointingHandCursor);
    mHeaderArea->installEventFilter(this);
    mHeaderArea->hide();
    QFont f = font();
    f.setPixelSize(11);
    setFont(f);
    setObjectName(QStringLiteral("playLegend"));
    relayout();
}

PlayLegend::~PlayLegend() {
    delete mHeaderArea.data(); // unless the view has deleted it first
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
    if (mHeaderArea)
        mHeaderArea->setToolTip(mLayout.isCollapsed()
                                    ? tr("Expand the legend: click it%1").arg(press)
                                    : tr("Collapse the legend: click its header%1").arg(press));
    placeHeaderArea();
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
        case style::Mark::ThinLine: {
            // As the view draws them: kLinePx thick, a swept line fainter.
            QColor c = e.color;
            if (e.mark == style::Mark::ThinLine)
                c.setAlpha(style::kSweptAlpha);
            p.fillRect(
                QRectF(sw.left(), std::round(mid) - style::kLinePx / 2, sw.width(), style::kLinePx),
                c);
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

void PlayLegend::placeHeaderArea() {
    if (mHeaderArea)
        mHeaderArea->setGeometry(headerRect().translated(pos()));
}

void PlayLegend::moveEvent(QMoveEvent* event) {
    QWidget::moveEvent(event);
    placeHeaderArea();
}

void PlayLegend::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeHeaderArea();
}

void PlayLegend::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (mHeaderArea) {
        placeHeaderArea();
        mHeaderArea->show();
        mHeaderArea->raise();
    }
}

void PlayLegend::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    if (mHeaderArea)
        mHeaderArea->hide();
}

bool PlayLegend::eventFilter(QObject* watched, QEvent* event) {
    if (watched != mHeaderArea)
        return QWidget::eventFilter(watched, event);
    // The header's left click collapses or expands the legend, on release, as a
    // button does; every click over the header is its own (none paints beneath).
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
        mPressedOnHeader = static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton;
        return true;
    case QEvent::MouseButtonRelease: {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() == Qt::LeftButton && std::exchange(mPressedOnHeader, false) &&
            mHeaderArea->rect().contains(mouse->position().toPoint()))
            emit headerClicked();
        return true;
    }
    case QEvent::MouseMove:
        return true;
    default:
        return false;
    }
}

} // namespace ts::play
