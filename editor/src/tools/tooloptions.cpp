#include "tilesmith/editor/tooloptions.h"

#include "tilesmith/editor/leveldocument.h"

#include <algorithm>
#include <iterator>

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
