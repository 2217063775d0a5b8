// Play mode's controller: the session's life (start, pause, step, stop, the signals
// that the replay recorder hooks onto), the dock, and document edits reaching the
// running world. Actions and overlays: playactions.cpp; input: playinput.cpp; the
// Play dock: playdockcontrol.cpp.
#include "tilesmith/play/playcontroller.h"

#include "playkeys.h"
#include "playminimap.h"
#include "routeplayback.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/fieldkeys.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playlegend.h"
#include "tilesmith/play/playsession.h"

#include <QAction>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMenu>
#include <QMetaMethod>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QStatusBar>
#include <QToolBar>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace ts::play {

namespace {
/// How long the status bar shows play mode's messages.
constexpr int kMessageMs = 10000;
} // namespace

PlayController::PlayController(QObject* parent) : WindowExtension(parent) {
    createActions();
    mPersistOverlays = true;
    loadOverlaySettings();
    // The mini-map marks the bodies where they are while the level plays.
    connect(this, &PlayController::frameAdvanced, this, &PlayController::updateMinimapMarks);
    connect(this, &PlayController::stateChanged, this, &PlayController::updateMinimapMarks);
}

QList<QMenu*> PlayController::menus() {
    if (!mPlayMenu) {
        mPlayMenu = new QMenu(tr("&Play"));
        mPlayMenu->setObjectName(QStringLiteral("playMenu"));
        mPlayMenu->addAction(mPlayAction);
        mPlayMenu->addAction(mPlayHereAction);
        mPlayMenu->addAction(mStepAction);
        mPlayMenu->addAction(mStopAction);
        mPlayMenu->addSeparator();
        mPlayMenu->addAction(mFollowAction);
    }
    return {mPlayMenu.data()};
}

QList<QMenu*> PlayController::viewMenus() {
    if (!mOverlaysMenu) {
        mOverlaysMenu = new QMenu(tr("&Overlays"));
        mOverlaysMenu->setObjectName(QStringLiteral("overlaysMenu"));
        mOverlaysMenu->addActions(overlayActions());
        mOverlaysMenu->addAction(mCollapseLegendAction);
        mOverlaysMenu->setToolTipsVisible(true); // each overlay's tooltip says what its marks mean
    }
    return {mOverlaysMenu.data()};
}

QList<QAction*> PlayController::toolBarActions() {
    return {mPlayAction, mStepAction, mStopAction};
}

QList<ts::editor::WindowExtension::Dock> PlayController::docks() {
    return {{dock(), Qt::RightDockWidgetArea}};
}

void PlayController::setContext(const ts::editor::WindowContext& context) {
    // Only another level or view ends a session (new prompts do not).
    const bool changed = context.document != mDocument || context.view != mView;
    mContext = context;
    if (context.reachability && context.reachability != mRouteSource) {
        mRouteSource = context.reachability;
        new RoutePlayback(this, context.reachability); // Show Route plays here
    }
    if (changed)
        setDocument(context.document, context.view);
}

void PlayController::updateMinimapMarks() {
    // Only for a window that shows them: a frame computes them otherwise for nothing.
    if (!isSignalConnected(QMetaMethod::fromSignal(&WindowExtension::minimapMarksChanged)))
        return;
    if (isPlaying() && mSession)
        emit minimapMarksChanged(minimapMarks(*mSession));
    else
        emit minimapMarksChanged(std::nullopt);
}

PlayController::PlayController(ts::editor::LevelDocument* document, QGraphicsView* view,
                               QObject* parent)
    : WindowExtension(parent) {
    createActions();
    if (view)
        view->addActions(
            {mPlayAction, mPlayHereAction, mStepAction, mStopAction, mCollapseLegendAction});
    // No window to hear editingSuspended: the level's own scene hides what the running
    // world contradicts.
    connect(this, &WindowExtension::editingSuspended, this, [this](bool suspended) {
        if (auto* scene = qobject_cast<ts::editor::LevelScene*>(mView ? mView->scene() : nullptr))
            scene->setEditingSuspended(suspended);
    });
    setDocument(document, view);
}

