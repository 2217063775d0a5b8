#include "autosave.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/level/atomicfile.h"
#include "tilesmith/level/levelio.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>

namespace ts::editor {

namespace {
// The first line of a recovery file names the document it belongs to; the rest
// is the level in the ordinary format, so the normal loader reads it (a YAML
// comment is ignored).
constexpr char kHeader[] = "# tilesmith recovery of: ";

QString& directoryOverride() {
    static QString dir;
    return dir;
}
} // namespace

Autosave::Autosave(QObject* parent) : QObject(parent) {
    mTimer.setInterval(kDefaultIntervalMs);
    connect(&mTimer, &QTimer::timeout, this, [this] { saveNow(); });
}

Autosave::~Autosave() = default; // releases the lock; the file stays (see setDocument)

void Autosave::setDocument(LevelDocument* document) {
    if (mDocument)
        disconnect(mDocument, nullptr, this, nullptr);
    mDocument = document;
    // The old document's recovery file (if any) stays, unlocked: like a crash,
    // unless discard() was called.
    mLastWritten.clear();
    mLock.reset();
    mTimer.stop();
    mFileGone = false;
    if (!mDocument)
        return;
    connect(mDocument, &LevelDocument::modifiedChanged, this, &Autosave::onModifiedChanged);
    connect(mDocument, &LevelDocument::filePathChanged, this, [this] {
        // The key follows the path: drop the file written under the old key.
        if (!mLastWritten.isEmpty() && mLastWritten != recoveryPath())
            discard();
    });
    onModifiedChanged(mDocument->isModified());
}

void Autosave::setInterval(int ms) {
    mTimer.setInterval(ms);
}

void Autosave::setFileGone(bool gone) {
    if (gone == mFileGone)
        return;
    mFileGone = gone;
    if (gone)
        saveNow(); // nothing will change to start the timer: the copy is written now
    onModifiedChanged(mDocument && mDocument->isModified());
}

void Autosave::onModifiedChanged(bool modified) {
    if (mFileGone) {
        // Its file is gone: the recovery file stays, and edits keep it current.
        if (modified && !mTimer.isActive())
            mTimer.start();
        return;
    }
    if (modified) {
        if (!mTimer.isActive())
            mTimer.start();
    } else {
        // Saved (or undone back to the saved state): nothing to recover.
        mTimer.stop();
        discard();
    }
}

QString Autosave::directory() {
    if (!directoryOverride().isEmpty())
        return directoryOverride();
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery");
}

void Autosave::setDirectoryOverride(const QString& dir) {
    directoryOverride() = dir;
}

QString Autosave::keyFor(const QString& documentPath) {
    if (documentPath.isEmpty())
        return QStringLiteral("untitled-%1").arg(QCoreApplication::applicationPid());
    const QString absolute = QFileInfo(documentPath).absoluteFilePath();
    const QByteArray hash =
        QCryptographicHash::hash(absolute.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    // The base name keeps the folder readable for a person looking into it.
    return QFileInfo(documentPath).completeBaseName() + QLatin1Char('-') +
           QString::fromLatin1(hash);
}

QString Autosave::basePath() const {
    const QString path = mDocument ? mDocument->filePath() : QString();
    return directory() + QLatin1Char('/') + keyFor(path) + QStringLiteral(".yaml");
}

namespace {
/// "<dir>/<key>.yaml" -> "<dir>/<key>-<n>.yaml".
QString variant(const QString& base, int n) {
    if (n <= 1)
        return base;
    return base.left(base.size() - 5) + QStringLiteral("-%1.yaml").arg(n);
}
constexpr int kMaxVariants = 64;
} // namespace

QString Autosave::recoveryPath() const {
    const QString base = basePath();
    // The file this session holds for the document, if it holds one.
    for (int n = 1; n <= kMaxVariants && !mLastWritten.isEmpty(); ++n) {
        if (mLastWritten == variant(base, n))
            return mLastWritten;
    }
    return base;
}

bool Autosave::fail(const QString& reason) {
    mLastError = reason;
    emit failed(reason);
    return false;
}

bool Autosave::saveNow() {
    if (!mDocument)
        return true;
    if (!mDocument->isModified() && !mFileGone) {
        discard();
        return true;
    }
    const QString dir = QFileInfo(basePath()).absolutePath();
    if (!QDir().mkpath(dir))
        return fail(
            tr("Autosave failed: cannot create the folder %1").arg(QDir::toNativeSeparators(dir)));
    const QString path = claim();
    if (path.isEmpty())
        return fail(tr("Autosave failed: cannot lock a recovery file in %1")
                        .arg(QDir::toNativeSeparators(dir)));
    // A recovery file made private (0600) stays so: it holds the user's unsaved work.
    QByteArray data = QByteArray(kHeader) + mDocument->filePath().toUtf8() + '\n';
    data += QByteArray::fromStdString(ts::level::saveLevelToString(mDocument->level()));
    std::string why;
    if (!ts::level::writeFileAtomically(
            QFile::encodeName(path).toStdString(),
            std::string_view(data.constData(), std::size_t(data.size())), &why))
        return fail(tr("Autosave failed: %1").arg(QString::fromLocal8Bit(why.c_str())));
    mLastError.clear();
    emit saved(path);
    return true;
}

void Autosave::discard() {
    // Only what this session wrote: a recovery file left by a crashed session
    // for the same path stays until the user decides about it.
    if (!mLastWritten.isEmpty())
        QFile::remove(mLastWritten);
    mLastWritten.clear();
    mLock.reset(); // unlocks and removes the lock file
}

QString Autosave::claim() {
    const QString base = basePath();
    const QString current = recoveryPath();
    if (mLock && mLock->isLocked() && mLastWritten == current)
        return current;
    discard(); // a file held under an old key
    for (int n = 1; n <= kMaxVariants; ++n) {
        const QString path = variant(base, n);
        auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
        // Stale only when the owner process is gone, never by age: a session may
        // keep a document open for days.
        lock->setStaleLockTime(0);
        if (!lock->tryLock(0))
            continue; // another window or process autosaves this level there
        mLock = std::move(lock);
        mLastWritten = path;
        return path;
    }
    return {};
}

QString Autosave::originalPathOf(const QString& recoveryPath) {
    QFile file(recoveryPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray first = file.readLine().trimmed();
    const QByteArray header = QByteArray(kHeader).trimmed();
    if (!first.startsWith(header))
        return {};
    return QString::fromUtf8(first.mid(header.size())).trimmed();
}

ts::level::LoadResult Autosave::loadRecovery(const QString& recoveryPath) {
    ts::level::LoadResult result;
    QFile file(recoveryPath);
    if (!file.open(QIODevice::ReadOnly)) {
        result.errors.push_back(
            {recoveryPath.toStdString(), 0, 0, file.errorString().toStdString()});
        return result;
    }
    QByteArray data = file.readAll();
    if (data.startsWith(QByteArray(kHeader).trimmed())) {
        // What follows the header is the level exactly as a save would write it.
        const qsizetype eol = data.indexOf('\n');
        data.remove(0, eol < 0 ? data.size() : eol + 1);
    }
    return ts::level::loadLevelDraftFromString(data.toStdString(), recoveryPath.toStdString());
}

std::vector<RecoveryFile> Autosave::pendingRecoveries() {
    std::vector<RecoveryFile> result;
    const QDir dir(directory());
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*.yaml")}, QDir::Files);
    for (const QFileInfo& info : files) {
        QLockFile lock(info.absoluteFilePath() + QStringLiteral(".lock"));
        lock.setStaleLockTime(0);
        if (!lock.tryLock(0))
            continue; // a running session's file
        lock.unlock();
        RecoveryFile r;
        r.recoveryPath = info.absoluteFilePath();
        r.originalPath = originalPathOf(r.recoveryPath);
        r.saved = info.lastModified();
        result.push_back(r);
    }
    std::sort(result.begin(), result.end(),
              [](const RecoveryFile& a, const RecoveryFile& b) { return a.saved > b.saved; });
    return result;
}

} // namespace ts::editor
