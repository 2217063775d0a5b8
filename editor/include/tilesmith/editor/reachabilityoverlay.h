// View > Reachability: runs the level library's reachability search
// (tilesmith/level/reach.h: the real character controller from the player
// spawn) on a worker thread and shows its answer in the scene — every surface
// the player can stand on tinted, every goal and spawn it cannot reach crossed
// out (hovering a mark says the finding, and for an unreachable goal or spawn the
// nearest point reached and what stops the player). Each edit cancels the running
// search and starts a new one (after a short pause, so a brush stroke is one search);
// the GUI never waits for it. A busy
// indicator shows the states explored while a search takes long (big maps).
// Right-clicking a reached spawn (a goal) or a reachable surface offers Show
// Route (showRouteRequested) when the right click is not the tool's
// (setRightClickTaken()); play mode plays the route.
#pragma once

#include "tilesmith/editor/reachabilityitem.h"
#include "tilesmith/level/inputscript.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QList>
#include <QMenu>
#include <QObject>
#include <QPoint>
#include <QPointer>
#include <QProgressBar>
#include <QThread>
#include <QTimer>
#include <QVector>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QAction;
class QGraphicsView;

namespace ts::level {
class ReachResult;
struct LintReport;
} // namespace ts::level

namespace ts::editor {

class ElidedLabel;
class LevelDocument;
class LevelScene;

class ReachabilityOverlay : public QObject {
    Q_OBJECT
public:
    /// A lint finding of the shown result and where the overlay marks it.
    struct Problem {
        bool error = false;
        /// The lint's message as a sentence ("Box 3 is not reachable from the
        /// player."): the mark's tooltip and the Problems dock's row.
        QString message;
        /// Why an unreachable goal or spawn is not reached: "Nearest point reached: x 9, y
        /// 4, 24 px from Goal #7 (...).\nStopped by the ceiling at x 9, y 2: ...." (the
        /// level library's reachreasons.h); empty for other findings.
        QString reason;
        int spawnId = 0;     ///< the spawn it is about; 0 for a platform or the search
        QString spawnLabel;  ///< that spawn as the editor names it ("Goal #7")
        QPoint tile{-1, -1}; ///< the spawn's tile, the platform run's first tile
        int runEnd = -1;     ///< a platform run's last column (-1 otherwise)
        QRectF rect;         ///< the mark's scene rect; empty when not on the map
    };

    /// Shows the reachability of `scene`'s document (following document
    /// changes) in `view`, whose viewport gets the Show Route menu.
    ReachabilityOverlay(LevelScene* scene, QGraphicsView* view, QObject* parent = nullptr);
    ~ReachabilityOverlay() override;

    /// View > Reachability (checkable, Ctrl+Shift+R).
    QAction* action() const { return mAction; }
    /// For the status bar: a busy bar and "Reachability: searching · 12,345 states"
    /// while a search has run longer than kBusyAfterMs (see setBusyTimes()) (its least width,
    /// "Reachability: searching…", does not grow with the count); after it, summaryText() with
    /// every finding in its tooltip.
    QWidget* progressWidget() const { return mProgress; }
    /// The summary's (and the busy text's) label inside progressWidget().
    ElidedLabel* summaryLabel() const;
    bool isEnabled() const;
    void setEnabled(bool on);
    /// Whether the tint is drawn while the overlay is on (default true). Play mode
    /// hides it: it describes the level being edited, not the running world. The
    /// toggle, the searches and the result are left alone; no route menu, finding
    /// tooltip or status-bar summary is offered while it is hidden.
    void setTintVisible(bool visible);
    bool isTintVisible() const { return mTintVisible; }

    /// A search is running, waiting to start after an edit, or its answer waiting
    /// for the busy indicator to have shown long enough (setBusyTimes()): the
    /// answer (result(), the tint, the summary) comes whole when it ends. From an
    /// edit to the next answer, the shown answer (problems()) is stale: busyChanged().
    bool isBusy() const;
    /// The threads each search expands states on (ReachOptions::threads): every
    /// core but one, which stays with the window, so a search still running when
    /// Play is pressed does not take the core play needs.
    static int searchThreads();
    /// The last finished search of the current level (null while none).
    std::shared_ptr<const ts::level::ReachResult> result() const { return mResult; }
    ReachabilityItem* item() const { return mItem; }
    /// The lint of the last finished search (tilesmith/level/lint.h: what
    /// `tilesmith lint` reports), null while none.
    std::shared_ptr<const ts::level::LintReport> lint() const { return mLint; }
    /// The findings of lint() in lint order, each with its mark's rect (what
    /// the tint crosses out or frames); empty while there is no result.
    const QVector<Problem>& problems() const { return mProblems; }
    /// "Reachability: 9 warnings · 1 of 1 goal reached · 46 surfaces" ("2 errors, 9
    /// warnings", or "no problems", first: a shortened summary still says them);
    /// empty while none.
    QString summaryText() const;
    /// Searches finished and shown since construction (tests count recomputes).
    int searchesShown() const { return mShown; }

