// The editor's graphics scene: the tile layer item, one item per spawn, the
// tool preview and the selection outline; the grid and map border are drawn in
// drawBackground/drawForeground, clipped to the exposed area. Mouse and key
// events go to the active tool (ToolManager). Also holds the edit selection
// (a tile rectangle + selected spawns) and the Edit actions that work on it.
#pragma once

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/region.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/leveledit/transform.h"

#include <QGraphicsScene>
#include <QHash>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace ts::render {
class TilesetImages;
}

namespace ts::editor {

class ArtLayerItem;
class ArtOverlayItem;
class LevelDocument;
struct PastePlan;
class SpawnItem;
class TileLayerItem;
class TileOverlayItem;
class ToolManager;

class LevelScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit LevelScene(LevelDocument* document, QObject* parent = nullptr);
    ~LevelScene() override;

    LevelDocument* document() const { return mDocument; }
    /// Shows another document (New / Open). Clears the selection and any paste.
    /// The scene does not own documents.
    void setDocument(LevelDocument* document);

    /// Set by ToolManager::setScene(); may be null (then the scene is inert).
    ToolManager* toolManager() const;
    void setToolManager(ToolManager* manager);

    TileLayerItem* tileLayerItem() const { return mTileLayer; }

    // --- art --------------------------------------------------------------------
    /// The level's tileset images (loaded relative to its file's folder), kept in step
    /// with its tilesets and reloaded when a file changes; a missing one draws
    /// placeholders (TilesetImage::problem says why).
    const ts::render::TilesetImages& tilesetImages() const { return *mTilesetImages; }
    /// Loads the images again if a tileset or its file changed (the window asks when it
    /// becomes active again, after an image was edited elsewhere).
    void reloadTilesetImages();
    /// The item drawing art layer `index` (null when the level has none such).
    ArtLayerItem* artLayerItem(int index) const;
    /// Where layers are drawn: back art below the collision, which is below the spawns,
    /// which are below the front art; each layer above the ones before it.
    static qreal artZ(ts::level::ArtDepth depth, int index);
    /// Preview item for tools (strokes, lines, rectangles, floating pastes).
    TileOverlayItem* previewItem() const { return mPreview; }
    /// Preview item for tools on an art layer (stamps, shapes, floating art), over the
    /// collision preview.
    ArtOverlayItem* artPreviewItem() const { return mArtPreview; }

    /// Tile under a scene position (floor division; may be outside the map).
    QPoint tileAt(QPointF scenePos) const;
    QPointF tileCenter(QPoint tile) const;
    QRectF tileRectToScene(const QRect& tileRect) const;
    /// The map in scene coordinates: (0, 0, width * ts, height * ts).
    QRectF mapRect() const;
    int tileSize() const;

    bool isGridVisible() const { return mGridVisible; }
    void setGridVisible(bool visible);

    // --- spawns ----------------------------------------------------------------
    SpawnItem* spawnItem(int id) const { return mSpawnItems.value(id); }
    /// Topmost spawn at a scene position, or 0. While editing is suspended, a running
    /// body stands in for its spawn's hidden glyph (setRunningSpawnLookup()).
    int spawnAt(QPointF scenePos) const;
    /// While the level runs: the spawn whose running body is at a scene position (0:
    /// none), so a click on a body picks its spawn as a click on its glyph does. An
    /// empty function when nothing runs.
    void setRunningSpawnLookup(std::function<int(QPointF scenePos)> lookup) {
        mRunningSpawnAt = std::move(lookup);
    }
    QList<int> selectedSpawnIds() const;
    void setSelectedSpawns(const QList<int>& ids);

