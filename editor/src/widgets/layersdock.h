// The Layers dock: what the level draws, front first, as a list a designer reads top
// down like Tiled's or LDtk's: the collision (an overlay over everything), the front art
// layers, the spawns and bodies, the back art layers. A click makes an art layer (or the
// collision) the one the painting tools work on; its eye shows or hides it, its lock keeps
// it from being painted; a double click renames; dragging (or Move Up and Down) reorders
// it, and moving it across the spawns makes it a front or back layer; the opacity slider
// and the buttons add and delete layers. Every change of the level is an undo step;
// showing or hiding the collision and the spawns is a view's choice, not the level's.
#pragma once

#include <QDockWidget>
#include <QPointer>

#include <string>

class QToolButton;
class QSlider;
class QTreeWidget;
class QTreeWidgetItem;

namespace ts::editor {

class LevelDocument;
class LevelScene;
class ToolOptions;

class LayersDock : public QDockWidget {
    Q_OBJECT
public:
    /// The rows that are not art layers.
    enum class Row { Collision, Spawns, Art };

    LayersDock(ToolOptions* options, QWidget* parent = nullptr);
    ~LayersDock() override;

    void setDocument(LevelDocument* document);
    /// The scene whose collision and spawn glyphs the eyes of those rows show or hide.
    void setScene(LevelScene* scene);

    // For tests and the window.
    QTreeWidget* list() const { return mList; }
    QSlider* opacitySlider() const { return mOpacity; }
    QToolButton* addPaintedButton() const { return mAddPainted; }
    QToolButton* addAutoButton() const { return mAddAuto; }
    QToolButton* deleteButton() const { return mDelete; }
    QToolButton* upButton() const { return mUp; }
    QToolButton* downButton() const { return mDown; }
    /// The list's row of art layer `name` (-1 when it has none).
    int rowOf(const std::string& name) const;
    /// Moves list row `from` to `to` (art layers only; the collision stays on top), as a
    /// drag does: one undo step that also changes the layer's depth when it crosses the
    /// spawns.
    void moveRow(int from, int to);

signals:
    void statusMessage(const QString& text);

private:
    void rebuild();
    void showActive();
    void updateButtons();
    void itemChanged(QTreeWidgetItem* item, int column);
    void addLayer(bool isAuto);
    void deleteLayer();
    QTreeWidgetItem* artItem(const std::string& name) const;
    /// The art layer shown in `item` (-1 for the collision and spawns rows).
    int layerIndex(const QTreeWidgetItem* item) const;

    QPointer<LevelDocument> mDocument;
    QPointer<LevelScene> mScene;
    ToolOptions* mOptions;
    QTreeWidget* mList;
    QSlider* mOpacity;
    QToolButton* mAddPainted;
    QToolButton* mAddAuto;
    QToolButton* mUp;
    QToolButton* mDown;
    QToolButton* mDelete;
    int mOpacityDrag = 0; ///< merge id of the opacity slider's drag
    bool mRebuilding = false;
};

} // namespace ts::editor