PlayController::~PlayController() {
    stop();
    delete mPlayMenu.data();
    delete mOverlaysMenu.data();
    if (mView) {
        mView->removeEventFilter(this);
        mView->viewport()->removeEventFilter(this);
    }
}

void PlayController::setDocument(ts::editor::LevelDocument* document, QGraphicsView* view) {
    stop();
    const ts::editor::LevelDocument* previous = mDocument;
    if (mDocument)
        disconnect(mDocument, nullptr, this, nullptr);
    if (mView && mView != view) {
        mView->removeEventFilter(this);
        mView->viewport()->removeEventFilter(this);
    }
    mDocument = document;
    if (mView != view && view) {
        view->installEventFilter(this);
        view->viewport()->installEventFilter(this);
        view->viewport()->setMouseTracking(true);
    }
    if (mView != view) {
        delete mFocusGuard;
        if (view)
            mFocusGuard = new PlayFocusGuard(
                view, [this](QKeyEvent* e, bool press) { return handleKey(e, press); }, this);
    }
    mView = view;
    mHoverTile.reset();
    if (mDocument != previous) {
        // The player's size is the level's play test's, not the editor's: another
        // level (opened, new, reverted) starts at the spawn's size.
        mPlayerScale = 1.0f;
        syncPlayerSize();
    }
    if (mDocument) {
        mDocPhysics = mDocument->level().physics;
        connect(mDocument, &ts::editor::LevelDocument::tilesChanged, this,
                &PlayController::onTilesChanged);
        connect(mDocument, &ts::editor::LevelDocument::settingsChanged, this,
                &PlayController::onSettingsChanged);
        // A resize or reload changes the map under the world: back to editing.
        connect(mDocument, &ts::editor::LevelDocument::levelReset, this, &PlayController::stop);
        // Spawns placed, moved, pasted or deleted while playing reach the world.
        connect(mDocument, &ts::editor::LevelDocument::spawnsChanged, this,
                &PlayController::onSpawnsChanged);
        connect(mDocument, &QObject::destroyed, this, [this] { stop(); });
    }
    showLevelSettings();
    updateActions();
}

// --- driving -------------------------------------------------------------------

