// Draws a reachability result (tilesmith/level/reach.h) over the level: a
// green band on top of every tile the player can stand on, and a red cross
// over every goal and spawn it cannot reach. Holds what to draw only; the
// search runs elsewhere (ReachabilityOverlay, on a worker thread).
#pragma once

#include <QGraphicsObject>
#include <QPoint>
#include <QRectF>
#include <QVector>

#include <vector>

namespace ts::editor {

class ReachabilityItem : public QGraphicsObject {
    Q_OBJECT
public:
    enum { Type = UserType + 42 };

    struct Unreached {
        int id = 0;
        bool goal = false;
        QRectF rect; ///< the spawn's box or the goal's area, scene coordinates
    };

    ReachabilityItem();

    /// Standable tiles (level coordinates) of a `width` x `height` map of
    /// `tileSize` px tiles, and the spawns not reached.
    void setResult(int width, int height, int tileSize, const std::vector<QPoint>& surfaces,
                   const QVector<Unreached>& unreached);
    void clear();

    bool isSurface(QPoint tile) const;
    int surfaceCount() const { return mCount; }
    const QVector<Unreached>& unreached() const { return mUnreached; }

    static QColor surfaceColour();
    static QColor unreachedColour();

    int type() const override { return Type; }
    QRectF boundingRect() const override { return mBounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    int mWidth = 0;
    int mHeight = 0;
    int mTileSize = 16;
    int mCount = 0;
    /// Per row, the sorted columns of the standable tiles in it.
    std::vector<std::vector<int>> mRows;
    QVector<Unreached> mUnreached;
    QRectF mBounds;
};

} // namespace ts::editor
