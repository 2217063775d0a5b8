#include "mainwindow.h"

#include "abstracttool.h"
#include "autosave.h"
#include "document.h"
#include "editorview.h"
#include "levelpropertiesdialog.h"
#include "levelscene.h"
#include "propertiesdock.h"
#include "reachability.h"
#include "tmx/tmx.h"
#include "toolmanager.h"
#include "uitext.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoView>

// Outside any namespace, as Q_INIT_RESOURCE requires: links the icons of the
// static editor library into the executable.
static void initTilesmithResources() {
    Q_INIT_RESOURCE(tilesmith);
}

namespace ts::editor {

namespace {
constexpr int kMaxRecentFiles = 10;
const char kRecentFilesKey[] = "recentFiles";
const char kGeometryKey[] = "window/geometry";
const char kStateKey[] = "window/state";
const QString kLevelFilter = QStringLiteral("Tilesmith levels (*.yaml *.yml);;All files (*)");
const QString kTmxFilter = QStringLiteral("Tiled maps (*.tmx);;All files (*)");

QSettings settings() {
    return QSettings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"));
}

QIcon icon(const char* name) {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}
} // namespace

// --- WindowPrompts -----------------------------------------------------------

WindowPrompts::~WindowPrompts() = default;

QMessageBox::StandardButton WindowPrompts::message(QWidget* parent, const Message& m) {
    QMessageBox box(m.icon, m.title, m.text, m.buttons, parent);
    box.setInformativeText(m.informativeText);
    box.setDetailedText(m.detailedText);
    if (m.defaultButton != QMessageBox::NoButton)
        box.setDefaultButton(m.defaultButton);
    for (auto it = m.buttonTexts.begin(); it != m.buttonTexts.end(); ++it) {
        if (QAbstractButton* b = box.button(it.key()))
            b->setText(it.value());
    }
    box.setTextInteractionFlags(Qt::TextSelectableByMouse);
    return static_cast<QMessageBox::StandardButton>(box.exec());
}

QString WindowPrompts::openFileName(QWidget* parent, const QString& caption, const QString& dir,
                                    const QString& filter) {
    return QFileDialog::getOpenFileName(parent, caption, dir, filter);
}

QString WindowPrompts::saveFileName(QWidget* parent, const QString& caption, const QString& dir,
                                    const QString& filter) {
    return QFileDialog::getSaveFileName(parent, caption, dir, filter);
}

bool WindowPrompts::newLevelSettings(QWidget* parent, NewLevelDialog::Settings& settings) {
    NewLevelDialog dialog(parent);
    dialog.setSettings(settings);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    settings = dialog.settings();
    return true;
}

void WindowPrompts::levelProperties(QWidget* parent, LevelDocument* document) {
    LevelPropertiesDialog dialog(document->level(), parent);
    if (dialog.exec() == QDialog::Accepted)
        dialog.applyTo(document);
}

// --- shortcuts -------------------------------------------------------------------

QList<QKeySequence> withDocumentedKeys(QKeySequence::StandardKey key) {
    // What the README promises for each standard key, on every platform.
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

// --- MainWindow ----------------------------------------------------------------

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), mPrompts(std::make_unique<WindowPrompts>()) {
    initTilesmithResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(icon("tilesmith"));
    setDockNestingEnabled(true);

    mAutosave = new Autosave(this);
    // Crash insurance that stopped working must not go unnoticed.
    connect(mAutosave, &Autosave::failed, this,
            [this](const QString& reason) { statusBar()->showMessage(reason); });
    mScene = new LevelScene(nullptr, this);
    mView = new EditorView(mScene, this);
    mView->setObjectName(QStringLiteral("EditorView"));
    setCentralWidget(mView);
    mTools = new ToolManager(this);
    mTools->setScene(mScene);

    createActions();
    createMenus();
    createToolBars();
    createDocks();
    createStatusBar();
    connectSceneAndView();
    mReachability = new ReachabilityOverlay(mScene, mView, this);
    mViewMenu->insertAction(mOverlaysMenu->menuAction(), mReachability->action());
    statusBar()->insertPermanentWidget(0, mReachability->progressWidget());

    setDocument(std::make_unique<LevelDocument>(NewLevelDialog::makeLevel({})));
    updateRecentMenu();
}

MainWindow::~MainWindow() {
    // Views first: they listen to the document.
    mAutosave->setDocument(nullptr);
    mPropertiesDock->setDocument(nullptr);
    mUndoView->setStack(nullptr);
    mScene->setDocument(nullptr);
}

QAction* MainWindow::action(const QString& objectName) const {
    return findChild<QAction*>(objectName);
}

void MainWindow::createActions() {
    // The platform's standard keys, with the README's sequence first: a bare X11
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
    mEditMenu->addAction(mLevelPropertiesAction);

    mViewMenu = menuBar()->addMenu(tr("&View"));
    mViewMenu->addAction(mZoomInAction);
    mViewMenu->addAction(mZoomOutAction);
    mViewMenu->addAction(mZoomFitAction);
    mViewMenu->addAction(mZoomResetAction);
    mViewMenu->addSeparator();
    mViewMenu->addAction(mGridAction);
    mOverlaysMenu = mViewMenu->addMenu(tr("&Overlays"));
    mOverlaysMenu->setObjectName(QStringLiteral("overlaysMenu"));
    mViewMenu->addSeparator();
    mDocksMenu = mViewMenu->addMenu(tr("&Docks and Tool Bars"));

    // Filled by play mode (Play/Pause, Step, Stop).
    mPlayMenu = menuBar()->addMenu(tr("&Play"));
    mPlayMenu->setObjectName(QStringLiteral("playMenu"));
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

    mToolOptions = new QToolBar(tr("Tool Options"), this);
    mToolOptions->setObjectName(QStringLiteral("ToolOptions"));
    mTileKind = new QComboBox(mToolOptions);
    mTileKind->setObjectName(QStringLiteral("tileKindBox"));
    mTileKind->setToolTip(tr("Tile kind painted by the brush, line, rectangle and fill tools"));
    mTileKind->addItem(icon("tile-solid"), tr("Solid"), int(ts::Tile::Solid));
    mTileKind->addItem(icon("tile-oneway"), tr("One-way"), int(ts::Tile::OneWay));
    mBrushSize = new QSpinBox(mToolOptions);
    mBrushSize->setObjectName(QStringLiteral("brushSizeBox"));
    mBrushSize->setRange(1, ToolManager::kMaxBrushSize);
    mBrushSize->setToolTip(tr("Brush size in tiles (a square of this side)"));
    mSpawnKind = new QComboBox(mToolOptions);
    mSpawnKind->setObjectName(QStringLiteral("spawnKindBox"));
    mSpawnKind->setToolTip(tr("What the spawn tool places"));
    for (auto k : {ts::level::SpawnKind::Player, ts::level::SpawnKind::Npc,
                   ts::level::SpawnKind::Box, ts::level::SpawnKind::Ball,
                   ts::level::SpawnKind::Goal}) {
        mSpawnKind->addItem(spawnKindLabel(k), int(k));
    }
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

    mTileKind->setCurrentIndex(mTileKind->findData(int(mTools->tileKind())));
    mBrushSize->setValue(mTools->brushSize());
    mSpawnKind->setCurrentIndex(mSpawnKind->findData(int(mTools->spawnKind())));
    connect(mTileKind, &QComboBox::currentIndexChanged, this, [this] {
        mTools->setTileKind(static_cast<ts::Tile>(mTileKind->currentData().toInt()));
    });
    connect(mBrushSize, &QSpinBox::valueChanged, mTools, &ToolManager::setBrushSize);
    connect(mSpawnKind, &QComboBox::currentIndexChanged, this, [this] {
        mTools->setSpawnKind(static_cast<ts::level::SpawnKind>(mSpawnKind->currentData().toInt()));
    });
    connect(mTools, &ToolManager::tileKindChanged, this,
            [this](ts::Tile k) { mTileKind->setCurrentIndex(mTileKind->findData(int(k))); });
    connect(mTools, &ToolManager::brushSizeChanged, mBrushSize, &QSpinBox::setValue);
    connect(mTools, &ToolManager::spawnKindChanged, this, [this](ts::level::SpawnKind k) {
        mSpawnKind->setCurrentIndex(mSpawnKind->findData(int(k)));
    });
}

void MainWindow::connectSceneAndView() {
    connect(mCutAction, &QAction::triggered, mScene, &LevelScene::cut);
    connect(mCopyAction, &QAction::triggered, mScene, &LevelScene::copy);
    connect(mPasteAction, &QAction::triggered, mScene, &LevelScene::paste);
    connect(mDeleteAction, &QAction::triggered, mScene, &LevelScene::deleteSelection);
    connect(mSelectAllAction, &QAction::triggered, mScene, &LevelScene::selectAll);
    connect(mScene, &LevelScene::editSelectionChanged, this, &MainWindow::updateEditActions);
    connect(mScene, &LevelScene::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    if (QClipboard* clipboard = QGuiApplication::clipboard())
        connect(clipboard, &QClipboard::dataChanged, this, &MainWindow::updateEditActions);
    connect(mScene, &LevelScene::spawnSelectionChanged, mPropertiesDock,
            &PropertiesDock::setSelectedSpawns);

    connect(mZoomInAction, &QAction::triggered, mView, &EditorView::zoomIn);
    connect(mZoomOutAction, &QAction::triggered, mView, &EditorView::zoomOut);
    connect(mZoomFitAction, &QAction::triggered, mView, &EditorView::zoomToFit);
    connect(mZoomResetAction, &QAction::triggered, mView, &EditorView::resetZoom);
    connect(mGridAction, &QAction::toggled, mScene, &LevelScene::setGridVisible);
    mGridAction->setChecked(mScene->isGridVisible());

    connect(mView, &EditorView::zoomChanged, this,
            [this](qreal zoom) { mZoomStatus->setText(tr("%1 %").arg(qRound(zoom * 100))); });
    mZoomStatus->setText(tr("%1 %").arg(qRound(mView->zoom() * 100)));
    connect(mView, &EditorView::hoveredTileChanged, this, &MainWindow::showHoveredTile);

    auto showTool = [this](AbstractTool* tool) {
        mToolStatus->setText(tool ? tool->name() : QString());
        statusBar()->showMessage(tool ? tool->statusHint() : QString());
    };
    connect(mTools, &ToolManager::currentToolChanged, this, showTool);
    connect(mTools, &ToolManager::statusHintChanged, this,
            [this](const QString& hint) { statusBar()->showMessage(hint); });
    showTool(mTools->currentTool());
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
}

void MainWindow::createDocks() {
    mPropertiesDock = new PropertiesDock(this);
    addDock(mPropertiesDock, Qt::RightDockWidgetArea);

    mUndoDock = new QDockWidget(tr("History"), this);
    mUndoDock->setObjectName(QStringLiteral("HistoryDock"));
    mUndoView = new QUndoView(mUndoDock);
    mUndoView->setEmptyLabel(tr("<opened>"));
    mUndoView->setCleanIcon(icon("document-save")); // marks the saved state
    mUndoDock->setWidget(mUndoView);
    addDock(mUndoDock, Qt::RightDockWidgetArea);
    // The spawn form needs the height; the history is a list that scrolls.
    resizeDocks({mPropertiesDock, mUndoDock}, {3, 1}, Qt::Vertical);
    resizeDocks({mPropertiesDock}, {290}, Qt::Horizontal);
}

void MainWindow::addDock(QDockWidget* dock, Qt::DockWidgetArea area) {
    if (dock->objectName().isEmpty())
        dock->setObjectName(dock->windowTitle()); // saveState() needs a name
    addDockWidget(area, dock);
    // More docks on the right share the history's place as tabs, so the
    // properties dock keeps its height.
    if (mUndoDock && dock != mUndoDock && area == Qt::RightDockWidgetArea &&
        dockWidgetArea(mUndoDock) == Qt::RightDockWidgetArea)
        tabifyDockWidget(mUndoDock, dock);
    mDocksMenu->addAction(dock->toggleViewAction());
}

void MainWindow::createStatusBar() {
    auto make = [this](const char* name, int minWidth) {
        auto* l = new QLabel(this);
        l->setObjectName(QLatin1String(name));
        l->setMinimumWidth(minWidth);
        return l;
    };
    mTileStatus = make("tileStatus", 150);
    mToolStatus = make("toolStatus", 110);
    mZoomStatus = make("zoomStatus", 80);
    mSizeStatus = make("sizeStatus", 120);
    // Permanent widgets: tool hints shown with showMessage() do not hide them.
    statusBar()->addPermanentWidget(mTileStatus);
    statusBar()->addPermanentWidget(mToolStatus);
    statusBar()->addPermanentWidget(mZoomStatus);
    statusBar()->addPermanentWidget(mSizeStatus);
}

void MainWindow::setDocument(std::unique_ptr<LevelDocument> document) {
    std::unique_ptr<LevelDocument> old = std::move(mDocument);
    mDocument = std::move(document);
    LevelDocument* doc = mDocument.get();

    mScene->setDocument(doc);
    mAutosave->setDocument(doc);
    mPropertiesDock->setDocument(doc);
    mUndoView->setStack(doc ? doc->undoStack() : nullptr);
    if (doc) {
        QUndoStack* stack = doc->undoStack();
        connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateActions);
        connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateActions);
        connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateActions);
        connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateActions);
        connect(doc, &LevelDocument::modifiedChanged, this, &MainWindow::updateTitle);
        connect(doc, &LevelDocument::filePathChanged, this, &MainWindow::updateTitle);
        connect(doc, &LevelDocument::levelReset, this, &MainWindow::updateSizeStatus);
        connect(doc, &LevelDocument::tilesChanged, this, [this] {
            showHoveredTile(mHoveredTile, mHoveredInside); // the tile under the cursor may differ
        });
    }
    updateTitle();
    updateActions();
    updateSizeStatus();
    showHoveredTile(QPoint(-1, -1), false);
    updateEditActions();
    if (isVisible())
        fitLevelInView();
    emit documentChanged(doc);
    // `old` dies here, after every view let go of it.
}

