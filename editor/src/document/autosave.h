// Crash insurance: while the document has unsaved changes, or its file is gone
// from the disk, its level is written every few seconds to a recovery file; a clean save or close
// removes it, and the next start offers to restore what is left behind.
#pragma once

#include "tilesmith/level/levelio.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <memory>
#include <vector>

class QLockFile;

namespace ts::editor {

class LevelDocument;

/// One recovery file left on disk.
struct RecoveryFile {
    QString recoveryPath; ///< the autosaved level
    QString originalPath; ///< the document's file, empty when it was untitled
    QDateTime saved;
};

class Autosave : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 30000;

    explicit Autosave(QObject* parent = nullptr);
    ~Autosave() override;

    /// Watches `document` (may be null). The previous document's recovery file
    /// is left alone: call discard() first when its changes were given up.
    void setDocument(LevelDocument* document);
    LevelDocument* document() const { return mDocument; }

    void setInterval(int ms);
    int interval() const { return mTimer.interval(); }

    /// Where the current document's recovery file goes (keyed by its path, or
    /// "untitled-<process id>" for a document without a file). Another window
    /// (or process) autosaving the same level holds that file's lock: this one
    /// then writes "<key>-2.yaml" (or -3, ...), so neither replaces or deletes
    /// the other's file.
    QString recoveryPath() const;
    /// The document's file was deleted or moved away on disk (DiskWatch): the
    /// editor then holds the only copy, which is written to the recovery file
    /// at once and kept there as unsaved changes are, until the file is back.
    void setFileGone(bool gone);
    /// Writes the recovery file now if the document is modified or its file is
    /// gone; removes it if not.
    /// Returns false only when writing failed (failed() tells why).
    bool saveNow();
    /// Why the last autosave failed; empty after a successful one.
    QString lastError() const { return mLastError; }
    /// Removes the recovery file this session wrote (after a save or a clean close).
    void discard();

    /// The folder of recovery files: QStandardPaths::AppDataLocation + "/recovery",
    /// unless overridden (tests).
    static QString directory();
    static void setDirectoryOverride(const QString& dir);
    /// Recovery files left on disk by sessions that are gone, newest first. A
    /// running session holds a lock on its file, so it is never offered to another.
    static std::vector<RecoveryFile> pendingRecoveries();
    /// The original path a recovery file was written for ("" for untitled).
    static QString originalPathOf(const QString& recoveryPath);
    /// Reads the level of a recovery file (without its header line). Unsaved
    /// work may break level-wide rules (a spawn left inside a wall, ...): such a level loads,
    /// with those rules in LoadResult::problems (ts::level::loadLevelDraftFromString).
    static ts::level::LoadResult loadRecovery(const QString& recoveryPath);

signals:
    /// A recovery file was written.
    void saved(const QString& recoveryPath);
    /// Writing the recovery file failed (disk full, folder not writable, lock
    /// held elsewhere); `reason` says which. The window shows it.
    void failed(const QString& reason);

private:
    void onModifiedChanged(bool modified);
    static QString keyFor(const QString& documentPath);
    /// The recovery file name for the document's key without a -N suffix.
    QString basePath() const;
    /// Locks the recovery file for the document (basePath() or the first free
    /// -N variant), releasing the previous one; empty when none could be locked.
    QString claim();
    bool fail(const QString& reason);

    QPointer<LevelDocument> mDocument;
    QTimer mTimer;
    QString mLastWritten;             ///< recovery file this session wrote last
    std::unique_ptr<QLockFile> mLock; ///< held while mLastWritten is ours
    QString mLastError;
    bool mFileGone = false; ///< setFileGone(): keep a recovery file even unmodified
};

} // namespace ts::editor
