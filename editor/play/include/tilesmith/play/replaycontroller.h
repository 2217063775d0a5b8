// Replays in the editor: keeps the sessions play mode records (per level, newest
// first) and the .tsreplay files beside the level, saves them, and watches one on
// a timeline through the play controller's session, overlays and HUD (the world
// shown is the replay's state at the chosen step). Play from Here continues live
// from that state; the ghost of the chosen replay runs beside the live player.
// Keeping and managing the level's kept sessions (delete, show their folder, carry
// them on Save As) is in replaysessions.cpp; Save Replay As... and Open... (in the
// background) in replayfiles.cpp.
#pragma once

#include "tilesmith/editor/windowextension.h"
#include "tilesmith/level/replay.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>

namespace ts::editor {
class LevelDocument;
} // namespace ts::editor

namespace ts::play {

class GhostItem;
class PlayController;
class PlaySession;
class ReplayDock;
class ReplayTimeline;

class ReplayController : public ts::editor::WindowExtension {
    Q_OBJECT
public:
    struct Session {
        ts::level::Replay replay;
        QDateTime date; ///< when it ended (or the file's date)
        QString file;   ///< the .tsreplay it came from or was saved to; empty = unsaved
        QString kept;   ///< its copy among the level's kept sessions; empty = none
        /// Which session it is, whatever its place in the list: the dock's selection
        /// and the ghost stay on it when the list is refilled (never 0).
        quint64 id = 0;
    };
    /// Kept sessions being written (on a worker thread: keeping never holds up the
    /// window). The dock lists them as "keeping" until their file is there.
    bool isKeeping() const { return !mWriting.isEmpty(); }
    /// The open level's kept sessions, and the replay files beside it, are being read
    /// (on a worker thread: opening a level never waits for them). The dock says so
    /// below the sessions listed so far; keptSessionsRead() once they are listed.
    bool isReadingKept() const { return mRead != nullptr; }

    /// A child of `play`, which it watches replays through. A main window adds it as
    /// an extension (MainWindow::addExtension()) for the Replays dock.
    explicit ReplayController(PlayController* play);
    ~ReplayController() override;

    /// The Replays dock.
    QList<Dock> docks() override;
    /// Follows the open level; its prompts ask the dock's questions.
    void setContext(const ts::editor::WindowContext& context) override;

    ReplayDock* dock();
    /// The open level's sessions, newest first.
    const QList<Session>& sessions() const { return mSessions; }
    /// Saves session `index` as `path` (its level path relative to the file), here and
    /// now (tools); false with the error.
    bool saveSession(int index, const QString& path, QString* error);
    /// Reads a replay file and adds it to the list (first), here and now (tools); false
    /// with the load errors ("FILE:LINE:COLUMN: error: ...", one a line).
    bool openFile(const QString& path, QString* error);
    /// What Save Replay As... does: saveSession() on the writing thread (a long replay
    /// takes a second to write: the window goes on meanwhile), then replaySaved(). A
    /// failure is shown as a warning, with the same words.
    void saveSessionInBackground(int index, const QString& path);
    /// What Open... does: openFile() read on the reading thread, then replayOpened().
    /// The replay joins the list of the level open when it was asked for; a failure
    /// is shown as a warning.
    void openFileInBackground(const QString& path);
    /// A replay file is being read or written for Open... or Save Replay As...: the
    /// dock says so, and both wait (disabled) until it is done; the session being saved
    /// cannot be deleted meanwhile.
    bool isBusyWithFile() const { return mFileJobs > 0; }

    /// Whether ended sessions of a saved level are kept (on by default; tool runs such
    /// as --screenshot turn it off).
    void setKeepingSessions(bool on) { mKeeping = on; }

