// Play mode's actions (Play, Play from Cursor, Step, Stop, Follow Player) and
// its overlay toggles, remembered in the settings.
#include "tilesmith/play/playcontroller.h"

#include "goalmoment.h"
#include "playkeys.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playlegend.h"
#include "tilesmith/play/playsession.h"

#include <QAction>
#include <QApplication>
#include <QCursor>
#include <QFile>
#include <QGraphicsView>
#include <QIcon>
#include <QImageReader>
#include <QSettings>
#include <QStringList>
#include <QStyle>

namespace ts::play {

namespace {

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
                      "tile; fainter = swept placements between the old and new position"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Magenta arrows: the shortest push that separates each overlapping pair, "
                      "from the contact point, at true length (depth in px when few)"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Bars at a body's edge: white = ground, cyan = one-way platform, lilac = "
                      "ceiling, yellow = wall"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Bodies overlapping another this step are drawn translucent"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "Step time, frame time, FPS, objects and partition pairs (top left)"),
    QT_TRANSLATE_NOOP("ts::play::PlayController",
                      "A panel explaining the colours and marks of the overlays that are on, in "
                      "a view corner out of the play's way, from the first step on; a click on "
                      "its header collapses it to a chip (Collapse Legend)"),
};
constexpr int kOverlayCount = int(sizeof(kOverlayInfo) / sizeof(kOverlayInfo[0]));
static_assert(sizeof(kOverlayTips) / sizeof(kOverlayTips[0]) == kOverlayCount);

} // namespace

void PlayController::createActions() {
    mTimer.setTimerType(Qt::PreciseTimer);
    mTimer.setInterval(16);
    connect(&mTimer, &QTimer::timeout, this, &PlayController::onFrame);

    mPlayAction = new QAction(playIcon("play", QStyle::SP_MediaPlay), tr("&Play"), this);
    mPlayAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(mPlayAction, &QAction::triggered, this, &PlayController::togglePlay);

    mPlayHereAction = new QAction(tr("Play from &Cursor"), this);
    mPlayHereAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
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
    connect(mStepAction, &QAction::triggered, this, &PlayController::stepOnce);

    mStopAction = new QAction(playIcon("stop", QStyle::SP_MediaStop), tr("S&top"), this);
    mStopAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
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
        // Ctrl+1 ... Ctrl+7 in the menu's order: any overlay off by default is a key away.
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::toggled, this, [this, bit = info.bit](bool on) {
            setOverlays(on ? (mOverlays | bit) : (mOverlays & ~unsigned(bit)));
        });
        mOverlayActions[i] = a;
    }
    // Ctrl+L: no standard key, no tool, no play key (those are bare keys); the
    // header names it. Checked while the legend is collapsed.
    mCollapseLegendAction = new QAction(tr("Collapse Le&gend"), this);
    mCollapseLegendAction->setObjectName(QStringLiteral("overlay-legend-collapse"));
    mCollapseLegendAction->setCheckable(true);
    mCollapseLegendAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(mCollapseLegendAction, &QAction::toggled, this, [this](bool collapsed) {
        mLegendCollapsed = collapsed;
        if (mLegend)
            mLegend->setCollapsed(collapsed);
        placeWidgets();
        saveOverlaySettings();
    });
    // A shortcut changed (QAction::changed) changes the texts naming it.
    for (QAction* a :
         {mPlayAction, mPlayHereAction, mStepAction, mStopAction, mCollapseLegendAction})
        connect(a, &QAction::changed, this, &PlayController::updateKeyTexts);
    updateKeyTexts();
    updateActions();
    new GoalMoment(this); // the goal's moment, and Play > Pause at Goal
}

void PlayController::updateKeyTexts() {
    // Tooltips built from the shortcuts and the play keys (playkeys.h); setting an
    // unchanged tooltip emits no QAction::changed.
    const QString play = shortcutText(mPlayAction);
    const QString here = shortcutText(mPlayHereAction);
    const QString step = shortcutText(mStepAction);
    const QString stop = shortcutText(mStopAction);
    const QString esc = playKeyText(PlayKey::Stop);
    auto withKeys = [](const QString& text, const QString& keys) {
        return keys.isEmpty() ? text : tr("%1 (%2)").arg(text, keys);
    };
    QString playTip = withKeys(tr("Play the level"), play);
    if (!play.isEmpty())
        playTip += tr("; %1 again pauses").arg(play);
    if (!here.isEmpty())
        playTip += tr("; %1 plays from the tile under the cursor").arg(here);
    mPlayAction->setToolTip(playTip);
    mPlayHereAction->setToolTip(
        withKeys(tr("Play with the player on the tile under the cursor"), here));
    mStepAction->setToolTip(withKeys(tr("One physics step while paused"), step));
    QStringList stopKeys;
    if (!stop.isEmpty())
        stopKeys << stop;
    if (!esc.isEmpty())
        stopKeys << tr("%1 in the view").arg(esc);
    mStopAction->setToolTip(withKeys(tr("Stop and return to editing"), stopKeys.join(tr(", or "))));
    const QString legendKeys = shortcutText(mCollapseLegendAction);
    mCollapseLegendAction->setToolTip(
        withKeys(tr("Collapse the legend to its header, or expand it again (a click on its "
                    "header does the same)"),
                 legendKeys));
    mCollapseLegendAction->setStatusTip(mCollapseLegendAction->toolTip());
    if (mLegend)
        mLegend->setKeys(legendKeys);
    updateKeysHint(); // the status bar's hint names the shortcuts too
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
    updateLegend();
    placeWidgets();
    saveOverlaySettings();
}

void PlayController::updateLegend() {
    // The legend explains the marks of a step: the cells, sensors, pushes and
    // contacts the world found while stepping. A world that has not stepped (a
    // replay watched at step 0, a session paused before its first step) has none
    // to draw, so the legend waits for the first step. It lists the overlays that
    // are on: with none that draws marks, it has nothing to explain either.
    if (!mLegend)
        return;
    mLegend->setOverlays(mOverlays);
    mLegend->setVisible(isPlaying() && mSession && mSession->steps() > 0 &&
                        (mOverlays & OverlayLegend) && !mLegend->isEmpty());
}

void PlayController::showLegendCollapsed(bool collapsed) {
    // Collapsed by place() (a small view) or, when play stops, back to the user's choice:
    // the action shows the legend's state without making it the user's.
    if (mCollapseLegendAction->isChecked() != collapsed) {
        const QSignalBlocker block(mCollapseLegendAction);
        mCollapseLegendAction->setChecked(collapsed);
    }
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
        if (settings
                .value(QStringLiteral("overlay/%1").arg(QLatin1String(info.key)),
                       (kDefaultOverlays & info.bit) != 0)
                .toBool())
            bits |= info.bit;
    }
    mFollowAction->setChecked(settings.value(QStringLiteral("follow"), true).toBool());
    mLegendCollapsed = settings.value(QStringLiteral("legend/collapsed"), false).toBool();
    showLegendCollapsed(mLegendCollapsed);
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
    settings.setValue(QStringLiteral("legend/collapsed"), mLegendCollapsed);
    settings.endGroup();
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

} // namespace ts::play
