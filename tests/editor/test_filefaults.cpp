// File faults while a designer saves, with nothing lost: a full disk (at once, half way,
// at the flush), a folder that cannot be written, a rename refused, a folder that went
// away, a file another program changed or replaced, an autosave folder that cannot be
// written. Each gives a clear message, keeps the document and its undo history, and
// leaves on disk the old or the new complete file (faults injected with
// ts::level::setFileFault(), so they hold also for root).
#include "document/diskwatch.h"
#include "mainwindow_testutil.h"
#include "tilesmith/level/atomicfile.h"

#include <QDir>
#include <QScopeGuard>

#include <cerrno>

using ts::level::FileFault;

namespace {

/// What a failed save must not change.
struct Snapshot {
    QByteArray disk;
    std::string level;
    int undoIndex = 0;
    int undoCount = 0;

    static Snapshot of(MainWindow* w, const QString& path) {
        return {readAll(path), ts::level::saveLevelToString(w->document()->level()),
                w->document()->undoStack()->index(), w->document()->undoStack()->count()};
    }
};

QStringList filesIn(const QString& dir) {
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

} // namespace

class TestFileFaults : public MainWindowTest {
    Q_OBJECT

    /// A solid tile painted with the Brush at tile (8, 3) of the tutorial (empty there).
    static void paint(MainWindow* w, QPoint tile = {8, 3}) {
        QTest::keyClick(viewport(w), Qt::Key_B);
        QTest::mouseClick(viewport(w), Qt::LeftButton, {}, tilePoint(w, tile));
    }
    static void pressSave(MainWindow* w) {
        QTest::keyClick(viewport(w), Qt::Key_S, Qt::ControlModifier);
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() {
        ts::level::setFileFault(std::nullopt);
        tearDownTest();
    }

    void aFailedSaveKeepsEverything_data() {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("error");
        QTest::addColumn<int>("first");
        QTest::addColumn<QString>("reason");
        QTest::newRow("disk full at once") << int(FileFault::Step::Write) << ENOSPC << 0
                                           << QStringLiteral("No space left on device");
        QTest::newRow("disk full half way") << int(FileFault::Step::Write) << ENOSPC << 700
                                            << QStringLiteral("No space left on device");
        QTest::newRow("disk full at the flush") << int(FileFault::Step::Flush) << ENOSPC << 0
                                                << QStringLiteral("No space left on device");
        QTest::newRow("read-only folder")
            << int(FileFault::Step::Create) << EACCES << 0 << QStringLiteral("Permission denied");
        QTest::newRow("rename refused") << int(FileFault::Step::Rename) << EBUSY << 0
                                        << QStringLiteral("Device or resource busy");
    }
    void aFailedSaveKeepsEverything() {
        QFETCH(int, step);
        QFETCH(int, error);
        QFETCH(int, first);
        QFETCH(QString, reason);
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const QString path = w->document()->filePath();
        paint(w.get());
        QVERIFY(w->document()->isModified());
        const Snapshot before = Snapshot::of(w.get(), path);

        FileFault fault;
        fault.step = FileFault::Step(step);
        fault.error = error;
        fault.writtenFirst = std::size_t(first);
        fault.pathContains = "tutorial.yaml";
        ts::level::setFileFault(fault);
        pressSave(w.get());

        // Said: what failed, that the file is unchanged, and the system's reason.
        QCOMPARE(prompts->asked.size(), 1);
        const WindowPrompts::Message& m = prompts->asked.first();
        QCOMPARE(m.icon, QMessageBox::Warning);
        QCOMPARE(m.title, QStringLiteral("Save Failed"));
        QVERIFY2(m.text.contains(QStringLiteral("not changed")), qPrintable(m.text));
        QVERIFY2(m.informativeText.endsWith(reason), qPrintable(m.informativeText));
        // Kept: the old file whole and alone, the document, its history, its "unsaved".
        const Snapshot after = Snapshot::of(w.get(), path);
        QCOMPARE(after.disk, before.disk);
        QCOMPARE(after.level, before.level);
        QCOMPARE(after.undoIndex, before.undoIndex);
        QCOMPARE(after.undoCount, before.undoCount);
        QVERIFY(w->document()->isModified());
        QVERIFY(w->windowTitle().contains(QLatin1Char('*')));
        QCOMPARE(filesIn(mWork->path()), QStringList{QStringLiteral("tutorial.yaml")});

        // The fault gone, the same Ctrl+S saves the whole level, and undo still works.
        ts::level::setFileFault(std::nullopt);
        pressSave(w.get());
        QCOMPARE(prompts->asked.size(), 1);
        QCOMPARE(readAll(path).toStdString(), before.level);
        QVERIFY(!w->document()->isModified());
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(readAll(path).toStdString(), before.level);
        QVERIFY(w->document()->isModified());
        QCOMPARE(w->document()->undoStack()->index(), before.undoIndex - 1);
        w->document()->undoStack()->setClean();
    }

    // Save As into a full disk: the document keeps its own file and stays unsaved, and
    // nothing is left at the new name.
    void saveAsIntoAFullDiskKeepsTheDocumentsFile() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const QString path = w->document()->filePath();
        paint(w.get());
        const Snapshot before = Snapshot::of(w.get(), path);
        QVERIFY(QDir(mWork->path()).mkdir(QStringLiteral("other")));
        prompts->savePath = work(QStringLiteral("other/copy.yaml"));
        FileFault fault;
        fault.pathContains = "copy.yaml";
        ts::level::setFileFault(fault);
        QVERIFY(!w->saveAs());
        QCOMPARE(prompts->asked.size(), 1);
        QVERIFY(prompts->asked.first().informativeText.endsWith(
            QStringLiteral("No space left on device")));
        QCOMPARE(w->document()->filePath(), path);
        QVERIFY(w->document()->isModified());
        QCOMPARE(Snapshot::of(w.get(), path).disk, before.disk);
        QVERIFY(filesIn(work(QStringLiteral("other"))).isEmpty());
        w->document()->undoStack()->setClean();
    }

