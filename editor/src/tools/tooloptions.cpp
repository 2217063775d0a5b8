#include "tilesmith/editor/tooloptions.h"

#include "tilesmith/editor/leveldocument.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace ts::editor {

ToolOptions::ToolOptions(QObject* parent) : QObject(parent) {
}

void ToolOptions::setTileKind(ts::Tile kind) {
    if (kind == ts::Tile::Empty || kind == mTileKind)
        return;
    mTileKind = kind;
    emit tileKindChanged(kind);
}

void ToolOptions::setBrushSize(int size) {
    size = std::clamp(size, 1, kMaxBrushSize);
    if (size == mBrushSize)
        return;
    mBrushSize = size;
    emit brushSizeChanged(size);
}

void ToolOptions::setSpawnKind(ts::level::SpawnKind kind) {
    // The spawn kind box echoes the kind it is shown: that is no pick.
    if (kind == mSpawnKind)
        return;
    mPickedSpawnKind = kind;
    mPlayerFirst = false;
    showSpawnKind(kind);
}

void ToolOptions::restorePickedSpawnKind(ts::level::SpawnKind kind) {
    mPickedSpawnKind = kind;
    if (!mPlayerFirst)
        showSpawnKind(kind);
}

void ToolOptions::stepSpawnKind(int step) {
    const auto& kinds = ts::level::kSpawnKinds;
    const auto n = int(std::size(kinds));
    const auto at = int(std::find(std::begin(kinds), std::end(kinds), mSpawnKind) - kinds);
    mPickedSpawnKind = kinds[((at + step) % n + n) % n];
    mPlayerFirst = false;
    showSpawnKind(mPickedSpawnKind);
}

void ToolOptions::showSpawnKind(ts::level::SpawnKind kind) {
    if (kind == mSpawnKind)
        return;
    mSpawnKind = kind;
    emit spawnKindChanged(kind);
}

ts::level::ArtTile ArtStamp::tileAt(int x, int y) const {
    if (isEmpty() || tiles.size() != std::size_t(width) * std::size_t(height))
        return {};
    const int cx = ((x % width) + width) % width;
    const int cy = ((y % height) + height) % height;
    return tiles[std::size_t(cy) * std::size_t(width) + std::size_t(cx)];
}

void ToolOptions::setActiveLayer(const std::string& name) {
    const std::string wanted = mDocument && mDocument->level().findArtLayer(name) ? name : "";
    if (wanted == mActiveLayer)
        return;
    mActiveLayer = wanted;
    emit activeLayerChanged(mActiveLayer);
    emit paintTargetChanged();
}

int ToolOptions::activeLayerIndex() const {
    if (!mDocument || mActiveLayer.empty())
        return -1;
    const auto& art = mDocument->level().art;
    for (std::size_t i = 0; i < art.size(); ++i)
        if (art[i].name == mActiveLayer)
            return int(i);
    return -1;
}

void ToolOptions::setStamp(ArtStamp stamp) {
    if (stamp == mStamp)
        return;
    mStamp = std::move(stamp);
    emit stampChanged();
}

void ToolOptions::followLayers() {
    if (!mActiveLayer.empty() && activeLayerIndex() < 0) {
        mActiveLayer.clear();
        emit activeLayerChanged(mActiveLayer);
    }
    emit paintTargetChanged();
}

void ToolOptions::setDocument(LevelDocument* document) {
    for (const auto& c : mDocConnections)
        disconnect(c);
    mDocConnections.clear();
    mDocument = document;
    if (document) {
        mDocConnections << connect(document, &LevelDocument::spawnsChanged, this,
                                   &ToolOptions::followPlayer);
        mDocConnections << connect(document, &LevelDocument::levelReset, this,
                                   &ToolOptions::followPlayer);
        mDocConnections << connect(document, &LevelDocument::artLayersChanged, this,
                                   &ToolOptions::followLayers);
    }
    // Another level: the collision until a layer of its own is chosen.
    if (!mActiveLayer.empty()) {
        mActiveLayer.clear();
        emit activeLayerChanged(mActiveLayer);
        emit paintTargetChanged();
    }
    // A level without a player (a map imported from Tiled, one made for its art) cannot
    // be played: its first spawn is the player.
    mPlayerFirst = document && !document->level().player();
    showSpawnKind(mPlayerFirst ? ts::level::SpawnKind::Player : mPickedSpawnKind);
}

void ToolOptions::followPlayer() {
    if (mPlayerFirst && mDocument && mDocument->level().player()) {
        mPlayerFirst = false;
        showSpawnKind(mPickedSpawnKind);
    }
}

} // namespace ts::editor