    /// The standable tile a click on `tile` means: the tile itself, or the one
    /// below it when `tile` is the air above a surface. Empty when neither is reachable.
    std::optional<QPoint> surfaceAt(QPoint tile) const;
    /// The reachable surface with a route that a right click at viewport
    /// position `pos` offers (empty when the overlay is off, busy or there is none).
    std::optional<QPoint> routeSurfaceAt(QPoint viewportPos) const;
    /// The reached spawn (a goal first) with a route that a right click at viewport
    /// position `pos` offers (empty when the overlay is off, busy or there is none).
    std::optional<int> routeSpawnAt(QPoint viewportPos) const;
    /// The Show Route menu at viewport position `pos` (what a right click opens):
    /// the route to the reached spawn there and to the reachable surface there;
    /// null when there is neither.
    QMenu* popupRouteMenu(QPoint viewportPos);
    QMenu* routeMenu() const { return mMenu; }
    /// Asks for the route to standable tile `surface` (emits showRouteRequested).
    bool showRoute(QPoint surface);
    /// Asks for the route to spawn `id` (a goal, say; emits showRouteRequested with
    /// the spawn's tile): the one `tilesmith lint --route ID` writes.
    bool showSpawnRoute(int id);

    /// Asked at each right press on the map: true when the click is the tool's (the
    /// Brush's pick, ...), which then gets it and no route menu opens. A context menu
    /// event that follows no right press offers the routes whatever the tool.
    void setRightClickTaken(std::function<bool()> taken) { mRightClickTaken = std::move(taken); }

    /// Milliseconds an edit waits before the search restarts (default 150).
    void setRestartDelay(int ms);
    /// The busy indicator ("Reachability: searching · N states" and the busy bar)
    /// appears only once a search has run `showAfterMs` (default kBusyAfterMs) and,
    /// once shown, stays at least `atLeastMs` (default kBusyAtLeastMs) before the
    /// summary replaces it, so a search that ends around the delay does not make it
    /// flash (the answer waits for it). Until the next answer, an edit leaves the
    /// last summary shown, greyed.
    void setBusyTimes(int showAfterMs, int atLeastMs);
    bool isBusyIndicatorShown() const;
    static constexpr int kBusyAfterMs = 500;
    static constexpr int kBusyAtLeastMs = 500;

signals:
    /// A finished search was shown.
    void resultChanged();
    /// isBusy() changed: true as an edit (or turning the overlay on, another level)
    /// makes a new search due, false when its answer is shown (after resultChanged())
    /// or the overlay is turned off. The Problems dock greys the rows meanwhile.
    void busyChanged(bool busy);
    /// Play the route (from the player spawn, `steps` steps of `script`) that ends
    /// standing on `target` (`toSurface`), or overlapping the spawn on tile `target`.
    void showRouteRequested(QPoint target, bool toSurface, const ts::level::InputScript& script,
                            std::uint64_t steps);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Job;
    void setDocument(LevelDocument* document);
    void levelEdited();
    void start();
    void cancel();
    void finished(const std::shared_ptr<Job>& job);
    void showResult();
    void showSummary();
    /// Takes a finished search's answer and shows it (tint, summary; resultChanged).
    void publish(const std::shared_ptr<Job>& job);
    /// The status widget hidden (overlay off, another level), no busy indicator due.
    void hideStatus();
    /// Whether right clicks offer routes now: on, shown (not hidden by play), a
    /// finished search of the current level.
    bool routesOffered() const;
    void pollProgress();
    /// Emits busyChanged() if isBusy() is not what it said last.
    void noteBusy();

    QPointer<LevelScene> mScene;
    QPointer<QGraphicsView> mView;
    QPointer<LevelDocument> mDocument;
    QList<QMetaObject::Connection> mDocConnections;
    QAction* mAction = nullptr;
    QPointer<ReachabilityItem> mItem;
    QPointer<QWidget> mProgress; ///< may be owned (and deleted) by a status bar
    QPointer<QProgressBar> mBar;
    QPointer<ElidedLabel> mLabel;
    QPointer<QMenu> mMenu;
    bool mSwallowRelease = false; ///< the right press opened the menu, not a tool
    bool mPressToTool = false;    ///< the last right press was the tool's: no menu for it
    std::function<bool()> mRightClickTaken;
    bool mTintVisible = true;
    QTimer mRestart;
    QTimer mPoll;
    QElapsedTimer mRunning;
    QElapsedTimer mBusyShown; ///< valid while the busy indicator shows
    QTimer mSummaryDue;       ///< the summary, once the busy indicator has shown long enough
    int mBusyAfter = kBusyAfterMs;
    int mBusyAtLeast = kBusyAtLeastMs;
    std::shared_ptr<Job> mJob;
    std::shared_ptr<Job> mPending; ///< finished, waiting for mSummaryDue
    QList<QPointer<QThread>> mThreads;
    std::shared_ptr<const ts::level::ReachResult> mResult;
    std::shared_ptr<const ts::level::LintReport> mLint;
    QVector<Problem> mProblems;
    int mShown = 0;
    bool mSaidBusy = false; ///< what busyChanged() said last
};

} // namespace ts::editor