    // The level's folder deleted while it is open (a branch switched, a drive gone):
    // Save says so and keeps the level; Save As elsewhere writes it.
    void aFolderThatWentAwayKeepsTheLevel() {
        QVERIFY(QDir(mWork->path()).mkdir(QStringLiteral("levels")));
        const QString path = work(QStringLiteral("levels/tutorial.yaml"));
        QVERIFY(QFile::copy(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"),
                            path));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, path);
        QVERIFY(w);
        paint(w.get());
        const Snapshot before = Snapshot::of(w.get(), path);
        QVERIFY(QDir(work(QStringLiteral("levels"))).removeRecursively());
        pressSave(w.get());
        QCOMPARE(prompts->asked.size(), 1);
        QCOMPARE(prompts->asked.first().title, QStringLiteral("Save Failed"));
        QVERIFY2(prompts->asked.first().informativeText.contains(
                     QStringLiteral("No such file or directory")),
                 qPrintable(prompts->asked.first().informativeText));
        QCOMPARE(Snapshot::of(w.get(), path).level, before.level);
        QCOMPARE(w->document()->undoStack()->count(), before.undoCount);
        QVERIFY(w->document()->isModified());

        ts::level::Level level = w->document()->level();
        prompts->savePath = work(QStringLiteral("saved.yaml"));
        QVERIFY(w->saveAs());
        const ts::level::Level& saved = w->document()->level();
        QCOMPARE(readAll(work(QStringLiteral("saved.yaml"))).toStdString(),
                 ts::level::saveLevelToString(saved));
        // The same level, its tileset images named from the new folder.
        for (std::size_t i = 0; i < level.tilesets.size(); ++i)
            level.tilesets[i].image = saved.tilesets[i].image;
        QCOMPARE(ts::level::saveLevelToString(level), ts::level::saveLevelToString(saved));
        QVERIFY(!w->document()->isModified());
    }