    // --- managing the kept sessions -------------------------------------------
    /// Whether session `index` can be deleted here: a kept or unsaved one (the editor's
    /// recording). Replay files the user saved or opened are theirs: not deleted here.
    bool canDelete(int index) const;
    /// Deletes sessions `indexes` (those canDelete()) after asking (&Delete / Cancel):
    /// their kept files and their lines. The replay being watched, if one of them, is
    /// closed first. A file that cannot be removed stays listed, with a line in the
    /// status bar. Returns how many were deleted.
    int deleteSessions(const QList<int>& indexes);
    /// Deletes every kept (and unsaved) session of the open level, and the session
    /// files in its folder that do not load, after asking. The folder is checked for
    /// those first, on the reading thread (it parses the files no session is listed
    /// from): deleteAllDone() says how many sessions went (0: cancelled). False when it
    /// does not start: the kept sessions are being read, or it is checking already.
    bool deleteAllKept();
    /// deleteAllKept() is checking the sessions folder (Delete All waits meanwhile).
    bool isCheckingFolder() const { return mCheck != nullptr; }
    /// Opens the open level's sessions folder in the desktop's file manager; false
    /// (with a line in the status bar) when it cannot.
    bool showSessionsFolder();
    /// The folder showSessionsFolder() opens (empty while the level is untitled).
    QString sessionsFolder() const;
    /// What opens a folder's URL: QDesktopServices::openUrl, or a test's.
    using UrlOpener = std::function<bool(const QUrl&)>;
    static void setUrlOpener(UrlOpener opener);

    // --- watching -------------------------------------------------------------
    /// Runs session `index` on the level as it is now and shows its first step.
    bool watch(int index, QString* error = nullptr);
    bool isWatching() const { return mTimeline != nullptr; }
    ReplayTimeline* timeline() const { return mTimeline.get(); }
    std::uint64_t currentStep() const;
    void seek(std::uint64_t step);
    void stepBy(int delta);
    void setPlaying(bool on);
    bool isPlaying() const { return mTimer.isActive(); }
    void setSpeed(double speed);
    /// Continues live from the step shown.
    void playFromHere();
    /// Stops watching (back to editing).
    void close();
    /// The dock's line about the replay shown ("desync at step ...", or ok).
    QString status() const { return mStatus; }

    // --- ghost ----------------------------------------------------------------
    /// Shows session `index`'s trail and ghost while playing live (-1: none). Once set,
    /// the ghost follows the session selected in the dock's list (the box's label: "the
    /// selected replay's ghost").
    void setGhost(int index);
    /// The session whose ghost is shown (-1: none).
    int ghostSession() const { return indexOf(mGhostId); }
    GhostItem* ghostItem() const { return mGhost; }

signals:
    /// Keeping a session failed ("Keeping the session failed: REASON"); it is also
    /// in the main window's status bar. The session stays listed, unsaved.
    void keepFailed(const QString& message);
    /// The open level's kept sessions were read and are listed (isReadingKept() is false).
    void keptSessionsRead();
    /// deleteAllKept() is done: `deleted` sessions went (none when the level was
    /// closed while it checked the folder).
    void deleteAllDone(int deleted);
    /// saveSessionInBackground() is done: `error` empty when `path` was written.
    void replaySaved(const QString& path, const QString& error);
    /// openFileInBackground() is done: `error` empty when the replay is listed.
    void replayOpened(const QString& path, const QString& error);

private:
    struct KeptRead;
    struct FolderCheck;
    struct SaveJob;
    /// Runs `work` on `pool`, then `done` on `context`'s thread. `context` must outlive
    /// the work (the destructor waits for the pools); a `done` still queued when it goes
    /// is dropped with it.
    static void runThen(QThreadPool& pool, QObject* context, std::function<void()> work,
                        std::function<void()> done);
    QString levelKey() const;
    /// Save Replay As... and Open...: asks for the file, then works in the background.
    void askSaveSession(int index);
    void askOpenFile();
    /// What saving session `index` as `path` writes; null with `error` set when it
    /// cannot be saved.
    std::shared_ptr<SaveJob> prepareSave(int index, const QString& path, QString* error) const;
    /// The session of `job` is in its file now (wherever it is listed by now).
    void saved(const SaveJob& job);
    /// Whether session `id` is being saved (saveSessionInBackground()).
    bool isSaving(quint64 id) const;
    /// Lists the replay read from `path` (dated `date`) among the sessions of the
    /// level `key`, first; false with the load errors.
    bool opened(const QString& key, const QString& path, ts::level::ReplayLoadResult r,
                const QDateTime& date, QString* error);
    /// A job of isBusyWithFile() starts ("Saving NAME...") or ends.
    void beginFileJob(const QString& text);
    void endFileJob();
    /// The session `id` of any level (the open one's first); null when gone.
    Session* findSession(quint64 id);
    /// A warning the user acknowledges (through the window's prompts).
    void warn(const QString& title, const QString& text);
    /// A session with a new id.
    Session makeSession(ts::level::Replay replay, const QDateTime& date, const QString& file,
                        const QString& kept);
    /// The open level's session `id` (-1: not listed).
    int indexOf(quint64 id) const;
    /// Writes the sessions not kept yet (a saved level's), one at a time on mWriter.
    void keepPending();
    /// A write of keepPending() finished: `error` is empty when `path` was written.
    void keptWritten(const QString& path, const QString& error);
    /// Deletes the kept file `path`: now, or after its write when it is being written
    /// (never a file written after its deletion). False with `error` set when it
    /// cannot be removed now; a removal after the write reports its own failure.
    bool removeKept(const QString& path, QString* error);
    void updateSessionActions();
    /// A line in the status bar (0: until the next one).
    void report(const QString& message, int timeoutMs = 0);
    bool confirmDelete(const QString& text, const QString& details);
    /// Delete All once the folder is checked: asks, then deletes (how many went).
    int deleteAllChecked(QStringList unreadable);
    /// Deletes sessions `indexes` and the `unreadable` session files (no line of theirs).
    int deleteRows(QList<int> indexes, const QStringList& unreadable = {});
    bool watchedAmong(const QList<int>& indexes) const;
    /// Starts reading the open level's kept sessions and the replay files beside it
    /// (those naming it) on mReader (a read under way for another level, or for this
    /// one before, is dropped: its result is never listed).
    void loadKept();
    /// Drops the read (and Delete All's check) under way: it stops early and its
    /// result is never used.
    void cancelRead();
    /// A read of loadKept() finished: its sessions join the list unless it is stale.
    void keptRead(const std::shared_ptr<KeptRead>& read);
    /// Newest first.
    void sortSessions();
    void dropPruned();
    void showKeepFailure();
    void onFilePathChanged();
    void setDocument(ts::editor::LevelDocument* document);
    void onSessionEnding(PlaySession* session);
    void onPlayState();
    /// The level was edited (or an edit undone): a desync line of a replay closed since
    /// no longer describes it.
    void levelEdited();
    void onTick();
    void show();
    void refreshList();
    bool ensureGhostItem();
    void removeGhostItem();
    /// A ghost shown: it moves to the session selected in the dock (none selected: no
    /// ghost), as the box's label says.
    void ghostFollowsSelection();
    void setGhostPath(const ReplayTimeline& t);

