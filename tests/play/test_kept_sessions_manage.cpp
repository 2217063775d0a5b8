// Managing kept sessions from the Replays dock: Del (and the context menu's Delete...)
// deletes the selected sessions after asking &Delete / Cancel, files and lines; a
// replay being watched is closed first; the replay files a user saved are not
// deleted there; a file that cannot be removed stays listed with a line in the status
// bar. Delete All Kept Sessions... empties the level's kept sessions, and its folder
// of session files that do not load. Show Sessions Folder opens the level's folder
// (the URL is checked, nothing is launched). Save As copies the kept sessions to the
// new path; the old path keeps its own. The replay's controls, when watching starts,
// fit the dock as wide as it already is, so the level view does not move.
#include "document/autosave.h"
#include "keptsessions_testutil.h"
#include "replaydock.h"
#include "replaytimeline.h"
#include "sessionstore.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QToolButton>
#include <QUrl>

using namespace keptsessions;
using ts::play::SessionStore;

namespace {

/// Answers the window's questions from a list (Cancel when it runs out) and keeps them.
class Answers : public ts::editor::WindowPrompts {
public:
    QList<QMessageBox::StandardButton> answers;
    QList<Message> asked;
    QMessageBox::StandardButton message(QWidget*, const Message& m) override {
        asked << m;
        return answers.isEmpty() ? QMessageBox::Cancel : answers.takeFirst();
    }
};

/// Plays `count` sessions of 1, 2, ... steps and stops each (newest is listed first),
/// then waits until their files are written.
void playSessions(Window& win, int count) {
    for (int i = 1; i <= count; ++i) {
        win.play->runSteps(i);
        win.play->stop();
    }
    QTRY_VERIFY(!win.replays->isKeeping());
}

/// Delete All (its action, or the call), waiting while it checks the sessions folder
/// on the reading thread: how many sessions went (-1: it did not finish).
int deleteAll(Window& win, bool action = false) {
    QSignalSpy done(win.replays, &ReplayController::deleteAllDone);
    if (action)
        win.replays->dock()->deleteAllAction()->trigger();
    else if (!win.replays->deleteAllKept())
        return -1;
    if (done.isEmpty() && !done.wait(20000))
        return -1;
    return done.first().first().toInt();
}

/// The number of steps of each listed session, in list order.
QList<quint64> listedSteps(const Window& win) {
    QList<quint64> steps;
    for (const ReplayController::Session& s : win.replays->sessions())
        steps << s.replay.steps;
    return steps;
}

} // namespace

class TestKeptSessionsManage : public KeptSessionsTest {
    Q_OBJECT

    static Answers* answer(Window& win) {
        auto answers = std::make_unique<Answers>();
        Answers* p = answers.get();
        win.w.setPrompts(std::move(answers));
        return p;
    }

    static void select(Window& win, const QList<int>& rows) {
        QListWidget* list = win.replays->dock()->sessionList();
        list->clearSelection();
        for (int row : rows)
            list->item(row)->setSelected(true);
    }

private slots:
    void initTestCase() { setUpTestCase(); }

    void init() {
        setUpTest();
        ReplayController::setUrlOpener({});
    }

    void cleanupTestCase() { tearDownTestCase(); }

