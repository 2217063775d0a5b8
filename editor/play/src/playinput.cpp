// Play mode's input: the play keys (held keys, clones, Esc), the view's event
// filter, and painting tiles with the right and middle buttons while playing.
#include "tilesmith/play/playcontroller.h"

#include "playkeys.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playsession.h"

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
    // Built from the play keys (playkeys.h) and the actions' shortcuts, so the hint
    // names the keys that work; the mouse's bindings are in the Play dock. A binding
    // without keys (a shortcut cleared) leaves its part out.
    QStringList parts;
    auto add = [&parts](const QString& keys, const QString& what) {
        if (!keys.isEmpty())
            parts << what.arg(keys);
    };
    QStringList stopKeys{shortcutText(mStopAction), playKeyText(PlayKey::Stop)};
    stopKeys.removeAll(QString());
    const QString stop = stopKeys.join(tr(" or "));
    const QString dot = QStringLiteral(" \u00b7 ");
    switch (mState) {
    case State::Editing:
        return {}; // the tool's hint applies
    case State::Playing:
        // How to stop and pause first: a narrow status bar cuts the end of the hint.
        add(stop, tr("%1: stop"));
        add(shortcutText(mPlayAction), tr("%1: pause"));
        add(walkKeysText(), tr("%1 walk"));
        add(playKeyText(PlayKey::Jump), tr("%1 jump"));
        add(playKeyText(PlayKey::Drop), tr("%1 drop through"));
        add(playKeyText(PlayKey::Clone), tr("%1: clone"));
        add(shortcutText(mPlayHereAction), tr("%1: restart from the cursor"));
        return tr("Playing: %1").arg(parts.join(dot));
    case State::Paused:
        if (mWatchingReplay) {
            parts << tr("the Replays dock plays, steps and scrubs it");
            add(shortcutText(mPlayAction), tr("%1: play live from the step shown"));
            add(stop, tr("%1: stop watching"));
            return tr("Watching a replay: %1").arg(parts.join(dot));
        }
        add(shortcutText(mPlayAction), tr("%1: resume"));
        add(shortcutText(mStepAction), tr("%1: one step with the keys held"));
        add(shortcutText(mPlayHereAction), tr("%1: restart from the cursor"));
        add(stop, tr("%1: stop"));
        return tr("Paused: %1").arg(parts.join(dot));
    }
    return {};
}

void PlayController::setWatchingReplay(bool watching) {
    mWatchingReplay = watching && mState != State::Editing;
    if (!mWatchingReplay)
        mReplayPlaying = false;
    updateKeysHint();
    if (mHud) {
        updateHudClock();
        mHud->refresh();
    }
}

void PlayController::setReplayClock(bool playing, double speed) {
    mReplayPlaying = playing;
    mReplaySpeed = speed;
    if (mHud) {
        updateHudClock();
        mHud->refresh();
    }
}

void PlayController::updateHudClock() {
    mHud->setPaused(mState == State::Paused);
    mHud->setReplay(mWatchingReplay, mWatchingReplay && mReplayPlaying, mReplaySpeed);
}

void PlayController::updateKeysHint() {
    emit modeHintChanged(keysHint());
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
