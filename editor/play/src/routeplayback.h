// Show Route: plays a reachability route (an input script from the player
// spawn) in play mode, one physics step per frame through play mode's
// scripted-inputs path (the one `--play-steps --inputs` and `tilesmith
// simulate --inputs` use), and stays paused where the route ends: the player
// standing on the surface it leads to. The route's path (RoutePath, computed once
// as the route starts) is drawn over the level until dismissed: Esc in the view, Play >
// Hide Route, an edit of the level (the route no longer applies), a replay watched.
#pragma once

#include "routepath.h"
#include "tilesmith/level/inputscript.h"

#include <QList>
#include <QObject>
#include <QPoint>
#include <QPointer>
#include <QTimer>

#include <cstdint>

class QAction;
class QGraphicsScene;
class QGraphicsView;

namespace ts::editor {
class ReachabilityOverlay;
}

namespace ts::play {

class PlayController;
class RouteItem;

class RoutePlayback : public QObject {
    Q_OBJECT
public:
    /// A child of `play`; plays the routes `reach` asks for (if not null).
    RoutePlayback(PlayController* play, ts::editor::ReachabilityOverlay* reach);
    ~RoutePlayback() override;

    /// Starts a fresh session from the player spawn and plays `steps` steps of `script`,
    /// a route to standing on tile `target` (`toSurface`) or to the spawn there. A route
    /// to a surface that ends elsewhere (the search plays without the moving bodies; here
    /// they move and may knock the player off) says so in the status bar.
    void play(QPoint target, bool toSurface, const ts::level::InputScript& script,
              std::uint64_t steps);
    bool isRunning() const { return mTimer.isActive(); }
    std::uint64_t stepsDone() const { return mDone; }
    std::uint64_t stepsTotal() const { return mSteps; }
    QPoint surface() const { return mSurface; }
    /// Steps per frame (1 = real time); tests and long routes may go faster.
    void setStepsPerFrame(int steps) { mPerFrame = steps < 1 ? 1 : steps; }

    /// The path drawn (null while none is shown).
    RouteItem* routeItem() const { return mItem; }
    /// Play > Hide Route: enabled while a route is shown.
    QAction* hideAction() const { return mHideAction; }
    /// Stops drawing the route's path (the playback, if running, goes on).
    void hideRoute();

signals:
    /// The whole route ran; the session is paused at its end.
    void finished(QPoint surface);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void frame();
    void checkArrival();
    void showPath(RoutePath path);
    void removeItem();

    PlayController* mPlay;
    ts::level::InputScript mScript;
    std::uint64_t mSteps = 0;
    std::uint64_t mDone = 0;
    QPoint mSurface;
    bool mToSurface = true;
    int mPerFrame = 1;
    bool mDriving = false;
    QTimer mTimer;
    RouteItem* mItem = nullptr;
    QPointer<QGraphicsScene> mScene;          ///< the scene mItem is in
    QPointer<QGraphicsView> mView;            ///< the view whose Esc hides it
    QList<QMetaObject::Connection> mDocWatch; ///< the edits that hide it
    QAction* mHideAction = nullptr;
};

} // namespace ts::play
