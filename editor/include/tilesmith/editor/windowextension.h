// A mode that runs in the main window (play mode, replays) and the window's side of it.
// The window asks each extension for its menus, tool-bar actions and docks once, when it
// is added (MainWindow::addExtension()), as Tiled's main window asks each editor for
// its tool bars and docks, and tells it which level and view are open; the extension
// answers through its signals. The editor knows no extension by name.
#pragma once

#include "tilesmith/editor/minimapdock.h" // MinimapMark

#include <QList>
#include <QObject>
#include <QString>

#include <optional>
#include <vector>

class QAction;
class QDockWidget;
class QMenu;
class QWidget;

namespace ts::editor {

class EditorView;
class LevelDocument;
class ReachabilityOverlay;
class WindowPrompts;

/// What the window shares with its extensions.
struct WindowContext {
    LevelDocument* document = nullptr; ///< the open level (null: none)
    EditorView* view = nullptr;        ///< the view showing it
    /// View > Reachability: its answer, and the routes Show Route asks to be played.
    ReachabilityOverlay* reachability = nullptr;
    /// Every question the window asks goes through these (tests answer them).
    WindowPrompts* prompts = nullptr;
    QWidget* window = nullptr; ///< the parent of the extension's dialogs
};

class WindowExtension : public QObject {
    Q_OBJECT
public:
    /// A dock and the side of the window it starts on.
    struct Dock {
        QDockWidget* dock = nullptr;
        Qt::DockWidgetArea area = Qt::RightDockWidgetArea;
    };

    explicit WindowExtension(QObject* parent = nullptr);
    ~WindowExtension() override;

    // --- what the window asks for, once, when the extension is added ------------
    /// Menus for the menu bar ("Play"); the window becomes their parent.
    virtual QList<QMenu*> menus() { return {}; }
    /// Sub-menus for the View menu ("Overlays"); the window becomes their parent.
    virtual QList<QMenu*> viewMenus() { return {}; }
    /// Actions for the main tool bar, after the window's own.
    virtual QList<QAction*> toolBarActions() { return {}; }
    virtual QList<Dock> docks() { return {}; }

    // --- what the window tells it -------------------------------------------------
    /// The open level or its view changed (also once when the extension is added).
    virtual void setContext(const WindowContext& context) = 0;
    /// The designer goes to edit the level from elsewhere (a finding in the Problems
    /// dock): a mode that runs the level stops first.
    virtual void editRequested() {}

signals:
    /// A message for the status bar, for `timeoutMs` (0: until the next one).
    void statusMessage(const QString& text, int timeoutMs);
    /// The status bar's hint while the mode runs: what the keys do then (empty: the
    /// current tool's hint again).
    void modeHintChanged(const QString& hint);
    /// The level runs apart from the editing (a play session, a watched replay): the
    /// editor hides what the running world contradicts (the bodies' spawn glyphs, jump
    /// arcs, the reachability tint) until it is false again.
    void editingSuspended(bool suspended);
    /// Where the mini-map marks the bodies while the level runs (std::nullopt: at
    /// their spawns again).
    void minimapMarksChanged(const std::optional<std::vector<ts::editor::MinimapMark>>& marks);
};

} // namespace ts::editor
