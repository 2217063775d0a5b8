// A tileset's image as the Tileset dock shows it: scaled, with each tile outlined, the
// picked block of tiles outlined boldly. A click picks a tile, a drag a rectangle of them;
// hovering says which tile is under the pointer. A tileset whose image cannot be drawn
// shows its placeholder tile in every tile's place.
#pragma once

#include "tilesmith/level/art.h"

#include <QImage>
#include <QRect>
#include <QWidget>

#include <optional>

namespace ts::editor {

class TilesetView : public QWidget {
    Q_OBJECT
public:
    explicit TilesetView(QWidget* parent = nullptr);

    /// Shows `tileset` drawn from `image` (null: `placeholder` in every tile's place).
    void setTileset(const ts::level::Tileset& tileset, const QImage& image,
                    const QImage& placeholder);
    /// Shows nothing (the level has no tileset).
    void clear();
    bool hasTileset() const { return mHasTileset; }
    const ts::level::Tileset& tileset() const { return mTileset; }

    /// Screen pixels per image pixel.
    qreal scale() const { return mScale; }
    void setScale(qreal scale);
    /// The image's size in its own pixels.
    QSize imageSize() const;

    /// The picked tiles as columns and rows (empty for none).
    QRect picked() const { return mPicked; }
    void setPicked(const QRect& cells);

    /// The tile column and row under `pos` (widget coordinates), none between tiles or
    /// outside them.
    std::optional<QPoint> cellAt(QPoint pos) const;
    /// The tile's index at (column, row), or -1 where the tileset has no tile.
    int indexAt(QPoint cell) const;
    /// Where tile (column, row) is drawn, in widget coordinates.
    QRect cellRect(QPoint cell) const;
    int rows() const;

    QSize sizeHint() const override;

signals:
    /// A click or a drag picked these tiles (columns and rows).
    void tilesPicked(const QRect& cells);
    /// The tile under the pointer changed: its index, column and row (-1 index: none).
    void hovered(int index, QPoint cell);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    /// The cell under `pos`, clamped into the sheet (for a drag that leaves it).
    QPoint clampedCellAt(QPoint pos) const;
    void hoverAt(QPoint pos);

    ts::level::Tileset mTileset;
    QImage mImage;
    QImage mPlaceholder;
    bool mHasTileset = false;
    qreal mScale = 1;
    QRect mPicked;
    std::optional<QPoint> mDragFrom;
    int mHovered = -1;
};

} // namespace ts::editor
