// The overlays' legend: a small translucent panel in a corner of the view (the
// bottom-left one unless bodies are under it) that says what each colour and mark of
// the overlays that are on means (View > Overlays > Legend), under a header that
// collapses it to a chip ("Legend ▸  Ctrl+L") and expands it again. Its rows come
// from overlaystyle.h, the table the overlay items draw with; what it lists, where
// things go, whether it is collapsed and which corner it takes are LegendLayout's
// decisions: this widget draws them (once into a pixmap: repaints are a blit) and
// says when its header is clicked. Only the header takes the mouse: the panel's body
// lets clicks through to the view beneath (the tools and play mode's painting work
// under it), so the legend is transparent to the mouse and a bare widget over its
// header (headerArea(), a sibling above it) takes the header's clicks.
#pragma once

#include "tilesmith/play/legendlayout.h"

#include <QPixmap>
#include <QPointer>
#include <QStringList>
#include <QWidget>

namespace ts::play {

class PlayLegend : public QWidget {
    Q_OBJECT
public:
    using Corner = LegendLayout::Corner;
    static constexpr int kSettleFrames = LegendLayout::kSettleFrames;
    static constexpr int kPlayerCost = LegendLayout::kPlayerCost;

    /// Over `parent` (the view), whose child headerArea() is too.
    explicit PlayLegend(QWidget* parent);
    ~PlayLegend() override;
    /// The rows' texts, in order (tests read them; docs/play-mode.md describes the overlays).
    QStringList texts() const;
    /// Lists the rows of the overlays on in `overlays` (Overlay bits).
    void setOverlays(unsigned overlays);
    /// The shortcut the header names ("Ctrl+L"; empty for none).
    void setKeys(const QString& keys);
    /// Nothing to explain: no overlay with marks is on.
    bool isEmpty() const { return mLayout.isEmpty(); }
    bool isCollapsed() const { return mLayout.isCollapsed(); }
    /// The user's choice (see LegendLayout::setCollapsed).
    void setCollapsed(bool collapsed);
    /// The header (the whole chip when collapsed), in this widget's coordinates.
    QRect headerRect() const { return mLayout.headerRect(); }
    /// The widget over the header (the parent's child, shown and moved with the
    /// legend) that takes the header's clicks, with a pointing hand and the tooltip.
    QWidget* headerArea() const { return mHeaderArea; }
    const LegendLayout& legendLayout() const { return mLayout; }

    /// Puts the legend in a corner of `area` (parent coordinates) clear of `keepClear`
    /// (the HUD) and of what `hidden` counts (see LegendLayout::place()). Shown again,
    /// it chooses afresh, and may start collapsed in a small view.
    void place(const QRect& area, const QRect& keepClear = {},
               const LegendLayout::Hidden& hidden = {});
    Corner corner() const { return mLayout.corner(); }
    /// The legend's rectangle in `corner` of `area`, at its size now.
    QRect rectIn(const QRect& area, Corner corner) const { return mLayout.rectIn(area, corner); }

signals:
    /// A left click on the header: the controller collapses or expands the legend.
    void headerClicked();
    /// Collapsed or expanded, by the user or, appearing in a small view, by place().
    void collapsedChanged(bool collapsed);

protected:
    void paintEvent(QPaintEvent* event) override;
    void moveEvent(QMoveEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    /// The header area's mouse: a left click collapses or expands the legend.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void relayout();
    void render();
    /// Puts the header area over the header.
    void placeHeaderArea();
    LegendLayout mLayout;
    unsigned mOverlays = ~0u;
    QString mKeys;
    QPixmap mPixmap;
    QPointer<QWidget> mHeaderArea;
    bool mPressedOnHeader = false;
};

} // namespace ts::play
