// The open level's file changed on disk behind the editor's back (a git pull, a
// script, another editor): an unchanged document reloads (the view stays where
// it was), a document with unsaved changes asks (Reload / Keep My Changes), the
// editor's own saves are not a change, a file that does not load leaves the
// document alone, and a deleted file is reported (the title says so, and closing
// asks before the only copy left is dropped). Writes go through QSaveFile,
// as git and editors replace a file.
#include "document/autosave.h"
#include "document/diskwatch.h"
#include "mainwindow_testutil.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/windowextension.h"
#include "widgets/elidedlabel.h"

#include <QApplication>
#include <QDialog>
#include <QSaveFile>
#include <QScrollBar>
#include <QStatusBar>

namespace {

/// Replaces `path` atomically with `level` saved with its name set to `name`.
bool writeLevel(const QString& path, ts::level::Level level, const std::string& name) {
    level.name = name;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(QByteArray::fromStdString(ts::level::saveLevelToString(level)));
    return f.commit();
}

bool writeBytes(const QString& path, const QByteArray& bytes) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(bytes);
    return f.commit();
}

} // namespace

/// A mode that runs in the window as play mode does: it says what the keys do meanwhile.
class HintingMode : public ts::editor::WindowExtension {
    Q_OBJECT
public:
    void setContext(const ts::editor::WindowContext&) override {}
    void run(const QString& hint) { emit modeHintChanged(hint); }
};

class TestDiskChanges : public MainWindowTest {
    Q_OBJECT

