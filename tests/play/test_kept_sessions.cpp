// Kept sessions: a session played with real key events on a saved level is still in
// the Replays dock after its window is gone and the level is opened in a new one,
// and Watch replays it to the same final state; only the newest 20 per level stay;
// a session stopped by an edit is kept up to that step; an untitled level's
// sessions are kept once it is saved; the file is written off the window's thread
// (listed as "keeping" until it is there, finished when the window closes), and read
// off it when the level opens (the list fills in; a stale read is never listed, and
// stops inside the file it reads); a
// folder that cannot be written is a line in the status bar and loses nothing else;
// the ghost box is unticked when its session is pruned, and its ghost is the selected
// session's.
// Everything lives in Qt's test-mode data folder (QStandardPaths::setTestModeEnabled),
// emptied before each test.
#include "document/autosave.h"
#include "ghostitem.h"
#include "keptsessions_testutil.h"
#include "replaytimeline.h"
#include "sessionstore.h"
#include "tilesmith/level/replay.h"

#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QThread>

using namespace keptsessions;

class TestKeptSessions : public KeptSessionsTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }

    void init() { setUpTest(); }

    void cleanupTestCase() { tearDownTestCase(); }

    void sessionIsListedAgainInANewWindow() {
        auto first = std::make_unique<Window>(mLevel);
        first->playWithKeys();
        QVERIFY(first->play->session());
        const std::uint64_t hash = first->stateHash();
        const std::uint64_t steps = first->play->session()->steps();
        QCOMPARE(steps, std::uint64_t(120));
        first.reset(); // the window goes with the session still running

        QCOMPARE(keptFiles().size(), 1);
        Window second(mLevel);
        const QStringList lines = second.lines();
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].endsWith(QStringLiteral("0:02 (120 steps)   kept")),
                 qPrintable(lines[0]));
        QVERIFY2(!lines[0].contains(QStringLiteral("unsaved")), qPrintable(lines[0]));
        QCOMPARE(second.replays->sessions().first().replay.finalHash, hash);

        second.replays->dock()->setCurrentSession(0);
        second.replays->dock()->watchButton()->click();
        QVERIFY(second.replays->isWatching());
        QVERIFY(!second.replays->timeline()->desync());
        second.replays->seek(steps);
        QCOMPARE(second.replays->currentStep(), steps);
        QCOMPARE(second.stateHash(), hash);

        // Save Replay As beside the level: listed from there, no longer twice.
        second.replays->close();
        QCOMPARE(second.lines().size(), 1); // watching is no new session
        QString error;
        const QString file = mDir->filePath(QStringLiteral("bug.tsreplay"));
        QVERIFY2(second.replays->saveSession(0, file, &error), qPrintable(error));
        QCOMPARE(keptFiles().size(), 0);
        Window third(mLevel);
        QCOMPARE(third.lines().size(), 1);
        QCOMPARE(third.replays->sessions().first().file, file);
    }

    void closingTheLevelKeepsItsSessions() {
        Window win(mLevel);
        win.playWithKeys();
        win.play->stop();
        QTRY_VERIFY(!win.replays->isKeeping());
        QCOMPARE(keptFiles().size(), 1);
        QVERIFY(win.lines().first().endsWith(QStringLiteral("kept")));
        // Another level in the same window, then this one again: listed once.
        win.w.setDocument(
            std::make_unique<ts::editor::LevelDocument>(ts::level::Level::make(20, 10)));
        QCOMPARE(win.lines().size(), 0);
        QString error;
        QVERIFY2(win.w.openFile(mLevel, &error), qPrintable(error));
        win.waitForKept();
        QCOMPARE(win.lines().size(), 1);
    }

    void onlyTheNewestTwentyAreKept() {
        {
            Window win(mLevel);
            for (int i = 1; i <= 22; ++i) {
                win.play->runSteps(i);
                win.play->stop();
            }
            QTRY_VERIFY(!win.replays->isKeeping());
            QCOMPARE(keptFiles().size(), 20);
            const QStringList lines = win.lines();
            QCOMPARE(lines.size(), 20);
            QVERIFY2(lines.first().contains(QStringLiteral("(22 steps)")),
                     qPrintable(lines.first()));
            QVERIFY2(lines.last().contains(QStringLiteral("(3 steps)")), qPrintable(lines.last()));
        }
        Window again(mLevel);
        const QStringList lines = again.lines();
        QCOMPARE(lines.size(), 20);
        QVERIFY2(lines.first().contains(QStringLiteral("(22 steps)")), qPrintable(lines.first()));
        QVERIFY2(lines.last().contains(QStringLiteral("(3 steps)")), qPrintable(lines.last()));
        for (const QString& line : lines)
            QVERIFY2(line.endsWith(QStringLiteral("kept")), qPrintable(line));
    }

    void sessionStoppedByAnEditIsKeptUpToThatStep() {
        std::uint64_t hash = 0;
        {
            Window win(mLevel);
            win.play->runSteps(0);
            win.key(Qt::Key_D, true);
            win.play->runSteps(20);
            hash = win.stateHash();
            // Something no replay event holds (spawn edits are events): recording stops.
            ts::play::PlaySession* session = win.play->session();
            session->stopRecording("a body was dragged");
            session->world().setPosition(session->player(), {200, 200});
            win.play->runSteps(20);
            win.key(Qt::Key_D, false);
            QVERIFY(!win.play->session()->isRecording());
            win.play->stop();
            QVERIFY(win.replays->dock()->statusLabel()->text().contains(
                QStringLiteral("a body was dragged")));
        }
        Window again(mLevel);
        QCOMPARE(again.lines().size(), 1);
        QVERIFY2(again.lines().first().contains(QStringLiteral("(20 steps)   kept")),
                 qPrintable(again.lines().first()));
        QVERIFY(again.replays->watch(0));
        QVERIFY(!again.replays->timeline()->desync());
        again.replays->seek(20);
        QCOMPARE(again.stateHash(), hash);
    }

    void untitledLevelIsKeptOnceSaved() {
        const QString path = mDir->filePath(QStringLiteral("new.yaml"));
        {
            Window win(mLevel, true);
            win.playWithKeys();
            win.play->stop();
            QCOMPARE(keptFiles().size(), 0); // no path to key it by: in memory only
            QVERIFY(win.lines().first().endsWith(QStringLiteral("unsaved")));
            QString error;
            QVERIFY2(win.w.document()->save(path, &error), qPrintable(error));
            QTRY_VERIFY(!win.replays->isKeeping());
            QCOMPARE(keptFiles().size(), 1);
            QVERIFY(win.lines().first().endsWith(QStringLiteral("kept")));
        }
        Window again(path);
        QCOMPARE(again.lines().size(), 1);
    }

    void keepingDoesNotHoldUpTheWindow() {
        // The file is written on a worker thread: right after Stop the session is
        // listed as being kept, then as kept once its file is there.
        auto win = std::make_unique<Window>(mLevel);
        win->playWithKeys();
        win->play->stop();
        QVERIFY(win->replays->isKeeping());
        QVERIFY2(win->lines().first().endsWith(QStringLiteral("keeping")),
                 qPrintable(win->lines().first()));
        QTRY_VERIFY2(win->lines().first().endsWith(QStringLiteral("kept")),
                     qPrintable(win->lines().first()));
        QCOMPARE(keptFiles().size(), 1);
        // Closing the window while a write is under way finishes it.
        win->play->runSteps(10);
        win->play->stop();
        QVERIFY(win->replays->isKeeping());
        win.reset();
        QCOMPARE(keptFiles().size(), 2);
        Window again(mLevel);
        QCOMPARE(again.lines().size(), 2);
    }

    void openingALevelDoesNotWaitForItsKeptSessions() {
        // Three kept sessions of the level, one of them also saved as a replay file
        // elsewhere (dated long ago), a replay file saved beside the level (its kept
        // copy goes), and a kept session of another level.
        const QString other = mDir->filePath(QStringLiteral("other.yaml"));
        QVERIFY(QFile::copy(mLevel, other));
        QVERIFY(QDir(mDir->path()).mkdir(QStringLiteral("mine")));
        const QString old = mDir->filePath(QStringLiteral("mine/old.tsreplay"));
        const QString beside = mDir->filePath(QStringLiteral("beside.tsreplay"));
        {
            Window win(mLevel);
            for (int i = 1; i <= 4; ++i) {
                win.play->runSteps(i);
                win.play->stop();
            }
            QTRY_VERIFY(!win.replays->isKeeping());
            QString error;
            QVERIFY2(win.replays->saveSession(3, old, &error), qPrintable(error));
            QVERIFY2(win.replays->saveSession(2, beside, &error), qPrintable(error));
            QVERIFY2(win.w.openFile(other, &error), qPrintable(error));
            win.play->runSteps(7);
            win.play->stop();
        }
        QFile oldFile(old);
        QVERIFY(oldFile.open(QIODevice::ReadWrite));
        QVERIFY(oldFile.setFileTime(QDateTime(QDate(2020, 1, 1), QTime(12, 0)),
                                    QFileDevice::FileModificationTime));
        oldFile.close();
        QCOMPARE(keptFiles().size(), 4);

        // Read on a worker thread, with the replay files beside the level: the window is
        // there at once, the list says it reads them (Delete All waits: it would not
        // know them all), then they are listed.
        auto win = std::make_unique<Window>(mLevel, false, Window::DoNotWait);
        QVERIFY(win->replays->isReadingKept());
        QCOMPARE(win->lines(), QStringList());
        QCOMPARE(win->lastLine(), QStringLiteral("(reading kept sessions...)"));
        QVERIFY(!win->replays->dock()->deleteAllAction()->isEnabled());
        QVERIFY(!win->replays->deleteAllKept());
        // The old replay opened and chosen as the ghost meanwhile: listed first, then
        // last once the newer ones join; the ghost stays on it.
        QString error;
        QVERIFY2(win->replays->openFile(old, &error), qPrintable(error));
        win->replays->setGhost(0);
        QCOMPARE(win->lines().size(), 1);
        QSignalSpy read(win->replays, &ReplayController::keptSessionsRead);
        QTRY_COMPARE_WITH_TIMEOUT(read.size(), 1, 20000);
        QVERIFY(!win->replays->isReadingKept());
        const QStringList lines = win->lines();
        QCOMPARE(lines.size(), 5);
        QVERIFY2(lines.last().endsWith(QStringLiteral("old.tsreplay")), qPrintable(lines.last()));
        QCOMPARE(lines.filter(QStringLiteral("   kept")).size(), 3);
        QCOMPARE(lines.filter(QStringLiteral("beside.tsreplay")).size(), 1);
        QCOMPARE(win->replays->ghostSession(), 4);
        // Opening it chose it in the list: still chosen, at its new row.
        QCOMPARE(win->replays->dock()->currentSession(), 4);
        QCOMPARE(win->replays->dock()->selectedSessions(), QList<int>{4});
        QCOMPARE(win->lastLine(), lines.last());
        QVERIFY(win->replays->dock()->deleteAllAction()->isEnabled());

        // Another level opened before the read is listed: its list never shows this
        // one's. (The window is busy meanwhile, so the first read is done and waits.)
        win = std::make_unique<Window>(mLevel, false, Window::DoNotWait);
        QThread::msleep(300);
        QVERIFY2(win->w.openFile(other, &error), qPrintable(error));
        win->waitForKept();
        QCOMPARE(win->lines().size(), 1);
        QVERIFY2(win->lines().first().contains(QStringLiteral("(7 steps)   kept")),
                 qPrintable(win->lines().first()));
        // Closed while it reads: nothing is listed, nothing is left running.
        win = std::make_unique<Window>(mLevel, false, Window::DoNotWait);
        win.reset();
        QCOMPARE(keptFiles().size(), 4);
    }

    void aCancelledReadStopsInsideItsFile() {
        // A kept session's file may be long (up to the reader's 64 MiB): a read that is no
        // longer wanted (another level opened, the window closed, which waits for it)
        // stops inside the file it reads, not at its end, and says nothing of it.
        const ts::level::LoadResult level = ts::level::loadLevelFile(mLevel.toStdString());
        QVERIFY(level.ok());
        const std::uint64_t steps = 3000; // a checkpoint line a step: 3000 lines and more
        const ts::level::Replay replay =
            ts::level::recordScript(*level.level, ts::level::InputScript{}, steps, 1);
        QString error;
        const QString path =
            ts::play::SessionStore::pathFor(mLevel, QDateTime::currentDateTimeUtc(), {});
        QVERIFY2(ts::play::SessionStore::write(path, mLevel, replay, &error), qPrintable(error));
        const QString folder = ts::play::SessionStore::folderFor(mLevel);

        // Asked before the file (no), then inside it (yes): nothing read, nothing
        // unreadable.
        int asked = 0;
        QStringList unreadable;
        auto kept = ts::play::SessionStore::load(folder, mLevel, &unreadable,
                                                 [&asked] { return ++asked > 1; });
        QVERIFY(kept.empty());
        QVERIFY2(unreadable.isEmpty(), qPrintable(unreadable.join(' ')));
        // Never cancelled: read whole, asked all along it.
        asked = 0;
        kept = ts::play::SessionStore::load(folder, mLevel, &unreadable, [&asked] {
            ++asked;
            return false;
        });
        QCOMPARE(kept.size(), std::size_t(1));
        QCOMPARE(kept.front().replay.steps, steps);
        QVERIFY2(asked > int(steps) / ts::level::kReplayCancelLines,
                 qPrintable(QString::number(asked)));
    }

    void theChosenSessionStaysChosen() {
        // Until the user chooses one, the newest session is the current one; once they
        // do, the choice stays on its session when the list is filled again (a newer
        // session listed above it, "keeping" turning into "kept"), as the ghost does.
        Window win(mLevel);
        ts::play::ReplayDock* dock = win.replays->dock();
        for (int i = 1; i <= 2; ++i) {
            win.play->runSteps(i);
            win.play->stop();
        }
        QTRY_VERIFY(!win.replays->isKeeping());
        QCOMPARE(dock->currentSession(), 0);
        QCOMPARE(win.replays->sessions()[0].replay.steps, std::uint64_t(2));
        win.play->runSteps(3);
        win.play->stop();
        QCOMPARE(dock->currentSession(), 0); // the newest, still
        QCOMPARE(win.replays->sessions()[0].replay.steps, std::uint64_t(3));

        // The oldest chosen with a click, and its ghost.
        QListWidget* list = dock->sessionList();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(2)).center());
        QCOMPARE(dock->currentSession(), 2);
        dock->ghostBox()->click();
        QCOMPARE(win.replays->ghostSession(), 2);
        win.play->runSteps(4);
        win.play->stop();
        QTRY_VERIFY(!win.replays->isKeeping());
        QCOMPARE(win.lines().size(), 4);
        QCOMPARE(dock->currentSession(), 3);
        QCOMPARE(dock->selectedSessions(), QList<int>{3});
        QCOMPARE(win.replays->sessions()[3].replay.steps, std::uint64_t(1));
        QCOMPARE(win.replays->ghostSession(), 3);
        dock->watchButton()->click();
        QVERIFY(win.replays->isWatching());
        QCOMPARE(win.replays->timeline()->length(), std::uint64_t(1));
        win.replays->close();
    }

    void ghostBoxFollowsItsSession() {
        // The ghost box can be ticked only with a session selected, and is unticked when
        // the ghost's session goes: pruned beyond the newest 20, or another level opened.
        Window win(mLevel);
        ts::play::ReplayDock* dock = win.replays->dock();
        QCheckBox* box = dock->ghostBox();
        QVERIFY(!box->isEnabled()); // no session yet
        win.play->runSteps(1);
        win.play->stop();
        QTRY_VERIFY(!win.replays->isKeeping());
        QVERIFY(box->isEnabled());
        QListWidget* list = dock->sessionList();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(0)).center());
        QTest::mouseClick(box, Qt::LeftButton, {}, box->rect().center());
        QVERIFY(box->isChecked());
        QCOMPARE(win.replays->ghostSession(), 0);

        // Twenty newer sessions: the ghost's, the oldest, is pruned with its file.
        for (int i = 2; i <= 21; ++i) {
            win.play->runSteps(i);
            win.play->stop();
        }
        QTRY_VERIFY(!win.replays->isKeeping());
        QCOMPARE(win.lines().size(), 20);
        QCOMPARE(win.replays->ghostSession(), -1);
        QVERIFY(!box->isChecked());
        QCOMPARE(dock->currentSession(), -1); // the chosen session went with it
        QVERIFY(!box->isEnabled());
        win.play->runSteps(5); // and playing shows no ghost
        QVERIFY(!win.replays->ghostItem());
        win.play->stop();
        QTRY_VERIFY(!win.replays->isKeeping());

        // Ticked on a session, then another level: unticked, nothing to tick there.
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(3)).center());
        QVERIFY(box->isEnabled());
        QTest::mouseClick(box, Qt::LeftButton, {}, box->rect().center());
        QCOMPARE(win.replays->ghostSession(), 3);
        win.w.setDocument(
            std::make_unique<ts::editor::LevelDocument>(ts::level::Level::make(20, 10)));
        QCOMPARE(win.replays->ghostSession(), -1);
        QVERIFY(!box->isChecked());
        QVERIFY(!box->isEnabled());
    }

    void ghostIsTheSelectedSessions() {
        // "Show the selected replay's ghost while playing": ticked, selecting another
        // session moves the ghost to it, in the editor and in play mode (paused or not).
        Window win(mLevel);
        ts::play::ReplayDock* dock = win.replays->dock();
        for (int steps : {3, 7, 12}) {
            win.play->runSteps(steps);
            win.play->stop();
        }
        QTRY_VERIFY(!win.replays->isKeeping());
        QListWidget* list = dock->sessionList();
        QCheckBox* box = dock->ghostBox();
        const auto clickRow = [list](int row) {
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                              list->visualItemRect(list->item(row)).center());
        };
        const auto stepsOf = [&win](int session) {
            return session < 0 ? -1 : qint64(win.replays->sessions()[session].replay.steps);
        };
        clickRow(2);
        QTest::mouseClick(box, Qt::LeftButton, {}, box->rect().center());
        QCOMPARE(win.replays->ghostSession(), 2);
        QCOMPARE(stepsOf(2), qint64(3));

        // Another session selected: the ghost is its, the box still ticked.
        clickRow(1);
        QVERIFY(box->isChecked());
        QCOMPARE(win.replays->ghostSession(), 1);
        win.play->runSteps(1); // play mode, paused: the 7 steps' ghost runs beside it
        QVERIFY(win.replays->ghostItem());
        QCOMPARE(win.replays->ghostItem()->boxes().size(), qsizetype(stepsOf(1) + 1));

        // Chosen while in play mode: the ghost beside the player is the new one's at once.
        clickRow(0);
        QCOMPARE(win.replays->ghostSession(), 0);
        QVERIFY(win.replays->ghostItem());
        QCOMPARE(win.replays->ghostItem()->boxes().size(), qsizetype(12 + 1));
        QCOMPARE(win.replays->ghostItem()->step(), qint64(1));
        win.play->play();
        QVERIFY(win.replays->ghostItem());
        QCOMPARE(win.replays->ghostItem()->boxes().size(), qsizetype(12 + 1));

        // The session just played is listed above; the chosen one stays chosen, and the
        // ghost with it.
        win.play->stop();
        QTRY_VERIFY(!win.replays->isKeeping());
        QCOMPARE(win.lines().size(), 4);
        QCOMPARE(dock->currentSession(), 1);
        QCOMPARE(win.replays->ghostSession(), 1);
        QCOMPARE(stepsOf(1), qint64(12));
        QVERIFY(box->isChecked());

        // Unticked: selecting another one shows none.
        QTest::mouseClick(box, Qt::LeftButton, {}, box->rect().center());
        QCOMPARE(win.replays->ghostSession(), -1);
        clickRow(2);
        QCOMPARE(win.replays->ghostSession(), -1);
        QVERIFY(!box->isChecked());
    }

    void writeFailureIsReportedAndLosesNothing() {
        // The sessions folder's path is taken by a regular file.
        QVERIFY(QDir().mkpath(QFileInfo(sessionsRoot()).absolutePath()));
        QFile blocker(sessionsRoot());
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        QString error;
        const QString saved = mDir->filePath(QStringLiteral("saved.tsreplay"));
        {
            Window win(mLevel);
            win.playWithKeys();
            const std::uint64_t hash = win.stateHash();
            win.play->stop();
            QTRY_VERIFY(!win.replays->isKeeping());
            const QString message = win.w.statusBar()->currentMessage();
            QVERIFY2(message.startsWith(QStringLiteral("Keeping the session failed: cannot create "
                                                       "the folder ")),
                     qPrintable(message));
            // Still listed, still watchable; play goes on.
            QCOMPARE(win.lines().size(), 1);
            QVERIFY(win.lines().first().endsWith(QStringLiteral("unsaved")));
            QVERIFY(win.replays->watch(0));
            win.replays->seek(120);
            QCOMPARE(win.stateHash(), hash);
            win.replays->close();
            win.play->runSteps(10);
            QVERIFY(win.play->session());
            win.play->stop();
            QTRY_VERIFY(!win.replays->isKeeping());
            QCOMPARE(win.lines().size(), 2);
            QVERIFY2(win.replays->saveSession(1, saved, &error), qPrintable(error));
            // Unblocked before the window goes: the other one is kept then.
            QVERIFY(QFile::remove(sessionsRoot()));
        }
        QCOMPARE(keptFiles().size(), 1);
        Window again(mLevel);
        const QStringList lines = again.lines();
        QCOMPARE(lines.size(), 2);
        // (The saved file is dated by its file system, to the second maybe: either order.)
        QCOMPARE(lines.filter(QStringLiteral("saved.tsreplay")).size(), 1);
        QCOMPARE(lines.filter(QStringLiteral("(10 steps)   kept")).size(), 1);
    }
};

QTEST_MAIN(TestKeptSessions)
#include "test_kept_sessions.moc"
