// The editor's main window: menus, tool bars, docks and the status bar around
// the level view, the open document's file flows (new, open, save, import,
// export) and the safety nets (unsaved-changes prompt, load/save errors,
// autosave recovery).
#pragma once

#include "tilesmith/editor/newleveldialog.h"
#include "tilesmith/editor/windowprompts.h"

#include <QKeySequence>
#include <QMainWindow>
#include <QMap>
#include <QMessageBox>
#include <QPoint>
#include <QPointer>
#include <QStringList>

#include <memory>

class QActionGroup;
class QComboBox;
class QDateTime;
class QDockWidget;
class QLabel;
class QMimeData;
class QMenu;
class QSpinBox;
class QToolBar;
class QUndoView;

namespace ts::editor {

class Autosave;
class DiskWatch;
class EditorView;
class EditorStatusBar;
class ElidedLabel;
class LevelDocument;
class LevelScene;
class LayersDock;
class TilesetDock;
class MinimapDock;
class ProblemsDock;
class PropertiesDock;
class ReachabilityOverlay;
class RulesDock;
class ToolManager;
class WindowExtension;
struct WindowContext;

/// The shortcuts of a standard action: the sequences docs/editor.md documents
/// (Ctrl+Shift+S for Save As, ...) first, then the platform's own, so every
/// documented key works even where the platform defines none (bare X11).
QList<QKeySequence> withDocumentedKeys(QKeySequence::StandardKey key);

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // --- the open level and what shows it --------------------------------
    LevelDocument* document() const { return mDocument.get(); }
    LevelScene* scene() const { return mScene; }
    EditorView* view() const { return mView; }
    /// The tools' registry: the current tool and the options they share.
    ToolManager* tools() const { return mTools; }
    /// View > Reachability: the reachability search's answer drawn over the level.
    ReachabilityOverlay* reachability() const { return mReachability; }
    /// The crash insurance of the open level (recovery files).
    Autosave* autosave() const { return mAutosave; }
    /// The window's actions by object name ("actionSave", "actionUndo", ...).
    QAction* action(const QString& objectName) const;

    // --- modes that run in the window -------------------------------------
    /// Adds a mode (play mode, replays): the window places its menus, tool-bar actions
    /// and docks, tells it the open level now and whenever it changes, and follows
    /// its signals (status messages, the mode's hint, editing suspended, mini-map
    /// marks). The window does not own it; one destroyed first is forgotten.
    void addExtension(WindowExtension* extension);

    // --- non-interactive document operations -------------------------------
    /// Loads `path` and makes it the document. No prompt, no dialog: on failure
    /// returns false, sets `error` ("file:line:column: error: message" lines)
    /// and leaves the open document untouched.
    bool openFile(const QString& path, QString* error = nullptr);
    /// Saves the document to `path` (atomically). On failure returns false, sets
    /// `error`, and the old file is left intact.
    bool saveFile(const QString& path, QString* error = nullptr);
    /// Replaces the document (no prompt) and emits documentChanged().
    void setDocument(std::unique_ptr<LevelDocument> document);

