// ReplayController, the level's kept sessions: reading them when a level opens and
// keeping them (SessionStore, on worker threads: the window never waits for their
// files), carrying them to the new path on Save As, deleting them from the Replays dock
// (after asking) and showing their folder in the desktop's file manager.
#include "tilesmith/play/replaycontroller.h"

#include "replaydock.h"
#include "replaytimeline.h"
#include "sessionstore.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/windowprompts.h"
#include "tilesmith/play/playcontroller.h"

#include <QAction>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QStatusBar>

#include <algorithm>
#include <atomic>

namespace ts::play {

namespace {

ReplayController::UrlOpener& urlOpener() {
    static ReplayController::UrlOpener opener;
    return opener;
}

} // namespace

QString ReplayController::levelKey() const {
    if (!mDocument)
        return {};
    return mDocument->filePath().isEmpty()
               ? QStringLiteral("untitled:%1").arg(quintptr(mDocument.data()))
               : SessionStore::canonical(mDocument->filePath());
}

void ReplayController::onFilePathChanged() {
    const QString before = mLevelFile;
    mLevelFile = mDocument && !mDocument->filePath().isEmpty()
                     ? SessionStore::canonical(mDocument->filePath())
                     : QString();
    // Save As: the sessions belong to the new path too. Copied, not moved: the old
    // file still exists and its kept sessions stay true for it.
    if (!before.isEmpty() && before != mLevelFile) {
        for (Session& s : mSessions) {
            if (s.file.isEmpty())
                s.kept.clear(); // written again below, under the new path's folder
        }
    }
    keepPending(); // so are an untitled level's sessions once it has a path
    loadKept();
    refreshList();
}

/// One read of a level's kept sessions and of the replay files beside it: what the
/// worker needs, the flag that drops it, and what it leaves before its result is
/// delivered.
struct ReplayController::KeptRead {
    QString folder;
    QString level;
    std::atomic<bool> cancelled{false};
    std::vector<SessionStore::Kept> kept;
    QStringList unreadable;
    std::vector<SessionStore::Kept> beside;
};

namespace {

/// The .tsreplay files beside `level` (canonical) that name it, dated by their files
/// (a broken one is skipped: it shows its errors when opened explicitly).
std::vector<SessionStore::Kept> replaysBeside(const QString& level,
                                              const std::function<bool()>& cancelled) {
    std::vector<SessionStore::Kept> found;
    const QFileInfoList files = QFileInfo(level).absoluteDir().entryInfoList(
        {QStringLiteral("*.tsreplay")}, QDir::Files, QDir::Name);
    for (const QFileInfo& f : files) {
        if (cancelled())
            break;
        const QString path = f.absoluteFilePath();
        ts::level::ReplayLoadResult r =
            ts::level::loadReplayFile(path.toStdString(), {}, cancelled);
        if (!r.ok())
            continue; // unreadable, or stopped inside it (the loop ends above)
        const QString named =
            QString::fromStdString(ts::level::replayLevelPath(*r.replay, path.toStdString()));
        if (SessionStore::canonical(named) != level)
            continue;
        found.push_back({std::move(*r.replay), f.lastModified().toUTC(), path});
    }
    return found;
}

} // namespace

/// Delete All's check of the level's sessions folder for files that do not load.
struct ReplayController::FolderCheck {
    QString folder;
    QStringList known; ///< the files listed already (not parsed again)
    std::atomic<bool> cancelled{false};
    QStringList unreadable;
};

void ReplayController::cancelRead() {
    if (mRead)
        mRead->cancelled = true;
    mRead.reset();
    if (mCheck)
        mCheck->cancelled = true;
    mCheck.reset();
}

void ReplayController::loadKept() {
    cancelRead(); // another level's, or this one's before Save As
    mUnreadable.clear();
    if (mLevelFile.isEmpty())
        return;
    // Up to kKept files, each slow to read when long (the reader takes up to 64 MiB): on
    // the worker, with its own copies (the folder is taken here: root() reads the
    // settings). A cancel stops it inside the file it reads.
    auto read = std::make_shared<KeptRead>();
    read->folder = SessionStore::folderFor(mLevelFile);
    read->level = mLevelFile;
    mRead = read;
    runThen(
        mReader, this,
        [read] {
            const auto cancelled = [&read] { return read->cancelled.load(); };
            read->kept =
                SessionStore::load(read->folder, read->level, &read->unreadable, cancelled);
            read->beside = replaysBeside(read->level, cancelled);
        },
        [this, read] { keptRead(read); });
}

void ReplayController::keptRead(const std::shared_ptr<KeptRead>& read) {
    if (read != mRead)
        return; // stale: another level is open, or this one was read again since
    mRead.reset();
    mUnreadable = read->unreadable;
    for (SessionStore::Kept& k : read->kept) {
        // Listed already (kept while it read, or before), or gone while it read:
        // deleted here, saved beside the level, pruned by a newer write.
        if (std::any_of(mSessions.begin(), mSessions.end(),
                        [&](const Session& s) { return s.kept == k.path; }) ||
            !QFileInfo::exists(k.path))
            continue;
        mSessions.push_back(makeSession(std::move(k.replay), k.date, {}, k.path));
    }
    QStringList listed; // the files listed already (opened, saved, read before)
    for (const Session& s : mSessions) {
        if (!s.file.isEmpty())
            listed << SessionStore::canonical(s.file);
    }
    for (SessionStore::Kept& f : read->beside) {
        if (!listed.contains(SessionStore::canonical(f.path)) && QFileInfo::exists(f.path))
            mSessions.push_back(makeSession(std::move(f.replay), f.date, f.path, {}));
    }
    sortSessions();
    refreshList();
    emit keptSessionsRead();
}

void ReplayController::sortSessions() {
    std::stable_sort(mSessions.begin(), mSessions.end(),
                     [](const Session& a, const Session& b) { return a.date > b.date; });
}

ReplayController::Session ReplayController::makeSession(ts::level::Replay replay,
                                                        const QDateTime& date, const QString& file,
                                                        const QString& kept) {
    return {std::move(replay), date, file, kept, ++mLastId};
}

int ReplayController::indexOf(quint64 id) const {
    if (id == 0)
        return -1;
    for (int i = 0; i < mSessions.size(); ++i) {
        if (mSessions[i].id == id)
            return i;
    }
    return -1;
}

void ReplayController::keepPending() {
    if (!mKeeping || mLevelFile.isEmpty())
        return;
    for (Session& s : mSessions) {
        if (!s.file.isEmpty() || !s.kept.isEmpty())
            continue;
        // The name is taken here (not by a write still under way); the file is written
        // (formatted, read back, synced: up to a second for a long session of a crowded
        // level) on the worker, with its own copy of the replay.
        const QString path = SessionStore::pathFor(mLevelFile, s.date, mWriting.keys());
        s.kept = path;
        auto error = std::make_shared<QString>();
        mWriting.insert(path, error);
        runThen(
            mWriter, this,
            [error, path, level = mLevelFile, replay = s.replay] {
                SessionStore::write(path, level, replay, error.get());
            },
            [this, path, error] { keptWritten(path, *error); });
    }
}

bool ReplayController::removeKept(const QString& path, QString* error) {
    if (!mWriting.contains(path))
        return SessionStore::remove(path, error);
    // After its write, on the same worker: the window does not wait for the write.
    auto failure = std::make_shared<QString>();
    runThen(
        mWriter, this, [path, failure] { SessionStore::remove(path, failure.get()); },
        [this, failure] {
            if (!failure->isEmpty())
                report(tr("Could not delete 1 of 1 sessions: %1").arg(*failure));
        });
    return true;
}

void ReplayController::keptWritten(const QString& path, const QString& error) {
    mWriting.remove(path);
    // Failed: unsaved again, so the next keepPending() tries again. (Deleted, or carried
    // to a new path meanwhile: no session has it any more, nothing to say.)
    bool listed = false;
    auto unkeep = [&](QList<Session>& sessions) {
        for (Session& s : sessions) {
            if (s.kept == path && s.file.isEmpty()) {
                s.kept.clear();
                listed = true;
            }
        }
    };
    if (!error.isEmpty()) {
        unkeep(mSessions);
        for (QList<Session>& sessions : mByLevel)
            unkeep(sessions);
    }
    dropPruned();
    refreshList();
    if (!listed)
        return;
    mKeepFailure = tr("Keeping the session failed: %1").arg(error);
    emit keepFailed(mKeepFailure);
    // While play mode stops, its end puts the edit hint back: show it after that.
    if (!mPlay || mPlay->state() == PlayController::State::Editing)
        showKeepFailure();
}

void ReplayController::showKeepFailure() {
    if (!mKeepFailure.isEmpty())
        emit statusMessage(mKeepFailure, 0);
    mKeepFailure.clear();
}

void ReplayController::dropPruned() {
    for (qsizetype i = mSessions.size() - 1; i >= 0; --i) {
        const Session& s = mSessions[i];
        if (s.kept.isEmpty() || !s.file.isEmpty() || mWriting.contains(s.kept) ||
            QFileInfo::exists(s.kept))
            continue; // only older sessions beyond the newest kept ones are deleted
        mSessions.removeAt(i);
    }
}

// --- managing the kept sessions ------------------------------------------------------

void ReplayController::setUrlOpener(UrlOpener opener) {
    urlOpener() = std::move(opener);
}

void ReplayController::runThen(QThreadPool& pool, QObject* context, std::function<void()> work,
                               std::function<void()> done) {
    pool.start([context, work = std::move(work), done = std::move(done)]() mutable {
        work();
        QMetaObject::invokeMethod(context, std::move(done), Qt::QueuedConnection);
    });
}

bool ReplayController::canDelete(int index) const {
    return index >= 0 && index < mSessions.size() && mSessions[index].file.isEmpty() &&
           !isSaving(mSessions[index].id); // its own file in a moment: the user's
}

void ReplayController::updateSessionActions() {
    if (!mDock)
        return;
    const QList<int> rows = mDock->selectedSessions();
    mDock->deleteAction()->setEnabled(
        std::any_of(rows.begin(), rows.end(), [this](int i) { return canDelete(i); }));
    bool any = false;
    for (int i = 0; i < mSessions.size() && !any; ++i)
        any = canDelete(i);
    // Not while the kept sessions are read: it would not know them all yet.
    mDock->deleteAllAction()->setEnabled(!isReadingKept() && !isCheckingFolder() &&
                                         (any || !mUnreadable.isEmpty()));
    mDock->showFolderAction()->setEnabled(!mLevelFile.isEmpty());
}

void ReplayController::report(const QString& message, int timeoutMs) {
    emit statusMessage(message, timeoutMs);
}

bool ReplayController::confirmDelete(const QString& text, const QString& details) {
    ts::editor::WindowPrompts::Message m;
    m.icon = QMessageBox::Warning;
    m.title = tr("Delete Sessions");
    m.text = text;
    m.informativeText = details;
    m.buttons = QMessageBox::Discard | QMessageBox::Cancel;
    m.defaultButton = QMessageBox::Discard; // Del was pressed on purpose; Esc cancels
    // Mnemonics of our own: a bare X11 session's button texts have none.
    m.buttonTexts[QMessageBox::Discard] = tr("&Delete");
    m.buttonTexts[QMessageBox::Cancel] = tr("Cancel");
    ts::editor::WindowPrompts fallback;
    ts::editor::WindowPrompts* prompts = mContext.prompts ? mContext.prompts : &fallback;
    return prompts->message(mDock ? static_cast<QWidget*>(mDock) : mContext.window, m) ==
           QMessageBox::Discard;
}

int ReplayController::deleteSessions(const QList<int>& indexes) {
    QList<int> rows;
    for (int i : indexes) {
        if (canDelete(i) && !rows.contains(i))
            rows << i;
    }
    if (rows.isEmpty() || !mDocument)
        return 0;
    const qsizetype saved = indexes.size() - rows.size();
    const QString level = mDocument->displayName();
    const Session& first = mSessions[rows.first()];
    const QString text =
        rows.size() == 1
            ? tr("Delete the session of \"%1\" recorded %2?")
                  .arg(level,
                       first.date.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
            : tr("Delete these %1 sessions of \"%2\"?").arg(rows.size()).arg(level);
    QString details = rows.size() == 1 ? tr("Its file is deleted; this cannot be undone.")
                                       : tr("Their files are deleted; this cannot be undone.");
    if (saved > 0)
        details += QLatin1Char(' ') + tr("The replay files you saved stay (%1).").arg(saved);
    if (watchedAmong(rows))
        details += QLatin1Char(' ') + tr("The replay being watched is closed first.");
    if (!confirmDelete(text, details))
        return 0;
    return deleteRows(rows);
}

bool ReplayController::deleteAllKept() {
    if (isReadingKept() || isCheckingFolder())
        return false;           // its action is disabled until they are listed
    if (mLevelFile.isEmpty()) { // no folder: only the sessions in memory
        emit deleteAllDone(deleteAllChecked({}));
        return true;
    }
    // The folder's session files that do not read as replays (a crash mid-write in an
    // older version, a file damaged since): nothing to list, but the folder is to be
    // emptied, so they go too. Finding them parses every file no session is listed from
    // (a long one takes a second): on the reading thread, with its own copies.
    auto check = std::make_shared<FolderCheck>();
    check->folder = SessionStore::folderFor(mLevelFile);
    for (const Session& s : mSessions) {
        if (!s.kept.isEmpty())
            check->known << s.kept;
    }
    mCheck = check;
    updateSessionActions();
    report(tr("Checking the sessions folder..."));
    runThen(
        mReader, this,
        [check] {
            check->unreadable = SessionStore::unreadable(
                check->folder, check->known, [&check] { return check->cancelled.load(); });
        },
        [this, check] {
            if (check != mCheck)
                return; // dropped: another level is open
            mCheck.reset();
            report(QString());
            emit deleteAllDone(deleteAllChecked(check->unreadable));
        });
    return true;
}

int ReplayController::deleteAllChecked(QStringList unreadable) {
    updateSessionActions();
    // Now, not when it was asked for: the list may have changed while the folder was
    // checked (a session kept, one deleted).
    QList<int> rows;
    for (int i = 0; i < mSessions.size(); ++i) {
        if (canDelete(i))
            rows << i;
        unreadable.removeAll(mSessions[i].kept);
    }
    unreadable.erase(std::remove_if(unreadable.begin(), unreadable.end(),
                                    [](const QString& f) { return !QFileInfo::exists(f); }),
                     unreadable.end());
    if ((rows.isEmpty() && unreadable.isEmpty()) || !mDocument)
        return 0;
    const QString level = mDocument->displayName();
    const QString text =
        rows.isEmpty() ? tr("Delete the unreadable session files of \"%1\"?").arg(level)
                       : tr("Delete all %1 kept sessions of \"%2\"?").arg(rows.size()).arg(level);
    QString details = tr("Their files are deleted; this cannot be undone. Replay files you "
                         "saved beside the level stay.");
    if (!unreadable.isEmpty())
        details += QLatin1Char(' ') + tr("%1 unreadable session file(s) in its sessions folder "
                                         "go too.")
                                          .arg(unreadable.size());
    if (watchedAmong(rows))
        details += QLatin1Char(' ') + tr("The replay being watched is closed first.");
    if (!confirmDelete(text, details))
        return 0;
    return deleteRows(rows, unreadable);
}

int ReplayController::deleteRows(QList<int> indexes, const QStringList& unreadable) {
    // A replay being watched cannot lose its session under it: closed first (the user
    // asked for the session to go, and its steps go with it).
    if (watchedAmong(indexes))
        close();
    std::sort(indexes.begin(), indexes.end(), std::greater<>());
    QStringList failures;
    const bool hadGhost = ghostSession() >= 0;
    int deleted = 0;
    for (int i : indexes) {
        QString error;
        if (!mSessions[i].kept.isEmpty() && !removeKept(mSessions[i].kept, &error)) {
            failures << error; // stays listed: nothing lost silently
            continue;
        }
        mSessions.removeAt(i);
        ++deleted;
    }
    if (hadGhost && ghostSession() < 0)
        setGhost(-1);
    for (const QString& path : unreadable) {
        QString error;
        if (SessionStore::remove(path, &error))
            mUnreadable.removeAll(path);
        else
            failures << error;
    }
    refreshList();
    if (!failures.isEmpty())
        report(tr("Could not delete %1 of %2 sessions: %3")
                   .arg(failures.size())
                   .arg(indexes.size() + unreadable.size())
                   .arg(failures.join(QStringLiteral("; "))));
    else if (!unreadable.isEmpty())
        report(tr("Deleted %1 sessions and %2 unreadable session file(s).")
                   .arg(deleted)
                   .arg(unreadable.size()),
               5000);
    else
        report(deleted == 1 ? tr("Deleted 1 session.") : tr("Deleted %1 sessions.").arg(deleted),
               5000); // a confirmation: it goes; a failure stays
    return deleted;
}

bool ReplayController::watchedAmong(const QList<int>& indexes) const {
    if (!mTimeline)
        return false;
    const ts::level::Replay& watched = mTimeline->replay();
    return std::any_of(indexes.begin(), indexes.end(), [&](int i) {
        ts::level::Replay r = mSessions[i].replay;
        r.levelPath = watched.levelPath; // kept files name their level by absolute path
        return r == watched;
    });
}

QString ReplayController::sessionsFolder() const {
    return mLevelFile.isEmpty() ? QString() : SessionStore::folderFor(mLevelFile);
}

bool ReplayController::showSessionsFolder() {
    const QString folder = sessionsFolder();
    if (folder.isEmpty()) {
        report(tr("Save the level first: its sessions are kept once it has a path."));
        return false;
    }
    if (!QDir().mkpath(folder)) { // no session kept yet: an empty folder, not an error
        report(tr("Cannot create the folder %1").arg(QDir::toNativeSeparators(folder)));
        return false;
    }
    const QUrl url = QUrl::fromLocalFile(folder);
    if (urlOpener() ? urlOpener()(url) : QDesktopServices::openUrl(url))
        return true;
    report(tr("Cannot open %1 in the file manager").arg(QDir::toNativeSeparators(folder)));
    return false;
}

} // namespace ts::play
