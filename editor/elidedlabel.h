// A one-line label that, given less room than its text needs, shows as many
// whole words as fit and an ellipsis ("Left drag: paint (brush size 3; [ ]
// change…") instead of a text cut off mid-word; it asks for its whole text's
// width but can be squeezed to the ellipsis. The status bar's hint and
// reachability summary use it, so a narrow window shortens both.
#pragma once

#include <QLabel>

class QFontMetrics;

namespace ts::editor {

class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    /// `text` as shown in `width` pixels: whole, or the words that fit followed
    /// by "…" (only "…" when not even the first word fits).
    static QString elideAtWord(const QFontMetrics& metrics, const QString& text, int width);
    /// The text as the label shows it now.
    QString shownText() const;
    /// On: the whole text is the tooltip while it is shortened.
    void setFullTextTip(bool on) { mFullTextTip = on; }

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    bool mFullTextTip = false;
};

} // namespace ts::editor
