#include "play/playcontroller.h"

#include "document.h"
#include "editorview.h"
#include "levelscene.h"
#include "mainwindow.h"
#include "play/playdock.h"
#include "play/playhud.h"
#include "play/playlegend.h"
#include "play/playsession.h"
#include "play/routeplayback.h"
#include "spawnitem.h"
#include "tilelayeritem.h"

#include <QAction>
#include <QApplication>
#include <QCursor>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QIcon>
#include <QImageReader>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>

#include <chrono>
#include <cmath>

namespace ts::play {

namespace {

/// Stroke ids of play-mode painting: far from the editor tools' counters, so a
/// play stroke never merges into a tool's stroke.
int nextStrokeId() {
    static int id = 0x40000000;
    return ++id;
}

QIcon playIcon(const char* name, QStyle::StandardPixmap fallback) {
    const QString path = QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name));
    if (QFile::exists(path) && QImageReader::supportedImageFormats().contains("svg"))
        return QIcon(path);
    return QApplication::style()->standardIcon(fallback);
}

struct OverlayInfo {
    Overlay bit;
    const char* key;
    const char* text;
};

const OverlayInfo kOverlayInfo[] = {
    {OverlayCells, "cells", QT_TRANSLATE_NOOP("ts::play::PlayController", "Partition &Cells")},
    {OverlaySensors, "sensors", QT_TRANSLATE_NOOP("ts::play::PlayController", "&Sensors")},
    {OverlayOverlaps, "overlaps",
     QT_TRANSLATE_NOOP("ts::play::PlayController", "&Overlap Vectors")},
    {OverlayContacts, "contacts", QT_TRANSLATE_NOOP("ts::play::PlayController", "Contact &Flags")},
    {OverlayColliding, "colliding",
     QT_TRANSLATE_NOOP("ts::play::PlayController", "C&olliding Objects Translucent")},
    {OverlayHud, "hud", QT_TRANSLATE_NOOP("ts::play::PlayController", "Play &HUD")},
    {OverlayLegend, "legend", QT_TRANSLATE_NOOP("ts::play::PlayController", "&Legend")},
};

/// What each overlay shows, for tooltips and status tips.
const char* const kOverlayTips[] = {
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Partition cells holding bodies, tinted by how many (the count in the "
                      "corner), beneath the tiles"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Sensor lines tested this step: green = no tile, red = hit a blocking "
                      "tile; faint = swept placements between the old and new position"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Magenta arrows: the shortest push that separates each overlapping pair, "
                      "from the contact point, at true length (depth in px when few)"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Bars at a body's edge: white = ground, cyan = one-way platform, red = "
                      "ceiling, yellow = wall"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Bodies overlapping another this step are drawn translucent"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Step time, frame time, FPS, objects and partition pairs (top left)"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "A panel explaining each overlay colour and mark (bottom left)"),
};
constexpr int kOverlayCount = int(sizeof(kOverlayInfo) / sizeof(kOverlayInfo[0]));
static_assert(sizeof(kOverlayTips) / sizeof(kOverlayTips[0]) == kOverlayCount);

} // namespace

PlayController::PlayController(ts::editor::MainWindow* window) : QObject(nullptr), mWindow(window) {
    createActions();
    mPersistOverlays = true;
    loadOverlaySettings();
    if (!window)
        return;
    if (QMenu* menu = window->playMenu()) {
        menu->addAction(mPlayAction);
        menu->addAction(mPlayHereAction);
        menu->addAction(mStepAction);
        menu->addAction(mStopAction);
        menu->addSeparator();
        menu->addAction(mFollowAction);
    } else {
        window->addActions({mPlayAction, mPlayHereAction, mStepAction, mStopAction});
    }
    if (QMenu* menu = window->overlaysMenu()) {
        menu->addActions(overlayActions());
        menu->setToolTipsVisible(true); // each overlay's tooltip says what its marks mean
    }
    if (QToolBar* bar = window->mainToolBar()) {
        bar->addSeparator();
        bar->addAction(mPlayAction);
        bar->addAction(mStepAction);
        bar->addAction(mStopAction);
    }
    window->addDock(dock(), Qt::RightDockWidgetArea);
    connect(this, &PlayController::statusMessage, window,
            [window](const QString& text) { window->statusBar()->showMessage(text, 10000); });
    setDocument(window->document(), window->view());
    new RoutePlayback(this, window->reachability()); // Show Route plays here
    connect(window, &ts::editor::MainWindow::documentChanged, this,
            [this](ts::editor::LevelDocument* document) {
                setDocument(document, mWindow ? mWindow->view() : nullptr);
            });
    connect(window, &QObject::destroyed, this, [this] {
        stop();
        mWindow = nullptr;
    });
}

