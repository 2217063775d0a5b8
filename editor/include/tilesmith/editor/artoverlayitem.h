// The painting tools' preview on an art layer: a translucent block of art tiles (a
// stamp under the cursor, a line or rectangle being dragged, a floating art paste),
// drawn with the shared art renderer and the scene's tileset images, over everything
// but the selection outline. One item; tools set what it shows.
#pragma once

#include "tilesmith/level/level.h"

#include <QGraphicsItem>

#include <string>
#include <vector>

namespace ts::render {
class TilesetImages;
}

namespace ts::editor {

class ArtOverlayItem : public QGraphicsItem {
public:
    /// Draws with `images` (the scene's, which outlive the item).
    explicit ArtOverlayItem(const ts::render::TilesetImages* images);

    /// The level's tile size (cells are drawn on the level's grid).
    void setTileSize(int tileSize);
    /// Shows `tiles` (width x height, row-major; empty cells draw nothing) of `tileset`
    /// with the top-left one on cell `topLeft`.
    void setTiles(const std::string& tileset, int width, int height,
                  std::vector<ts::level::ArtTile> tiles, QPoint topLeft);
    void moveTo(QPoint topLeft);
    void clear();
    bool isEmpty() const { return mBlock.width <= 0; }
    QPoint topLeft() const { return mTopLeft; }
    /// The cells shown, in level coordinates (empty when nothing is).
    QRect cellRect() const;
    /// The tile shown on cell `cell` (level coordinates); empty where none is.
    ts::level::ArtTile tileAt(QPoint cell) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void changed();
    const ts::render::TilesetImages* mImages;
    ts::level::Level mBlock; ///< a level of the block's size: what the art renderer draws on
    ts::level::ArtLayer mLayer;
    QPoint mTopLeft;
    QRectF mBounds;
};

} // namespace ts::editor
