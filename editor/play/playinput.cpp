// Play mode's input: the play keys (held keys, clones, Esc), the view's event
// filter, and painting tiles with the right and middle buttons while playing.
#include "play/playcontroller.h"

#include "document.h"
#include "mainwindow.h"
#include "play/playkeys.h"
#include "play/playsession.h"

#include <QGraphicsView>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QStringList>

#include <cmath>

namespace ts::play {

namespace {

/// Stroke ids of play-mode painting: far from the editor tools' counters, so a
/// play stroke never merges into a tool's stroke.
int nextStrokeId() {
    static int id = 0x40000000;
    return ++id;
}

} // namespace

// --- painting while playing --------------------------------------------------------

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

QString PlayController::keysHint() const {
    // The bindings of handleKey() and the play actions (createActions()); the
    // mouse's are in the Play dock.
    switch (mState) {
    case State::Editing:
        break;
    case State::Playing:
        return tr("Playing: A/D or ←/→ walk · W/↑ jump · S/↓ drop through · Space: clone · "
                  "F5: pause · Ctrl+F5 or Esc: stop");
    case State::Paused:
        if (mWatchingReplay)
            return tr("Watching a replay: the Replays dock plays, steps and scrubs it · F5: play "
                      "live from the step shown · Ctrl+F5 or Esc: stop watching");
        return tr("Paused: F5: resume · F6: one step with the keys held · Ctrl+F5 or Esc: stop");
    }
    return {};
}

void PlayController::setWatchingReplay(bool watching) {
    mWatchingReplay = watching && mState != State::Editing;
    updateKeysHint();
}

void PlayController::updateKeysHint() {
    if (mWindow)
        mWindow->setModeHint(keysHint());
}

ts::Input PlayController::heldInput() const {
    ts::Input in;
    in.left = mLeft;
    in.right = mRight;
    in.jump = mUp;
    in.down = mDown;
    return in;
}

bool PlayController::handleKey(QKeyEvent* event, bool press) {
    const std::optional<PlayKey> key = playKeyOf(event);
    if (!key)
        return false; // Ctrl+S and friends keep working while playing
    bool* held = nullptr;
    switch (*key) {
    case PlayKey::Left:
        held = &mLeft;
        break;
    case PlayKey::Right:
        held = &mRight;
        break;
    case PlayKey::Jump:
        held = &mUp;
        break;
    case PlayKey::Drop:
        held = &mDown;
        break;
    case PlayKey::Clone:
        if (press && !event->isAutoRepeat() && mSession) {
            mSession->spawnClone();
            refresh();
        }
        return true;
    case PlayKey::Stop:
        if (press)
            stop();
        return true;
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
        const bool mine = playKeyOf(static_cast<QKeyEvent*>(event)).has_value();
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
