#include "diskwatch.h"

#include "tilesmith/editor/leveldocument.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace ts::editor {

DiskWatch::DiskWatch(QObject* parent) : QObject(parent) {
    mSettle.setSingleShot(true);
    mSettle.setInterval(kSettleMs);
    connect(&mSettle, &QTimer::timeout, this, &DiskWatch::check);
    // An atomic save (the editor's, git's) replaces the file: its watch ends
    // and the folder changes, so both are watched and both lead to a check.
    connect(&mWatcher, &QFileSystemWatcher::fileChanged, this, [this] { mSettle.start(); });
    connect(&mWatcher, &QFileSystemWatcher::directoryChanged, this, [this] { mSettle.start(); });
}

void DiskWatch::setDocument(LevelDocument* document) {
    if (mDocument)
        disconnect(mDocument, nullptr, this, nullptr);
    mDocument = document;
    if (mDocument) {
        // Save As or a recovery names another file: that one is watched now.
        connect(mDocument, &LevelDocument::filePathChanged, this, &DiskWatch::rememberDisk);
    }
    rememberDisk();
}

QByteArray DiskWatch::fingerprint(const QString& path, bool* exists) {
    QFile file(path);
    *exists = file.open(QIODevice::ReadOnly);
    if (!*exists)
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(&file);
    return hash.result();
}

void DiskWatch::rememberDisk() {
    mSettle.stop();
    mPath = mDocument ? mDocument->filePath() : QString();
    bool exists = false;
    mKnown = mPath.isEmpty() ? QByteArray() : fingerprint(mPath, &exists);
    watch();
    setGone(!mPath.isEmpty() && !exists);
}

void DiskWatch::rememberSaved(const QByteArray& bytes) {
    rememberDisk(); // the path, the watch, and the file there again
    if (!mPath.isEmpty())
        mKnown = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
}

bool DiskWatch::changedSinceKnown() const {
    if (mPath.isEmpty() || !mDocument || mDocument->filePath() != mPath)
        return false;
    bool exists = false;
    const QByteArray now = fingerprint(mPath, &exists);
    return exists && !mKnown.isEmpty() && now != mKnown;
}

void DiskWatch::setGone(bool gone) {
    if (gone == mKnownGone)
        return;
    mKnownGone = gone;
    emit goneChanged(mPath, gone);
}

void DiskWatch::watch() {
    const QStringList watched = mWatcher.files() + mWatcher.directories();
    if (!watched.isEmpty())
        mWatcher.removePaths(watched);
    if (mPath.isEmpty())
        return;
    const QFileInfo info(mPath);
    if (info.exists())
        mWatcher.addPath(mPath);
    if (info.dir().exists())
        mWatcher.addPath(info.absolutePath());
}

void DiskWatch::check() {
    if (mPath.isEmpty() || !mDocument || mDocument->filePath() != mPath)
        return;
    bool exists = false;
    const QByteArray now = fingerprint(mPath, &exists);
    // A replaced file is a new inode: watch it again.
    if (exists && !mWatcher.files().contains(mPath))
        mWatcher.addPath(mPath);
    setGone(!exists);
    if (!exists || now == mKnown)
        return;
    mKnown = now; // reported once; the main window reloads or keeps the document's
    emit changedOnDisk(mPath);
}

} // namespace ts::editor
