// Play mode: runs the current level in the editor with the physics library.
#pragma once

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/windowextension.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/physics/body.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playfocusguard.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playlegend.h"
#include "tilesmith/play/playoverlayitem.h"

#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QObject>
#include <QPoint>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

class QAction;
class QKeyEvent;
class QMenu;

namespace ts::play {

class PlaySession;

/// Owns a play session for one main window: builds a physics world from the
/// document's level, steps it from a timer, draws its bodies and debug overlays
/// and routes play keys. The application adds it to the main window as an
/// extension (MainWindow::addExtension()): the window places its Play menu, View >
/// Overlays, tool-bar actions and dock, and tells it which level is open.
///
/// Bindings (the actions' shortcuts and playkeys.h, which every text naming a
/// key is built from): F5 play / pause, Shift+F5 play with the player on the tile
/// under the cursor, F6 or F10 one step (pauses first), Ctrl+F5 stop (Esc too,
/// while the view has focus; going to a finding in the Problems dock stops too). While playing, on
/// the view: A/D or Left/Right walk, W/Up jump, S/Down drop through a one-way platform, Space
/// spawns a clone; right button paints solid tiles, middle button one-way tiles (undoable document
/// edits), the left button goes to the active tool.
class PlayController : public ts::editor::WindowExtension {
    Q_OBJECT
public:
    enum class State { Editing, Playing, Paused };

    /// For a main window (MainWindow::addExtension()): the overlay choices are saved
    /// in the settings (setPersistOverlays()).
    explicit PlayController(QObject* parent = nullptr);
    /// Without a main window (tests, embedding): plays `document` in `view`. The
    /// actions are added to the view so their shortcuts work; no dock is made
    /// unless dock() is called.
    PlayController(ts::editor::LevelDocument* document, QGraphicsView* view,
                   QObject* parent = nullptr);
    ~PlayController() override;

    // --- the window's extension -----------------------------------------------
    /// The Play menu.
    QList<QMenu*> menus() override;
    /// View > Overlays.
    QList<QMenu*> viewMenus() override;
    /// Play, Step, Stop.
    QList<QAction*> toolBarActions() override;
    /// The Play dock.
    QList<Dock> docks() override;
    void setContext(const ts::editor::WindowContext& context) override;
    /// Stops (going to a Problems dock finding while playing).
    void editRequested() override { stop(); }
    /// What the window shares (its prompts, for the replays' dialogs).
    const ts::editor::WindowContext& context() const { return mContext; }

    State state() const { return mState; }
    bool isPlaying() const { return mState != State::Editing; }
    bool isPaused() const { return mState == State::Paused; }

    /// The running session (nullptr while editing).
    PlaySession* session() const { return mSession.get(); }
    PlayOverlayItem* overlayItem() const { return mItem; }
    PlayHud* hud() const { return mHud; }
    /// The overlays' legend panel (View > Overlays > Legend), while playing.
    PlayLegend* legend() const { return mLegend; }
    /// The play dock (created on first use).
    PlayDock* dock();

    /// Where the follow camera centres a view showing `visible` (scene units) of
    /// `map`: on the player, but not past the map's edge along an axis the map is
    /// larger than the view, and on the map's middle along an axis it fits in.
    static QPointF followCentre(QPointF player, const QRectF& map, QSizeF visible);

    /// Switches to another document (stops any session first).
    void setDocument(ts::editor::LevelDocument* document, QGraphicsView* view);
    ts::editor::LevelDocument* document() const { return mDocument; }
    QGraphicsView* view() const { return mView; }

    // --- actions ----------------------------------------------------------
    QAction* playAction() const { return mPlayAction; }
    QAction* playHereAction() const { return mPlayHereAction; }
    QAction* stepAction() const { return mStepAction; }
    QAction* stopAction() const { return mStopAction; }
    QAction* followAction() const { return mFollowAction; }
    /// The checkable action of one Overlay bit.
    QAction* overlayAction(Overlay overlay) const;
    QList<QAction*> overlayActions() const;
    /// View > Overlays > Collapse Legend (Ctrl+L): checked while the legend is
    /// collapsed to its header; a click on the header toggles it too. The user's
    /// choice is remembered in the settings (play/legend/collapsed).
    QAction* collapseLegendAction() const { return mCollapseLegendAction; }

    unsigned overlays() const { return mOverlays; }
    void setOverlays(unsigned overlays);
    /// Whether overlay and follow toggles are saved in QSettings (on with a main
    /// window; headless screenshots and benchmarks turn it off).
    void setPersistOverlays(bool on) { mPersistOverlays = on; }

    // --- driving ----------------------------------------------------------
    /// Starts (or resumes) playing with the timer.
    void play();
    /// Starts playing with the player standing on `tile` (level coordinates).
    void playFromTile(QPoint tile);
    void pause();
    void togglePlay();
    /// One physics step with the held keys; starts a paused session if editing.
    void stepOnce();
    /// Back to editing: the document is what it was (plus explicit edits).
    void stop();
    /// Headless run: starts a paused session if needed and runs `steps` steps,
    /// with `script` (1-based from the session's start) or the held keys, then
    /// refreshes the overlays, the HUD and the follow camera.
    void runSteps(int steps, const ts::level::InputScript* script = nullptr);
    /// Refreshes everything drawn from the world (after stepping it directly).
    void refresh();
    /// What a played frame does once the world has stepped (the play timer's
    /// frames and --bench-play's): frameAdvanced() for its listeners (the
    /// mini-map, a replay's ghost), then refresh().
    void frameStepped();

