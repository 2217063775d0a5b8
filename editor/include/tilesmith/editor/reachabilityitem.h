// Draws a reachability result (tilesmith/level/reach.h) and its lint
// (tilesmith/level/lint.h) over the level: a green band on top of every tile the
// player can stand on, a red cross over every goal and spawn it cannot reach, a
// dashed red frame around a spawn with another finding and a red band over a
// one-way platform it never stands on. Holds what to draw and the findings'
// messages (for tooltips) only; the search and the lint run elsewhere
// (ReachabilityOverlay, on a worker thread).
#pragma once

#include <QGraphicsObject>
#include <QPoint>
#include <QRectF>
#include <QStringList>
#include <QVector>

#include <vector>

namespace ts::editor {

class ReachabilityItem : public QGraphicsObject {
    Q_OBJECT
public:
    enum { Type = UserType + 42 };

    /// A lint finding shown on the map.
    struct Unreached {
        enum class Mark {
            Cross, ///< a spawn or goal the player cannot reach
            Frame, ///< a spawn with another finding (blocked route, in a wall, no ground)
            Band,  ///< a one-way platform the player never stands on
        };
        int id = 0; ///< the spawn's id; 0 for a platform
        bool goal = false;
        QRectF rect; ///< the spawn's box, the goal's area or the platform's tiles (scene)
        Mark mark = Mark::Cross;
        QString message; ///< the finding, as a sentence (the tooltip)
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
    /// The messages of the findings drawn at `scenePos` (their order in the list).
    QStringList messagesAt(QPointF scenePos) const;

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
