#include "spawntool.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/editor/tooloptions.h"
#include "widgets/uitext.h"

#include <QAction>
#include <QKeyEvent>

namespace ts::editor {

SpawnTool::SpawnTool(QObject* parent)
    : AbstractTool(tr("Spawn"), QStringLiteral("spawn"), QKeySequence(Qt::Key_P), parent),
      mNextKind(new QAction(tr("Next Spawn Kind"), this)),
      mPreviousKind(new QAction(tr("Previous Spawn Kind"), this)) {
    // K steps the spawn kind as X swaps the tile kind, without a trip to the box; only
    // while this tool is current, where the kind is what a click places.
    const auto stepAction = [this](QAction* a, const char* name, const QKeySequence& key,
                                   int step) {
        a->setObjectName(QLatin1String(name));
        a->setShortcut(key);
        a->setEnabled(false);
        connect(a, &QAction::triggered, this, [this, step] {
            if (options())
                options()->stepSpawnKind(step);
        });
    };
    stepAction(mNextKind, "actionNextSpawnKind", QKeySequence(Qt::Key_K), +1);
    stepAction(mPreviousKind, "actionPreviousSpawnKind", QKeySequence(Qt::SHIFT | Qt::Key_K), -1);
}

QString SpawnTool::statusHint() const {
    const auto key = [](const QAction* a) {
        return a->shortcut().toString(QKeySequence::NativeText);
    };
    return tr("Click: place a spawn (%1; %2, %3: other kinds; a player moves the existing one). "
              "Click a spawn: select, drag: move. Delete: remove.")
        .arg(spawnKindLabel(options()->spawnKind()), key(mNextKind), key(mPreviousKind));
}

void SpawnTool::activate() {
    mNextKind->setEnabled(true);
    mPreviousKind->setEnabled(true);
}

void SpawnTool::deactivate() {
    cancelGesture();
    mNextKind->setEnabled(false);
    mPreviousKind->setEnabled(false);
}

void SpawnTool::cancelGesture() {
    if (mDragging)
        showDragOffset(QPoint());
    mDragging = false;
    mDragIds.clear();
}

void SpawnTool::documentChanged() {
    mDragging = false;
    mDragIds.clear();
}

QPoint SpawnTool::clampedDelta(QPoint delta) const {
    return document()->keepOnMap(document()->moveRegion(QRect(), mDragIds), delta);
}

void SpawnTool::showDragOffset(QPoint delta) {
    const qreal ts = scene()->tileSize();
    for (int id : mDragIds)
        if (SpawnItem* item = scene()->spawnItem(id))
            item->setPos(delta.x() * ts, delta.y() * ts);
}

void SpawnTool::mousePressed(const ToolMouseEvent& e) {
    LevelScene* sc = scene();
    LevelDocument* doc = document();
    if (mDragging) {
        if (e.button == Qt::RightButton) {
            cancelGesture();
        }
        return;
    }
    if (e.button != Qt::LeftButton)
        return;
    const QPoint tile = sc->tileAt(e.scenePos);
    const int hit = sc->spawnAt(e.scenePos);
    if (hit != 0) {
        QList<int> selected = sc->selectedSpawnIds();
        if (e.modifiers & Qt::ControlModifier) {
            if (selected.contains(hit))
                selected.removeAll(hit);
            else
                selected << hit;
            sc->setSelectedSpawns(selected);
            return;
        }
        if (!selected.contains(hit)) {
            selected = {hit};
            sc->setTileSelection(QRect());
            sc->setSelectedSpawns(selected);
        }
        mDragging = true;
        mStart = tile;
        mDelta = QPoint();
        mDragIds = selected;
        return;
    }
    if (!doc->level().contains(tile.x(), tile.y())) {
        sc->selectNone();
        return;
    }
    if (!doc->canHoldSpawn(tile)) {
        emit sc->statusMessage(
            tr("Tile %1, %2 is solid: a spawn cannot stand in it.").arg(tile.x()).arg(tile.y()));
        return;
    }
    const int id =
        doc->addSpawn(doc->level().defaultSpawn(options()->spawnKind(), 0, tile.x(), tile.y()));
    if (id == 0)
        return;
    sc->setTileSelection(QRect());
    sc->setSelectedSpawns({id});
}

void SpawnTool::mouseMoved(const ToolMouseEvent& e) {
    if (!mDragging)
        return;
    const QPoint delta = clampedDelta(scene()->tileAt(e.scenePos) - mStart);
    if (delta == mDelta)
        return;
    mDelta = delta;
    showDragOffset(delta);
}

void SpawnTool::mouseReleased(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton || !mDragging)
        return;
    const QPoint delta = clampedDelta(scene()->tileAt(e.scenePos) - mStart);
    const QList<int> ids = mDragIds;
    cancelGesture();
    if (delta.isNull())
        return;
    // The document leaves a spawn whose new tile is solid where it was: say so,
    // or the drag looks ignored.
    const qsizetype stay = document()->moveSpawns(std::vector<int>(ids.begin(), ids.end()), delta);
    if (stay > 0)
        emit scene()->statusMessage(
            tr("%1 stayed where %2: a spawn cannot stand in a solid tile.")
                .arg(countOf(stay, "spawn", "spawns"), stay == 1 ? tr("it was") : tr("they were")));
}

bool SpawnTool::keyPressed(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && mDragging) {
        cancelGesture();
        return true;
    }
    // Del and Backspace end a drag and go on to the scene, which deletes the
    // selection as Edit > Delete does (one rule: undo selects it again).
    if (event->matches(QKeySequence::Delete) || event->key() == Qt::Key_Backspace)
        cancelGesture();
    return false;
}

} // namespace ts::editor