PlayController::PlayController(ts::editor::LevelDocument* document, QGraphicsView* view,
                               QObject* parent)
    : QObject(parent) {
    createActions();
    if (view)
        view->addActions({mPlayAction, mPlayHereAction, mStepAction, mStopAction});
    setDocument(document, view);
}

PlayController::~PlayController() {
    stop();
    if (mView) {
        mView->removeEventFilter(this);
        mView->viewport()->removeEventFilter(this);
    }
}

void PlayController::createActions() {
    mTimer.setTimerType(Qt::PreciseTimer);
    mTimer.setInterval(16);
    connect(&mTimer, &QTimer::timeout, this, &PlayController::onFrame);

    mPlayAction = new QAction(playIcon("play", QStyle::SP_MediaPlay), tr("&Play"), this);
    mPlayAction->setShortcut(QKeySequence(Qt::Key_F5));
    mPlayAction->setToolTip(tr("Play the level (F5); F5 again pauses"));
    connect(mPlayAction, &QAction::triggered, this, &PlayController::togglePlay);

    mPlayHereAction = new QAction(tr("Play from &Cursor"), this);
    mPlayHereAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    mPlayHereAction->setToolTip(tr("Play with the player on the tile under the cursor (Shift+F5)"));
    connect(mPlayHereAction, &QAction::triggered, this, [this] {
        std::optional<QPoint> tile = mHoverTile;
        if (mView) {
            const QPoint vp = mView->viewport()->mapFromGlobal(QCursor::pos());
            if (mView->viewport()->rect().contains(vp))
                tile = tileAt(mView->mapToScene(vp));
        }
        if (tile)
            playFromTile(*tile);
        else
            play();
    });

    mStepAction = new QAction(playIcon("step", QStyle::SP_MediaSkipForward), tr("&Step"), this);
    mStepAction->setShortcuts({QKeySequence(Qt::Key_F6), QKeySequence(Qt::Key_F10)});
    mStepAction->setToolTip(tr("One physics step while paused (F6 or F10)"));
    connect(mStepAction, &QAction::triggered, this, &PlayController::stepOnce);

    mStopAction = new QAction(playIcon("stop", QStyle::SP_MediaStop), tr("S&top"), this);
    mStopAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
    mStopAction->setToolTip(tr("Stop and return to editing (Ctrl+F5, or Esc in the view)"));
    connect(mStopAction, &QAction::triggered, this, &PlayController::stop);

    mFollowAction = new QAction(tr("&Follow Player"), this);
    mFollowAction->setCheckable(true);
    mFollowAction->setChecked(true);
    mFollowAction->setToolTip(tr("Keep the player in the middle of the view while playing"));
    connect(mFollowAction, &QAction::toggled, this, [this](bool on) {
        saveOverlaySettings();
        if (on)
            refresh();
    });

    for (int i = 0; i < kOverlayCount; ++i) {
        const OverlayInfo& info = kOverlayInfo[i];
        auto* a = new QAction(tr(info.text), this);
        a->setToolTip(tr(kOverlayTips[i]));
        a->setStatusTip(tr(kOverlayTips[i]));
        a->setCheckable(true);
        a->setChecked(mOverlays & info.bit);
        a->setObjectName(QStringLiteral("overlay-%1").arg(QLatin1String(info.key)));
        connect(a, &QAction::toggled, this, [this, bit = info.bit](bool on) {
            setOverlays(on ? (mOverlays | bit) : (mOverlays & ~unsigned(bit)));
        });
        mOverlayActions[i] = a;
    }
    updateActions();
}

PlayDock* PlayController::dock() {
    if (mDock)
        return mDock;
    mDock = new PlayDock(mWindow ? static_cast<QWidget*>(mWindow)
                                 : (mView ? mView->window() : nullptr));
    mDock->setPlayerScale(mPlayerScale);
    mDock->setPlaying(isPlaying());
    if (mSession)
        mDock->setSettings(mSession->settings());
    else
        showLevelSettings();
    connect(mDock, &PlayDock::playerScaleEdited, this, [this](float s) {
        mPlayerScale = s;
        if (mSession) {
            mSession->setPlayerScale(s);
            refresh();
        }
    });
    connect(mDock, &PlayDock::settingsEdited, this, [this](const ts::WorldSettings& s) {
        if (mSession)
            mSession->setSettings(s);
    });
    connect(mDock, &PlayDock::writeRequested, this, [this] {
        if (mSession && mDocument)
            mDocument->setPhysics(mSession->physicsSettings(mDocument->level().physics));
    });
    return mDock;
}