    // --- edit selection --------------------------------------------------------
    /// Selected tiles (level coordinates); empty when none.
    QRect tileSelection() const { return mTileSelection; }
    void setTileSelection(const QRect& tileRect);
    bool hasSelection() const;
    /// The level runs apart from the editing (play mode, a watched replay): the spawn
    /// glyphs of bodies (transparent: their spawns stay selectable) and the jump arcs
    /// hide until it is false again.
    void setEditingSuspended(bool suspended);
    bool editingSuspended() const { return mEditingSuspended; }
    /// The collision tiles drawn (over the art, translucent where there is art); off
    /// shows the art alone (View > Collision, Shift+R). A view's choice, not the level's.
    void setCollisionShown(bool shown);
    bool collisionShown() const { return mCollisionShown; }
    /// The spawn glyphs drawn (the Layers dock's eye).
    void setSpawnsShown(bool shown);
    bool spawnsShown() const { return mSpawnsShown; }
    /// The tile rectangle and the selected spawns.
    EditSelection selection() const;
    /// Selects `selection`'s tiles (clipped to the map) and spawns, nothing else.
    void select(const EditSelection& selection);
    /// Tile under the mouse at the last hover, if over the scene.
    std::optional<QPoint> hoverTile() const { return mHoverTile; }

    // --- floating region (paste / move preview) ---------------------------------
    bool hasFloating() const { return mFloating.has_value() || mFloatingArt.has_value(); }
    /// Shows `region` following the mouse with its top-left at `topLeft` until
    /// commitFloating() or cancelFloating().
    void beginFloating(Region region, QPoint topLeft);
    void moveFloating(QPoint topLeft);
    QPoint floatingTopLeft() const { return mFloatingTopLeft; }
    /// Pastes the floating region at its position as one undo step and selects
    /// it (see planPaste(): Tiled's rule for empty cells, no spawn left inside a
    /// solid tile). Returns what it did, for the status bar (also statusMessage()).
    /// With Keep::Floating the same region floats on afterwards, as Tiled's stamp
    /// does, to place it again (each placement its own undo step).
    enum class Keep { Nothing, Floating };
    QString commitFloating(Keep keep = Keep::Nothing);
    void cancelFloating();

    // --- art edits (levelsceneartedit.cpp) ------------------------------------------
    /// The painted art layer the Edit actions (Cut, Copy, Paste, Delete, Flip, Rotate) and
    /// the Select tool work on: the active layer when it is a painted one (locked or not),
    /// else -1 (they work on the collision and spawns, also on an auto layer).
    int artEditLayer() const;
    /// Whether art layer `layer` is locked; says so in the status bar if it is.
    bool refuseLockedArt(int layer);

