#include "tilesmith/editor/toolmanager.h"

#include "artpaint.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tooloptions.h"

#include <QAction>
#include <QActionGroup>
#include <QGraphicsView>

#include <algorithm>
#include <utility>

namespace ts::editor {

ToolManager::ToolManager(QObject* parent)
    : QObject(parent), mActionGroup(new QActionGroup(this)), mOptions(new ToolOptions(this)) {
    mActionGroup->setExclusive(true);
    connect(mOptions, &ToolOptions::tileKindChanged, this, &ToolManager::refreshHint);
    connect(mOptions, &ToolOptions::brushSizeChanged, this, &ToolManager::refreshHint);
    connect(mOptions, &ToolOptions::spawnKindChanged, this, &ToolManager::refreshHint);
    connect(mOptions, &ToolOptions::paintTargetChanged, this, &ToolManager::refreshHint);
    connect(mOptions, &ToolOptions::stampChanged, this, &ToolManager::refreshHint);
}

ToolManager::~ToolManager() {
    if (mCurrent)
        mCurrent->deactivate();
    if (mScene && mScene->toolManager() == this)
        mScene->setToolManager(nullptr);
}

void ToolManager::registerTool(AbstractTool* tool) {
    if (!tool || mTools.contains(tool))
        return;
    tool->setParent(this);
    tool->mManager = this;
    mTools << tool;
    mActionGroup->addAction(tool->action());
    connect(tool->action(), &QAction::triggered, this, [this, tool] { setCurrentTool(tool); });
    connect(tool, &AbstractTool::statusHintChanged, this, [this, tool](const QString& hint) {
        if (tool == mCurrent)
            emit statusHintChanged(hint);
    });
    if (!mCurrent)
        setCurrentTool(tool);
}

LevelScene* ToolManager::scene() const {
    return mScene;
}

void ToolManager::setScene(LevelScene* scene) {
    if (mScene == scene)
        return;
    if (mCurrent)
        mCurrent->deactivate();
    if (mScene && mScene->toolManager() == this)
        mScene->setToolManager(nullptr);
    if (mScene)
        disconnect(mScene, &LevelScene::documentChanged, mOptions, &ToolOptions::setDocument);
    mScene = scene;
    if (scene) {
        scene->setToolManager(this);
        connect(scene, &LevelScene::documentChanged, mOptions, &ToolOptions::setDocument);
    }
    mOptions->setDocument(scene ? scene->document() : nullptr);
    if (mCurrent)
        mCurrent->activate();
    applyCursor();
}

void ToolManager::setCurrentTool(AbstractTool* tool) {
    if (!tool || tool == mCurrent) {
        if (tool)
            tool->action()->setChecked(true);
        return;
    }
    if (mCurrent)
        mCurrent->deactivate();
    mCurrent = tool;
    tool->action()->setChecked(true);
    tool->activate();
    applyCursor();
    emit currentToolChanged(tool);
    emit statusHintChanged(tool->statusHint());
}

void ToolManager::pickTile(QPoint tile) {
    if (!mScene || !mScene->document())
        return;
    const ts::level::Level& level = mScene->document()->level();
    if (!level.contains(tile.x(), tile.y()))
        return;
    if (paintTarget(mOptions, mScene->document()).kind != PaintTarget::Kind::Collision) {
        pickArt(QRect(tile, QSize(1, 1)));
        return;
    }
    const ts::Tile kind = level.tile(tile.x(), tile.y());
    mOptions->setTileKind(kind);
    switchToPainter(kind);
}

void ToolManager::pickArt(const QRect& cells) {
    if (!mScene || !mScene->document())
        return;
    const PaintTarget target = paintTarget(mOptions, mScene->document());
    if (target.kind == PaintTarget::Kind::Collision)
        return;
    ArtStamp stamp = artStampOf(*mScene->document(), target.layer, cells);
    if (stamp.isEmpty())
        return;
    // Nothing but empty cells: the eraser, as an empty collision tile picks it.
    const bool empty = std::all_of(stamp.tiles.begin(), stamp.tiles.end(),
                                   [](const ts::level::ArtTile& t) { return t.empty(); });
    if (!empty)
        mOptions->setStamp(std::move(stamp));
    switchToPainter(empty ? ts::Tile::Empty : mOptions->tileKind());
}

void ToolManager::switchToPainter(ts::Tile kind) {
    for (AbstractTool* tool : mTools) {
        if (tool->takesPickedTile(kind)) {
            setCurrentTool(tool);
            return;
        }
    }
}

AbstractTool* ToolManager::selectionTool() const {
    for (AbstractTool* tool : mTools)
        if (tool->selectsRegions())
            return tool;
    return nullptr;
}

void ToolManager::applyCursor() {
    if (!mScene || !mCurrent)
        return;
    for (QGraphicsView* view : mScene->views())
        view->viewport()->setCursor(mCurrent->cursor());
}

void ToolManager::refreshHint() {
    if (mCurrent)
        emit statusHintChanged(mCurrent->statusHint());
}

} // namespace ts::editor
