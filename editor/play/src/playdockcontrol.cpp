// Play mode's controller and its Play dock: the player's size (asked for and had) and
// the live physics settings reaching the running world.
#include "tilesmith/play/playcontroller.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/play/playdock.h"
#include "tilesmith/play/playsession.h"

#include <QGraphicsView>

namespace ts::play {

PlayDock* PlayController::dock() {
    if (mDock)
        return mDock;
    mDock = new PlayDock(mContext.window ? mContext.window : (mView ? mView->window() : nullptr));
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
        syncPlayerSize();
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

void PlayController::showLevelSettings() {
    // While editing, the dock shows what Play will start with: the level's settings.
    if (mDock && mDocument && !mSession)
        mDock->setSettings(ts::level::worldSettings(mDocument->level().physics));
}

void PlayController::syncPlayerSize() {
    // A running session's size is the one asked for (a replay taken over brings its own).
    if (mSession)
        mPlayerScale = mSession->playerScale();
    if (!mDock)
        return;
    if (mSession)
        mDock->showPlayerSize(mPlayerScale, mSession->playerScaleNow());
    else
        mDock->setPlayerScale(mPlayerScale);
}

} // namespace ts::play
