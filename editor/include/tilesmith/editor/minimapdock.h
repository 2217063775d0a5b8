// The Mini-map dock: the whole level at a glance, as Tiled's mini-map. Tiles
// (MinimapImage) and spawns (each a mark in its glyph's colour, never smaller
// than a few pixels) drawn to fit the dock, with the part the view shows
// outlined; a click or drag moves the view there. It reads the level and the
// view only; edits reach it through the document's signals.
#pragma once

#include "tilesmith/editor/minimapimage.h"

#include <QDockWidget>
#include <QImage>
#include <QPixmap>
#include <QPointer>
#include <QWidget>

#include <optional>
#include <vector>

namespace ts::editor {

class EditorView;
class LevelDocument;

/// A spawn or a body on the mini-map: where it is, in level tiles (fractional),
/// and the kind whose colour marks it.
struct MinimapMark {
    QRectF tiles;
    ts::level::SpawnKind kind = ts::level::SpawnKind::Box;
    bool operator==(const MinimapMark&) const = default;
};

class MinimapWidget : public QWidget {
    Q_OBJECT
public:
    explicit MinimapWidget(QWidget* parent = nullptr);

    /// The level to show (null: none); follows its edits.
    void setDocument(LevelDocument* document);
    /// The view whose visible part is outlined and that a click moves.
    void setView(EditorView* view);
    /// While the level plays: its bodies where they are now, marked instead of
    /// the level's spawns (goals stay: they are areas of the level, not bodies).
    /// nullopt: the level's spawns again.
    void setLiveMarks(std::optional<std::vector<MinimapMark>> marks);
    const std::optional<std::vector<MinimapMark>>& liveMarks() const { return mLive; }

    /// Where the map is drawn, in widget pixels (the level's aspect, centred).
    QRectF mapArea() const;
    /// Widget pixels <-> level tiles (fractional; tile (x, y) spans [x, x + 1)).
    QPointF tileToWidget(QPointF tile) const;
    QPointF widgetToTile(QPointF pos) const;
    /// The view's visible part in level tiles (empty without a view or level).
    QRectF visibleTiles() const;
    const MinimapImage& tileImage() const { return mTiles; }

    QSize sizeHint() const override { return {240, 120}; }
    // Low: the docks beside it set the window's least height, and a glance needs little.
    QSize minimumSizeHint() const override { return {80, 16}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void rebuild();
    void tilesChanged(const QRect& tileRect);
    void invalidate();
    /// The scaled tiles with the spawns marked on them (only the goals while the
    /// level plays), at mapArea()'s size.
    const QPixmap& picture();
    /// The live marks on a transparent image of the map's `size` (logical pixels),
    /// redrawn only when the marks or the size changed.
    const QImage& liveLayer(QSize size);
    /// Draws `marks` on `image`, a picture of the whole map with its device pixel
    /// ratio set (converted to premultiplied ARGB32 unless it is RGB32 or ARGB32):
    /// the player on top.
    static void drawMarks(QImage& image, const std::vector<MinimapMark>& marks, QSize levelTiles);
    void centreViewAt(QPointF widgetPos);

    QPointer<LevelDocument> mDocument;
    QPointer<EditorView> mView;
    QList<QMetaObject::Connection> mDocConnections;
    MinimapImage mTiles;
    std::optional<std::vector<MinimapMark>> mLive;
    QPixmap mPicture;
    bool mPictureValid = false;
    QImage mLiveLayer;
    bool mLiveLayerValid = false;
    bool mDragging = false;
};

class MinimapDock : public QDockWidget {
    Q_OBJECT
public:
    explicit MinimapDock(QWidget* parent = nullptr);
    MinimapWidget* minimap() const { return mMinimap; }

private:
    MinimapWidget* mMinimap;
};

} // namespace ts::editor
