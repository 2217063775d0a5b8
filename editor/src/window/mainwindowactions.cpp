// The main window's actions, menus and tool bars, and what enables them.
#include "tilesmith/editor/mainwindow.h"

#include "mainwindowshared.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/fieldkeys.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tools/spawntool.h"
#include "widgets/uitext.h"

#include <QAction>
#include <QActionGroup>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSpinBox>
#include <QToolBar>

#include <algorithm>

namespace ts::editor {

namespace {
using windowshared::icon;
} // namespace

// --- shortcuts -------------------------------------------------------------------

QList<QKeySequence> withDocumentedKeys(QKeySequence::StandardKey key) {
    // What docs/editor.md's shortcut table promises for each standard key, on every platform.
    static const QMap<QKeySequence::StandardKey, QList<QKeySequence>> documented = {
        {QKeySequence::New, {QKeySequence(QStringLiteral("Ctrl+N"))}},
        {QKeySequence::Open, {QKeySequence(QStringLiteral("Ctrl+O"))}},
        {QKeySequence::Save, {QKeySequence(QStringLiteral("Ctrl+S"))}},
        {QKeySequence::SaveAs, {QKeySequence(QStringLiteral("Ctrl+Shift+S"))}},
        {QKeySequence::Quit, {QKeySequence(QStringLiteral("Ctrl+Q"))}},
        {QKeySequence::Undo, {QKeySequence(QStringLiteral("Ctrl+Z"))}},
        {QKeySequence::Redo,
         {QKeySequence(QStringLiteral("Ctrl+Shift+Z")), QKeySequence(QStringLiteral("Ctrl+Y"))}},
        {QKeySequence::Cut, {QKeySequence(QStringLiteral("Ctrl+X"))}},
        {QKeySequence::Copy, {QKeySequence(QStringLiteral("Ctrl+C"))}},
        {QKeySequence::Paste, {QKeySequence(QStringLiteral("Ctrl+V"))}},
        {QKeySequence::Delete, {QKeySequence(Qt::Key_Delete)}},
        {QKeySequence::SelectAll, {QKeySequence(QStringLiteral("Ctrl+A"))}},
        {QKeySequence::ZoomIn,
         {QKeySequence(QStringLiteral("Ctrl++")), QKeySequence(QStringLiteral("Ctrl+="))}},
        {QKeySequence::ZoomOut, {QKeySequence(QStringLiteral("Ctrl+-"))}},
    };
    QList<QKeySequence> keys = documented.value(key);
    for (const QKeySequence& k : QKeySequence::keyBindings(key)) {
        if (!keys.contains(k))
            keys << k;
    }
    return keys;
}

// --- MainWindow: actions, menus and tool bars ----------------------------------

QAction* MainWindow::action(const QString& objectName) const {
    return findChild<QAction*>(objectName);
}

void MainWindow::createActions() {
    // The platform's standard keys, with the documented sequence first: a bare X11
    // session (no KDE or GNOME theme) has no standard Save As, for example.
    auto make = [this](const char* name, const QString& text, const char* iconName,
                       QKeySequence::StandardKey key = QKeySequence::UnknownKey) {
        auto* a = new QAction(text, this);
        a->setObjectName(QLatin1String(name));
        if (iconName)
            a->setIcon(icon(iconName));
        if (key != QKeySequence::UnknownKey)
            a->setShortcuts(withDocumentedKeys(key));
        return a;
    };
    mNewAction = make("actionNew", tr("&New..."), "document-new", QKeySequence::New);
    connect(mNewAction, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        NewLevelDialog::Settings s;
        s.starterArt = true; // a new level looks like a game from the first stroke
        if (mDocument)
            s.tileSize = mDocument->level().tileSize;
        if (mPrompts->newLevelSettings(this, s))
            replaceWithNewLevel(s); // already asked about unsaved changes
    });
    mOpenAction = make("actionOpen", tr("&Open..."), "document-open", QKeySequence::Open);
    connect(mOpenAction, &QAction::triggered, this, [this] { open(); });
    mSaveAction = make("actionSave", tr("&Save"), "document-save", QKeySequence::Save);
    connect(mSaveAction, &QAction::triggered, this, [this] { save(); });
    mSaveAsAction =
        make("actionSaveAs", tr("Save &As..."), "document-save-as", QKeySequence::SaveAs);
    connect(mSaveAsAction, &QAction::triggered, this, [this] { saveAs(); });
    mCloseAction = make("actionClose", tr("&Close"), nullptr);
    mCloseAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+W")));
    connect(mCloseAction, &QAction::triggered, this, [this] { closeLevel(); });
    mRevertAction = make("actionRevert", tr("&Revert"), nullptr);
    connect(mRevertAction, &QAction::triggered, this, [this] { revert(); });
    mImportTmxAction = make("actionImportTmx", tr("&Import TMX..."), nullptr);
    connect(mImportTmxAction, &QAction::triggered, this, [this] { importTmx(); });
    mExportTmxAction = make("actionExportTmx", tr("&Export TMX..."), nullptr);
    connect(mExportTmxAction, &QAction::triggered, this, [this] { exportTmx(); });
    mQuitAction = make("actionQuit", tr("&Quit"), nullptr, QKeySequence::Quit);
    mQuitAction->setMenuRole(QAction::QuitRole);
    connect(mQuitAction, &QAction::triggered, this, &QWidget::close);