void PlayController::startSession(std::optional<QPoint> playerTile, bool paused) {
    stop();
    if (!mDocument || !mView)
        return;
    // A spawn's mass or size still being typed in the properties dock is part of
    // the level Play starts from (committed later, it would restart that body
    // mid-session as a live edit).
    ts::editor::commitTypedValue(mView->window());
    if (!playerTile && !mDocument->level().player()) {
        // An empty world would run with nothing to steer: say what is missing.
        emit statusMessage(tr("The level has no player: place one with the Spawn tool (P), "
                              "or press Shift+F5 to play with one under the cursor."),
                           kMessageMs);
        return;
    }
    mSession = std::make_unique<PlaySession>(mDocument->level(), playerTile);
    mGoalsReported = 0;
    mDocPhysics = mDocument->level().physics;
    mSession->setPlayerScale(mPlayerScale);
    mSession->setInput(heldInput());
    applyDebugFlag();

    mScene = mView->scene();
    if (auto* levelScene = qobject_cast<ts::editor::LevelScene*>(mScene)) {
        // A click on a running body picks its spawn (the Spawn and Select tools).
        levelScene->setRunningSpawnLookup(
            [this](QPointF p) { return mSession ? mSession->spawnAt(p) : 0; });
    }
    if (mScene) {
        mItem = new PlayOverlayItem(mSession.get());
        mItem->setOverlays(mOverlays);
        mScene->addItem(mItem);
    }
    // A child of the view, not of the viewport: scrolling moves viewport children.
    mHud = new PlayHud(mView);
    mHud->move(mView->viewport()->geometry().topLeft() + QPoint(8, 8));
    mHud->raise();
    mHud->setSession(mSession.get());
    mHud->setVisible(mOverlays & OverlayHud);
    mLegend = new PlayLegend(mView);
    mLegend->hide(); // until there is a step to explain: refresh() below, updateLegend()
    mLegend->raise();
    mLegend->setKeys(shortcutText(mCollapseLegendAction));
    mLegend->setCollapsed(mLegendCollapsed);
    connect(mLegend, &PlayLegend::headerClicked, mCollapseLegendAction, &QAction::toggle);
    connect(mLegend, &PlayLegend::collapsedChanged, this, &PlayController::showLegendCollapsed);
    // The view scrolled, zoomed or resized without a frame (paused, stepping, a
    // replay held still): the legend gets out of the way of the play at once.
    for (QScrollBar* bar : {mView->horizontalScrollBar(), mView->verticalScrollBar()}) {
        const auto viewMoved = [this] {
            if (!mRefreshing)
                placeWidgets();
        };
        connect(bar, &QScrollBar::valueChanged, mLegend, viewMoved);
        connect(bar, &QScrollBar::rangeChanged, mLegend, viewMoved);
    }
    emit editingSuspended(true);
    // (The tile layer caches itself per zoom level: each frame's repaint of the
    // still tiles is a blit, see TileLayerItem and ChunkCache.)
    if (mDock) {
        mDock->setSettings(mSession->settings());
        mDock->setPlaying(true);
    }
    setState(paused ? State::Paused : State::Playing);
    refresh();
}

void PlayController::play() {
    if (mState == State::Playing)
        return;
    if (mState == State::Editing) {
        startSession(std::nullopt, false);
        return;
    }
    setState(State::Playing);
}

void PlayController::playFromTile(QPoint tile) {
    if (!mDocument)
        return;
    // Never inside a wall: the nearest place where the player stands instead.
    const ts::level::Level& lv = mDocument->level();
    const ts::level::Spawn* player = lv.player();
    const ts::level::Spawn spawn =
        player ? *player : ts::level::Spawn::withDefaults(ts::level::SpawnKind::Player);
    std::string why;
    const std::optional<QPoint> spot = PlaySession::standingTileNear(lv, spawn, tile, &why);
    if (!spot) {
        emit statusMessage(tr("Cannot play from tile %1, %2: %3")
                               .arg(tile.x())
                               .arg(tile.y())
                               .arg(QString::fromStdString(why)),
                           kMessageMs);
        return;
    }
    if (*spot != tile)
        emit statusMessage(tr("Tile %1, %2 has no room for the player: playing from %3, %4, "
                              "the nearest place to stand")
                               .arg(tile.x())
                               .arg(tile.y())
                               .arg(spot->x())
                               .arg(spot->y()),
                           kMessageMs);
    startSession(*spot, false);
}

void PlayController::pause() {
    if (mState == State::Playing)
        setState(State::Paused);
}

void PlayController::togglePlay() {
    if (mState == State::Playing)
        pause();
    else
        play();
}

bool PlayController::pausedSession() {
    if (mState == State::Editing)
        startSession(std::nullopt, true);
    else
        pause();
    return mSession != nullptr;
}

void PlayController::stepOnce() {
    if (!pausedSession())
        return;
    mSession->setInput(heldInput());
    mSession->step();
    mSession->noteSteps(mSession->timings().lastStepMs, 1);
    refresh();
    emit frameAdvanced();
}

