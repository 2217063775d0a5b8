// The main window's side of the modes that run in it (WindowExtension: play mode,
// replays): it places what they add, tells them the open level and follows their
// signals. The window knows them only through the interface.
#include "tilesmith/editor/mainwindow.h"

#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/minimapdock.h"
#include "tilesmith/editor/problemsdock.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/windowextension.h"

#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>

namespace ts::editor {

WindowExtension::WindowExtension(QObject* parent) : QObject(parent) {
}

WindowExtension::~WindowExtension() = default;

WindowContext MainWindow::context() const {
    WindowContext c;
    c.document = mDocument.get();
    c.view = mView;
    c.reachability = mReachability;
    c.prompts = mPrompts.get();
    c.window = const_cast<MainWindow*>(this);
    return c;
}

void MainWindow::addExtension(WindowExtension* extension) {
    if (!extension || mExtensions.contains(extension))
        return;
    mExtensions << extension;
    // The window takes the menus: they go with it (an extension that goes first takes
    // them along).
    for (QMenu* menu : extension->menus()) {
        menu->setParent(this, menu->windowFlags());
        menuBar()->addMenu(menu);
    }
    for (QMenu* menu : extension->viewMenus()) {
        menu->setParent(this, menu->windowFlags());
        mViewMenu->insertMenu(mViewModesAt, menu);
    }
    if (const QList<QAction*> actions = extension->toolBarActions(); !actions.isEmpty()) {
        mMainToolBar->addSeparator();
        mMainToolBar->addActions(actions);
    }
    for (const WindowExtension::Dock& d : extension->docks())
        addDock(d.dock, d.area);

    connect(
        extension, &WindowExtension::statusMessage, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(extension, &WindowExtension::modeHintChanged, this, &MainWindow::setModeHint);
    connect(extension, &WindowExtension::editingSuspended, this, &MainWindow::setEditingSuspended);
    connect(extension, &WindowExtension::minimapMarksChanged, this,
            [this](const std::optional<std::vector<MinimapMark>>& marks) {
                mMinimapDock->minimap()->setLiveMarks(marks);
            });
    // Going to a finding in the Problems dock stops a mode that runs the level.
    connect(mProblemsDock, &ProblemsDock::editingRequested, extension,
            &WindowExtension::editRequested);
    connect(this, &MainWindow::documentChanged, extension,
            [this, extension] { extension->setContext(context()); });
    connect(extension, &QObject::destroyed, this,
            [this, extension] { mExtensions.removeAll(extension); });
    extension->setContext(context());
}

void MainWindow::setEditingSuspended(bool suspended) {
    mScene->setEditingSuspended(suspended);
    mReachability->setTintVisible(!suspended);
}

} // namespace ts::editor
