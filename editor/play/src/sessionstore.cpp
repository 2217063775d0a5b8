#include "sessionstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimeZone>

#include <algorithm>

namespace ts::play {

namespace {

QString& rootOverride() {
    static QString dir;
    return dir;
}

const QString kStamp = QStringLiteral("yyyyMMdd-HHmmss-zzz");
const QString kPrefix = QStringLiteral("session-");

/// "session-20261123-181745-123" -> that time (UTC); invalid for other names.
QDateTime dateOfName(const QString& baseName) {
    if (!baseName.startsWith(kPrefix))
        return {};
    const QDateTime d = QDateTime::fromString(baseName.mid(kPrefix.size(), kStamp.size()), kStamp);
    return d.isValid() ? QDateTime(d.date(), d.time(), QTimeZone::utc()) : QDateTime();
}

} // namespace

QString SessionStore::root() {
    if (!rootOverride().isEmpty())
        return rootOverride();
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/sessions");
}

void SessionStore::setRootOverride(const QString& dir) {
    rootOverride() = dir;
}

QString SessionStore::canonical(const QString& path) {
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QFileInfo(path).absoluteFilePath() : c;
}

QString SessionStore::folderFor(const QString& levelPath) {
    const QByteArray hash =
        QCryptographicHash::hash(canonical(levelPath).toUtf8(), QCryptographicHash::Sha256);
    return root() + QLatin1Char('/') + QString::fromLatin1(hash.toHex().left(16));
}

QStringList SessionStore::filesIn(const QString& folder) {
    const QDir dir(folder);
    QStringList names = dir.entryList({kPrefix + QStringLiteral("*.tsreplay")}, QDir::Files);
    // The stamps sort by time; a "-N" suffix (same millisecond) is the later one.
    std::sort(names.begin(), names.end(), [](const QString& a, const QString& b) {
        return QFileInfo(a).completeBaseName() > QFileInfo(b).completeBaseName();
    });
    for (QString& n : names)
        n = dir.filePath(n);
    return names;
}

std::vector<SessionStore::Kept> SessionStore::load(const QString& folder, const QString& levelPath,
                                                   QStringList* unreadable,
                                                   const std::function<bool()>& cancelled) {
    const QString level = canonical(levelPath);
    std::vector<Kept> kept;
    for (const QString& path : filesIn(folder)) {
        if (int(kept.size()) >= kKept || (cancelled && cancelled()))
            break;
        // Stopped inside the file, which may be long (the reader's limit is 64 MiB).
        ts::level::ReplayLoadResult r =
            ts::level::loadReplayFile(path.toStdString(), {}, cancelled);
        if (cancelled && cancelled())
            break;
        if (!r.ok()) {
            // Gone since it was listed (a write running beside pruned it): not unreadable.
            if (unreadable && QFileInfo::exists(path))
                *unreadable << path;
            continue;
        }
        const QString named =
            QString::fromStdString(ts::level::replayLevelPath(*r.replay, path.toStdString()));
        if (canonical(named) != level)
            continue; // another level with the same 16 hex digits
        QDateTime date = dateOfName(QFileInfo(path).completeBaseName());
        if (!date.isValid())
            date = QFileInfo(path).lastModified().toUTC();
        kept.push_back({std::move(*r.replay), date, path});
    }
    return kept;
}

QStringList SessionStore::unreadable(const QString& folder, const QStringList& known,
                                     const std::function<bool()>& cancelled) {
    QStringList out;
    for (const QString& path : filesIn(folder)) {
        if (cancelled && cancelled())
            break;
        if (known.contains(path))
            continue;
        const bool loads = ts::level::loadReplayFile(path.toStdString(), {}, cancelled).ok();
        if (cancelled && cancelled())
            break; // stopped inside the file: not known to be unreadable
        if (!loads && QFileInfo::exists(path)) // gone since it was listed: pruned, not unreadable
            out << path;
    }
    return out;
}

bool SessionStore::remove(const QString& path, QString* error) {
    QFile file(path);
    if (file.remove() || !QFileInfo::exists(path))
        return true;
    if (error)
        *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return false;
}

QString SessionStore::pathFor(const QString& levelPath, const QDateTime& date,
                              const QStringList& taken) {
    const QString base =
        folderFor(levelPath) + QLatin1Char('/') + kPrefix + date.toUTC().toString(kStamp);
    QString path = base + QStringLiteral(".tsreplay");
    for (int n = 2; QFileInfo::exists(path) || taken.contains(path); ++n)
        path = base + QStringLiteral("-%1.tsreplay").arg(n);
    return path;
}

bool SessionStore::write(const QString& path, const QString& levelPath, ts::level::Replay replay,
                         QString* error) {
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder)) {
        if (error)
            *error = QCoreApplication::translate("SessionStore", "cannot create the folder %1")
                         .arg(QDir::toNativeSeparators(folder));
        return false;
    }
    // Absolute: the file is far from its level.
    replay.levelPath = canonical(levelPath).toStdString();
    std::string message;
    if (!ts::level::saveReplayFile(replay, path.toStdString(), &message)) {
        if (error)
            *error = QString::fromStdString(message);
        return false;
    }
    const QStringList all = filesIn(folder);
    for (qsizetype i = kKept; i < all.size(); ++i)
        QFile::remove(all[i]);
    return true;
}

} // namespace ts::play
