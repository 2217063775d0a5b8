#include "play/playlegend.h"

#include "play/overlaystyle.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace ts::play {

namespace {
constexpr int kPad = 8;
constexpr int kSwatch = 26;
constexpr int kGap = 8;
constexpr int kMaxText = 300;
} // namespace

PlayLegend::PlayLegend(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    QFont f = font();
    f.setPixelSize(11);
    setFont(f);
    setObjectName(QStringLiteral("playLegend"));
    render();
}

QStringList PlayLegend::texts() const {
    QStringList list;
    for (const style::LegendEntry& e : style::legend())
        list << e.text;
    return list;
}

QRect PlayLegend::rectIn(const QRect& area, Corner corner) const {
    constexpr int kMargin = 8;
    const int left =
        corner == Corner::BottomLeft ? area.left() + kMargin : area.right() + 1 - kMargin - width();
    const int top =
        corner == Corner::TopRight ? area.top() + kMargin : area.bottom() + 1 - kMargin - height();
    return {QPoint(left, top), size()};
}

void PlayLegend::place(const QRect& area, const std::function<int(const QRect&)>& hidden) {
    if (!isVisible())
        mFresh = true; // shown again, it takes the best corner at once
    if (!hidden || !isVisible()) {
        move(rectIn(area, mCorner).topLeft());
        return;
    }
    const auto cost = [&](Corner c) { return hidden(rectIn(area, c)); };
    const int here = cost(mCorner);
    Corner best = mCorner;
    int bestCost = here;
    for (const Corner c : {Corner::BottomLeft, Corner::BottomRight, Corner::TopRight}) {
        const int k = c == mCorner ? here : cost(c);
        if (k < bestCost) {
            best = c;
            bestCost = k;
        }
    }
    // The player under the panel is never waited out: the followed camera moving it
    // into the panel's corner, a zoom about it, the panel shown over it.
    if (mFresh || (bestCost < kPlayerCost && here >= kPlayerCost)) {
        mFresh = false;
        mCorner = best;
        mCandidateFrames = 0;
    } else if (best == mCorner) {
        mCandidateFrames = 0;
    } else if (best == mCandidate && mCandidateFrames > 0) {
        if (++mCandidateFrames >= kSettleFrames) {
            mCorner = best;
            mCandidateFrames = 0;
        }
    } else {
        mCandidate = best;
        mCandidateFrames = 1;
    }
    move(rectIn(area, mCorner).topLeft());
}

void PlayLegend::render() {
    const QFontMetrics fm(font());
    const std::vector<style::LegendEntry> rows = style::legend();
    int textW = 0;
    std::vector<QRect> textRects;
    for (const style::LegendEntry& e : rows) {
        const QRect r = fm.boundingRect(QRect(0, 0, kMaxText, 1000), Qt::TextWordWrap, e.text);
        textRects.push_back(r);
        textW = std::max(textW, r.width());
    }
    int h = kPad;
    for (const QRect& r : textRects)
        h += std::max(r.height(), fm.height()) + 3;
    h += kPad - 3;
    const QSize size(kPad + kSwatch + kGap + textW + kPad, h);
    resize(size);
    mPixmap = QPixmap(size);
    mPixmap.fill(Qt::transparent);
    QPainter p(&mPixmap);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(15, 20, 30, 200));
    p.drawRoundedRect(QRectF(QPointF(0, 0), QSizeF(size)), 5, 5);
    p.setFont(font());
    int y = kPad;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const style::LegendEntry& e = rows[i];
        const int rowH = std::max(textRects[i].height(), fm.height());
        const QRectF sw(kPad, y + (fm.height() - 12) / 2.0, kSwatch, 12);
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
        const QRect tr(kPad + kSwatch + kGap, y, textW, rowH);
        p.drawText(tr, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, e.text);
        y += rowH + 3;
    }
}

void PlayLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.drawPixmap(0, 0, mPixmap);
}

} // namespace ts::play
