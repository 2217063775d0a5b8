// LevelScene's Edit actions on a painted art layer (the active layer, artEditLayer()):
// Copy, Cut and Delete of the selected cells, Paste as a floating block placed with a
// click (empty cells stay as they are, as Tiled pastes), and Flip and Rotate of the
// selected cells in place, each tile's flips turning with it (arttransform.h). Each edit
// is one undo step that also restores the selection.
#include "tilesmith/editor/levelscene.h"

#include "document/artclip.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/leveledit/arttransform.h"
#include "tools/artpaint.h"

#include <utility>

namespace ts::editor {

using ts::leveledit::Transform;

int LevelScene::artEditLayer() const {
    if (!mDocument || !mToolManager)
        return -1;
    const PaintTarget target = paintTarget(mToolManager->options(), mDocument);
    return target.kind == PaintTarget::Kind::Collision ? -1 : target.layer;
}

bool LevelScene::refuseLockedArt(int layer) {
    const auto& art = mDocument->level().art;
    if (layer < 0 || layer >= int(art.size()) || !art[size_t(layer)].locked)
        return false;
    emit statusMessage(lockedLayerText(art[size_t(layer)].name));
    return true;
}

void LevelScene::copyArt(int layer) {
    const ArtStamp art = artStampOf(*mDocument, layer, mTileSelection);
    if (!art.isEmpty())
        copyArtToClipboard(art);
}

void LevelScene::removeArtSelection(int layer, const QString& action, const QString& done) {
    if (mTileSelection.isEmpty() || refuseLockedArt(layer))
        return;
    const std::string& name = mDocument->level().art[size_t(layer)].name;
    const EditSelection before = selection();
    mDocument->beginMacro(action);
    mDocument->recordSelection(before, {mTileSelection, {}});
    ArtStroke stroke;
    stroke.begin(layer, 0);
    const int n = stroke.paint(mDocument, clearWrites(mTileSelection), action);
    mDocument->endMacro(artEditText(action, n, name));
    if (n > 0)
        emit statusMessage(artEditText(done, n, name) + QLatin1Char('.'));
}

bool LevelScene::pasteArt() {
    const int layer = artEditLayer();
    if (layer < 0)
        return false;
    std::optional<ArtStamp> art = artFromClipboard();
    if (!art || art->isEmpty())
        return false;
    QPoint at(0, 0);
    if (mHoverTile)
        at = *mHoverTile;
    else if (!mTileSelection.isEmpty())
        at = mTileSelection.topLeft();
    AbstractTool* selector = mToolManager->selectionTool();
    if (selector)
        mToolManager->setCurrentTool(selector);
    beginFloatingArt(std::move(*art), at);
    if (selector)
        emit statusMessage(selector->statusHint());
    return true;
}

void LevelScene::beginFloatingArt(ArtStamp art, QPoint topLeft) {
    const bool was = hasFloating();
    mFloating.reset();
    mFloatingTopLeft = topLeft;
    mPreview->clear();
    mPreview->setOutline(QRect(topLeft, QSize(art.width, art.height)));
    mArtPreview->setTiles(art.tileset, art.width, art.height, art.tiles, topLeft);
    mFloatingArt = std::move(art);
    if (!was)
        emit floatingChanged(true);
}

QString LevelScene::commitFloatingArt(Keep keep) {
    const int layer = artEditLayer();
    if (layer < 0 || refuseLockedArt(layer))
        return {};
    if (const QString problem = stampProblem(*mFloatingArt, *mDocument, layer);
        !problem.isEmpty()) {
        emit statusMessage(problem);
        return problem;
    }
    ArtStamp art = std::move(*mFloatingArt);
    dropFloating();
    mPreview->clear();
    mArtPreview->clear();
    const QPoint at = mFloatingTopLeft;
    const QRect rect(at, QSize(art.width, art.height));
    // Tiled's rule: the empty cells of a paste leave the map's cells as they are.
    std::vector<ArtWrite> writes;
    for (const ArtWrite& w : stampWrites(rect, art, at))
        if (!w.tile.empty())
            writes.push_back(w);
    const std::string& name = mDocument->level().art[size_t(layer)].name;
    const EditSelection before = selection();
    mDocument->beginMacro(tr("Paste"));
    ArtStroke stroke;
    stroke.begin(layer, 0);
    const int n = stroke.paint(mDocument, writes, tr("Paste"));
    mDocument->recordSelection(before, {rect, {}});
    mDocument->endMacro(artEditText(tr("Paste"), n, name));
    const QString summary = artEditText(tr("Pasted"), n, name) + QLatin1Char('.');
    if (keep == Keep::Floating)
        beginFloatingArt(std::move(art), at);
    emit statusMessage(summary);
    return summary;
}

void LevelScene::transformArtSelection(int layer, Transform t) {
    if (refuseLockedArt(layer))
        return;
    mToolManager->currentTool()->cancelGesture();
    const QRect from = mTileSelection;
    const ArtStamp art = artStampOf(*mDocument, layer, from);
    if (art.isEmpty())
        return;
    ts::leveledit::ArtBlock block{art.width, art.height, art.tiles};
    ts::leveledit::transformArt(block, t);
    // A turn keeps the block's centre (rounded towards the top-left), as the collision's.
    const QRect to(from.x() + (from.width() - block.width) / 2,
                   from.y() + (from.height() - block.height) / 2, block.width, block.height);
    const auto& level = mDocument->level();
    if (!QRect(0, 0, level.width, level.height).contains(to)) {
        emit statusMessage(tr("Not rotated: turned about its centre, the selection would leave "
                              "the map."));
        return;
    }
    // The old cells empty, then the block's tiles where it now lies (its empty cells leave
    // the cells they land on, as a paste does).
    std::vector<ArtWrite> laid;
    for (int y = 0; y < block.height; ++y)
        for (int x = 0; x < block.width; ++x)
            if (const auto tile = block.tiles[size_t(y) * size_t(block.width) + size_t(x)];
                !tile.empty())
                laid.push_back({to.topLeft() + QPoint(x, y), tile});
    // paintArt() takes a cell's first write: the laid tiles go before the clears.
    std::vector<ArtWrite> all = std::move(laid);
    const std::vector<ArtWrite> clears = clearWrites(from);
    all.insert(all.end(), clears.begin(), clears.end());
    const bool flip = t == Transform::FlipHorizontally || t == Transform::FlipVertically;
    const QString action = flip ? tr("Flip") : tr("Rotate");
    const std::string& name = level.art[size_t(layer)].name;
    const EditSelection before = selection();
    mDocument->beginMacro(action);
    ArtStroke stroke;
    stroke.begin(layer, 0);
    const int n = stroke.paint(mDocument, all, action);
    mDocument->recordSelection(before, {to, {}});
    mDocument->endMacro(artEditText(action, n, name));
    if (n == 0)
        emit statusMessage(flip ? tr("Nothing to flip: the selection is the same mirrored.")
                                : tr("Nothing to rotate: the selection is the same turned."));
    else
        emit statusMessage(artEditText(flip ? tr("Flipped") : tr("Rotated"), n, name) +
                           QLatin1Char('.'));
}

} // namespace ts::editor
