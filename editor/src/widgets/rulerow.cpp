#include "rulerow.h"

#include "rulepatternwidget.h"
#include "tilesmith/level/art.h"
#include "uitext.h"

#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace ts::editor {

namespace {
constexpr int kGap = 2; ///< between thumbnails
} // namespace

RuleTilesWidget::RuleTilesWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

void RuleTilesWidget::setTiles(std::vector<std::int32_t> tiles, std::vector<QImage> thumbnails) {
    if (tiles != mTiles) // the picked variant was one of the tiles shown
        mSelected = -1;
    mTiles = std::move(tiles);
    mThumbnails = std::move(thumbnails);
    mThumbnails.resize(mTiles.size());
    updateGeometry();
    update();
}

void RuleTilesWidget::setSelected(int variant) {
    variant = variant >= 0 && variant < int(mTiles.size()) ? variant : -1;
    if (variant == mSelected)
        return;
    mSelected = variant;
    update();
}

QRect RuleTilesWidget::thumbRect(int i) const {
    if (i < 0 || i >= int(mTiles.size()))
        return {};
    const int step = kThumb + kGap;
    return {kGap + (i % kColumns) * step, kGap + (i / kColumns) * step, kThumb, kThumb};
}

int RuleTilesWidget::variantAt(QPoint pos) const {
    const int step = kThumb + kGap;
    const int column = (pos.x() - kGap) / step;
    const int row = (pos.y() - kGap) / step;
    if (pos.x() < kGap || pos.y() < kGap || column >= kColumns)
        return -1;
    const int i = row * kColumns + column;
    return thumbRect(i).contains(pos) ? i : -1;
}

QSize RuleTilesWidget::sizeHint() const {
    const int n = std::max<int>(1, int(mTiles.size()));
    const int step = kThumb + kGap;
    return {kGap + std::min(n, kColumns) * step, kGap + ((n + kColumns - 1) / kColumns) * step};
}

void RuleTilesWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    // Pixel art: scaled without smoothing, as the map draws it.
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    for (int i = 0; i < int(mTiles.size()); ++i) {
        const QRect r = thumbRect(i);
        p.fillRect(r, palette().color(QPalette::Base));
        const QImage& image = mThumbnails[size_t(i)];
        if (!image.isNull())
            p.drawImage(r, image);
        if (i == mSelected) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.drawRect(r.adjusted(-1, -1, 0, 0));
        }
    }
}

void RuleTilesWidget::mousePressEvent(QMouseEvent* event) {
    const int i = variantAt(event->position().toPoint());
    if (i < 0 || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    event->accept();
    emit variantClicked(i);
}

bool RuleTilesWidget::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    const int i = variantAt(help->pos());
    if (i < 0) {
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    const QString text =
        mTiles.size() > 1
            ? tr("Tile %1, variant %2 of %3: cells get one of the variants, chosen by their "
                 "place and the layer's seed")
                  .arg(mTiles[size_t(i)])
                  .arg(i + 1)
                  .arg(mTiles.size())
            : tr("Tile %1: every cell the rule matches gets it").arg(mTiles[size_t(i)]);
    QToolTip::showText(help->globalPos(), text, this, thumbRect(i));
    return true;
}

RuleRowWidget::RuleRowWidget(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 3, 4, 3);
    layout->setSpacing(8);
    mNumber = new QLabel(this);
    mNumber->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000.")));
    mNumber->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    mPattern = new RulePatternWidget(this);
    mTiles = new RuleTilesWidget(this);
    layout->addWidget(mNumber);
    layout->addWidget(mPattern, 0, Qt::AlignVCenter);
    layout->addWidget(mTiles, 0, Qt::AlignVCenter);
    layout->addStretch(1);
    mCount = new QLabel(this);
    mCount->setObjectName(QStringLiteral("ruleCellCount"));
    mCount->setEnabled(false); // greyed: a reading, not a control
    layout->addWidget(mCount, 0, Qt::AlignVCenter);
}

void RuleRowWidget::setCellCount(std::size_t cells) {
    mCount->setText(countOf(qlonglong(cells), "cell", "cells"));
    mCount->setToolTip(
        cells == 0 ? tr("The rule paints no cell of the level: no cell matches its pattern, or "
                        "a rule above matches them first")
                   : tr("The rule paints %1 of the level (the first rule that matches a cell "
                        "paints it)")
                         .arg(countOf(qlonglong(cells), "cell", "cells")));
}

void RuleRowWidget::setRule(int number, const ts::level::AutoRule& rule,
                            std::vector<QImage> thumbnails) {
    mNumber->setText(tr("%1.").arg(number));
    mPattern->setPattern(rule.pattern);
    mTiles->setTiles(rule.tiles, std::move(thumbnails));
}

void RuleRowWidget::mousePressEvent(QMouseEvent* event) {
    event->accept();
    emit pressed();
}

} // namespace ts::editor
