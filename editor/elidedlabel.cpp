#include "elidedlabel.h"

#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QToolTip>

#include <algorithm>

namespace ts::editor {

namespace {
const QString kEllipsis = QStringLiteral("\u2026");
} // namespace

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
}

QString ElidedLabel::elideAtWord(const QFontMetrics& metrics, const QString& text, int width) {
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    // The characters that fit with the ellipsis, then back to the last word's end.
    const QString cut = metrics.elidedText(text, Qt::ElideRight, width);
    QString kept = cut.endsWith(kEllipsis) ? cut.chopped(kEllipsis.size()) : cut;
    const bool atWordEnd = kept.size() < text.size() && text.at(kept.size()).isSpace();
    if (!atWordEnd)
        kept.truncate(std::max<qsizetype>(kept.lastIndexOf(QLatin1Char(' ')), 0));
    // "size 3; [ ] change…", not "size 3; [ ] change;…" nor "change …".
    while (!kept.isEmpty() && (kept.back().isSpace() || kept.back().isPunct()))
        kept.chop(1);
    return kept + kEllipsis;
}

QString ElidedLabel::shownText() const {
    return elideAtWord(fontMetrics(), text(), contentsRect().width());
}

QSize ElidedLabel::minimumSizeHint() const {
    // Squeezed to the ellipsis, no further.
    const QMargins m = contentsMargins();
    return QSize(fontMetrics().horizontalAdvance(kEllipsis) + m.left() + m.right(),
                 QLabel::minimumSizeHint().height());
}

void ElidedLabel::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    style()->drawItemText(&painter, contentsRect(),
                          QStyle::visualAlignment(layoutDirection(), alignment()), palette(),
                          isEnabled(), shownText(), foregroundRole());
}

bool ElidedLabel::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip && mFullTextTip && toolTip().isEmpty()) {
        const QString shown = shownText();
        if (shown != text())
            QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), text(), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QLabel::event(event);
}

} // namespace ts::editor