    // --- interactive flows (ask through prompts()) ------------------------
    /// Asks Save / Discard / Cancel when the document has unsaved changes, or
    /// when its file was deleted on disk (the editor holds the only copy left).
    /// True when the caller may go on (saved or discarded).
    bool maybeSave();
    /// File > New with the given size (after the unsaved-changes prompt).
    bool newLevel(const NewLevelDialog::Settings& settings);
    /// File > Open: prompt, then `path` (or a file dialog when empty); a load
    /// error is shown in a dialog.
    bool open(const QString& path = {});
    /// File > Save (Save As for a document without a file).
    bool save();
    /// File > Save As to `path` (or a file dialog when empty).
    bool saveAs(const QString& path = {});
    /// File > Close (Ctrl+W): after the unsaved-changes prompt, an empty untitled level.
    bool closeLevel();
    /// File > Revert: the level as its file on disk has it (asked first when there are
    /// unsaved changes, which it drops with the undo history). A file that does not load
    /// leaves the document as it is, with the error in a dialog.
    bool revert();
    /// File > Import TMX: prompt, then `path` (or a file dialog when empty); an
    /// import error is shown in a dialog. The document stays untitled.
    bool importTmx(const QString& path = {});
    bool exportTmx(const QString& path = {});
    /// Opens `path` by its kind, as a dropped file or the command line's: a Tiled
    /// map (.tmx) is imported (importTmx), anything else opens as a level (open).
    bool openAny(const QString& path);
    /// Imports a Tiled map with no prompt: on failure returns false, sets `error`
    /// ("file:line:column: error: message" lines) and leaves the document untouched.
    bool importTmxFile(const QString& path, QString* error = nullptr);
    /// True for a path openAny() imports as a Tiled map (suffix .tmx, any case).
    static bool isTmxPath(const QString& path);
    /// The file a drop of `mime` opens: exactly one local level (.yaml, .yml) or
    /// Tiled map (.tmx), while File > Open is available. Empty: the drop is refused.
    QString droppedFile(const QMimeData* mime) const;
    /// Offers the newest recovery file left by a crashed session, if any.
    /// Returns true when one was restored.
    bool offerRecovery();

    WindowPrompts* prompts() const { return mPrompts.get(); }
    void setPrompts(std::unique_ptr<WindowPrompts> prompts);

    // --- settings ----------------------------------------------------------
    /// Off: the window neither reads nor writes QSettings (recent files, window
    /// state), e.g. for --screenshot runs, which must not touch the user's settings.
    void setSettingsEnabled(bool enabled);
    bool settingsEnabled() const { return mSettingsEnabled; }
    QStringList recentFiles() const;
    void clearRecentFiles();
    /// Window geometry, dock layout and the painting tools' options (tile kind,
    /// brush size) from QSettings (not used for screenshots); saved on close.
    void restoreWindowState();
    void saveWindowState();
    /// Stores the options a start restores (tile kind, brush size, spawn kind, grid,
    /// reachability); done as they change once restored, so a crash keeps them too.
    void saveOptions();

    /// View > Reset Layout: every dock and tool bar shown and docked where it starts
    /// (Properties over the Mini-map over History and its tabs), at its first size.
    void resetLayout();
    /// The layout a very small window leaves: the map under usableMapSize(), or a dock
    /// in sight at its least height. Such a layout is not saved, nor restored.
    bool isLayoutSquashed() const;
    /// The map's least size: the docks shrink to their least before it does.
    static QSize usableMapSize();

    /// Zooms so the whole level shows, never beyond 200 % (small levels stay crisp
    /// rather than huge). Done on the first show and whenever a document opens.
    void fitLevelInView();

signals:
    /// A new document is shown (after New, Open, Import, recovery).
    void documentChanged(ts::editor::LevelDocument* document);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    // A level or Tiled map dropped on the window opens as File > Open / Import would.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// Adds a dock and its toggle to View > Docks; right-hand docks share the
    /// History's place as tabs, or with `below`, get their own place under that dock.
    void addDock(QDockWidget* dock, Qt::DockWidgetArea area, QDockWidget* below = nullptr);
    /// Where a dock starts (addDock()'s arguments), and whether it is shown there.
    struct DockPlace {
        QDockWidget* dock = nullptr;
        Qt::DockWidgetArea area = Qt::RightDockWidgetArea;
        QDockWidget* below = nullptr;
        bool shown = true;
    };
    /// Docks `place.dock` at its place (moving it there if docked elsewhere).
    void placeDock(const DockPlace& place);
    /// The default docks' sizes (Properties three times the Mini-map's and the History's
    /// height; the column's width).
    void sizeDocks();
    QList<DockPlace> mDockPlaces; ///< in the order the docks came
    /// The status bar's hint while a mode runs (play, a watched replay): what the keys
    /// do there; an empty hint gives the tool's back. A timed message showing stays
    /// until it ends.
    void setModeHint(const QString& hint);
    /// A mode (play, a watched replay) runs: it has set a hint.
    bool modeRunning() const { return !mModeHint.isEmpty(); }
    /// What the extensions are told: the open level, its view, the window's services.
    WindowContext context() const;
    /// The level runs apart from the editing: the scene hides what the running world
    /// contradicts, and the reachability tint waits.
    void setEditingSuspended(bool suspended);

