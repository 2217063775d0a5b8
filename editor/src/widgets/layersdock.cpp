#include "layersdock.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tooloptions.h"

#include <QDropEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSlider>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace ts::editor {

namespace {

using ts::level::ArtDepth;
using ts::level::ArtLayer;

enum Column { VisibleColumn, LockColumn, NameColumn };
constexpr int kRowRole = Qt::UserRole;      ///< LayersDock::Row
constexpr int kNameRole = Qt::UserRole + 1; ///< an art layer's name

/// The list a drag reorders: rows move as Qt moves them, and the dock turns the new order
/// into one undoable edit (LayersDock::moveRow()).
class LayerList : public QTreeWidget {
public:
    explicit LayerList(LayersDock* dock) : QTreeWidget(dock), mDock(dock) {}

protected:
    void dropEvent(QDropEvent* event) override {
        QTreeWidgetItem* moving = currentItem();
        if (!moving || event->source() != this) {
            event->ignore();
            return;
        }
        const int from = indexOfTopLevelItem(moving);
        QTreeWidgetItem* target = itemAt(event->position().toPoint());
        int to = target ? indexOfTopLevelItem(target) : topLevelItemCount() - 1;
        if (target && dropIndicatorPosition() == BelowItem && to < from)
            ++to;
        else if (target && dropIndicatorPosition() == AboveItem && to > from)
            --to;
        event->setDropAction(Qt::IgnoreAction); // the dock rebuilds the list from the level
        event->accept();
        mDock->moveRow(from, to);
    }

private:
    LayersDock* mDock;
};

} // namespace

