// Autosave and recovery through the main window, every dialog answered by the
// test: the recovery file is written while changes are unsaved and never touches
// the level, the next start offers it (Restore, Discard, Not Now), a clean close
// or an undo back to the saved state removes it, and a recovery names its level by
// an absolute path wherever the sessions were started; a recovery is a step in the
// History over the file on disk (or an empty level), and the status bar says so.
#include "mainwindow_testutil.h"

#include <QLocale>
#include <QScopeGuard>
#include <QStatusBar>
#include <QUndoView>

#include <algorithm>

class TestMainWindowRecovery : public MainWindowTest {
    Q_OBJECT

    /// An untitled window with one unsaved tile, autosaved now (null if the
    /// recovery file was not written).
    std::unique_ptr<MainWindow> windowWithRecoveryFile(ScriptedPrompts** prompts) {
        auto w = makeWindow(prompts);
        paintOneTile(w->document());
        if (!w->autosave()->saveNow() || !QFile::exists(w->autosave()->recoveryPath()))
            return nullptr;
        return w;
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void autosaveWritesRecoveryFileAndNextStartRestoresIt() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const QByteArray before = readAll(path);
        ScriptedPrompts* pa = nullptr;
        auto crashed = makeWindow(&pa);
        QVERIFY(crashed->openFile(path));
        crashed->autosave()->setInterval(20);
        paintOneTile(crashed->document(), {10, 10});
        paintOneTile(crashed->document(), {11, 10});
        QSignalSpy saved(crashed->autosave(), &Autosave::saved);
        QTRY_VERIFY(saved.count() >= 1);
        const QString recovery = crashed->autosave()->recoveryPath();
        QVERIFY(QFile::exists(recovery));
        QCOMPARE(Autosave::originalPathOf(recovery), path);
        QCOMPARE(readAll(path), before); // autosave never touches the real file
        // A running session's file is locked: never offered to another window.
        QVERIFY(Autosave::pendingRecoveries().empty());

        // "Crash": the window goes away without closing; its file stays.
        const ts::level::Level edited = crashed->document()->level();
        crashed.reset();
        QVERIFY(QFile::exists(recovery));
        const auto pending = Autosave::pendingRecoveries();
        QCOMPARE(pending.size(), std::size_t(1));
        QCOMPARE(pending.front().originalPath, path);

        // The next start finds it and restores it on request.
        ScriptedPrompts* pb = nullptr;
        auto next = makeWindow(&pb);
        pb->answers << QMessageBox::Yes;
        QSignalSpy changed(next.get(), &MainWindow::documentChanged);
        QVERIFY(next->offerRecovery());
        QCOMPARE(pb->asked.size(), 1);
        QVERIFY(pb->asked.first().text.contains(QStringLiteral("a.yaml")));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(next->document()->level(), edited);
        QCOMPARE(next->document()->filePath(), path);
        QVERIFY(next->document()->isModified());
        QVERIFY(next->isWindowModified());

        // Saving the restored level removes the recovery file.
        QVERIFY(next->save());
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(Autosave::pendingRecoveries().empty());
        const auto reloaded = ts::level::loadLevelFile(path.toStdString());
        QVERIFY(reloaded.ok());
        QCOMPARE(*reloaded.level, edited);
    }

    void recoveryOfALevelOpenedByARelativePathRestoresThatFile() {
        // `tilesmith levels/a.yaml` started in one folder, crashed, and the next
        // start is in another folder that has a levels/a.yaml of its own: the
        // recovery must name and save the first file, never the second.
        QVERIFY(QDir(mWork->path()).mkpath(QStringLiteral("one/levels")));
        QVERIFY(QDir(mWork->path()).mkpath(QStringLiteral("two/levels")));
        const QString first = work(QStringLiteral("one/levels/a.yaml"));
        const QString second = work(QStringLiteral("two/levels/a.yaml"));
        QVERIFY(QFile::copy(copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("t.yaml")),
                            first));
        QVERIFY(QFile::copy(first, second));
        const QByteArray secondBefore = readAll(second);
        const QString oldCwd = QDir::currentPath();
        auto restoreCwd = qScopeGuard([&] { QDir::setCurrent(oldCwd); });