    // --- Flip and Rotate ----------------------------------------------------------
    /// True when Edit > Flip Horizontally / Vertically and Rotate Right / Left have
    /// something to act on: a floating paste, or else, with the Select tool, a
    /// selection of tiles. The rest of the time X is Swap Tile Kind.
    bool canTransform() const;
    /// Mirrors or turns (transform.h: tiles, spawns, their velocities) the
    /// floating paste as it floats: its top-left stays under the cursor and its
    /// outline takes the turned size. Without one, with the Select tool, the
    /// selected tiles and the spawns selected with them in place, as one undo step
    /// (regiontransform.h: a turn is about the region's centre, and refused with a
    /// message when the turned region would leave the map; the region comes down
    /// as a paste does). The selection stays on the region, and the status bar
    /// says what changed ("Flipped 24 tiles and 1 spawn horizontally.").
    void transform(ts::leveledit::Transform t);

public slots:
    void cut();
    void copy();
    /// Puts the clipboard region at the cursor (or the selection's top-left) as
    /// a floating selection placed with a click (select tool).
    void paste();
    /// Clears the selected tiles and removes the selected spawns (one undo step,
    /// whose undo selects them again), except the level's only player (a level
    /// without one cannot be saved or played): it stays, and statusMessage()
    /// says why, after what was removed ("Deleted 12 tiles."). Cancels a
    /// floating paste. Del, Backspace and Edit > Delete, with every tool.
    void deleteSelection();
    void selectAll();
    void selectNone();

signals:
    void collisionShownChanged(bool shown);
    void spawnsShownChanged(bool shown);
    /// The tileset images were loaded again (a tileset added, its file changed).
    void tilesetImagesChanged();
    /// Tilesets whose image cannot be drawn, each "cannot read PATH: why" (empty when
    /// every image loaded); said whenever the set of problems changes.
    void tilesetProblemsChanged(const QStringList& problems);
    /// Something the user should read in the status bar.
    void statusMessage(const QString& text);
    void documentChanged(ts::editor::LevelDocument* document);
    /// The selected spawns changed (the properties dock listens).
    void spawnSelectionChanged(const QList<int>& ids);
    /// The tile selection or spawn selection changed: enables Cut/Copy/Delete.
    void editSelectionChanged(bool hasSelection);
    /// A paste started or stopped floating (enables Flip and Rotate).
    void floatingChanged(bool floating);

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    /// Removes the spawns `ids` but the player; `keptPlayer` says if it was among them.
    int removeSpawnsExceptPlayer(const QList<int>& ids, bool* keptPlayer);
    static QString keptPlayerMessage();
    /// Cut's and Delete's edit, one undo step named `action`; the status bar
    /// says what it did with `done` ("Cut", "Deleted").
    void removeSelection(const QString& action, const QString& done);
    void deleteSpawnItems();
    /// Forgets the floating region (emits floatingChanged when there was one).
    void dropFloating();
    void transformFloating(ts::leveledit::Transform t);
    // Art versions of the Edit actions, on painted layer `layer` (levelsceneartedit.cpp).
    void copyArt(int layer);
    void removeArtSelection(int layer, const QString& action, const QString& done);
    /// Pastes the clipboard's art as a floating block; false when it holds none.
    bool pasteArt();
    void beginFloatingArt(ArtStamp art, QPoint topLeft);
    QString commitFloatingArt(Keep keep);
    void transformArtSelection(int layer, ts::leveledit::Transform t);
    void transformSelection(ts::leveledit::Transform t);
    struct PutDown {
        int tiles = 0;  ///< tiles changed
        int spawns = 0; ///< spawns placed or changed
    };
    /// Writes `plan` into the open macro in an order the document takes (it keeps
    /// solid tiles off spawns): the tiles that are not solid, the spawns it would
    /// bury moved out, `placeSpawns` (puts plan.spawns in, returns how many
    /// changed), then the solid tiles. No hole is left where a spawn stood.
    PutDown putDown(const PastePlan& plan, const QString& action,
                    const std::function<int()>& placeSpawns);
    void rebuildSpawns();
    void syncSpawns();
    void levelReset();
    void updateSceneRect();
    void emitSelectionChanged();
    void updateSelectionOutline();

    QPointer<LevelDocument> mDocument;
    QPointer<ToolManager> mToolManager;
    bool mEditingSuspended = false;              ///< see setEditingSuspended()
    std::function<int(QPointF)> mRunningSpawnAt; ///< see setRunningSpawnLookup()
    bool mCollisionShown = true;
    /// Rebuilds the art items (layers added, removed, moved, changed).
    void rebuildArt();
    std::vector<ArtLayerItem*> mArtItems;
    QStringList mTilesetProblems;
    bool mSpawnsShown = true;
    /// A spawn glyph shows when spawns are shown; a body's is transparent while editing
    /// waits (still selectable: its running body stands in for it).
    void showSpawnItem(SpawnItem* item) const;
    TileLayerItem* mTileLayer;
    TileOverlayItem* mPreview;
    ArtOverlayItem* mArtPreview;
    QGraphicsRectItem* mSelectionItem;
    std::unique_ptr<ts::render::TilesetImages> mTilesetImages;
    QHash<int, SpawnItem*> mSpawnItems;
    QList<QMetaObject::Connection> mConnections;
    QRect mTileSelection;
    QList<int> mLastSpawnSelection;
    bool mLastHasSelection = false;
    bool mGridVisible = true;
    std::optional<QPoint> mHoverTile;
    std::optional<Region> mFloating;
    std::optional<ArtStamp> mFloatingArt; ///< a paste of art tiles (on artEditLayer())
    QPoint mFloatingTopLeft;
    /// The flips and turns of the selection in place since the level last
    /// changed otherwise: the next one is planned from the level before the
    /// first (planTurns()), so a turn and its inverse give the level back.
    struct TurnRun {
        ts::level::Level original;
        EditSelection selection; ///< before the first step
        std::vector<ts::leveledit::Transform> steps;
        EditSelection after; ///< after the last step: another selection starts a new run
    };
    std::optional<TurnRun> mTurnRun;
    bool mTurning = false; ///< transformSelection() is editing: its changes keep mTurnRun
};

} // namespace ts::editor
