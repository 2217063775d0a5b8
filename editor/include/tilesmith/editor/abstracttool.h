// The tool interface (Tiled's AbstractTool): the scene hands mouse and key
// events to the active tool; each tool is an object, not a case in a switch.
#pragma once

#include <QCursor>
#include <QIcon>
#include <QKeySequence>
#include <QObject>
#include <QPointF>
#include <QRect>

#include "tilesmith/level/level.h"

#include <vector>

class QAction;
class QKeyEvent;

namespace ts::editor {

class LevelDocument;
class LevelScene;
class ToolManager;
class ToolOptions;

/// Tiles on the straight line from a to b, both included (Bresenham), in order.
std::vector<QPoint> lineTiles(QPoint a, QPoint b);
/// The square footprint of a brush of side `size` centred on `tile` (for even
/// sizes the extra row and column go right and down).
QRect brushFootprint(QPoint tile, int size);

/// The tile rectangle spanned by two corner tiles, both included, in any order.
/// (QRect(a, b).normalized() is off by one when b is left of or above a.)
QRect tileRectBetween(QPoint a, QPoint b);

/// A preview stamp: the bounding box of `tiles` with those tiles set to `kind`.
/// Its top-left in level coordinates goes to `topLeft`.
ts::level::Level makeStamp(const std::vector<QPoint>& tiles, ts::Tile kind, QPoint* topLeft);

/// A mouse event as tools see it, in scene coordinates.
struct ToolMouseEvent {
    QPointF scenePos;
    Qt::MouseButton button = Qt::NoButton; ///< the button pressed/released (none on move)
    Qt::MouseButtons buttons;              ///< buttons held
    Qt::KeyboardModifiers modifiers;
};

class AbstractTool : public QObject {
    Q_OBJECT
public:
    /// `iconName` names resources/icons/NAME.svg (":/icons/NAME.svg"). A tool works once
    /// it is registered (ToolManager::registerTool()).
    AbstractTool(const QString& name, const QString& iconName, const QKeySequence& shortcut,
                 QObject* parent = nullptr);
    ~AbstractTool() override;

    QString name() const { return mName; }
    QString iconName() const { return mIconName; }
    QIcon icon() const;
    QKeySequence shortcut() const { return mShortcut; }
    /// Checkable action in the manager's exclusive group, with the shortcut.
    QAction* action() const { return mAction; }

    /// The manager the tool is registered with (null before).
    ToolManager* manager() const { return mManager; }
    /// The manager's options (tile kind, brush size, spawn kind); null before registering.
    ToolOptions* options() const;
    LevelScene* scene() const;
    LevelDocument* document() const;

    /// Called when the tool becomes (in)active; deactivate ends any gesture.
    virtual void activate() {}
    virtual void deactivate() {}
    /// The scene's document changed: drop any state about the old one.
    virtual void documentChanged() { deactivate(); }

    virtual void mousePressed(const ToolMouseEvent& e) = 0;
    /// Called for drags and for hover (buttons() == NoButton).
    virtual void mouseMoved(const ToolMouseEvent& e) { Q_UNUSED(e) }
    virtual void mouseReleased(const ToolMouseEvent& e) { Q_UNUSED(e) }
    /// The mouse left the scene.
    virtual void hoverLeft() {}
    /// Returns true when the tool handled the key.
    virtual bool keyPressed(QKeyEvent* event) {
        Q_UNUSED(event)
        return false;
    }

    /// Ends a drag in progress without its effect (the scene is about to change what
    /// the drag works on); the tool stays current.
    virtual void cancelGesture() {}
    /// Whether the tool is the one the eyedropper switches to after picking `kind`
    /// (ToolManager::pickTile()): the brush for a tile, the eraser for an empty one.
    virtual bool takesPickedTile(ts::Tile kind) const {
        Q_UNUSED(kind)
        return false;
    }
    /// Whether the tool selects regions of the level: the scene's selection, flips and
    /// turns in place and a paste waiting for its click belong to it.
    virtual bool selectsRegions() const { return false; }
    /// Whether a right click on the map is the tool's now (the Brush picks the tile kind,
    /// the Fill empties, a drag is cancelled). One it does not take opens the map's context
    /// menu (Show Route, while Reachability is on), as in Tiled's object tools.
    virtual bool takesRightClick() const { return true; }

    virtual QCursor cursor() const { return Qt::CrossCursor; }
    /// One line for the status bar: what the mouse buttons do.
    virtual QString statusHint() const = 0;

signals:
    void statusHintChanged(const QString& hint);

private:
    friend class ToolManager; // sets mManager on registration

    QString mName;
    QString mIconName;
    QKeySequence mShortcut;
    ToolManager* mManager = nullptr;
    QAction* mAction;
};

} // namespace ts::editor
