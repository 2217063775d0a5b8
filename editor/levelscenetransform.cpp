// LevelScene's Flip and Rotate (Edit > Flip Horizontally / Vertically, X and Y;
// Rotate Right / Left, Z and Shift+Z): of a floating paste before the click
// places it, as Tiled's stamp, or else, with the Select tool, of the selection
// in place as one undo step (regiontransform.h decides what it does).
#include "levelscene.h"

#include "document.h"
#include "pasteplan.h"
#include "regiontransform.h"
#include "selecttool.h"
#include "tilelayeritem.h"
#include "toolmanager.h"
#include "uitext.h"

#include <QStringList>

namespace ts::editor {

using ts::level::Transform;

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
    if (mFloating)
        return true;
    return mDocument && mToolManager && mToolManager->selectTool() &&
           mToolManager->currentTool() == mToolManager->selectTool() && !mTileSelection.isEmpty();
}

void LevelScene::transform(Transform t) {
    if (mFloating)
        transformFloating(t);
    else if (canTransform())
        transformSelection(t);
}

void LevelScene::transformFloating(Transform t) {
    ts::level::transform(mFloating->stamp, t);
    mPreview->setStamp(mFloating->stamp, mFloatingTopLeft);
    mPreview->setOutline(QRect(mFloatingTopLeft, QSize(mFloating->width(), mFloating->height())));
}

void LevelScene::transformSelection(Transform t) {
    // A drag of the selection ends here: its preview shows the region as it was.
    mToolManager->selectTool()->cancelDrag();
    const EditSelection before = selection();
    const ts::level::Level& level = mDocument->level();
    const InPlacePlan plan = planInPlace(level, before, t);
    if (!plan.fits) {
        emit statusMessage(offMapText(plan.to, QRect(0, 0, level.width, level.height)));
        return;
    }
    const QString action = isFlip(t) ? tr("Flip") : tr("Rotate");
    mDocument->beginMacro(action);
    const PutDown done =
        putDown(plan.paste, action, [&] { return mDocument->changeSpawns(plan.paste.spawns); });
    mDocument->recordSelection(before, plan.after);
    // A step that changed nothing (a symmetric or empty selection) leaves no undo
    // step and the selection as it was (endMacro()).
    mDocument->endMacro(transformText(t, false, done.tiles, done.spawns));
    if (done.tiles == 0 && done.spawns == 0) {
        emit statusMessage(isFlip(t) ? tr("Nothing to flip: the selection is the same mirrored.")
                                     : tr("Nothing to rotate: the selection is the same turned."));
        return;
    }
    emit statusMessage(plan.paste.summary(transformText(t, true, done.tiles, done.spawns)));
}

} // namespace ts::editor
