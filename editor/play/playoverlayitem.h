// The one graphics item of play mode: draws the running world's bodies and the
// physics debug overlays (partition cells, sensors, overlap vectors, contact
// flags, colliding bodies) above the level. It only reads the world's state and
// debug arrays: no physics happens here.
#pragma once

#include <QGraphicsItem>
#include <QHash>
#include <QImage>

namespace ts::play {

class PlaySession;

/// Overlay bits (PlayOverlayItem::setOverlays, PlayController's View actions).
enum Overlay : unsigned {
    OverlayCells = 1u << 0,     ///< partition grid and occupied cells with counts
    OverlaySensors = 1u << 1,   ///< sensor lines as tested this step, hit / miss
    OverlayOverlaps = 1u << 2,  ///< signed overlap arrows of colliding bodies
    OverlayContacts = 1u << 3,  ///< ground / ceiling / wall / one-way marks
    OverlayColliding = 1u << 4, ///< colliding bodies drawn semi-transparent
    OverlayHud = 1u << 5,       ///< timings and counters (a widget, see PlayHud)
    OverlayAll = (1u << 6) - 1,
};

/// Bits that need World debug data.
inline constexpr unsigned kDebugOverlays =
    OverlayCells | OverlaySensors | OverlayOverlaps | OverlayColliding;

class PlayOverlayItem : public QGraphicsItem {
public:
    /// Z value above every editor item.
    static constexpr qreal kZ = 1e6;

    explicit PlayOverlayItem(PlaySession* session = nullptr);

    void setSession(PlaySession* session);
    PlaySession* session() const { return mSession; }
    void setOverlays(unsigned overlays);
    unsigned overlays() const { return mOverlays; }
    /// Bodies are drawn unless hidden (benchmarks time the overlays alone).
    void setBodiesVisible(bool on);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    void paintCells(QPainter* p, const QRectF& exposed) const;
    void paintBodies(QPainter* p, const QRectF& exposed, qreal lod) const;
    void paintSensors(QPainter* p) const;
    void paintContacts(QPainter* p, const QRectF& exposed) const;
    void paintOverlaps(QPainter* p) const;

    PlaySession* mSession = nullptr;
    unsigned mOverlays = 0;
    bool mBodiesVisible = true;
    QRectF mBounds;
    /// Body glyphs at device resolution (kind, size, facing, zoom).
    mutable QHash<quint64, QImage> mGlyphs;
};

} // namespace ts::play
