#include "tilesmith/editor/tilelayeritem.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/render/levelrenderer.h"

#include <QElapsedTimer>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QVarLengthArray>

#include <cmath>

namespace ts::editor {

namespace {

/// The tiles (clipped to width x height) touched by a scene rectangle.
QRect tilesIn(const QRectF& r, int tileSize, int width, int height) {
    const int x0 = std::max(0, int(std::floor(r.left() / tileSize)));
    const int y0 = std::max(0, int(std::floor(r.top() / tileSize)));
    const int x1 = std::min(width - 1, int(std::ceil(r.right() / tileSize)) - 1);
    const int y1 = std::min(height - 1, int(std::ceil(r.bottom() / tileSize)) - 1);
    if (x1 < x0 || y1 < y0)
        return {};
    return QRect(QPoint(x0, y0), QPoint(x1, y1));
}

/// Grid lines at the tile edges inside `area`, one device pixel wide.
void paintGrid(QPainter* painter, const QRectF& area, qreal ts, qreal lod) {
    if (area.isEmpty() || ts * lod < 5)
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    QPen pen(render::palette::grid, 1);
    pen.setCosmetic(true);
    painter->setPen(pen);
    const int x0 = int(std::ceil(area.left() / ts));
    const int x1 = int(std::floor(area.right() / ts));
    const int y0 = int(std::ceil(area.top() / ts));
    const int y1 = int(std::floor(area.bottom() / ts));
    QVarLengthArray<QLineF, 256> lines;
    for (int x = x0; x <= x1; ++x)
        lines.append(QLineF(x * ts, area.top(), x * ts, area.bottom()));
    for (int y = y0; y <= y1; ++y)
        lines.append(QLineF(area.left(), y * ts, area.right(), y * ts));
    painter->drawLines(lines.constData(), int(lines.size()));
    painter->restore();
}

} // namespace

TileLayerItem::TileLayerItem(LevelDocument* document) {
    setFlag(ItemUsesExtendedStyleOption);
    setDocument(document);
}

TileLayerItem::~TileLayerItem() {
    for (const auto& c : mConnections)
        QObject::disconnect(c);
}

void TileLayerItem::setDocument(LevelDocument* document) {
    for (const auto& c : mConnections)
        QObject::disconnect(c);
    mConnections.clear();
    mDocument = document;
    if (document) {
        mConnections << QObject::connect(document, &LevelDocument::tilesChanged, document,
                                         [this](const QRect& r) { updateTiles(r); });
        mConnections << QObject::connect(document, &LevelDocument::levelReset, document,
                                         [this] { reset(); });
    }
    reset();
}

void TileLayerItem::reset() {
    prepareGeometryChange();
    mCache.clear();
    if (mDocument) {
        const auto& l = mDocument->level();
        mBounds = QRectF(0, 0, qreal(l.width) * l.tileSize, qreal(l.height) * l.tileSize);
    } else {
        mBounds = QRectF();
    }
    update();
}

void TileLayerItem::updateTiles(const QRect& tileRect) {
    if (!mDocument)
        return;
    const int ts = mDocument->level().tileSize;
    const QRect grown = tileRect.adjusted(-1, -1, 1, 1);
    const QRectF r(qreal(grown.x()) * ts, qreal(grown.y()) * ts, qreal(grown.width()) * ts,
                   qreal(grown.height()) * ts);
    mCache.invalidate(r);
    update(r);
}

void TileLayerItem::setGridVisible(bool on) {
    if (on == mGrid)
        return;
    mGrid = on;
    mCache.clear();
    update();
}

void TileLayerItem::setCached(bool on) {
    if (on == mCached)
        return;
    mCached = on; // chunks kept: edits meanwhile still invalidate them
    update();
}

QRectF TileLayerItem::boundingRect() const {
    return mBounds;
}

void TileLayerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    if (!mDocument)
        return;
    QElapsedTimer timer;
    timer.start();
    const auto& level = mDocument->level();
    ++mPaintCalls;
    auto render = [&](QPainter* p, const QRectF& sceneRect, qreal lod) {
        // One tile more left and right: one-way planks sit on tile edges and
        // reach half a device pixel into the neighbour; the clip keeps the rest out.
        const qreal ts = level.tileSize;
        const QRect tiles =
            tilesIn(sceneRect.adjusted(-ts, 0, ts, 0), level.tileSize, level.width, level.height);
        if (!tiles.isEmpty())
            mTilesPainted += render::paintTiles(p, level, tiles, lod);
        if (mGrid)
            paintGrid(p, sceneRect.intersected(mBounds), level.tileSize, lod);
    };
    if (mCached) {
        mCache.paint(painter, option->exposedRect, mBounds, render);
    } else {
        render(painter, option->exposedRect,
               option->levelOfDetailFromTransform(painter->worldTransform()));
    }
    mPaintNanos += timer.nsecsElapsed();
}