    bool mFittedOnce = false;
    void createActions();
    void createMenus();
    void createToolBars();
    void createDocks();
    void createStatusBar();
    void connectSceneAndView();
    void updateEditActions();
    void replaceWithNewLevel(const NewLevelDialog::Settings& settings);
    void updateTitle();
    void updateActions();
    void updateSizeStatus();
    void updateRecentMenu();
    void addRecentFile(const QString& path);
    void showHoveredTile(const QPoint& tile, bool inside);
    /// Shows the hint in the status bar: the mode's while one runs, else `toolHint`.
    /// Every hint reaches the bar through here.
    void showHint(const QString& toolHint);
    QString currentToolHint() const;
    /// What an edit did or why it was refused ("Pasted 12 tiles."), for 10 s or
    /// until dropEditMessage(): the next edit, undo or redo makes it old news.
    void showEditMessage(const QString& text);
    /// Gives the bar back to the hint if it still shows the edit message.
    void dropEditMessage();
    void showError(const QString& title, const QString& text, const QString& details = {});
    /// The open level's file changed on disk (DiskWatch): reloaded when nothing
    /// here is unsaved, else the user chooses between the file and their edits.
    void fileChangedOnDisk(const QString& path);
    /// Loads the document's file again, keeping the view where it was; a file
    /// that does not load leaves the document as it is and the status bar says why.
    void reloadFromDisk(const QString& path);
    /// Puts `doc` in place of the document, the view's zoom and scroll kept (a reload).
    void replaceKeepingView(std::unique_ptr<LevelDocument> doc);
    /// saveOptions() whenever one of them changes (from the end of restoreWindowState()).
    void rememberOptionsAsTheyChange();
    /// The document of a recovered level: one undo step over `file` as it is on disk.
    std::unique_ptr<LevelDocument> recoveredDocument(ts::level::Level recovered,
                                                     const QString& file, const QDateTime& saved);
    /// The open level's file went away on disk or came back (DiskWatch): the
    /// title says "(not on disk)" while it is gone.
    void fileGoneChanged(const QString& path, bool gone);
    /// maybeSave()'s question: Save (the default, Enter), Don't Save, Cancel (Esc).
    /// True when the level may go (saved, or not wanted).
    bool askToSave(const QString& title, const QString& text, const QString& question);
    QString fileDialogDir() const;
    /// The file name Save As and Export propose: the file's, or for an untitled
    /// level its name ("Cave": "Cave.yaml").
    QString suggestedFileName() const;

    std::unique_ptr<LevelDocument> mDocument;
    /// The Tiled map the document was imported from, until it is saved as a level
    /// (empty otherwise). The title names it ("map.tmx (imported)") and Save As
    /// proposes a level of its name beside it (map.tmx: map.yaml).
    QString mImportedFrom;
    /// The document's name in the title and prompts: its file's, or the map's it
    /// was imported from, or for an untitled level the file name Save proposes
    /// (suggestedFileName(): "Cave.yaml", "untitled.yaml").
    QString documentTitle() const;
    QString mModeHint;    ///< see setModeHint()
    QString mShownHint;   ///< the hint showHint() put in the bar last
    QString mEditMessage; ///< see showEditMessage()
    std::unique_ptr<WindowPrompts> mPrompts;
    LevelScene* mScene = nullptr;
    EditorView* mView = nullptr;
    ToolManager* mTools = nullptr;
    Autosave* mAutosave = nullptr;
    DiskWatch* mDiskWatch = nullptr;
    bool mAskingAboutDisk = false;   ///< the changed-on-disk question is open
    bool mDiskChangeWaiting = false; ///< a change on disk waits for a mode or dialog to end
    QString mAutosaveFailure;        ///< the autosave failure the status bar shows, if any
    ReachabilityOverlay* mReachability = nullptr;
    ProblemsDock* mProblemsDock = nullptr;
    QList<QPointer<WindowExtension>> mExtensions;

