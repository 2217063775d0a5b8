#include "tilesmith/editor/artoverlayitem.h"

#include "tilesmith/render/artrenderer.h"
#include "tilesmith/render/tilesetimages.h"

#include <QPainter>

#include <algorithm>
#include <utility>

namespace ts::editor {

namespace {
/// Translucent, as the collision tools' previews are: the map shows through.
constexpr qreal kPreviewOpacity = 0.7;
} // namespace

ArtOverlayItem::ArtOverlayItem(const ts::render::TilesetImages* images) : mImages(images) {
    setAcceptedMouseButtons(Qt::NoButton);
}

void ArtOverlayItem::setTileSize(int tileSize) {
    if (tileSize == mBlock.tileSize)
        return;
    mBlock.tileSize = tileSize;
    changed();
}

void ArtOverlayItem::setTiles(const std::string& tileset, int width, int height,
                              std::vector<ts::level::ArtTile> tiles, QPoint topLeft) {
    if (width <= 0 || height <= 0 || tiles.size() != size_t(width) * size_t(height)) {
        clear();
        return;
    }
    mBlock.width = width;
    mBlock.height = height;
    mLayer.tileset = tileset;
    mLayer.cells = std::move(tiles);
    mTopLeft = topLeft;
    changed();
}

void ArtOverlayItem::moveTo(QPoint topLeft) {
    if (topLeft == mTopLeft)
        return;
    mTopLeft = topLeft;
    changed();
}

void ArtOverlayItem::clear() {
    if (isEmpty())
        return;
    mBlock.width = 0;
    mBlock.height = 0;
    mLayer.cells.clear();
    changed();
}

QRect ArtOverlayItem::cellRect() const {
    return isEmpty() ? QRect() : QRect(mTopLeft, QSize(mBlock.width, mBlock.height));
}

ts::level::ArtTile ArtOverlayItem::tileAt(QPoint cell) const {
    if (!cellRect().contains(cell))
        return {};
    const QPoint p = cell - mTopLeft;
    return mLayer.cells[size_t(p.y()) * size_t(mBlock.width) + size_t(p.x())];
}

void ArtOverlayItem::changed() {
    prepareGeometryChange();
    mBounds = QRectF();
    if (!isEmpty() && mImages) {
        const qreal cell = mBlock.tileSize;
        // Tiles larger than the level's reach up and right of their cells.
        const auto* image = mImages->find(mLayer.tileset);
        const qreal over = image ? std::max(0, image->tileset.tileSize - mBlock.tileSize) : 0;
        mBounds = QRectF(mTopLeft.x() * cell, mTopLeft.y() * cell, mBlock.width * cell,
                         mBlock.height * cell)
                      .adjusted(0, -over, over, 0);
    }
    update();
}

QRectF ArtOverlayItem::boundingRect() const {
    return mBounds;
}

void ArtOverlayItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    if (isEmpty() || !mImages)
        return;
    const ts::render::TilesetImage* image = mImages->find(mLayer.tileset);
    if (!image)
        return;
    painter->save();
    painter->setOpacity(kPreviewOpacity);
    painter->translate(mTopLeft.x() * qreal(mBlock.tileSize),
                       mTopLeft.y() * qreal(mBlock.tileSize));
    ts::render::paintArtLayer(painter, mBlock, mLayer, mLayer.cells, *image,
                              QRect(0, 0, mBlock.width, mBlock.height));
    painter->restore();
}

} // namespace ts::editor