    mUndoAction = make("actionUndo", tr("&Undo"), "edit-undo", QKeySequence::Undo);
    connect(mUndoAction, &QAction::triggered, this, [this] {
        if (mDocument)
            mDocument->undoStack()->undo();
    });
    mRedoAction = make("actionRedo", tr("&Redo"), "edit-redo", QKeySequence::Redo);
    connect(mRedoAction, &QAction::triggered, this, [this] {
        if (mDocument)
            mDocument->undoStack()->redo();
    });
    mCutAction = make("actionCut", tr("Cu&t"), "edit-cut", QKeySequence::Cut);
    mCopyAction = make("actionCopy", tr("&Copy"), "edit-copy", QKeySequence::Copy);
    mPasteAction = make("actionPaste", tr("&Paste"), "edit-paste", QKeySequence::Paste);
    mDeleteAction = make("actionDelete", tr("&Delete"), "edit-delete", QKeySequence::Delete);
    mSelectAllAction = make("actionSelectAll", tr("Select &All"), nullptr, QKeySequence::SelectAll);
    // Tiled's keys for a stamp: while a paste floats, X and Y mirror it and Z and
    // Shift+Z turn it before the click places it; with the Select tool they do the
    // same to the selected tiles in place (X swaps the tile kind the rest of the
    // time: LevelScene::canTransform()).
    mFlipHorizontalAction = make("actionFlipHorizontally", tr("Flip &Horizontally"), nullptr);
    mFlipHorizontalAction->setShortcut(QKeySequence(Qt::Key_X));
    mFlipHorizontalAction->setStatusTip(tr("Mirror the paste or the selection left to right"));
    mFlipVerticalAction = make("actionFlipVertically", tr("Flip &Vertically"), nullptr);
    mFlipVerticalAction->setShortcut(QKeySequence(Qt::Key_Y));
    mFlipVerticalAction->setStatusTip(tr("Mirror the paste or the selection top to bottom"));
    mRotateRightAction = make("actionRotateRight", tr("Rotate &Right"), nullptr);
    mRotateRightAction->setShortcut(QKeySequence(Qt::Key_Z));
    mRotateRightAction->setStatusTip(
        tr("Turn the paste, or the selection about its centre, a quarter turn clockwise"));
    mRotateLeftAction = make("actionRotateLeft", tr("Rotate L&eft"), nullptr);
    mRotateLeftAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Z));
    mRotateLeftAction->setStatusTip(
        tr("Turn the paste, or the selection about its centre, a quarter turn "
           "counterclockwise"));
    mLevelPropertiesAction =
        make("actionLevelProperties", tr("&Level Properties..."), "properties");
    connect(mLevelPropertiesAction, &QAction::triggered, this, [this] {
        if (mDocument)
            mPrompts->levelProperties(this, mDocument.get());
    });

    mZoomInAction = make("actionZoomIn", tr("Zoom &In"), "zoom-in", QKeySequence::ZoomIn);
    mZoomOutAction = make("actionZoomOut", tr("Zoom &Out"), "zoom-out", QKeySequence::ZoomOut);
    mZoomFitAction = make("actionZoomFit", tr("Zoom to &Fit"), "zoom-fit");
    mZoomFitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_9));
    mZoomResetAction = make("actionZoomReset", tr("&Actual Size (100 %)"), "zoom-original");
    mZoomResetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    mGridAction = make("actionGrid", tr("Show &Grid"), "grid");
    mGridAction->setCheckable(true);
    mGridAction->setChecked(true);
    mGridAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    // The collision over the art, or the art alone (LDtk's Shift+R does the same).
    mCollisionAction = make("actionCollision", tr("Show &Collision"), "tile-solid");
    mCollisionAction->setCheckable(true);
    mCollisionAction->setChecked(true);
    mCollisionAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_R));
}

