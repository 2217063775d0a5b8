// A device-resolution cache for static scene content (the tile layer, or any
// layer that changes rarely and is drawn every frame): the content is rendered
// once per zoom level into square chunks of device pixels, and each paint is a
// blit of the visible chunks. Edits invalidate only the scene rectangle they
// touch; that part of a chunk is redrawn in place, so the work of an edit stays
// proportional to its area. Layers of the last zoom levels are kept (least
// recently used chunks go first when the memory budget is exceeded), so zooming
// back and forth and scrolling are blits.
//
// Usage from QGraphicsItem::paint():
//     mCache.paint(painter, option->exposedRect, boundingRect(),
//                  [&](QPainter* p, const QRectF& sceneRect, qreal lod) { ...draw... });
// and mCache.invalidate(sceneRect) wherever the item calls update(sceneRect).
#pragma once

#include <QColor>
#include <QHash>
#include <QImage>
#include <QPoint>
#include <QRect>
#include <QRectF>
#include <QRegion>

#include <functional>
#include <vector>

class QPainter;

namespace ts::editor {

class ChunkCache {
public:
    /// Draws the scene rectangle `sceneRect` with `p` (already transformed to the
    /// chunk: scene coordinates in, device pixels out); `lod` is device pixels per
    /// scene pixel. It must draw the same pixels whatever part it is asked for.
    using Render = std::function<void(QPainter* p, const QRectF& sceneRect, qreal lod)>;

    /// Chunk edge in device pixels.
    static constexpr int kChunk = 256;

    /// `background`: an opaque colour makes chunks RGB32 filled with it (the
    /// fastest blit; the blit is clipped to the content rectangle); an invalid
    /// colour makes them transparent ARGB32 drawn over what is below.
    explicit ChunkCache(QColor background = QColor());

    /// Paints `exposed ∩ content` (scene coordinates) through the cache. With a
    /// rotating or shearing transform, or a non-uniform scale, it renders
    /// directly instead.
    void paint(QPainter* painter, const QRectF& exposed, const QRectF& content,
               const Render& render);
    /// The content of `sceneRect` changed: redrawn at the next paint, in every
    /// cached zoom level.
    void invalidate(const QRectF& sceneRect);
    /// Forgets everything (content size or meaning changed).
    void clear();

    void setBudgetBytes(qint64 bytes) { mBudget = bytes; }
    qint64 bytes() const { return mBytes; }
    /// Chunks rendered from scratch and dirty rectangles redrawn since the last reset.
    quint64 chunksRendered() const { return mChunksRendered; }
    quint64 rectsRedrawn() const { return mRectsRedrawn; }
    void resetCounters() { mChunksRendered = mRectsRedrawn = 0; }

private:
    struct Chunk {
        QImage image;
        QRegion dirty; ///< layer pixels (chunk-local) to redraw
        quint64 used = 0;
    };
    struct Layer {
        qreal scale = 1;
        qreal fx = 0, fy = 0; ///< sub-pixel offset of scene (0, 0) in layer pixels
        QHash<quint64, Chunk> chunks;
    };

    Layer& layerFor(qreal scale, qreal fx, qreal fy);
    void renderInto(Layer& layer, QPoint index, Chunk& chunk, const QRegion& area,
                    const Render& render);
    void evict();

    QColor mBackground;
    std::vector<Layer> mLayers;
    qint64 mBytes = 0;
    qint64 mBudget = 96ll * 1024 * 1024;
    quint64 mClock = 0;
    quint64 mChunksRendered = 0;
    quint64 mRectsRedrawn = 0;
};

} // namespace ts::editor