void PlayController::setDocument(ts::editor::LevelDocument* document, QGraphicsView* view) {
    stop();
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

void PlayController::showLevelSettings() {
    // While editing, the dock shows what Play will start with: the level's settings.
    if (mDock && mDocument && !mSession)
        mDock->setSettings(ts::level::worldSettings(mDocument->level().physics));
}

QAction* PlayController::overlayAction(Overlay overlay) const {
    for (int i = 0; i < kOverlayCount; ++i)
        if (kOverlayInfo[i].bit == overlay)
            return mOverlayActions[i];
    return nullptr;
}

QList<QAction*> PlayController::overlayActions() const {
    QList<QAction*> list;
    for (QAction* a : mOverlayActions)
        list << a;
    return list;
}

void PlayController::setOverlays(unsigned overlays) {
    overlays &= OverlayAll;
    mOverlays = overlays;
    for (int i = 0; i < kOverlayCount; ++i) {
        QAction* a = mOverlayActions[i];
        const bool on = overlays & kOverlayInfo[i].bit;
        if (a && a->isChecked() != on) {
            const QSignalBlocker block(a);
            a->setChecked(on);
        }
    }
    applyDebugFlag();
    if (mItem)
        mItem->setOverlays(overlays);
    if (mHud)
        mHud->setVisible(isPlaying() && (overlays & OverlayHud));
    if (mLegend)
        mLegend->setVisible(isPlaying() && (overlays & OverlayLegend));
    placeWidgets();
    saveOverlaySettings();
}

void PlayController::applyDebugFlag() {
    if (mSession)
        mSession->world().setDebugEnabled((mOverlays & kDebugOverlays) != 0);
}

void PlayController::loadOverlaySettings() {
    QSettings settings;
    settings.beginGroup(QStringLiteral("play"));
    unsigned bits = 0;
    for (const OverlayInfo& info : kOverlayInfo) {
        if (settings.value(QStringLiteral("overlay/%1").arg(QLatin1String(info.key)), true)
                .toBool())
            bits |= info.bit;
    }
    mFollowAction->setChecked(settings.value(QStringLiteral("follow"), true).toBool());
    settings.endGroup();
    setOverlays(bits);
}

void PlayController::saveOverlaySettings() const {
    if (!mPersistOverlays)
        return;
    QSettings settings;
    settings.beginGroup(QStringLiteral("play"));
    for (const OverlayInfo& info : kOverlayInfo)
        settings.setValue(QStringLiteral("overlay/%1").arg(QLatin1String(info.key)),
                          (mOverlays & info.bit) != 0);
    settings.setValue(QStringLiteral("follow"), mFollowAction->isChecked());
    settings.endGroup();
}

// --- driving -------------------------------------------------------------------

void PlayController::startSession(std::optional<QPoint> playerTile, bool paused) {
    stop();
    if (!mDocument || !mView)
        return;
    if (!playerTile && !mDocument->level().player()) {
        // An empty world would run with nothing to steer: say what is missing.
        emit statusMessage(tr("The level has no player: place one with the Spawn tool (P), "
                              "or press Shift+F5 to play with one under the cursor."));
        return;
    }
    mSession = std::make_unique<PlaySession>(mDocument->level(), playerTile);
    mGoalsReported = 0;
    mDocPhysics = mDocument->level().physics;
    mSession->setPlayerScale(mPlayerScale);
    mSession->setInput(heldInput());
    applyDebugFlag();

    mScene = mView->scene();
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
    mLegend->setVisible(mOverlays & OverlayLegend);
    mLegend->raise();
    setEditorSpawnsVisible(false);
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
                               .arg(QString::fromStdString(why)));
        return;
    }
    if (*spot != tile)
        emit statusMessage(tr("Tile %1, %2 has no room for the player: playing from %3, %4, "
                              "the nearest place to stand")
                               .arg(tile.x())
                               .arg(tile.y())
                               .arg(spot->x())
                               .arg(spot->y()));
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