void MainWindow::fitLevelInView() {
    mView->zoomToFit();
    if (mView->zoom() > 2.0)
        mView->setZoom(2.0);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!mFittedOnce) {
        mFittedOnce = true;
        fitLevelInView();
    }
}

void MainWindow::updateTitle() {
    if (!mDocument) {
        setWindowTitle(QStringLiteral("Tilesmith"));
        setWindowModified(false);
        return;
    }
    // "[*]" is where Qt shows the modified marker.
    setWindowTitle(tr("%1[*] \u2014 Tilesmith").arg(mDocument->displayName()));
    setWindowModified(mDocument->isModified());
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

void MainWindow::updateSizeStatus() {
    if (!mDocument) {
        mSizeStatus->clear();
        return;
    }
    const auto& level = mDocument->level();
    mSizeStatus->setText(tr("%1 x %2 tiles").arg(level.width).arg(level.height));
}

void MainWindow::showHoveredTile(const QPoint& tile, bool inside) {
    mHoveredTile = tile;
    mHoveredInside = inside;
    if (!mDocument || !inside || !mDocument->level().contains(tile.x(), tile.y())) {
        mTileStatus->setText(QString());
        return;
    }
    QString kind;
    switch (mDocument->level().tile(tile.x(), tile.y())) {
    case ts::Tile::Empty:
        kind = tr("empty");
        break;
    case ts::Tile::Solid:
        kind = tr("solid");
        break;
    case ts::Tile::OneWay:
        kind = tr("one-way");
        break;
    }
    mTileStatus->setText(tr("%1, %2 \u2014 %3").arg(tile.x()).arg(tile.y()).arg(kind));
}

// --- file flows --------------------------------------------------------------

bool MainWindow::openFile(const QString& path, QString* error) {
    QString message;
    std::unique_ptr<LevelDocument> doc = LevelDocument::open(path, &message);
    if (!doc) {
        if (error)
            *error = message;
        return false;
    }
    mAutosave->discard();
    setDocument(std::move(doc));
    addRecentFile(path);
    return true;
}

bool MainWindow::saveFile(const QString& path, QString* error) {
    if (!mDocument)
        return false;
    if (!mDocument->save(path, error))
        return false;
    addRecentFile(path);
    return true;
}

void MainWindow::showError(const QString& title, const QString& text, const QString& details) {
    WindowPrompts::Message m;
    m.icon = QMessageBox::Warning;
    m.title = title;
    m.text = text;
    m.informativeText = details;
    m.buttons = QMessageBox::Ok;
    mPrompts->message(this, m);
}

bool MainWindow::maybeSave() {
    if (!mDocument || !mDocument->isModified())
        return true;
    WindowPrompts::Message m;
    m.icon = QMessageBox::Warning;
    m.title = tr("Unsaved Changes");
    m.text = tr("\"%1\" has unsaved changes.").arg(mDocument->displayName());
    m.informativeText = tr("Do you want to save them?");
    m.buttons = QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel;
    m.defaultButton = QMessageBox::Save;
    switch (mPrompts->message(this, m)) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

bool MainWindow::newLevel(const NewLevelDialog::Settings& s) {
    if (!maybeSave())
        return false;
    replaceWithNewLevel(s);
    return true;
}

void MainWindow::replaceWithNewLevel(const NewLevelDialog::Settings& s) {
    mAutosave->discard();
    setDocument(std::make_unique<LevelDocument>(NewLevelDialog::makeLevel(s)));
}

QString MainWindow::fileDialogDir() const {
    if (mDocument && !mDocument->filePath().isEmpty())
        return QFileInfo(mDocument->filePath()).absolutePath();
    const QStringList recent = recentFiles();
    if (!recent.isEmpty())
        return QFileInfo(recent.first()).absolutePath();
    // The user's folders, never the program's working directory.
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

bool MainWindow::open(const QString& requestedPath) {
    if (!maybeSave())
        return false;
    QString path = requestedPath;
    if (path.isEmpty())
        path = mPrompts->openFileName(this, tr("Open Level"), fileDialogDir(), kLevelFilter);
    if (path.isEmpty())
        return false;
    QString error;
    if (!openFile(path, &error)) {
        if (!QFileInfo::exists(path)) {
            // A recent file that went away leaves the menu.
            QStringList files = recentFiles();
            if (files.removeAll(QFileInfo(path).absoluteFilePath()) > 0) {
                settings().setValue(QLatin1String(kRecentFilesKey), files);
                updateRecentMenu();
            }
        }
        showError(tr("Open Failed"), tr("Could not open %1.").arg(QDir::toNativeSeparators(path)),
                  error);
        return false;
    }
    return true;
}

bool MainWindow::save() {
    if (!mDocument)
        return false;
    if (mDocument->filePath().isEmpty())
        return saveAs();
    QString error;
    if (!saveFile(mDocument->filePath(), &error)) {
        showError(tr("Save Failed"),
                  tr("Could not save %1. The file on disk was not changed.")
                      .arg(QDir::toNativeSeparators(mDocument->filePath())),
                  error);
        return false;
    }
    return true;
}

bool MainWindow::saveAs(const QString& requestedPath) {
    if (!mDocument)
        return false;
    QString path = requestedPath;
    if (path.isEmpty()) {
        QString suggestion = mDocument->filePath();
        if (suggestion.isEmpty())
            suggestion = fileDialogDir() + QLatin1Char('/') + mDocument->displayName();
        path = mPrompts->saveFileName(this, tr("Save Level As"), suggestion, kLevelFilter);
    }
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".yaml");
    QString error;
    if (!saveFile(path, &error)) {
        showError(tr("Save Failed"), tr("Could not save %1.").arg(QDir::toNativeSeparators(path)),
                  error);
        return false;
    }
    return true;
}

bool MainWindow::importTmx(const QString& requestedPath) {
    if (!maybeSave())
        return false;
    QString path = requestedPath;
    if (path.isEmpty())
        path = mPrompts->openFileName(this, tr("Import Tiled Map"), fileDialogDir(), kTmxFilter);
    if (path.isEmpty())
        return false;
    ts::level::LoadResult result = ts::tmx::importTmx(path);
    if (!result.ok()) {
        QStringList lines;
        for (const auto& d : result.errors)
            lines << QString::fromStdString(d.toString());
        showError(tr("Import Failed"),
                  tr("Could not import %1.").arg(QDir::toNativeSeparators(path)),
                  lines.join(QLatin1Char('\n')));
        return false;
    }
    auto doc = std::make_unique<LevelDocument>(std::move(*result.level));
    // Not saved as a level yet: closing must ask.
    doc->undoStack()->resetClean();
    mAutosave->discard();
    setDocument(std::move(doc));
    return true;
}

bool MainWindow::exportTmx(const QString& requestedPath) {
    if (!mDocument)
        return false;
    QString path = requestedPath;
    if (path.isEmpty()) {
        QString suggestion = fileDialogDir() + QLatin1Char('/') +
                             QFileInfo(mDocument->displayName()).completeBaseName() +
                             QStringLiteral(".tmx");
        path = mPrompts->saveFileName(this, tr("Export Tiled Map"), suggestion, kTmxFilter);
    }
    if (path.isEmpty())
        return false;
    QString error;
    if (!ts::tmx::exportTmx(mDocument->level(), path, &error)) {
        showError(tr("Export Failed"),
                  tr("Could not export %1.").arg(QDir::toNativeSeparators(path)), error);
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::offerRecovery() {
    const std::vector<RecoveryFile> pending = Autosave::pendingRecoveries();
    if (pending.empty())
        return false;
    const RecoveryFile& r = pending.front();
    WindowPrompts::Message m;
    m.icon = QMessageBox::Question;
    m.title = tr("Recover Unsaved Changes");
    m.text = tr("Tilesmith found unsaved changes to \"%1\" from %2, left by a session that did "
                "not close normally.")
                 .arg(r.originalPath.isEmpty() ? tr("an untitled level")
                                               : QDir::toNativeSeparators(r.originalPath),
                      QLocale().toString(r.saved, QLocale::ShortFormat));
    m.informativeText =
        pending.size() > 1
            ? tr("Restore them? (%n more recovery file(s) will be offered next time.)", nullptr,
                 int(pending.size() - 1))
            : tr("Restore them?");
    m.buttons = QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Cancel;
    m.defaultButton = QMessageBox::Yes;
    m.buttonTexts[QMessageBox::Yes] = tr("Restore");
    m.buttonTexts[QMessageBox::Cancel] = tr("Not Now");
    const QMessageBox::StandardButton answer = mPrompts->message(this, m);
    if (answer == QMessageBox::Discard) {
        QFile::remove(r.recoveryPath);
        return false;
    }
    if (answer != QMessageBox::Yes || !maybeSave())
        return false;
    ts::level::LoadResult loaded = Autosave::loadRecovery(r.recoveryPath);
    if (!loaded.ok()) {
        QStringList lines;
        for (const auto& d : loaded.errors)
            lines << QString::fromStdString(d.toString());
        showError(tr("Recovery Failed"), tr("The recovery file could not be read."),
                  lines.join(QLatin1Char('\n')));
        return false;
    }
    auto doc = std::make_unique<LevelDocument>(std::move(*loaded.level));
    doc->setFilePath(r.originalPath);
    // Restored changes are not on disk yet.
    doc->undoStack()->resetClean();
    setDocument(std::move(doc));
    // The restored document is autosaved again under its own key.
    QFile::remove(r.recoveryPath);
    mAutosave->saveNow();
    if (!loaded.problems.empty()) {
        // Work in progress may break a rule Save checks (no player yet, ...):
        // it is restored anyway, and the user learns what to fix before saving.
        QStringList lines;
        for (const auto& d : loaded.problems)
            lines << QString::fromStdString(d.message);
        WindowPrompts::Message info;
        info.icon = QMessageBox::Information;
        info.title = tr("Recovered With Problems");
        info.text = tr("The unsaved changes were restored, but the level cannot be saved "
                       "until these are fixed:");
        info.informativeText = lines.join(QLatin1Char('\n'));
        info.buttons = QMessageBox::Ok;
        mPrompts->message(this, info);
        statusBar()->showMessage(tr("Restored unsaved changes; %1 to fix before saving")
                                     .arg(countOf(lines.size(), "problem", "problems")));
    }
    return true;
}

void MainWindow::setPrompts(std::unique_ptr<WindowPrompts> prompts) {
    mPrompts = prompts ? std::move(prompts) : std::make_unique<WindowPrompts>();
}

// --- settings ----------------------------------------------------------------

void MainWindow::setSettingsEnabled(bool enabled) {
    mSettingsEnabled = enabled;
    updateRecentMenu();
}

QStringList MainWindow::recentFiles() const {
    if (!mSettingsEnabled)
        return {};
    return settings().value(QLatin1String(kRecentFilesKey)).toStringList();
}

void MainWindow::clearRecentFiles() {
    if (!mSettingsEnabled)
        return;
    settings().remove(QLatin1String(kRecentFilesKey));
    updateRecentMenu();
}

void MainWindow::addRecentFile(const QString& path) {
    if (!mSettingsEnabled)
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings().setValue(QLatin1String(kRecentFilesKey), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
    mRecentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files.at(i);
        QAction* a = mRecentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
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

void MainWindow::restoreWindowState() {
    if (!mSettingsEnabled)
        return;
    QSettings s = settings();
    if (!restoreGeometry(s.value(QLatin1String(kGeometryKey)).toByteArray())) {
        // First start: most of the screen, not Qt's small default size.
        if (const QScreen* screen = this->screen()) {
            const QRect avail = screen->availableGeometry();
            resize(avail.size() * 0.85);
            move(avail.center() - rect().center());
        }
    }
    restoreState(s.value(QLatin1String(kStateKey)).toByteArray());
}

void MainWindow::saveWindowState() {
    if (!mSettingsEnabled)
        return;
    QSettings s = settings();
    s.setValue(QLatin1String(kGeometryKey), saveGeometry());
    s.setValue(QLatin1String(kStateKey), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // A clean close: whatever was autosaved is saved or deliberately discarded.
    mAutosave->discard();
    saveWindowState();
    event->accept();
}

} // namespace ts::editor
