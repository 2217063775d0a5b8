// The open level: owns the model and its undo stack, performs every mutation
// and tells views which part changed. Views (scene, docks, play mode) only listen.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/resolvedart.h"

#include <QList>
#include <QObject>
#include <QPoint>
#include <QRect>
#include <QString>
#include <QUndoStack>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ts::editor {

/// One tile write: level coordinates (row 0 at the top).
struct TileWrite {
    QPoint pos;
    ts::Tile tile = ts::Tile::Empty;
};

/// One cell write of a painted art layer: level coordinates (row 0 at the top).
struct ArtWrite {
    QPoint pos;
    ts::level::ArtTile tile;
};

/// An art layer's settings apart from its content (cells, rules): what the Layers dock
/// edits.
struct ArtLayerProps {
    std::string name;
    ts::level::ArtDepth depth = ts::level::ArtDepth::Back;
    float opacity = 1;
    bool visible = true;
    bool locked = false;
    std::uint32_t seed = 0;
    static ArtLayerProps of(const ts::level::ArtLayer& layer);
    void applyTo(ts::level::ArtLayer& layer) const;
    bool operator==(const ArtLayerProps&) const = default;
};

/// What the scene has selected: a tile rectangle (level coordinates, empty for
/// none) and spawns by id.
struct EditSelection {
    QRect tiles;
    QList<int> spawns;
    bool operator==(const EditSelection&) const = default;
};

/// Where existing content stays when a level is resized.
enum class ResizeAnchor {
    TopLeft,
    Top,
    TopRight,
    Left,
    Center,
    Right,
    BottomLeft,
    Bottom,
    BottomRight
};

class LevelDocument : public QObject {
    Q_OBJECT
public:
    explicit LevelDocument(ts::level::Level level, QObject* parent = nullptr);
    ~LevelDocument() override;

    /// Loads a level file. On failure returns nullptr and sets `error` to the
    /// loader's "file:line:column: error: message" lines; nothing else changes.
    static std::unique_ptr<LevelDocument> open(const QString& path, QString* error);
    /// Saves atomically (ts::level::saveLevelFile: a file it replaces keeps its
    /// permission bits); on success marks the undo stack clean and
    /// sets filePath(). On failure returns false, sets `error` and leaves the old
    /// file intact. A level that would not load again (ts::level::validateLevel
    /// finds errors) is not written; `error` lists the problems.
    bool save(const QString& path, QString* error);

    const ts::level::Level& level() const { return mLevel; }
    QUndoStack* undoStack() { return &mUndoStack; }
    /// The level's file as an absolute path (empty while untitled).
    QString filePath() const { return mFilePath; }
    /// A relative `path` is made absolute against the working directory now, so
    /// the document names one file wherever it is saved, recovered or reopened
    /// from (an autosave's recovery file records this path).
    void setFilePath(const QString& path);
    /// The folder the level's relative tileset image paths resolve against: its file's
    /// folder, or for a level not saved yet the folder setAssetFolder() named (where File
    /// > New put the starter tileset's image). Empty when there is none.
    QString assetFolder() const;
    void setAssetFolder(const QString& folder) { mAssetFolder = folder; }
    /// File name, or "untitled.yaml".
    QString displayName() const;
    bool isModified() const { return !mUndoStack.isClean(); }

