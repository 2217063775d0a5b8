// The monkey's driver: a real MainWindow with play mode and replays, shown offscreen in
// this process, and the execution of one action as a designer would do it (mouse and
// key events on the view's viewport and the docks), with the invariants checked after.
#pragma once

#include "actions.h"
#include "tilesmith/editor/windowprompts.h"

#include <QObject>
#include <QPoint>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QtGlobal>

#include <array>
#include <memory>
#include <string>
#include <vector>

class QDialog;

namespace ts::editor {
class MainWindow;
class LevelDocument;
} // namespace ts::editor
namespace ts::play {
class PlayController;
}

namespace monkey {

/// The window's questions answered without a dialog: a message by the button the
/// current action chose (its index among those offered), file names from the driver.
class MonkeyPrompts : public ts::editor::WindowPrompts {
public:
    int answer = 0;   ///< index among the offered buttons, taken modulo their number
    QString openPath; ///< Open's answer (empty: cancelled)
    QString savePath; ///< Save As's answer (empty: cancelled)
    ts::editor::NewLevelDialog::Settings newSettings;
    QStringList asked; ///< the titles of the messages asked in this action

    QMessageBox::StandardButton message(QWidget* parent, const Message& m) override;
    QString openFileName(QWidget*, const QString&, const QString&, const QString&) override {
        return openPath;
    }
    QString saveFileName(QWidget*, const QString&, const QString&, const QString&) override {
        return savePath;
    }
    bool newLevelSettings(QWidget*, ts::editor::NewLevelDialog::Settings& settings) override {
        settings = newSettings;
        return true;
    }
};

class Driver : public QObject {
    Q_OBJECT
public:
    /// `workDir`: the folder the window saves, opens and autosaves in; `level`: the level
    /// file to open first (a copy is made in `workDir`), or empty for a new level.
    Driver(const QString& workDir, const QString& level);
    ~Driver() override;

    /// Opens the window; false with `error` set when it does not come up.
    bool start(QString* error);
    /// Runs `action`, then checks every invariant; returns what broke (empty: all held).
    QStringList execute(const Action& action);
    /// The checks of the end of a run: keys released, play stopped, undo all and redo all.
    QStringList finish();

    ts::editor::MainWindow* window() const { return mWindow.get(); }
    ts::play::PlayController* play() const { return mPlay.get(); }

private:
    void makeWindow();
    void destroyWindow();
    void run(const Action& a);
    void onDocumentChanged();
    bool inputAllowed() const;

    // What the actions do (driveractions.cpp).
    void stroke(const Action& a, int toolKey);
    void select(const Action& a);
    void spawnPlace(const Action& a);
    void spawnDrag(const Action& a);
    void spawnDelete(const Action& a);
    void propertyEdit(const Action& a);
    void newLevel(const Action& a);
    void save(const Action& a, bool as);
    void open(const Action& a);
    void diskChange(const Action& a);
    // driverdocks.cpp
    void dockAction(const Action& a);
    void menuAction(const char* name, const Action& a);
    void tmx(const Action& a);
    QStringList autosaveTick();
    QStringList crash();
    /// After a crash's recovery: the History holds it as one step over the file on
    /// disk, where this document's history (mDocStart) starts.
    QStringList checkRecoveryStep(const QString& file);
    bool clickSpawn(int pick);

    // Mouse and keys on the viewport.
    QWidget* viewport() const;
    QPoint tileAt(int ax, int ay) const;
    QPoint pointOf(QPoint tile) const;
    /// A key pressed as on a keyboard: to the widget with the keyboard focus (the map
    /// after a click there, a dock's field or list after one there).
    void key(int key, Qt::KeyboardModifiers mods = {});
    QWidget* keyboardTarget() const;
    /// The main window made the active one, as a window manager does when the map is
    /// clicked while a floating dock is active.
    void activate();
    /// Closes a modal dialog or a popup menu the last event left open (a QTimer's
    /// work: they run their own event loop); a popup menu may trigger one of its
    /// actions first (`mMenuChoice`).
    void closeModals();
    /// Types mDialogEdits into the dialog's fields and presses Enter.
    void fillAndAccept(QDialog* dialog);

    QString mWorkDir;
    QString mLevel;
    std::unique_ptr<ts::editor::MainWindow> mWindow;
    std::unique_ptr<ts::play::PlayController> mPlay;
    MonkeyPrompts* mPrompts = nullptr;
    QTimer mModalCloser;
    int mMenuChoice = 0;
    bool mAcceptDialog = false;        ///< the next modal dialog is accepted, not cancelled
    std::array<int, 4> mDialogEdits{}; ///< what is typed in it first: field, text, field, text
    QStringList mClosedModals;
    std::vector<int> mHeldKeys;
    std::string mDocStart;  ///< the level's bytes when the document was put in place
    std::string mPlayStart; ///< the level's bytes when play started
    bool mEditedInPlay = false;
    bool mWasPlaying = false;
    bool mDiskChangeWaits = false; ///< a change on disk waits for play to stop
    int mUntitled = 0;
    QtMessageHandler mPreviousHandler = nullptr;
};

} // namespace monkey
