// Replay files in the background: Open... and Save Replay As... read and write a long
// replay (a 10-minute session of the crowd level, ~1.7 MB) on a worker thread while the
// window's event loop runs; the dock says so and both wait (disabled) until it is done;
// the session being saved cannot be deleted meanwhile; a failure is the same warning,
// with the same words, as before ("FILE:LINE:COLUMN: error: ..."); a save then an open
// of the same file lists the session once, as saved. Delete All checks the sessions
// folder for unreadable files on the reading thread too.
#include "keptsessions_testutil.h"
#include "sessionstore.h"
#include "tilesmith/level/replay.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTimer>

using namespace keptsessions;

namespace {

/// Answers the window's questions: the file dialogs with the names given, the message
/// boxes with Cancel (a warning's Ok), and keeps the messages.
class Prompts : public ts::editor::WindowPrompts {
public:
    QString openName, saveName;
    QList<Message> asked;
    QList<QMessageBox::StandardButton> answers;
    QMessageBox::StandardButton message(QWidget*, const Message& m) override {
        asked << m;
        return answers.isEmpty() ? QMessageBox::Cancel : answers.takeFirst();
    }
    QString openFileName(QWidget*, const QString&, const QString&, const QString&) override {
        return openName;
    }
    QString saveFileName(QWidget*, const QString&, const QString&, const QString&) override {
        return saveName;
    }
};

/// A replay of `level` as long as a 10-minute session of the crowd level: 36,000 steps,
/// a checkpoint of every body each second (~1.7 MB). The first second is recorded; the
/// later checkpoints are its last one moved along: a file as long to read and write as
/// the session's, not one to watch.
ts::level::Replay longReplay(const ts::level::Level& level) {
    ts::level::Replay r = ts::level::recordScript(level, {}, 60);
    const ts::level::ReplayCheckpoint last = r.checkpoints.back();
    r.steps = 36000;
    for (std::uint64_t step = 120; step <= r.steps; step += 60) {
        r.checkpoints.push_back(last);
        r.checkpoints.back().step = step;
        for (ts::Vec2& p : r.checkpoints.back().positions) // as far from round as moving ones
            p = {p.x + float(step) * 0.0137f, p.y + float(step) * 0.0071f};
    }
    return r;
}

/// Counts the event loop's turns (a 1 ms timer) while it lives.
struct Ticks {
    QTimer timer;
    int count = 0;
    Ticks() {
        QObject::connect(&timer, &QTimer::timeout, [this] { ++count; });
        timer.start(1);
    }
};

} // namespace

class TestReplayFiles : public KeptSessionsTest {
    Q_OBJECT

    QString mCrowd; ///< a copy of the crowd level in mDir
    QString mLong;  ///< a long replay of it beside it

    static Prompts* prompts(Window& win) {
        auto p = std::make_unique<Prompts>();
        Prompts* raw = p.get();
        win.w.setPrompts(std::move(p));
        return raw;
    }

private slots:
    void initTestCase() { setUpTestCase(); }

    void init() {
        setUpTest();
        mCrowd = mDir->filePath(QStringLiteral("crowd.yaml"));
        QVERIFY(QFile::copy(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/crowd.yaml"),
                            mCrowd));
        const ts::level::LoadResult level = ts::level::loadLevelFile(mCrowd.toStdString());
        QVERIFY(level.ok());
        ts::level::Replay r = longReplay(*level.level);
        // Elsewhere, so that opening the level does not list it by itself.
        QVERIFY(QDir(mDir->path()).mkdir(QStringLiteral("long")));
        mLong = mDir->filePath(QStringLiteral("long/session.tsreplay"));
        r.levelPath = "../crowd.yaml";
        std::string error;
        QVERIFY2(ts::level::saveReplayFile(r, mLong.toStdString(), &error), error.c_str());
        QVERIFY2(QFileInfo(mLong).size() > 1500000,
                 qPrintable(QString::number(QFileInfo(mLong).size())));
    }

    void cleanupTestCase() { tearDownTestCase(); }