    // --- undoable edits (each pushes one command; strokes merge) ------------
    /// Paints tiles. `strokeId` != 0 merges with the previous paint command of the
    /// same stroke, so a whole brush stroke is one undo step; 0 = a step of its own.
    /// Writes that change nothing are dropped; an all-no-op paint pushes nothing.
    /// Solid writes onto a tile where a spawn stands are dropped (the loader
    /// refuses spawns inside solid tiles). Returns the number of tiles changed.
    int paintTiles(const std::vector<TileWrite>& writes, const QString& text, int strokeId = 0);
    /// Adds a spawn (its id is assigned if 0). A new player replaces the old one's
    /// position instead (only one player exists). Returns the spawn's id.
    /// The document keeps the level loadable: spawns only stand on tiles inside
    /// the map that are not solid (canHoldSpawn); a refused add returns 0 (or
    /// the existing player's id for a player).
    int addSpawn(ts::level::Spawn spawn);
    /// Removes spawns, the player too: a level without one saves and loads (play
    /// mode and `tilesmith simulate` say to place one).
    void removeSpawns(const std::vector<int>& ids);
    /// Replaces a spawn's fields (kind, size, mass, properties, ...), by id.
    /// `mergeId` != 0 merges consecutive changes of the same spawn (slider drags).
    /// Refused (nothing pushed) when it would move the spawn into a solid tile or
    /// off the map, or turn a spawn into / out of the player.
    void changeSpawn(const ts::level::Spawn& spawn, int mergeId = 0);
    /// Replaces the fields of several spawns at once (by id), as one command: a
    /// selection mirrored or turned in place moves its spawns and turns their
    /// velocities. Each is refused as changeSpawn() refuses it (and keeps its
    /// fields); returns how many changed.
    int changeSpawns(const std::vector<ts::level::Spawn>& spawns);
    /// Moves spawns by whole tiles; a spawn whose target cannot hold it stays.
    /// Returns how many stayed (for the status bar: otherwise the move looks ignored).
    int moveSpawns(const std::vector<int>& ids, QPoint deltaTiles);
    /// True when a spawn may stand on `tile`: inside the map and not solid
    /// (Level::canHoldSpawn, the rule the loader and the jump arcs use).
    bool canHoldSpawn(QPoint tile) const;
    /// `deltaTiles` limited so that `tiles` (a region of the map) moved by it stays
    /// on the map: what a drag would otherwise push past an edge is lost (tiles) or
    /// refused (spawns). An empty region moves freely.
    QPoint keepOnMap(const QRect& tiles, QPoint deltaTiles) const;
    /// The region a move carries: `tiles` (clipped to the map) united with the tiles
    /// of the spawns `ids`, as Copy takes it (regionBounds()).
    QRect moveRegion(const QRect& tiles, const QList<int>& ids) const;
    void resize(int width, int height, ResizeAnchor anchor);
    /// Replaces the whole level as one undo step named `text` (a recovery over the file).
    void replaceLevel(ts::level::Level level, const QString& text);
    /// Name, tile size, physics settings and level properties.
    void changeSettings(const std::string& name, int tileSize,
                        const ts::level::PhysicsSettings& physics,
                        const ts::level::Properties& properties);
    void setPhysics(const ts::level::PhysicsSettings& physics);
    /// A fresh non-zero id for a brush stroke (paintTiles) or a slider drag
    /// (changeSpawn): unique for the process, so unrelated edits never merge.
    static int newMergeId();
    /// Several edits as one undo step (e.g. paste = tiles + spawns).
    void beginMacro(const QString& text);
    /// Ends the macro; a macro in which nothing changed (a selection step
    /// alone changes nothing) leaves no undo step. A non-empty `text` names the
    /// step now that its edits say what it did ("Delete 12 tiles").
    void endMacro(const QString& text = {});
    /// A step of the open macro that selects `after` on redo and `before` on
    /// undo: undoing a paste leaves no selection on tiles it took away, and redo
    /// selects what it pasted again (see selectionApplied()).
    void recordSelection(const EditSelection& before, const EditSelection& after);

    // --- art (undoable; docs/format/level-format.md "Art") ------------------
    /// Every art layer's cells as drawn: painted cells, auto layers computed from the
    /// collision and kept current as it is painted (only the cells near a change).
    const ts::level::ResolvedArt& resolvedArt() const { return mResolvedArt; }
    /// Adds a tileset; a name already in use gets a number ("cave 2"). Returns the name
    /// given to it.
    std::string addTileset(ts::level::Tileset tileset);
    /// Adds `layer` at `index` (clamped; the end for -1). A name in use gets a number, a
    /// painted layer's cells are sized to the map. Returns the index it went to, or -1
    /// when its tileset is not one of the level's.
    int addArtLayer(ts::level::ArtLayer layer, int index = -1);
    void removeArtLayer(int index);
    /// Moves a layer from `from` to `to` in the drawing order (first at the back).
    void moveArtLayer(int from, int to);
    /// Name (made unique), depth, opacity, visibility, lock, seed. `mergeId` != 0 merges
    /// consecutive changes of the same layer (an opacity slider's drag).
    void changeArtLayer(int index, const ArtLayerProps& props, int mergeId = 0);
    /// An auto layer's rules, all at once (the rules editor's every edit).
    void setAutoRules(int index, std::vector<ts::level::AutoRule> rules, const QString& text);
    /// Paints cells of painted layer `index`, as paintTiles() paints tiles: a whole
    /// stroke (`strokeId` != 0) is one undo step, writes off the map or that change
    /// nothing are dropped, a locked or auto layer takes none. A stroke's undo step takes
    /// the `text` of its latest paint (which can count the whole stroke's cells). Returns
    /// the cells changed.
    int paintArt(int index, const std::vector<ArtWrite>& writes, const QString& text,
                 int strokeId = 0);

