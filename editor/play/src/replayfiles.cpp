// ReplayController, replay files the user names: Save Replay As... and Open... A long
// replay (megabytes for a long session of a crowded level) is slow to parse or
// write: both run on the controller's worker threads (the write on the writing thread,
// after the kept sessions queued before it; the read on the reading thread) while the
// dock says so, and their result comes back to the window's thread. saveSession() and
// openFile() do the same here and now, for tools (--screenshot).
#include "tilesmith/play/replaycontroller.h"

#include "replaydock.h"
#include "sessionstore.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/windowprompts.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace ts::play {

namespace {

const QString kFilter = QStringLiteral("Tilesmith replays (*.tsreplay)");

/// The load errors, one "FILE:LINE:COLUMN: error: ..." a line.
QString loadErrors(const ts::level::ReplayLoadResult& r) {
    QStringList lines;
    for (const ts::level::Diagnostic& d : r.errors)
        lines << QString::fromStdString(d.toString());
    return lines.join(QLatin1Char('\n'));
}

} // namespace

/// A session to write as a replay file, with what the window needs once it is written.
struct ReplayController::SaveJob {
    quint64 id = 0;
    ts::level::Replay replay; ///< naming its level relative to `path`
    QString path;
    QString levelFolder; ///< the level's folder (canonical) when it was asked for
};

void ReplayController::warn(const QString& title, const QString& text) {
    ts::editor::WindowPrompts::Message m;
    m.icon = QMessageBox::Warning;
    m.title = title;
    m.text = text;
    ts::editor::WindowPrompts fallback;
    ts::editor::WindowPrompts* prompts = mContext.prompts ? mContext.prompts : &fallback;
    prompts->message(mDock ? static_cast<QWidget*>(mDock) : mContext.window, m);
}

void ReplayController::askSaveSession(int index) {
    if (index < 0 || index >= mSessions.size() || !mDocument || isBusyWithFile())
        return;
    const QString levelPath = mDocument->filePath();
    const QString suggested =
        levelPath.isEmpty()
            ? QString()
            : QFileInfo(levelPath).absolutePath() + QLatin1Char('/') +
                  QFileInfo(levelPath).completeBaseName() +
                  mSessions[index].date.toLocalTime().toString(QStringLiteral("-yyyyMMdd-HHmmss")) +
                  QStringLiteral(".tsreplay");
    const quint64 id = mSessions[index].id;
    const QString path =
        mContext.prompts
            ? mContext.prompts->saveFileName(mDock, tr("Save Replay As"), suggested, kFilter)
            : ts::editor::WindowPrompts().saveFileName(mDock, tr("Save Replay As"), suggested,
                                                       kFilter);
    // The list may have changed while the dialog was up (a kept read, a session ended).
    if (const int now = indexOf(id); now >= 0 && !path.isEmpty())
        saveSessionInBackground(now, path);
}

void ReplayController::askOpenFile() {
    if (isBusyWithFile())
        return;
    const QString dir = mDocument ? QFileInfo(mDocument->filePath()).absolutePath() : QString();
    const QString path =
        mContext.prompts
            ? mContext.prompts->openFileName(mDock, tr("Open Replay"), dir, kFilter)
            : ts::editor::WindowPrompts().openFileName(mDock, tr("Open Replay"), dir, kFilter);
    if (!path.isEmpty())
        openFileInBackground(path);
}

void ReplayController::beginFileJob(const QString& text) {
    ++mFileJobs;
    if (mDock)
        mDock->setFileBusy(text);
    updateSessionActions();
}

void ReplayController::endFileJob() {
    if (--mFileJobs == 0 && mDock)
        mDock->setFileBusy(QString());
    updateSessionActions();
}

ReplayController::Session* ReplayController::findSession(quint64 id) {
    if (const int i = indexOf(id); i >= 0)
        return &mSessions[i];
    for (QList<Session>& sessions : mByLevel) {
        for (Session& s : sessions) {
            if (s.id == id)
                return &s;
        }
    }
    return nullptr;
}

// --- Save Replay As... -----------------------------------------------------------------

std::shared_ptr<ReplayController::SaveJob>
ReplayController::prepareSave(int index, const QString& path, QString* error) const {
    if (index < 0 || index >= mSessions.size() || !mDocument)
        return nullptr;
    if (mDocument->filePath().isEmpty()) {
        if (error)
            *error = tr("Save the level first: a replay names its level by its path.");
        return nullptr;
    }
    auto job = std::make_shared<SaveJob>();
    job->id = mSessions[index].id;
    job->replay = mSessions[index].replay;
    job->replay.levelPath =
        ts::level::relativeLevelPath(mDocument->filePath().toStdString(), path.toStdString());
    job->path = path;
    job->levelFolder = QFileInfo(SessionStore::canonical(mDocument->filePath())).absolutePath();
    return job;
}

