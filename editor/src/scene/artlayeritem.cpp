#include "artlayeritem.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/render/artrenderer.h"
#include "tilesmith/render/tilesetimages.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace ts::editor {

ArtLayerItem::ArtLayerItem(LevelDocument* document, int index,
                           const ts::render::TilesetImages* images)
    : mDocument(document), mIndex(index), mImages(images) {
    setFlag(ItemUsesExtendedStyleOption);
    reset();
}

void ArtLayerItem::reset() {
    prepareGeometryChange();
    mCache.clear();
    mBounds = QRectF();
    if (mDocument) {
        const auto& level = mDocument->level();
        mBounds =
            QRectF(0, 0, qreal(level.width) * level.tileSize, qreal(level.height) * level.tileSize);
        if (mIndex >= 0 && mIndex < int(level.art.size())) {
            const auto& layer = level.art[size_t(mIndex)];
            // A tileset with tiles taller than the level's reaches above the map's top
            // row (a tile stands on its cell's bottom edge, as in Tiled).
            if (const auto* set = level.findTileset(layer.tileset))
                mBounds.adjust(0, -qreal(std::max(0, set->tileSize - level.tileSize)),
                               qreal(std::max(0, set->tileSize - level.tileSize)), 0);
            setVisible(layer.visible);
        }
    }
    update();
}

QRectF ArtLayerItem::boundingRect() const {
    return mBounds;
}

void ArtLayerItem::updateCells(const QRect& cellRect) {
    if (!mDocument)
        return;
    const auto& level = mDocument->level();
    // What the changed cells draw: their tiles, which may reach past them.
    const auto* set = mIndex >= 0 && mIndex < int(level.art.size())
                          ? level.findTileset(level.art[size_t(mIndex)].tileset)
                          : nullptr;
    const qreal over = set ? std::max(0, set->tileSize - level.tileSize) : 0;
    const qreal ts = level.tileSize;
    const QRectF r =
        QRectF(cellRect.x() * ts, cellRect.y() * ts, cellRect.width() * ts, cellRect.height() * ts)
            .adjusted(0, -over, over, 0);
    mCache.invalidate(r);
    update(r);
}

void ArtLayerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    if (!mDocument || !mImages)
        return;
    const auto& level = mDocument->level();
    if (mIndex < 0 || mIndex >= int(level.art.size()) ||
        size_t(mIndex) >= mDocument->resolvedArt().layerCount())
        return;
    const auto& layer = level.art[size_t(mIndex)];
    const ts::render::TilesetImage* image = mImages->find(layer.tileset);
    if (!image)
        return;
    const auto& cells = mDocument->resolvedArt().cells(size_t(mIndex));
    // The layer's opacity is drawn into the cache, tile by tile, as Tiled and a game draw it.
    mCache.paint(painter, option->exposedRect, mBounds,
                 [&](QPainter* p, const QRectF& sceneRect, qreal lod) {
                     p->setRenderHint(QPainter::SmoothPixmapTransform, lod < 1);
                     mTilesPainted +=
                         ts::render::paintArtLayer(p, level, layer, cells, *image,
                                                   ts::render::artCellsCovering(level, sceneRect));
                 });
}

} // namespace ts::editor