void MainWindow::createMenus() {
    mFileMenu = menuBar()->addMenu(tr("&File"));
    mFileMenu->addAction(mNewAction);
    mFileMenu->addAction(mOpenAction);
    mRecentMenu = mFileMenu->addMenu(tr("Open &Recent"));
    mRecentMenu->setObjectName(QStringLiteral("recentMenu"));
    mFileMenu->addSeparator();
    mFileMenu->addAction(mSaveAction);
    mFileMenu->addAction(mSaveAsAction);
    mFileMenu->addAction(mRevertAction);
    mFileMenu->addAction(mCloseAction);
    mFileMenu->addSeparator();
    mFileMenu->addAction(mImportTmxAction);
    mFileMenu->addAction(mExportTmxAction);
    mFileMenu->addSeparator();
    mFileMenu->addAction(mQuitAction);

    mEditMenu = menuBar()->addMenu(tr("&Edit"));
    mEditMenu->addAction(mUndoAction);
    mEditMenu->addAction(mRedoAction);
    mEditMenu->addSeparator();
    mEditMenu->addAction(mCutAction);
    mEditMenu->addAction(mCopyAction);
    mEditMenu->addAction(mPasteAction);
    mEditMenu->addAction(mDeleteAction);
    mEditMenu->addAction(mSelectAllAction);
    mEditMenu->addSeparator();
    mEditMenu->addAction(mFlipHorizontalAction);
    mEditMenu->addAction(mFlipVerticalAction);
    mEditMenu->addAction(mRotateRightAction);
    mEditMenu->addAction(mRotateLeftAction);
    mEditMenu->addSeparator();
    mEditMenu->addAction(mLevelPropertiesAction);

    mViewMenu = menuBar()->addMenu(tr("&View"));
    mViewMenu->addAction(mZoomInAction);
    mViewMenu->addAction(mZoomOutAction);
    mViewMenu->addAction(mZoomFitAction);
    mViewMenu->addAction(mZoomResetAction);
    mViewMenu->addSeparator();
    mViewMenu->addAction(mGridAction);
    mViewMenu->addAction(mCollisionAction);
    // View > Reachability, then the modes' own menus (addExtension()) go here.
    mViewModesAt = mViewMenu->addSeparator();
    mDocksMenu = mViewMenu->addMenu(tr("&Docks and Tool Bars"));
}

