// Kept sessions: the play sessions of a saved level, written as .tsreplay files
// (the replay writer's atomic save) into a folder of their own under the
// application's data location, "sessions/<16 hex digits of the level's canonical
// path>/", so that they survive closing the level and restarting the editor. They are
// written and read on worker threads (ReplayController): load() and write() touch no
// shared state. The
// newest kKept per level stay; older ones are deleted. Save As copies a level's kept
// sessions to its new path's folder (ReplayController); the old path's copies stay, as
// the old level file does.
#pragma once

#include "tilesmith/level/replay.h"

#include <QDateTime>
#include <QString>

#include <functional>
#include <vector>

namespace ts::play {

class SessionStore {
public:
    /// How many sessions are kept per level.
    static constexpr int kKept = 20;

    struct Kept {
        ts::level::Replay replay;
        QDateTime date; ///< when the session ended (UTC)
        QString path;   ///< its file in the level's folder
    };

    /// The folder holding every level's folder: AppLocalDataLocation + "/sessions",
    /// or the override.
    static QString root();
    /// Tests: another root (empty: back to the default).
    static void setRootOverride(const QString& dir);
    /// The folder of the level at `levelPath` (made canonical here).
    static QString folderFor(const QString& levelPath);

    /// The level's kept sessions in `folder` (its folderFor(), taken by the caller: this
    /// runs on a worker thread, ReplayController), newest first (at most kKept;
    /// unreadable files and files naming another level are skipped). `unreadable`, when
    /// given, gets the files it read that do not load as replays (not those that went
    /// while it read: pruned by a newer write, deleted). Stops early, with what it has
    /// read, once `cancelled` returns true, also inside a file (one may be as long as
    /// the reader's 64 MiB limit: ReplayLimits). Touches no shared state.
    static std::vector<Kept> load(const QString& folder, const QString& levelPath,
                                  QStringList* unreadable,
                                  const std::function<bool()>& cancelled = {});
    /// The session files in `folder` (a level's folderFor(), taken by the caller: this
    /// runs on a worker thread) that do not load as replays, except `known` (files
    /// already read): what Delete All removes besides the listed sessions. Stops early,
    /// with what it has found, once `cancelled` returns true, also inside a file. Touches
    /// no shared state.
    static QStringList unreadable(const QString& folder, const QStringList& known,
                                  const std::function<bool()>& cancelled = {});
    /// The file for the level's session that ended at `date`: one that does not exist
    /// and is not in `taken` (files being written).
    static QString pathFor(const QString& levelPath, const QDateTime& date,
                           const QStringList& taken);
    /// Writes `replay` (its level named by absolute path) as `path` (from pathFor())
    /// and deletes the level's sessions beyond the newest kKept. Touches no shared
    /// state: safe on a worker thread. False with `error` set when it fails.
    static bool write(const QString& path, const QString& levelPath, ts::level::Replay replay,
                      QString* error);
    /// Deletes the kept session file `path`. True once it is gone (a file already gone
    /// counts); false with `error` set ("NAME: REASON") when it cannot be removed.
    static bool remove(const QString& path, QString* error);
    /// The session files of `folder`, newest first.
    static QStringList filesIn(const QString& folder);
    /// The canonical path of `path` (its absolute path while it does not exist).
    static QString canonical(const QString& path);
};

} // namespace ts::play
