#include "tilesmith/play/replaycontroller.h"

#include "ghostitem.h"
#include "replaydock.h"
#include "replaytimeline.h"
#include "sessionstore.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QStatusBar>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace ts::play {

namespace {

/// "1:23 (4,980 steps)": the replay's length at its recorded step (dt).
QString lengthText(const ts::level::Replay& replay) {
    return QStringLiteral("%1 (%2 steps)")
        .arg(ReplayDock::clockText(replay.steps, replay.physics.dt),
             QLocale().toString(qulonglong(replay.steps)));
}

QString canonical(const QString& path) {
    return SessionStore::canonical(path);
}

/// The recorded player's boxes as scene rectangles (y down).
QVector<QRectF> sceneBoxes(const ReplayTimeline& t) {
    const double mapHeight = double(t.level().height) * t.level().tileSize;
    QVector<QRectF> boxes;
    boxes.reserve(qsizetype(t.playerBoxes().size()));
    for (const ts::Aabb& b : t.playerBoxes()) {
        const ts::Vec2 mn = b.min(), mx = b.max();
        boxes.push_back(QRectF(QPointF(mn.x, mapHeight - mx.y), QPointF(mx.x, mapHeight - mn.y)));
    }
    return boxes;
}

} // namespace

ReplayController::ReplayController(PlayController* play) : WindowExtension(play), mPlay(play) {
    mWriter.setMaxThreadCount(1); // in order: each write prunes what the newer ones leave
    mWriter.setObjectName(QStringLiteral("keptSessionWriter"));
    mReader.setMaxThreadCount(1); // a stale read is cancelled, not raced
    mReader.setObjectName(QStringLiteral("keptSessionReader"));
    mTimer.setTimerType(Qt::PreciseTimer);
    mTimer.setInterval(16);
    connect(&mTimer, &QTimer::timeout, this, &ReplayController::onTick);
    connect(play, &PlayController::sessionEnding, this, &ReplayController::onSessionEnding);
    connect(play, &PlayController::stateChanged, this, &ReplayController::onPlayState);
    connect(play, &PlayController::frameAdvanced, this, [this] {
        if (mGhost && !isWatching() && mPlay && mPlay->session())
            mGhost->setStep(qint64(mPlay->session()->steps()));
    });
    // A replay's trail and ghost beside a route shown would read as the route.
    connect(play, &PlayController::routeShownChanged, this, [this](bool shown) {
        if (mGhost && !isWatching())
            mGhost->setVisible(!shown);
    });
    setDocument(play->document());
}

QList<ts::editor::WindowExtension::Dock> ReplayController::docks() {
    return {{dock(), Qt::RightDockWidgetArea}};
}

void ReplayController::setContext(const ts::editor::WindowContext& context) {
    const bool changed = context.document != mDocument;
    mContext = context;
    if (changed)
        setDocument(context.document);
}

ReplayController::~ReplayController() {
    mTimer.stop();
    // A read under way is of no use any more; its result is dropped with this object.
    cancelRead();
    mReader.waitForDone();
    // Closing the window or quitting finishes the writes (and deletions) under way. One
    // that failed (its result never delivered now) is unsaved again and, like any write
    // that failed before, gets its last chance.
    mWriter.waitForDone();
    for (Session& s : mSessions) {
        if (const auto it = mWriting.constFind(s.kept); it != mWriting.cend() && !(*it)->isEmpty())
            s.kept.clear();
    }
    mWriting.clear();
    keepPending();
    mWriter.waitForDone();
    removeGhostItem();
}

ReplayDock* ReplayController::dock() {
    if (mDock)
        return mDock;
    mDock = new ReplayDock(mContext.window
                               ? mContext.window
                               : (mPlay && mPlay->view() ? mPlay->view()->window() : nullptr));
    // Watch (the button, or a double click in the list) plays the replay from its
    // start, as a video does; watch() alone shows step 0 paused.
    connect(mDock, &ReplayDock::watchRequested, this, [this](int i) {
        QString error;
        if (watch(i, &error))
            setPlaying(true);
        else if (!error.isEmpty())
            mDock->setStatus(error, true);
    });
    connect(mDock, &ReplayDock::saveRequested, this, &ReplayController::askSaveSession);
    connect(mDock, &ReplayDock::openRequested, this, &ReplayController::askOpenFile);
    connect(mDock, &ReplayDock::ghostToggled, this,
            [this](bool on) { setGhost(on ? mDock->currentSession() : -1); });
    connect(mDock, &ReplayDock::seekRequested, this, [this](quint64 s) {
        setPlaying(false);
        seek(s);
    });
    connect(mDock, &ReplayDock::playToggled, this, [this] { setPlaying(!isPlaying()); });
    connect(mDock, &ReplayDock::stepRequested, this, &ReplayController::stepBy);
    connect(mDock, &ReplayDock::speedChanged, this, &ReplayController::setSpeed);
    connect(mDock, &ReplayDock::takeOverRequested, this, &ReplayController::playFromHere);
    connect(mDock, &ReplayDock::closeRequested, this, &ReplayController::close);
    connect(mDock, &ReplayDock::deleteRequested, this, &ReplayController::deleteSessions);
    connect(mDock, &ReplayDock::deleteAllRequested, this, &ReplayController::deleteAllKept);
    connect(mDock, &ReplayDock::showFolderRequested, this, &ReplayController::showSessionsFolder);
    connect(mDock, &ReplayDock::selectionChanged, this, [this] {
        ghostFollowsSelection();
        updateSessionActions();
    });
    refreshList();
    return mDock;
}

