#include "elidedlabel.h"

#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QToolTip>

#include <algorithm>
#include <utility>

namespace ts::editor {

namespace {
const QString kEllipsis = QStringLiteral("\u2026");

bool isSeparator(QChar c) {
    return c == QLatin1Char('/') || c == QLatin1Char('\\');
}

/// The folders of the first file path in `text`, from its word's start to just after
/// the separator before the file name ({-1, -1} when there is none). A path is a word
/// that starts at the root ("/", "~/", "C:\\") or holds two separators, so a key
/// pair like "A/D" is none.
std::pair<qsizetype, qsizetype> pathFolders(const QString& text) {
    qsizetype start = 0;
    while (start < text.size()) {
        while (start < text.size() && text.at(start).isSpace())
            ++start;
        qsizetype end = start;
        while (end < text.size() && !text.at(end).isSpace())
            ++end;
        const QStringView word = QStringView(text).sliced(start, end - start);
        const qsizetype separators = std::count_if(word.begin(), word.end(), isSeparator);
        const bool rooted = (!word.isEmpty() && isSeparator(word.front())) ||
                            word.startsWith(QLatin1String("~/")) ||
                            (word.size() > 2 && word.at(0).isLetter() &&
                             word.at(1) == QLatin1Char(':') && isSeparator(word.at(2)));
        if (separators > 0 && (rooted || separators >= 2)) {
            qsizetype last = word.size() - 1;
            while (last >= 0 && !isSeparator(word.at(last)))
                --last;
            if (last > 0)
                return {start, start + last + 1};
        }
        start = end;
    }
    return {-1, -1};
}
} // namespace

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
}

QString ElidedLabel::elideAtWord(const QFontMetrics& metrics, const QString& text, int width) {
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    // A file path gives up its folders first, in their middle, and keeps its file
    // name: "Saved /home/ann/…/levels/cave.yaml", then "Saved …/cave.yaml".
    if (const auto [begin, end] = pathFolders(text); begin >= 0) {
        const QString before = text.left(begin);
        const QString folders = text.mid(begin, end - begin);
        const QString after = text.mid(end);
        const QString least = kEllipsis + folders.back();
        const int room = width - metrics.horizontalAdvance(before + after);
        QString shown = metrics.elidedText(folders, Qt::ElideMiddle, room);
        if (!shown.contains(kEllipsis) || !shown.endsWith(folders.back()))
            shown = least;
        if (metrics.horizontalAdvance(before + shown + after) <= width)
            return before + shown + after;
        // Not even "…/" and the file name fit: the words after them go too.
        return elideAtWord(metrics, before + least + after, width);
    }
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
    const int width = textRect().width();
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

void ElidedLabel::setLeadingGap(int gap) {
    mGap = std::max(gap, 0);
    updateGeometry();
    update();
}

QRect ElidedLabel::textRect() const {
    const int spare = width() - minimumSizeHint().width();
    return contentsRect().adjusted(std::clamp(spare, 0, mGap), 0, 0, 0);
}

QSize ElidedLabel::sizeHint() const {
    const QSize hint = QLabel::sizeHint();
    return QSize(std::max(hint.width(), mReserved) + mGap, hint.height());
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
    style()->drawItemText(&painter, textRect(),
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
