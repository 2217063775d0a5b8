// The undo commands of art edits (one class per kind of edit, as commands.h does for
// the collision and spawns): every one changes the level through LevelDocument's raw
// applyArt* functions, so the document tells the views.
#pragma once

#include "commands.h"

#include <QHash>
#include <QUndoCommand>

#include <vector>

namespace ts::editor {

/// Cell writes of a painted layer with the cells they replace; a stroke merges.
class PaintArtCommand : public QUndoCommand {
public:
    struct Change {
        QPoint pos;
        ts::level::ArtTile before;
        ts::level::ArtTile after;
    };
    PaintArtCommand(LevelDocument* doc, int layer, std::vector<Change> changes, const QString& text,
                    int strokeId);
    void undo() override;
    void redo() override;
    int id() const override { return mStrokeId != 0 ? CmdPaintArt : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    static quint64 key(QPoint p) { return (quint64(quint32(p.x())) << 32) | quint32(p.y()); }
    void apply(bool after);
    LevelDocument* mDoc;
    int mLayer;
    std::vector<Change> mChanges;
    QHash<quint64, int> mIndex; ///< position -> index in mChanges (built lazily on merge)
    int mStrokeId;
};

/// A layer added at an index (undo removes it); with `remove` the other way round.
class ArtLayerPresenceCommand : public QUndoCommand {
public:
    ArtLayerPresenceCommand(LevelDocument* doc, int index, ts::level::ArtLayer layer, bool remove,
                            const QString& text);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    int mIndex;
    ts::level::ArtLayer mLayer; ///< while it is out of the level
    bool mRemove;
};

class MoveArtLayerCommand : public QUndoCommand {
public:
    MoveArtLayerCommand(LevelDocument* doc, int from, int to, const QString& text);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    int mFrom, mTo;
};

/// A layer's name, depth, opacity, visibility, lock or seed; an opacity drag merges.
class ChangeArtLayerCommand : public QUndoCommand {
public:
    ChangeArtLayerCommand(LevelDocument* doc, int index, ArtLayerProps before, ArtLayerProps after,
                          int mergeId);
    /// The History text: "Layer ground: opacity 1 → 0.5, hidden".
    static QString describe(const ArtLayerProps& before, const ArtLayerProps& after);
    void undo() override;
    void redo() override;
    int id() const override { return mMergeId != 0 ? CmdChangeArtLayer : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    LevelDocument* mDoc;
    int mIndex;
    ArtLayerProps mBefore, mAfter;
    int mMergeId;
};

class SetAutoRulesCommand : public QUndoCommand {
public:
    SetAutoRulesCommand(LevelDocument* doc, int index, std::vector<ts::level::AutoRule> before,
                        std::vector<ts::level::AutoRule> after, const QString& text);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    int mIndex;
    std::vector<ts::level::AutoRule> mBefore, mAfter;
};

class AddTilesetCommand : public QUndoCommand {
public:
    AddTilesetCommand(LevelDocument* doc, ts::level::Tileset tileset, const QString& text);
    void undo() override;
    void redo() override;

private:
    LevelDocument* mDoc;
    int mIndex;
    ts::level::Tileset mTileset;
    int mNaming; ///< LevelDocument::imageNaming() when made
};

} // namespace ts::editor