    QMenu* mFileMenu = nullptr;
    QMenu* mRecentMenu = nullptr;
    QMenu* mEditMenu = nullptr;
    QMenu* mViewMenu = nullptr;
    QMenu* mDocksMenu = nullptr;
    QAction* mViewModesAt = nullptr; ///< the View menu's place for the modes' menus
    QToolBar* mMainToolBar = nullptr;
    QToolBar* mToolPalette = nullptr;
    QToolBar* mToolOptions = nullptr;
    QComboBox* mTileKind = nullptr;
    QSpinBox* mBrushSize = nullptr;
    QComboBox* mSpawnKind = nullptr;
    PropertiesDock* mPropertiesDock = nullptr;
    LayersDock* mLayersDock = nullptr;
    TilesetDock* mTilesetDock = nullptr;
    RulesDock* mRulesDock = nullptr;
    MinimapDock* mMinimapDock = nullptr;
    QDockWidget* mUndoDock = nullptr;
    QUndoView* mUndoView = nullptr;
    EditorStatusBar* mStatusBar = nullptr;
    QWidget* mHintArea = nullptr; ///< the hint, then the reachability summary
    ElidedLabel* mHintStatus = nullptr;
    QLabel* mTileStatus = nullptr;
    QLabel* mToolStatus = nullptr;
    QLabel* mZoomStatus = nullptr;
    QLabel* mSizeStatus = nullptr;
    QPoint mHoveredTile{-1, -1};
    bool mHoveredInside = false;
    bool mSettingsEnabled = true;

    QAction* mNewAction = nullptr;
    QAction* mOpenAction = nullptr;
    QAction* mSaveAction = nullptr;
    QAction* mSaveAsAction = nullptr;
    QAction* mCloseAction = nullptr;
    QAction* mRevertAction = nullptr;
    QAction* mImportTmxAction = nullptr;
    QAction* mExportTmxAction = nullptr;
    QAction* mQuitAction = nullptr;
    QAction* mUndoAction = nullptr;
    QAction* mRedoAction = nullptr;
    QAction* mCutAction = nullptr;
    QAction* mCopyAction = nullptr;
    QAction* mPasteAction = nullptr;
    QAction* mDeleteAction = nullptr;
    QAction* mSelectAllAction = nullptr;
    QAction* mFlipHorizontalAction = nullptr; ///< X, as in Tiled (LevelScene::canTransform())
    QAction* mFlipVerticalAction = nullptr;   ///< Y
    QAction* mRotateRightAction = nullptr;    ///< Z, as in Tiled
    QAction* mRotateLeftAction = nullptr;     ///< Shift+Z
    QAction* mSwapKindAction = nullptr;       ///< X, when Flip Horizontally is off
    QAction* mLevelPropertiesAction = nullptr;
    QAction* mZoomInAction = nullptr;
    QAction* mZoomOutAction = nullptr;
    QAction* mZoomFitAction = nullptr;
    QAction* mZoomResetAction = nullptr;
    QAction* mGridAction = nullptr;
    QAction* mCollisionAction = nullptr; ///< View > Show Collision, Shift+R
    QAction* mResetLayoutAction = nullptr;
};

} // namespace ts::editor
