#include "tilesmith/editor/mainwindow.h"

#include "document/autosave.h"
#include "document/diskwatch.h"
#include "mainwindowshared.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/minimapdock.h"
#include "tilesmith/editor/problemsdock.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/editor/windowextension.h"
#include "tools/editortools.h"
#include "widgets/editorstatusbar.h"
#include "widgets/elidedlabel.h"
#include "widgets/layersdock.h"
#include "widgets/propertiesdock.h"
#include "widgets/rulesdock.h"
#include "widgets/spawnsdock.h"
#include "widgets/tilesetdock.h"
#include "widgets/uitext.h"

#include <QAction>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShowEvent>
#include <QStatusBar>
#include <QToolButton>
#include <QUndoView>

#include <cstdio>
#include <utility>

// Outside any namespace, as Q_INIT_RESOURCE requires: links the icons of the
// static editor library into the executable.
static void initTilesmithResources() {
    Q_INIT_RESOURCE(tilesmith);
}

namespace ts::editor {

namespace {
using windowshared::icon;
using windowshared::settings;

} // namespace

// --- MainWindow ----------------------------------------------------------------

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), mPrompts(std::make_unique<WindowPrompts>()) {
    initTilesmithResources();
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(icon("tilesmith"));
    setDockNestingEnabled(true);
    setAcceptDrops(true); // a level or Tiled map dropped on the window opens

    mAutosave = new Autosave(this);
    // Crash insurance that stopped working must not go unnoticed.
    connect(mAutosave, &Autosave::failed, this, [this](const QString& reason) {
        statusBar()->showMessage(reason);
        mAutosaveFailure = reason;
    });
    // ... and a failure said once it works again is taken back.
    connect(mAutosave, &Autosave::saved, this, [this] {
        if (!mAutosaveFailure.isEmpty() && statusBar()->currentMessage() == mAutosaveFailure)
            statusBar()->showMessage(tr("Autosave works again."), 5000);
        mAutosaveFailure.clear();
    });
    mDiskWatch = new DiskWatch(this);
    connect(mDiskWatch, &DiskWatch::changedOnDisk, this, &MainWindow::fileChangedOnDisk);
    connect(mDiskWatch, &DiskWatch::goneChanged, this, &MainWindow::fileGoneChanged);
    mScene = new LevelScene(nullptr, this);
    mView = new EditorView(mScene, this);
    mView->setObjectName(QStringLiteral("EditorView"));
    setCentralWidget(mView);
    // The scene takes no drops; a QGraphicsView accepts them by default and would
    // swallow a file dropped on the level instead of letting the window open it.
    mView->setAcceptDrops(false);
    mTools = new ToolManager(this);
    registerEditorTools(mTools);
    mTools->setScene(mScene);

    createActions();
    createMenus();
    createToolBars();
    createDocks();
    createStatusBar();
    connectSceneAndView();
    mReachability = new ReachabilityOverlay(mScene, mView, this);
    mViewMenu->insertAction(mViewModesAt, mReachability->action());
    // A right click on the map is the tool's when it has one (the Brush picks the tile
    // kind, a drag is cancelled); with the others it opens the context menu (Show Route).
    mReachability->setRightClickTaken([this] {
        const AbstractTool* tool = mTools->currentTool();
        return tool && tool->takesRightClick();
    });
    connect(mReachability->action(), &QAction::toggled, this,
            [this] { showHint(currentToolHint()); });
    // Right of the hint, and the first to give up room to it (see createStatusBar()).
    QWidget* summary = mReachability->progressWidget();
    summary->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
    static_cast<QBoxLayout*>(mHintArea->layout())->addWidget(summary, 1);
    mStatusBar->addSection(summary, mReachability->summaryLabel(), 1);
    // Its findings as a list, tabbed with the History (a click on the summary shows it).
    mProblemsDock = new ProblemsDock(mReachability, mScene, mView, this);
    addDock(mProblemsDock, Qt::RightDockWidgetArea);
    // The level's spawns to pick from, a tab beside the Problems (it follows the scene).
    addDock(new SpawnsDock(mScene, mView, this), Qt::RightDockWidgetArea);

    setDocument(std::make_unique<LevelDocument>(NewLevelDialog::makeLevel({})));
    updateRecentMenu();
    // Said once the first level's hints are up, so they do not replace it at once.
    if (!windowshared::svgIconsAvailable()) {
        const QString missing =
            tr("Qt's SVG image plugin is not installed (Debian: libqt6svg6): the tool bars show "
               "names instead of icons.");
        std::fprintf(stderr, "tilesmith: warning: %s\n", missing.toLocal8Bit().constData());
        showEditMessage(missing);
    }
}

