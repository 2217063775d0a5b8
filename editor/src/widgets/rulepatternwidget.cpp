#include "rulepatternwidget.h"

#include "tilesmith/render/levelrenderer.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace ts::editor {

namespace {

constexpr int kCell = 18; ///< a pattern cell's side in pixels
constexpr int kFrame = 1; ///< around the grid

/// How a character is drawn: the cell's fill (a brush: hatched for the "not" characters)
/// and the glyph's colour.
struct Look {
    QBrush fill;
    QColor glyph;
};

Look lookOf(char c) {
    namespace palette = ts::render::palette;
    switch (c) {
    case '#':
        return {palette::solid, Qt::white};
    case '=':
        return {palette::oneWay, Qt::white};
    case '.':
        return {Qt::white, palette::solid};
    case 'x': // solid or one-way: the solid colour hatched
        return {QBrush(palette::solid, Qt::BDiagPattern), palette::border};
    case 'o': // empty or one-way: the one-way colour hatched
        return {QBrush(palette::oneWay, Qt::FDiagPattern), palette::border};
    default: // '?': anything, a quiet grey
        return {palette::mapBackground, QColor(0x8a, 0x93, 0xa0)};
    }
}

} // namespace

char RulePatternWidget::stepped(char c, int step) {
    const int n = int(kCycle.size());
    const auto at = std::find(kCycle.begin(), kCycle.end(), c);
    const int from = at == kCycle.end() ? 0 : int(at - kCycle.begin());
    return kCycle[size_t(((from + step) % n + n) % n)];
}

QString RulePatternWidget::meaning(char c) {
    switch (c) {
    case '#':
        return tr("solid");
    case '=':
        return tr("one-way");
    case '.':
        return tr("empty");
    case 'x':
        return tr("not empty: solid or one-way");
    case 'o':
        return tr("not solid: empty or one-way");
    case '?':
        return tr("anything");
    default:
        return tr("unknown");
    }
}

QString RulePatternWidget::placeName(int cell) {
    static const char* const names[9] = {QT_TR_NOOP("Above left"),       QT_TR_NOOP("Above"),
                                         QT_TR_NOOP("Above right"),      QT_TR_NOOP("Left"),
                                         QT_TR_NOOP("The cell painted"), QT_TR_NOOP("Right"),
                                         QT_TR_NOOP("Below left"),       QT_TR_NOOP("Below"),
                                         QT_TR_NOOP("Below right")};
    return cell >= 0 && cell < 9 ? tr(names[cell]) : QString();
}

RulePatternWidget::RulePatternWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    setCursor(Qt::PointingHandCursor);
}

void RulePatternWidget::setPattern(const std::array<char, 9>& pattern) {
    if (pattern == mPattern)
        return;
    mPattern = pattern;
    update();
}

QRect RulePatternWidget::cellRect(int cell) const {
    if (cell < 0 || cell >= 9)
        return {};
    return {kFrame + (cell % 3) * kCell, kFrame + (cell / 3) * kCell, kCell, kCell};
}

int RulePatternWidget::cellAt(QPoint pos) const {
    for (int cell = 0; cell < 9; ++cell)
        if (cellRect(cell).contains(pos))
            return cell;
    return -1;
}

QSize RulePatternWidget::sizeHint() const {
    return {3 * kCell + 2 * kFrame, 3 * kCell + 2 * kFrame};
}

void RulePatternWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    QFont glyphFont = font();
    glyphFont.setBold(true);
    glyphFont.setPixelSize(kCell * 2 / 3);
    p.setFont(glyphFont);
    for (int cell = 0; cell < 9; ++cell) {
        const char c = mPattern[size_t(cell)];
        const Look look = lookOf(c);
        const QRect r = cellRect(cell);
        p.fillRect(r, Qt::white);
        p.fillRect(r, look.fill);
        p.setPen(look.glyph);
        if (c == '.') { // a lone dot is too small to read as a glyph
            p.setRenderHint(QPainter::Antialiasing);
            p.setBrush(look.glyph);
            p.drawEllipse(QRectF(r).center(), kCell / 7.0, kCell / 7.0);
            p.setBrush(Qt::NoBrush);
            p.setRenderHint(QPainter::Antialiasing, false);
        } else {
            p.drawText(r, Qt::AlignCenter, QString(QLatin1Char(c)));
        }
    }
    // The grid, then the painted cell framed in the highlight colour.
    p.setPen(ts::render::palette::grid);
    for (int i = 0; i <= 3; ++i) {
        p.drawLine(kFrame + i * kCell, kFrame, kFrame + i * kCell, kFrame + 3 * kCell);
        p.drawLine(kFrame, kFrame + i * kCell, kFrame + 3 * kCell, kFrame + i * kCell);
    }
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.drawRect(cellRect(4).adjusted(1, 1, -1, -1));
    if (mKeyCell >= 0) {
        p.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
        p.drawRect(cellRect(mKeyCell).adjusted(3, 3, -4, -4));
    }
    p.setPen(ts::render::palette::border);
    p.drawRect(rect().adjusted(0, 0, -1, -1));
}

void RulePatternWidget::setKeyCell(int cell) {
    cell = cell >= 0 && cell < 9 ? cell : -1;
    if (cell == mKeyCell)
        return;
    mKeyCell = cell;
    update();
}

void RulePatternWidget::mousePressEvent(QMouseEvent* event) {
    const int cell = cellAt(event->position().toPoint());
    const int step = event->button() == Qt::LeftButton    ? 1
                     : event->button() == Qt::RightButton ? -1
                                                          : 0;
    if (cell < 0 || step == 0) {
        QWidget::mousePressEvent(event);
        return;
    }
    event->accept();
    emit cellClicked(cell, step);
}

QString RulePatternWidget::cellToolTip(int cell) const {
    if (cell < 0 || cell >= 9)
        return {};
    const auto named = [](char c) {
        return tr("%1 (%2)").arg(meaning(c), QString(QLatin1Char(c)));
    };
    const char c = mPattern[size_t(cell)];
    return tr("%1: %2\nClick: %3. Right click: %4.")
        .arg(placeName(cell), named(c), named(stepped(c, 1)), named(stepped(c, -1)));
}

bool RulePatternWidget::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    const int cell = cellAt(help->pos());
    if (cell < 0) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    QToolTip::showText(help->globalPos(), cellToolTip(cell), this, cellRect(cell));
    return true;
}

} // namespace ts::editor
