#include "selecttool.h"

#include "artpaint.h"
#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/region.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "widgets/uitext.h"

#include <QKeyEvent>

namespace ts::editor {

SelectTool::SelectTool(QObject* parent)
    : AbstractTool(tr("Select"), QStringLiteral("select"), QKeySequence(Qt::Key_S), parent) {
}

QString SelectTool::statusHint() const {
    if (scene() && scene()->hasFloating())
        return tr("Click: place, Shift+click: more (empty cells stay, as in Tiled). X/Y: flip, Z: "
                  "rotate. Esc: cancel.");
    if (const int layer = scene() ? scene()->artEditLayer() : -1; layer >= 0)
        return tr("Drag: select cells of '%1', then drag: move, X/Y: flip, Z: rotate.")
            .arg(QString::fromStdString(document()->level().art[size_t(layer)].name));
    return tr("Drag: select tiles and spawns, then drag: move, X/Y: flip, Z: rotate. Click a "
              "spawn: select it.");
}

void SelectTool::cancelGesture() {
    mMode = Mode::Idle;
    if (scene() && !scene()->hasFloating()) {
        scene()->previewItem()->clear();
        scene()->artPreviewItem()->clear();
    }
}

void SelectTool::deactivate() {
    cancelGesture();
    // A paste waiting for its click is dropped when another tool is chosen.
    if (scene())
        scene()->cancelFloating();
}

void SelectTool::documentChanged() {
    mMode = Mode::Idle;
    if (scene()) {
        scene()->previewItem()->clear();
        scene()->artPreviewItem()->clear();
    }
}

bool SelectTool::takesRightClick() const {
    return mMode != Mode::Idle || (scene() && scene()->hasFloating());
}

void SelectTool::mousePressed(const ToolMouseEvent& e) {
    LevelScene* sc = scene();
    LevelDocument* doc = document();
    const QPoint tile = sc->tileAt(e.scenePos);
    if (sc->hasFloating()) {
        if (e.button == Qt::LeftButton) {
            sc->moveFloating(tile);
            // What the paste did (tiles, spawns moved out of solid) shows as the
            // scene's message until it times out or an edit or undo makes it
            // old news; then the hint comes back. Shift keeps the paste floating.
            sc->commitFloating((e.modifiers & Qt::ShiftModifier) ? LevelScene::Keep::Floating
                                                                 : LevelScene::Keep::Nothing);
        } else if (e.button == Qt::RightButton) {
            sc->cancelFloating();
            emit statusHintChanged(statusHint());
        }
        return;
    }
    if (mMode != Mode::Idle) {
        if (e.button == Qt::RightButton) { // cancel a drag
            cancelGesture();
        }
        return;
    }
    if (e.button != Qt::LeftButton)
        return;

    if (const int layer = sc->artEditLayer(); layer >= 0) {
        // On a painted art layer the selection is of its cells; spawns stay.
        if (sc->tileSelection().contains(tile)) {
            if (sc->refuseLockedArt(layer))
                return;
            mMode = Mode::Moving;
            mStart = tile;
            mMoveSource = sc->tileSelection();
            mMoveSpawns.clear();
            sc->previewItem()->clear();
            sc->previewItem()->setHole(mMoveSource);
            sc->previewItem()->setOutline(mMoveSource);
            const ArtStamp art = artStampOf(*doc, layer, mMoveSource);
            sc->artPreviewItem()->setTiles(art.tileset, art.width, art.height, art.tiles,
                                           mMoveSource.topLeft());
            return;
        }
        mMode = Mode::Selecting;
        mStart = tile;
        sc->selectNone();
        return;
    }
    const int spawnId = sc->spawnAt(e.scenePos);
    QList<int> selected = sc->selectedSpawnIds();
    const bool onSelection =
        sc->tileSelection().contains(tile) || (spawnId != 0 && selected.contains(spawnId));
    if (!onSelection && spawnId != 0) {
        sc->setTileSelection(QRect());
        sc->setSelectedSpawns({spawnId});
        selected = {spawnId};
    }
    if (onSelection || spawnId != 0) {
        mMode = Mode::Moving;
        mStart = tile;
        mMoveSource = sc->tileSelection();
        mMoveSpawns = selected;
        const QRect bounds = doc->moveRegion(mMoveSource, mMoveSpawns);
        const Region region = copyRegion(doc->level(), mMoveSource, mMoveSpawns);
        sc->previewItem()->clear();
        sc->previewItem()->setHole(mMoveSource);
        sc->previewItem()->setStamp(region.stamp, bounds.topLeft());
        sc->previewItem()->setOutline(bounds);
        return;
    }
    mMode = Mode::Selecting;
    mStart = tile;
    sc->selectNone();
}

void SelectTool::mouseMoved(const ToolMouseEvent& e) {
    LevelScene* sc = scene();
    const QPoint tile = sc->tileAt(e.scenePos);
    if (sc->hasFloating()) {
        sc->moveFloating(tile);
        return;
    }
    switch (mMode) {
    case Mode::Idle:
        return;
    case Mode::Selecting: {
        const QRect r = tileRectBetween(mStart, tile);
        sc->setTileSelection(r);
        QList<int> ids;
        if (sc->artEditLayer() < 0)
            for (const auto& s : document()->level().spawns)
                if (r.contains(s.x, s.y))
                    ids << s.id;
        sc->setSelectedSpawns(ids);
        return;
    }
    case Mode::Moving: {
        const QRect bounds = document()->moveRegion(mMoveSource, mMoveSpawns);
        const QPoint delta = document()->keepOnMap(bounds, tile - mStart);
        sc->previewItem()->moveStamp(bounds.topLeft() + delta);
        sc->artPreviewItem()->moveTo(bounds.topLeft() + delta);
        sc->previewItem()->setOutline(bounds.translated(delta));
        return;
    }
    }
}

void SelectTool::mouseReleased(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton)
        return;
    LevelScene* sc = scene();
    const QPoint tile = sc->tileAt(e.scenePos);
    if (mMode == Mode::Selecting) {
        mMode = Mode::Idle;
        if (tile == mStart) { // a click on empty space clears the selection
            sc->selectNone();
            return;
        }
        mouseMoved({e.scenePos, Qt::NoButton, e.buttons, e.modifiers}); // final rectangle
        mMode = Mode::Idle;
        return;
    }
    if (mMode == Mode::Moving)
        finishMove(tile);
}