void ReplayController::setDocument(ts::editor::LevelDocument* document) {
    if (isWatching())
        close();
    if (mDocument) {
        keepPending(); // at the latest when the level is closed
        mByLevel[levelKey()] = mSessions;
        disconnect(mDocument, nullptr, this, nullptr);
        disconnect(mDocument->undoStack(), nullptr, this, nullptr);
    }
    // The last line ("Session recorded: ...", a desync) was about the other level.
    if (mDock && document != mDocument)
        mDock->setStatus(QString(), false);
    mDocument = document;
    mDesyncShown = false;
    mLevelFile = mDocument && !mDocument->filePath().isEmpty() ? canonical(mDocument->filePath())
                                                               : QString();
    mSessions = mByLevel.value(levelKey());
    mGhostId = 0;
    mGhostTimeline.reset();
    if (mDocument) {
        connect(mDocument, &ts::editor::LevelDocument::filePathChanged, this,
                &ReplayController::onFilePathChanged);
        // An edit or an undo after the replay was closed: its desync line is stale.
        connect(mDocument->undoStack(), &QUndoStack::indexChanged, this,
                &ReplayController::levelEdited);
    }
    loadKept();
    dropPruned(); // a write for this level may have pruned some while it was closed
    refreshList();
}

void ReplayController::refreshList() {
    if (!mDock)
        return;
    // The ghost's session gone (pruned beyond the newest kept ones, deleted, another
    // level opened): no ghost, and the box says so.
    if (mGhostId != 0 && indexOf(mGhostId) < 0)
        setGhost(-1);
    else
        mDock->setGhostShown(mGhostId != 0);
    QStringList lines;
    QList<quint64> ids;
    for (const Session& s : mSessions) {
        ids << s.id;
        lines << QStringLiteral("%1   %2   %3")
                     .arg(s.date.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                          lengthText(s.replay),
                          !s.file.isEmpty()           ? QFileInfo(s.file).fileName()
                          : s.kept.isEmpty()          ? tr("unsaved")
                          : mWriting.contains(s.kept) ? tr("keeping")
                                                      : tr("kept"));
    }
    mDock->setSessions(lines, ids, isReadingKept());
}

void ReplayController::onSessionEnding(PlaySession* session) {
    mTimer.stop();
    if (isWatching() || mShowing || !session || session->steps() == 0 || !session->isKept())
        return; // a replay being watched, or a route shown, is no new session
    ts::level::Replay replay = session->replay();
    mSessions.prepend(makeSession(std::move(replay), QDateTime::currentDateTimeUtc(), {}, {}));
    keepPending(); // never in the way: a failure is a line in the status bar
    refreshList();
    if (mDock) {
        if (!session->isRecording())
            mDock->setStatus(tr("Recorded up to step %1: %2")
                                 .arg(mSessions.first().replay.steps)
                                 .arg(QString::fromStdString(session->recordingStopReason())),
                             true);
        else
            mDock->setStatus(tr("Session recorded: %1.").arg(lengthText(mSessions.first().replay)),
                             false);
    }
}

// --- watching ----------------------------------------------------------------------

