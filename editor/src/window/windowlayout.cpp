// The main window's docks and what is kept of the window between starts: the docks'
// default arrangement (at the start and View > Reset Layout), a map that keeps a
// usable size as the window shrinks, dock tabs that keep their titles, and the
// window's state saved on close and restored at the next start, unless squashed.
#include "tilesmith/editor/mainwindow.h"

#include "mainwindowshared.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/fieldkeys.h"
#include "tilesmith/editor/minimapdock.h"
#include "tilesmith/editor/problemsdock.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "widgets/layersdock.h"
#include "widgets/propertiesdock.h"
#include "widgets/rulesdock.h"
#include "widgets/tilesetdock.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QChildEvent>
#include <QDockWidget>
#include <QEvent>
#include <QMenu>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoView>

#include <algorithm>
#include <utility>

namespace ts::editor {

namespace {
const char kGeometryKey[] = "window/geometry";
const char kStateKey[] = "window/state";
// The docks' layout: 1 added the Rules dock (restoreWindowState() places it in an older one).
constexpr int kLayoutVersion = 1;
using namespace windowshared::optionkeys;

/// A stored on/off option: "true" or "false" (as QSettings writes a bool), anything
/// else is not one and leaves the option as it is.
void restoreChecked(const QSettings& s, const char* key, QAction* action) {
    const QString v = s.value(QLatin1String(key)).toString();
    if (v == QLatin1String("true") || v == QLatin1String("false"))
        action->setChecked(v == QLatin1String("true"));
}

/// The dock column's width in the default layout, at least (as wide as the widest dock's
/// content needs, see sizeDocks()).
constexpr int kDockColumnWidth = 290;
/// A dock whose content is wider than this at its least scrolls it sideways in a narrow
/// column, rather than holding the column wide and squeezing the map (its height is the
/// content's least, as before).
constexpr int kDockLeastWidth = 150;

/// The size a layout gives `widget` at its least: its minimum size where set, else its
/// minimum size hint (as QLayout does).
QSize leastSize(const QWidget* widget) {
    const QSize set = widget->minimumSize();
    const QSize hint = widget->minimumSizeHint();
    return {set.width() > 0 ? set.width() : hint.width(),
            set.height() > 0 ? set.height() : hint.height()};
}

/// The width `dock`'s content needs: a dock that letDockShrink() let go narrower than
/// that scrolls it sideways.
int leastContentWidth(const QDockWidget* dock) {
    const QWidget* content = dock->widget();
    if (const auto* scroll = qobject_cast<const QScrollArea*>(content);
        scroll && scroll->objectName().endsWith(QLatin1String("Shrink")) && scroll->widget())
        content = scroll->widget();
    return content ? leastSize(content).width() : 0;
}

/// Lays out a dock's content in its sideways scroll area: as wide as the area, or its
/// least width and scrolled sideways; as high as the area, which is kept as high as the
/// content needs at least as the content changes (the Replays dock's timeline appears
/// when a replay is watched; only a sideways scroll bar then makes it scroll down too).
/// QScrollArea's own resizing would give a content with word wrap its height for the
/// width instead, and push what is below it out of sight.
class SidewaysFit : public QObject {
public:
    explicit SidewaysFit(QScrollArea* scroll) : QObject(scroll), mScroll(scroll) {}
    bool eventFilter(QObject*, QEvent* event) override {
        const QEvent::Type t = event->type();
        if (t == QEvent::LayoutRequest || t == QEvent::Resize || t == QEvent::Show ||
            t == QEvent::Hide)
            QTimer::singleShot(0, this, &SidewaysFit::fit);
        return false;
    }
    void fit() {
        QWidget* content = mScroll->widget();
        if (!content)
            return;
        const QSize least = leastSize(content);
        mScroll->setMinimumHeight(least.height());
        const QSize area = mScroll->viewport()->size();
        content->resize(std::max(area.width(), least.width()),
                        std::max(area.height(), least.height()));
    }

private:
    QScrollArea* mScroll;
};

void letDockShrink(QDockWidget* dock) {
    QWidget* content = dock->widget();
    if (!content || leastSize(content).width() <= kDockLeastWidth)
        return;
    auto* scroll = new QScrollArea(dock);
    scroll->setObjectName(dock->objectName() + QStringLiteral("Shrink"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(false);   // SidewaysFit sizes the content
    scroll->setFocusPolicy(Qt::NoFocus); // the keyboard stays where the dock's own widgets put it
    // Only sideways: as high at least as the content needs (the window's least height is
    // what it was).
    scroll->setMinimumHeight(leastSize(content).height());
    scroll->setWidget(content);
    auto* fit = new SidewaysFit(scroll);
    content->installEventFilter(fit);
    scroll->viewport()->installEventFilter(fit);
    fit->fit();
    dock->setWidget(scroll);
}

using windowshared::icon;
using windowshared::settings;

/// Dock tab bars keep their titles whole (scroll buttons when they do not fit)
/// rather than cutting seven of them to "H…", "L…": QMainWindow makes its tab bars
/// as docks are tabbed, so each is set up as it comes.
class DockTabBars : public QObject {
public:
    using QObject::QObject;
    static void setUp(QTabBar* bar) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ChildAdded || event->type() == QEvent::ChildPolished)
            if (auto* bar = qobject_cast<QTabBar*>(static_cast<QChildEvent*>(event)->child()))
                setUp(bar);
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

QSize MainWindow::usableMapSize() {
    return {240, 160};
}

void MainWindow::createDocks() {
    // The map gives way last: the docks shrink to their least first (below that the
    // window is no smaller).
    mView->setMinimumSize(usableMapSize());
    installEventFilter(new DockTabBars(this));
    mPropertiesDock = new PropertiesDock(this);
    addDock(mPropertiesDock, Qt::RightDockWidgetArea);
    // Ctrl+Z after Enter in a field undoes that edit (the field has nothing left to undo).
    routeUndoKeys(mPropertiesDock, mUndoAction, mRedoAction);
    // Its number fields have no use for letters: after typing a mass, S still
    // picks the Select tool (as in the tool bar's brush size).
    // Esc drops what is typed and goes back to the map (focus stayed in the dock).
    for (QAbstractSpinBox* field : mPropertiesDock->findChildren<QAbstractSpinBox*>()) {
        routeToolKeys(field);
        routeEscape(field, mView);
    }

    mUndoDock = new QDockWidget(tr("History"), this);
    mUndoDock->setObjectName(QStringLiteral("HistoryDock"));
    mUndoView = new QUndoView(mUndoDock);
    mUndoView->setEmptyLabel(tr("<opened>"));
    mUndoView->setCleanIcon(icon("document-save")); // marks the saved state
    mUndoDock->setWidget(mUndoView);
    addDock(mUndoDock, Qt::RightDockWidgetArea);
    // The whole level at a glance, always in sight under the spawn form.
    mMinimapDock = new MinimapDock(this);
    mMinimapDock->minimap()->setView(mView);
    addDock(mMinimapDock, Qt::RightDockWidgetArea, mPropertiesDock);
    // What the level draws and which layer the painting tools work on.
    mLayersDock = new LayersDock(mTools->options(), this);
    mLayersDock->setScene(mScene);
    connect(mLayersDock, &LayersDock::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    addDock(mLayersDock, Qt::RightDockWidgetArea);
    // The tiles to paint an art layer with, a tab beside the Layers.
    mTilesetDock = new TilesetDock(mTools->options(), this);
    mTilesetDock->setScene(mScene);
    mTilesetDock->setPrompts([this] { return prompts(); });
    connect(mTilesetDock, &TilesetDock::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    addDock(mTilesetDock, Qt::RightDockWidgetArea);
    // An art layer made active elsewhere (not in the Layers list) brings its tiles forward.
    connect(mTools->options(), &ToolOptions::activeLayerChanged, this, [this] {
        if (mTools->options()->activeLayerIndex() >= 0 && mLayersDock->visibleRegion().isEmpty())
            mTilesetDock->raise();
    });
    // The active auto layer's rules: a tab beside the Layers and Tileset docks (a tab
    // of its own would cost the smallest window a tab bar's height).
    mRulesDock = new RulesDock(mTools->options(), this);
    mRulesDock->setScene(mScene);
    connect(mRulesDock, &RulesDock::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(mRulesDock, &RulesDock::addAutoLayerRequested, mLayersDock->addAutoButton(),
            &QAbstractButton::click);
    addDock(mRulesDock, Qt::RightDockWidgetArea);
    sizeDocks();

    mResetLayoutAction = new QAction(tr("Reset &Layout"), this);
    mResetLayoutAction->setObjectName(QStringLiteral("actionResetLayout"));
    mResetLayoutAction->setStatusTip(
        tr("Put every dock and tool bar back where it starts, at its first size"));
    connect(mResetLayoutAction, &QAction::triggered, this, &MainWindow::resetLayout);
    mViewMenu->addAction(mResetLayoutAction);
}

void MainWindow::addDock(QDockWidget* dock, Qt::DockWidgetArea area, QDockWidget* below) {
    if (dock->objectName().isEmpty())
        dock->setObjectName(dock->windowTitle()); // saveState() needs a name
    letDockShrink(dock);
    mDockPlaces.append({dock, area, below, !dock->isHidden()});
    placeDock(mDockPlaces.constLast());
    mDocksMenu->addAction(dock->toggleViewAction());
    // A dock added after the window's own (the Spawns dock, play mode's) widens the
    // column as theirs did, so its content does not scroll sideways in the default layout.
    if (mResetLayoutAction)
        sizeDocks();
}

void MainWindow::placeDock(const DockPlace& place) {
    QDockWidget* dock = place.dock;
    addDockWidget(place.area, dock);
    // More docks on the right share the history's place as tabs, so the
    // properties dock keeps its height.
    if (place.below)
        splitDockWidget(place.below, dock, Qt::Vertical);
    else if (mUndoDock && dock != mUndoDock && place.area == Qt::RightDockWidgetArea &&
             dockWidgetArea(mUndoDock) == Qt::RightDockWidgetArea)
        tabifyDockWidget(mUndoDock, dock);
}

void MainWindow::sizeDocks() {
    // The spawn form needs the height; the history is a list that scrolls.
    resizeDocks({mPropertiesDock, mMinimapDock, mUndoDock}, {3, 1, 1}, Qt::Vertical);
    // Wide enough for every dock's content: none scrolls sideways in the default layout.
    int width = kDockColumnWidth;
    for (const DockPlace& place : std::as_const(mDockPlaces))
        if (place.area == Qt::RightDockWidgetArea)
            width = std::max(width, leastContentWidth(place.dock));
    resizeDocks({mPropertiesDock}, {width}, Qt::Horizontal);
}

void MainWindow::resetLayout() {
    // Every dock taken out, then docked again in the order it came, where it came, and
    // shown as it was, History in front of its tabs.
    for (const DockPlace& place : std::as_const(mDockPlaces)) {
        place.dock->setFloating(false);
        removeDockWidget(place.dock);
    }
    for (const DockPlace& place : std::as_const(mDockPlaces)) {
        placeDock(place);
        place.dock->setVisible(place.shown);
    }
    mUndoDock->raise();
    for (QToolBar* bar : {mMainToolBar, mToolPalette, mToolOptions})
        bar->show();
    sizeDocks();
}

bool MainWindow::isLayoutSquashed() const {
    // The map under a usable size, or a dock in sight at its least (a strip of a
    // mini-map, two rows of Properties, a column too narrow for its docks' content):
    // what a window made very small leaves behind.
    if (mView->width() < usableMapSize().width() || mView->height() < usableMapSize().height())
        return true;
    // Heights are judged for the docks the default layout sizes (a list that scrolls, as
    // History's tab group, may well be short).
    for (const DockPlace& place : mDockPlaces) {
        const QDockWidget* dock = place.dock;
        if (!dock->isVisible() || dock->isFloating() || dock->visibleRegion().isEmpty())
            continue;
        const QSize least = dock->minimumSizeHint().expandedTo(dock->minimumSize());
        const bool sized = dock == mPropertiesDock || dock == mMinimapDock;
        if ((sized && dock->height() <= least.height() + 2) ||
            dock->width() < leastContentWidth(dock))
            return true;
    }
    return false;
}

// --- settings ----------------------------------------------------------------

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
    const QByteArray state = s.value(QLatin1String(kStateKey)).toByteArray();
    if (!restoreState(state, kLayoutVersion) && restoreState(state, 0)) {
        // A layout saved before the art docks would bring them back hidden: in their place.
        for (QDockWidget* dock :
             {static_cast<QDockWidget*>(mTilesetDock), static_cast<QDockWidget*>(mRulesDock)}) {
            tabifyDockWidget(mUndoDock, dock);
            dock->show();
        }
        mUndoDock->raise();
    }
    // A squashed layout saved by an older version is not brought back: once the window
    // is shown and laid out, the docks go back to their default places and sizes.
    QTimer::singleShot(0, this, [this] {
        if (isLayoutSquashed())
            resetLayout();
    });
    // A value this version does not know (an edited file, another version's) is
    // left alone: the option keeps its default.
    const QString kind = s.value(QLatin1String(kTileKindKey)).toString();
    for (const ts::Tile tile : kPaintedKinds)
        if (kind == QLatin1String(ts::level::tileKindName(tile)))
            mTools->options()->setTileKind(tile);
    bool isNumber = false;
    const int size = s.value(QLatin1String(kBrushSizeKey)).toString().toInt(&isNumber);
    if (isNumber)
        mTools->options()->setBrushSize(size); // clamped to the options' range
    ts::level::SpawnKind spawnKind{};
    if (ts::level::spawnKindFromName(s.value(QLatin1String(kSpawnKindKey)).toString().toStdString(),
                                     spawnKind))
        mTools->options()->restorePickedSpawnKind(
            spawnKind); // after the player, if the level has none
    restoreChecked(s, kShowGridKey, mGridAction);
    // The search starts on the level already open, as if Ctrl+Shift+R were pressed.
    restoreChecked(s, kReachabilityKey, mReachability->action());
    rememberOptionsAsTheyChange();
}

void MainWindow::saveWindowState() {
    if (!mSettingsEnabled)
        return;
    QSettings s = settings();
    s.setValue(QLatin1String(kGeometryKey), saveGeometry());
    // A squashed layout is not kept: the next start has the last good one, or the default.
    if (!isVisible() || !isLayoutSquashed())
        s.setValue(QLatin1String(kStateKey), saveState(kLayoutVersion));
    saveOptions();
}

} // namespace ts::editor
