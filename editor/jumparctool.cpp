#include "jumparctool.h"

#include "document.h"
#include "jumparcitem.h"
#include "levelscene.h"

#include <QKeyEvent>

namespace ts::editor {

JumpArcTool::JumpArcTool(ToolManager* manager)
    : AbstractTool(tr("Jump Arc"), QStringLiteral("jumparc"), QKeySequence(Qt::Key_J), manager) {
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
    s->addItem(mItem);
    connectDocument();
    showArcs(mTile);
}

void JumpArcTool::deactivate() {
    for (const auto& c : mConnections)
        disconnect(c);
    mConnections.clear();
    delete mItem.data(); // removes itself from the scene; null if the scene deleted it
    mItem = nullptr;
    mEmptyWorld.reset();
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

void JumpArcTool::showArcs(std::optional<QPoint> tile) {
    LevelDocument* doc = document();
    mTile = tile;
    if (!doc || !tile) {
        mArcs = {};
    } else {
        const ts::level::Level& level = doc->level();
        if (!mEmptyWorld)
            mEmptyWorld.emplace(ts::level::emptyLevelWorld(level));
        mArcs = ts::level::computeJumpArcs(level, *mEmptyWorld, tile->x(), tile->y());
    }
    if (mItem) {
        if (mArcs.ok && doc)
            mItem->setArcs(mArcs, double(doc->level().height) * doc->level().tileSize);
        else
            mItem->clear();
    }
    emit arcsChanged();
}

void JumpArcTool::pin(QPoint tile) {
    mPinned = true;
    showArcs(tile);
}

void JumpArcTool::unpin() {
    mPinned = false;
    showArcs(std::nullopt);
}

void JumpArcTool::mousePressed(const ToolMouseEvent& e) {
    if (e.button == Qt::LeftButton)
        pin(scene()->tileAt(e.scenePos));
    else if (e.button == Qt::RightButton)
        unpin();
}

void JumpArcTool::mouseMoved(const ToolMouseEvent& e) {
    if (mPinned || e.buttons != Qt::NoButton)
        return;
    const QPoint tile = scene()->tileAt(e.scenePos);
    if (mTile != tile)
        showArcs(tile);
}

void JumpArcTool::hoverLeft() {
    if (!mPinned)
        showArcs(std::nullopt);
}

bool JumpArcTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && (mPinned || mTile)) {
        unpin();
        return true;
    }
    return false;
}

} // namespace ts::editor