    void openReadsOnAWorkerThread() {
        Window win(mCrowd);
        Prompts* p = prompts(win);
        ts::play::ReplayDock* dock = win.replays->dock();
        p->openName = mLong;
        QSignalSpy opened(win.replays, &ReplayController::replayOpened);
        Ticks ticks;
        dock->openButton()->click();
        // Back at once: read in the background, said in the dock, Open and Save wait.
        QVERIFY(win.replays->isBusyWithFile());
        QCOMPARE(win.lines().size(), 0);
        QVERIFY(dock->busyLabel()->isVisibleTo(dock));
        QCOMPARE(dock->busyLabel()->text(), QStringLiteral("Opening session.tsreplay..."));
        QVERIFY(!dock->openButton()->isEnabled());
        QVERIFY(opened.wait(30000));
        QVERIFY2(ticks.count > 0, "the event loop did not run while the replay was read");
        QCOMPARE(opened.first().at(1).toString(), QString());
        QVERIFY(!win.replays->isBusyWithFile());
        QVERIFY(!dock->busyLabel()->isVisibleTo(dock));
        QVERIFY(dock->openButton()->isEnabled());
        QCOMPARE(win.lines().size(), 1);
        QVERIFY2(win.lines().first().endsWith(QStringLiteral("steps)   session.tsreplay")),
                 qPrintable(win.lines().first()));
        QCOMPARE(dock->currentSession(), 0);
        QCOMPARE(win.replays->sessions().first().replay.steps, std::uint64_t(36000));
        QVERIFY(p->asked.isEmpty());
    }

