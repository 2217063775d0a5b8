#include "regiontransform.h"

#include "abstracttool.h"
#include "clipboard.h"

namespace ts::editor {

using ts::level::Transform;

QRect transformedRegion(const QRect& from, Transform t) {
    if (t == Transform::FlipHorizontally || t == Transform::FlipVertically)
        return from;
    // The centre stays: the top-left moves by half the difference of the sides,
    // rounded toward zero (C++'s division), which turning back undoes exactly.
    const int d = from.width() - from.height();
    return QRect(from.topLeft() + QPoint(d / 2, -d / 2), from.size().transposed());
}

InPlacePlan planInPlace(const ts::level::Level& level, const EditSelection& selection,
                        Transform t) {
    InPlacePlan plan;
    const QRect map(0, 0, level.width, level.height);
    const QRect tiles = selection.tiles.intersected(map);
    if (tiles.isEmpty())
        return plan;
    plan.from = regionBounds(level, tiles, selection.spawns);
    plan.to = transformedRegion(plan.from, t);
    plan.fits = map.contains(plan.to);
    if (!plan.fits)
        return plan;
    Region region = copyRegion(level, tiles, selection.spawns);
    ts::level::transform(region.stamp, t);
    // The selected tiles are where the transform takes their corners (the region
    // is larger when a selected spawn stands outside them).
    const auto moved = [&](QPoint tile) {
        const QPoint r = tile - plan.from.topLeft();
        const ts::level::TilePos p =
            ts::level::transformedTile(r.x(), r.y(), plan.from.width(), plan.from.height(), t);
        return plan.to.topLeft() + QPoint(p.x, p.y);
    };
    plan.after = {tileRectBetween(moved(tiles.topLeft()), moved(tiles.bottomRight())),
                  selection.spawns};
    plan.paste = planPaste(level, region.stamp, plan.to.topLeft(), {tiles, selection.spawns});
    return plan;
}

} // namespace ts::editor
