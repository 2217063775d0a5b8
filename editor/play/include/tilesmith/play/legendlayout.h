// The overlay legend's layout and decisions, apart from its widget (PlayLegend only
// draws what this says): which rows it lists (those of the overlays that are on),
// where its header, marks and texts go, whether it is collapsed to its header (a
// chip, "Legend ▸  Ctrl+L") or expanded, and which corner of the view it takes.
// No widget and no painting here: tests ask it directly.
#pragma once

#include "tilesmith/play/overlaystyle.h"

#include <QFont>
#include <QRect>
#include <QString>

#include <functional>
#include <vector>

namespace ts::play {

class LegendLayout {
public:
    /// The corners the legend may sit in (the HUD has the top-left one).
    enum class Corner { BottomLeft, BottomRight, TopRight };
    struct Row {
        style::LegendEntry entry;
        QRect swatch; ///< where the mark goes (panel coordinates)
        QRect text;   ///< the wrapped text's box (panel coordinates)
    };
    /// What a rectangle of the view (the legend's parent's coordinates) would hide:
    /// the controller counts the bodies under it, the player counting kPlayerCost.
    using Hidden = std::function<int(const QRect&)>;

    /// Calls in a row another corner must hide less before the legend moves there
    /// for bodies, so one walking past does not make it jump back and forth.
    static constexpr int kSettleFrames = 20;
    /// What hiding the player costs: more than any crowd of other bodies, and never
    /// waited out (kSettleFrames).
    static constexpr int kPlayerCost = 1000;
    /// What covering the HUD costs: as much as the player.
    static constexpr int kHudCost = kPlayerCost;
    /// The gap between the legend and the view's edges.
    static constexpr int kMargin = 8;

    /// Lays out the rows of the overlays on in `overlays` (Overlay bits) in `font`,
    /// under a header naming `keys`, the shortcut that collapses and expands the
    /// legend (may be empty).
    void setContent(const QFont& font, unsigned overlays, const QString& keys);
    /// No overlay that is on draws a mark to explain: the legend stays hidden.
    bool isEmpty() const { return mRows.empty(); }
    const std::vector<Row>& rows() const { return mRows; }

    /// Collapsed to its header (a chip) rather than expanded.
    bool isCollapsed() const { return mCollapsed; }
    /// The user's choice (the header clicked, the shortcut): applies at once, in the
    /// same corner, and again whenever the legend appears.
    void setCollapsed(bool collapsed);
    bool wantsCollapsed() const { return mWantCollapsed; }
    /// The legend appears (again): the next place() takes the best corner at once and
    /// decides whether it starts collapsed.
    void restart() { mStarting = true; }

    QSize size() const { return mCollapsed ? mChip : mPanel; }
    QSize expandedSize() const { return mPanel; }
    QSize collapsedSize() const { return mChip; }
    /// The header in panel coordinates: the whole chip when collapsed, the top row
    /// when expanded. A click there collapses or expands the legend.
    QRect headerRect() const;
    /// "Legend ▸" (collapsed) or "Legend ▾" (expanded), and where it goes (in bold).
    QString title() const;
    QRect titleRect() const { return mTitle; }
    /// The shortcut as the header shows it, right-aligned in the header.
    QString keys() const { return mKeys; }
    QRect keysRect() const;

    /// The legend's rectangle in `corner` of `area` (parent coordinates), at its size now.
    QRect rectIn(const QRect& area, Corner corner) const { return rectIn(area, corner, size()); }
    QRect rectIn(const QRect& area, Corner corner, QSize size) const;
    /// Where the legend goes in `area`: in the corner that hides the least, preferring
    /// bottom-left, then bottom-right, then top-right. `hidden` says what a rectangle
    /// hides (bodies; none without it), and covering `keepClear` (the HUD's rectangle;
    /// none if empty) costs kHudCost. Appearing (restart()), or covering the HUD or the
    /// player where it is, it takes the best corner at once; otherwise it moves only
    /// when another corner has hidden less for kSettleFrames calls in a row.
    /// Appearing, it starts collapsed when the user collapsed it, or when no corner holds
    /// it expanded clear of the HUD and of every body (a small view: at 1000 x 700 the
    /// tutorial's only corner clear of the HUD and the player puts the panel over a box
    /// and an NPC, on a quarter of the view). That is not the user's choice: the legend
    /// appears expanded again in a larger view.
    QRect place(const QRect& area, const QRect& keepClear, const Hidden& hidden);
    Corner corner() const { return mCorner; }

private:
    std::vector<Row> mRows;
    QSize mPanel;
    QSize mChip;
    int mHeaderHeight = 0;
    QRect mTitle;
    QString mKeys;
    int mKeysWidth = 0;
    bool mCollapsed = false;
    bool mWantCollapsed = false;
    bool mStarting = true;
    Corner mCorner = Corner::BottomLeft;
    Corner mCandidate = Corner::BottomLeft;
    int mCandidateFrames = 0;
};

} // namespace ts::play
