// The tools' registry (Tiled's ToolManager): the editor creates the tools and registers
// them here; the manager keeps them in an exclusive QActionGroup with their single-key
// shortcuts, knows the current one and hands it the scene, and owns the options they
// share (ToolOptions). It knows no tool by its class: findTool<T>() finds one.
#pragma once

#include <QList>
#include <QObject>
#include <QPoint>
#include <QPointer>
#include <QRect>

#include "tilesmith/level/level.h"

class QActionGroup;

namespace ts::editor {

class AbstractTool;
class LevelScene;
class ToolOptions;

class ToolManager : public QObject {
    Q_OBJECT
public:
    explicit ToolManager(QObject* parent = nullptr);
    ~ToolManager() override;

    /// Adds `tool` after the ones registered before (the tool bar's order); the
    /// manager becomes its parent. The first tool registered becomes current.
    void registerTool(AbstractTool* tool);
    QList<AbstractTool*> tools() const { return mTools; }
    /// The registered tool of class T (a QObject with Q_OBJECT), or null.
    template <typename T> T* findTool() const {
        for (AbstractTool* tool : mTools)
            if (T* t = qobject_cast<T*>(tool))
                return t;
        return nullptr;
    }

    /// Connects to a scene (and sets the scene's tool manager).
    void setScene(LevelScene* scene);
    LevelScene* scene() const;

    QActionGroup* actionGroup() const { return mActionGroup; }
    AbstractTool* currentTool() const { return mCurrent; }
    void setCurrentTool(AbstractTool* tool);

    /// Tile kind, brush size and spawn kind (never null).
    ToolOptions* options() const { return mOptions; }

    /// The eyedropper's pick (the brush's right click too): the tile kind at `tile`
    /// becomes the kind painted and the tool that paints it current (the eraser for an
    /// empty tile: AbstractTool::takesPickedTile()). Nothing outside the map. On a painted
    /// art layer it picks the art tile instead (pickArt()).
    void pickTile(QPoint tile);
    /// The eyedropper's pick on a painted art layer: the active layer's tiles in `cells`
    /// (clipped to the map) become the stamp and the brush current (the eraser when they
    /// are all empty; the stamp stays then). Nothing on the collision.
    void pickArt(const QRect& cells);
    /// The tool that selects regions of the level (AbstractTool::selectsRegions()), or null.
    AbstractTool* selectionTool() const;

signals:
    void currentToolChanged(ts::editor::AbstractTool* tool);
    /// The current tool's status bar hint.
    void statusHintChanged(const QString& hint);

private:
    /// Makes current the tool that paints `kind` (AbstractTool::takesPickedTile()).
    void switchToPainter(ts::Tile kind);
    void applyCursor();
    /// The hint names the options (a kind, a size): keep it current.
    void refreshHint();

    QPointer<LevelScene> mScene;
    QList<AbstractTool*> mTools;
    QActionGroup* mActionGroup;
    AbstractTool* mCurrent = nullptr;
    ToolOptions* mOptions;
};

} // namespace ts::editor