void PlayController::stop() {
    mTimer.stop();
    if (mItem) {
        // The scene owns the item; it may already be gone with its scene.
        if (mScene) {
            mScene->removeItem(mItem);
            delete mItem;
        }
        mItem = nullptr;
    }
    if (auto* levelScene = qobject_cast<ts::editor::LevelScene*>(mScene.data()))
        levelScene->setRunningSpawnLookup({});
    mScene = nullptr;
    delete mHud;
    mHud = nullptr;
    delete mLegend;
    mLegend = nullptr;
    showLegendCollapsed(mLegendCollapsed);
    const bool wasPlaying = mSession != nullptr;
    if (mSession)
        emit sessionEnding(mSession.get());
    mSession.reset();
    mLeft = mRight = mUp = mDown = false;
    mPaintButton = Qt::NoButton;
    if (wasPlaying) {
        emit editingSuspended(false);
        if (mDock)
            mDock->setPlaying(false);
    }
    showLevelSettings();
    syncPlayerSize(); // no growth waits any more
    setState(State::Editing);
}

void PlayController::runSteps(int steps, const ts::level::InputScript* script) {
    if (!pausedSession())
        return;
    for (int i = 0; i < steps; ++i) {
        if (script) {
            mSession->stepScripted(*script);
        } else {
            mSession->setInput(heldInput());
            mSession->step();
        }
    }
    if (steps > 0)
        mSession->noteSteps(mSession->timings().lastStepMs, 1);
    refresh();
    // A frame measured for the HUD: the last step plus one full repaint.
    if (mView && mView->isVisible()) {
        const auto t0 = std::chrono::steady_clock::now();
        mView->viewport()->repaint();
        const double paintMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        mSession->noteFrame((paintMs + mSession->timings().lastStepMs) / 1000.0);
        if (mHud)
            mHud->refresh();
    }
    emit frameAdvanced();
}

void PlayController::placeWidgets() {
    if (!mView)
        return;
    const QRect vp = mView->viewport()->geometry(); // in view coordinates
    if (mHud)
        mHud->move(vp.topLeft() + QPoint(8, 8));
    if (mLegend)
        placeLegend(vp);
    if (mItem) {
        // Cell counts keep clear of the HUD and the legend (viewport coordinates).
        QList<QRect> covered;
        for (const QWidget* w : {static_cast<QWidget*>(mHud), static_cast<QWidget*>(mLegend)})
            if (w && w->isVisible())
                covered << w->geometry().translated(-vp.topLeft());
        mItem->setReservedViewRects(covered);
    }
}

void PlayController::placeLegend(const QRect& vp) {
    // The HUD's corner is its own: the legend never covers it where another corner is clear.
    const QRect hud = mHud && mHud->isVisible() ? mHud->geometry() : QRect();
    if (!mLegend->isVisible() || !mSession) {
        mLegend->place(vp, hud);
        return;
    }
    // What a legend rectangle (view coordinates) would hide: the bodies drawn
    // under it, tested in scene coordinates (one mapping per corner, none per body).
    const std::vector<ts::BodyId> ids = mSession->world().bodies();
    const ts::BodyId player = mSession->hasPlayer() ? mSession->player() : ts::BodyId{};
    mLegend->place(vp, hud, [&](const QRect& viewRect) {
        const QRectF area = mView->mapToScene(viewRect.translated(-vp.topLeft())).boundingRect();
        int n = 0;
        for (const ts::BodyId id : ids) {
            if (mSession->sceneRect(mSession->drawnAabb(id)).intersects(area))
                n += id == player ? PlayLegend::kPlayerCost : 1;
        }
        return n;
    });
}