        QVERIFY(QDir::setCurrent(work(QStringLiteral("one"))));
        ScriptedPrompts* pa = nullptr;
        auto crashed = makeWindow(&pa);
        QVERIFY(crashed->openFile(QStringLiteral("levels/a.yaml")));
        QCOMPARE(crashed->document()->filePath(), QFileInfo(first).absoluteFilePath());
        paintOneTile(crashed->document(), {10, 10});
        QVERIFY(crashed->autosave()->saveNow());
        const ts::level::Level edited = crashed->document()->level();
        crashed.reset();

        QVERIFY(QDir::setCurrent(work(QStringLiteral("two"))));
        const auto pending = Autosave::pendingRecoveries();
        QCOMPARE(pending.size(), std::size_t(1));
        QCOMPARE(pending.front().originalPath, QFileInfo(first).absoluteFilePath());
        ScriptedPrompts* p = nullptr;
        auto next = makeWindow(&p);
        p->answers << QMessageBox::Yes;
        QVERIFY(next->offerRecovery());
        QVERIFY(p->asked.first().text.contains(QDir::toNativeSeparators(first)));
        QCOMPARE(next->document()->filePath(), QFileInfo(first).absoluteFilePath());
        QVERIFY(next->save());
        QCOMPARE(readAll(second), secondBefore);
        const auto saved = ts::level::loadLevelFile(first.toStdString());
        QVERIFY(saved.ok());
        QCOMPARE(*saved.level, edited);
    }

    void olderRecoveryWithARelativePathIsRestoredUntitled() {
        // A recovery file from before paths were made absolute names
        // "levels/a.yaml", relative to a folder nobody knows any more.
        QVERIFY(QDir(mWork->path()).mkpath(QStringLiteral("here/levels")));
        const QString here = work(QStringLiteral("here/levels/a.yaml"));
        QVERIFY(QFile::copy(copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("t.yaml")),
                            here));
        const QByteArray hereBefore = readAll(here);
        auto loaded = ts::level::loadLevelFile(here.toStdString());
        QVERIFY(loaded.ok());
        ts::level::Level edited = *loaded.level;
        edited.name = "Edited elsewhere";
        QVERIFY(QDir().mkpath(Autosave::directory()));
        QFile legacy(Autosave::directory() + QStringLiteral("/a-0123456789abcdef.yaml"));
        QVERIFY(legacy.open(QIODevice::WriteOnly));
        legacy.write("# tilesmith recovery of: levels/a.yaml\n" +
                     QByteArray::fromStdString(ts::level::saveLevelToString(edited)));
        legacy.close();

        const QString oldCwd = QDir::currentPath();
        auto restoreCwd = qScopeGuard([&] { QDir::setCurrent(oldCwd); });
        QVERIFY(QDir::setCurrent(work(QStringLiteral("here"))));
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        p->answers << QMessageBox::Yes;
        QVERIFY(w->offerRecovery());
        QVERIFY(p->asked.first().informativeText.contains(QStringLiteral("untitled")));
        QCOMPARE(w->document()->level(), edited);
        QVERIFY(w->document()->filePath().isEmpty());
        QVERIFY(w->document()->isModified());
        QCOMPARE(readAll(here), hereBefore);
        w->document()->undoStack()->setClean();
    }

    void theRecoveryIsAStepInTheHistory() {
        // Two tiles painted and autosaved in a session killed (kill -9) before saving.
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const auto onDisk = ts::level::loadLevelFile(path.toStdString());
        QVERIFY(onDisk.ok());
        ts::level::Level edited;
        {
            ScriptedPrompts* pa = nullptr;
            auto crashed = makeWindow(&pa);
            QVERIFY(crashed->openFile(path));
            paintOneTile(crashed->document(), {10, 10});
            paintOneTile(crashed->document(), {11, 10});
            QVERIFY(crashed->autosave()->saveNow());
            edited = crashed->document()->level();
        }
        const QDateTime saved = Autosave::pendingRecoveries().front().saved;
        const QString when = QLocale().toString(saved, QLocale::ShortFormat);
        ScriptedPrompts* p = nullptr;
        auto w = openWindow(&p, {});
        QVERIFY(w);
        p->answers << QMessageBox::Yes;
        QVERIFY(w->offerRecovery());
        QCOMPARE(w->document()->level(), edited);
        QVERIFY(w->isWindowModified());
        // The History lists the recovery, with when it was autosaved.
        auto* history = w->findChild<QUndoView*>();
        QVERIFY(history);
        QCOMPARE(history->model()->rowCount(), 2); // "<empty>": the file on disk
        QCOMPARE(history->model()->index(1, 0).data().toString(),
                 QStringLiteral("Recovered from autosave (%1)").arg(when));
        const QString message = w->statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("Recovered the unsaved changes to a.yaml "
                                                 "autosaved at %1")
                                      .arg(when)),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("Undo goes back to the file on disk")),
                 qPrintable(message));
        // Undo: the file as it is on disk, saved; redo: the recovered changes.
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w->document()->level(), *onDisk.level);
        QVERIFY(!w->isWindowModified());
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w->document()->level(), edited);
        QVERIFY(w->isWindowModified());
        w->document()->undoStack()->setClean();
    }

    void anUntitledRecoveryUndoesToAnEmptyLevel() {
        leaveUntitledRecovery();
        ScriptedPrompts* p = nullptr;
        auto w = openWindow(&p, {});
        QVERIFY(w);
        p->answers << QMessageBox::Yes;
        QVERIFY(w->offerRecovery());
        const ts::level::Level recovered = w->document()->level();
        QVERIFY(w->document()->undoStack()->undoText().startsWith(
            QStringLiteral("Recovered from autosave")));
        QVERIFY(w->statusBar()->currentMessage().contains(
            QStringLiteral("Undo goes back to an empty level")));
        QTest::keyClick(viewport(w.get()), Qt::Key_Z, Qt::ControlModifier);
        const ts::level::Level& empty = w->document()->level();
        QCOMPARE(empty.width, recovered.width);
        QCOMPARE(empty.height, recovered.height);
        QCOMPARE(empty.name, recovered.name);
        QVERIFY(empty.spawns.empty());
        QVERIFY(std::all_of(empty.tiles.begin(), empty.tiles.end(),
                            [](ts::Tile t) { return t == ts::Tile::Empty; }));
        QVERIFY(w->document()->filePath().isEmpty());
    }

    void recoveryCanBeDiscardedOrPostponed() {
        leaveUntitledRecovery();
        QCOMPARE(Autosave::pendingRecoveries().front().originalPath, QString());

        ScriptedPrompts* pb = nullptr;
        auto next = makeWindow(&pb);
        pb->answers << QMessageBox::Cancel << QMessageBox::Discard;
        QVERIFY(!next->offerRecovery()); // "Not Now": kept for later
        QCOMPARE(Autosave::pendingRecoveries().size(), std::size_t(1));
        QVERIFY(!next->offerRecovery()); // Discard: gone
        QVERIFY(Autosave::pendingRecoveries().empty());
        QVERIFY(!next->document()->isModified());
        QVERIFY(!next->offerRecovery()); // nothing left: no question
        QCOMPARE(pb->asked.size(), 2);
    }

    void cleanCloseRemovesRecoveryFile() {
        ScriptedPrompts* p = nullptr;
        auto w = windowWithRecoveryFile(&p);
        QVERIFY(w);
        const QString recovery = w->autosave()->recoveryPath();
        p->answers << QMessageBox::Discard;
        QVERIFY(w->close());
        QVERIFY(!QFile::exists(recovery));
        w.reset();
        QVERIFY(Autosave::pendingRecoveries().empty());
    }

    void undoingToTheSavedStateRemovesRecoveryFile() {
        ScriptedPrompts* p = nullptr;
        auto w = windowWithRecoveryFile(&p);
        QVERIFY(w);
        const QString recovery = w->autosave()->recoveryPath();
        w->document()->undoStack()->undo();
        QVERIFY(!QFile::exists(recovery));
    }
};

QTEST_MAIN(TestMainWindowRecovery)
#include "test_mainwindow_recovery.moc"
