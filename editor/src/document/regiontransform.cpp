#include "regiontransform.h"

#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/region.h"

namespace ts::editor {

using ts::leveledit::Transform;

QRect transformedRegion(const QRect& from, Transform t) {
    if (t == Transform::FlipHorizontally || t == Transform::FlipVertically)
        return from;
    // The centre stays: the top-left moves by half the difference of the sides,
    // rounded toward zero (C++'s division), which turning back undoes exactly.
    const int d = from.width() - from.height();
    return QRect(from.topLeft() + QPoint(d / 2, -d / 2), from.size().transposed());
}

TurnsPlan planTurns(const ts::level::Level& original, const EditSelection& selection,
                    const std::vector<Transform>& turns) {
    TurnsPlan plan;
    const QRect map(0, 0, original.width, original.height);
    const QRect tiles = selection.tiles.intersected(map);
    if (tiles.isEmpty() || turns.empty())
        return plan;
    plan.from = regionBounds(original, tiles, selection.spawns);
    // The region is taken up once and turned in the air: each step turns the
    // stamp and moves its rectangle (and the selected tiles' corners) as one
    // step in place would, and it comes down once, where the last step puts it.
    Region region = copyRegion(original, tiles, selection.spawns);
    QRect at = plan.from;
    QPoint corner0 = tiles.topLeft(), corner1 = tiles.bottomRight();
    for (const Transform t : turns) {
        const QRect next = transformedRegion(at, t);
        const auto moved = [&](QPoint tile) {
            const QPoint r = tile - at.topLeft();
            const ts::leveledit::TilePos p =
                ts::leveledit::transformedTile(r.x(), r.y(), at.width(), at.height(), t);
            return next.topLeft() + QPoint(p.x, p.y);
        };
        corner0 = moved(corner0);
        corner1 = moved(corner1);
        ts::leveledit::transform(region.stamp, t);
        at = next;
    }
    plan.to = at;
    plan.fits = map.contains(plan.to);
    if (!plan.fits)
        return plan;
    plan.after = {tileRectBetween(corner0, corner1), selection.spawns};
    plan.paste = planPaste(original, region.stamp, plan.to.topLeft(), {tiles, selection.spawns});
    plan.result = appliedPaste(original, plan.paste);
    return plan;
}

} // namespace ts::editor
