// The 3 x 3 pattern of an auto layer's rule as a designer edits it in the Rules dock: each
// cell drawn with its character's glyph and colour (the characters of the level format,
// art.h), the centre framed as the cell the rule paints. A left click on a cell asks for
// the next character of `? # = . x o`, a right click for the one before; the dock makes
// the change an undo step and shows the rule again, so the widget never edits itself. The
// cell the keyboard edits in the dock is framed dashed.
#pragma once

#include <QWidget>

#include <array>

namespace ts::editor {

class RulePatternWidget : public QWidget {
    Q_OBJECT
public:
    /// The order a click steps through the pattern characters.
    static constexpr std::array<char, 6> kCycle{'?', '#', '=', '.', 'x', 'o'};
    /// The character `step` places after `c` in kCycle, round the end (a character not in
    /// it counts as '?').
    static char stepped(char c, int step);
    /// What the character matches ("solid", "not empty: solid or one-way", ...).
    static QString meaning(char c);
    /// Where pattern cell 0 .. 8 is from the painted cell ("above left", "this cell", ...).
    static QString placeName(int cell);

    explicit RulePatternWidget(QWidget* parent = nullptr);

    void setPattern(const std::array<char, 9>& pattern);
    const std::array<char, 9>& pattern() const { return mPattern; }
    /// Cell 0 .. 8 (top row first) in widget coordinates; -1 outside the cells.
    QRect cellRect(int cell) const;
    int cellAt(QPoint pos) const;
    /// The cell the keyboard edits (Space steps it), drawn with a dashed frame; -1 for none.
    void setKeyCell(int cell);
    int keyCell() const { return mKeyCell; }
    /// The tooltip of `cell`: where it is, what it matches, what a click makes it.
    QString cellToolTip(int cell) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

signals:
    /// A click on `cell`: `step` 1 (left button) or -1 (right button).
    void cellClicked(int cell, int step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    std::array<char, 9> mPattern{'?', '?', '?', '?', '?', '?', '?', '?', '?'};
    int mKeyCell = -1;
};

} // namespace ts::editor