MainWindow::~MainWindow() {
    // The modes first: they run the document in the view.
    for (WindowExtension* extension : std::as_const(mExtensions))
        if (extension)
            extension->setContext({});
    // Views next: they listen to the document.
    mAutosave->setDocument(nullptr);
    mPropertiesDock->setDocument(nullptr);
    mLayersDock->setDocument(nullptr);
    mTilesetDock->setDocument(nullptr);
    mRulesDock->setDocument(nullptr);
    mMinimapDock->minimap()->setDocument(nullptr);
    mUndoView->setStack(nullptr);
    mScene->setDocument(nullptr);
    // The document is a member declared before the window's strings, so it is
    // destroyed after them, and its undo stack's clear() then emits indexChanged
    // when steps were done. That must not reach this half-destroyed window,
    // whose dropEditMessage() would use destroyed QStrings.
    if (mDocument) {
        mDocument->undoStack()->disconnect(this);
        mDocument->disconnect(this);
    }
}

void MainWindow::connectSceneAndView() {
    connect(mCutAction, &QAction::triggered, mScene, &LevelScene::cut);
    connect(mCopyAction, &QAction::triggered, mScene, &LevelScene::copy);
    connect(mPasteAction, &QAction::triggered, mScene, &LevelScene::paste);
    connect(mDeleteAction, &QAction::triggered, mScene, &LevelScene::deleteSelection);
    connect(mSelectAllAction, &QAction::triggered, mScene, &LevelScene::selectAll);
    using ts::leveledit::Transform;
    const std::pair<QAction*, Transform> transforms[] = {
        {mFlipHorizontalAction, Transform::FlipHorizontally},
        {mFlipVerticalAction, Transform::FlipVertically},
        {mRotateRightAction, Transform::RotateClockwise},
        {mRotateLeftAction, Transform::RotateCounterclockwise}};
    for (const auto& [action, t] : transforms)
        connect(action, &QAction::triggered, mScene, [this, t] { mScene->transform(t); });
    connect(mScene, &LevelScene::floatingChanged, this, &MainWindow::updateEditActions);
    // Flip and Rotate act on the selection with the Select tool only.
    connect(mTools, &ToolManager::currentToolChanged, this, &MainWindow::updateEditActions);
    connect(mScene, &LevelScene::editSelectionChanged, this, &MainWindow::updateEditActions);
    connect(mScene, &LevelScene::statusMessage, this, &MainWindow::showEditMessage);
    if (QClipboard* clipboard = QGuiApplication::clipboard())
        connect(clipboard, &QClipboard::dataChanged, this, &MainWindow::updateEditActions);
    connect(mScene, &LevelScene::spawnSelectionChanged, mPropertiesDock,
            &PropertiesDock::setSelectedSpawns);
    connect(mPropertiesDock, &PropertiesDock::statusMessage, this, &MainWindow::showEditMessage);
    // Another selection makes an edit's message ("Box #4 stays at ...") old news.
    connect(mScene, &LevelScene::editSelectionChanged, this,
            [this, seen = EditSelection()]() mutable {
                const EditSelection now = mScene->selection();
                if (now == seen)
                    return;
                seen = now;
                dropEditMessage();
            });

    connect(mZoomInAction, &QAction::triggered, mView, &EditorView::zoomIn);
    connect(mZoomOutAction, &QAction::triggered, mView, &EditorView::zoomOut);
    connect(mZoomFitAction, &QAction::triggered, mView, &EditorView::zoomToFit);
    connect(mZoomResetAction, &QAction::triggered, mView, &EditorView::resetZoom);
    connect(mGridAction, &QAction::toggled, mScene, &LevelScene::setGridVisible);
    mGridAction->setChecked(mScene->isGridVisible());
    connect(mCollisionAction, &QAction::toggled, mScene, &LevelScene::setCollisionShown);
    connect(mScene, &LevelScene::collisionShownChanged, mCollisionAction, &QAction::setChecked);

    connect(mView, &EditorView::zoomChanged, this,
            [this](qreal zoom) { mZoomStatus->setText(tr("%1 %").arg(qRound(zoom * 100))); });
    mZoomStatus->setText(tr("%1 %").arg(qRound(mView->zoom() * 100)));
    connect(mView, &EditorView::hoveredTileChanged, this, &MainWindow::showHoveredTile);
    connect(mView, &EditorView::hoveredSpawnChanged, this,
            [this] { showHoveredTile(mHoveredTile, mHoveredInside); });

    auto showTool = [this](AbstractTool* tool) {
        mToolStatus->setText(tool ? tool->name() : QString());
        showHint(currentToolHint());
    };
    connect(mTools, &ToolManager::currentToolChanged, this, showTool);
    connect(mTools, &ToolManager::statusHintChanged, this, &MainWindow::showHint);
    // A menu's status tips and timed messages ("Exported ...") clear the bar when
    // they end: the hint comes back instead of leaving the bar empty.
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString& message) {
        if (message.isEmpty() && (mTools->currentTool() || !mModeHint.isEmpty()))
            showHint(currentToolHint());
    });
    showTool(mTools->currentTool());
}

