// The open level: owns the model and its undo stack, performs every mutation
// and tells views which part changed. Views (scene, docks, play mode) only listen.
#pragma once

#include "level/level.h"

#include <QObject>
#include <QPoint>
#include <QRect>
#include <QString>
#include <QUndoStack>

#include <memory>
#include <vector>

namespace ts::editor {

/// One tile write: level coordinates (row 0 at the top).
struct TileWrite {
    QPoint pos;
    ts::Tile tile = ts::Tile::Empty;
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
    /// Saves atomically (QSaveFile); on success marks the undo stack clean and
    /// sets filePath(). On failure returns false, sets `error` and leaves the old
    /// file intact.
    bool save(const QString& path, QString* error);

    const ts::level::Level& level() const { return mLevel; }
    QUndoStack* undoStack() { return &mUndoStack; }
    QString filePath() const { return mFilePath; }
    void setFilePath(const QString& path);
    /// File name, or "untitled.yaml".
    QString displayName() const;
    bool isModified() const { return !mUndoStack.isClean(); }

    // --- undoable edits (each pushes one command; strokes merge) ------------
    /// Paints tiles. `strokeId` != 0 merges with the previous paint command of the
    /// same stroke, so a whole brush stroke is one undo step; 0 = a step of its own.
    /// Writes that change nothing are dropped; an all-no-op paint pushes nothing.
    void paintTiles(const std::vector<TileWrite>& writes, const QString& text, int strokeId = 0);
    /// Adds a spawn (its id is assigned if 0). A new player replaces the old one's
    /// position instead (only one player exists). Returns the spawn's id.
    int addSpawn(ts::level::Spawn spawn);
    void removeSpawns(const std::vector<int>& ids);
    /// Replaces a spawn's fields (kind, size, mass, properties, ...), by id.
    /// `mergeId` != 0 merges consecutive changes of the same spawn (slider drags).
    void changeSpawn(const ts::level::Spawn& spawn, int mergeId = 0);
    /// Moves spawns by whole tiles.
    void moveSpawns(const std::vector<int>& ids, QPoint deltaTiles);
    void resize(int width, int height, ResizeAnchor anchor);
    /// Name, tile size, physics settings and level properties.
    void changeSettings(const std::string& name, int tileSize,
                        const ts::level::PhysicsSettings& physics,
                        const ts::level::Properties& properties);
    void setPhysics(const ts::level::PhysicsSettings& physics);
    /// A fresh non-zero id for a brush stroke (paintTiles) or a slider drag
    /// (changeSpawn): unique for the process, so unrelated edits never merge.
    static int newMergeId();
    /// Several edits as one undo step (e.g. paste = tiles + spawns).
    void beginMacro(const QString& text) { mUndoStack.beginMacro(text); }
    void endMacro() { mUndoStack.endMacro(); }

    // --- raw mutators: for undo commands only ----------------------------
    void applyTiles(const std::vector<TileWrite>& writes);
    void applySpawns(std::vector<ts::level::Spawn> spawns);
    void applyLevel(ts::level::Level level);
    /// Name, tile size, physics and properties. Emits levelReset when the tile
    /// size changes (geometry), settingsChanged otherwise.
    void applySettings(const std::string& name, int tileSize,
                       const ts::level::PhysicsSettings& physics,
                       const ts::level::Properties& properties);

signals:
    /// Tiles inside `tileRect` (level coordinates) changed.
    void tilesChanged(const QRect& tileRect);
    /// The spawn list changed (added, removed, moved, edited).
    void spawnsChanged();
    /// Everything may have changed (size, tile size, load, resize).
    void levelReset();
    /// Name, physics settings or level properties changed.
    void settingsChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    ts::level::Level mLevel;
    QUndoStack mUndoStack;
    QString mFilePath;
};

} // namespace ts::editor
