// The overlays' legend: a small translucent panel in a corner of the view (the
// bottom-left one unless bodies are under it) that says what each colour and mark of
// the overlays that are on means (View > Overlays > Legend), under a header that
// collapses it to a chip ("Legend ▸  Ctrl+L") and expands it again. Its rows come
// from overlaystyle.h, the table the overlay items draw with; what it lists, where
// things go, whether it is collapsed and which corner it takes are LegendLayout's
// decisions: this widget draws them (once into a pixmap: repaints are a blit) and
// says when its header is clicked.
#pragma once

#include "play/legendlayout.h"

#include <QPixmap>
#include <QStringList>
#include <QWidget>

namespace ts::play {

class PlayLegend : public QWidget {
    Q_OBJECT
public:
    using Corner = LegendLayout::Corner;
    static constexpr int kSettleFrames = LegendLayout::kSettleFrames;
    static constexpr int kPlayerCost = LegendLayout::kPlayerCost;

    explicit PlayLegend(QWidget* parent = nullptr);
    /// The rows' texts, in order (tests and the README read them).
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
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void relayout();
    void render();
    LegendLayout mLayout;
    unsigned mOverlays = ~0u;
    QString mKeys;
    QPixmap mPixmap;
    bool mPressedOnHeader = false;
};

} // namespace ts::play
