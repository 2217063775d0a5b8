#include "brushtool.h"

#include "artpaint.h"
#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"

#include <algorithm>

namespace ts::editor {

BrushTool::BrushTool(QObject* parent)
    : BrushTool(tr("Brush"), QStringLiteral("brush"), QKeySequence(Qt::Key_B), parent) {
}

BrushTool::BrushTool(const QString& name, const QString& iconName, const QKeySequence& shortcut,
                     QObject* parent)
    : AbstractTool(name, iconName, shortcut, parent) {
}

ts::Tile BrushTool::paintTile() const {
    return options()->tileKind();
}

QString BrushTool::undoText() const {
    return tr("Paint");
}

QString BrushTool::statusHint() const {
    return targetHint(
        paintTarget(options(), document()),
        tr("Left drag: paint (brush size %1; [ ] change it). Right click: pick the tile kind; "
           "X: swap solid and one-way.")
            .arg(options()->brushSize()),
        tr("Left drag: lay the stamp on '%1' (at least brush size %2 wide). Right click: pick the "
           "art tile.")
            .arg(QString::fromStdString(options()->activeLayer()))
            .arg(options()->brushSize()));
}

QRect BrushTool::artFootprint(QPoint tile) const {
    const int size = options()->brushSize();
    if (paintTile() == ts::Tile::Empty)
        return brushFootprint(tile, size);
    // The whole stamp at least, centred on the cursor as the brush is.
    const ArtStamp& stamp = options()->stamp();
    const int w = std::max(size, stamp.width);
    const int h = std::max(size, stamp.height);
    return QRect(tile.x() - (w - 1) / 2, tile.y() - (h - 1) / 2, w, h);
}

std::vector<ArtWrite> BrushTool::artDab(const QRect& footprint) const {
    if (paintTile() == ts::Tile::Empty)
        return clearWrites(footprint);
    return stampWrites(footprint, options()->stamp(), mStampOrigin);
}

void BrushTool::deactivate() {
    mStrokeId = 0;
    if (scene()) {
        scene()->previewItem()->clear();
        scene()->artPreviewItem()->clear();
    }
}

void BrushTool::mousePressed(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    if (e.button == Qt::RightButton && mStrokeId == 0) {
        manager()->pickTile(tile);
        if (manager()->currentTool() != this)
            return;
    }
    if (e.button != Qt::LeftButton)
        return;
    const PaintTarget target = paintTarget(options(), document());
    if (target.isLocked()) {
        emit statusHintChanged(lockedLayerText(target.name));
        return;
    }
    mArtLayer = -1;
    if (target.isArt()) {
        if (const QString problem =
                paintTile() == ts::Tile::Empty
                    ? QString()
                    : stampProblem(options()->stamp(), *document(), target.layer);
            !problem.isEmpty()) {
            emit statusHintChanged(problem);
            return;
        }
        // The stamp repeats from where the stroke starts, as Tiled's stamp brush lays it.
        mArtLayer = target.layer;
        mStampOrigin = artFootprint(tile).topLeft();
    }
    mStrokeId = LevelDocument::newMergeId();
    mArtStroke.begin(mArtLayer, mStrokeId);
    mLast = tile;
    dabLine(tile, tile);
}

void BrushTool::mouseMoved(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    showHover(tile);
    if (mStrokeId == 0 || !(e.buttons & Qt::LeftButton))
        return;
    if (tile == mLast)
        return;
    dabLine(mLast, tile);
    mLast = tile;
}

void BrushTool::mouseReleased(const ToolMouseEvent& e) {
    if (e.button == Qt::LeftButton)
        mStrokeId = 0;
}

void BrushTool::hoverLeft() {
    if (scene()) {
        scene()->previewItem()->clear();
        scene()->artPreviewItem()->clear();
    }
}

void BrushTool::showHover(QPoint tile) {
    // What a dab here would do: a translucent stamp of the tile kind (a red
    // wash for the eraser) inside the brush outline.
    // Only what lies on the map: a dab never paints outside it.
    const ts::level::Level* level = document() ? &document()->level() : nullptr;
    const QRect r = level ? brushFootprint(tile, options()->brushSize())
                                .intersected(QRect(0, 0, level->width, level->height))
                          : QRect();
    TileOverlayItem* preview = scene()->previewItem();
    const PaintTarget target = paintTarget(options(), document());
    if (target.isArt() && level) {
        showArtHover(tile);
        return;
    }
    scene()->artPreviewItem()->clear();
    if (r.isEmpty()) {
        preview->clear();
        return;
    }
    const ts::Tile kind = paintTile();
    if (kind == ts::Tile::Empty) {
        preview->setEraseRect(r);
    } else if (!preview->hasStamp() || preview->stampTopLeft() != r.topLeft() ||
               mHoverKind != kind || mHoverSize != r.width()) {
        ts::level::Level stamp;
        stamp.width = r.width();
        stamp.height = r.height();
        stamp.tiles.assign(size_t(r.width()) * size_t(r.height()), kind);
        preview->setStamp(std::move(stamp), r.topLeft());
    }
    mHoverKind = kind;
    mHoverSize = r.width();
    preview->setOutline(r);
}

void BrushTool::showArtHover(QPoint tile) {
    // The stamp's tiles where a dab here lays them (the stroke's origin while painting, so
    // the preview shows the tiles the repeat puts there); the eraser's red wash.
    const ts::level::Level& level = document()->level();
    const QRect r = artFootprint(tile).intersected(QRect(0, 0, level.width, level.height));
    TileOverlayItem* preview = scene()->previewItem();
    preview->clear();
    if (r.isEmpty()) {
        scene()->artPreviewItem()->clear();
        return;
    }
    if (paintTile() == ts::Tile::Empty) {
        scene()->artPreviewItem()->clear();
        preview->setEraseRect(r);
    } else {
        if (mStrokeId == 0)
            mStampOrigin = artFootprint(tile).topLeft();
        showArtPreview(scene(), options()->stamp().tileset, artDab(r));
    }
    preview->setOutline(r);
}

void BrushTool::dabLine(QPoint from, QPoint to) {
    LevelDocument* doc = document();
    if (!doc)
        return;
    if (mArtLayer >= 0) {
        std::vector<ArtWrite> writes;
        const std::vector<QPoint> points = lineTiles(from, to);
        const bool skip = from != to;
        for (size_t i = skip ? 1 : 0; i < points.size(); ++i) {
            const std::vector<ArtWrite> dab = artDab(artFootprint(points[i]));
            writes.insert(writes.end(), dab.begin(), dab.end());
        }
        mArtStroke.paint(doc, writes, undoText());
        return;
    }
    const int size = options()->brushSize();
    const ts::Tile tile = paintTile();
    std::vector<TileWrite> writes;
    const std::vector<QPoint> points = lineTiles(from, to);
    writes.reserve(points.size() * size_t(size) * size_t(size));
    // The first point of a segment was painted by the previous one, except at the start.
    const bool skipFirst = from != to;
    for (size_t i = skipFirst ? 1 : 0; i < points.size(); ++i) {
        const QRect r = brushFootprint(points[i], size);
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x)
                writes.push_back({QPoint(x, y), tile});
    }
    doc->paintTiles(writes, undoText(), mStrokeId);
}

} // namespace ts::editor