void PlayController::stepOnce() {
    if (mState == State::Editing)
        startSession(std::nullopt, true);
    else
        pause();
    if (!mSession)
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
    mScene = nullptr;
    delete mHud;
    mHud = nullptr;
    delete mLegend;
    mLegend = nullptr;
    const bool wasPlaying = mSession != nullptr;
    if (mSession)
        emit sessionEnding(mSession.get());
    mSession.reset();
    mLeft = mRight = mUp = mDown = false;
    mPaintButton = Qt::NoButton;
    if (wasPlaying) {
        setEditorSpawnsVisible(true);
        if (mDock)
            mDock->setPlaying(false);
    }
    showLevelSettings();
    setState(State::Editing);
}

void PlayController::runSteps(int steps, const ts::level::InputScript* script) {
    if (mState == State::Editing)
        startSession(std::nullopt, true);
    else
        pause();
    if (!mSession)
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
        mLegend->place(vp);
    if (mItem) {
        // Cell counts keep clear of the HUD and the legend (viewport coordinates).
        QList<QRect> covered;
        for (const QWidget* w : {static_cast<QWidget*>(mHud), static_cast<QWidget*>(mLegend)})
            if (w && w->isVisible())
                covered << w->geometry().translated(-vp.topLeft());
        mItem->setReservedViewRects(covered);
    }
}

void PlayController::refresh() {
    if (!mSession)
        return;
    const auto& goals = mSession->goalEvents();
    for (; mGoalsReported < goals.size(); ++mGoalsReported) {
        const QString text = goalReachedText(goals[mGoalsReported]);
        if (mWindow)
            mWindow->statusBar()->showMessage(text, 10000);
        emit goalReached(goals[mGoalsReported].goalId, text);
    }
    if (mHud) {
        mHud->setPaused(mState == State::Paused);
        mHud->refresh();
    }
    placeWidgets();
    if (mItem)
        mItem->update();
    if (mView && mFollowAction->isChecked() && mSession->hasPlayer()) {
        // Only when the map does not fit: a fitted map stays still.
        const QRectF visible = mView->mapToScene(mView->viewport()->rect()).boundingRect();
        const ts::level::Level& lv = mSession->level();
        const QRectF map(0, 0, qreal(lv.width) * lv.tileSize, mSession->mapHeightPx());
        if (!visible.contains(map))
            mView->centerOn(mSession->playerScenePos());
    }
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
            mHud->setPaused(true);
            mHud->refresh();
        }
        return;
    }
    mSession->setInput(heldInput());
    if (mSession->advanceFrame(seconds) > 0)
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
    if (mHud) {
        mHud->setPaused(s == State::Paused);
        mHud->refresh();
    }
    updateActions();
    if (changed)
        emit stateChanged(s);
}

void PlayController::updateActions() {
    if (!mPlayAction)
        return;
    const bool haveDoc = mDocument && mView;
    const bool playing = mState == State::Playing;
    mPlayAction->setEnabled(haveDoc);
    mPlayAction->setText(playing ? tr("&Pause")
                                 : (mState == State::Paused ? tr("&Resume") : tr("&Play")));
    mPlayAction->setIcon(playing ? playIcon("pause", QStyle::SP_MediaPause)
                                 : playIcon("play", QStyle::SP_MediaPlay));
    mPlayHereAction->setEnabled(haveDoc);
    mStepAction->setEnabled(haveDoc);
    mStopAction->setEnabled(mState != State::Editing);
}