void MainWindow::showEditMessage(const QString& text) {
    mEditMessage = text;
    statusBar()->showMessage(text, 10000);
}

void MainWindow::dropEditMessage() {
    // "Pasted 12 tiles." after the paste was undone would claim what is gone.
    if (!mEditMessage.isEmpty() && statusBar()->currentMessage() == mEditMessage)
        showHint(currentToolHint());
    mEditMessage.clear();
}

QString MainWindow::currentToolHint() const {
    const AbstractTool* tool = mTools ? mTools->currentTool() : nullptr;
    return tool ? tool->statusHint() : QString();
}

void MainWindow::showHint(const QString& toolHint) {
    // A tool without a right click of its own says what the right click opens.
    const AbstractTool* tool = mTools ? mTools->currentTool() : nullptr;
    const bool routes =
        tool && !tool->takesRightClick() && mReachability && mReachability->action()->isChecked();
    const QString hint =
        routes ? tr("%1 Right click a tinted surface or a goal: Show Route.").arg(toolHint)
               : toolHint;
    mShownHint = mModeHint.isEmpty() ? hint : mModeHint;
    statusBar()->showMessage(mShownHint);
}

void MainWindow::setModeHint(const QString& hint) {
    if (hint == mModeHint)
        return;
    // A timed message ("Tile 13, 6 has no room ...: playing from ...") stays
    // readable; the new hint comes when it ends (messageChanged above).
    const QString bar = statusBar()->currentMessage();
    const bool timedMessage = !bar.isEmpty() && bar != mShownHint;
    mModeHint = hint;
    if (!timedMessage)
        showHint(currentToolHint());
}

void MainWindow::createStatusBar() {
    // Sections with separators between them (see EditorStatusBar).
    mStatusBar = new EditorStatusBar(this);
    setStatusBar(mStatusBar);
    // A readout keeps a reserved width while the window has room (a changing
    // coordinate does not move its neighbours); short of room, once the hint and
    // the summary are at their least, the readouts give theirs up to `least`, a
    // text as wide as their usual values (shortened at a word below their text's
    // width, the whole text in the tooltip), so the window can be as narrow as
    // about 510 px. `least` is fixed: the window's minimum does not follow the mouse.
    auto make = [this](const char* name, int reserved, const QString& least) {
        auto* l = new ElidedLabel(this);
        l->setObjectName(QLatin1String(name));
        l->setReservedWidth(reserved);
        l->setLeastText(least);
        l->setFullTextTip(true);
        return l;
    };
    // The hint (statusBar()->showMessage()) is drawn by a label of its own, which
    // shortens it at a word in the room the readouts leave, shared with the
    // reachability summary (QStatusBar's own drawing of the message gets none). The
    // summary gives up room first: a box layout squeezes an item with a stretch factor
    // to its minimum (the problems and "…") before the others give anything; the
    // readouts give up room last (see make()). The window is no narrower than all of
    // them at their least (EditorStatusBar).
    mHintArea = new QWidget(this);
    auto* hintLayout = new QHBoxLayout(mHintArea);
    hintLayout->setContentsMargins(0, 0, 0, 0);
    mHintStatus = new ElidedLabel(mHintArea);
    mHintStatus->setObjectName(QStringLiteral("hintStatus"));
    mHintStatus->setFullTextTip(true);
    connect(statusBar(), &QStatusBar::messageChanged, mHintStatus, &QLabel::setText);
    hintLayout->addWidget(mHintStatus);
    statusBar()->addPermanentWidget(mHintArea, 1);
    mStatusBar->addSection(mHintStatus);
    // The longest tool name, the largest zoom, the largest map's coordinates and size.
    QString longestTool;
    for (const AbstractTool* tool : mTools->tools())
        if (fontMetrics().horizontalAdvance(tool->name()) >
            fontMetrics().horizontalAdvance(longestTool))
            longestTool = tool->name();
    const QString ellipsis = QStringLiteral("\u2026");
    mTileStatus = make("tileStatus", 150, tr("%1, %2").arg(8888).arg(8888) + ellipsis);
    mToolStatus = make("toolStatus", 110, longestTool);
    mZoomStatus = make("zoomStatus", 80, tr("%1 %").arg(1600));
    mSizeStatus = make("sizeStatus", 120, tr("%1 x %2").arg(8888).arg(8888) + ellipsis);
    // Permanent widgets: tool hints shown with showMessage() do not hide them.
    statusBar()->addPermanentWidget(mTileStatus);
    statusBar()->addPermanentWidget(mToolStatus);
    statusBar()->addPermanentWidget(mZoomStatus);
    statusBar()->addPermanentWidget(mSizeStatus);
    for (QLabel* readout : {mTileStatus, mToolStatus, mZoomStatus, mSizeStatus})
        mStatusBar->addSection(readout);
}

