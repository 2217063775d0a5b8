#include "filltool.h"

#include "artpaint.h"
#include "floodfill.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tooloptions.h"

namespace ts::editor {

FillTool::FillTool(QObject* parent)
    : AbstractTool(tr("Bucket Fill"), QStringLiteral("bucket"), QKeySequence(Qt::Key_F), parent) {
}

QString FillTool::statusHint() const {
    return targetHint(
        paintTarget(options(), document()),
        tr("Left click: fill the connected area with the tile kind. Right click: clear it."),
        tr("Left click: fill the connected area of one art tile on '%1' with the stamp. Right "
           "click: clear it.")
            .arg(QString::fromStdString(options()->activeLayer())));
}

void FillTool::fillArt(const PaintTarget& target, QPoint cell, bool clear) {
    LevelDocument* doc = document();
    if (!clear) {
        if (const QString problem = stampProblem(options()->stamp(), *doc, target.layer);
            !problem.isEmpty()) {
            emit statusHintChanged(problem);
            return;
        }
    }
    // The stamp repeats from the clicked cell, as Tiled's bucket fill lays it.
    const std::vector<QPoint> cells = artRegion(*doc, target.layer, cell);
    ArtStroke stroke;
    stroke.begin(target.layer, 0);
    std::vector<ArtWrite> writes;
    if (clear) {
        writes.reserve(cells.size());
        for (const QPoint& p : cells)
            writes.push_back({p, {}});
    } else {
        writes = stampWrites(cells, options()->stamp(), cell);
    }
    stroke.paint(doc, writes, clear ? tr("Clear") : tr("Bucket Fill"));
}

std::vector<QPoint> FillTool::region(const ts::level::Level& level, QPoint start) {
    if (!level.contains(start.x(), start.y()))
        return {};
    const ts::Tile target = level.tile(start.x(), start.y());
    return floodRegion(level.width, level.height, start,
                       [&](std::size_t i) { return level.tiles[i] == target; });
}

void FillTool::mousePressed(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton && e.button != Qt::RightButton)
        return;
    LevelDocument* doc = document();
    const QPoint tile = scene()->tileAt(e.scenePos);
    const ts::level::Level& level = doc->level();
    if (!level.contains(tile.x(), tile.y()))
        return;
    const PaintTarget target = paintTarget(options(), doc);
    if (target.isLocked()) {
        emit statusHintChanged(lockedLayerText(target.name));
        return;
    }
    if (target.isArt()) {
        fillArt(target, tile, e.button == Qt::RightButton);
        return;
    }
    const ts::Tile kind = e.button == Qt::LeftButton ? options()->tileKind() : ts::Tile::Empty;
    if (level.tile(tile.x(), tile.y()) == kind)
        return;
    const std::vector<QPoint> tiles = region(level, tile);
    std::vector<TileWrite> writes;
    writes.reserve(tiles.size());
    for (const QPoint& p : tiles)
        writes.push_back({p, kind});
    doc->paintTiles(writes, tr("Bucket Fill"));
}

} // namespace ts::editor