void SelectTool::finishMove(QPoint tile) {
    LevelScene* sc = scene();
    LevelDocument* doc = document();
    mMode = Mode::Idle;
    sc->previewItem()->clear();
    sc->artPreviewItem()->clear();
    if (const int layer = sc->artEditLayer(); layer >= 0) {
        finishArtMove(layer, tile);
        return;
    }
    const ts::level::Level& level = doc->level();
    // The selection stops at the map's edge rather than lose what crosses it.
    const QPoint delta = doc->keepOnMap(doc->moveRegion(mMoveSource, mMoveSpawns), tile - mStart);
    if (delta.isNull())
        return;
    // Empty tiles are transparent: only the content moves, the rest stays.
    // Order: lift the tiles, move the spawns, put the tiles down, so a spawn
    // may move into space its own selection vacated (never into a wall).
    std::vector<TileWrite> lift;
    std::vector<TileWrite> drop;
    for (int y = mMoveSource.top(); y <= mMoveSource.bottom() && !mMoveSource.isEmpty(); ++y)
        for (int x = mMoveSource.left(); x <= mMoveSource.right(); ++x) {
            const ts::Tile t = level.tile(x, y);
            if (t == ts::Tile::Empty)
                continue;
            lift.push_back({QPoint(x, y), ts::Tile::Empty});
            drop.push_back({QPoint(x, y) + delta, t});
        }
    // The selection moves with the content, in the same undo step: undo puts
    // it back over the tiles it came from.
    const EditSelection before = sc->selection();
    doc->beginMacro(tr("Move Selection"));
    const int tiles = doc->paintTiles(lift, tr("Move Selection"));
    const int stayed =
        doc->moveSpawns(std::vector<int>(mMoveSpawns.begin(), mMoveSpawns.end()), delta);
    doc->paintTiles(drop, tr("Move Selection"));
    doc->recordSelection(
        before, {mMoveSource.isEmpty() ? QRect() : mMoveSource.translated(delta), mMoveSpawns});
    doc->endMacro(editText(tr("Move"), tiles, qsizetype(mMoveSpawns.size()) - stayed));
}

void SelectTool::finishArtMove(int layer, QPoint tile) {
    LevelScene* sc = scene();
    LevelDocument* doc = document();
    const QPoint delta = doc->keepOnMap(mMoveSource, tile - mStart);
    if (delta.isNull())
        return;
    // Empty cells are transparent: the tiles move, what they land between stays. The
    // drops go first: paintArt() takes a cell's first write, and a tile may land where
    // another of the selection is lifted.
    const ArtStamp art = artStampOf(*doc, layer, mMoveSource);
    std::vector<ArtWrite> writes;
    std::vector<ArtWrite> lift;
    for (const ArtWrite& w : stampWrites(mMoveSource, art, mMoveSource.topLeft())) {
        if (w.tile.empty())
            continue;
        writes.push_back({w.pos + delta, w.tile});
        lift.push_back({w.pos, {}});
    }
    writes.insert(writes.end(), lift.begin(), lift.end());
    const std::string& name = doc->level().art[size_t(layer)].name;
    const EditSelection before = sc->selection();
    doc->beginMacro(tr("Move Selection"));
    ArtStroke stroke;
    stroke.begin(layer, 0);
    const int n = stroke.paint(doc, writes, tr("Move"));
    doc->recordSelection(before, {mMoveSource.translated(delta), {}});
    doc->endMacro(artEditText(tr("Move"), n, name));
}

bool SelectTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        if (mMode != Mode::Idle) {
            cancelGesture();
            return true;
        }
        if (scene()->hasFloating()) {
            scene()->cancelFloating();
            emit statusHintChanged(statusHint());
            return true;
        }
    }
    return false;
}

} // namespace ts::editor
