// The main window's status bar: its sections (the hint, the reachability summary,
// the tile, tool, zoom and map-size readouts) read as separate fields, as in a
// professional editor's status bar: a thin line between each section and the
// next, with a gap on either side while the window has room (the next section's
// leading gap, ElidedLabel::setLeadingGap()); in the narrowest window the gaps are
// given up and the line stays, in the layout's spacing, so the window's least
// width does not grow. It also keeps itself, and so the window, at least as wide
// as its items need at their least (QStatusBar's width policy is Ignored).
#pragma once

#include <QList>
#include <QPointer>
#include <QStatusBar>

namespace ts::editor {

class ElidedLabel;

class EditorStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit EditorStatusBar(QWidget* parent = nullptr);

    /// Adds a section at `index` (-1: after the others; sections read left to
    /// right): `widget` (this bar's item or a widget inside one) whose text `label`
    /// (the widget itself when it is an ElidedLabel) starts the section. Every
    /// section but the first gets kSectionGap before its text.
    void addSection(QWidget* widget, ElidedLabel* label = nullptr, int index = -1);
    /// The x (in this bar) of each separator drawn now: one between each visible
    /// section and the next visible one.
    QList<int> separatorPositions() const;
    /// The room before a section's text, besides the layout's spacing.
    static constexpr int kSectionGap = 10;

protected:
    bool event(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    struct Section {
        QPointer<QWidget> widget;
        QPointer<ElidedLabel> label;
    };
    QList<Section> mSections;
};

} // namespace ts::editor