LayersDock::LayersDock(ToolOptions* options, QWidget* parent)
    : QDockWidget(tr("Layers"), parent), mOptions(options) {
    setObjectName(QStringLiteral("LayersDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);

    mList = new LayerList(this);
    mList->setObjectName(QStringLiteral("layersList"));
    mList->setColumnCount(3);
    mList->setHeaderHidden(true);
    mList->setRootIsDecorated(false);
    // Tabbed with the history under the spawn form: it must not take the mini-map's
    // height at a small window (the list scrolls).
    mList->setMinimumHeight(3 * mList->fontMetrics().height());
    mList->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    mList->setDragDropMode(QAbstractItemView::InternalMove);
    mList->setSelectionMode(QAbstractItemView::SingleSelection);
    mList->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    mList->header()->setStretchLastSection(true);
    mList->header()->setSectionResizeMode(VisibleColumn, QHeaderView::ResizeToContents);
    mList->header()->setSectionResizeMode(LockColumn, QHeaderView::ResizeToContents);
    layout->addWidget(mList, 1);

    auto* opacityRow = new QHBoxLayout;
    auto* opacityLabel = new QLabel(tr("&Opacity:"), body);
    mOpacity = new QSlider(Qt::Horizontal, body);
    mOpacity->setObjectName(QStringLiteral("layerOpacity"));
    mOpacity->setRange(0, 100);
    mOpacity->setToolTip(tr("How opaque the selected art layer is, in games too"));
    opacityLabel->setBuddy(mOpacity);
    opacityRow->addWidget(opacityLabel);
    opacityRow->addWidget(mOpacity, 1);
    layout->addLayout(opacityRow);

    auto* buttons = new QHBoxLayout;
    const auto button = [&](const QString& text, const char* name, const QString& tip) {
        // Tool buttons: small enough for the dock's row at the narrowest window.
        auto* b = new QToolButton(body);
        b->setText(text);
        b->setObjectName(QLatin1String(name));
        b->setToolTip(tip);
        buttons->addWidget(b);
        return b;
    };
    mAddPainted = button(tr("+ Painted"), "addPaintedLayer",
                         tr("A layer whose tiles you paint, above the selected one"));
    mAddAuto = button(tr("+ Auto"), "addAutoLayer",
                      tr("A layer whose tiles rules choose from the collision"));
    mUp = button(tr("Up"), "layerUp", tr("Draw the layer one place further in front"));
    mDown = button(tr("Down"), "layerDown", tr("Draw the layer one place further back"));
    mDelete = button(tr("Delete"), "deleteLayer", tr("Delete the selected layer"));
    buttons->addStretch(1);
    layout->addLayout(buttons);
    setWidget(body);

    connect(mList, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (mRebuilding || !item)
            return;
        const int index = layerIndex(item);
        mOptions->setActiveLayer(index >= 0 ? mDocument->level().art[size_t(index)].name : "");
        updateButtons();
    });
    connect(mList, &QTreeWidget::itemChanged, this, &LayersDock::itemChanged);
    connect(mOptions, &ToolOptions::activeLayerChanged, this, &LayersDock::showActive);
    connect(mOpacity, &QSlider::sliderPressed, this,
            [this] { mOpacityDrag = LevelDocument::newMergeId(); });
    connect(mOpacity, &QSlider::sliderReleased, this, [this] { mOpacityDrag = 0; });
    connect(mOpacity, &QSlider::valueChanged, this, [this](int value) {
        const int index = mOptions->activeLayerIndex();
        if (mRebuilding || !mDocument || index < 0)
            return;
        ArtLayerProps p = ArtLayerProps::of(mDocument->level().art[size_t(index)]);
        p.opacity = float(value) / 100.0f;
        mDocument->changeArtLayer(index, p, mOpacityDrag);
    });
    connect(mAddPainted, &QToolButton::clicked, this, [this] { addLayer(false); });
    connect(mAddAuto, &QToolButton::clicked, this, [this] { addLayer(true); });
    connect(mDelete, &QToolButton::clicked, this, &LayersDock::deleteLayer);
    connect(mUp, &QToolButton::clicked, this, [this] {
        const int row = mList->indexOfTopLevelItem(mList->currentItem());
        moveRow(row, row - 1);
    });
    connect(mDown, &QToolButton::clicked, this, [this] {
        const int row = mList->indexOfTopLevelItem(mList->currentItem());
        moveRow(row, row + 1);
    });
    rebuild();
}

LayersDock::~LayersDock() {
    // The list goes with the dock's widgets, after this: its last signals find no dock.
    disconnect(mList, nullptr, this, nullptr);
}

void LayersDock::setDocument(LevelDocument* document) {
    if (mDocument)
        disconnect(mDocument, nullptr, this, nullptr);
    mDocument = document;
    if (document)
        connect(document, &LevelDocument::artLayersChanged, this, &LayersDock::rebuild);
    rebuild();
}

void LayersDock::setScene(LevelScene* scene) {
    if (mScene)
        disconnect(mScene, nullptr, this, nullptr);
    mScene = scene;
    if (scene) {
        connect(scene, &LevelScene::collisionShownChanged, this, &LayersDock::rebuild);
        connect(scene, &LevelScene::spawnsShownChanged, this, &LayersDock::rebuild);
    }
    rebuild();
}

int LayersDock::layerIndex(const QTreeWidgetItem* item) const {
    if (!item || !mDocument || Row(item->data(NameColumn, kRowRole).toInt()) != Row::Art)
        return -1;
    const std::string name = item->data(NameColumn, kNameRole).toString().toStdString();
    const auto& art = mDocument->level().art;
    for (size_t i = 0; i < art.size(); ++i)
        if (art[i].name == name)
            return int(i);
    return -1;
}

QTreeWidgetItem* LayersDock::artItem(const std::string& name) const {
    const int row = rowOf(name);
    return row < 0 ? nullptr : mList->topLevelItem(row);
}

int LayersDock::rowOf(const std::string& name) const {
    for (int row = 0; row < mList->topLevelItemCount(); ++row) {
        const QTreeWidgetItem* item = mList->topLevelItem(row);
        if (Row(item->data(NameColumn, kRowRole).toInt()) == Row::Art &&
            item->data(NameColumn, kNameRole).toString().toStdString() == name)
            return row;
    }
    return -1;
}

void LayersDock::rebuild() {
    // The rows as they should be, top first.
    struct Entry {
        Row row;
        QString text;
        bool visible;
        const ArtLayer* layer;
    };
    std::vector<Entry> entries;
    entries.push_back(
        {Row::Collision, tr("Collision"), !mScene || mScene->collisionShown(), nullptr});
    const auto addArt = [&](ArtDepth depth) {
        if (!mDocument)
            return;
        const auto& art = mDocument->level().art;
        for (size_t i = art.size(); i-- > 0;)
            if (art[i].depth == depth)
                entries.push_back(
                    {Row::Art, QString::fromStdString(art[i].name), art[i].visible, &art[i]});
    };
    addArt(ArtDepth::Front);
    entries.push_back(
        {Row::Spawns, tr("Spawns and bodies"), !mScene || mScene->spawnsShown(), nullptr});
    addArt(ArtDepth::Back);

    // Rows of the same kinds in the same places are updated where they are: a click on an
    // eye or a rename changes the level while the list still handles that click.
    bool sameRows = mList->topLevelItemCount() == int(entries.size());
    for (int r = 0; sameRows && r < int(entries.size()); ++r)
        sameRows = Row(mList->topLevelItem(r)->data(NameColumn, kRowRole).toInt()) ==
                   entries[size_t(r)].row;
    mRebuilding = true;
    if (!sameRows) {
        mList->clear();
        for (const Entry& e : entries) {
            auto* item = new QTreeWidgetItem(mList);
            item->setData(NameColumn, kRowRole, int(e.row));
            Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable |
                                  Qt::ItemIsUserCheckable | Qt::ItemIsDropEnabled;
            if (e.layer) {
                flags |= Qt::ItemIsEditable | Qt::ItemIsDragEnabled;
            } else {
                QFont font = item->font(NameColumn);
                font.setItalic(true);
                item->setFont(NameColumn, font);
                item->setToolTip(NameColumn,
                                 e.row == Row::Collision
                                     ? tr("The solid and one-way tiles, drawn over the art "
                                          "(Shift+R)")
                                     : tr("Layers above this row are drawn in front of the "
                                          "bodies"));
            }
            item->setFlags(flags);
            item->setToolTip(VisibleColumn, tr("Show or hide"));
        }
    }
    for (int r = 0; r < int(entries.size()); ++r) {
        const Entry& e = entries[size_t(r)];
        QTreeWidgetItem* item = mList->topLevelItem(r);
        item->setText(NameColumn, e.text);
        item->setCheckState(VisibleColumn, e.visible ? Qt::Checked : Qt::Unchecked);
        if (!e.layer)
            continue;
        item->setData(NameColumn, kNameRole, QString::fromStdString(e.layer->name));
        item->setCheckState(LockColumn, e.layer->locked ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(LockColumn, tr("Lock: the painting tools leave a locked layer alone"));
        item->setToolTip(NameColumn, tr("%1 layer of tileset %2, drawn %3 the bodies")
                                         .arg(e.layer->isAuto ? tr("Auto") : tr("Painted"),
                                              QString::fromStdString(e.layer->tileset),
                                              e.layer->depth == ArtDepth::Front ? tr("in front of")
                                                                                : tr("behind")));
    }
    mRebuilding = false;
    showActive();
}

void LayersDock::showActive() {
    mRebuilding = true;
    QTreeWidgetItem* item =
        mOptions->activeLayer().empty() ? mList->topLevelItem(0) : artItem(mOptions->activeLayer());
    mList->setCurrentItem(item ? item : mList->topLevelItem(0), NameColumn);
    const int index = mOptions->activeLayerIndex();
    mOpacity->setEnabled(index >= 0);
    mOpacity->setValue(index >= 0 && mDocument
                           ? int(std::lround(mDocument->level().art[size_t(index)].opacity * 100))
                           : 100);
    mRebuilding = false;
    updateButtons();
}

void LayersDock::updateButtons() {
    const bool haveTileset = mDocument && !mDocument->level().tilesets.empty();
    for (QToolButton* b : {mAddPainted, mAddAuto}) {
        b->setEnabled(haveTileset);
        if (!haveTileset)
            b->setToolTip(tr("Add a tileset first (Tileset dock)"));
    }
    const int row = mList->indexOfTopLevelItem(mList->currentItem());
    const bool art = layerIndex(mList->currentItem()) >= 0;
    mDelete->setEnabled(art);
    mUp->setEnabled(art && row > 1);
    mDown->setEnabled(art && row + 1 < mList->topLevelItemCount());
}

void LayersDock::itemChanged(QTreeWidgetItem* item, int column) {
    if (mRebuilding || !mDocument)
        return;
    const Row row = Row(item->data(NameColumn, kRowRole).toInt());
    const bool checked = item->checkState(column) == Qt::Checked;
    if (row == Row::Collision || row == Row::Spawns) {
        if (column == VisibleColumn && mScene) {
            if (row == Row::Collision)
                mScene->setCollisionShown(checked);
            else
                mScene->setSpawnsShown(checked);
        }
        return;
    }
    const int index = layerIndex(item);
    if (index < 0)
        return;
    ArtLayerProps p = ArtLayerProps::of(mDocument->level().art[size_t(index)]);
    if (column == VisibleColumn)
        p.visible = checked;
    else if (column == LockColumn)
        p.locked = checked;
    else if (column == NameColumn) {
        const std::string name = item->text(NameColumn).trimmed().toStdString();
        if (name.empty()) {
            rebuild(); // an empty name is no name: the old one stays
            return;
        }
        p.name = name;
    }
    const bool renamed = p.name != mDocument->level().art[size_t(index)].name;
    mDocument->changeArtLayer(index, p);
    // The active layer follows its new name (the document may have numbered it).
    if (renamed)
        mOptions->setActiveLayer(mDocument->level().art[size_t(index)].name);
}

void LayersDock::moveRow(int from, int to) {
    if (!mDocument || from == to || from < 0 || to < 0 || to >= mList->topLevelItemCount())
        return;
    // The list as it would be, top first (the collision stays on top).
    std::vector<QTreeWidgetItem*> rows;
    for (int r = 0; r < mList->topLevelItemCount(); ++r)
        rows.push_back(mList->topLevelItem(r));
    const int index = layerIndex(rows[size_t(from)]);
    if (index < 0 || to == 0)
        return;
    QTreeWidgetItem* moving = rows[size_t(from)];
    rows.erase(rows.begin() + from);
    rows.insert(rows.begin() + to, moving);
    // Draw order: the list bottom up; a layer above the spawns row is in front.
    std::vector<std::pair<std::string, ArtDepth>> order;
    ArtDepth depth = ArtDepth::Back;
    for (size_t r = rows.size(); r-- > 0;) {
        const Row kind = Row(rows[r]->data(NameColumn, kRowRole).toInt());
        if (kind == Row::Spawns)
            depth = ArtDepth::Front;
        else if (kind == Row::Art)
            order.emplace_back(rows[r]->data(NameColumn, kNameRole).toString().toStdString(),
                               depth);
    }
    const std::string name = mDocument->level().art[size_t(index)].name;
    mDocument->beginMacro(tr("Move Layer %1").arg(QString::fromStdString(name)));
    for (size_t target = 0; target < order.size(); ++target) {
        const auto& art = mDocument->level().art;
        size_t at = target;
        while (at < art.size() && art[at].name != order[target].first)
            ++at;
        if (at < art.size() && at != target)
            mDocument->moveArtLayer(int(at), int(target));
        ArtLayerProps p = ArtLayerProps::of(mDocument->level().art[target]);
        if (p.depth != order[target].second) {
            p.depth = order[target].second;
            mDocument->changeArtLayer(int(target), p);
        }
    }
    mDocument->endMacro();
    mOptions->setActiveLayer(name);
}

void LayersDock::addLayer(bool isAuto) {
    if (!mDocument || mDocument->level().tilesets.empty())
        return;
    const int active = mOptions->activeLayerIndex();
    const auto& level = mDocument->level();
    ArtLayer layer;
    layer.isAuto = isAuto;
    layer.name = isAuto ? "auto" : "paint";
    // The active layer's tileset and depth, just in front of it; else the first tileset,
    // at the front of the back layers.
    layer.tileset = active >= 0 ? level.art[size_t(active)].tileset : level.tilesets.front().name;
    layer.depth = active >= 0 ? level.art[size_t(active)].depth : ArtDepth::Back;
    int at = active >= 0 ? active + 1 : 0;
    if (active < 0)
        for (size_t i = 0; i < level.art.size(); ++i)
            if (level.art[i].depth == ArtDepth::Back)
                at = int(i) + 1;
    const int index = mDocument->addArtLayer(std::move(layer), at);
    if (index >= 0)
        mOptions->setActiveLayer(mDocument->level().art[size_t(index)].name);
}

void LayersDock::deleteLayer() {
    const int index = layerIndex(mList->currentItem());
    if (!mDocument || index < 0)
        return;
    mDocument->removeArtLayer(index);
}

} // namespace ts::editor
