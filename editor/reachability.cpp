#include "reachability.h"

#include "document.h"
#include "levelrenderer.h"
#include "levelscene.h"
#include "reachabilityitem.h"
#include "tilesmith/level/goals.h"
#include "tilesmith/level/reach.h"

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

#include <atomic>

namespace ts::editor {

/// One search: its own copy of the level, flags the worker and the GUI share,
/// and the result the worker leaves before its thread finishes.
struct ReachabilityOverlay::Job {
    ts::level::Level level;
    std::atomic<bool> cancel{false};
    std::atomic<std::size_t> explored{0};
    std::shared_ptr<ts::level::ReachResult> result;
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
    mLabel = new QLabel(mProgress);
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
            mScene->addItem(mItem);
        }
        start();
    } else {
        cancel();
        mRestart.stop();
        delete mItem.data();
        mItem = nullptr;
        mResult.reset();
    }
}

bool ReachabilityOverlay::isBusy() const {
    return mJob != nullptr || mRestart.isActive();
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
    mResult.reset();
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
}

void ReachabilityOverlay::levelEdited() {
    if (!isEnabled())
        return;
    // The shown answer is stale from now on: stop the search of the old level,
    // dim the tint and search again once the edits pause.
    cancel();
    if (mItem)
        mItem->setOpacity(0.4);
    mRestart.start();
}

void ReachabilityOverlay::cancel() {
    if (mJob)
        mJob->cancel = true;
    mJob.reset();
    mPoll.stop();
    if (mProgress)
        mProgress->setVisible(false);
}

void ReachabilityOverlay::start() {
    cancel();
    mRestart.stop();
    if (!isEnabled() || !mDocument)
        return;
    auto job = std::make_shared<Job>();
    job->level = mDocument->level();
    mJob = job;
    QThread* thread = QThread::create([job] {
        ts::level::ReachOptions options;
        options.cancelled = [job] { return job->cancel.load(std::memory_order_relaxed); };
        options.progressInterval = 4096;
        options.progress = [job](const ts::level::ReachProgress& p) {
            job->explored.store(p.statesExplored, std::memory_order_relaxed);
        };
        job->result =
            std::make_shared<ts::level::ReachResult>(ts::level::findReachable(job->level, options));
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
}

void ReachabilityOverlay::finished(const std::shared_ptr<Job>& job) {
    if (job != mJob || job->cancel)
        return; // an old search: a newer one is running or due
    mJob.reset();
    mPoll.stop();
    if (mProgress)
        mProgress->setVisible(false);
    mResult = job->result;
    showResult();
}

void ReachabilityOverlay::pollProgress() {
    if (!mJob || !mProgress)
        return;
    if (mRunning.elapsed() < kBusyAfterMs)
        return;
    mLabel->setText(
        tr("Reachability: %1 states").arg(QLocale().toString(qulonglong(mJob->explored.load()))));
    mProgress->setVisible(true);
}

void ReachabilityOverlay::showResult() {
    if (!mItem || !mDocument || !mResult)
        return;
    const ts::level::Level& level = mDocument->level();
    std::vector<QPoint> surfaces;
    for (const ts::level::LevelTile& t : mResult->surfaces())
        surfaces.emplace_back(t.x, t.y);
    QVector<ReachabilityItem::Unreached> unreached;
    if (mResult->hasPlayer()) {
        for (const ts::level::Spawn& s : level.spawns) {
            if (s.kind == ts::level::SpawnKind::Player || mResult->spawnReached(s.id))
                continue;
            unreached.push_back({s.id, s.kind == ts::level::SpawnKind::Goal, spawnRect(level, s)});
        }
    }
    mItem->setResult(level.width, level.height, level.tileSize, surfaces, unreached);
    mItem->setOpacity(1.0);
    ++mShown;
    emit resultChanged();
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

std::optional<QPoint> ReachabilityOverlay::routeSurfaceAt(QPoint viewportPos) const {
    if (!isEnabled() || !mResult || !mView || !mScene || isBusy())
        return std::nullopt;
    const QPoint tile = mScene->tileAt(mView->mapToScene(viewportPos));
    const std::optional<QPoint> surface = surfaceAt(tile);
    if (!surface || !mResult->routeToSurface(surface->x(), surface->y()))
        return std::nullopt;
    return surface;
}

QMenu* ReachabilityOverlay::popupRouteMenu(QPoint viewportPos) {
    const std::optional<QPoint> surface = routeSurfaceAt(viewportPos);
    if (!surface)
        return nullptr;
    const auto route = mResult->routeToSurface(surface->x(), surface->y());
    delete mMenu.data();
    mMenu = new QMenu(mView);
    mMenu->setObjectName(QStringLiteral("reachabilityRouteMenu"));
    mMenu->setAttribute(Qt::WA_DeleteOnClose);
    QAction* show =
        mMenu->addAction(tr("Show &Route to Surface (%1, %2)").arg(surface->x()).arg(surface->y()));
    show->setObjectName(QStringLiteral("actionShowRoute"));
    const QPoint target = *surface;
    connect(show, &QAction::triggered, this, [this, target] { showRoute(target); });
    const double dt = mDocument ? mDocument->level().physics.dt : 1.0 / 60.0;
    QAction* info = mMenu->addAction(tr("%1 steps (%2 s) from the player spawn")
                                         .arg(route->steps)
                                         .arg(double(route->steps) * dt, 0, 'f', 2));
    info->setEnabled(false);
    mMenu->popup(mView->viewport()->mapToGlobal(viewportPos));
    return mMenu;
}

bool ReachabilityOverlay::showRoute(QPoint surface) {
    if (!mResult)
        return false;
    const auto route = mResult->routeToSurface(surface.x(), surface.y());
    if (!route)
        return false;
    emit showRouteRequested(surface, route->script, route->steps);
    return true;
}

bool ReachabilityOverlay::eventFilter(QObject* watched, QEvent* event) {
    // The event type first: while the view is being destroyed its viewport still sends
    // events here, and the view is then no longer a QGraphicsView (UBSan's vptr check).
    const QEvent::Type type = event->type();
    if (type == QEvent::ContextMenu && mView && watched == mView->viewport()) {
        auto* ce = static_cast<QContextMenuEvent*>(event);
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
        if (me->button() == Qt::RightButton && routeSurfaceAt(me->position().toPoint())) {
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