void ReplayController::saved(const SaveJob& job) {
    Session* s = findSession(job.id);
    if (!s)
        return; // deleted meanwhile: the file the user asked for is there all the same
    s->replay = job.replay;
    s->file = job.path;
    // Saved beside its level, the file is listed from there: the kept copy would be
    // the same session twice.
    if (!s->kept.isEmpty() &&
        SessionStore::canonical(QFileInfo(job.path).absolutePath()) == job.levelFolder) {
        QString ignored; // best effort: the session is safe in its file
        removeKept(s->kept, &ignored);
        s->kept.clear();
    }
    refreshList();
}

bool ReplayController::isSaving(quint64 id) const {
    return std::any_of(mSaving.begin(), mSaving.end(),
                       [id](const std::shared_ptr<SaveJob>& job) { return job->id == id; });
}

bool ReplayController::saveSession(int index, const QString& path, QString* error) {
    const std::shared_ptr<SaveJob> job = prepareSave(index, path, error);
    if (!job)
        return false;
    std::string message;
    if (!ts::level::saveReplayFile(job->replay, path.toStdString(), &message)) {
        if (error)
            *error = QString::fromStdString(message);
        return false;
    }
    saved(*job);
    return true;
}

void ReplayController::saveSessionInBackground(int index, const QString& path) {
    QString error;
    const std::shared_ptr<SaveJob> job = prepareSave(index, path, &error);
    if (!job) {
        if (!error.isEmpty())
            warn(tr("Save Replay Failed"), error);
        emit replaySaved(path, error.isEmpty() ? tr("There is no session %1.").arg(index) : error);
        return;
    }
    beginFileJob(tr("Saving %1...").arg(QFileInfo(path).fileName()));
    mSaving << job;
    auto failure = std::make_shared<std::string>();
    runThen(
        mWriter, this,
        [job, failure] {
            if (!ts::level::saveReplayFile(job->replay, job->path.toStdString(), failure.get()) &&
                failure->empty())
                *failure = "cannot write " + job->path.toStdString();
        },
        [this, job, failure] {
            mSaving.removeOne(job);
            endFileJob();
            const QString message = QString::fromStdString(*failure);
            if (message.isEmpty())
                saved(*job);
            else
                warn(tr("Save Replay Failed"), message);
            emit replaySaved(job->path, message);
        });
}

// --- Open... -------------------------------------------------------------------------

bool ReplayController::opened(const QString& key, const QString& path,
                              ts::level::ReplayLoadResult r, const QDateTime& date,
                              QString* error) {
    if (!r.ok()) {
        if (error)
            *error = loadErrors(r);
        return false;
    }
    // The level it was opened for: the open one, or one closed since (listed when it
    // is opened again).
    const bool open = key == levelKey();
    QList<Session>& sessions = open ? mSessions : mByLevel[key];
    // Opened before: the same session (its id: the dock keeps it selected, the ghost on
    // it), read again.
    const QString file = SessionStore::canonical(path);
    quint64 id = 0;
    for (qsizetype i = sessions.size() - 1; i >= 0; --i) {
        if (!sessions[i].file.isEmpty() && SessionStore::canonical(sessions[i].file) == file) {
            id = sessions[i].id;
            sessions.removeAt(i);
        }
    }
    Session s = makeSession(std::move(*r.replay), date, path, {});
    if (id != 0)
        s.id = id;
    sessions.prepend(std::move(s));
    if (open) {
        refreshList();
        if (mDock)
            mDock->setCurrentSession(0);
    }
    return true;
}

bool ReplayController::openFile(const QString& path, QString* error) {
    return opened(levelKey(), path, ts::level::loadReplayFile(path.toStdString()),
                  QFileInfo(path).lastModified().toUTC(), error);
}

void ReplayController::openFileInBackground(const QString& path) {
    beginFileJob(tr("Opening %1...").arg(QFileInfo(path).fileName()));
    struct Read {
        ts::level::ReplayLoadResult result;
        QDateTime date;
    };
    auto read = std::make_shared<Read>();
    // A file being saved is read once it is written: after its write, on the same thread.
    const QString file = SessionStore::canonical(path);
    const bool written = std::any_of(mSaving.begin(), mSaving.end(), [&](const auto& job) {
        return SessionStore::canonical(job->path) == file;
    });
    runThen(
        written ? mWriter : mReader, this,
        [read, path] {
            read->result = ts::level::loadReplayFile(path.toStdString());
            read->date = QFileInfo(path).lastModified().toUTC();
        },
        [this, read, path, key = levelKey()] {
            endFileJob();
            QString error;
            if (!opened(key, path, std::move(read->result), read->date, &error))
                warn(tr("Open Replay Failed"), error);
            emit replayOpened(path, error);
        });
}

} // namespace ts::play