    /// The keys currently held in the view, as player input.
    ts::Input heldInput() const;

    /// The session shows a replay being watched (ReplayController): the status
    /// bar's hint says what the keys do then. Cleared when play stops.
    void setWatchingReplay(bool watching);
    /// Whether the watched replay plays, and its speed, for the HUD's step line.
    void setReplayClock(bool playing, double speed);
    /// What the keys do in the current state, for the status bar (empty while
    /// editing: the tool's hint applies).
    QString keysHint() const;

    /// Show Route's path is drawn (RoutePlayback): a replay's trail and ghost are not
    /// drawn meanwhile, as they would read as the route. setRouteShown(false) hides it.
    bool isRouteShown() const { return mRouteShown; }
    void setRouteShown(bool shown) {
        if (shown == mRouteShown)
            return;
        mRouteShown = shown;
        emit routeShownChanged(shown);
    }
    /// Whether the settings are written (setPersistOverlays()).
    bool persistsOverlays() const { return mPersistOverlays; }

signals:
    void stateChanged(ts::play::PlayController::State state);
    /// After every frame that stepped the world (and after Step).
    void frameAdvanced();
    /// Stop is about to end `session` (its replay is still readable).
    void sessionEnding(ts::play::PlaySession* session);
    /// The player reached a goal: "Goal 9 reached at step 120 (2.00 s)" (once per goal).
    void goalReached(int goalId, const QString& message);
    /// isRouteShown() changed.
    void routeShownChanged(bool shown);
    /// refresh() redrew everything from the session (a frame, a step, a replay's seek).
    void refreshed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    /// Gives the HUD what its step line describes: play mode's clock (running or
    /// paused) or the watched replay's.
    void updateHudClock();

private:
    void createActions();
    void startSession(std::optional<QPoint> playerTile, bool paused);
    /// Step and runSteps() start from a paused session: a new one while editing, else
    /// the running one paused. False when no session could start.
    bool pausedSession();
    void setState(State s);
    void updateActions();
    void applyDebugFlag();
    /// Shows the legend when it is on and has something to explain (see playactions.cpp).
    void updateLegend();
    /// Checks the Collapse Legend action as the legend is shown, not as the user chose.
    void showLegendCollapsed(bool collapsed);
    /// The mini-map's marks of the running bodies, for the window (when it listens).
    void updateMinimapMarks();
    void onFrame();
    /// HUD top left, legend in the corner PlayLegend::place() chooses; tells the
    /// overlay item what they cover.
    void placeWidgets();
    /// The Play dock's size slider and label: the size asked for and the player's.
    void syncPlayerSize();
    void placeLegend(const QRect& viewportArea);
    void onTilesChanged(const QRect& rect);
    void onSpawnsChanged();
    void onSettingsChanged();
    void showLevelSettings();
    void paintAt(QPoint viewportPos, Qt::MouseButton button, bool newStroke);
    std::optional<QPoint> tileAt(QPointF scenePos) const;
    bool handleKey(QKeyEvent* event, bool press);
    /// Gives the main window's status bar keysHint().
    void updateKeysHint();
    /// The play actions' tooltips and the status bar's hint, from the shortcuts.
    void updateKeyTexts();
    void loadOverlaySettings();
    void saveOverlaySettings() const;

    ts::editor::WindowContext mContext;
    /// Made for a window, which takes them (they go with it, or with this if first).
    QPointer<QMenu> mPlayMenu;
    QPointer<QMenu> mOverlaysMenu;
    QPointer<ts::editor::ReachabilityOverlay> mRouteSource; ///< Show Route's routes play here
    std::size_t mGoalsReported = 0; ///< goal events of the session already announced
    QPointer<ts::editor::LevelDocument> mDocument;
    QPointer<QGraphicsView> mView;
    QPointer<QGraphicsScene> mScene; ///< the scene mItem lives in
    QPointer<PlayDock> mDock;
    QPointer<PlayFocusGuard> mFocusGuard; ///< play keys reach the player from any widget
    std::unique_ptr<PlaySession> mSession;
    PlayOverlayItem* mItem = nullptr;
    QPointer<PlayHud> mHud;
    QPointer<PlayLegend> mLegend;
    bool mRefreshing = false; ///< refresh() moves the camera: it places the widgets itself
    State mState = State::Editing;
    bool mWatchingReplay = false;
    bool mReplayPlaying = false;
    double mReplaySpeed = 1.0;
    bool mPersistOverlays = false;
    bool mRouteShown = false;

    QTimer mTimer;
    QElapsedTimer mFrameClock;
    unsigned mOverlays = kDefaultOverlays;
    float mPlayerScale = 1.0f;
    ts::level::PhysicsSettings mDocPhysics;

    // Held play keys.
    bool mLeft = false, mRight = false, mUp = false, mDown = false;
    // Mouse painting while playing.
    Qt::MouseButton mPaintButton = Qt::NoButton;
    int mStrokeId = 0;
    std::optional<QPoint> mLastPaintTile;
    std::optional<QPoint> mHoverTile;

    QAction* mPlayAction = nullptr;
    QAction* mPlayHereAction = nullptr;
    QAction* mStepAction = nullptr;
    QAction* mStopAction = nullptr;
    QAction* mFollowAction = nullptr;
    QAction* mOverlayActions[7] = {};
    QAction* mCollapseLegendAction = nullptr;
    bool mLegendCollapsed = false; ///< the user's choice (the legend may start collapsed anyway)
};

} // namespace ts::play
