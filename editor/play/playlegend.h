// The overlays' legend: a small translucent panel in a corner of the view (the
// bottom-left one unless bodies are under it, see place()) that says what each colour and mark of
// the play overlays means (View > Overlays > Legend). Its rows come from overlaystyle.h, the table
// the overlay items draw with. Drawn once into a pixmap: repaints are a blit.
#pragma once

#include <QPixmap>
#include <QStringList>
#include <QWidget>

#include <functional>

namespace ts::play {

class PlayLegend : public QWidget {
    Q_OBJECT
public:
    explicit PlayLegend(QWidget* parent = nullptr);
    /// The rows' texts, in order (tests and the README read them).
    QStringList texts() const;
    /// The corners the panel may sit in (the HUD has the top-left one).
    enum class Corner { BottomLeft, BottomRight, TopRight };
    /// Puts the panel in a corner of `area` (parent coordinates), out of the
    /// way of the play: in the corner whose rectangle hides the least, as
    /// `hidden(rect)` says (rect in parent coordinates; the controller counts
    /// the bodies under it, the player counting kPlayerCost), preferring
    /// bottom-left, then bottom-right, then top-right. Shown again, or hiding the
    /// player where it is, it takes the best corner at once; otherwise it moves
    /// only when another corner has hidden less for kSettleFrames calls in a row,
    /// so a body walking past does not make it jump back and forth. Without
    /// `hidden` it keeps its corner.
    void place(const QRect& area, const std::function<int(const QRect&)>& hidden = {});
    Corner corner() const { return mCorner; }
    /// The panel's rectangle in `corner` of `area`.
    QRect rectIn(const QRect& area, Corner corner) const;
    static constexpr int kSettleFrames = 20;
    /// What hiding the player costs: more than any crowd of other bodies, and
    /// never waited out (kSettleFrames).
    static constexpr int kPlayerCost = 1000;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void render();
    QPixmap mPixmap;
    Corner mCorner = Corner::BottomLeft;
    Corner mCandidate = Corner::BottomLeft;
    int mCandidateFrames = 0;
    bool mFresh = true; ///< hidden since the last placement: choose at once
};

} // namespace ts::play
