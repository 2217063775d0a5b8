#include "tilesmith/editor/problemsdock.h"

#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/level/reach.h"

#include <QAction>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QMouseEvent>
#include <QStackedWidget>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace ts::editor {

namespace {
/// The item's index in the overlay's problems().
constexpr int kProblemRole = Qt::UserRole;
} // namespace

ProblemsDock::ProblemsDock(ReachabilityOverlay* overlay, LevelScene* scene, QGraphicsView* view,
                           QWidget* parent)
    : QDockWidget(tr("Problems"), parent), mOverlay(overlay), mScene(scene), mView(view) {
    setObjectName(QStringLiteral("ProblemsDock"));
    auto* stack = new QStackedWidget(this);

    // The findings page: the stale line (shown while a search runs) over the list.
    auto* page = new QWidget(stack);
    auto* column = new QVBoxLayout(page);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    mStaleLine = new QLabel(page);
    mStaleLine->setObjectName(QStringLiteral("problemsStale"));
    mStaleLine->setWordWrap(true);
    mStaleLine->setMargin(4);
    mStaleLine->setEnabled(false); // greyed, as the placeholder
    mStaleLine->setText(tr("Searching\u2026 the findings below are from before the last edit"));
    mStaleLine->hide();
    column->addWidget(mStaleLine);

    mList = new QListWidget(page);
    mList->setObjectName(QStringLiteral("problemsList"));
    // The dock is narrow: a message wraps (as the Replays dock's lines do)
    // rather than hiding behind a horizontal scroll bar.
    mList->setWordWrap(true);
    mList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mList->setResizeMode(QListView::Adjust);
    mList->setUniformItemSizes(false);
    mList->setSpacing(1);
    const int icon = style()->pixelMetric(QStyle::PM_SmallIconSize);
    mList->setIconSize(QSize(icon, icon));
    column->addWidget(mList);
    stack->addWidget(page);

    auto* placeholder = new QLabel(stack);
    placeholder->setObjectName(QStringLiteral("problemsPlaceholder"));
    placeholder->setWordWrap(true);
    placeholder->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    placeholder->setMargin(6);
    placeholder->setEnabled(false); // greyed, as the Replays dock's empty list
    stack->addWidget(placeholder);
    setWidget(stack);

    // Double-click or Enter (QAbstractItemView::activated) goes there; the focus
    // stays in the list, so the arrows and Enter walk through the findings.
    connect(mList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { goToRow(mList->row(item)); });

    if (mOverlay) {
        connect(mOverlay, &ReachabilityOverlay::resultChanged, this, &ProblemsDock::refresh);
        connect(mOverlay, &ReachabilityOverlay::busyChanged, this, &ProblemsDock::updateStale);
        // Connected after the overlay's own: it has reset its result by now.
        connect(mOverlay->action(), &QAction::toggled, this, &ProblemsDock::refresh);
        if (QWidget* summary = mOverlay->progressWidget()) {
            summary->installEventFilter(this);
            summary->setCursor(Qt::PointingHandCursor);
        }
    }
    if (mScene)
        connect(mScene, &LevelScene::documentChanged, this, &ProblemsDock::refresh);
    refresh();
}

void ProblemsDock::showPlaceholder(const QString& text) {
    mPlaceholder = text;
    auto* stack = static_cast<QStackedWidget*>(widget());
    auto* label = stack->findChild<QLabel*>(QStringLiteral("problemsPlaceholder"));
    label->setText(text);
    stack->setCurrentWidget(text.isEmpty() ? mList->parentWidget() : label);
}

QString ProblemsDock::staleText() const {
    return mStale ? mStaleLine->text() : QString();
}

void ProblemsDock::updateStale() {
    // One rule: the overlay's answer is stale while it is busy (an edit made a new
    // search due). Disabled rows are greyed by the style and are not activated by
    // a click; goToRow() refuses them for Enter, which QListWidget still reports.
    const bool stale = mOverlay && mOverlay->isBusy() && mList->count() > 0;
    mStale = stale;
    for (int row = 0; row < mList->count(); ++row) {
        QListWidgetItem* item = mList->item(row);
        item->setFlags(stale ? item->flags() & ~Qt::ItemIsEnabled
                             : item->flags() | Qt::ItemIsEnabled);
    }
    mStaleLine->setVisible(stale);
}

