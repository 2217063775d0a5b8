#include "editorstatusbar.h"

#include "elidedlabel.h"

#include <QEvent>
#include <QPainter>

namespace ts::editor {

EditorStatusBar::EditorStatusBar(QWidget* parent) : QStatusBar(parent) {
    setObjectName(QStringLiteral("statusBar"));
}

void EditorStatusBar::addSection(QWidget* widget, ElidedLabel* label, int index) {
    if (!label)
        label = qobject_cast<ElidedLabel*>(widget);
    if (index < 0 || index > mSections.size())
        index = int(mSections.size());
    Q_ASSERT(index > 0 || mSections.isEmpty()); // the first keeps no gap
    if (index > 0 && label)
        label->setLeadingGap(kSectionGap);
    mSections.insert(index, {widget, label});
    // A section moved, resized, shown or hidden moves the separators beside it.
    widget->installEventFilter(this);
    if (label && label != widget)
        label->installEventFilter(this);
    update();
}

QList<int> EditorStatusBar::separatorPositions() const {
    QList<int> xs;
    const QWidget* previous = nullptr;
    for (const Section& s : mSections) {
        if (!s.widget || !s.widget->isVisibleTo(this) || s.widget->width() <= 0)
            continue;
        if (previous) {
            const int end = previous->mapTo(this, QPoint(previous->width(), 0)).x();
            const int textStart = s.label ? s.label->mapTo(this, s.label->textRect().topLeft()).x()
                                          : s.widget->mapTo(this, QPoint(0, 0)).x();
            // Midway between the previous section's end and this one's text.
            if (textStart > end)
                xs << (end + textStart) / 2;
        }
        previous = s.widget;
    }
    return xs;
}

bool EditorStatusBar::event(QEvent* event) {
    // The layout is asked to run again: the items' minimums may have changed (a
    // new summary, a shown or hidden one). Without this, in a window narrower
    // than their least, the box layout would cut them below their minimums, the
    // widest first: the summary to "…".
    if (event->type() == QEvent::LayoutRequest)
        setMinimumWidth(minimumSizeHint().width());
    return QStatusBar::event(event);
}

bool EditorStatusBar::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
        update();
        break;
    default:
        break;
    }
    return QStatusBar::eventFilter(watched, event);
}

void EditorStatusBar::paintEvent(QPaintEvent* event) {
    QStatusBar::paintEvent(event);
    QPainter p(this);
    QColor line = palette().color(QPalette::WindowText);
    line.setAlpha(70);
    p.setPen(QPen(line, 1));
    const int top = 4;
    const int bottom = height() - 4;
    for (const int x : separatorPositions())
        p.drawLine(x, top, x, bottom);
}

} // namespace ts::editor