void MainWindow::setDocument(std::unique_ptr<LevelDocument> document) {
    std::unique_ptr<LevelDocument> old = std::move(mDocument);
    mDocument = std::move(document);
    mImportedFrom.clear();
    LevelDocument* doc = mDocument.get();

    mScene->setDocument(doc);
    mAutosave->setDocument(doc);
    mDiskWatch->setDocument(doc);
    mAutosave->setFileGone(mDiskWatch->fileGone()); // a recovered level whose file is gone
    mPropertiesDock->setDocument(doc);
    mLayersDock->setDocument(doc);
    mTilesetDock->setDocument(doc);
    mRulesDock->setDocument(doc);
    mMinimapDock->minimap()->setDocument(doc);
    mUndoView->setStack(doc ? doc->undoStack() : nullptr);
    if (doc) {
        QUndoStack* stack = doc->undoStack();
        connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateActions);
        connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateActions);
        connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateActions);
        connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateActions);
        connect(stack, &QUndoStack::indexChanged, this, &MainWindow::dropEditMessage);
        connect(doc, &LevelDocument::modifiedChanged, this, &MainWindow::updateTitle);
        connect(doc, &LevelDocument::filePathChanged, this, &MainWindow::updateTitle);
        // An untitled level's title follows its name (Level Properties).
        connect(doc, &LevelDocument::settingsChanged, this, &MainWindow::updateTitle);
        connect(doc, &LevelDocument::levelReset, this, &MainWindow::updateSizeStatus);
        // The tile under the cursor may differ, or the spawn there (another kind).
        const auto showAgain = [this] { showHoveredTile(mHoveredTile, mHoveredInside); };
        connect(doc, &LevelDocument::tilesChanged, this, showAgain);
        connect(doc, &LevelDocument::spawnsChanged, this, showAgain);
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
    // Revert needs a file to go back to (the title follows the file, so it is updated here).
    if (mRevertAction)
        mRevertAction->setEnabled(mDocument && !mDocument->filePath().isEmpty() &&
                                  !mDiskWatch->fileGone());
    if (!mDocument) {
        setWindowTitle(QStringLiteral("Tilesmith"));
        setWindowModified(false);
        return;
    }
    // A level with no file yet is named as Save will propose to name it, and
    // marked as having none ("Cave.yaml (not saved)"); an imported one says so.
    QString name = documentTitle();
    if (mDocument->filePath().isEmpty() && mImportedFrom.isEmpty())
        name = tr("%1 (not saved)").arg(name);
    else if (mDiskWatch->fileGone())
        name = tr("%1 (not on disk)").arg(name);
    // "[*]" is where Qt shows the modified marker.
    setWindowTitle(tr("%1[*] \u2014 Tilesmith").arg(name));
    setWindowModified(mDocument->isModified());
}

QString MainWindow::documentTitle() const {
    if (!mDocument)
        return {};
    if (mDocument->filePath().isEmpty() && !mImportedFrom.isEmpty())
        return tr("%1 (imported)").arg(QFileInfo(mImportedFrom).fileName());
    return suggestedFileName();
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
    QString text = tr("%1, %2 \u2014 %3")
                       .arg(tile.x())
                       .arg(tile.y())
                       .arg(tileKindLabel(mDocument->level().tile(tile.x(), tile.y())));
    // The spawn under the mouse, named as the properties dock names it.
    if (const ts::level::Spawn* spawn = mDocument->level().findSpawn(mView->hoveredSpawn()))
        text = tr("%1 \u2014 %2").arg(text, spawnLabel(*spawn));
    mTileStatus->setText(text);
}

// --- settings ----------------------------------------------------------------

void MainWindow::setSettingsEnabled(bool enabled) {
    mSettingsEnabled = enabled;
    updateRecentMenu();
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
