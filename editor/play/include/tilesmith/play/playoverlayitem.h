// The one graphics item of play mode: draws the running world's bodies and the
// physics debug overlays (partition cells, sensors, overlap vectors, contact
// flags, colliding bodies) above the level. It only reads the world's state and
// debug arrays: no physics happens here.
#pragma once

#include "tilesmith/play/overlaybits.h"

#include <QGraphicsItem>
#include <QHash>
#include <QImage>
#include <QRect>

#include <vector>

namespace ts::play {

class PlaySession;
class PlayBodiesItem;
class PlayCellsItem;

/// Bodies, sensors, contact marks, overlap arrows and cell counts, above the
/// level. The partition cells' tint is a separate item beneath the tiles
/// (PlayCellsItem, created and removed with this one) so tiles keep their colours.
/// Bodies are drawn where PlaySession::drawnAabb() puts them: between their last
/// two states, so frames between fixed steps move smoothly.
class PlayOverlayItem : public QGraphicsItem {
public:
    /// Z value above every editor item.
    static constexpr qreal kZ = 1e6;

    explicit PlayOverlayItem(PlaySession* session = nullptr);
    ~PlayOverlayItem() override;

    void setSession(PlaySession* session);
    PlaySession* session() const { return mSession; }
    void setOverlays(unsigned overlays);
    unsigned overlays() const { return mOverlays; }
    /// Bodies are drawn unless hidden (benchmarks time the overlays alone).
    void setBodiesVisible(bool on);
    /// Rectangles of the view (viewport pixels) the cell counts keep clear of:
    /// the HUD and the legend.
    void setReservedViewRects(const QList<QRect>& rects) { mReserved = rects; }
    /// The item beneath the tiles that draws the partition cells.
    PlayCellsItem* cellsItem() const { return mCells; }
    /// The item between the back and the front art that draws the bodies.
    PlayBodiesItem* bodiesItem() const { return mBodies; }

    /// One overlap arrow as drawn, in scene coordinates: from the contact point,
    /// along the minimum-translation axis, at the overlap's true length.
    struct Arrow {
        QPointF from, to;
        double depth; ///< pixels
    };
    /// The arrows of the current step's overlapping pairs (tests read them).
    std::vector<Arrow> overlapArrows() const;

    /// A partition cell's body count as drawn: `box` in view pixels.
    struct CellLabel {
        QRectF box;
        int count;
    };
    /// Where the counts go for a scene-to-view transform and the view's rectangle
    /// (view pixels): in the first corner of the cell's visible part on the map
    /// that is clear of the reserved rectangle (cells too small get none).
    std::vector<CellLabel> cellLabels(const QTransform& sceneToView, const QRectF& view) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    friend class PlayBodiesItem;
    friend class PlayCellsItem;
    void paintCellCounts(QPainter* p, const QRectF& exposed) const;
    void paintBodies(QPainter* p, const QRectF& exposed, qreal lod) const;
    void paintSensors(QPainter* p) const;
    void paintContacts(QPainter* p, const QRectF& exposed) const;
    void paintOverlaps(QPainter* p) const;

    PlaySession* mSession = nullptr;
    unsigned mOverlays = 0;
    bool mBodiesVisible = true;
    QRectF mBounds;
    QList<QRect> mReserved;
    PlayCellsItem* mCells = nullptr;
    PlayBodiesItem* mBodies = nullptr;
    /// Body glyphs at device resolution (kind, size, facing, zoom).
    mutable QHash<quint64, QImage> mGlyphs;
    /// Cell counts drawn as text once, blitted after (count -> image).
    mutable QHash<int, QImage> mCountImages;
};

/// The running bodies, drawn in front of the back art and the collision and behind the
/// front art (the level's art layers as a game draws them; the overlays stay on top).
/// Owned by its PlayOverlayItem.
class PlayBodiesItem : public QGraphicsItem {
public:
    /// Above the spawn glyphs it stands in for, below the front art layers.
    static constexpr qreal kZ = 12;
    explicit PlayBodiesItem(PlayOverlayItem* owner);
    ~PlayBodiesItem() override;
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    friend class PlayOverlayItem;
    PlayOverlayItem* mOwner;
};

/// The partition cells (tint by body count, grid lines), drawn beneath the
/// tiles. Owned by its PlayOverlayItem.
class PlayCellsItem : public QGraphicsItem {
public:
    static constexpr qreal kZ = -1;
    explicit PlayCellsItem(PlayOverlayItem* owner);
    ~PlayCellsItem() override;
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    friend class PlayOverlayItem;
    PlayOverlayItem* mOwner;
};

} // namespace ts::play