    QPointer<PlayController> mPlay;
    ts::editor::WindowContext mContext;
    QPointer<ts::editor::LevelDocument> mDocument;
    QString mLevelFile; ///< the open level's canonical path; empty while untitled
    QPointer<ReplayDock> mDock;
    QList<Session> mSessions;                ///< the open level's
    QHash<QString, QList<Session>> mByLevel; ///< sessions of levels opened before
    std::unique_ptr<ReplayTimeline> mTimeline;
    std::unique_ptr<ReplayTimeline> mGhostTimeline;
    GhostItem* mGhost = nullptr;
    quint64 mGhostId = 0; ///< the session whose ghost is shown; 0: none
    quint64 mLastId = 0;
    QTimer mTimer;
    QElapsedTimer mClock;
    double mSpeed = 1.0;
    double mCarry = 0; ///< fraction of a step owed by the replay timer
    bool mShowing = false;
    bool mKeeping = true;
    QString mKeepFailure;    ///< to show in the status bar once play mode has stopped
    QStringList mUnreadable; ///< the level's session files that did not load (Delete All)
    /// Writes (and deletes) kept session files, one at a time and in order (pruning
    /// follows the newest; a deletion follows the write); the destructor waits for it,
    /// so closing the window or quitting loses none.
    QThreadPool mWriter;
    /// Kept files being written, and where their write leaves its error (empty: written).
    QHash<QString, std::shared_ptr<QString>> mWriting;
    /// Reads the kept sessions of the level opened (the destructor waits for it).
    QThreadPool mReader;
    std::shared_ptr<KeptRead> mRead;     ///< the open level's read under way; null: none
    std::shared_ptr<FolderCheck> mCheck; ///< Delete All's check under way; null: none
    QString mStatus;
    bool mDesyncShown = false; ///< mStatus is a desync of the replay watched last
    int mFileJobs = 0;         ///< isBusyWithFile()
    /// Saves under way: their sessions cannot be deleted meanwhile, their files are
    /// opened after them.
    QList<std::shared_ptr<SaveJob>> mSaving;
};

} // namespace ts::play
