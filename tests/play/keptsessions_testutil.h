// Kept sessions tests' shared set-up (test_kept_sessions, test_kept_sessions_manage):
// the sessions folder in Qt's test-mode data folder, and a main window with play mode
// and the Replays dock on a level, played with real key events.
#pragma once

#include "document/autosave.h"
#include "replaydock.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QListWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

namespace keptsessions {

using ts::play::PlayController;
using ts::play::ReplayController;

inline QString sessionsRoot() {
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/sessions");
}

/// Every kept session file under the sessions folder.
inline QStringList keptFiles() {
    QStringList files;
    QDirIterator it(sessionsRoot(), {QStringLiteral("*.tsreplay")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    return files;
}

/// Before each test: an empty sessions folder and a fresh copy of the tutorial level
/// in `dir`, whose path it returns (empty when that failed).
inline QString freshStart(const QTemporaryDir& dir) {
    QFile::remove(sessionsRoot());
    QDir(sessionsRoot()).removeRecursively();
    const QString level = dir.filePath(QStringLiteral("tutorial.yaml"));
    if (QFileInfo::exists(sessionsRoot()) ||
        !QFile::copy(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"), level))
        return {};
    return level;
}

/// The fixture of the kept-sessions tests: recovery files in a temporary folder,
/// and before each test an empty sessions folder and a fresh copy of the tutorial
/// level (mLevel) in a fresh folder (mDir). Their initTestCase(), init() and
/// cleanupTestCase() call these.
class KeptSessionsTest : public QObject {
protected:
    QTemporaryDir mRecovery;
    std::unique_ptr<QTemporaryDir> mDir;
    QString mLevel;

    void setUpTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        ts::editor::Autosave::setDirectoryOverride(mRecovery.path());
    }
    void setUpTest() {
        mDir = std::make_unique<QTemporaryDir>();
        mLevel = freshStart(*mDir);
        QVERIFY(!mLevel.isEmpty());
    }
    static void tearDownTestCase() { QDir(sessionsRoot()).removeRecursively(); }
};

/// A main window with play mode and the Replays dock on `levelFile` (or on an
/// untitled copy of it), as the application makes it. Unless told not to, it waits
/// until the level's kept sessions are read (on a worker thread) and listed.
struct Window {
    enum Open { WaitForKept, DoNotWait };
    explicit Window(const QString& levelFile, bool untitled = false, Open open = WaitForKept) {
        w.setSettingsEnabled(false);
        if (untitled) {
            const ts::level::LoadResult r = ts::level::loadLevelFile(levelFile.toStdString());
            if (!r.ok())
                qFatal("cannot load %s", qPrintable(levelFile));
            w.setDocument(std::make_unique<ts::editor::LevelDocument>(*r.level));
        } else {
            QString error;
            if (!w.openFile(levelFile, &error))
                qFatal("cannot open %s: %s", qPrintable(levelFile), qPrintable(error));
        }
        play = std::make_unique<PlayController>();
        w.addExtension(play.get());
        play->setPersistOverlays(false);
        replays = new ReplayController(play.get()); // owned by `play`
        w.addExtension(replays);
        w.resize(1200, 720);
        w.show();
        if (open == WaitForKept)
            waitForKept();
    }
    ~Window() {
        play.reset();
        if (w.document())
            w.document()->undoStack()->setClean();
    }
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    void key(Qt::Key k, bool press) {
        if (press)
            QTest::keyPress(w.view()->viewport(), k);
        else
            QTest::keyRelease(w.view()->viewport(), k);
    }
    /// Walks right with D for 60 steps, jumps with W, walks on 30 and idles 30.
    void playWithKeys() {
        play->runSteps(0);
        key(Qt::Key_D, true);
        play->runSteps(60);
        key(Qt::Key_W, true);
        play->runSteps(1);
        key(Qt::Key_W, false);
        play->runSteps(29);
        key(Qt::Key_D, false);
        play->runSteps(30);
    }
    /// Waits (the event loop running) until the kept sessions are read and listed.
    void waitForKept() {
        if (!QTest::qWaitFor([this] { return !replays->isReadingKept(); }))
            qFatal("the kept sessions of %s were not read in time",
                   qPrintable(w.document()->filePath()));
    }
    /// The sessions' lines (not the hint of an empty list, nor the "reading" line).
    QStringList lines() const {
        QStringList out;
        QListWidget* list = replays->dock()->sessionList();
        if (!list->isEnabled())
            return out; // the "(no sessions yet ...)" hint
        for (int i = 0; i < list->count(); ++i) {
            if (list->item(i)->flags() & Qt::ItemIsSelectable)
                out << list->item(i)->text();
        }
        return out;
    }
    /// The list's last line (the hint of an empty list, the "reading" line).
    QString lastLine() const {
        QListWidget* list = replays->dock()->sessionList();
        return list->count() > 0 ? list->item(list->count() - 1)->text() : QString();
    }
    std::uint64_t stateHash() const { return play->session()->world().stateHash(); }

    ts::editor::MainWindow w;
    std::unique_ptr<PlayController> play;
    ReplayController* replays = nullptr;
};

} // namespace keptsessions
