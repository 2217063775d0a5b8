// The recorded player's path over the level: a polyline with a tick every second
// of play, the ghost (the recorded player's box at the current step) and, after a
// desync, a marker where the first differing body is. Reads precomputed data only.
#pragma once

#include <QGraphicsItem>
#include <QPainterPath>
#include <QVector>

#include <optional>

namespace ts::play {

class GhostItem : public QGraphicsItem {
public:
    /// Above the level, below play mode's bodies and overlays.
    static constexpr qreal kZ = 1e6 - 1;
    explicit GhostItem(QGraphicsItem* parent = nullptr);

    /// The recorded player's box (scene coordinates) after each step; [0] = the start.
    void setPath(QVector<QRectF> boxes, int tickEvery = 60);
    const QVector<QRectF>& boxes() const { return mBoxes; }
    /// The step whose box the ghost shows (clamped to the path).
    void setStep(qint64 step);
    qint64 step() const { return mStep; }
    void setGhostVisible(bool on);
    /// Where a desync was found (scene coordinates of the body now and as recorded).
    void setDesync(std::optional<QPointF> now, std::optional<QPointF> recorded);
    bool hasDesyncMarker() const { return mDesyncNow.has_value(); }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    void updateBounds();

    QVector<QRectF> mBoxes;
    QPainterPath mTrail;
    QVector<QPointF> mTicks;
    qint64 mStep = 0;
    bool mGhostVisible = true;
    std::optional<QPointF> mDesyncNow, mDesyncRecorded;
    QRectF mBounds;
};

} // namespace ts::play