    // Another program wrote the file a moment before Ctrl+S (the watch's settle time,
    // or during play): Save asks before writing over it; Cancel keeps their file and
    // the document's changes.
    void aFileChangedJustBeforeSaveIsNotOverwrittenUnasked() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const QString path = w->document()->filePath();
        paint(w.get());
        const std::string mine = ts::level::saveLevelToString(w->document()->level());
        QByteArray theirs = readAll(path);
        theirs.replace("name:", "# a teammate's edit\nname:");
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(theirs);
        }
        prompts->answers = {QMessageBox::Cancel};
        pressSave(w.get());
        QCOMPARE(prompts->asked.size(), 1);
        QCOMPARE(prompts->asked.first().title, QStringLiteral("File Changed on Disk"));
        QCOMPARE(prompts->asked.first().defaultButton, QMessageBox::Cancel);
        QCOMPARE(readAll(path), theirs);
        QVERIFY(w->document()->isModified());
        QCOMPARE(ts::level::saveLevelToString(w->document()->level()), mine);

        prompts->answers = {QMessageBox::Save};
        pressSave(w.get());
        QCOMPARE(prompts->asked.size(), 2);
        QCOMPARE(readAll(path).toStdString(), mine);
        QVERIFY(!w->document()->isModified());
        // Saved over: no question about it afterwards.
        QTest::qWait(DiskWatch::kSettleMs * 3);
        QCOMPARE(prompts->asked.size(), 2);
    }

    // A program that replaces the file right after the editor's save is noticed: the
    // watch remembers the bytes written, not what the file holds when it looks.
    void aFileReplacedRightAfterTheSaveIsNoticed() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const QString path = w->document()->filePath();
        auto* watch = w->findChild<DiskWatch*>();
        QVERIFY(watch);
        QSignalSpy changed(watch, &DiskWatch::changedOnDisk);
        paint(w.get());
        const QByteArray written =
            QByteArray::fromStdString(ts::level::saveLevelToString(w->document()->level()));
        QByteArray theirs = readAll(path);
        theirs.replace("name:", "# written by a script\nname:");
        QVERIFY(theirs != written);
        {
            QFile f(path); // as if it landed between the save's rename and its look
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(theirs);
        }
        watch->rememberSaved(written);
        QVERIFY(watch->changedSinceKnown());
        watch->check();
        QCOMPARE(changed.count(), 1);
        w->document()->undoStack()->setClean();
    }

    // An autosave folder that cannot be made says so in the status bar until autosave
    // works again; the document is untouched. A full disk under the recovery file keeps
    // the last complete recovery file.
    void anAutosaveFolderThatCannotBeWrittenIsReported() {
        const QString normal = Autosave::directory();
        const auto restore = qScopeGuard([normal] { Autosave::setDirectoryOverride(normal); });
        // A file where the folder should be: refused for root too.
        const QString blocker = work(QStringLiteral("blocker"));
        {
            QFile f(blocker);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        Autosave::setDirectoryOverride(blocker + QStringLiteral("/recovery"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        paint(w.get());
        const Snapshot before = Snapshot::of(w.get(), w->document()->filePath());
        QVERIFY(!w->autosave()->saveNow());
        QVERIFY2(w->statusBar()->currentMessage().startsWith(QStringLiteral("Autosave failed")),
                 qPrintable(w->statusBar()->currentMessage()));
        QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("blocker")));
        const Snapshot after = Snapshot::of(w.get(), w->document()->filePath());
        QCOMPARE(after.level, before.level);
        QCOMPARE(after.undoCount, before.undoCount);
        QCOMPARE(after.disk, before.disk);
        QVERIFY(prompts->asked.isEmpty()); // a status message, not a dialog every minute

        // A folder that works: the recovery file is written and the failure taken back.
        Autosave::setDirectoryOverride(work(QStringLiteral("recovery")));
        QVERIFY(w->autosave()->saveNow());
        const QString recovery = w->autosave()->recoveryPath();
        const QByteArray complete = readAll(recovery);
        QVERIFY(!complete.isEmpty());
        QCOMPARE(w->statusBar()->currentMessage(), QStringLiteral("Autosave works again."));

        // The disk fills: the next autosave fails, the last recovery file stays whole.
        paint(w.get(), {9, 3});
        FileFault fault;
        fault.writtenFirst = 100;
        fault.pathContains = "/recovery/";
        ts::level::setFileFault(fault);
        QVERIFY(!w->autosave()->saveNow());
        QVERIFY(
            w->statusBar()->currentMessage().endsWith(QStringLiteral("No space left on device")));
        QCOMPARE(readAll(recovery), complete);
        QCOMPARE(filesIn(work(QStringLiteral("recovery"))).filter(QStringLiteral(".tmp-")),
                 QStringList());
        const ts::level::LoadResult loaded = Autosave::loadRecovery(recovery);
        QVERIFY(loaded.ok());
        w->document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestFileFaults)
#include "test_filefaults.moc"
