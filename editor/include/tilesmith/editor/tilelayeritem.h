// The tile layer as ONE graphics item (never one item per tile): paints only
// the exposed part and repaints only what the document says changed. Tiles are
// drawn through a ChunkCache (device-resolution chunks per zoom level), so a
// repaint of unchanged tiles is a blit; an edit redraws only its area inside
// the cached chunks. TileOverlayItem draws tool previews (line, rectangle,
// paste stamps).
#pragma once

#include "tilesmith/editor/chunkcache.h"
#include "tilesmith/level/level.h"

#include <QGraphicsItem>
#include <QPointer>

namespace ts::editor {

class LevelDocument;

class TileLayerItem : public QGraphicsItem {
public:
    explicit TileLayerItem(LevelDocument* document = nullptr);
    ~TileLayerItem() override;

    /// Follows another document (New / Open): reconnects and resizes.
    void setDocument(LevelDocument* document);
    LevelDocument* document() const { return mDocument; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// Tiles drawn (into the cache or directly) since the last reset: benchmarks
    /// and tests use it to show that an edit repaints an area proportional to
    /// the change. Blits of cached chunks count nothing.
    quint64 tilesPainted() const { return mTilesPainted; }
    void resetTilesPainted() { mTilesPainted = 0; }
    /// paint() calls since the last reset.
    quint64 paintCalls() const { return mPaintCalls; }
    /// Nanoseconds spent in paint() since construction (the play benchmark's
    /// per-part times).
    qint64 paintNanos() const { return mPaintNanos; }

    /// Schedules a repaint of the tiles in `tileRect` (grown by one tile for
    /// the edges that depend on neighbours).
    void updateTiles(const QRect& tileRect);
    /// Size or tile size changed.
    void reset();

    /// The tile grid (one device pixel wide lines at tile edges, when tiles are at
    /// least 5 device pixels): drawn with the tiles, so it is cached with them.
    void setGridVisible(bool on);
    bool isGridVisible() const { return mGrid; }

    /// Whether paint() goes through the chunk cache (on by default; off draws
    /// directly and keeps the cached chunks, which edits still invalidate).
    void setCached(bool on);
    bool isCached() const { return mCached; }
    ChunkCache& cache() { return mCache; }

private:
    QPointer<LevelDocument> mDocument;
    ChunkCache mCache;
    bool mCached = true;
    bool mGrid = true;
    QRectF mBounds;
    quint64 mTilesPainted = 0;
    quint64 mPaintCalls = 0;
    qint64 mPaintNanos = 0;
    QList<QMetaObject::Connection> mConnections;
};

/// Tool previews: a translucent stamp of tiles (and spawns) at a tile offset,
/// an outline rectangle and a "hole" that greys out content being moved.
class TileOverlayItem : public QGraphicsItem {
public:
    TileOverlayItem();

    void setTileSize(int tileSize);
    /// The stamp's non-empty tiles and its spawns (positions relative to the
    /// stamp) are drawn with their top-left tile at `topLeft`.
    void setStamp(ts::level::Level stamp, QPoint topLeft);
    void moveStamp(QPoint topLeft);
    /// Tiles to be erased (drawn as a red wash).
    void setEraseRect(const QRect& tileRect);
    void setOutline(const QRect& tileRect);
    void setHole(const QRect& tileRect);
    void clear();
    bool hasStamp() const { return mStamp.width > 0; }
    QPoint stampTopLeft() const { return mTopLeft; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QRectF sceneRectOf(const QRect& tileRect) const;
    void changed();
    int mTileSize = 16;
    ts::level::Level mStamp;
    QPoint mTopLeft;
    QRect mErase;
    QRect mOutline;
    QRect mHole;
    QRectF mBounds;
};

} // namespace ts::editor
