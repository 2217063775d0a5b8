#include "routeplayback.h"

#include "routeitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"

#include <QAction>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QMenu>

#include <algorithm>

namespace ts::play {

RoutePlayback::RoutePlayback(PlayController* play, ts::editor::ReachabilityOverlay* reach)
    : QObject(play), mPlay(play) {
    setObjectName(QStringLiteral("routePlayback"));
    mTimer.setTimerType(Qt::PreciseTimer);
    connect(&mTimer, &QTimer::timeout, this, &RoutePlayback::frame);
    // The user took over (Play, Stop): the route is no longer played (its path stays).
    connect(play, &PlayController::stateChanged, this, [this](PlayController::State s) {
        if (!mDriving && s != PlayController::State::Paused)
            mTimer.stop();
        // Played on from the route: from then on a session of the user's own, kept.
        if (!mDriving && s == PlayController::State::Playing && mPlay->session())
            mPlay->session()->setKept(true);
    });
    // Whoever hides the route (a replay watched, hideRoute()), the path goes.
    connect(play, &PlayController::routeShownChanged, this, [this](bool shown) {
        if (!shown)
            removeItem();
    });
    mHideAction = new QAction(tr("&Hide Route"), this);
    mHideAction->setObjectName(QStringLiteral("actionHideRoute"));
    mHideAction->setToolTip(tr("Stop drawing the route Show Route drew (Esc in the view)"));
    mHideAction->setEnabled(false);
    connect(mHideAction, &QAction::triggered, this, &RoutePlayback::hideRoute);
    if (const QList<QMenu*> menus = play->menus(); !menus.isEmpty())
        menus.first()->addAction(mHideAction);
    if (reach)
        connect(reach, &ts::editor::ReachabilityOverlay::showRouteRequested, this,
                &RoutePlayback::play);
}

RoutePlayback::~RoutePlayback() {
    removeItem();
}

void RoutePlayback::play(QPoint target, bool toSurface, const ts::level::InputScript& script,
                         std::uint64_t steps) {
    mTimer.stop();
    mScript = script;
    mSteps = steps;
    mDone = 0;
    mSurface = target;
    mToSurface = toSurface;
    mDriving = true;
    mPlay->stop();
    mPlay->runSteps(0, &mScript); // a paused session from the player spawn
    mDriving = false;
    if (!mPlay->session())
        return;
    mPlay->session()->setKept(false); // a route shown is not a play session
    // The whole path at once, from the route's own run of the session's first state.
    showPath(routePath(*mPlay->session(), mScript, mSteps));
    const double dt = mPlay->session()->settings().dt;
    mTimer.setInterval(std::max(1, int(dt * 1000.0)));
    mTimer.start();
}

void RoutePlayback::frame() {
    if (!mPlay->session() || mDone >= mSteps) {
        mTimer.stop();
        return;
    }
    const auto n = std::min<std::uint64_t>(std::uint64_t(mPerFrame), mSteps - mDone);
    mDriving = true;
    mPlay->runSteps(int(n), &mScript);
    mDriving = false;
    mDone += n;
    if (mDone >= mSteps) {
        mTimer.stop();
        checkArrival();
        emit finished(mSurface);
    }
}

void RoutePlayback::checkArrival() {
    const PlaySession* session = mPlay->session();
    if (!mToSurface || !session || !mPlay->document())
        return;
    const ts::level::Level& level = mPlay->document()->level();
    const std::vector<ts::level::LevelTile> on =
        ts::level::tilesStoodOn(level, session->world(), session->player());
    const ts::level::LevelTile target{mSurface.x(), mSurface.y()};
    if (std::find(on.begin(), on.end(), target) != on.end())
        return;
    const ts::Vec2 feet = session->world().position(session->player());
    const ts::TileMap& map = session->world().map();
    const int x = map.tileXAtPoint(feet.x);
    const int y = ts::level::physicsRow(level, map.tileYAtPoint(feet.y - 0.5f));
    emit mPlay->statusMessage(
        tr("The route to the surface at %1, %2 ended elsewhere (over tile %3, %4): the search "
           "found it with the moving bodies out of the way, and here they got in it.")
            .arg(mSurface.x())
            .arg(mSurface.y())
            .arg(x)
            .arg(y),
        0);
}

void RoutePlayback::showPath(RoutePath path) {
    removeItem();
    QGraphicsView* view = mPlay->view();
    ts::editor::LevelDocument* doc = mPlay->document();
    if (path.isEmpty() || !view || !view->scene() || !doc)
        return;
    mScene = view->scene();
    mItem = new RouteItem;
    mItem->setPath(std::move(path));
    mScene->addItem(mItem);
    // The scene may go with its document: the item goes with it.
    mDocWatch << connect(mScene, &QObject::destroyed, this, [this] {
        mItem = nullptr;
        hideRoute();
    });
    // An edit of the level: the route (from the player spawn, through these tiles) no
    // longer applies. Physics settings too; a rename or a property does not matter.
    const auto edited = [this] { hideRoute(); };
    mDocWatch << connect(doc, &ts::editor::LevelDocument::tilesChanged, this, edited)
              << connect(doc, &ts::editor::LevelDocument::spawnsChanged, this, edited)
              << connect(doc, &ts::editor::LevelDocument::levelReset, this, edited)
              << connect(doc, &QObject::destroyed, this, edited)
              << connect(doc, &ts::editor::LevelDocument::settingsChanged, this,
                         [this, doc, physics = doc->level().physics] {
                             if (!(doc->level().physics == physics))
                                 hideRoute();
                         });
    mView = view;
    mView->installEventFilter(this);
    mView->viewport()->installEventFilter(this);
    mHideAction->setEnabled(true);
    mPlay->setRouteShown(true);
}

void RoutePlayback::hideRoute() {
    removeItem();
    mPlay->setRouteShown(false);
}

void RoutePlayback::removeItem() {
    for (const QMetaObject::Connection& c : std::as_const(mDocWatch))
        disconnect(c);
    mDocWatch.clear();
    if (mView) {
        mView->removeEventFilter(this);
        mView->viewport()->removeEventFilter(this);
    }
    mView = nullptr;
    if (mItem) {
        if (mScene)
            mScene->removeItem(mItem);
        delete mItem;
        mItem = nullptr;
    }
    mScene = nullptr;
    mHideAction->setEnabled(false);
}

bool RoutePlayback::eventFilter(QObject* watched, QEvent* event) {
    // Esc dismisses the route and still does what it does in the view (stops play).
    if (event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape && mItem)
        hideRoute();
    return QObject::eventFilter(watched, event);
}

} // namespace ts::play
