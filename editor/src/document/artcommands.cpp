#include "artcommands.h"

#include "widgets/uitext.h"

#include <QCoreApplication>

#include <utility>

namespace ts::editor {

PaintArtCommand::PaintArtCommand(LevelDocument* doc, int layer, std::vector<Change> changes,
                                 const QString& text, int strokeId)
    : QUndoCommand(text), mDoc(doc), mLayer(layer), mChanges(std::move(changes)),
      mStrokeId(strokeId) {
}

void PaintArtCommand::apply(bool after) {
    std::vector<ArtWrite> writes;
    writes.reserve(mChanges.size());
    for (const Change& c : mChanges)
        writes.push_back({c.pos, after ? c.after : c.before});
    mDoc->applyArtCells(mLayer, writes);
}

void PaintArtCommand::undo() {
    apply(false);
}

void PaintArtCommand::redo() {
    apply(true);
}

bool PaintArtCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const PaintArtCommand*>(other);
    if (o->mStrokeId != mStrokeId || o->mLayer != mLayer)
        return false;
    if (mIndex.isEmpty())
        for (int i = 0; i < int(mChanges.size()); ++i)
            mIndex.insert(key(mChanges[size_t(i)].pos), i);
    // A cell painted twice in one stroke keeps its first `before`.
    for (const Change& c : o->mChanges) {
        const auto it = mIndex.constFind(key(c.pos));
        if (it != mIndex.constEnd()) {
            mChanges[size_t(*it)].after = c.after;
        } else {
            mIndex.insert(key(c.pos), int(mChanges.size()));
            mChanges.push_back(c);
        }
    }
    // The stroke's step is named by its latest paint, which counts the whole stroke.
    setText(o->text());
    return true;
}

ArtLayerPresenceCommand::ArtLayerPresenceCommand(LevelDocument* doc, int index,
                                                 ts::level::ArtLayer layer, bool remove,
                                                 const QString& text)
    : QUndoCommand(text), mDoc(doc), mIndex(index), mLayer(std::move(layer)), mRemove(remove) {
}

void ArtLayerPresenceCommand::undo() {
    if (mRemove) {
        mDoc->applyArtLayerInsert(mIndex, mLayer);
    } else {
        mLayer = mDoc->level().art[size_t(mIndex)];
        mDoc->applyArtLayerRemove(mIndex);
    }
}

void ArtLayerPresenceCommand::redo() {
    if (mRemove) {
        mLayer = mDoc->level().art[size_t(mIndex)];
        mDoc->applyArtLayerRemove(mIndex);
    } else {
        mDoc->applyArtLayerInsert(mIndex, mLayer);
    }
}

MoveArtLayerCommand::MoveArtLayerCommand(LevelDocument* doc, int from, int to, const QString& text)
    : QUndoCommand(text), mDoc(doc), mFrom(from), mTo(to) {
}

void MoveArtLayerCommand::undo() {
    mDoc->applyArtLayerMove(mTo, mFrom);
}

void MoveArtLayerCommand::redo() {
    mDoc->applyArtLayerMove(mFrom, mTo);
}

QString ChangeArtLayerCommand::describe(const ArtLayerProps& before, const ArtLayerProps& after) {
    QStringList changes;
    if (after.name != before.name)
        changes << fieldChange("name", QString::fromStdString(before.name),
                               QString::fromStdString(after.name));
    if (after.depth != before.depth)
        changes << fieldChange("depth", QLatin1String(ts::level::artDepthName(before.depth)),
                               QLatin1String(ts::level::artDepthName(after.depth)));
    if (after.opacity != before.opacity)
        changes << fieldChange("opacity", QString::number(double(before.opacity)),
                               QString::number(double(after.opacity)));
    if (after.visible != before.visible)
        changes << (after.visible ? QCoreApplication::translate("Commands", "shown")
                                  : QCoreApplication::translate("Commands", "hidden"));
    if (after.locked != before.locked)
        changes << (after.locked ? QCoreApplication::translate("Commands", "locked")
                                 : QCoreApplication::translate("Commands", "unlocked"));
    if (after.seed != before.seed)
        changes << fieldChange("seed", QString::number(before.seed), QString::number(after.seed));
    return changesText(QCoreApplication::translate("Commands", "Layer %1")
                           .arg(QString::fromStdString(before.name)),
                       changes);
}

ChangeArtLayerCommand::ChangeArtLayerCommand(LevelDocument* doc, int index, ArtLayerProps before,
                                             ArtLayerProps after, int mergeId)
    : QUndoCommand(describe(before, after)), mDoc(doc), mIndex(index), mBefore(std::move(before)),
      mAfter(std::move(after)), mMergeId(mergeId) {
}

void ChangeArtLayerCommand::undo() {
    mDoc->applyArtLayerProps(mIndex, mBefore);
}

void ChangeArtLayerCommand::redo() {
    mDoc->applyArtLayerProps(mIndex, mAfter);
}

bool ChangeArtLayerCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const ChangeArtLayerCommand*>(other);
    if (o->mMergeId != mMergeId || o->mIndex != mIndex)
        return false;
    mAfter = o->mAfter;
    setText(describe(mBefore, mAfter));
    if (mAfter == mBefore) // dragged back to where it started: no step at all
        setObsolete(true);
    return true;
}

SetAutoRulesCommand::SetAutoRulesCommand(LevelDocument* doc, int index,
                                         std::vector<ts::level::AutoRule> before,
                                         std::vector<ts::level::AutoRule> after,
                                         const QString& text)
    : QUndoCommand(text), mDoc(doc), mIndex(index), mBefore(std::move(before)),
      mAfter(std::move(after)) {
}

void SetAutoRulesCommand::undo() {
    mDoc->applyAutoRules(mIndex, mBefore);
}

void SetAutoRulesCommand::redo() {
    mDoc->applyAutoRules(mIndex, mAfter);
}

AddTilesetCommand::AddTilesetCommand(LevelDocument* doc, ts::level::Tileset tileset,
                                     const QString& text)
    : QUndoCommand(text), mDoc(doc), mIndex(int(doc->level().tilesets.size())),
      mTileset(std::move(tileset)), mNaming(doc->imageNaming()) {
}

void AddTilesetCommand::undo() {
    mDoc->applyTilesetRemove(mIndex);
}

void AddTilesetCommand::redo() {
    mDoc->applyTilesetInsert(mIndex, mTileset, mNaming);
}

} // namespace ts::editor