void MainWindow::createToolBars() {
    mMainToolBar = addToolBar(tr("Main Tool Bar"));
    mMainToolBar->setObjectName(QStringLiteral("MainToolBar"));
    mMainToolBar->addAction(mNewAction);
    mMainToolBar->addAction(mOpenAction);
    mMainToolBar->addAction(mSaveAction);
    mMainToolBar->addSeparator();
    mMainToolBar->addAction(mUndoAction);
    mMainToolBar->addAction(mRedoAction);
    mMainToolBar->addSeparator();
    mMainToolBar->addAction(mZoomInAction);
    mMainToolBar->addAction(mZoomOutAction);
    mMainToolBar->addAction(mZoomFitAction);
    mMainToolBar->addAction(mGridAction);
    mMainToolBar->addSeparator();
    mDocksMenu->addAction(mMainToolBar->toggleViewAction());

    // The tool palette: one button per tool (single-key shortcuts come with the
    // tools' actions), then what the tools share: tile kind, brush size, spawn kind.
    mToolPalette = new QToolBar(tr("Tools"), this);
    mToolPalette->setObjectName(QStringLiteral("ToolPalette"));
    mToolPalette->setToolButtonStyle(Qt::ToolButtonIconOnly);
    for (AbstractTool* tool : mTools->tools()) {
        QAction* a = tool->action();
        a->setToolTip(
            tr("%1 (%2)").arg(tool->name(), tool->shortcut().toString(QKeySequence::NativeText)));
        mToolPalette->addAction(a);
    }
    addToolBar(Qt::LeftToolBarArea, mToolPalette);
    mDocksMenu->addAction(mToolPalette->toggleViewAction());
    if (!windowshared::svgIconsAvailable()) {
        mMainToolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
        mToolPalette->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }

    mToolOptions = new QToolBar(tr("Tool Options"), this);
    mToolOptions->setObjectName(QStringLiteral("ToolOptions"));
    mTileKind = new QComboBox(mToolOptions);
    mTileKind->setObjectName(QStringLiteral("tileKindBox"));
    mTileKind->setToolTip(
        tr("Tile kind painted by the brush, line, rectangle and fill tools (X swaps them)"));
    mTileKind->addItem(icon("tile-solid"), tr("Solid"), int(ts::Tile::Solid));
    mTileKind->addItem(icon("tile-oneway"), tr("One-way"), int(ts::Tile::OneWay));
    // X swaps solid and one-way without a trip to the box, as a paint program
    // swaps its two colours; like the tool keys it works from anywhere in the window.
    mSwapKindAction = new QAction(tr("Swap Tile Kind"), this);
    mSwapKindAction->setObjectName(QStringLiteral("actionSwapTileKind"));
    mSwapKindAction->setShortcut(QKeySequence(Qt::Key_X));
    ToolOptions* options = mTools->options();
    connect(mSwapKindAction, &QAction::triggered, this, [options] {
        options->setTileKind(options->tileKind() == ts::Tile::Solid ? ts::Tile::OneWay
                                                                    : ts::Tile::Solid);
    });
    addAction(mSwapKindAction);
    // [ and ] step the brush size, as in paint programs; the size's range is the
    // tool options' (they clamp), so the keys stop at its ends.
    const auto addBrushStep = [this, options](const QString& text, const char* name, Qt::Key key,
                                              int step) {
        auto* a = new QAction(text, this);
        a->setObjectName(QLatin1String(name));
        a->setShortcut(QKeySequence(key));
        connect(a, &QAction::triggered, this,
                [options, step] { options->setBrushSize(options->brushSize() + step); });
        addAction(a);
    };
    addBrushStep(tr("Smaller Brush"), "actionSmallerBrush", Qt::Key_BracketLeft, -1);
    addBrushStep(tr("Larger Brush"), "actionLargerBrush", Qt::Key_BracketRight, +1);
    mBrushSize = new QSpinBox(mToolOptions);
    mBrushSize->setObjectName(QStringLiteral("brushSizeBox"));
    mBrushSize->setRange(1, ToolOptions::kMaxBrushSize);
    mBrushSize->setToolTip(tr("Brush size in tiles (a square of this side; [ and ] step it)"));
    mSpawnKind = new QComboBox(mToolOptions);
    mSpawnKind->setObjectName(QStringLiteral("spawnKindBox"));
    // The spawn tool's keys step the kind (its actions, enabled while it is current);
    // here for their keys, as the tools' own actions are.
    const QList<QAction*> kindActions = mTools->findTool<SpawnTool>()->kindActions();
    QAction* nextKind = kindActions.value(0);
    QAction* previousKind = kindActions.value(1);
    addActions(kindActions);
    mSpawnKind->setToolTip(tr("What the spawn tool places (with the spawn tool, %1 and %2 step it)")
                               .arg(nextKind->shortcut().toString(QKeySequence::NativeText),
                                    previousKind->shortcut().toString(QKeySequence::NativeText)));
    for (const ts::level::SpawnKind k : ts::level::kSpawnKinds)
        mSpawnKind->addItem(spawnKindLabel(k), int(k));
    auto addLabelled = [this](const QString& label, QWidget* w) {
        auto* l = new QLabel(label, mToolOptions);
        l->setContentsMargins(8, 0, 4, 0);
        l->setBuddy(w);
        mToolOptions->addWidget(l);
        mToolOptions->addWidget(w);
    };
    addLabelled(tr("Tile:"), mTileKind);
    addLabelled(tr("Brush size:"), mBrushSize);
    addLabelled(tr("Spawn:"), mSpawnKind);
    addToolBar(Qt::TopToolBarArea, mToolOptions);
    mDocksMenu->addAction(mToolOptions->toggleViewAction());
    // After the brush size's arrows, B, E, ... still choose tools and Ctrl+Z undoes.
    routeToolKeys(mBrushSize);
    routeUndoKeys(mToolOptions, mUndoAction, mRedoAction);

    mTileKind->setCurrentIndex(mTileKind->findData(int(options->tileKind())));
    mBrushSize->setValue(options->brushSize());
    mSpawnKind->setCurrentIndex(mSpawnKind->findData(int(options->spawnKind())));
    connect(mTileKind, &QComboBox::currentIndexChanged, this, [this, options] {
        options->setTileKind(static_cast<ts::Tile>(mTileKind->currentData().toInt()));
    });
    connect(mBrushSize, &QSpinBox::valueChanged, options, &ToolOptions::setBrushSize);
    connect(mSpawnKind, &QComboBox::currentIndexChanged, this, [this, options] {
        options->setSpawnKind(static_cast<ts::level::SpawnKind>(mSpawnKind->currentData().toInt()));
    });
    connect(options, &ToolOptions::tileKindChanged, this,
            [this](ts::Tile k) { mTileKind->setCurrentIndex(mTileKind->findData(int(k))); });
    connect(options, &ToolOptions::brushSizeChanged, mBrushSize, &QSpinBox::setValue);
    connect(options, &ToolOptions::spawnKindChanged, this, [this](ts::level::SpawnKind k) {
        mSpawnKind->setCurrentIndex(mSpawnKind->findData(int(k)));
    });
}

