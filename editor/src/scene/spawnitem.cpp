#include "tilesmith/editor/spawnitem.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/render/levelrenderer.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace ts::editor {

SpawnItem::SpawnItem(LevelDocument* document, int spawnId)
    : mDocument(document), mSpawnId(spawnId) {
    setFlag(ItemIsSelectable);
    setZValue(10);
    setCacheMode(DeviceCoordinateCache);
    sync();
}

void SpawnItem::sync() {
    prepareGeometryChange();
    const auto& level = mDocument->level();
    if (const ts::level::Spawn* s = level.findSpawn(mSpawnId)) {
        mBounds = render::spawnBounds(level, *s);
        mBody = render::spawnRect(level, *s);
        mSpawn = *s;
        mExists = true;
    } else {
        mBounds = mBody = QRectF();
        mExists = false;
    }
    update();
}

QRectF SpawnItem::spawnSceneRect() const {
    return mBody;
}

QRectF SpawnItem::boundingRect() const {
    return mBounds;
}

QPainterPath SpawnItem::shape() const {
    // Easy to hit: the body, at least a whole tile around its bottom centre.
    QPainterPath path;
    const qreal ts = mDocument->level().tileSize;
    QRectF tile(mBody.center().x() - ts / 2, mBody.bottom() - ts, ts, ts);
    path.addRect(mBody.united(tile));
    return path;
}

void SpawnItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    if (mExists)
        render::paintSpawn(painter, mDocument->level(), mSpawn, isSelected(),
                           option->levelOfDetailFromTransform(painter->worldTransform()));
}

} // namespace ts::editor