bool ReplayController::watch(int index, QString* error) {
    if (index < 0 || index >= mSessions.size() || !mPlay || !mDocument)
        return false;
    mPlay->stop();
    mPlay->setRouteShown(false); // the replay's trail is what is shown now
    mTimeline = std::make_unique<ReplayTimeline>(mDocument->level(), mSessions[index].replay);
    mPlay->runSteps(0); // a paused session: its overlay, HUD and follow camera show the replay
    if (!mPlay->session()) {
        mTimeline.reset();
        if (error)
            *error = tr("Cannot start play mode on this level.");
        return false;
    }
    mShowing = true;
    mPlay->setWatchingReplay(true);
    const ReplayTimeline& t = *mTimeline;
    if (ensureGhostItem()) {
        setGhostPath(t);
        if (const auto& d = t.desync(); d && d->body) {
            const double h = double(t.level().height) * t.level().tileSize;
            // A position edited to nan or inf in the file has no place on the map.
            const auto mark = [h](ts::Vec2 p) -> std::optional<QPointF> {
                if (!std::isfinite(p.x) || !std::isfinite(p.y))
                    return std::nullopt;
                return QPointF(p.x, h - p.y);
            };
            mGhost->setDesync(mark(d->body->position), mark(d->body->recordedPosition));
        }
    }
    // The level in the editor: the recorded one, the recorded one plus the session's own
    // edits made while playing (undone for the run, made again at their steps), or changed.
    const ts::level::ReplayStartLevel& start = t.startLevel();
    // Recorded by another physics revision: the physics changed on purpose since, which
    // explains a desync (the same words as `tilesmith replay check`).
    const QString revision =
        QString::fromStdString(ts::level::physicsRevisionNote(mSessions[index].replay));
    if (t.desync() && !revision.isEmpty()) {
        const QString file = mSessions[index].file;
        const QString shown = file.isEmpty() ? tr("FILE") : QDir::toNativeSeparators(file);
        mStatus = tr("Desync at step %1: %2; %3.\nFirst difference: %4")
                      .arg(t.desync()->step)
                      .arg(revision,
                           QString::fromStdString(ts::level::replayUpdateHint(shown.toStdString())),
                           // Its body and where, without repeating "desync at step N: ".
                           QString::fromStdString(ts::level::describeDesync(*t.desync()))
                               .section(QStringLiteral(": "), 1));
    } else if (t.desync()) {
        mStatus = QString::fromStdString(ts::level::describeDesync(*t.desync()));
        if (start.match == ts::level::ReplayLevelMatch::Changed && start.editsUndone() > 0)
            mStatus += QStringLiteral(" (%1)").arg(
                QString::fromStdString(ts::level::describeStartLevel(start)));
    } else {
        using Match = ts::level::ReplayLevelMatch;
        mStatus = start.match == Match::Changed
                      ? tr("The level changed since recording; the replay still matches "
                           "every checkpoint.")
                      : tr("Replays exactly: every checkpoint matches.");
        if (start.match == Match::SessionEdits) {
            QString note = QString::fromStdString(ts::level::describeStartLevel(start));
            note[0] = note[0].toUpper();
            mStatus += QStringLiteral(" (%1.)").arg(note);
        }
        if (!revision.isEmpty())
            mStatus += QLatin1Char(' ') + tr("(It was %1.)").arg(revision);
    }
    if (mDock) {
        mDock->setTimeline(t.length(), mSessions[index].replay.physics.dt);
        mDock->setStatus(mStatus, t.desync().has_value());
        mDock->setPlaying(false);
        QList<quint64> goalSteps;
        QStringList goalLines;
        for (const ts::level::GoalEvent& e : t.goalEvents()) {
            goalSteps << e.step;
            goalLines << goalReachedText(e);
        }
        mDock->setGoals(goalSteps, goalLines);
        mDock->setDesyncStep(t.desync() ? std::optional<quint64>(t.desync()->step) : std::nullopt);
    }
    mDesyncShown = t.desync().has_value();
    seek(0);
    return true;
}

std::uint64_t ReplayController::currentStep() const {
    return mTimeline ? mTimeline->step() : 0;
}

void ReplayController::seek(std::uint64_t step) {
    if (!mTimeline)
        return;
    mTimeline->seek(step);
    show();
}

void ReplayController::show() {
    PlaySession* session = mPlay ? mPlay->session() : nullptr;
    if (!mTimeline || !session)
        return;
    session->takeOver(mTimeline->replay(), mTimeline->level(), mTimeline->levelWorld(),
                      mTimeline->step(), mTimeline->goalEventsUpTo(mTimeline->step()));
    mPlay->refresh();
    if (mGhost)
        mGhost->setStep(qint64(mTimeline->step()));
    if (mDock)
        mDock->setStep(mTimeline->step());
}

void ReplayController::stepBy(int delta) {
    if (!mTimeline)
        return;
    setPlaying(false);
    const std::int64_t target = std::int64_t(mTimeline->step()) + delta;
    seek(std::uint64_t(std::max<std::int64_t>(0, target)));
}

void ReplayController::setPlaying(bool on) {
    if (!mTimeline)
        on = false;
    if (on && mTimeline->step() >= mTimeline->length())
        seek(0); // at the end: play again from the start
    if (on) {
        mCarry = 0;
        mClock.start();
        mTimer.start();
    } else {
        mTimer.stop();
    }
    if (mDock)
        mDock->setPlaying(on);
    if (mPlay)
        mPlay->setReplayClock(on, mSpeed);
}

void ReplayController::setSpeed(double speed) {
    mSpeed = std::clamp(speed, 0.25, 4.0);
    if (mPlay)
        mPlay->setReplayClock(mTimer.isActive(), mSpeed);
}