    void saveWritesOnAWorkerThreadThenOpensTheSameFile() {
        Window win(mCrowd);
        Prompts* p = prompts(win);
        ts::play::ReplayDock* dock = win.replays->dock();
        QString error;
        QVERIFY2(win.replays->openFile(mLong, &error), qPrintable(error));
        const ts::level::Replay original = win.replays->sessions().first().replay;
        // A session of its own too (kept): the one being saved cannot be deleted meanwhile.
        win.play->runSteps(5);
        win.play->stop();
        QTRY_VERIFY(!win.replays->isKeeping());
        QCOMPARE(win.lines().size(), 2);
        const QString copy = mDir->filePath(QStringLiteral("copy.tsreplay"));
        p->saveName = copy;
        dock->setCurrentSession(1);
        QSignalSpy saved(win.replays, &ReplayController::replaySaved);
        Ticks ticks;
        dock->saveButton()->click();
        QVERIFY(win.replays->isBusyWithFile());
        QCOMPARE(dock->busyLabel()->text(), QStringLiteral("Saving copy.tsreplay..."));
        QVERIFY(!dock->saveButton()->isEnabled());
        QVERIFY(!dock->openButton()->isEnabled());
        QVERIFY(win.replays->canDelete(0));
        QVERIFY(saved.wait(30000));
        QVERIFY2(ticks.count > 0, "the event loop did not run while the replay was written");
        QCOMPARE(saved.first().at(0).toString(), copy);
        QCOMPARE(saved.first().at(1).toString(), QString());
        QVERIFY(dock->saveButton()->isEnabled());
        QCOMPARE(win.replays->sessions()[1].file, copy);

        // The kept session saved beside the level: its kept copy goes, it is not
        // deletable while it is being saved.
        dock->setCurrentSession(0);
        const QString kept = win.replays->sessions()[0].kept;
        p->saveName = mDir->filePath(QStringLiteral("mine.tsreplay"));
        dock->saveButton()->click();
        QVERIFY(!win.replays->canDelete(0));
        QVERIFY(saved.wait(30000));
        QCOMPARE(saved.last().at(1).toString(), QString());
        QTRY_VERIFY(!QFileInfo::exists(kept));
        QCOMPARE(win.replays->sessions()[0].file, p->saveName);
        QCOMPARE(win.replays->sessions()[0].kept, QString());

        // Open the copy: the same session, listed once, as it was.
        QSignalSpy opened(win.replays, &ReplayController::replayOpened);
        p->openName = copy;
        dock->openButton()->click();
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.first().at(1).toString(), QString());
        QCOMPARE(win.lines().size(), 2);
        QCOMPARE(win.replays->sessions().first().file, copy);
        ts::level::Replay read = win.replays->sessions().first().replay;
        QCOMPARE(read.levelPath, std::string("crowd.yaml"));
        read.levelPath = original.levelPath;
        QVERIFY(read == original);
        QVERIFY(p->asked.isEmpty());
    }

    void failuresAreTheSameWarnings() {
        Window win(mCrowd);
        Prompts* p = prompts(win);
        ts::play::ReplayDock* dock = win.replays->dock();
        // A file that does not load: its errors, as `tilesmith replay check` says them.
        const QString broken = mDir->filePath(QStringLiteral("broken.tsreplay"));
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("tilesmith-replay: 2\nsteps: many\n");
        }
        QString sameThread;
        QVERIFY(!win.replays->openFile(broken, &sameThread));
        QSignalSpy opened(win.replays, &ReplayController::replayOpened);
        p->openName = broken;
        dock->openButton()->click();
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.first().at(1).toString(), sameThread);
        QCOMPARE(p->asked.size(), 1);
        QCOMPARE(p->asked.first().icon, QMessageBox::Warning);
        QCOMPARE(p->asked.first().title, QStringLiteral("Open Replay Failed"));
        QCOMPARE(p->asked.first().text, sameThread);
        const QRegularExpression located(QStringLiteral("^.*broken\\.tsreplay:\\d+:\\d+: error: "));
        QVERIFY2(located.match(sameThread).hasMatch(), qPrintable(sameThread));
        QCOMPARE(win.lines().size(), 0);

        // A folder that is not there: the writer's words.
        QVERIFY2(win.replays->openFile(mLong, &sameThread), qPrintable(sameThread));
        const QString nowhere = mDir->filePath(QStringLiteral("none/x.tsreplay"));
        QVERIFY(!win.replays->saveSession(0, nowhere, &sameThread));
        QVERIFY(!sameThread.isEmpty());
        QSignalSpy saved(win.replays, &ReplayController::replaySaved);
        p->saveName = nowhere;
        dock->saveButton()->click();
        QVERIFY(saved.wait(30000));
        QCOMPARE(saved.first().at(1).toString(), sameThread);
        QCOMPARE(p->asked.size(), 2);
        QCOMPARE(p->asked.last().title, QStringLiteral("Save Replay Failed"));
        QCOMPARE(p->asked.last().text, sameThread);
        QCOMPARE(win.replays->sessions().first().file, mLong); // as it was
        QVERIFY(dock->saveButton()->isEnabled());
    }

    void deleteAllChecksTheFolderOnAWorkerThread() {
        // Long unreadable session files (the long replay cut short): Delete All parses
        // them in the background, then asks, then deletes them with the sessions.
        QString folder;
        {
            Window win(mCrowd);
            win.play->runSteps(3);
            win.play->stop();
            QTRY_VERIFY(!win.replays->isKeeping());
            folder = win.replays->sessionsFolder();
        }
        QFile whole(mLong);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray text = whole.readAll();
        QStringList junk;
        for (int i = 0; i < 3; ++i) {
            junk << folder + QStringLiteral("/session-20200101-00000%1-000.tsreplay").arg(i);
            QFile f(junk.last());
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.left(text.size() - 100)); // the final checkpoint cut off
        }
        Window win(mCrowd);
        Prompts* p = prompts(win);
        QCOMPARE(win.lines().size(), 1);
        QSignalSpy done(win.replays, &ReplayController::deleteAllDone);
        Ticks ticks;
        p->answers << QMessageBox::Discard;
        win.replays->dock()->deleteAllAction()->trigger();
        QVERIFY(win.replays->isCheckingFolder());
        QVERIFY(p->asked.isEmpty()); // asks once it knows what goes
        QVERIFY(!win.replays->dock()->deleteAllAction()->isEnabled());
        QVERIFY(!win.replays->deleteAllKept()); // one at a time
        QVERIFY(done.wait(30000));
        QVERIFY2(ticks.count > 0, "the event loop did not run while the folder was checked");
        QCOMPARE(done.first().first().toInt(), 1);
        QCOMPARE(p->asked.size(), 1);
        QVERIFY2(p->asked.first().informativeText.contains(
                     QStringLiteral("3 unreadable session file(s)")),
                 qPrintable(p->asked.first().informativeText));
        for (const QString& f : junk)
            QVERIFY2(!QFileInfo::exists(f), qPrintable(f));
        QCOMPARE(keptFiles(), QStringList());
        QCOMPARE(win.lines().size(), 0);
    }
};

QTEST_MAIN(TestReplayFiles)
#include "test_replay_files.moc"