// --- TileOverlayItem -----------------------------------------------------------

TileOverlayItem::TileOverlayItem() {
    setFlag(ItemUsesExtendedStyleOption);
}

QRectF TileOverlayItem::sceneRectOf(const QRect& r) const {
    return QRectF(qreal(r.x()) * mTileSize, qreal(r.y()) * mTileSize, qreal(r.width()) * mTileSize,
                  qreal(r.height()) * mTileSize);
}

void TileOverlayItem::changed() {
    QRectF b;
    if (mStamp.width > 0) {
        const QRect stampRect(mTopLeft, QSize(mStamp.width, mStamp.height));
        b = sceneRectOf(stampRect);
        for (const auto& s : mStamp.spawns) {
            ts::level::Spawn moved = s;
            moved.x += mTopLeft.x();
            moved.y += mTopLeft.y();
            b = b.united(render::spawnBounds(mStamp, moved));
        }
    }
    if (!mErase.isEmpty())
        b = b.united(sceneRectOf(mErase));
    if (!mOutline.isEmpty())
        b = b.united(sceneRectOf(mOutline).adjusted(-2, -2, 2, 2));
    if (!mHole.isEmpty())
        b = b.united(sceneRectOf(mHole));
    if (b != mBounds) {
        prepareGeometryChange();
        mBounds = b;
    }
    update();
}

void TileOverlayItem::setTileSize(int tileSize) {
    mTileSize = std::max(1, tileSize);
    mStamp.tileSize = mTileSize;
    changed();
}

void TileOverlayItem::setStamp(ts::level::Level stamp, QPoint topLeft) {
    mStamp = std::move(stamp);
    mStamp.tileSize = mTileSize;
    mTopLeft = topLeft;
    changed();
}

void TileOverlayItem::moveStamp(QPoint topLeft) {
    if (topLeft == mTopLeft)
        return;
    mTopLeft = topLeft;
    changed();
}

void TileOverlayItem::setEraseRect(const QRect& tileRect) {
    mErase = tileRect;
    changed();
}

void TileOverlayItem::setOutline(const QRect& tileRect) {
    mOutline = tileRect;
    changed();
}

void TileOverlayItem::setHole(const QRect& tileRect) {
    mHole = tileRect;
    changed();
}

void TileOverlayItem::clear() {
    mStamp = ts::level::Level();
    mStamp.tileSize = mTileSize;
    mErase = mOutline = mHole = QRect();
    changed();
}

QRectF TileOverlayItem::boundingRect() const {
    return mBounds;
}

void TileOverlayItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (!mHole.isEmpty())
        painter->fillRect(sceneRectOf(mHole).intersected(option->exposedRect),
                          QColor(render::palette::mapBackground.red(),
                                 render::palette::mapBackground.green(),
                                 render::palette::mapBackground.blue(), 200));
    if (!mErase.isEmpty())
        painter->fillRect(sceneRectOf(mErase).intersected(option->exposedRect),
                          QColor(0xe0, 0x30, 0x30, 90));
    if (mStamp.width > 0) {
        painter->save();
        painter->setOpacity(0.65);
        const QPointF offset(qreal(mTopLeft.x()) * mTileSize, qreal(mTopLeft.y()) * mTileSize);
        painter->translate(offset);
        const QRect tiles = tilesIn(option->exposedRect.translated(-offset), mTileSize,
                                    mStamp.width, mStamp.height);
        if (!tiles.isEmpty())
            render::paintTiles(painter, mStamp, tiles, lod);
        for (const auto& s : mStamp.spawns)
            render::paintSpawn(painter, mStamp, s, false, lod);
        painter->restore();
    }
    if (!mOutline.isEmpty()) {
        QPen pen(QColor(0x00, 0x8c, 0xd6), 2);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->setBrush(QColor(0x00, 0xb7, 0xff, 30));
        painter->drawRect(sceneRectOf(mOutline));
    }
}

} // namespace ts::editor