void ReplayController::onTick() {
    if (!mTimeline) {
        mTimer.stop();
        return;
    }
    const double seconds = double(mClock.nsecsElapsed()) / 1e9;
    mClock.restart();
    const double dt = std::max(1e-4, double(mTimeline->world().settings().dt));
    mCarry += std::min(seconds, 0.25) * mSpeed / dt;
    const auto steps = std::uint64_t(std::floor(mCarry));
    mCarry -= double(steps);
    if (steps > 0)
        seek(mTimeline->step() + steps);
    if (mTimeline->step() >= mTimeline->length())
        setPlaying(false);
}

void ReplayController::playFromHere() {
    if (!mTimeline || !mPlay)
        return;
    mTimer.stop();
    show();
    // The watched replay becomes the ghost running beside the live player.
    mGhostTimeline = std::move(mTimeline);
    mShowing = false;
    mPlay->setWatchingReplay(false);
    if (mDock) {
        mDock->setTimeline(0);
        mDock->setStatus(tr("Playing live from step %1; the replay runs as a ghost.")
                             .arg(mGhostTimeline->step()),
                         false);
    }
    mPlay->play();
}

void ReplayController::close() {
    mTimer.stop();
    const bool was = isWatching();
    mTimeline.reset();
    if (mDock) {
        mDock->setTimeline(0);
        mDock->setPlaying(false);
    }
    removeGhostItem();
    if (was && mPlay)
        mPlay->stop();
    mShowing = false; // after stop(): the replay's session is no new one
}

void ReplayController::levelEdited() {
    if (isWatching() || !mDesyncShown)
        return;
    mDesyncShown = false;
    mStatus = tr("The level changed since the replay was watched: watch it again to check it.");
    if (mDock)
        mDock->setStatus(mStatus, false);
}

void ReplayController::onPlayState() {
    if (!mPlay)
        return;
    const PlayController::State s = mPlay->state();
    if (s == PlayController::State::Editing) {
        showKeepFailure();
        if (isWatching())
            close();
        removeGhostItem();
        mGhostTimeline.reset();
        return;
    }
    if (s == PlayController::State::Playing && isWatching()) {
        playFromHere(); // F5 while watching continues live from the step shown
        return;
    }
    // Playing live or paused in it (not watching: Playing while watching went live above):
    // the ghost shows, so one chosen while paused is there at once.
    const bool live = !isWatching();
    if (const int ghost = ghostSession(); live && !mGhostTimeline && ghost >= 0 && mDocument) {
        mGhostTimeline =
            std::make_unique<ReplayTimeline>(mDocument->level(), mSessions[ghost].replay);
    }
    if (live && mGhostTimeline && ensureGhostItem()) {
        setGhostPath(*mGhostTimeline);
        mGhost->setStep(qint64(mPlay->session() ? mPlay->session()->steps() : 0));
    }
}

// --- ghost ---------------------------------------------------------------------------

void ReplayController::setGhost(int index) {
    mGhostId = index >= 0 && index < mSessions.size() ? mSessions[index].id : 0;
    mGhostTimeline.reset();
    if (mDock)
        mDock->setGhostShown(mGhostId != 0);
    if (!isWatching())
        removeGhostItem();
    onPlayState();
}

void ReplayController::ghostFollowsSelection() {
    if (mGhostId == 0 || !mDock)
        return;
    // The box shows the selected replay's ghost: another session selected takes it over,
    // none selected (its session gone) leaves none.
    if (const int current = mDock->currentSession(); current < 0)
        setGhost(-1);
    else if (mSessions[current].id != mGhostId)
        setGhost(current);
}

bool ReplayController::ensureGhostItem() {
    if (mGhost)
        return true;
    QGraphicsScene* scene = mPlay && mPlay->view() ? mPlay->view()->scene() : nullptr;
    if (!scene)
        return false;
    mGhost = new GhostItem;
    mGhost->setVisible(isWatching() || !mPlay->isRouteShown());
    scene->addItem(mGhost);
    // The scene may go away with its document: forget the item then.
    connect(scene, &QObject::destroyed, this, [this] { mGhost = nullptr; });
    return true;
}

void ReplayController::removeGhostItem() {
    if (!mGhost)
        return;
    if (QGraphicsScene* scene = mGhost->scene())
        scene->removeItem(mGhost);
    delete mGhost;
    mGhost = nullptr;
}

void ReplayController::setGhostPath(const ReplayTimeline& t) {
    if (!mGhost)
        return;
    const int ticks = int(std::lround(1.0 / std::max(1e-4, double(t.world().settings().dt))));
    mGhost->setPath(sceneBoxes(t), ticks);
    mGhost->setDesync(std::nullopt, std::nullopt);
}

} // namespace ts::play