void PlayController::refresh() {
    if (!mSession)
        return;
    const auto& goals = mSession->goalEvents();
    // A replay seeked back before a goal forgets it: reaching it again announces it again.
    mGoalsReported = std::min(mGoalsReported, goals.size());
    for (; mGoalsReported < goals.size(); ++mGoalsReported) {
        const QString text = goalReachedText(goals[mGoalsReported]);
        emit statusMessage(text, kMessageMs);
        emit goalReached(goals[mGoalsReported].goalId, text);
    }
    if (mHud) {
        updateHudClock();
        mHud->refresh();
    }
    updateLegend();
    if (mItem)
        mItem->update();
    {
        // The camera first, so the legend is placed against the view this frame shows
        // (not the last frame's); the scroll it makes is this frame's placement.
        const QScopedValueRollback<bool> refreshing(mRefreshing, true);
        if (mView && mFollowAction->isChecked() && mSession->hasPlayer()) {
            // Only when the map does not fit: a fitted map stays still.
            const QRectF visible = mView->mapToScene(mView->viewport()->rect()).boundingRect();
            const ts::level::Level& lv = mSession->level();
            const QRectF map(0, 0, qreal(lv.width) * lv.tileSize, mSession->mapHeightPx());
            if (!visible.contains(map))
                mView->centerOn(followCentre(mSession->playerScenePos(), map, visible.size()));
        }
    }
    placeWidgets();
    syncPlayerSize();
    emit refreshed();
}

QPointF PlayController::followCentre(QPointF player, const QRectF& map, QSizeF visible) {
    // Like a game's camera: on the player, but never showing past the map's
    // edge along an axis the map is larger than the view; centred on the map
    // along an axis it fits in.
    const auto axis = [](qreal at, qreal lo, qreal hi, qreal span) {
        if (hi - lo <= span)
            return (lo + hi) / 2;
        return std::clamp(at, lo + span / 2, hi - span / 2);
    };
    return {axis(player.x(), map.left(), map.right(), visible.width()),
            axis(player.y(), map.top(), map.bottom(), visible.height())};
}

void PlayController::onFrame() {
    if (!mSession || mState == State::Editing) {
        mTimer.stop();
        return;
    }
    const double seconds = double(mFrameClock.nsecsElapsed()) / 1e9;
    mFrameClock.restart();
    if (mState == State::Paused) {
        // Nothing moves, but the HUD's frame time and FPS stay live.
        mSession->noteFrame(seconds);
        if (mHud && mHud->isVisible()) {
            updateHudClock();
            mHud->refresh();
        }
        return;
    }
    mSession->setInput(heldInput());
    if (mSession->advanceFrame(seconds) > 0)
        frameStepped();
    else
        refresh();
}

void PlayController::frameStepped() {
    emit frameAdvanced();
    refresh();
}

void PlayController::setState(State s) {
    const bool changed = s != mState;
    mState = s;
    if (s == State::Playing || (s == State::Paused && mSession)) {
        // Paused: bodies drawn at their newest state, the HUD kept live.
        if (mSession)
            mSession->resetAccumulator();
        mFrameClock.start();
        mTimer.start();
    } else {
        mTimer.stop();
    }
    if (mFocusGuard)
        mFocusGuard->setActive(s != State::Editing);
    if (s == State::Editing)
        mWatchingReplay = false;
    if (mHud) {
        updateHudClock();
        mHud->refresh();
    }
    updateActions();
    updateKeysHint();
    if (changed)
        emit stateChanged(s);
}

// --- document edits reaching the running world ------------------------------------

void PlayController::onTilesChanged(const QRect& rect) {
    if (!mSession || !mDocument)
        return;
    mSession->applyTiles(mDocument->level(), rect);
    if (mItem)
        mItem->update();
}

void PlayController::onSpawnsChanged() {
    if (!mSession || !mDocument)
        return;
    if (mSession->applySpawns(mDocument->level()) > 0)
        refresh();
}

void PlayController::onSettingsChanged() {
    if (!mDocument)
        return;
    const ts::level::PhysicsSettings& p = mDocument->level().physics;
    if (p == mDocPhysics)
        return; // a name or property change: leave the live settings alone
    mDocPhysics = p;
    if (!mSession) {
        showLevelSettings();
        return;
    }
    mSession->setSettings(ts::level::worldSettings(p));
    if (mDock)
        mDock->setSettings(mSession->settings());
}

} // namespace ts::play
