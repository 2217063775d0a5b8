// One graphics item per spawn, drawn with paintSpawn() into a device-resolution
// cache (QGraphicsItem::DeviceCoordinateCache): a repaint of the view blits each
// glyph instead of drawing its curves and id label again.
#pragma once

#include "tilesmith/level/level.h"

#include <QGraphicsItem>

namespace ts::editor {

class LevelDocument;

class SpawnItem : public QGraphicsItem {
public:
    enum { Type = UserType + 101 };

    SpawnItem(LevelDocument* document, int spawnId);

    int spawnId() const { return mSpawnId; }
    /// True when the spawn becomes a physics body in play mode (not a goal area).
    bool isBody() const { return mExists && ts::level::isBodyKind(mSpawn.kind); }
    /// Re-reads the spawn from the document (position, size, kind).
    void sync();
    /// The spawn's body rectangle in scene coordinates (without a drag offset).
    QRectF spawnSceneRect() const;

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    LevelDocument* mDocument;
    int mSpawnId;
    QRectF mBounds;
    QRectF mBody;
    ts::level::Spawn mSpawn; ///< the spawn as last synced (paint needs no lookup)
    bool mExists = false;
};

} // namespace ts::editor