    // --- raw mutators: for undo commands only ----------------------------
    void applyTiles(const std::vector<TileWrite>& writes);
    void applySpawns(std::vector<ts::level::Spawn> spawns);
    /// How many times Save renamed tileset images (relative to another folder, or a
    /// program image copied beside the file). A command keeps the number it was made
    /// at and gives it to applyLevel() / applyTilesetInsert(), which name the images as
    /// the file names them now: a level put back by undo finds its art after Save As.
    int imageNaming() const { return int(mImageRenames.size()); }
    /// Replaces the whole level. `contentShift`: where the old content went, in
    /// tiles (a resize's anchor moves it), for levelAboutToReset(); `naming`: the
    /// imageNaming() the level's image names are from (-1: current).
    void applyLevel(ts::level::Level level, QPoint contentShift = {}, int naming = -1);
    /// Name, tile size, physics and properties. Emits levelReset when the tile
    /// size changes (geometry), settingsChanged otherwise.
    void applySettings(const std::string& name, int tileSize,
                       const ts::level::PhysicsSettings& physics,
                       const ts::level::Properties& properties);
    void applyArtCells(int index, const std::vector<ArtWrite>& writes);
    void applyArtLayerInsert(int index, ts::level::ArtLayer layer);
    void applyArtLayerRemove(int index);
    void applyArtLayerMove(int from, int to);
    void applyArtLayerProps(int index, const ArtLayerProps& props);
    void applyAutoRules(int index, std::vector<ts::level::AutoRule> rules);
    void applyTilesetInsert(int index, ts::level::Tileset tileset, int naming = -1);
    void applyTilesetRemove(int index);
    /// Asks the views to select `selection` (an undo or redo of a step that
    /// changed the selection).
    void applySelection(const EditSelection& selection) { emit selectionApplied(selection); }

signals:
    /// Tiles inside `tileRect` (level coordinates) changed.
    void tilesChanged(const QRect& tileRect);
    /// The spawn list changed (added, removed, moved, edited).
    void spawnsChanged();
    /// The art layers or tilesets changed: one added, removed, moved, renamed, hidden,
    /// its opacity, depth or rules. Views rebuild what they show of the art.
    void artLayersChanged();
    /// Resolved cells of art layer `index` inside `cellRect` changed (painted, or an auto
    /// layer following the collision).
    void artChanged(int index, const QRect& cellRect);
    /// An edit is about to change the level's geometry (a resize, its undo, a new
    /// tile size); the old level is still current. Its content moves by
    /// `contentShift` tiles (a resize's anchor), so a view can keep showing it.
    /// levelReset() follows.
    void levelAboutToReset(QPoint contentShift);
    /// Everything may have changed (size, tile size, load, resize).
    void levelReset();
    /// Name, physics settings or level properties changed.
    void settingsChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);
    /// An undo or redo restored this selection (see recordSelection()).
    void selectionApplied(const ts::editor::EditSelection& selection);

private:
    /// changeSpawn()'s rule: `spawn` may replace `current` (the same id).
    bool acceptsChange(const ts::level::Spawn& current, const ts::level::Spawn& spawn) const;
    /// Tile indices (y * width + x) of the spawns, sorted; see paintTiles().
    const std::vector<std::uint64_t>& spawnTileIndex() const;

    /// Resolves the art again after the level was replaced or its art reordered.
    void resetArt();
    /// A name not used by another art layer (or tileset): `name`, else "name 2", ...
    std::string uniqueArtName(const std::string& name, bool tileset, int except = -1) const;

    ts::level::Level mLevel;
    ts::level::ResolvedArt mResolvedArt;
    mutable std::vector<std::uint64_t> mSpawnTiles;
    mutable bool mSpawnTilesDirty = true;
    QUndoStack mUndoStack;
    /// Image names each save changed, in order of the saves: {before, after}.
    std::vector<std::vector<std::pair<std::string, std::string>>> mImageRenames;
    std::string renamedImage(std::string image, int since) const;
    QString mFilePath;
    QString mAssetFolder;               ///< see assetFolder(), for a level without a file
    std::vector<QUndoCommand*> mMacros; ///< the open macros, innermost last
};

} // namespace ts::editor
