// LevelScene's Flip and Rotate (Edit > Flip Horizontally / Vertically, X and Y;
// Rotate Right / Left, Z and Shift+Z): of a floating paste before the click
// places it, as Tiled's stamp, or else, with the Select tool, of the selection
// in place as one undo step (regiontransform.h decides what it does).
#include "tilesmith/editor/levelscene.h"

#include "document/pasteplan.h"
#include "document/regiontransform.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/leveledit/arttransform.h"
#include "widgets/uitext.h"

#include <QScopedValueRollback>
#include <QStringList>

namespace ts::editor {

using ts::leveledit::Transform;

namespace {

QString tr(const char* text) {
    return LevelScene::tr(text); // the members' context
}

bool isFlip(Transform t) {
    return t == Transform::FlipHorizontally || t == Transform::FlipVertically;
}

/// The History's text ("Flip 24 tiles and 1 spawn horizontally") or, `done`, the
/// status bar's ("Flipped 24 tiles and 1 spawn horizontally").
QString transformText(Transform t, bool done, int tiles, int spawns) {
    const char* verb = isFlip(t) ? (done ? "Flipped" : "Flip") : (done ? "Rotated" : "Rotate");
    const char* how = "horizontally";
    switch (t) {
    case Transform::FlipHorizontally:
        break;
    case Transform::FlipVertically:
        how = "vertically";
        break;
    case Transform::RotateClockwise:
        how = "clockwise";
        break;
    case Transform::RotateCounterclockwise:
        how = "counterclockwise";
        break;
    }
    return tr("%1 %2").arg(editText(tr(verb), tiles, spawns), tr(how));
}

/// Why a turn was refused: the map's edges the turned region would cross.
QString offMapText(const QRect& to, const QRect& map) {
    if (to.height() > map.height())
        return tr("Not rotated: turned, the selection would be taller than the map.");
    if (to.width() > map.width())
        return tr("Not rotated: turned, the selection would be wider than the map.");
    QStringList edges;
    if (to.top() < map.top())
        edges << tr("top");
    if (to.bottom() > map.bottom())
        edges << tr("bottom");
    if (to.left() < map.left())
        edges << tr("left");
    if (to.right() > map.right())
        edges << tr("right");
    // Short enough for the status bar beside the tile readout at 1100 px.
    return tr("Not rotated: turned about its centre, it would cross the map's %1 %2.")
        .arg(edges.join(tr(" and ")), edges.size() > 1 ? tr("edges") : tr("edge"));
}

} // namespace

bool LevelScene::canTransform() const {
    if (hasFloating())
        return true;
    return mDocument && mToolManager && mToolManager->currentTool() &&
           mToolManager->currentTool()->selectsRegions() && !mTileSelection.isEmpty();
}

void LevelScene::transform(Transform t) {
    if (hasFloating())
        transformFloating(t);
    else if (!canTransform())
        return;
    else if (const int layer = artEditLayer(); layer >= 0)
        transformArtSelection(layer, t);
    else
        transformSelection(t);
}

void LevelScene::transformFloating(Transform t) {
    if (mFloatingArt) {
        ts::leveledit::ArtBlock block{mFloatingArt->width, mFloatingArt->height,
                                      std::move(mFloatingArt->tiles)};
        ts::leveledit::transformArt(block, t);
        mFloatingArt->width = block.width;
        mFloatingArt->height = block.height;
        mFloatingArt->tiles = std::move(block.tiles);
        mArtPreview->setTiles(mFloatingArt->tileset, block.width, block.height, mFloatingArt->tiles,
                              mFloatingTopLeft);
        mPreview->setOutline(QRect(mFloatingTopLeft, QSize(block.width, block.height)));
        return;
    }
    ts::leveledit::transform(mFloating->stamp, t);
    mPreview->setStamp(mFloating->stamp, mFloatingTopLeft);
    mPreview->setOutline(QRect(mFloatingTopLeft, QSize(mFloating->width(), mFloating->height())));
}

void LevelScene::transformSelection(Transform t) {
    // A drag of the selection ends here: its preview shows the region as it was.
    mToolManager->currentTool()->cancelGesture();
    const EditSelection before = selection();
    const ts::level::Level& level = mDocument->level();
    // Steps in a row are planned from the level before the first, the region
    // held up between them (planTurns()): what a turn covered comes back when
    // the next uncovers it. Any other edit, an undo or another selection
    // starts a new run (setDocument() connects the reset).
    if (!mTurnRun || mTurnRun->after != before)
        mTurnRun = TurnRun{level, before, {}, before};
    std::vector<Transform> steps = mTurnRun->steps;
    steps.push_back(t);
    const TurnsPlan plan = planTurns(mTurnRun->original, mTurnRun->selection, steps);
    if (!plan.fits) {
        emit statusMessage(offMapText(plan.to, QRect(0, 0, level.width, level.height)));
        return;
    }
    // The edit takes the level from where the run's last step left it to the
    // plan's result, in an order the document takes (it keeps solid tiles off
    // spawns): tiles that are not solid, the spawns, then the solid tiles.
    std::vector<TileWrite> open, solid;
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x)
            if (const ts::Tile to = plan.result.tile(x, y); to != level.tile(x, y))
                (to == ts::Tile::Solid ? solid : open).push_back({QPoint(x, y), to});
    std::vector<ts::level::Spawn> carried, others;
    int othersBack = 0;
    for (const ts::level::Spawn& sp : plan.result.spawns) {
        const ts::level::Spawn* now = level.findSpawn(sp.id);
        if (!now || *now == sp)
            continue;
        if (mTurnRun->selection.spawns.contains(sp.id)) {
            carried.push_back(sp);
        } else {
            others.push_back(sp);
            const ts::level::Spawn* was = mTurnRun->original.findSpawn(sp.id);
            othersBack += was && *was == sp ? 1 : 0;
        }
    }
    const QString action = isFlip(t) ? tr("Flip") : tr("Rotate");
    const QScopedValueRollback<bool> turning(mTurning, true);
    mDocument->beginMacro(action);
    int tiles = mDocument->paintTiles(open, action);
    mDocument->changeSpawns(others); // moved out of the way, or back: not the selection's
    const int spawns = mDocument->changeSpawns(carried);
    tiles += mDocument->paintTiles(solid, action);
    mDocument->recordSelection(before, plan.after);
    // A step that changed nothing (a symmetric or empty selection) leaves no undo
    // step and the selection as it was (endMacro()).
    // The History and the status bar count the selection's tiles (a wall of 6 is "Flip 6
    // tiles"), not the cells the step rewrote (12: where it was and where it goes).
    const QRect from = mTurnRun->selection.tiles;
    int selectedTiles = 0;
    for (int y = from.top(); y <= from.bottom(); ++y)
        for (int x = from.left(); x <= from.right(); ++x)
            selectedTiles += mTurnRun->original.tile(x, y) != ts::Tile::Empty ? 1 : 0;
    mDocument->endMacro(transformText(t, false, selectedTiles, spawns));
    if (tiles == 0 && spawns == 0 && others.empty()) {
        emit statusMessage(isFlip(t) ? tr("Nothing to flip: the selection is the same mirrored.")
                                     : tr("Nothing to rotate: the selection is the same turned."));
        return;
    }
    mTurnRun->steps = std::move(steps);
    mTurnRun->after = selection();
    const QString done = transformText(t, true, selectedTiles, spawns);
    if (mTurnRun->steps.size() == 1) {
        emit statusMessage(plan.paste.summary(done));
        return;
    }
    // A later step of a run: what it did to spawns outside the selection.
    QString text = done;
    const int movedOff = int(others.size()) - othersBack;
    if (movedOff > 0)
        text += tr("; %1 moved off solid tiles").arg(countOf(movedOff, "spawn", "spawns"));
    if (othersBack > 0)
        text += tr("; %1 back where %2")
                    .arg(countOf(othersBack, "spawn", "spawns"),
                         othersBack == 1 ? tr("it was") : tr("they were"));
    emit statusMessage(text + QLatin1Char('.'));
}

} // namespace ts::editor
