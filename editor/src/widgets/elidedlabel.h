// A one-line label that, given less room than its text needs, shows as many
// whole words as fit and an ellipsis ("Left drag: paint (brush size 3; [ ]
// change…") instead of a text cut off mid-word; it asks for its whole text's
// width but can be squeezed to the ellipsis. Given a part separator (" · "),
// it shortens only between whole parts and is never narrower than its first
// part and the ellipsis ("Reachability: 9 warnings…"). The status bar's hint,
// reachability summary and readouts use it, so a narrow window shortens them
// instead of being held wide by them.
#pragma once

#include <QLabel>

class QFontMetrics;

namespace ts::editor {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    /// `text` as shown in `width` pixels: whole, or the words that fit followed
    /// by "…" (only "…" when not even the first word fits). A file path in it
    /// ("/home/ann/levels/cave.yaml") is shortened first, in its folders' middle,
    /// down to "…/cave.yaml": the file name stays.
    static QString elideAtWord(const QFontMetrics& metrics, const QString& text, int width);
    /// `text` as shown in `width` pixels when it is made of parts joined by
    /// `separator`: whole, or the parts that fit followed by "…" (the first part
    /// and "…" at least; cut at a word as elideAtWord() only when even that does
    /// not fit).
    static QString elideAtPart(const QFontMetrics& metrics, const QString& text,
                               const QString& separator, int width);
    /// The text as the label shows it now.
    QString shownText() const;
    /// On: the whole text is the tooltip while it is shortened.
    void setFullTextTip(bool on) { mFullTextTip = on; }
    /// Non-empty: shorten only between the parts this separates, keeping the
    /// first one whole (see elideAtPart() and minimumSizeHint()).
    void setPartSeparator(const QString& separator);

    /// Non-empty: never narrower than `least` (a readout's "0000, 0000…"), whatever
    /// its text, so a changing text does not change its minimum.
    void setLeastText(const QString& least);
    /// Asks for at least `width` pixels while its text needs less, so a text that
    /// changes (a coordinate) does not move its neighbours; a layout short of room
    /// can still squeeze it to its minimum.
    void setReservedWidth(int width);
    /// Room kept before the text (a status-bar section's gap from its left neighbour,
    /// where the status bar draws its separator): part of sizeHint(), not of
    /// minimumSizeHint(): squeezed, the label shortens its text to its least first
    /// and gives up the gap last (none at its minimum), so the window's least width
    /// does not grow.
    void setLeadingGap(int gap);
    int leadingGap() const { return mGap; }
    /// Where the text is drawn: contentsRect() after the part of the leading gap
    /// the label's width leaves.
    QRect textRect() const;

    /// The text's width, or the reserved width when wider.
    QSize sizeHint() const override;
    /// The least text when there is one; else the ellipsis, or with a part
    /// separator, the first part and the ellipsis (the whole text when it is one part).
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    bool mFullTextTip = false;
    QString mSeparator;
    QString mLeast;
    int mReserved = 0;
    int mGap = 0;
};

} // namespace ts::editor
