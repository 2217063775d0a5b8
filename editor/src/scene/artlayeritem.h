// One art layer as one graphics item (never one item per tile): draws the layer's
// resolved cells (the document keeps them current, auto layers included) through the
// shared art renderer, only the exposed part, through a device-resolution chunk cache,
// and repaints only the cells the document says changed.
#pragma once

#include "tilesmith/editor/chunkcache.h"

#include <QGraphicsItem>
#include <QPointer>
#include <QRectF>

#include <string>

namespace ts::render {
class TilesetImages;
}

namespace ts::editor {

class LevelDocument;

class ArtLayerItem : public QGraphicsItem {
public:
    /// Draws art layer `index` of `document` with the tileset images of `images` (the
    /// scene's, which outlive the item).
    ArtLayerItem(LevelDocument* document, int index, const ts::render::TilesetImages* images);

    enum { Type = UserType + 40 };
    int type() const override { return Type; }
    int layerIndex() const { return mIndex; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// Cells in `cellRect` (level tile coordinates) changed.
    void updateCells(const QRect& cellRect);
    /// The level's size, the layer's settings or the tileset images changed.
    void reset();
    /// Tiles drawn since construction (tests show an edit repaints a small area).
    quint64 tilesPainted() const { return mTilesPainted; }

private:
    QPointer<LevelDocument> mDocument;
    int mIndex;
    const ts::render::TilesetImages* mImages;
    ChunkCache mCache;
    QRectF mBounds;
    quint64 mTilesPainted = 0;
};

} // namespace ts::editor
