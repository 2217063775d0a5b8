#include "tilesmith/editor/reachabilityoverlay.h"

#include "reachability/reachabilityproblems.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/reachabilityitem.h"
#include "tilesmith/level/goals.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/render/levelrenderer.h"
#include "widgets/elidedlabel.h"
#include "widgets/uitext.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QProgressBar>
#include <QThread>
#include <QToolTip>

#include <algorithm>
#include <atomic>
#include <utility>

namespace ts::editor {

namespace {
/// Between the summary's parts; its label shortens only here.
const QString kSummarySeparator = QStringLiteral(" \u00b7 ");

/// The route to spawn `id` that Show Route plays: the one the lint found to work with
/// every body (as `tilesmith lint --route` writes it), else the shortest.
std::optional<ts::level::Route> spawnRoute(const ts::level::ReachResult& reach,
                                           const ts::level::LintReport* lint, int id) {
    if (lint)
        for (const ts::level::LintGoal& g : lint->goals)
            if (g.id == id && g.routeIndex > 0) {
                std::vector<ts::level::Route> routes = reach.routesToSpawn(id);
                if (std::size_t(g.routeIndex) < routes.size())
                    return std::move(routes[std::size_t(g.routeIndex)]);
            }
    return reach.routeToSpawn(id);
}
} // namespace

/// One search: its own copy of the level, flags the worker and the GUI share,
/// and the result the worker leaves before its thread finishes.
struct ReachabilityOverlay::Job {
    ts::level::Level level;
    std::atomic<bool> cancel{false};
    std::atomic<std::size_t> explored{0};
    std::shared_ptr<ts::level::ReachResult> result;
    std::shared_ptr<ts::level::LintReport> lint;
};

ReachabilityOverlay::ReachabilityOverlay(LevelScene* scene, QGraphicsView* view, QObject* parent)
    : QObject(parent), mScene(scene), mView(view) {
    mAction = new QAction(tr("&Reachability"), this);
    mAction->setObjectName(QStringLiteral("actionReachability"));
    mAction->setCheckable(true);
    mAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    mAction->setToolTip(tr("Tint every surface the player can reach and stand on; cross out "
                           "goals and spawns it cannot reach (searched on the real physics)"));
    connect(mAction, &QAction::toggled, this, &ReachabilityOverlay::setEnabled);

    mProgress = new QWidget;
    mProgress->setObjectName(QStringLiteral("reachabilityProgress"));
    auto* layout = new QHBoxLayout(mProgress);
    layout->setContentsMargins(0, 0, 0, 0);
    // Shortened between whole parts in a narrow window, never to less than its
    // first part, the problems (the tooltip lists every finding).
    mLabel = new ElidedLabel(mProgress);
    mLabel->setPartSeparator(kSummarySeparator);
    mBar = new QProgressBar(mProgress);
    mBar->setRange(0, 0); // busy: the search does not know its end
    mBar->setMaximumWidth(90);
    mBar->setMaximumHeight(14);
    mBar->setTextVisible(false);
    layout->addWidget(mLabel);
    layout->addWidget(mBar);
    mProgress->setVisible(false);

    mRestart.setSingleShot(true);
    mRestart.setInterval(150);
    connect(&mRestart, &QTimer::timeout, this, &ReachabilityOverlay::start);
    mPoll.setInterval(100);
    connect(&mPoll, &QTimer::timeout, this, &ReachabilityOverlay::pollProgress);
    mSummaryDue.setSingleShot(true);
    // "At least" holds: a coarse timer may fire up to 5 % early (100 ms of a 2 s
    // least), so this one is precise, and a timeout that still comes early waits on.
    mSummaryDue.setTimerType(Qt::PreciseTimer);
    connect(&mSummaryDue, &QTimer::timeout, this, [this] {
        if (mPending && mBusyShown.isValid() && mBusyShown.elapsed() < mBusyAtLeast) {
            mSummaryDue.start(int(mBusyAtLeast - mBusyShown.elapsed()));
            return;
        }
        if (const std::shared_ptr<Job> job = std::exchange(mPending, nullptr))
            publish(job);
        noteBusy();
    });

    if (mView)
        mView->viewport()->installEventFilter(this);
    if (mScene) {
        connect(mScene, &LevelScene::documentChanged, this, &ReachabilityOverlay::setDocument);
        setDocument(mScene->document());
    }
}

ReachabilityOverlay::~ReachabilityOverlay() {
    cancel();
    for (const QPointer<QThread>& t : mThreads) {
        if (t) {
            t->wait();
            delete t.data();
        }
    }
    if (mProgress && !mProgress->parent())
        delete mProgress.data();
}

bool ReachabilityOverlay::isEnabled() const {
    return mAction->isChecked();
}

void ReachabilityOverlay::setEnabled(bool on) {
    if (mAction->isChecked() != on) {
        mAction->setChecked(on); // comes back here through toggled
        return;
    }
    if (on) {
        if (!mItem && mScene) {
            mItem = new ReachabilityItem;
            mItem->setVisible(mTintVisible);
            mScene->addItem(mItem);
        }
        start();
    } else {
        cancel();
        mRestart.stop();
        hideStatus();
        delete mItem.data();
        mItem = nullptr;
        mResult.reset();
        mLint.reset();
        mProblems.clear();
    }
    noteBusy();
}

void ReachabilityOverlay::setTintVisible(bool visible) {
    mTintVisible = visible;
    if (mItem)
        mItem->setVisible(visible);
    if (!isBusy())
        showSummary(); // the summary goes with the tint
    else if (!visible && !mBusyShown.isValid() && mProgress)
        mProgress->setVisible(false); // the last summary, waiting for the next one
}

void ReachabilityOverlay::setBusyTimes(int showAfterMs, int atLeastMs) {
    mBusyAfter = showAfterMs;
    mBusyAtLeast = atLeastMs;
}

ElidedLabel* ReachabilityOverlay::summaryLabel() const {
    return mLabel;
}

bool ReachabilityOverlay::isBusyIndicatorShown() const {
    return mBusyShown.isValid();
}

void ReachabilityOverlay::hideStatus() {
    mSummaryDue.stop();
    mBusyShown.invalidate();
    if (mProgress)
        mProgress->setVisible(false);
}

bool ReachabilityOverlay::isBusy() const {
    return mJob != nullptr || mRestart.isActive() || mSummaryDue.isActive();
}

void ReachabilityOverlay::noteBusy() {
    const bool busy = isBusy();
    if (busy != mSaidBusy) {
        mSaidBusy = busy;
        emit busyChanged(busy);
    }
}

void ReachabilityOverlay::setRestartDelay(int ms) {
    mRestart.setInterval(ms);
}

void ReachabilityOverlay::setDocument(LevelDocument* document) {
    for (const auto& c : mDocConnections)
        disconnect(c);
    mDocConnections.clear();
    mDocument = document;
    cancel();
    hideStatus(); // another level: its summary is not the old one's
    mResult.reset();
    mLint.reset();
    mProblems.clear();
    if (mItem)
        mItem->clear();
    if (document) {
        mDocConnections << connect(document, &LevelDocument::tilesChanged, this,
                                   &ReachabilityOverlay::levelEdited);
        mDocConnections << connect(document, &LevelDocument::spawnsChanged, this,
                                   &ReachabilityOverlay::levelEdited);
        mDocConnections << connect(document, &LevelDocument::settingsChanged, this,
                                   &ReachabilityOverlay::levelEdited);
        mDocConnections << connect(document, &LevelDocument::levelReset, this,
                                   &ReachabilityOverlay::levelEdited);
    }
    if (isEnabled())
        start();
    noteBusy();
}

void ReachabilityOverlay::levelEdited() {
    if (!isEnabled())
        return;
    // The shown answer is stale from now on: stop the search of the old level,
    // dim the tint and search again once the edits pause.
    cancel();
    if (mItem)
        mItem->setOpacity(0.4);
    // The summary stays, greyed as the tint dims, until the next search has an
    // answer: hiding it meanwhile would make the status bar flicker at every edit
    // (the hint widening and narrowing again).
    if (mLabel && !mBusyShown.isValid())
        mLabel->setEnabled(false);
    mRestart.start();
    noteBusy();
}

void ReachabilityOverlay::cancel() {
    if (mJob)
        mJob->cancel = true;
    mJob.reset();
    mPoll.stop();
    mSummaryDue.stop();
    mPending.reset();
}

int ReachabilityOverlay::searchThreads() {
    return std::max(1, QThread::idealThreadCount() - 1);
}

void ReachabilityOverlay::start() {
    cancel();
    mRestart.stop();
    if (!isEnabled() || !mDocument) {
        noteBusy();
        return;
    }
    auto job = std::make_shared<Job>();
    job->level = mDocument->level();
    mJob = job;
    QThread* thread = QThread::create([job] {
        ts::level::ReachOptions options;
        options.threads = searchThreads();
        options.cancelled = [job] { return job->cancel.load(std::memory_order_relaxed); };
        options.progressInterval = 4096;
        options.progress = [job](const ts::level::ReachProgress& p) {
            job->explored.store(p.statesExplored, std::memory_order_relaxed);
        };
        job->result =
            std::make_shared<ts::level::ReachResult>(ts::level::findReachable(job->level, options));
        if (!job->cancel.load(std::memory_order_relaxed))
            job->lint = std::make_shared<ts::level::LintReport>(
                ts::level::lintLevel(job->level, *job->result, [job] {
                    return job->cancel.load(std::memory_order_relaxed);
                }));
    });
    thread->setObjectName(QStringLiteral("reachability"));
    connect(thread, &QThread::finished, this, [this, job, thread] {
        mThreads.removeAll(thread);
        thread->deleteLater();
        finished(job);
    });
    mThreads << thread;
    mRunning.start();
    mPoll.start();
    thread->start(QThread::LowPriority);
    pollProgress(); // at once when the busy indicator has no delay, or already shows
    noteBusy();
}

void ReachabilityOverlay::finished(const std::shared_ptr<Job>& job) {
    if (job != mJob || job->cancel)
        return; // an old search: a newer one is running or due
    mJob.reset();
    mPoll.stop();
    // A busy bar just shown stays for mBusyAtLeast ms, so it does not flash: the
    // answer (tint and summary) waits for it, whole.
    const qint64 shownFor = mBusyShown.isValid() ? mBusyShown.elapsed() : mBusyAtLeast;
    if (shownFor < mBusyAtLeast) {
        mPending = job;
        mSummaryDue.start(int(mBusyAtLeast - shownFor));
        return;
    }
    publish(job);
    noteBusy();
}

void ReachabilityOverlay::publish(const std::shared_ptr<Job>& job) {
    mResult = job->result;
    mLint = job->lint;
    showResult();
}

void ReachabilityOverlay::pollProgress() {
    if (!mJob || !mProgress)
        return;
    // Shown only for a search that lasts (as QProgressDialog's minimumDuration):
    // a small map's search ends before this and the status bar does not flicker.
    // Once shown it stays through edits that restart the search.
    if (!mBusyShown.isValid()) {
        if (mRunning.elapsed() < mBusyAfter)
            return;
        mBusyShown.start();
    }
    // The count is a part of its own after a fixed first one, so the label's
    // minimum, and with it the status bar's and the window's, stays put while the
    // count grows ("Reachability: searching…" at the least).
    mLabel->setText(tr("Reachability: searching") + kSummarySeparator +
                    tr("%1 states").arg(QLocale().toString(qulonglong(mJob->explored.load()))));
    mBar->setVisible(true);
    mLabel->setEnabled(true);
    mProgress->setToolTip(tr("Searching the player's moves with the level's physics"));
    mProgress->setVisible(true);
}

void ReachabilityOverlay::showResult() {
    if (!mItem || !mDocument || !mResult)
        return;
    const ts::level::Level& level = mDocument->level();
    std::vector<QPoint> surfaces;
    for (const ts::level::LevelTile& t : mResult->surfaces())
        surfaces.emplace_back(t.x, t.y);
    mProblems.clear();
    QVector<ReachabilityItem::Unreached> marks;
    if (mLint && mResult->hasPlayer()) {
        ShownProblems shown = shownProblems(level, *mLint, mScene);
        mProblems = std::move(shown.problems);
        marks = std::move(shown.marks);
    }
    mItem->setResult(level.width, level.height, level.tileSize, surfaces, marks);
    mItem->setOpacity(1.0);
    showSummary();
    ++mShown;
    emit resultChanged();
}

QString ReachabilityOverlay::summaryText() const {
    if (!mResult || !mLint)
        return {};
    if (!mResult->hasPlayer())
        return tr("Reachability: no player spawn");
    // The problems first: shortened in a narrow window, the summary still says
    // them ("Reachability: 2 errors, 9 warnings…").
    QStringList problems;
    if (const int errors = mLint->errorCount(); errors > 0)
        problems << countOf(errors, "error", "errors");
    if (const int warnings = mLint->warningCount(); warnings > 0)
        problems << countOf(warnings, "warning", "warnings");
    QStringList parts;
    parts << (problems.isEmpty() ? tr("no problems") : problems.join(QStringLiteral(", ")));
    if (!mLint->goals.empty())
        parts << tr("%1 of %2 reached")
                     .arg(mLint->goalsReached)
                     .arg(countOf(static_cast<long long>(mLint->goals.size()), "goal", "goals"));
    parts << countOf(static_cast<long long>(mLint->surfaces), "surface", "surfaces");
    return tr("Reachability: %1").arg(parts.join(kSummarySeparator));
}

void ReachabilityOverlay::showSummary() {
    if (!mProgress)
        return;
    mSummaryDue.stop();
    mBusyShown.invalidate();
    const QString text = summaryText();
    mLabel->setText(text);
    mLabel->setEnabled(true);
    mBar->setVisible(false);
    // Every finding in the tooltip: what `tilesmith lint` would print, without the file.
    QStringList lines;
    if (mLint) {
        constexpr int kMaxLines = 20;
        for (const ts::level::LintFinding& f : mLint->findings) {
            if (lines.size() == kMaxLines) {
                lines << tr("... and %n more", nullptr, int(mLint->findings.size()) - kMaxLines);
                break;
            }
            lines << (f.isError() ? tr("error: %1") : tr("warning: %1"))
                         .arg(QString::fromStdString(f.message));
        }
    }
    mProgress->setToolTip(lines.isEmpty() ? text : lines.join(QLatin1Char('\n')));
    // Hidden with the tint while play runs: the play hint needs the status bar.
    mProgress->setVisible(mTintVisible && !text.isEmpty());
}

std::optional<QPoint> ReachabilityOverlay::surfaceAt(QPoint tile) const {
    if (!mResult)
        return std::nullopt;
    if (mResult->standable(tile.x(), tile.y()))
        return tile;
    if (mResult->standable(tile.x(), tile.y() + 1))
        return QPoint(tile.x(), tile.y() + 1);
    return std::nullopt;
}

bool ReachabilityOverlay::routesOffered() const {
    return isEnabled() && mTintVisible && mResult && mView && mScene && mDocument && !isBusy();
}

std::optional<QPoint> ReachabilityOverlay::routeSurfaceAt(QPoint viewportPos) const {
    if (!routesOffered())
        return std::nullopt;
    const QPoint tile = mScene->tileAt(mView->mapToScene(viewportPos));
    const std::optional<QPoint> surface = surfaceAt(tile);
    if (!surface || !mResult->routeToSurface(surface->x(), surface->y()))
        return std::nullopt;
    return surface;
}

std::optional<int> ReachabilityOverlay::routeSpawnAt(QPoint viewportPos) const {
    if (!routesOffered())
        return std::nullopt;
    const QPointF pos = mView->mapToScene(viewportPos);
    const ts::level::Level& level = mDocument->level();
    // Goals first: a goal drawn over a box is what the designer points at.
    for (const bool goals : {true, false}) {
        for (const ts::level::Spawn& s : level.spawns) {
            if ((s.kind == ts::level::SpawnKind::Goal) != goals ||
                s.kind == ts::level::SpawnKind::Player)
                continue;
            if (render::spawnRect(level, s).contains(pos) && mResult->routeToSpawn(s.id))
                return s.id;
        }
    }
    return std::nullopt;
}

QMenu* ReachabilityOverlay::popupRouteMenu(QPoint viewportPos) {
    const std::optional<int> spawn = routeSpawnAt(viewportPos);
    const std::optional<QPoint> surface = routeSurfaceAt(viewportPos);
    if (!spawn && !surface)
        return nullptr;
    delete mMenu.data();
    mMenu = new QMenu(mView);
    mMenu->setObjectName(QStringLiteral("reachabilityRouteMenu"));
    mMenu->setAttribute(Qt::WA_DeleteOnClose);
    const double dt = mDocument ? mDocument->level().physics.dt : 1.0 / 60.0;
    const auto addInfo = [&](std::uint64_t steps) {
        QAction* info = mMenu->addAction(tr("%1 steps (%2 s) from the player spawn")
                                             .arg(steps)
                                             .arg(double(steps) * dt, 0, 'f', 2));
        info->setEnabled(false);
    };
    if (spawn) {
        const ts::level::Spawn* s = mDocument->level().findSpawn(*spawn);
        const auto route = spawnRoute(*mResult, mLint.get(), *spawn);
        QString kind = QString::fromLatin1(ts::level::spawnKindName(s->kind));
        kind[0] = kind[0].toUpper();
        QAction* show = mMenu->addAction(tr("Show &Route to %1 %2").arg(kind).arg(*spawn));
        show->setObjectName(QStringLiteral("actionShowSpawnRoute"));
        const int id = *spawn;
        connect(show, &QAction::triggered, this, [this, id] { showSpawnRoute(id); });
        addInfo(route->steps);
        // The lint replayed it with every body moving: say when they get in the way.
        if (mLint) {
            for (const ts::level::LintGoal& g : mLint->goals) {
                if (g.id == id && g.reachable && !g.routeReplays) {
                    QAction* warn = mMenu->addAction(
                        tr("Moving bodies block it (reachable only without them)"));
                    warn->setEnabled(false);
                }
            }
        }
    }
    if (surface) {
        if (spawn)
            mMenu->addSeparator();
        const auto route = mResult->routeToSurface(surface->x(), surface->y());
        QAction* show = mMenu->addAction(
            tr("Show Route to &Surface (%1, %2)").arg(surface->x()).arg(surface->y()));
        show->setObjectName(QStringLiteral("actionShowRoute"));
        const QPoint target = *surface;
        connect(show, &QAction::triggered, this, [this, target] { showRoute(target); });
        addInfo(route->steps);
    }
    mMenu->popup(mView->viewport()->mapToGlobal(viewportPos));
    return mMenu;
}

bool ReachabilityOverlay::showSpawnRoute(int id) {
    if (!mResult || !mDocument)
        return false;
    const ts::level::Spawn* s = mDocument->level().findSpawn(id);
    const auto route = spawnRoute(*mResult, mLint.get(), id);
    if (!s || !route)
        return false;
    emit showRouteRequested(QPoint(s->x, s->y), false, route->script, route->steps);
    return true;
}

bool ReachabilityOverlay::showRoute(QPoint surface) {
    if (!mResult)
        return false;
    const auto route = mResult->routeToSurface(surface.x(), surface.y());
    if (!route)
        return false;
    emit showRouteRequested(surface, true, route->script, route->steps);
    return true;
}

bool ReachabilityOverlay::eventFilter(QObject* watched, QEvent* event) {
    // The event type first: while the view is being destroyed its viewport still sends
    // events here, and the view is then no longer a QGraphicsView (UBSan's vptr check).
    const QEvent::Type type = event->type();
    // Hovering a finding's mark tells what it is (the spawn's own tooltip otherwise).
    if (type == QEvent::ToolTip && mView && mItem && mTintVisible && watched == mView->viewport()) {
        auto* he = static_cast<QHelpEvent*>(event);
        const QStringList messages = mItem->messagesAt(mView->mapToScene(he->pos()));
        if (!messages.isEmpty()) {
            QToolTip::showText(he->globalPos(), messages.join(QLatin1Char('\n')),
                               mView->viewport());
            return true;
        }
    }
    if (type == QEvent::ContextMenu && mView && watched == mView->viewport()) {
        auto* ce = static_cast<QContextMenuEvent*>(event);
        // The context menu event that follows a right press the tool took is the tool's.
        if (std::exchange(mPressToTool, false) && ce->reason() == QContextMenuEvent::Mouse)
            return QObject::eventFilter(watched, event);
        if (popupRouteMenu(ce->pos())) {
            ce->accept();
            return true;
        }
    }
    // The right press that opens the route menu (its context menu event follows
    // it) is the menu's: the tool must not act on it too (the brush would pick
    // the tile kind and switch to the eraser, the spawn tool would select, ...).
    if ((type == QEvent::MouseButtonPress || type == QEvent::MouseButtonDblClick) && mView &&
        watched == mView->viewport()) {
        auto* me = static_cast<QMouseEvent*>(event);
        const QPoint at = me->position().toPoint();
        if (me->button() == Qt::RightButton)
            mPressToTool = mRightClickTaken && mRightClickTaken();
        if (me->button() == Qt::RightButton && !mPressToTool &&
            (routeSurfaceAt(at) || routeSpawnAt(at))) {
            mSwallowRelease = true;
            return true;
        }
    }
    if (type == QEvent::MouseButtonRelease && mSwallowRelease && mView &&
        watched == mView->viewport() &&
        static_cast<QMouseEvent*>(event)->button() == Qt::RightButton) {
        mSwallowRelease = false;
        return true;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ts::editor
