#include "tilesmith/editor/levelscene.h"

#include "artlayeritem.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/artoverlayitem.h"
#include "tilesmith/editor/jumparcitem.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/render/levelrenderer.h"
#include "tilesmith/render/tilesetimages.h"
#include "widgets/uitext.h"

#include <QGraphicsRectItem>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QPainter>
#include <QSet>

#include <cmath>
#include <utility>

namespace ts::editor {

namespace {
ToolMouseEvent toolEvent(const QGraphicsSceneMouseEvent* e) {
    return {e->scenePos(), e->button(), e->buttons(), e->modifiers()};
}
} // namespace

LevelScene::LevelScene(LevelDocument* document, QObject* parent)
    : QGraphicsScene(parent), mTileLayer(new TileLayerItem), mPreview(new TileOverlayItem),
      mSelectionItem(new QGraphicsRectItem),
      mTilesetImages(std::make_unique<ts::render::TilesetImages>()) {
    // Few items, and the tile layer covers the map: a BSP index buys nothing.
    setItemIndexMethod(NoIndex);
    mTileLayer->setZValue(0);
    addItem(mTileLayer);
    mPreview->setZValue(20);
    addItem(mPreview);
    mArtPreview = new ArtOverlayItem(mTilesetImages.get());
    mArtPreview->setZValue(21);
    addItem(mArtPreview);
    QPen pen(QColor(0x00, 0x8c, 0xd6), 2, Qt::DashLine);
    pen.setCosmetic(true);
    mSelectionItem->setPen(pen);
    mSelectionItem->setBrush(QColor(0x00, 0xb7, 0xff, 40));
    mSelectionItem->setZValue(30);
    mSelectionItem->setVisible(false);
    addItem(mSelectionItem);
    connect(this, &QGraphicsScene::selectionChanged, this, &LevelScene::emitSelectionChanged);
    setDocument(document);
}

LevelScene::~LevelScene() {
    for (const auto& c : mConnections)
        disconnect(c);
    // QGraphicsScene's destructor deselects items while deleting them: stop
    // listening first, this object is no longer a LevelScene by then.
    disconnect(this, &QGraphicsScene::selectionChanged, this, nullptr);
    deleteSpawnItems();
    clear();
}

void LevelScene::setDocument(LevelDocument* document) {
    for (const auto& c : mConnections)
        disconnect(c);
    mConnections.clear();
    dropFloating();
    mPreview->clear();
    mArtPreview->clear();
    mTileSelection = QRect();
    mTurnRun.reset();
    mDocument = document;
    mTileLayer->setDocument(document);
    if (document) {
        // Any change but a turn's own ends a run of turns (transformSelection()).
        const auto endTurnRun = [this] {
            if (!mTurning)
                mTurnRun.reset();
        };
        mConnections << connect(document, &LevelDocument::tilesChanged, this, endTurnRun);
        mConnections << connect(document, &LevelDocument::spawnsChanged, this, endTurnRun);
        mConnections << connect(document, &LevelDocument::levelReset, this, endTurnRun);
        mConnections << connect(document, &LevelDocument::spawnsChanged, this,
                                &LevelScene::syncSpawns);
        mConnections << connect(document, &LevelDocument::levelReset, this,
                                &LevelScene::levelReset);
        mConnections << connect(document, &LevelDocument::selectionApplied, this,
                                &LevelScene::select);
        mConnections << connect(document, &LevelDocument::artLayersChanged, this,
                                &LevelScene::rebuildArt);
        mConnections << connect(document, &LevelDocument::artChanged, this,
                                [this](int index, const QRect& cells) {
                                    if (ArtLayerItem* item = artLayerItem(index))
                                        item->updateCells(cells);
                                });
        // Relative image paths follow the level's file.
        mConnections << connect(document, &LevelDocument::filePathChanged, this,
                                &LevelScene::reloadTilesetImages);
        mConnections << connect(document, &QObject::destroyed, this, [this] {
            mTileLayer->setDocument(nullptr);
            deleteSpawnItems();
            mDocument = nullptr;
            rebuildArt();
        });
    }
    mPreview->setTileSize(tileSize());
    mArtPreview->setTileSize(tileSize());
    // Another level starts with nothing selected: its spawns share ids with the
    // old one's, so a selection carried over by id would select a spawn the
    // properties dock does not list, and Del would remove it.
    deleteSpawnItems();
    syncSpawns();
    rebuildArt();
    updateSceneRect();
    updateSelectionOutline();
    if (mToolManager) {
        for (AbstractTool* tool : mToolManager->tools())
            tool->documentChanged();
    }
    emit documentChanged(document);
    emitSelectionChanged();
    update();
}

ToolManager* LevelScene::toolManager() const {
    return mToolManager;
}

void LevelScene::setToolManager(ToolManager* manager) {
    mToolManager = manager;
}

int LevelScene::tileSize() const {
    return mDocument ? mDocument->level().tileSize : 16;
}

QPoint LevelScene::tileAt(QPointF p) const {
    const qreal ts = tileSize();
    return QPoint(int(std::floor(p.x() / ts)), int(std::floor(p.y() / ts)));
}

QPointF LevelScene::tileCenter(QPoint t) const {
    const qreal ts = tileSize();
    return QPointF((t.x() + 0.5) * ts, (t.y() + 0.5) * ts);
}

QRectF LevelScene::tileRectToScene(const QRect& r) const {
    const qreal ts = tileSize();
    return QRectF(r.x() * ts, r.y() * ts, r.width() * ts, r.height() * ts);
}

QRectF LevelScene::mapRect() const {
    if (!mDocument)
        return {};
    const auto& l = mDocument->level();
    return QRectF(0, 0, qreal(l.width) * l.tileSize, qreal(l.height) * l.tileSize);
}

void LevelScene::setGridVisible(bool visible) {
    if (mGridVisible == visible)
        return;
    mGridVisible = visible;
    mTileLayer->setGridVisible(visible);
}

void LevelScene::updateSceneRect() {
    // Room around the map so edges can be scrolled to the middle of the view.
    const QRectF map = mapRect();
    const qreal margin =
        std::max<qreal>(8 * tileSize(), 0.25 * std::max(map.width(), map.height()));
    setSceneRect(map.adjusted(-margin, -margin, margin, margin));
}

void LevelScene::levelReset() {
    mPreview->setTileSize(tileSize());
    mArtPreview->setTileSize(tileSize());
    dropFloating();
    mPreview->clear();
    // A resize may have moved the content (its anchor) or the tile size changed:
    // the selected tiles are gone from where the outline was.
    mTileSelection = QRect();
    rebuildSpawns();
    updateSceneRect();
    updateSelectionOutline();
    if (mToolManager) {
        for (AbstractTool* tool : mToolManager->tools())
            tool->documentChanged();
    }
    emitSelectionChanged();
    update();
}

// --- spawns ----------------------------------------------------------------

void LevelScene::deleteSpawnItems() {
    // Deleting a selected item emits selectionChanged: take the items out of the
    // hash first and stay quiet, so no handler sees a dangling item.
    const QHash<int, SpawnItem*> items = std::exchange(mSpawnItems, {});
    {
        const QSignalBlocker blocker(this);
        qDeleteAll(items);
    }
}

void LevelScene::rebuildSpawns() {
    const QList<int> selected = selectedSpawnIds();
    deleteSpawnItems();
    syncSpawns();
    setSelectedSpawns(selected);
}

void LevelScene::syncSpawns() {
    if (!mDocument) {
        deleteSpawnItems();
        emitSelectionChanged();
        return;
    }
    const auto& spawns = mDocument->level().spawns;
    QSet<int> alive;
    QSignalBlocker blocker(this); // one selection signal at the end, not one per item
    for (const auto& s : spawns) {
        alive.insert(s.id);
        if (SpawnItem* item = mSpawnItems.value(s.id)) {
            item->sync();
        } else {
            item = new SpawnItem(mDocument, s.id);
            addItem(item);
            mSpawnItems.insert(s.id, item);
        }
    }
    for (auto it = mSpawnItems.begin(); it != mSpawnItems.end();) {
        if (!alive.contains(it.key())) {
            SpawnItem* dead = it.value();
            it = mSpawnItems.erase(it);
            delete dead;
        } else {
            ++it;
        }
    }
    // Later spawns on top.
    int z = 0;
    for (const auto& s : spawns) {
        SpawnItem* item = mSpawnItems.value(s.id);
        item->setZValue(10 + 0.001 * (z++ % 1000));
        showSpawnItem(item);
    }
    blocker.unblock();
    emitSelectionChanged();
}

void LevelScene::setEditingSuspended(bool suspended) {
    mEditingSuspended = suspended;
    // The running world's bodies stand in for their spawn glyphs; goals are areas, not
    // bodies, so theirs stay to show where to go. Jump arcs predict the level being
    // edited, not the running one: they wait (the Jump Arc tool keeps them current).
    for (SpawnItem* item : std::as_const(mSpawnItems))
        showSpawnItem(item);
    for (QGraphicsItem* item : items())
        if (item->type() == JumpArcItem::Type)
            item->setVisible(!suspended);
}

void LevelScene::showSpawnItem(SpawnItem* item) const {
    item->setVisible(mSpawnsShown);
    // A running body stands in for its glyph: the glyph is not drawn (nor hit) but
    // stays, transparent, so the spawn can still be selected from its body.
    item->setOpacity(mEditingSuspended && item->isBody() ? 0.0 : 1.0);
}

void LevelScene::setCollisionShown(bool shown) {
    if (shown == mCollisionShown)
        return;
    mCollisionShown = shown;
    mTileLayer->setVisible(shown);
    emit collisionShownChanged(shown);
}

void LevelScene::setSpawnsShown(bool shown) {
    if (shown == mSpawnsShown)
        return;
    mSpawnsShown = shown;
    for (SpawnItem* item : std::as_const(mSpawnItems))
        showSpawnItem(item);
    emit spawnsShownChanged(shown);
}

int LevelScene::spawnAt(QPointF scenePos) const {
    if (mEditingSuspended && mRunningSpawnAt && mDocument) {
        const int id = mRunningSpawnAt(scenePos);
        if (id != 0 && mSpawnItems.contains(id))
            return id;
    }
    const QList<QGraphicsItem*> hits =
        items(scenePos, Qt::IntersectsItemShape, Qt::DescendingOrder);
    for (QGraphicsItem* item : hits) {
        if (item->type() == SpawnItem::Type && item->opacity() > 0.0)
            return static_cast<SpawnItem*>(item)->spawnId();
    }
    return 0;
}

QList<int> LevelScene::selectedSpawnIds() const {
    QList<int> ids;
    if (!mDocument)
        return ids;
    for (const auto& s : mDocument->level().spawns) {
        if (SpawnItem* item = mSpawnItems.value(s.id); item && item->isSelected())
            ids << s.id;
    }
    return ids;
}

void LevelScene::setSelectedSpawns(const QList<int>& ids) {
    {
        const QSignalBlocker blocker(this);
        for (auto it = mSpawnItems.begin(); it != mSpawnItems.end(); ++it)
            it.value()->setSelected(ids.contains(it.key()));
    }
    emitSelectionChanged();
}

// --- selection ---------------------------------------------------------------

void LevelScene::setTileSelection(const QRect& tileRect) {
    const QRect map =
        mDocument ? QRect(0, 0, mDocument->level().width, mDocument->level().height) : QRect();
    const QRect r = tileRect.intersected(map);
    if (r == mTileSelection)
        return;
    mTileSelection = r;
    updateSelectionOutline();
    emitSelectionChanged();
}

void LevelScene::updateSelectionOutline() {
    mSelectionItem->setVisible(!mTileSelection.isEmpty());
    if (!mTileSelection.isEmpty())
        mSelectionItem->setRect(tileRectToScene(mTileSelection));
}

EditSelection LevelScene::selection() const {
    return {mTileSelection, selectedSpawnIds()};
}

void LevelScene::select(const EditSelection& selection) {
    const QRect map =
        mDocument ? QRect(0, 0, mDocument->level().width, mDocument->level().height) : QRect();
    mTileSelection = selection.tiles.intersected(map);
    updateSelectionOutline();
    setSelectedSpawns(selection.spawns);
}

bool LevelScene::hasSelection() const {
    return !mTileSelection.isEmpty() || !selectedSpawnIds().isEmpty();
}

void LevelScene::emitSelectionChanged() {
    const QList<int> ids = selectedSpawnIds();
    if (ids != mLastSpawnSelection) {
        mLastSpawnSelection = ids;
        emit spawnSelectionChanged(ids);
    }
    const bool has = !mTileSelection.isEmpty() || !ids.isEmpty();
    // Always tell: the tile rectangle may have changed with the same "has".
    mLastHasSelection = has;
    emit editSelectionChanged(has);
}

void LevelScene::selectAll() {
    if (!mDocument)
        return;
    cancelFloating();
    const auto& l = mDocument->level();
    QList<int> ids;
    for (const auto& s : l.spawns)
        ids << s.id;
    mTileSelection = QRect(0, 0, l.width, l.height);
    updateSelectionOutline();
    setSelectedSpawns(ids);
}

void LevelScene::selectNone() {
    mTileSelection = QRect();
    updateSelectionOutline();
    setSelectedSpawns({});
}

void LevelScene::copy() {
    if (!mDocument || !hasSelection())
        return;
    if (const int layer = artEditLayer(); layer >= 0) {
        copyArt(layer);
        return;
    }
    const Region region = copyRegion(mDocument->level(), mTileSelection, selectedSpawnIds());
    if (!region.isEmpty())
        copyToClipboard(region);
}

void LevelScene::cut() {
    if (!mDocument || !hasSelection())
        return;
    copy();
    if (hasFloating())
        cancelFloating();
    else if (const int layer = artEditLayer(); layer >= 0)
        removeArtSelection(layer, tr("Cut"), tr("Cut"));
    else
        removeSelection(tr("Cut"), tr("Cut"));
}

void LevelScene::deleteSelection() {
    if (hasFloating()) {
        cancelFloating();
        return;
    }
    if (const int layer = artEditLayer(); layer >= 0) {
        removeArtSelection(layer, tr("Delete"), tr("Deleted"));
        return;
    }
    removeSelection(tr("Delete"), tr("Deleted"));
}

void LevelScene::removeSelection(const QString& action, const QString& done) {
    if (!mDocument || !hasSelection())
        return;
    const QList<int> ids = selectedSpawnIds();
    int tiles = 0;
    mDocument->beginMacro(action);
    // First in the step, so that its undo runs last, with the spawns back: undo
    // selects what the step took away, as it was selected (redo deselects it).
    // The player stays (a level needs one), and stays selected.
    const EditSelection before = selection();
    EditSelection after{mTileSelection, {}};
    for (int id : ids)
        if (const ts::level::Spawn* s = mDocument->level().findSpawn(id);
            s && s->kind == ts::level::SpawnKind::Player)
            after.spawns << id;
    mDocument->recordSelection(before, after);
    if (!mTileSelection.isEmpty()) {
        std::vector<TileWrite> writes;
        writes.reserve(size_t(mTileSelection.width()) * size_t(mTileSelection.height()));
        for (int y = mTileSelection.top(); y <= mTileSelection.bottom(); ++y)
            for (int x = mTileSelection.left(); x <= mTileSelection.right(); ++x)
                writes.push_back({QPoint(x, y), ts::Tile::Empty});
        tiles = mDocument->paintTiles(writes, action);
    }
    bool keptPlayer = false;
    const int spawns = ids.isEmpty() ? 0 : removeSpawnsExceptPlayer(ids, &keptPlayer);
    mDocument->endMacro(editText(action, tiles, spawns));
    // After the step, which makes older messages old news (see MainWindow). In
    // the History's words, as Paste's message: "Deleted 12 tiles and 1 spawn."
    QStringList message;
    if (tiles > 0 || spawns > 0)
        message << editText(done, tiles, spawns) + QLatin1Char('.');
    if (keptPlayer)
        message << keptPlayerMessage();
    if (!message.isEmpty())
        emit statusMessage(message.join(QLatin1Char(' ')));
}

QString LevelScene::keptPlayerMessage() {
    return tr("The player was not deleted: a level needs one. Move it with the Spawn tool (P), "
              "or place the player somewhere else.");
}

int LevelScene::removeSpawnsExceptPlayer(const QList<int>& ids, bool* keptPlayer) {
    if (!mDocument)
        return 0;
    std::vector<int> remove;
    for (int id : ids) {
        const ts::level::Spawn* s = mDocument->level().findSpawn(id);
        if (!s)
            continue;
        if (s->kind == ts::level::SpawnKind::Player) {
            *keptPlayer = true;
            continue;
        }
        remove.push_back(id);
    }
    if (!remove.empty())
        mDocument->removeSpawns(remove);
    return int(remove.size());
}

// --- drawing -----------------------------------------------------------------

void LevelScene::drawBackground(QPainter* painter, const QRectF& rect) {
    // Each pixel filled once: the map's colour inside it, the outside colour in
    // the (up to four) bands around it.
    const QRectF map = mapRect().intersected(rect);
    if (map.isEmpty()) {
        painter->fillRect(rect, render::palette::outsideBackground);
        return;
    }
    const QRectF bands[4] = {
        QRectF(QPointF(rect.left(), rect.top()), QPointF(rect.right(), map.top())),
        QRectF(QPointF(rect.left(), map.bottom()), QPointF(rect.right(), rect.bottom())),
        QRectF(QPointF(rect.left(), map.top()), QPointF(map.left(), map.bottom())),
        QRectF(QPointF(map.right(), map.top()), QPointF(rect.right(), map.bottom()))};
    for (const QRectF& b : bands)
        if (b.width() > 0 && b.height() > 0)
            painter->fillRect(b, render::palette::outsideBackground);
    painter->fillRect(map, render::palette::mapBackground);
}

void LevelScene::drawForeground(QPainter* painter, const QRectF&) {
    // The grid is part of the tile layer's cached chunks (TileLayerItem): here
    // only the map's border, above everything.
    if (!mDocument)
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    QPen border(render::palette::border, 2);
    border.setCosmetic(true);
    painter->setPen(border);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(mapRect());
    painter->restore();
}

// --- events ------------------------------------------------------------------

void LevelScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    AbstractTool* tool = mToolManager ? mToolManager->currentTool() : nullptr;
    if (!tool || !mDocument) {
        QGraphicsScene::mousePressEvent(event);
        return;
    }
    event->accept();
    tool->mousePressed(toolEvent(event));
}

void LevelScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event) {
    const QPoint tile = tileAt(event->scenePos());
    mHoverTile = tile;
    AbstractTool* tool = mToolManager ? mToolManager->currentTool() : nullptr;
    if (!tool || !mDocument) {
        QGraphicsScene::mouseMoveEvent(event);
        return;
    }
    event->accept();
    tool->mouseMoved(toolEvent(event));
}

void LevelScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    AbstractTool* tool = mToolManager ? mToolManager->currentTool() : nullptr;
    if (!tool || !mDocument) {
        QGraphicsScene::mouseReleaseEvent(event);
        return;
    }
    event->accept();
    tool->mouseReleased(toolEvent(event));
}

void LevelScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
    // A double click is a second press for the tools.
    mousePressEvent(event);
}

void LevelScene::keyPressEvent(QKeyEvent* event) {
    AbstractTool* tool = mToolManager ? mToolManager->currentTool() : nullptr;
    if (tool && mDocument && tool->keyPressed(event)) {
        event->accept();
        return;
    }
    if (event->matches(QKeySequence::Delete) || event->key() == Qt::Key_Backspace) {
        deleteSelection();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Escape) {
        if (hasFloating())
            cancelFloating();
        else
            selectNone();
        event->accept();
        return;
    }
    QGraphicsScene::keyPressEvent(event);
}

bool LevelScene::event(QEvent* event) {
    // The view sends GraphicsSceneLeave when the mouse leaves its viewport.
    if (event->type() == QEvent::Leave || event->type() == QEvent::GraphicsSceneLeave) {
        mHoverTile.reset();
        if (mToolManager && mToolManager->currentTool())
            mToolManager->currentTool()->hoverLeft();
    }
    return QGraphicsScene::event(event);
}

} // namespace ts::editor
