// One QUndoCommand class per kind of level edit (Tiled's approach). Every command
// mutates the level only through LevelDocument's raw apply* functions, so the
// document emits the right change signal for views.
#pragma once

#include "tilesmith/editor/leveldocument.h"

#include <QHash>
#include <QStringList>
#include <QUndoCommand>

#include <vector>

namespace ts::editor {

/// Merge ids of every mergeable command, in one place.
enum CommandId {
    CmdPaintTiles = 1,
    CmdChangeSpawn,
    CmdPaintArt,
    CmdChangeArtLayer,
};

/// Tile writes with the values they replace. Merges with the next command of
/// the same (non-zero) stroke, so a brush stroke is one undo step.
class PaintTilesCommand : public QUndoCommand {
public:
    struct Change {
        QPoint pos;
        ts::Tile before = ts::Tile::Empty;
        ts::Tile after = ts::Tile::Empty;
    };
    PaintTilesCommand(LevelDocument* doc, std::vector<Change> changes, const QString& text,
                      int strokeId);

    void undo() override;
    void redo() override;
    int id() const override { return mStrokeId != 0 ? CmdPaintTiles : -1; }
    bool mergeWith(const QUndoCommand* other) override;

    int strokeId() const { return mStrokeId; }
    const std::vector<Change>& changes() const { return mChanges; }

private:
    /// The History text: the action and what it wrote ("Paint 12 solid tiles").
    void updateText();
    QString mAction;
    static quint64 key(QPoint p) { return (quint64(quint32(p.x())) << 32) | quint32(p.y()); }
    LevelDocument* mDoc;
    std::vector<Change> mChanges;
    QHash<quint64, int> mIndex; ///< position -> index in mChanges (built lazily on merge)
    int mStrokeId;
};

class AddSpawnCommand : public QUndoCommand {
public:
    AddSpawnCommand(LevelDocument* doc, const ts::level::Spawn& spawn,
                    QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    ts::level::Spawn mSpawn;
};

class RemoveSpawnsCommand : public QUndoCommand {
public:
    RemoveSpawnsCommand(LevelDocument* doc, const std::vector<int>& ids,
                        QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;
    bool isEmpty() const { return mRemoved.empty(); }

private:
    LevelDocument* mDoc;
    /// Removed spawns with their index in the list, in increasing index order.
    std::vector<std::pair<int, ts::level::Spawn>> mRemoved;
};

class MoveSpawnsCommand : public QUndoCommand {
public:
    /// Moves spawns to new tiles. `moves` holds (id, from, to).
    struct Move {
        int id = 0;
        QPoint from;
        QPoint to;
    };
    MoveSpawnsCommand(LevelDocument* doc, std::vector<Move> moves, const QString& text,
                      QUndoCommand* parent = nullptr);
    void undo() override;
    void redo() override;

private:
    void apply(bool forward);
    LevelDocument* mDoc;
    std::vector<Move> mMoves;
};

/// Replaces a spawn's fields. Merges consecutive changes with the same merge id
/// and spawn; a merge that returns to the starting value makes the command obsolete.
class ChangeSpawnCommand : public QUndoCommand {
public:
    ChangeSpawnCommand(LevelDocument* doc, const ts::level::Spawn& before,
                       const ts::level::Spawn& after, int mergeId);
    void undo() override;
    void redo() override;
    int id() const override { return mMergeId != 0 ? CmdChangeSpawn : -1; }
    bool mergeWith(const QUndoCommand* other) override;
    /// What differs, in the words of the Properties dock, with the values:
    /// "mass 2 \u2192 7", "velocity x 0 \u2192 120", "custom properties", ...
    static QStringList changes(const ts::level::Spawn& before, const ts::level::Spawn& after);

private:
    /// The History text: the spawn and what changed ("Box: mass 2 \u2192 7").
    void updateText();
    void apply(const ts::level::Spawn& s);
    LevelDocument* mDoc;
    ts::level::Spawn mBefore;
    ts::level::Spawn mAfter;
    int mMergeId;
};

/// Replaces the fields of several spawns in one step (a selection mirrored or
/// turned in place). Never merges.
class ChangeSpawnsCommand : public QUndoCommand {
public:
    struct Change {
        ts::level::Spawn before;
        ts::level::Spawn after;
    };
    ChangeSpawnsCommand(LevelDocument* doc, std::vector<Change> changes);
    void undo() override;
    void redo() override;

private:
    void apply(bool forward);
    LevelDocument* mDoc;
    std::vector<Change> mChanges;
};

/// Resizes the level about an anchor. Keeps the whole previous level so undo
/// restores it exactly (tiles cut off and spawns dropped come back).
class ResizeCommand : public QUndoCommand {
public:
    ResizeCommand(LevelDocument* doc, int width, int height, ResizeAnchor anchor);
    void undo() override;
    void redo() override;

    /// The level resized: content shifted by the anchor, spawns shifted with it;
    /// spawns that fall outside are dropped, except the player which is clamped in.
    static ts::level::Level resized(const ts::level::Level& level, int width, int height,
                                    ResizeAnchor anchor);
    /// Offset (in tiles) the anchor gives to existing content.
    static QPoint anchorOffset(QSize from, QSize to, ResizeAnchor anchor);

private:
    LevelDocument* mDoc;
    ts::level::Level mBefore;
    ts::level::Level mAfter;
    QPoint mShift; ///< where redo moves the content (anchorOffset)
    int mNaming;   ///< LevelDocument::imageNaming() when made
};

/// The whole level replaced by another, named `text` in the History: unsaved changes
/// recovered after a crash, over the file on disk (undo goes back to the file).
class ReplaceLevelCommand : public QUndoCommand {
public:
    ReplaceLevelCommand(LevelDocument* doc, ts::level::Level after, const QString& text);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    ts::level::Level mBefore;
    ts::level::Level mAfter;
    int mNaming; ///< LevelDocument::imageNaming() when made
};

/// Name, tile size, physics settings and level properties at once.
class ChangeSettingsCommand : public QUndoCommand {
public:
    struct Settings {
        std::string name;
        int tileSize = 16;
        ts::level::PhysicsSettings physics;
        ts::level::Properties properties;
    };
    ChangeSettingsCommand(LevelDocument* doc, Settings before, Settings after);
    void undo() override;
    void redo() override;
    /// What differs, in the words of the Level Properties dialog: "name",
    /// "tile size", "gravity", "step rate", "custom properties", ...
    static QStringList changes(const Settings& before, const Settings& after);

private:
    void apply(const Settings& s);
    LevelDocument* mDoc;
    Settings mBefore;
    Settings mAfter;
};

/// A selection change inside a macro (a paste selects what it pasted): redo
/// selects `after`, undo `before`. Changes nothing in the level.
class SelectCommand : public QUndoCommand {
public:
    SelectCommand(LevelDocument* doc, EditSelection before, EditSelection after);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    EditSelection mBefore;
    EditSelection mAfter;
};

/// Physics settings only (one undo step per change).
class SetPhysicsCommand : public QUndoCommand {
public:
    SetPhysicsCommand(LevelDocument* doc, const ts::level::PhysicsSettings& before,
                      const ts::level::PhysicsSettings& after);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    ts::level::PhysicsSettings mBefore;
    ts::level::PhysicsSettings mAfter;
};

} // namespace ts::editor