void PlayController::setEditorSpawnsVisible(bool visible) {
    if (!mView || !mView->scene())
        return;
    // The running world's bodies replace the editor's spawn glyphs while playing.
    for (QGraphicsItem* item : mView->scene()->items()) {
        if (item->type() == ts::editor::SpawnItem::Type)
            item->setVisible(visible);
    }
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
    // The scene may have rebuilt its spawn items: the bodies stand in for them.
    setEditorSpawnsVisible(false);
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

std::optional<QPoint> PlayController::tileAt(QPointF scenePos) const {
    if (!mDocument)
        return std::nullopt;
    const ts::level::Level& lv = mDocument->level();
    const int x = int(std::floor(scenePos.x() / lv.tileSize));
    const int y = int(std::floor(scenePos.y() / lv.tileSize));
    if (!lv.contains(x, y))
        return std::nullopt;
    return QPoint(x, y);
}

void PlayController::paintAt(QPoint viewportPos, Qt::MouseButton button, bool newStroke) {
    if (!mDocument || !mView)
        return;
    const std::optional<QPoint> tile = tileAt(mView->mapToScene(viewportPos));
    if (newStroke) {
        mStrokeId = nextStrokeId();
        mLastPaintTile.reset();
    }
    if (!tile || tile == mLastPaintTile)
        return;
    mLastPaintTile = tile;
    const bool solid = button == Qt::RightButton;
    mDocument->paintTiles({{*tile, solid ? ts::Tile::Solid : ts::Tile::OneWay}},
                          solid ? tr("Paint Solid (Play)") : tr("Paint One-Way (Play)"), mStrokeId);
}

// --- input ---------------------------------------------------------------------

ts::Input PlayController::heldInput() const {
    ts::Input in;
    in.left = mLeft;
    in.right = mRight;
    in.jump = mUp;
    in.down = mDown;
    return in;
}

bool PlayController::handleKey(QKeyEvent* event, bool press) {
    if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false; // Ctrl+S and friends keep working while playing
    bool* held = nullptr;
    switch (event->key()) {
    case Qt::Key_A:
    case Qt::Key_Left:
        held = &mLeft;
        break;
    case Qt::Key_D:
    case Qt::Key_Right:
        held = &mRight;
        break;
    case Qt::Key_W:
    case Qt::Key_Up:
        held = &mUp;
        break;
    case Qt::Key_S:
    case Qt::Key_Down:
        held = &mDown;
        break;
    case Qt::Key_Space:
        if (press && !event->isAutoRepeat() && mSession) {
            mSession->spawnClone();
            refresh();
        }
        return true;
    case Qt::Key_Escape:
        if (press)
            stop();
        return true;
    default:
        return false;
    }
    // Auto-repeat sends release/press pairs while a key is held: ignore the releases.
    if (!(event->isAutoRepeat() && !press))
        *held = press;
    if (mSession)
        mSession->setInput(heldInput());
    return true;
}

bool PlayController::eventFilter(QObject* watched, QEvent* event) {
    const bool onViewport = mView && watched == mView->viewport();
    if (onViewport && event->type() == QEvent::MouseMove && mDocument) {
        mHoverTile =
            tileAt(mView->mapToScene(static_cast<QMouseEvent*>(event)->position().toPoint()));
    }
    if (!isPlaying())
        return QObject::eventFilter(watched, event);

    switch (event->type()) {
    case QEvent::ShortcutOverride: {
        // Claim the play keys before single-key tool shortcuts see them.
        auto* ke = static_cast<QKeyEvent*>(event);
        const bool mine =
            !(ke->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) &&
            (ke->key() == Qt::Key_A || ke->key() == Qt::Key_D || ke->key() == Qt::Key_W ||
             ke->key() == Qt::Key_S || ke->key() == Qt::Key_Left || ke->key() == Qt::Key_Right ||
             ke->key() == Qt::Key_Up || ke->key() == Qt::Key_Down || ke->key() == Qt::Key_Space ||
             ke->key() == Qt::Key_Escape);
        if (mine) {
            event->accept();
            return true;
        }
        break;
    }
    case QEvent::KeyPress:
        if (handleKey(static_cast<QKeyEvent*>(event), true))
            return true;
        break;
    case QEvent::KeyRelease:
        if (handleKey(static_cast<QKeyEvent*>(event), false))
            return true;
        break;
    case QEvent::FocusOut:
        mLeft = mRight = mUp = mDown = false;
        if (mSession)
            mSession->setInput(heldInput());
        break;
    case QEvent::ContextMenu:
        return onViewport || watched == mView; // right button paints instead
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
        if (onViewport) {
            auto* me = static_cast<QMouseEvent*>(event);
            if (me->button() == Qt::RightButton || me->button() == Qt::MiddleButton) {
                mPaintButton = me->button();
                paintAt(me->position().toPoint(), mPaintButton, true);
                return true;
            }
        }
        break;
    case QEvent::MouseMove:
        if (onViewport && mPaintButton != Qt::NoButton) {
            auto* me = static_cast<QMouseEvent*>(event);
            if (me->buttons() & mPaintButton) {
                paintAt(me->position().toPoint(), mPaintButton, false);
                return true;
            }
            mPaintButton = Qt::NoButton;
        }
        break;
    case QEvent::MouseButtonRelease:
        if (onViewport && mPaintButton != Qt::NoButton &&
            static_cast<QMouseEvent*>(event)->button() == mPaintButton) {
            mPaintButton = Qt::NoButton;
            return true;
        }
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ts::play
