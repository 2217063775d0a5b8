#include "tilesmith/editor/jumparctool.h"

#include "tilesmith/editor/jumparcitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"

#include <QKeyEvent>

#include <utility>

namespace ts::editor {

JumpArcTool::JumpArcTool(QObject* parent)
    : AbstractTool(tr("Jump Arc"), QStringLiteral("jumparc"), QKeySequence(Qt::Key_J), parent) {
}

JumpArcTool::~JumpArcTool() {
    deactivate();
}

QString JumpArcTool::statusHint() const {
    return tr("Jump arcs from the tile under the cursor: short (dashed), full (orange), falls "
              "(blue). Click: pin. Right click or Esc: unpin.");
}

void JumpArcTool::activate() {
    LevelScene* s = scene();
    if (!s || mItem)
        return;
    mItem = new JumpArcItem;
    // Chosen while the level runs apart from the editing: the arcs wait for it to end.
    mItem->setVisible(!s->editingSuspended());
    s->addItem(mItem);
    connectDocument();
    showArcs(mTile);
}

void JumpArcTool::deactivate() {
    mHovered.reset();
    for (const auto& c : mConnections)
        disconnect(c);
    mConnections.clear();
    delete mItem.data(); // removes itself from the scene; null if the scene deleted it
    mItem = nullptr;
    mEmptyWorld.reset();
    mSaidWhy = false;
}

void JumpArcTool::documentChanged() {
    const bool active = mItem != nullptr;
    deactivate();
    mPinned = false;
    mTile.reset();
    mArcs = {};
    if (active)
        activate();
    emit arcsChanged();
}

void JumpArcTool::connectDocument() {
    LevelDocument* doc = document();
    if (!doc)
        return;
    mConnections << connect(doc, &LevelDocument::tilesChanged, this, &JumpArcTool::levelEdited);
    mConnections << connect(doc, &LevelDocument::spawnsChanged, this, &JumpArcTool::levelEdited);
    mConnections << connect(doc, &LevelDocument::settingsChanged, this, &JumpArcTool::levelEdited);
    mConnections << connect(doc, &LevelDocument::levelReset, this, &JumpArcTool::levelEdited);
}

void JumpArcTool::levelEdited() {
    mEmptyWorld.reset();
    showArcs(mTile);
}

ts::leveledit::JumpArcSet JumpArcTool::arcsFrom(QPoint tile) {
    const ts::level::Level& level = document()->level();
    if (!mEmptyWorld)
        mEmptyWorld.emplace(ts::leveledit::emptyLevelWorld(level));
    return ts::leveledit::computeJumpArcs(level, *mEmptyWorld, tile.x(), tile.y());
}

void JumpArcTool::showArcs(std::optional<QPoint> tile) {
    show(tile, document() && tile ? arcsFrom(*tile) : ts::leveledit::JumpArcSet{});
}

void JumpArcTool::show(std::optional<QPoint> tile, ts::leveledit::JumpArcSet arcs) {
    LevelDocument* doc = document();
    mTile = tile;
    mArcs = std::move(arcs);
    if (mItem) {
        if (mArcs.ok && doc)
            mItem->setArcs(mArcs, double(doc->level().height) * doc->level().tileSize);
        else
            mItem->clear();
    }
    if (tile)
        sayWhy(*tile, mArcs);
    if (mSaidWhy && mArcs.why == ts::leveledit::NoArcs::None) {
        // The tile the bar spoke of is no longer the one shown: the hint comes back.
        mSaidWhy = false;
        emit statusHintChanged(statusHint());
    }
    emit arcsChanged();
}

void JumpArcTool::sayWhy(QPoint tile, const ts::leveledit::JumpArcSet& arcs) {
    if (!scene())
        return;
    QString why;
    switch (arcs.why) {
    case ts::leveledit::NoArcs::None:
        return;
    case ts::leveledit::NoArcs::Solid:
        why = tr("Tile %1, %2 is solid: the player cannot stand in it, so it has no jump arcs.");
        break;
    case ts::leveledit::NoArcs::OffMap:
        why = tr("Tile %1, %2 is off the map: the player cannot stand there, so it has no jump "
                 "arcs.");
        break;
    case ts::leveledit::NoArcs::NeverStands:
        why = tr("Tile %1, %2: the player placed there never comes to stand on anything, so it "
                 "has no jump arcs.");
        break;
    }
    mSaidWhy = true;
    emit scene()->statusMessage(why.arg(tile.x()).arg(tile.y()));
}

bool JumpArcTool::pin(QPoint tile) {
    if (!document())
        return false;
    ts::leveledit::JumpArcSet arcs = arcsFrom(tile);
    if (arcs.why != ts::leveledit::NoArcs::None) {
        sayWhy(tile, arcs);
        return false;
    }
    mPinned = true;
    show(tile, std::move(arcs));
    return true;
}

void JumpArcTool::unpin() {
    mPinned = false;
    // The arcs go back to following the cursor: from the tile under it at once, not at
    // the mouse's next move (nothing was drawn there until then).
    showArcs(mHovered);
}

void JumpArcTool::mousePressed(const ToolMouseEvent& e) {
    mHovered = scene()->tileAt(e.scenePos);
    if (e.button == Qt::LeftButton)
        pin(*mHovered);
    else if (e.button == Qt::RightButton)
        unpin();
}

void JumpArcTool::mouseMoved(const ToolMouseEvent& e) {
    const QPoint tile = scene()->tileAt(e.scenePos);
    mHovered = tile;
    if (mPinned || e.buttons != Qt::NoButton)
        return;
    if (mTile != tile)
        showArcs(tile);
}

void JumpArcTool::hoverLeft() {
    mHovered.reset();
    if (!mPinned)
        showArcs(std::nullopt);
}

bool JumpArcTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && (mPinned || mTile)) {
        if (mPinned)
            unpin();
        else
            showArcs(std::nullopt);
        return true;
    }
    return false;
}

} // namespace ts::editor
