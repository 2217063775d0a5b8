#include "tilesmith/editor/toolmanager.h"

#include "brushtool.h"
#include "erasertool.h"
#include "eyedroppertool.h"
#include "filltool.h"
#include "linetool.h"
#include "rectangletool.h"
#include "selecttool.h"
#include "spawntool.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/jumparctool.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"

#include <QAction>
#include <QActionGroup>
#include <QGraphicsView>

#include <algorithm>
#include <iterator>

namespace ts::editor {

ToolManager::ToolManager(QObject* parent)
    : QObject(parent), mActionGroup(new QActionGroup(this)), mBrush(new BrushTool(this)),
      mEraser(new EraserTool(this)), mLine(new LineTool(this)), mRectangle(new RectangleTool(this)),
      mFill(new FillTool(this)), mEyedropper(new EyedropperTool(this)),
      mSelect(new SelectTool(this)), mSpawn(new SpawnTool(this)), mJumpArc(new JumpArcTool(this)),
      mNextSpawnKind(new QAction(tr("Next Spawn Kind"), this)),
      mPreviousSpawnKind(new QAction(tr("Previous Spawn Kind"), this)) {
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
    // K steps the spawn kind as X swaps the tile kind, without a trip to the box; only
    // while the spawn tool is current, where the kind is what a click places.
    const auto stepAction = [this](QAction* a, const char* name, const QKeySequence& key,
                                   int step) {
        a->setObjectName(QLatin1String(name));
        a->setShortcut(key);
        a->setEnabled(false);
        connect(a, &QAction::triggered, this, [this, step] { stepSpawnKind(step); });
    };
    stepAction(mNextSpawnKind, "actionNextSpawnKind", QKeySequence(Qt::Key_K), +1);
    stepAction(mPreviousSpawnKind, "actionPreviousSpawnKind", QKeySequence(Qt::SHIFT | Qt::Key_K),
               -1);
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
    if (mScene)
        disconnect(mScene, &LevelScene::documentChanged, this, &ToolManager::followDocument);
    mScene = scene;
    if (scene) {
        scene->setToolManager(this);
        connect(scene, &LevelScene::documentChanged, this, &ToolManager::followDocument);
    }
    followDocument(scene ? scene->document() : nullptr);
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
    mNextSpawnKind->setEnabled(tool == mSpawn);
    mPreviousSpawnKind->setEnabled(tool == mSpawn);
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
    // The spawn kind box echoes the kind it is shown: that is no pick.
    if (kind == mSpawnKind)
        return;
    mPickedSpawnKind = kind;
    mPlayerFirst = false;
    showSpawnKind(kind);
}

void ToolManager::restorePickedSpawnKind(ts::level::SpawnKind kind) {
    mPickedSpawnKind = kind;
    if (!mPlayerFirst)
        showSpawnKind(kind);
}

void ToolManager::stepSpawnKind(int step) {
    const auto& kinds = ts::level::kSpawnKinds;
    const auto n = int(std::size(kinds));
    const auto at = int(std::find(std::begin(kinds), std::end(kinds), mSpawnKind) - kinds);
    mPickedSpawnKind = kinds[((at + step) % n + n) % n];
    mPlayerFirst = false;
    showSpawnKind(mPickedSpawnKind);
}

void ToolManager::showSpawnKind(ts::level::SpawnKind kind) {
    if (kind == mSpawnKind)
        return;
    mSpawnKind = kind;
    emit spawnKindChanged(kind);
    // The hint names the kind or size: keep it current.
    if (mCurrent)
        emit statusHintChanged(mCurrent->statusHint());
}

void ToolManager::followDocument(LevelDocument* document) {
    for (const auto& c : mDocConnections)
        disconnect(c);
    mDocConnections.clear();
    mDocument = document;
    if (document) {
        mDocConnections << connect(document, &LevelDocument::spawnsChanged, this,
                                   &ToolManager::followPlayer);
        mDocConnections << connect(document, &LevelDocument::levelReset, this,
                                   &ToolManager::followPlayer);
    }
    // A level without a player (a map imported from Tiled, a recovered draft) cannot
    // be played or saved: its first spawn is the player.
    mPlayerFirst = document && !document->level().player();
    showSpawnKind(mPlayerFirst ? ts::level::SpawnKind::Player : mPickedSpawnKind);
}

void ToolManager::followPlayer() {
    if (mPlayerFirst && mDocument && mDocument->level().player()) {
        mPlayerFirst = false;
        showSpawnKind(mPickedSpawnKind);
    }
}

} // namespace ts::editor