void ProblemsDock::refresh() {
    mList->clear();
    updateStale();
    if (!mOverlay || !mOverlay->isEnabled()) {
        const QString key = mOverlay
                                ? mOverlay->action()->shortcut().toString(QKeySequence::NativeText)
                                : QString();
        showPlaceholder(tr("Turn on View > Reachability (%1) to check the level").arg(key));
        return;
    }
    if (!mOverlay->lint() || !mOverlay->result()) {
        showPlaceholder(tr("Searching\u2026"));
        return;
    }
    if (!mOverlay->result()->hasPlayer()) {
        showPlaceholder(tr("No player spawn: place one to check the level"));
        return;
    }
    const QVector<ReachabilityOverlay::Problem>& problems = mOverlay->problems();
    if (problems.isEmpty()) {
        showPlaceholder(tr("No problems"));
        return;
    }
    // Errors first, then in the lint's order (spawns, platforms, the search).
    QList<int> order;
    for (int i = 0; i < problems.size(); ++i)
        order << i;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return problems[a].error && !problems[b].error; });
    const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (const int i : order) {
        const ReachabilityOverlay::Problem& p = problems[i];
        QString where;
        if (p.spawnId != 0)
            where = tr("%1 at tile %2, %3").arg(p.spawnLabel).arg(p.tile.x()).arg(p.tile.y());
        else if (p.runEnd >= 0)
            where = tr("x %1-%2, y %3").arg(p.tile.x()).arg(p.runEnd).arg(p.tile.y());
        // The message, where it is on a line of its own, then why (an unreachable goal's
        // nearest point and what stops the player there).
        QString text = where.isEmpty() ? p.message : p.message + u'\n' + where;
        if (!p.reason.isEmpty())
            text += u'\n' + p.reason;
        auto* item = new QListWidgetItem(p.error ? errorIcon : warningIcon, text, mList);
        const QString said = p.reason.isEmpty() ? p.message : p.message + u'\n' + p.reason;
        item->setToolTip((p.error ? tr("Error: %1") : tr("Warning: %1")).arg(said));
        item->setData(kProblemRole, i);
    }
    showPlaceholder(QString());
    updateStale();
}

bool ProblemsDock::goToRow(int row) {
    QListWidgetItem* item = mList->item(row);
    if (!item || !mOverlay || !mView || mStale)
        return false;
    const int index = item->data(kProblemRole).toInt();
    if (index < 0 || index >= mOverlay->problems().size())
        return false;
    // Play mode hides the tint and moves the view itself: it stops first, as an
    // IDE shows an error while debugging (stopping leaves the level as it is).
    if (!mOverlay->isTintVisible())
        emit editingRequested();
    const QVector<ReachabilityOverlay::Problem>& problems = mOverlay->problems();
    if (!mOverlay || mStale || !mOverlay->isTintVisible() || index >= problems.size())
        return false;
    const ReachabilityOverlay::Problem& p = problems[index];
    if (p.rect.isEmpty())
        return false;
    mView->centerOn(p.rect.center());
    // Selected as a click with the select or spawn tool selects it: the
    // Properties dock shows it, ready to move or edit.
    if (p.spawnId != 0 && mScene)
        mScene->setSelectedSpawns({p.spawnId});
    return true;
}

void ProblemsDock::focusList() {
    // Only a list of findings: over a placeholder the keyboard stays where it was.
    if (!mPlaceholder.isEmpty() || mList->count() == 0)
        return;
    if (!mList->currentItem())
        mList->setCurrentRow(0);
    if (isFloating())
        activateWindow();
    mList->setFocus(Qt::OtherFocusReason);
}

bool ProblemsDock::eventFilter(QObject* watched, QEvent* event) {
    if (mOverlay && watched == mOverlay->progressWidget() &&
        event->type() == QEvent::MouseButtonRelease &&
        static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
        show();
        raise();
        focusList();
        return true;
    }
    return QDockWidget::eventFilter(watched, event);
}

} // namespace ts::editor
