#include "tilesmith/play/legendlayout.h"

#include <QFontMetrics>

#include <algorithm>

namespace ts::play {

namespace {
constexpr int kPad = 8;      ///< inside the panel's edges
constexpr int kHeadPad = 4;  ///< above and below the header's text
constexpr int kKeysGap = 12; ///< between the title and the shortcut
constexpr int kSwatch = 26;  ///< a mark's width
constexpr int kSwatchH = 12; ///< a mark's height
constexpr int kGap = 8;      ///< between a mark and its text
constexpr int kMaxText = 300;
constexpr int kRowGap = 3;
const QString kCollapsedTitle = QStringLiteral("Legend \u25b8");
const QString kExpandedTitle = QStringLiteral("Legend \u25be");
} // namespace

void LegendLayout::setContent(const QFont& font, unsigned overlays, const QString& keys) {
    const QFontMetrics fm(font);
    mKeys = keys;
    mKeysWidth = keys.isEmpty() ? 0 : fm.horizontalAdvance(keys);
    QFont bold = font; // the title is bold
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const int titleW =
        std::max(bfm.horizontalAdvance(kCollapsedTitle), bfm.horizontalAdvance(kExpandedTitle));
    mHeaderHeight = fm.height() + 2 * kHeadPad;
    mTitle = QRect(kPad, kHeadPad, titleW, fm.height());
    mChip =
        QSize(kPad + titleW + (mKeysWidth > 0 ? kKeysGap + mKeysWidth : 0) + kPad, mHeaderHeight);

    mRows.clear();
    int textW = 0;
    int y = mHeaderHeight + kRowGap + 2;
    for (const style::LegendEntry& e : style::legend()) {
        if (!(overlays & e.overlay))
            continue;
        const QRect wrapped =
            fm.boundingRect(QRect(0, 0, kMaxText, 1000), Qt::TextWordWrap, e.text);
        const int rowH = std::max(wrapped.height(), fm.height());
        Row row{e, QRect(kPad, y + (fm.height() - kSwatchH) / 2, kSwatch, kSwatchH),
                QRect(kPad + kSwatch + kGap, y, wrapped.width(), rowH)};
        mRows.push_back(row);
        textW = std::max(textW, wrapped.width());
        y += rowH + kRowGap;
    }
    for (Row& row : mRows)
        row.text.setWidth(textW);
    mPanel =
        QSize(std::max(kPad + kSwatch + kGap + textW + kPad, mChip.width()), y - kRowGap + kPad);
}

void LegendLayout::setCollapsed(bool collapsed) {
    mWantCollapsed = collapsed;
    mCollapsed = collapsed;
    mCandidateFrames = 0;
}

QRect LegendLayout::headerRect() const {
    return QRect(0, 0, size().width(), mHeaderHeight);
}

QString LegendLayout::title() const {
    return mCollapsed ? kCollapsedTitle : kExpandedTitle;
}

QRect LegendLayout::keysRect() const {
    return QRect(size().width() - kPad - mKeysWidth, mTitle.top(), mKeysWidth, mTitle.height());
}

QRect LegendLayout::rectIn(const QRect& area, Corner corner, QSize size) const {
    const int left = corner == Corner::BottomLeft ? area.left() + kMargin
                                                  : area.right() + 1 - kMargin - size.width();
    const int top = corner == Corner::TopRight ? area.top() + kMargin
                                               : area.bottom() + 1 - kMargin - size.height();
    return {QPoint(left, top), size};
}

QRect LegendLayout::place(const QRect& area, const QRect& keepClear, const Hidden& hidden) {
    constexpr Corner kOrder[] = {Corner::BottomLeft, Corner::BottomRight, Corner::TopRight};
    const auto cost = [&](Corner c, QSize size) {
        const QRect r = rectIn(area, c, size);
        return (hidden ? hidden(r) : 0) + (r.intersects(keepClear) ? kHudCost : 0);
    };
    const bool starting = mStarting;
    if (starting) {
        // Expanded only where a corner holds the whole panel clear of the HUD and the
        // bodies: a view with no such corner is too small for it (see the header).
        int least = kPlayerCost;
        for (const Corner c : kOrder)
            least = std::min(least, cost(c, mPanel));
        mCollapsed = mWantCollapsed || least > 0;
        mStarting = false;
    }
    const int here = cost(mCorner, size());
    Corner best = mCorner;
    int bestCost = here;
    for (const Corner c : kOrder) {
        const int k = c == mCorner ? here : cost(c, size());
        if (k < bestCost) {
            best = c;
            bestCost = k;
        }
    }
    // The player or the HUD under the legend is never waited out: the followed camera
    // moving the player into its corner, a zoom about it, the legend expanded over it.
    if (starting || (bestCost < kPlayerCost && here >= kPlayerCost)) {
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
    return rectIn(area, mCorner);
}

} // namespace ts::play
