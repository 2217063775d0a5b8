// Notices when the open level's file changes on disk behind the editor's back
// (a git pull, a teammate's script, `tilesmith replay update`, another editor):
// it remembers the bytes the document was loaded from or last saved as, and
// after the file or its folder changes compares the file with them. The editor's
// own saves therefore never count as a change, and a change that puts back the
// same bytes is none. What to do about a change is the main window's decision.
#pragma once

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

namespace ts::editor {

class LevelDocument;

class DiskWatch : public QObject {
    Q_OBJECT
public:
    /// How long a burst of file events (a save writes, renames, touches) is
    /// waited out before the file is read.
    static constexpr int kSettleMs = 150;

    explicit DiskWatch(QObject* parent = nullptr);

    /// Watches `document`'s file (none while untitled) and takes what is on
    /// disk now as what the document was loaded from.
    void setDocument(LevelDocument* document);
    /// The document was just saved (or the user chose to keep their version):
    /// the file's current bytes are the document's again.
    void rememberDisk();
    /// The document was just saved as `bytes`: they are what the file should hold, so a
    /// program that replaces the file right after the save is still noticed.
    void rememberSaved(const QByteArray& bytes);
    /// The file holds other bytes than the document was loaded from or saved as, and
    /// no changedOnDisk() said so yet (a change inside the settle time, or during play):
    /// Save asks before it writes over it.
    bool changedSinceKnown() const;
    /// Compares the file with what was remembered now (also done after every
    /// file event, kSettleMs later).
    void check();
    /// The watched file was not there at the last look (deleted, moved away, or
    /// a recovered level whose file is gone): the document is only in memory.
    bool fileGone() const { return mKnownGone; }

signals:
    /// The file now holds other bytes than the document was loaded from or
    /// saved as.
    void changedOnDisk(const QString& path);
    /// fileGone() changed: the file went away (deleted, moved away) or is
    /// there again (put back, or written by Save). Also when a document is set
    /// whose file does not exist.
    void goneChanged(const QString& path, bool gone);

private:
    void watch();
    void setGone(bool gone);
    static QByteArray fingerprint(const QString& path, bool* exists);

    QPointer<LevelDocument> mDocument;
    QFileSystemWatcher mWatcher;
    QTimer mSettle;
    QString mPath;
    QByteArray mKnown;       ///< hash of the bytes the document matches; empty = no file
    bool mKnownGone = false; ///< the file's absence was reported already
};

} // namespace ts::editor
