// LevelDocument's art edits: tilesets, art layers, their settings, rules and painted
// cells, each an undoable command (artcommands.h), and the resolved cells the views draw.
#include "tilesmith/editor/leveldocument.h"

#include "artcommands.h"
#include "widgets/uitext.h"

#include <algorithm>
#include <utility>

namespace ts::editor {

using ts::level::ArtLayer;
using ts::level::ArtTile;

ArtLayerProps ArtLayerProps::of(const ArtLayer& layer) {
    return {layer.name, layer.depth, layer.opacity, layer.visible, layer.locked, layer.seed};
}

void ArtLayerProps::applyTo(ArtLayer& layer) const {
    layer.name = name;
    layer.depth = depth;
    layer.opacity = opacity;
    layer.visible = visible;
    layer.locked = locked;
    layer.seed = seed;
}

std::string LevelDocument::uniqueArtName(const std::string& name, bool tileset, int except) const {
    const auto taken = [&](const std::string& n) {
        if (tileset)
            return mLevel.findTileset(n) != nullptr;
        for (int i = 0; i < int(mLevel.art.size()); ++i)
            if (i != except && mLevel.art[size_t(i)].name == n)
                return true;
        return false;
    };
    const std::string base = name.empty() ? std::string(tileset ? "tileset" : "layer") : name;
    if (!taken(base))
        return base;
    for (int n = 2;; ++n) {
        const std::string candidate = base + " " + std::to_string(n);
        if (!taken(candidate))
            return candidate;
    }
}

std::string LevelDocument::addTileset(ts::level::Tileset tileset) {
    tileset.name = uniqueArtName(tileset.name, true);
    const std::string name = tileset.name;
    mUndoStack.push(new AddTilesetCommand(this, std::move(tileset),
                                          tr("Add Tileset %1").arg(QString::fromStdString(name))));
    return name;
}

int LevelDocument::addArtLayer(ArtLayer layer, int index) {
    if (!mLevel.findTileset(layer.tileset))
        return -1;
    const int count = int(mLevel.art.size());
    index = index < 0 || index > count ? count : index;
    layer.name = uniqueArtName(layer.name, false);
    if (!layer.isAuto)
        layer.cells.resize(size_t(std::max(0, mLevel.width)) * size_t(std::max(0, mLevel.height)));
    else
        layer.cells.clear();
    const QString text = tr("Add Layer %1").arg(QString::fromStdString(layer.name));
    mUndoStack.push(new ArtLayerPresenceCommand(this, index, std::move(layer), false, text));
    return index;
}

void LevelDocument::removeArtLayer(int index) {
    if (index < 0 || index >= int(mLevel.art.size()))
        return;
    const QString text =
        tr("Delete Layer %1").arg(QString::fromStdString(mLevel.art[size_t(index)].name));
    mUndoStack.push(new ArtLayerPresenceCommand(this, index, {}, true, text));
}

void LevelDocument::moveArtLayer(int from, int to) {
    const int count = int(mLevel.art.size());
    if (from < 0 || from >= count || to < 0 || to >= count || from == to)
        return;
    const QString text =
        tr("Move Layer %1").arg(QString::fromStdString(mLevel.art[size_t(from)].name));
    mUndoStack.push(new MoveArtLayerCommand(this, from, to, text));
}

void LevelDocument::changeArtLayer(int index, const ArtLayerProps& wanted, int mergeId) {
    if (index < 0 || index >= int(mLevel.art.size()))
        return;
    const ArtLayer& layer = mLevel.art[size_t(index)];
    const ArtLayerProps before = ArtLayerProps::of(layer);
    ArtLayerProps after = wanted;
    after.opacity = std::clamp(after.opacity, 0.0f, 1.0f);
    if (after.name != before.name)
        after.name = uniqueArtName(after.name, false, index);
    if (after == before)
        return;
    mUndoStack.push(new ChangeArtLayerCommand(this, index, before, after, mergeId));
}

void LevelDocument::setAutoRules(int index, std::vector<ts::level::AutoRule> rules,
                                 const QString& text) {
    if (index < 0 || index >= int(mLevel.art.size()) || !mLevel.art[size_t(index)].isAuto)
        return;
    const ArtLayer& layer = mLevel.art[size_t(index)];
    const ts::level::Tileset* tileset = mLevel.findTileset(layer.tileset);
    // Keeps the level loadable: every tile a rule paints is one of the tileset's.
    for (ts::level::AutoRule& rule : rules)
        std::erase_if(rule.tiles,
                      [&](std::int32_t t) { return t < 0 || !tileset || t >= tileset->count; });
    if (rules == layer.rules)
        return;
    mUndoStack.push(new SetAutoRulesCommand(this, index, layer.rules, std::move(rules), text));
}

int LevelDocument::paintArt(int index, const std::vector<ArtWrite>& writes, const QString& text,
                            int strokeId) {
    if (index < 0 || index >= int(mLevel.art.size()))
        return 0;
    const ArtLayer& layer = mLevel.art[size_t(index)];
    const ts::level::Tileset* tileset = mLevel.findTileset(layer.tileset);
    if (layer.isAuto || layer.locked || !tileset)
        return 0;
    std::vector<PaintArtCommand::Change> changes;
    changes.reserve(writes.size());
    std::vector<bool> seen(layer.cells.size(), false);
    for (const ArtWrite& w : writes) {
        const int x = w.pos.x();
        const int y = w.pos.y();
        if (!mLevel.contains(x, y) || w.tile.index >= tileset->count)
            continue;
        const size_t i = size_t(y) * size_t(mLevel.width) + size_t(x);
        if (i >= layer.cells.size() || seen[i])
            continue;
        seen[i] = true;
        ArtTile tile = w.tile;
        if (tile.empty())
            tile = ArtTile{}; // no flips on an empty cell: one spelling of "no tile"
        if (layer.cells[i] == tile)
            continue;
        changes.push_back({w.pos, layer.cells[i], tile});
    }
    if (changes.empty())
        return 0;
    const int n = int(changes.size());
    mUndoStack.push(new PaintArtCommand(this, index, std::move(changes), text, strokeId));
    return n;
}

// --- raw mutators ------------------------------------------------------------------

void LevelDocument::resetArt() {
    mResolvedArt.reset(mLevel);
    emit artLayersChanged();
}

void LevelDocument::applyArtCells(int index, const std::vector<ArtWrite>& writes) {
    if (index < 0 || index >= int(mLevel.art.size()))
        return;
    ArtLayer& layer = mLevel.art[size_t(index)];
    QRect changed;
    for (const ArtWrite& w : writes) {
        if (!mLevel.contains(w.pos.x(), w.pos.y()))
            continue;
        const size_t i = size_t(w.pos.y()) * size_t(mLevel.width) + size_t(w.pos.x());
        if (i >= layer.cells.size())
            continue;
        layer.cells[i] = w.tile;
        changed |= QRect(w.pos, QSize(1, 1));
    }
    if (changed.isEmpty())
        return;
    mResolvedArt.cellsChanged(mLevel, size_t(index), changed.x(), changed.y(), changed.width(),
                              changed.height());
    emit artChanged(index, changed);
}

void LevelDocument::applyArtLayerInsert(int index, ArtLayer layer) {
    index = std::clamp(index, 0, int(mLevel.art.size()));
    mLevel.art.insert(mLevel.art.begin() + index, std::move(layer));
    resetArt();
}

void LevelDocument::applyArtLayerRemove(int index) {
    if (index < 0 || index >= int(mLevel.art.size()))
        return;
    mLevel.art.erase(mLevel.art.begin() + index);
    resetArt();
}

void LevelDocument::applyArtLayerMove(int from, int to) {
    const int count = int(mLevel.art.size());
    if (from < 0 || from >= count || to < 0 || to >= count || from == to)
        return;
    ArtLayer layer = std::move(mLevel.art[size_t(from)]);
    mLevel.art.erase(mLevel.art.begin() + from);
    mLevel.art.insert(mLevel.art.begin() + to, std::move(layer));
    resetArt();
}

void LevelDocument::applyArtLayerProps(int index, const ArtLayerProps& props) {
    if (index < 0 || index >= int(mLevel.art.size()))
        return;
    ArtLayer& layer = mLevel.art[size_t(index)];
    const bool reseeded = layer.isAuto && layer.seed != props.seed;
    props.applyTo(layer);
    if (reseeded) {
        mResolvedArt.resetLayer(mLevel, size_t(index));
        emit artChanged(index, QRect(0, 0, mLevel.width, mLevel.height));
    }
    emit artLayersChanged();
}

void LevelDocument::applyAutoRules(int index, std::vector<ts::level::AutoRule> rules) {
    if (index < 0 || index >= int(mLevel.art.size()))
        return;
    mLevel.art[size_t(index)].rules = std::move(rules);
    mResolvedArt.resetLayer(mLevel, size_t(index));
    emit artLayersChanged();
    emit artChanged(index, QRect(0, 0, mLevel.width, mLevel.height));
}

void LevelDocument::applyTilesetInsert(int index, ts::level::Tileset tileset, int naming) {
    index = std::clamp(index, 0, int(mLevel.tilesets.size()));
    if (naming >= 0)
        tileset.image = renamedImage(std::move(tileset.image), naming);
    mLevel.tilesets.insert(mLevel.tilesets.begin() + index, std::move(tileset));
    emit artLayersChanged();
}

void LevelDocument::applyTilesetRemove(int index) {
    if (index < 0 || index >= int(mLevel.tilesets.size()))
        return;
    mLevel.tilesets.erase(mLevel.tilesets.begin() + index);
    emit artLayersChanged();
}

} // namespace ts::editor