void MainWindow::updateEditActions() {
    const bool selection = mScene && mScene->hasSelection();
    mCutAction->setEnabled(selection);
    mCopyAction->setEnabled(selection);
    mDeleteAction->setEnabled(selection);
    const QMimeData* mime =
        QGuiApplication::clipboard() ? QGuiApplication::clipboard()->mimeData() : nullptr;
    mPasteAction->setEnabled(mime &&
                             (mime->hasFormat(QLatin1String(kRegionMimeType)) || mime->hasText()));
    // X flips (a floating paste, or the selection with the Select tool) or swaps
    // the tile kind: one of the two is enabled, so the key is never ambiguous.
    const bool transform = mScene && mScene->canTransform();
    mFlipHorizontalAction->setEnabled(transform);
    mFlipVerticalAction->setEnabled(transform);
    mRotateRightAction->setEnabled(transform);
    mRotateLeftAction->setEnabled(transform);
    mSwapKindAction->setEnabled(!transform);
}

void MainWindow::updateActions() {
    QUndoStack* stack = mDocument ? mDocument->undoStack() : nullptr;
    mUndoAction->setEnabled(stack && stack->canUndo());
    mRedoAction->setEnabled(stack && stack->canRedo());
    mUndoAction->setText(stack && stack->canUndo() ? tr("&Undo %1").arg(stack->undoText())
                                                   : tr("&Undo"));
    mRedoAction->setText(stack && stack->canRedo() ? tr("&Redo %1").arg(stack->redoText())
                                                   : tr("&Redo"));
}

namespace {
/// A recent file's menu text: its name, and where two entries share a name,
/// its folder too ("tutorial.yaml  ~/levels/old"), as a file's title would not
/// tell them apart. An '&' in a name is shown, not taken for a mnemonic.
QString recentFileLabel(const QStringList& files, int i) {
    const QFileInfo info(files.at(i));
    const QString name = info.fileName();
    const bool shared = std::count_if(files.begin(), files.end(), [&name](const QString& f) {
                            return QFileInfo(f).fileName() == name;
                        }) > 1;
    QString label = name;
    if (shared) {
        QString dir = QDir::cleanPath(info.absolutePath());
        const QString home = QDir::cleanPath(QDir::homePath());
        if (dir == home || dir.startsWith(home + QLatin1Char('/')))
            dir = QLatin1Char('~') + dir.mid(home.size());
        label += QStringLiteral("  ") + QDir::toNativeSeparators(dir);
    }
    label.replace(QLatin1Char('&'), QStringLiteral("&&"));
    return QStringLiteral("&%1 %2").arg(i + 1).arg(label);
}
} // namespace

void MainWindow::updateRecentMenu() {
    mRecentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files.at(i);
        QAction* a = mRecentMenu->addAction(recentFileLabel(files, i));
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        a->setData(path);
        connect(a, &QAction::triggered, this, [this, path] { open(path); });
    }
    if (!files.isEmpty())
        mRecentMenu->addSeparator();
    QAction* clear = mRecentMenu->addAction(tr("&Clear Menu"));
    clear->setEnabled(!files.isEmpty());
    connect(clear, &QAction::triggered, this, &MainWindow::clearRecentFiles);
}
} // namespace ts::editor