    /// Long enough for the watcher's events and its settle time to have passed.
    static void waitOutTheWatch() { QTest::qWait(DiskWatch::kSettleMs * 4); }
    /// The window every case opens, on a fresh copy of the tutorial, a.yaml (`path`).
    std::unique_ptr<MainWindow> openTutorialCopy(ScriptedPrompts** prompts, QString* path) {
        *path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        return openWindow(prompts, *path);
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void anUnchangedLevelReloadsAndKeepsTheView() {
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        w->view()->zoomIn();
        w->view()->zoomIn();
        QScrollBar* bar = w->view()->horizontalScrollBar();
        bar->setValue((bar->minimum() + bar->maximum()) / 2);
        const int scrolled = bar->value();
        const QTransform zoom = w->view()->transform();
        const LevelDocument* before = w->document();

        QVERIFY(writeLevel(path, w->document()->level(), "Pulled from git"));
        QTRY_COMPARE(w->document()->level().name, std::string("Pulled from git"));
        QVERIFY(w->document() != before);
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->filePath(), path);
        QVERIFY(p->asked.isEmpty()); // nothing to lose: no question
        QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("Reloaded a.yaml")));
        QCOMPARE(w->view()->transform(), zoom);
        QCOMPARE(bar->value(), scrolled);
    }

    void theEditorsOwnSaveIsNotAChange() {
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        paintOneTile(w->document(), {10, 10});
        QVERIFY(w->save());
        const LevelDocument* saved = w->document();
        waitOutTheWatch();
        QVERIFY(w->document() == saved); // not reloaded
        QVERIFY(p->asked.isEmpty());
        // Nor is a write of the same bytes (git checking out an unchanged file).
        QVERIFY(writeBytes(path, readAll(path)));
        waitOutTheWatch();
        QVERIFY(w->document() == saved); // not reloaded
        QVERIFY(p->asked.isEmpty());
    }

    void unsavedChangesAskAndCanBeKept() {
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        paintOneTile(w->document(), {10, 10});
        const ts::level::Level mine = w->document()->level();
        p->answers << QMessageBox::No; // Keep My Changes
        QVERIFY(writeLevel(path, mine, "Theirs"));
        QTRY_COMPARE(p->asked.size(), 1);
        QCOMPARE(p->asked.first().title, QStringLiteral("File Changed on Disk"));
        QVERIFY(p->asked.first().text.contains(QStringLiteral("a.yaml")));
        QCOMPARE(p->asked.first().defaultButton, QMessageBox::No); // never lose work by Enter
        QCOMPARE(w->document()->level(), mine);
        QVERIFY(w->document()->isModified());
        // Undone back to the last save, the level still is not the file's (found by
        // tilesmith-monkey: closing did not ask).
        w->document()->undoStack()->undo();
        QVERIFY(w->document()->isModified());
        w->document()->undoStack()->redo();
        // Asked once for that change; Save then replaces the file with the edits.
        waitOutTheWatch();
        QCOMPARE(p->asked.size(), 1);
        QVERIFY(w->save());
        const auto onDisk = ts::level::loadLevelFile(path.toStdString());
        QVERIFY(onDisk.ok());
        QCOMPARE(*onDisk.level, mine);
    }

    void unsavedChangesAskAndCanBeDropped() {
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        const ts::level::Level original = w->document()->level();
        paintOneTile(w->document(), {10, 10});
        p->answers << QMessageBox::Yes; // Reload
        QVERIFY(writeLevel(path, original, "Theirs"));
        QTRY_COMPARE(w->document()->level().name, std::string("Theirs"));
        QCOMPARE(p->asked.size(), 1);
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->level().tile(10, 10), original.tile(10, 10));
    }

    void aFileThatDoesNotLoadLeavesTheLevelAlone() {
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        const ts::level::Level before = w->document()->level();
        QVERIFY(writeBytes(path, "tilesmith: 1\nname: [broken\n"));
        QTRY_VERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("does not load")));
        QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("a.yaml:")));
        QCOMPARE(w->document()->level(), before);
        QVERIFY(p->asked.isEmpty());
        // Fixed on disk: reloaded then.
        QVERIFY(writeLevel(path, before, "Fixed"));
        QTRY_COMPARE(w->document()->level().name, std::string("Fixed"));
    }

    void aDeletedFileIsReported() {
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        const LevelDocument* doc = w->document();
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("deleted or moved")));
        QVERIFY(w->document() == doc);
        QVERIFY(p->asked.isEmpty());
        QVERIFY(w->windowTitle().startsWith(QStringLiteral("a.yaml (not on disk)")));
        // Save writes it again, and the watch goes on.
        QVERIFY(w->save());
        QVERIFY(QFile::exists(path));
        QVERIFY(!w->windowTitle().contains(QStringLiteral("not on disk")));
        QVERIFY(writeLevel(path, w->document()->level(), "Back"));
        QTRY_COMPARE(w->document()->level().name, std::string("Back"));
    }

    void closingALevelWhoseFileIsGoneAsks() {
        // Nothing is unsaved, but the editor holds the only copy left: closing
        // asks, Cancel keeps the window open, Save writes the file back.
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        const ts::level::Level level = w->document()->level();
        QVERIFY(!w->document()->isModified());
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY(w->windowTitle().contains(QStringLiteral("(not on disk)")));
        QVERIFY(!w->close()); // no answer queued: Cancel
        QCOMPARE(p->asked.size(), 1);
        QCOMPARE(p->asked.first().title, QStringLiteral("Level Not on Disk"));
        QVERIFY(p->asked.first().text.contains(QStringLiteral("a.yaml")));
        QCOMPARE(p->asked.first().defaultButton, QMessageBox::Save);
        QVERIFY(!QFile::exists(path));
        p->answers << QMessageBox::Save;
        QVERIFY(w->close());
        const auto onDisk = ts::level::loadLevelFile(path.toStdString());
        QVERIFY(onDisk.ok());
        QCOMPARE(*onDisk.level, level);
    }

    void aLevelWhoseFileIsGoneIsAutosaved() {
        // The editor holds the only copy: it goes to a recovery file at once, as
        // unsaved changes do, for the file's path; Save writes the file and
        // removes the recovery file.
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        const QString recovery = w->autosave()->recoveryPath();
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY(QFile::exists(recovery));
        QCOMPARE(Autosave::originalPathOf(recovery), path);
        const auto kept = Autosave::loadRecovery(recovery);
        QVERIFY(kept.ok());
        QCOMPARE(*kept.level, w->document()->level());
        // Edits and an undo back to the loaded state keep it.
        paintOneTile(w->document(), {10, 10});
        w->document()->undoStack()->undo();
        QVERIFY(!w->document()->isModified());
        QVERIFY(w->autosave()->saveNow());
        QVERIFY(QFile::exists(recovery));
        QVERIFY(w->save());
        QVERIFY(!QFile::exists(recovery));
    }

    void aFilePutBackIsNoLongerMissing() {
        // git stash, git checkout of another branch and back: the same bytes
        // return, and the level closes without a question.
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        f.close();
        QVERIFY(QFile::remove(path));
        QTRY_VERIFY(w->windowTitle().contains(QStringLiteral("(not on disk)")));
        QVERIFY(writeBytes(path, bytes));
        QTRY_VERIFY(!w->windowTitle().contains(QStringLiteral("not on disk")));
        QVERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("on disk again")));
        QVERIFY(w->close());
        QVERIFY(p->asked.isEmpty());
    }

    void notUnderAnOpenDialog() {
        // Level Properties edits the document it was opened on: a reload waits
        // until the dialog is closed.
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        const LevelDocument* doc = w->document();
        QDialog dialog(w.get());
        dialog.setModal(true);
        dialog.show();
        QVERIFY(QApplication::activeModalWidget() == &dialog);
        QVERIFY(writeLevel(path, w->document()->level(), "While the dialog was open"));
        waitOutTheWatch();
        QVERIFY(w->document() == doc);
        dialog.close();
        QTRY_COMPARE(w->document()->level().name, std::string("While the dialog was open"));
    }

    void notDuringPlay() {
        // Play (or a watched replay) sets the mode hint: a reload would end the
        // session, so the change waits for Stop.
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        HintingMode mode;
        w->addExtension(&mode);
        const LevelDocument* doc = w->document();
        mode.run(QStringLiteral("Playing"));
        QCOMPARE(w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"))->text(),
                 QStringLiteral("Playing"));
        QVERIFY(writeLevel(path, w->document()->level(), "While playing"));
        QTRY_VERIFY(w->statusBar()->currentMessage().contains(QStringLiteral("when play stops")));
        waitOutTheWatch();
        QVERIFY(w->document() == doc);
        mode.run(QString());
        QTRY_COMPARE(w->document()->level().name, std::string("While playing"));
    }

    void saveAsWatchesTheNewFile() {
        ScriptedPrompts* p = nullptr;
        QString path;
        auto w = openTutorialCopy(&p, &path);
        QVERIFY(w);
        const QString other = work(QStringLiteral("b.yaml"));
        QVERIFY(w->saveAs(other));
        QVERIFY(writeLevel(path, w->document()->level(), "Old file"));
        waitOutTheWatch();
        QVERIFY(w->document()->level().name != "Old file");
        QVERIFY(writeLevel(other, w->document()->level(), "New file"));
        QTRY_COMPARE(w->document()->level().name, std::string("New file"));
    }
};

QTEST_MAIN(TestDiskChanges)
#include "test_diskchanges.moc"
