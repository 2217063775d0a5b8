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

QString ElidedLabel::elideAtPart(const QFontMetrics& metrics, const QString& text,
                                 const QString& separator, int width) {
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    const QStringList parts = text.split(separator);
    // The most leading parts that fit with the ellipsis, the first one at least.
    for (qsizetype kept = parts.size() - 1; kept >= 1; --kept) {
        const QString shown = parts.first(kept).join(separator) + kEllipsis;
        if (metrics.horizontalAdvance(shown) <= width)
            return shown;
    }
    // Squeezed below the first part (which minimumSizeHint() asks for): a word.
    return elideAtWord(metrics, text, width);
}

void ElidedLabel::setPartSeparator(const QString& separator) {
    mSeparator = separator;
    updateGeometry();
    update();
}

QString ElidedLabel::shownText() const {
    const int width = contentsRect().width();
    if (!mSeparator.isEmpty())
        return elideAtPart(fontMetrics(), text(), mSeparator, width);
    return elideAtWord(fontMetrics(), text(), width);
}

void ElidedLabel::setLeastText(const QString& least) {
    mLeast = least;
    updateGeometry();
}

void ElidedLabel::setReservedWidth(int width) {
    mReserved = width;
    updateGeometry();
}

QSize ElidedLabel::sizeHint() const {
    const QSize hint = QLabel::sizeHint();
    return QSize(std::max(hint.width(), mReserved), hint.height());
}

QSize ElidedLabel::minimumSizeHint() const {
    // Squeezed to the ellipsis, or to the first part and the ellipsis, no further.
    QString least = kEllipsis;
    if (!mLeast.isEmpty()) {
        least = mLeast;
    } else if (!mSeparator.isEmpty() && !text().isEmpty()) {
        const qsizetype end = text().indexOf(mSeparator);
        least = end < 0 ? text() : text().left(end) + kEllipsis;
    }
    const QMargins m = contentsMargins();
    return QSize(fontMetrics().horizontalAdvance(least) + m.left() + m.right(),
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
