// LevelScene's art: one item per art layer, drawn in the layers' order and depth around
// the collision and the spawns, the tileset images they draw with, and the collision as a
// translucent overlay over the art.
#include "tilesmith/editor/levelscene.h"

#include "artlayeritem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/render/levelrenderer.h"
#include "tilesmith/render/tilesetimages.h"

#include <QFileInfo>

namespace ts::editor {

qreal LevelScene::artZ(ts::level::ArtDepth depth, int index) {
    // Back art under the collision (z 0), front art over the spawns (z 10) and under
    // the tools' preview (z 20).
    const qreal step = 0.001 * qreal(std::min(index, 999));
    return depth == ts::level::ArtDepth::Front ? 15 + step : -5 + step;
}

ArtLayerItem* LevelScene::artLayerItem(int index) const {
    return index >= 0 && index < int(mArtItems.size()) ? mArtItems[size_t(index)] : nullptr;
}

void LevelScene::reloadTilesetImages() {
    if (!mDocument)
        return;
    if (mTilesetImages->sync(mDocument->level(), mDocument->assetFolder())) {
        for (ArtLayerItem* item : mArtItems)
            item->reset();
        emit tilesetImagesChanged();
    }
    QStringList problems;
    for (const auto* image : mTilesetImages->problems())
        problems << image->problem;
    if (problems != mTilesetProblems) {
        mTilesetProblems = problems;
        emit tilesetProblemsChanged(problems);
    }
}

void LevelScene::rebuildArt() {
    for (ArtLayerItem* item : mArtItems) {
        removeItem(item);
        delete item;
    }
    mArtItems.clear();
    if (!mDocument) {
        mTilesetImages->clear();
        mTileLayer->setOpacity(1);
        return;
    }
    reloadTilesetImages();
    const auto& art = mDocument->level().art;
    bool anyShown = false;
    for (int i = 0; i < int(art.size()); ++i) {
        auto* item = new ArtLayerItem(mDocument, i, mTilesetImages.get());
        item->setZValue(artZ(art[size_t(i)].depth, i));
        addItem(item);
        mArtItems.push_back(item);
        anyShown = anyShown || art[size_t(i)].visible;
    }
    // Over art the collision is an overlay to see the art through; alone it is the picture.
    mTileLayer->setOpacity(anyShown ? render::kCollisionOverlayOpacity : 1.0);
}

} // namespace ts::editor
