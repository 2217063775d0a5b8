// LevelScene's paste: the clipboard's region floats with the mouse (it can be
// mirrored with Flip Horizontally / Vertically, Tiled's X and Y, and turned with
// Rotate Right / Left, Z and Shift+Z: levelscenetransform.cpp) until a click
// places it as one undo step (a Shift+click places it and keeps it floating, to
// place it again).
#include "tilesmith/editor/levelscene.h"

#include "document/artclip.h"
#include "document/pasteplan.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "widgets/uitext.h"

#include <utility>

namespace ts::editor {

void LevelScene::paste() {
    if (!mDocument || pasteArt())
        return;
    std::optional<Region> region = regionFromClipboard();
    if (!region || region->isEmpty()) {
        if (artFromClipboard())
            emit statusMessage(tr("The clipboard holds art tiles: choose a painted art layer in "
                                  "the Layers dock to paste them."));
        return;
    }
    QPoint at(0, 0);
    if (mHoverTile)
        at = *mHoverTile;
    else if (!mTileSelection.isEmpty())
        at = mTileSelection.topLeft();
    AbstractTool* selector = mToolManager ? mToolManager->selectionTool() : nullptr;
    if (selector)
        mToolManager->setCurrentTool(selector);
    beginFloating(std::move(*region), at);
    // The select tool's hint, now about placing the paste (click, or Esc to cancel).
    if (selector)
        emit statusMessage(selector->statusHint());
}

void LevelScene::beginFloating(Region region, QPoint topLeft) {
    mFloatingTopLeft = topLeft;
    mPreview->clear();
    mArtPreview->clear();
    mPreview->setStamp(region.stamp, topLeft);
    mPreview->setOutline(QRect(topLeft, QSize(region.width(), region.height())));
    const bool was = hasFloating();
    mFloatingArt.reset();
    mFloating = std::move(region);
    if (!was)
        emit floatingChanged(true);
}

void LevelScene::dropFloating() {
    if (!hasFloating())
        return;
    mFloating.reset();
    mFloatingArt.reset();
    emit floatingChanged(false);
}

void LevelScene::moveFloating(QPoint topLeft) {
    if (!hasFloating() || topLeft == mFloatingTopLeft)
        return;
    mFloatingTopLeft = topLeft;
    if (mFloatingArt) {
        mArtPreview->moveTo(topLeft);
        mPreview->setOutline(QRect(topLeft, QSize(mFloatingArt->width, mFloatingArt->height)));
        return;
    }
    mPreview->moveStamp(topLeft);
    mPreview->setOutline(QRect(topLeft, QSize(mFloating->width(), mFloating->height())));
}

void LevelScene::cancelFloating() {
    if (!hasFloating())
        return;
    dropFloating();
    mPreview->clear();
    mArtPreview->clear();
}

LevelScene::PutDown LevelScene::putDown(const PastePlan& plan, const QString& action,
                                        const std::function<int()>& placeSpawns) {
    // The spawns move before the solid tiles land on their tiles, and onto tiles
    // the writes before them have already made what they will be.
    std::vector<TileWrite> open;
    std::vector<TileWrite> solid;
    for (const TileWrite& w : plan.writes)
        (w.tile == ts::Tile::Solid ? solid : open).push_back(w);
    PutDown done;
    done.tiles = mDocument->paintTiles(open, action);
    for (const PastePlan::Move& m : plan.movedSpawns)
        if (const ts::level::Spawn* s = mDocument->level().findSpawn(m.id))
            mDocument->moveSpawns({m.id}, m.to - QPoint(s->x, s->y));
    done.spawns = placeSpawns();
    done.tiles += mDocument->paintTiles(solid, action);
    return done;
}

QString LevelScene::commitFloating(Keep keep) {
    if (mFloatingArt && mDocument)
        return commitFloatingArt(keep);
    if (!mFloating || !mDocument)
        return {};
    Region region = std::move(*mFloating);
    dropFloating();
    mPreview->clear();
    const QPoint at = mFloatingTopLeft;
    const auto& st = region.stamp;
    const PastePlan plan = planPaste(mDocument->level(), st, at);
    const EditSelection before = selection();
    QList<int> newIds;
    mDocument->beginMacro(tr("Paste"));
    // History counts what changed, as Delete and Move do: a clipboard tile
    // that matches the map's is no change, nor a pasted player where the player is.
    const PutDown done = putDown(plan, tr("Paste"), [&] {
        int spawns = 0;
        for (ts::level::Spawn s : plan.spawns) {
            s.id = 0; // a fresh one: the clipboard's may be taken
            const ts::level::Spawn* player =
                s.kind == ts::level::SpawnKind::Player ? mDocument->level().player() : nullptr;
            const QPoint playerWas = player ? QPoint(player->x, player->y) : QPoint(-1, -1);
            const int id = mDocument->addSpawn(s);
            if (!id)
                continue;
            newIds << id;
            const ts::level::Spawn* now = mDocument->level().findSpawn(id);
            if (!player || (now && QPoint(now->x, now->y) != playerWas))
                ++spawns;
        }
        return spawns;
    });
    // What it pasted ends selected, as one step with the paste: its undo leaves
    // no selection on tiles and spawns it took away, and redo selects them again.
    mDocument->recordSelection(before, {QRect(at, QSize(st.width, st.height)), newIds});
    mDocument->endMacro(editText(tr("Paste"), done.tiles, done.spawns));
    const QString summary = plan.summary(editText(tr("Pasted"), done.tiles, done.spawns));
    if (keep == Keep::Floating)
        beginFloating(std::move(region), at);
    emit statusMessage(summary);
    return summary;
}

} // namespace ts::editor