    void delKeyDeletesTheSelectedSessionsAfterAsking() {
        Window win(mLevel);
        Answers* answers = answer(win);
        playSessions(win, 3);
        QCOMPARE(keptFiles().size(), 3);
        QCOMPARE(listedSteps(win), (QList<quint64>{3, 2, 1}));

        QListWidget* list = win.replays->dock()->sessionList();
        QCOMPARE(list->selectionMode(), QAbstractItemView::ExtendedSelection);
        select(win, {0, 2});
        QVERIFY(win.replays->dock()->deleteAction()->isEnabled());
        win.w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&win.w));
        list->setFocus();
        QVERIFY(list->hasFocus());

        // Cancel: nothing goes.
        QTest::keyClick(list, Qt::Key_Delete);
        QCOMPARE(answers->asked.size(), 1);
        const auto& m = answers->asked.first();
        QCOMPARE(m.buttons, QMessageBox::Discard | QMessageBox::Cancel);
        QCOMPARE(m.buttonTexts.value(QMessageBox::Discard), QStringLiteral("&Delete"));
        QVERIFY2(m.text.contains(QStringLiteral("these 2 sessions")), qPrintable(m.text));
        QCOMPARE(keptFiles().size(), 3);
        QCOMPARE(win.lines().size(), 3);

        // &Delete: the two selected go, files and lines; the middle one stays.
        answers->answers << QMessageBox::Discard;
        QTest::keyClick(list, Qt::Key_Delete);
        QCOMPARE(answers->asked.size(), 2);
        QCOMPARE(listedSteps(win), (QList<quint64>{2}));
        QCOMPARE(keptFiles().size(), 1);
        QCOMPARE(win.w.statusBar()->currentMessage(), QStringLiteral("Deleted 2 sessions."));
        const QString left = win.replays->sessions().first().kept;
        QCOMPARE(keptFiles(), QStringList{left});
        // The selected sessions went, their selection with them: the one left in their
        // place is not chosen for the user.
        QVERIFY(win.replays->dock()->selectedSessions().isEmpty());
        QCOMPARE(win.replays->dock()->currentSession(), -1);
        QVERIFY(!win.replays->dock()->deleteAction()->isEnabled());
        select(win, {0});

        // With something selected on the map, Edit > Delete (Del too) is enabled: Del in
        // the list is still the list's, and the map keeps its selection's contents.
        win.w.findChild<QAction*>(QStringLiteral("actionSelectAll"))->trigger();
        QVERIFY(win.w.findChild<QAction*>(QStringLiteral("actionDelete"))->isEnabled());
        const int edits = win.w.document()->undoStack()->count();
        list->setFocus();
        QTest::keyClick(list, Qt::Key_Delete); // Cancel
        QCOMPARE(answers->asked.size(), 3);
        QCOMPARE(win.w.document()->undoStack()->count(), edits);
        QCOMPARE(win.lines().size(), 1);
        // So is Del on the list's "..." button, whose menu holds the same Delete (it was
        // an ambiguous shortcut: nothing ran, and Qt warned).
        auto* manage =
            win.replays->dock()->findChild<QToolButton*>(QStringLiteral("manageSessions"));
        QVERIFY(manage);
        manage->setFocus();
        QVERIFY(manage->hasFocus());
        QTest::failOnWarning(QRegularExpression(QStringLiteral("Ambiguous shortcut")));
        QTest::keyClick(manage, Qt::Key_Delete); // Cancel
        QCOMPARE(answers->asked.size(), 4);
        QCOMPARE(win.w.document()->undoStack()->count(), edits);

        // The context menu's item does the same.
        QCOMPARE(list->contextMenuPolicy(), Qt::ActionsContextMenu);
        QVERIFY(list->actions().contains(win.replays->dock()->deleteAction()));
        QVERIFY(list->actions().contains(win.replays->dock()->deleteAllAction()));
        QVERIFY(list->actions().contains(win.replays->dock()->showFolderAction()));
        select(win, {0});
        answers->answers << QMessageBox::Discard;
        win.replays->dock()->deleteAction()->trigger();
        QCOMPARE(win.lines().size(), 0);
        QCOMPARE(keptFiles().size(), 0);
        QVERIFY(!win.replays->dock()->deleteAction()->isEnabled());

        Window again(mLevel);
        QCOMPARE(again.lines().size(), 0);
    }

    void deletingTheWatchedSessionClosesItFirst() {
        Window win(mLevel);
        Answers* answers = answer(win);
        playSessions(win, 2);
        QVERIFY(win.replays->watch(1));
        // Another one: the replay shown goes on.
        answers->answers << QMessageBox::Discard;
        QCOMPARE(win.replays->deleteSessions({0}), 1);
        QVERIFY(win.replays->isWatching());
        QVERIFY(!answers->asked.last().informativeText.contains(QStringLiteral("closed first")));
        // The one shown: closed, then deleted; back to editing.
        answers->answers << QMessageBox::Discard;
        QCOMPARE(win.replays->deleteSessions({0}), 1);
        QVERIFY2(answers->asked.last().informativeText.contains(QStringLiteral("closed first")),
                 qPrintable(answers->asked.last().informativeText));
        QVERIFY(!win.replays->isWatching());
        QCOMPARE(win.play->state(), PlayController::State::Editing);
        QCOMPARE(win.lines().size(), 0); // closing the replay listed no new session
        QCOMPARE(keptFiles().size(), 0);
    }

    void savedReplayFilesAreNotDeletedHere() {
        Window win(mLevel);
        Answers* answers = answer(win);
        playSessions(win, 2);
        const QString saved = mDir->filePath(QStringLiteral("mine.tsreplay"));
        QString error;
        QVERIFY2(win.replays->saveSession(1, saved, &error), qPrintable(error));
        QVERIFY(!win.replays->canDelete(1));
        select(win, {1});
        QVERIFY(!win.replays->dock()->deleteAction()->isEnabled());
        // Both selected: the kept one goes, the file stays (and the question says so).
        select(win, {0, 1});
        QVERIFY(win.replays->dock()->deleteAction()->isEnabled());
        answers->answers << QMessageBox::Discard;
        win.replays->dock()->deleteAction()->trigger();
        QVERIFY2(answers->asked.last().informativeText.contains(QStringLiteral("saved stay")),
                 qPrintable(answers->asked.last().informativeText));
        QCOMPARE(win.lines().size(), 1);
        QCOMPARE(win.replays->sessions().first().file, saved);
        QVERIFY(QFileInfo::exists(saved));
        QCOMPARE(keptFiles().size(), 0);
    }

    void aFileThatCannotBeRemovedStaysListed() {
        Window win(mLevel);
        Answers* answers = answer(win);
        playSessions(win, 2);
        // The newest's file turns into a folder with something in it: not removable.
        const QString stuck = win.replays->sessions().first().kept;
        QVERIFY(QFile::remove(stuck));
        QVERIFY(QDir().mkpath(stuck + QStringLiteral("/inside")));
        answers->answers << QMessageBox::Discard;
        QCOMPARE(deleteAll(win), 1);
        QCOMPARE(win.lines().size(), 1);
        QCOMPARE(win.replays->sessions().first().kept, stuck);
        const QString message = win.w.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QStringLiteral("Could not delete 1 of 2 sessions: ")),
                 qPrintable(message));
        QVERIFY2(message.contains(QFileInfo(stuck).fileName()), qPrintable(message));
    }

    void aSessionBeingKeptGoesOnceWritten() {
        // Deleted, or saved beside the level, while its file is being written: the
        // window does not wait for the write; the file goes after it.
        Window win(mLevel);
        Answers* answers = answer(win);
        win.play->runSteps(5);
        win.play->stop();
        QVERIFY(win.replays->isKeeping());
        answers->answers << QMessageBox::Discard;
        QCOMPARE(win.replays->deleteSessions({0}), 1);
        QCOMPARE(win.lines().size(), 0);
        QTRY_VERIFY(!win.replays->isKeeping()); // written by now
        QTRY_COMPARE(keptFiles().size(), 0);

        win.play->runSteps(6);
        win.play->stop();
        QVERIFY(win.replays->isKeeping());
        const QString saved = mDir->filePath(QStringLiteral("mine.tsreplay"));
        QString error;
        QVERIFY2(win.replays->saveSession(0, saved, &error), qPrintable(error));
        QTRY_VERIFY(!win.replays->isKeeping());
        QTRY_COMPARE(keptFiles().size(), 0);
        QCOMPARE(win.lines().size(), 1);
        Window again(mLevel);
        QCOMPARE(again.lines().size(), 1); // from the file beside the level, once
        QCOMPARE(again.replays->sessions().first().file, saved);
    }

    void deleteAllKeepsTheSavedFiles() {
        Window win(mLevel);
        Answers* answers = answer(win);
        playSessions(win, 3);
        const QString saved = mDir->filePath(QStringLiteral("mine.tsreplay"));
        QString error;
        QVERIFY2(win.replays->saveSession(2, saved, &error), qPrintable(error));
        QVERIFY(win.replays->dock()->deleteAllAction()->isEnabled());
        QCOMPARE(deleteAll(win, true), 0); // Cancel
        QCOMPARE(answers->asked.size(), 1);
        QVERIFY2(answers->asked.first().text.contains(QStringLiteral("all 2 kept sessions")),
                 qPrintable(answers->asked.first().text));
        QCOMPARE(keptFiles().size(), 2);
        answers->answers << QMessageBox::Discard;
        QCOMPARE(deleteAll(win, true), 2);
        QCOMPARE(keptFiles().size(), 0);
        QCOMPARE(win.lines().size(), 1);
        QCOMPARE(win.replays->sessions().first().file, saved);
        QVERIFY(!win.replays->dock()->deleteAllAction()->isEnabled());
        Window again(mLevel);
        QCOMPARE(again.lines().size(), 1);
    }

    void deleteAllEmptiesTheFolderOfUnreadableFiles() {
        // A session file that does not read as a replay has no line, but Delete All
        // leaves the folder without session files. Other files are not ours: they stay.
        QString folder;
        {
            Window win(mLevel);
            playSessions(win, 2);
            folder = win.replays->sessionsFolder();
        }
        const QString junk = folder + QStringLiteral("/session-20200101-000000-000.tsreplay");
        const QString notes = folder + QStringLiteral("/notes.txt");
        for (const QString& path : {junk, notes}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("not a replay\n");
        }
        const QStringList sessionFiles{QStringLiteral("session-*.tsreplay")};
        {
            Window win(mLevel);
            Answers* answers = answer(win);
            QCOMPARE(win.lines().size(), 2);
            QCOMPARE(QDir(folder).entryList(sessionFiles, QDir::Files).size(), 3);
            answers->answers << QMessageBox::Discard;
            QCOMPARE(deleteAll(win), 2);
            QVERIFY2(answers->asked.first().informativeText.contains(
                         QStringLiteral("1 unreadable session file(s)")),
                     qPrintable(answers->asked.first().informativeText));
            QCOMPARE(QDir(folder).entryList(sessionFiles, QDir::Files), QStringList());
            QVERIFY(QFileInfo::exists(notes));
            QVERIFY(!win.replays->dock()->deleteAllAction()->isEnabled());
        }
        // Only an unreadable file left: Delete All is offered for it.
        QVERIFY(QFile::copy(notes, junk));
        Window win(mLevel);
        Answers* answers = answer(win);
        QCOMPARE(win.lines().size(), 0);
        QVERIFY(win.replays->dock()->deleteAllAction()->isEnabled());
        answers->answers << QMessageBox::Discard;
        QCOMPARE(deleteAll(win, true), 0); // no session: the unreadable file only
        QCOMPARE(answers->asked.size(), 1);
        QVERIFY(!QFileInfo::exists(junk));
        QVERIFY(QFileInfo::exists(notes));
        QVERIFY(!win.replays->dock()->deleteAllAction()->isEnabled());
    }

    void untitledLevelsSessionsCanBeDeletedToo() {
        Window win(mLevel, true);
        Answers* answers = answer(win);
        playSessions(win, 2);
        QVERIFY(!win.replays->dock()->showFolderAction()->isEnabled());
        answers->answers << QMessageBox::Discard;
        QCOMPARE(deleteAll(win), 2);
        QCOMPARE(win.lines().size(), 0);
    }

    void showSessionsFolderOpensTheLevelsFolder() {
        QList<QUrl> opened;
        bool opens = true;
        ReplayController::setUrlOpener([&](const QUrl& url) {
            opened << url;
            return opens;
        });
        {
            Window win(mLevel);
            // No session yet: the list is disabled, its context menu out of reach; the
            // "..." button's menu has the same actions.
            QVERIFY(!win.replays->dock()->sessionList()->isEnabled());
            QMenu* menu = win.replays->dock()->manageButton()->menu();
            QVERIFY(menu);
            QCOMPARE(menu->actions(), win.replays->dock()->sessionList()->actions());
            QVERIFY(win.replays->dock()->showFolderAction()->isEnabled());
            QVERIFY(!win.replays->dock()->deleteAllAction()->isEnabled());
            playSessions(win, 1);
            QVERIFY(win.replays->dock()->deleteAllAction()->isEnabled());
            win.replays->dock()->showFolderAction()->trigger();
            QCOMPARE(opened.size(), 1);
            QVERIFY(opened.first().isLocalFile());
            // The folder the kept file is in, under the test-mode data folder.
            QCOMPARE(opened.first().toLocalFile(), QFileInfo(keptFiles().first()).absolutePath());
            QVERIFY(opened.first().toLocalFile().startsWith(sessionsRoot() + QLatin1Char('/')));
            opens = false;
            QVERIFY(!win.replays->showSessionsFolder());
            QVERIFY2(win.w.statusBar()->currentMessage().startsWith(QStringLiteral("Cannot open ")),
                     qPrintable(win.w.statusBar()->currentMessage()));
        }
        // An untitled level has no folder: nothing opened.
        Window untitled(mLevel, true);
        QVERIFY(!untitled.replays->dock()->showFolderAction()->isEnabled());
        QVERIFY(!untitled.replays->showSessionsFolder());
        QCOMPARE(opened.size(), 2);
        ReplayController::setUrlOpener({});
    }

    void watchingDoesNotWidenTheDock() {
        // The dock's narrowest width is set by the rows above the replay's controls (the
        // buttons, the ghost check box); the controls
        // (shown by setTimeline) must fit in it for sessions of a few seconds up to an
        // hour (216,000 steps), or the dock widens and pushes the level view aside the
        // moment Watch is pressed. Fonts differ between platforms, so the test compares
        // the dock with itself rather than with a number of pixels.
        ts::play::ReplayDock dock;
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QCoreApplication::processEvents(); // the layouts' requests
        const int listOnly = dock.widget()->minimumSizeHint().width();
        for (const quint64 steps : {150ull, 36000ull, 216000ull}) {
            dock.setTimeline(steps);
            dock.setStep(steps);
            QCoreApplication::processEvents();
            QVERIFY(dock.stepLabel()->isVisible());
            QVERIFY2(dock.widget()->minimumSizeHint().width() <= listOnly,
                     qPrintable(QStringLiteral("%1 steps: the controls need %2 px, the dock "
                                               "without them %3")
                                    .arg(steps)
                                    .arg(dock.widget()->minimumSizeHint().width())
                                    .arg(listOnly)));
            // The whole readout is shown.
            QVERIFY(dock.stepLabel()->fontMetrics().horizontalAdvance(dock.stepLabel()->text()) <=
                    dock.stepLabel()->width());
        }
        dock.setTimeline(0);
        QCoreApplication::processEvents();
        QCOMPARE(dock.widget()->minimumSizeHint().width(), listOnly);
    }

    void saveAsCarriesTheKeptSessions() {
        const QString other = mDir->filePath(QStringLiteral("copy.yaml"));
        std::uint64_t hash = 0;
        {
            Window win(mLevel);
            win.playWithKeys();
            hash = win.stateHash();
            win.play->stop();
            playSessions(win, 1);
            QCOMPARE(keptFiles().size(), 2);
            QVERIFY(win.w.saveAs(other));
            QCOMPARE(win.replays->sessionsFolder(), SessionStore::folderFor(other));
            QTRY_VERIFY(!win.replays->isKeeping());
            QCOMPARE(keptFiles().size(), 4); // copied: the old level keeps its own
            QCOMPARE(win.lines().size(), 2);
            for (const QString& line : win.lines())
                QVERIFY2(line.endsWith(QStringLiteral("kept")), qPrintable(line));
        }
        Window moved(other);
        QCOMPARE(listedSteps(moved), (QList<quint64>{1, 120}));
        QVERIFY(moved.replays->watch(1));
        QVERIFY(!moved.replays->timeline()->desync());
        moved.replays->seek(120);
        QCOMPARE(moved.stateHash(), hash);
        Window old(mLevel);
        QCOMPARE(listedSteps(old), (QList<quint64>{1, 120}));
    }
};

QTEST_MAIN(TestKeptSessionsManage)
#include "test_kept_sessions_manage.moc"
