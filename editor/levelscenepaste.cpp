// LevelScene's paste: the clipboard's region floats with the mouse (it can be
// mirrored with Flip Horizontally / Vertically, Tiled's X and Y, and turned with
// Rotate Right / Left, Z and Shift+Z) until a click places it as one undo step
// (a Shift+click places it and keeps it floating, to place it again).
#include "levelscene.h"

#include "document.h"
#include "pasteplan.h"
#include "selecttool.h"
#include "tilelayeritem.h"
#include "tilesmith/level/transform.h"
#include "toolmanager.h"
#include "uitext.h"

#include <QSet>

#include <utility>

namespace ts::editor {

void LevelScene::paste() {
    if (!mDocument)
        return;
    std::optional<Region> region = regionFromClipboard();
    if (!region || region->isEmpty())
        return;
    QPoint at(0, 0);
    if (mHoverTile)
        at = *mHoverTile;
    else if (!mTileSelection.isEmpty())
        at = mTileSelection.topLeft();
    if (mToolManager && mToolManager->selectTool())
        mToolManager->setCurrentTool(mToolManager->selectTool());
    beginFloating(std::move(*region), at);
    // The select tool's hint, now about placing the paste (click, or Esc to cancel).
    if (mToolManager && mToolManager->selectTool())
        emit statusMessage(mToolManager->selectTool()->statusHint());
}

void LevelScene::beginFloating(Region region, QPoint topLeft) {
    mFloatingTopLeft = topLeft;
    mPreview->clear();
    mPreview->setStamp(region.stamp, topLeft);
    mPreview->setOutline(QRect(topLeft, QSize(region.width(), region.height())));
    const bool was = mFloating.has_value();
    mFloating = std::move(region);
    if (!was)
        emit floatingChanged(true);
}

void LevelScene::flipFloating(Qt::Orientation orientation) {
    if (!mFloating)
        return;
    // The stamp mirrors in place: the same top-left, under the same cursor.
    if (orientation == Qt::Horizontal)
        ts::level::flipHorizontally(mFloating->stamp);
    else
        ts::level::flipVertically(mFloating->stamp);
    mPreview->setStamp(mFloating->stamp, mFloatingTopLeft);
}

void LevelScene::rotateFloating(Turn turn) {
    if (!mFloating)
        return;
    if (turn == Turn::Right)
        ts::level::rotateClockwise(mFloating->stamp);
    else
        ts::level::rotateCounterclockwise(mFloating->stamp);
    mPreview->setStamp(mFloating->stamp, mFloatingTopLeft);
    mPreview->setOutline(QRect(mFloatingTopLeft, QSize(mFloating->width(), mFloating->height())));
}

void LevelScene::dropFloating() {
    if (!mFloating)
        return;
    mFloating.reset();
    emit floatingChanged(false);
}

void LevelScene::moveFloating(QPoint topLeft) {
    if (!mFloating || topLeft == mFloatingTopLeft)
        return;
    mFloatingTopLeft = topLeft;
    mPreview->moveStamp(topLeft);
    mPreview->setOutline(QRect(topLeft, QSize(mFloating->width(), mFloating->height())));
}

void LevelScene::cancelFloating() {
    if (!mFloating)
        return;
    dropFloating();
    mPreview->clear();
}

QString LevelScene::commitFloating(Keep keep) {
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
    // Spawns the pasted tiles would bury move out first (the document keeps
    // solid tiles off spawns), then every tile of the clipboard lands: no hole
    // is left where a spawn stood.
    QSet<QPoint> buried;
    for (const PastePlan::Move& m : plan.movedSpawns)
        if (const ts::level::Spawn* s = mDocument->level().findSpawn(m.id))
            buried.insert(QPoint(s->x, s->y));
    std::vector<TileWrite> free;
    std::vector<TileWrite> held;
    for (const TileWrite& w : plan.writes)
        (buried.contains(w.pos) ? held : free).push_back(w);
    // History counts what changed, as Delete and Move do: a clipboard tile
    // that matches the map's is no change, nor a pasted player where the player is.
    int tiles = mDocument->paintTiles(free, tr("Paste"));
    for (const PastePlan::Move& m : plan.movedSpawns) {
        if (const ts::level::Spawn* s = mDocument->level().findSpawn(m.id))
            mDocument->moveSpawns({m.id}, m.to - QPoint(s->x, s->y));
    }
    if (!held.empty())
        tiles += mDocument->paintTiles(held, tr("Paste"));
    int spawns = 0;
    for (const ts::level::Spawn& s : plan.spawns) {
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
    // What it pasted ends selected, as one step with the paste: its undo leaves
    // no selection on tiles and spawns it took away, and redo selects them again.
    mDocument->recordSelection(before, {QRect(at, QSize(st.width, st.height)), newIds});
    mDocument->endMacro(editText(tr("Paste"), tiles, spawns));
    const QString summary = plan.summary(tiles, spawns);
    if (keep == Keep::Floating)
        beginFloating(std::move(region), at);
    emit statusMessage(summary);
    return summary;
}

} // namespace ts::editor
