// The one atomic writer (tilesmith/level/atomicfile.h) that levels, replays, recovery
// files, TMX exports and the command line's outputs go through: the file on disk is the
// old or the new complete version, permission bits and symbolic links survive, and every
// failure leaves no temporary file behind.
#include "tilesmith/level/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using ts::level::AtomicFile;
using ts::level::FileFault;
using ts::level::setFileFault;
using ts::level::writeFileAtomically;

namespace {

std::string readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<unreadable>";
    return f.readAll().toStdString();
}

mode_t modeOf(const QString& path) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode & 07777 : 0;
}

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot |
                               QDir::System);
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
private slots:
    void writesInPiecesAndReplacesOnCommit() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(writeFileAtomically(path.toStdString(), "old\n"));
        AtomicFile f(path.toStdString());
        QVERIFY(f.open());
        QVERIFY(f.write("new "));
        QVERIFY(f.write("text\n"));
        // Until commit() the old file is what a reader sees, beside one temporary file.
        QCOMPARE(readAll(path), std::string("old\n"));
        QCOMPARE(entries(dir.path()).size(), 2);
        QVERIFY(f.commit());
        QCOMPARE(readAll(path), std::string("new text\n"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("a.txt")});
    }

    void droppedWithoutCommitLeavesTheOldFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(writeFileAtomically(path.toStdString(), "old\n"));
        {
            AtomicFile f(path.toStdString());
            QVERIFY(f.open());
            QVERIFY(f.write("half"));
        }
        QCOMPARE(readAll(path), std::string("old\n"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("a.txt")});
        AtomicFile g(path.toStdString());
        QVERIFY(g.open());
        QVERIFY(g.write("half"));
        g.cancel();
        QVERIFY(!g.commit()); // nothing to commit after cancel()
        QCOMPARE(readAll(path), std::string("old\n"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("a.txt")});
    }

    void keepsPermissionBitsAndGivesNewFilesTheUmasks() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        const mode_t mask = ::umask(022);
        ::umask(mask);
        // A new file gets what open() would give it, not mkstemp()'s 0600.
        QVERIFY(writeFileAtomically(path.toStdString(), "x"));
        QCOMPARE(modeOf(path), mode_t(0666 & ~mask));
        for (const mode_t mode : {mode_t(0640), mode_t(0604), mode_t(0600)}) {
            QVERIFY(::chmod(QFile::encodeName(path).constData(), mode) == 0);
            std::string error;
            QVERIFY2(writeFileAtomically(path.toStdString(), "z", &error), error.c_str());
            QCOMPARE(modeOf(path), mode);
        }
    }

    void aReadOnlyFileIsRefusedExceptToRoot() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(writeFileAtomically(path.toStdString(), "old"));
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0444) == 0);
        std::string error;
        const bool ok = writeFileAtomically(path.toStdString(), "new", &error);
        if (::geteuid() == 0) {
            QVERIFY2(ok, error.c_str());
            QCOMPARE(modeOf(path), mode_t(0444));
            QCOMPARE(readAll(path), std::string("new"));
        } else {
            QVERIFY(!ok);
            QCOMPARE(error, "cannot write " + path.toStdString() + ": Permission denied");
            QCOMPARE(readAll(path), std::string("old"));
        }
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("a.txt")});
    }

    void aSymbolicLinkStaysALink() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("real")));
        const QString target = dir.filePath(QStringLiteral("real/level.yaml"));
        const QString link = dir.filePath(QStringLiteral("level.yaml"));
        QVERIFY(writeFileAtomically(target.toStdString(), "old"));
        QVERIFY(QFile::link(QStringLiteral("real/level.yaml"), link));
        QVERIFY(writeFileAtomically(link.toStdString(), "new"));
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(target), std::string("new"));
        QCOMPARE(entries(dir.filePath(QStringLiteral("real"))),
                 QStringList{QStringLiteral("level.yaml")});
    }

    void failuresSayWhyAndLeaveNothing_data() {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no such folder") << "missing/a.txt"
                                        << "No such file or directory";
        QTest::newRow("parent is a file") << "file/a.txt"
                                          << "Not a directory";
        QTest::newRow("a folder") << "folder"
                                  << "Is a directory";
    }
    void failuresSayWhyAndLeaveNothing() {
        QFETCH(QString, relative);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QVERIFY(writeFileAtomically(dir.filePath(QStringLiteral("file")).toStdString(), "f"));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder")));
        const QStringList before = entries(dir.path());
        AtomicFile f(dir.filePath(relative).toStdString());
        QVERIFY(!f.open());
        QCOMPARE(QString::fromStdString(f.errorReason()), reason);
        QVERIFY2(f.errorMessage().find(dir.filePath(relative).toStdString()) != std::string::npos,
                 f.errorMessage().c_str());
        QVERIFY(!f.write("x"));
        QVERIFY(!f.commit());
        QCOMPARE(QString::fromStdString(f.errorReason()), reason); // the first reason stays
        QCOMPARE(entries(dir.path()), before);
        QVERIFY(QDir(dir.filePath(QStringLiteral("folder"))).isEmpty());
    }

    void aFullDiskKeepsTheOldFile() {
        // /dev/full fails every write with ENOSPC; a file system that fills up mid-save
        // fails the same way, at write() or at fsync().
        if (!QFile::exists(QStringLiteral("/dev/full")))
            QSKIP("no /dev/full");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(writeFileAtomically(path.toStdString(), "old"));
        AtomicFile f(path.toStdString());
        QVERIFY(f.open());
        // Point the temporary file's descriptor at /dev/full for the write.
        const int full = ::open("/dev/full", O_WRONLY | O_CLOEXEC);
        QVERIFY(full >= 0);
        bool replaced = false;
        for (int fd = 3; fd < 1024 && !replaced; ++fd) {
            char link[64];
            char where[4096];
            std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
            const ssize_t n = ::readlink(link, where, sizeof where - 1);
            if (n <= 0)
                continue;
            where[n] = 0;
            if (std::string(where).find(".tmp-") != std::string::npos && fd != full)
                replaced = ::dup2(full, fd) == fd;
        }
        ::close(full);
        QVERIFY(replaced);
        QVERIFY(!f.write("new"));
        QCOMPARE(QString::fromStdString(f.errorReason()),
                 QStringLiteral("No space left on device"));
        QCOMPARE(readAll(path), std::string("old"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("a.txt")});
    }

    // An injected fault fails its step as the system would, also for root, and leaves
    // the old file and nothing else; other paths are not touched.
    void injectedFaultsKeepTheOldFile_data() {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("error");
        QTest::addColumn<int>("first");
        QTest::addColumn<QString>("reason");
        QTest::newRow("read-only folder")
            << int(FileFault::Step::Create) << EACCES << 0 << QStringLiteral("Permission denied");
        QTest::newRow("disk full at once") << int(FileFault::Step::Write) << ENOSPC << 0
                                           << QStringLiteral("No space left on device");
        QTest::newRow("disk full half way") << int(FileFault::Step::Write) << ENOSPC << 5
                                            << QStringLiteral("No space left on device");
        QTest::newRow("flush") << int(FileFault::Step::Flush) << EIO << 0
                               << QStringLiteral("Input/output error");
        QTest::newRow("rename") << int(FileFault::Step::Rename) << EXDEV << 0
                                << QStringLiteral("Invalid cross-device link");
    }
    void injectedFaultsKeepTheOldFile() {
        QFETCH(int, step);
        QFETCH(int, error);
        QFETCH(int, first);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        const QString other = dir.filePath(QStringLiteral("b.txt"));
        QVERIFY(writeFileAtomically(path.toStdString(), "old"));
        FileFault fault;
        fault.step = FileFault::Step(step);
        fault.error = error;
        fault.writtenFirst = std::size_t(first);
        fault.pathContains = "a.txt";
        setFileFault(fault);
        std::string why;
        const bool ok = writeFileAtomically(path.toStdString(), "the new text", &why);
        const bool otherOk = writeFileAtomically(other.toStdString(), "b");
        setFileFault(std::nullopt);
        QVERIFY(!ok);
        QVERIFY2(QString::fromStdString(why).endsWith(reason), why.c_str());
        QCOMPARE(readAll(path), std::string("old"));
        QVERIFY(otherOk);
        QCOMPARE(entries(dir.path()),
                 (QStringList{QStringLiteral("a.txt"), QStringLiteral("b.txt")}));
        // Cleared, the same write goes through.
        QVERIFY(writeFileAtomically(path.toStdString(), "the new text"));
        QCOMPARE(readAll(path), std::string("the new text"));
    }

    // A file replaced by another program just before the rename: the rename wins, and
    // the file is this write's, complete.
    void aFileReplacedMeanwhileEndsAsTheNewVersion() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(writeFileAtomically(path.toStdString(), "old"));
        FileFault fault;
        fault.step = FileFault::Step::Rename;
        fault.error = 0;
        int calls = 0;
        fault.before = [&calls](const std::string& p) {
            ++calls;
            QFile f(QString::fromStdString(p));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write("theirs");
        };
        setFileFault(fault);
        const bool ok = writeFileAtomically(path.toStdString(), "mine");
        setFileFault(std::nullopt);
        QVERIFY(ok);
        QCOMPARE(calls, 1);
        QCOMPARE(readAll(path), std::string("mine"));
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("a.txt")});
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "test_atomicfile.moc"
