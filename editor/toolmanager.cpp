#include "toolmanager.h"

#include "abstracttool.h"
#include "brushtool.h"
#include "erasertool.h"
#include "eyedroppertool.h"
#include "filltool.h"
#include "jumparctool.h"
#include "levelscene.h"
#include "linetool.h"
#include "rectangletool.h"
#include "selecttool.h"
#include "spawntool.h"

#include <QAction>
#include <QActionGroup>
#include <QGraphicsView>

#include <algorithm>

namespace ts::editor {

ToolManager::ToolManager(QObject* parent)
    : QObject(parent), mActionGroup(new QActionGroup(this)), mBrush(new BrushTool(this)),
      mEraser(new EraserTool(this)), mLine(new LineTool(this)), mRectangle(new RectangleTool(this)),
      mFill(new FillTool(this)), mEyedropper(new EyedropperTool(this)),
      mSelect(new SelectTool(this)), mSpawn(new SpawnTool(this)), mJumpArc(new JumpArcTool(this)) {
    mTools = {mBrush, mEraser, mLine, mRectangle, mFill, mEyedropper, mSelect, mSpawn, mJumpArc};
    mActionGroup->setExclusive(true);
    for (AbstractTool* tool : mTools) {
        mActionGroup->addAction(tool->action());
        connect(tool->action(), &QAction::triggered, this, [this, tool] { setCurrentTool(tool); });
        connect(tool, &AbstractTool::statusHintChanged, this, [this, tool](const QString& hint) {
            if (tool == mCurrent)
                emit statusHintChanged(hint);
        });
    }
    setCurrentTool(mBrush);
}

ToolManager::~ToolManager() {
    if (mCurrent)
        mCurrent->deactivate();
    if (mScene && mScene->toolManager() == this)
        mScene->setToolManager(nullptr);
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
    mScene = scene;
    if (scene)
        scene->setToolManager(this);
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

void ToolManager::applyCursor() {
    if (!mScene || !mCurrent)
        return;
    for (QGraphicsView* view : mScene->views())
        view->viewport()->setCursor(mCurrent->cursor());
}

void ToolManager::setTileKind(ts::Tile kind) {
    if (kind == ts::Tile::Empty || kind == mTileKind)
        return;
    mTileKind = kind;
    emit tileKindChanged(kind);
    // The hint names the kind or size: keep it current.
    if (mCurrent)
        emit statusHintChanged(mCurrent->statusHint());
}

void ToolManager::setBrushSize(int size) {
    size = std::clamp(size, 1, kMaxBrushSize);
    if (size == mBrushSize)
        return;
    mBrushSize = size;
    emit brushSizeChanged(size);
    // The hint names the kind or size: keep it current.
    if (mCurrent)
        emit statusHintChanged(mCurrent->statusHint());
}

void ToolManager::setSpawnKind(ts::level::SpawnKind kind) {
    if (kind == mSpawnKind)
        return;
    mSpawnKind = kind;
    emit spawnKindChanged(kind);
    // The hint names the kind or size: keep it current.
    if (mCurrent)
        emit statusHintChanged(mCurrent->statusHint());
}

} // namespace ts::editor
