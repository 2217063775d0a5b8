#include "tilesmith/editor/chunkcache.h"

#include <QPaintDevice>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace ts::editor {

namespace {

quint64 keyOf(int i, int j) {
    return (quint64(quint32(i)) << 32) | quint64(quint32(j));
}

QPoint indexOf(quint64 key) {
    return QPoint(int(qint32(quint32(key >> 32))), int(qint32(quint32(key & 0xffffffffu))));
}

/// Layer pixels whose centres a non-antialiased fill of `r` covers.
QRect coveredPixels(const QRectF& r) {
    return QRect(QPoint(qRound(r.left()), qRound(r.top())),
                 QPoint(qRound(r.right()) - 1, qRound(r.bottom()) - 1));
}

int floorDiv(int a, int b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

} // namespace

ChunkCache::ChunkCache(QColor background) : mBackground(background) {
    if (mBackground.isValid())
        mBackground.setAlpha(255);
}

void ChunkCache::clear() {
    mLayers.clear();
    mBytes = 0;
}

ChunkCache::Layer& ChunkCache::layerFor(qreal scale, qreal fx, qreal fy) {
    for (Layer& l : mLayers) {
        if (l.scale == scale && l.fx == fx && l.fy == fy)
            return l;
    }
    mLayers.push_back(Layer{scale, fx, fy, {}});
    return mLayers.back();
}

void ChunkCache::invalidate(const QRectF& sceneRect) {
    if (sceneRect.isEmpty())
        return;
    for (Layer& l : mLayers) {
        const QRectF lr(sceneRect.left() * l.scale + l.fx, sceneRect.top() * l.scale + l.fy,
                        sceneRect.width() * l.scale, sceneRect.height() * l.scale);
        // One pixel of slack: antialiased edges and rounding reach past the rectangle.
        const QRect r = lr.toAlignedRect().adjusted(-1, -1, 1, 1);
        const int i0 = floorDiv(r.left(), kChunk);
        const int i1 = floorDiv(r.right(), kChunk);
        const int j0 = floorDiv(r.top(), kChunk);
        const int j1 = floorDiv(r.bottom(), kChunk);
        if (qint64(i1 - i0 + 1) * qint64(j1 - j0 + 1) > l.chunks.size()) {
            for (auto it = l.chunks.begin(); it != l.chunks.end(); ++it) {
                const QPoint ix = indexOf(it.key());
                const QRect cr(ix.x() * kChunk, ix.y() * kChunk, kChunk, kChunk);
                const QRect hit = cr.intersected(r);
                if (!hit.isEmpty())
                    it->dirty += hit.translated(-cr.topLeft());
            }
            continue;
        }
        for (int j = j0; j <= j1; ++j) {
            for (int i = i0; i <= i1; ++i) {
                auto it = l.chunks.find(keyOf(i, j));
                if (it == l.chunks.end())
                    continue;
                const QRect cr(i * kChunk, j * kChunk, kChunk, kChunk);
                it->dirty += cr.intersected(r).translated(-cr.topLeft());
            }
        }
    }
}

void ChunkCache::renderInto(Layer& layer, QPoint index, Chunk& chunk, const QRegion& area,
                            const Render& render) {
    QPainter cp(&chunk.image);
    cp.setRenderHint(QPainter::Antialiasing, false);
    cp.setCompositionMode(QPainter::CompositionMode_Source);
    for (const QRect& r : area)
        cp.fillRect(r, mBackground.isValid() ? mBackground : QColor(Qt::transparent));
    cp.setCompositionMode(QPainter::CompositionMode_SourceOver);
    cp.setClipRegion(area);
    const qreal s = layer.scale;
    const QPointF origin(index.x() * kChunk, index.y() * kChunk);
    cp.setWorldTransform(QTransform(s, 0, 0, s, layer.fx - origin.x(), layer.fy - origin.y()));
    const QRectF b = QRectF(area.boundingRect()).translated(origin);
    const QRectF scene((b.left() - layer.fx) / s, (b.top() - layer.fy) / s, b.width() / s,
                       b.height() / s);
    render(&cp, scene, s);
}

void ChunkCache::paint(QPainter* painter, const QRectF& exposed, const QRectF& content,
                       const Render& render) {
    const QRectF want = exposed.intersected(content);
    if (want.isEmpty())
        return;
    const QTransform t = painter->worldTransform();
    const qreal s = t.m11();
    const bool cacheable = t.type() <= QTransform::TxScale && s > 0 && s == t.m22() &&
                           painter->device() && painter->device()->devicePixelRatioF() == 1.0 &&
                           std::isfinite(t.dx()) && std::isfinite(t.dy()) &&
                           std::abs(t.dx()) < 1e9 && std::abs(t.dy()) < 1e9;
    if (!cacheable) {
        painter->save();
        painter->setClipRect(want, Qt::IntersectClip);
        render(painter, want, QStyleOptionGraphicsItem::levelOfDetailFromTransform(t));
        painter->restore();
        return;
    }
    // Layer pixel = scene * s + f; device pixel = layer pixel + (ox, oy), whole pixels.
    qreal ox = std::floor(t.dx());
    qreal oy = std::floor(t.dy());
    qreal fx = std::round((t.dx() - ox) * 64) / 64;
    qreal fy = std::round((t.dy() - oy) * 64) / 64;
    if (fx >= 1) {
        fx = 0;
        ox += 1;
    }
    if (fy >= 1) {
        fy = 0;
        oy += 1;
    }
    Layer& layer = layerFor(s, fx, fy);
    const int layerIndex = int(&layer - mLayers.data());
    auto toLayer = [&](const QRectF& r) {
        return QRectF(r.left() * s + fx, r.top() * s + fy, r.width() * s, r.height() * s);
    };
    const QRect contentPx = coveredPixels(toLayer(content));
    const QRect area = toLayer(want).toAlignedRect().intersected(contentPx);
    if (area.isEmpty())
        return;
    ++mClock;
    const QImage::Format format =
        mBackground.isValid() ? QImage::Format_RGB32 : QImage::Format_ARGB32_Premultiplied;
    const int i0 = floorDiv(area.left(), kChunk);
    const int i1 = floorDiv(area.right(), kChunk);
    const int j0 = floorDiv(area.top(), kChunk);
    const int j1 = floorDiv(area.bottom(), kChunk);
    painter->save();
    painter->setWorldTransform(QTransform());
    for (int j = j0; j <= j1; ++j) {
        for (int i = i0; i <= i1; ++i) {
            Layer& l = mLayers[std::size_t(layerIndex)];
            Chunk& c = l.chunks[keyOf(i, j)];
            const QRect cr(i * kChunk, j * kChunk, kChunk, kChunk);
            if (c.image.isNull()) {
                c.image = QImage(kChunk, kChunk, format);
                if (c.image.isNull())
                    continue; // out of memory: leave this part undrawn rather than crash
                mBytes += c.image.sizeInBytes();
                // Only the part inside the content: the rest is never shown.
                const QRect inside = cr.intersected(contentPx).translated(-cr.topLeft());
                c.image.fill(mBackground.isValid() ? mBackground : QColor(Qt::transparent));
                renderInto(l, QPoint(i, j), c, QRegion(inside), render);
                c.dirty = QRegion();
                ++mChunksRendered;
            } else if (!c.dirty.isEmpty()) {
                const QRegion d = c.dirty;
                c.dirty = QRegion();
                renderInto(l, QPoint(i, j), c, d, render);
                mRectsRedrawn += quint64(d.rectCount());
            }
            c.used = mClock;
            const QRect part = cr.intersected(area);
            painter->drawImage(QPointF(part.left() + ox, part.top() + oy), c.image,
                               part.translated(-cr.topLeft()));
        }
    }
    painter->restore();
    evict();
}

void ChunkCache::evict() {
    if (mBytes <= mBudget)
        return;
    std::vector<std::tuple<quint64, std::size_t, quint64>> all; // used, layer, key
    for (std::size_t li = 0; li < mLayers.size(); ++li)
        for (auto it = mLayers[li].chunks.cbegin(); it != mLayers[li].chunks.cend(); ++it)
            all.emplace_back(it->used, li, it.key());
    std::sort(all.begin(), all.end());
    for (const auto& [used, li, key] : all) {
        if (mBytes <= mBudget || used == mClock)
            break; // never drop what this paint just showed
        auto it = mLayers[li].chunks.find(key);
        mBytes -= it->image.sizeInBytes();
        mLayers[li].chunks.erase(it);
    }
    mLayers.erase(std::remove_if(mLayers.begin(), mLayers.end(),
                                 [](const Layer& l) { return l.chunks.isEmpty(); }),
                  mLayers.end());
}

} // namespace ts::editor
