#include "widgets/spawnsdock.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/spawnitem.h"
#include "widgets/uitext.h"

#include <QComboBox>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <variant>

namespace ts::editor {

// --- SpawnsModel ---------------------------------------------------------------

SpawnsModel::SpawnsModel(QObject* parent) : QAbstractTableModel(parent) {
}

void SpawnsModel::setDocument(LevelDocument* document) {
    if (mDocument)
        mDocument->disconnect(this);
    beginResetModel();
    mDocument = document;
    endResetModel();
    if (!document)
        return;
    connect(document, &LevelDocument::spawnsChanged, this, &SpawnsModel::reset);
    connect(document, &LevelDocument::levelReset, this, &SpawnsModel::reset);
}

void SpawnsModel::reset() {
    // A level has tens to a few hundred spawns: listing them again is instant, and an
    // edit may add, remove and move several at once.
    beginResetModel();
    endResetModel();
}

const ts::level::Spawn* SpawnsModel::spawnAt(int row) const {
    if (!mDocument || row < 0 || row >= int(mDocument->level().spawns.size()))
        return nullptr;
    return &mDocument->level().spawns[std::size_t(row)];
}

int SpawnsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !mDocument ? 0 : int(mDocument->level().spawns.size());
}

int SpawnsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SpawnsModel::data(const QModelIndex& index, int role) const {
    const ts::level::Spawn* s = spawnAt(index.row());
    if (!s)
        return {};
    if (role == IdRole)
        return s->id;
    const int column = index.column();
    if (role == SortRole) {
        if (column == KindColumn)
            return int(s->kind);
        if (column == TileColumn)
            return qlonglong(s->y) << 32 | qlonglong(unsigned(s->x)); // row, then column
        return s->id;
    }
    if (role == Qt::DisplayRole) {
        if (column == IdColumn)
            return s->id;
        if (column == KindColumn)
            return spawnKindLabel(s->kind);
        if (column == TileColumn)
            return tr("%1, %2").arg(s->x).arg(s->y);
    }
    if (role == Qt::ToolTipRole)
        return tr("%1 on tile %2, %3").arg(spawnLabel(*s)).arg(s->x).arg(s->y);
    if (role == Qt::TextAlignmentRole && column == IdColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant SpawnsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn:
        return tr("ID");
    case KindColumn:
        return tr("Kind");
    case TileColumn:
        return tr("Tile");
    default:
        return {};
    }
}

// --- SpawnsFilter --------------------------------------------------------------

void SpawnsFilter::setKind(std::optional<ts::level::SpawnKind> kind) {
    mKind = kind;
    invalidateRowsFilter();
}

void SpawnsFilter::setText(const QString& text) {
    mText = text.trimmed();
    invalidateRowsFilter();
}

bool SpawnsFilter::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
    const auto* model = static_cast<const SpawnsModel*>(sourceModel());
    const ts::level::Spawn* s = model ? model->spawnAt(sourceRow) : nullptr;
    if (!s || (mKind && s->kind != *mKind))
        return false;
    if (mText.isEmpty())
        return true;
    // "box", "#4", "Box #4", "17, 16", or a property's name or value.
    QStringList words{spawnLabel(*s), QStringLiteral("%1, %2").arg(s->x).arg(s->y),
                      QString::fromUtf8(ts::level::spawnKindName(s->kind))};
    for (const auto& [key, value] : s->properties) {
        words << QString::fromStdString(key);
        if (const auto* text = std::get_if<std::string>(&value))
            words << QString::fromStdString(*text);
    }
    for (const QString& word : std::as_const(words))
        if (word.contains(mText, Qt::CaseInsensitive))
            return true;
    return false;
}

// --- SpawnsDock ----------------------------------------------------------------

SpawnsDock::SpawnsDock(LevelScene* scene, QGraphicsView* view, QWidget* parent)
    : QDockWidget(tr("Spawns"), parent), mScene(scene), mView(view) {
    setObjectName(QStringLiteral("SpawnsDock"));
    auto* page = new QWidget(this);
    auto* column = new QVBoxLayout(page);
    column->setContentsMargins(2, 2, 2, 2);
    auto* filters = new QHBoxLayout;
    mKindBox = new QComboBox(page);
    mKindBox->setObjectName(QStringLiteral("spawnsKindFilter"));
    mKindBox->setToolTip(tr("Show the spawns of one kind"));
    mKindBox->addItem(tr("All kinds"), -1);
    for (const ts::level::SpawnKind kind : ts::level::kSpawnKinds)
        mKindBox->addItem(spawnKindLabel(kind), int(kind));
    mFilterField = new QLineEdit(page);
    mFilterField->setObjectName(QStringLiteral("spawnsTextFilter"));
    mFilterField->setPlaceholderText(tr("Filter"));
    mFilterField->setToolTip(tr("Show the spawns whose name (\"Box #4\"), tile (\"17, 16\") or a "
                                "property contains this text"));
    mFilterField->setClearButtonEnabled(true);
    filters->addWidget(mKindBox);
    filters->addWidget(mFilterField, 1);
    column->addLayout(filters);

    mModel = new SpawnsModel(this);
    mFilter = new SpawnsFilter(this);
    mFilter->setSourceModel(mModel);
    mFilter->setSortRole(SpawnsModel::SortRole);
    mTable = new QTableView(page);
    mTable->setObjectName(QStringLiteral("spawnsTable"));
    mTable->setModel(mFilter);
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSelectionMode(QAbstractItemView::ExtendedSelection);
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mTable->setSortingEnabled(true);
    mTable->sortByColumn(SpawnsModel::IdColumn, Qt::AscendingOrder);
    mTable->verticalHeader()->hide();
    mTable->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setStretchLastSection(true);
    mTable->setAlternatingRowColors(true);
    mTable->setWordWrap(false);
    mTable->installEventFilter(this);
    column->addWidget(mTable, 1);
    setWidget(page);

    // Filtering hides rows; it does not change what is selected on the map.
    const auto filtered = [this](auto apply) {
        mSyncing = true;
        apply();
        mSyncing = false;
        if (mScene)
            selectRows(mScene->selectedSpawnIds());
    };
    connect(mKindBox, &QComboBox::currentIndexChanged, this, [this, filtered] {
        const int kind = mKindBox->currentData().toInt();
        filtered([&] {
            mFilter->setKind(kind < 0 ? std::nullopt
                                      : std::optional(static_cast<ts::level::SpawnKind>(kind)));
        });
    });
    connect(mFilterField, &QLineEdit::textChanged, this,
            [filtered, this](const QString& text) { filtered([&] { mFilter->setText(text); }); });
    connect(mTable->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SpawnsDock::rowsSelected);
    // A click goes there (the arrows only select, Enter goes there: see eventFilter()).
    connect(mTable, &QTableView::clicked, this, [this](const QModelIndex& index) {
        centreOn(index.data(SpawnsModel::IdRole).toInt());
    });
    // A reset forgets the selected rows: the map's selection selects them again.
    connect(mModel, &QAbstractItemModel::modelAboutToBeReset, this, [this] { mSyncing = true; });
    connect(mModel, &QAbstractItemModel::modelReset, this, [this] {
        mSyncing = false;
        if (mScene)
            selectRows(mScene->selectedSpawnIds());
    });
    if (mScene) {
        connect(mScene, &LevelScene::documentChanged, this, &SpawnsDock::setDocument);
        connect(mScene, &LevelScene::spawnSelectionChanged, this, &SpawnsDock::selectRows);
        setDocument(mScene->document());
    }
}

void SpawnsDock::setDocument(LevelDocument* document) {
    mModel->setDocument(document);
}

QList<int> SpawnsDock::shownIds() const {
    QList<int> ids;
    for (int row = 0; row < mFilter->rowCount(); ++row)
        ids << mFilter->index(row, 0).data(SpawnsModel::IdRole).toInt();
    return ids;
}

QList<int> SpawnsDock::selectedIds() const {
    QList<int> ids;
    for (const QModelIndex& index : mTable->selectionModel()->selectedRows())
        ids << index.data(SpawnsModel::IdRole).toInt();
    std::sort(ids.begin(), ids.end());
    return ids;
}

bool SpawnsDock::centreOn(int id) {
    if (!mScene || !mView || !mScene->document())
        return false;
    const ts::level::Spawn* s = mScene->document()->level().findSpawn(id);
    if (!s)
        return false;
    // The glyph's middle; a hidden glyph (play mode) by its tile.
    const SpawnItem* item = mScene->spawnItem(id);
    mView->centerOn(item ? item->sceneBoundingRect().center()
                         : mScene->tileCenter(QPoint(s->x, s->y)));
    return true;
}

void SpawnsDock::selectRows(const QList<int>& ids) {
    if (mSyncing)
        return;
    mSyncing = true;
    QItemSelection selection;
    QModelIndex first;
    for (int row = 0; row < mFilter->rowCount(); ++row) {
        const QModelIndex index = mFilter->index(row, 0);
        if (!ids.contains(index.data(SpawnsModel::IdRole).toInt()))
            continue;
        selection.select(index, mFilter->index(row, SpawnsModel::ColumnCount - 1));
        if (!first.isValid())
            first = index;
    }
    QItemSelectionModel* model = mTable->selectionModel();
    model->select(selection, QItemSelectionModel::ClearAndSelect);
    if (first.isValid()) {
        model->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
        mTable->scrollTo(first);
    }
    mSyncing = false;
}

void SpawnsDock::rowsSelected() {
    if (mSyncing || !mScene)
        return;
    const QList<int> ids = selectedIds();
    if (ids == mScene->selectedSpawnIds() && mScene->tileSelection().isEmpty())
        return;
    mSyncing = true;
    // The spawns alone, as a click on them with the Select tool selects them.
    mScene->select({QRect(), ids});
    mSyncing = false;
}

bool SpawnsDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched != mTable ||
        (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride))
        return QDockWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool del = key->key() == Qt::Key_Delete && key->modifiers() == Qt::NoModifier;
    const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
    if (!del && !enter)
        return QDockWidget::eventFilter(watched, event);
    // The window's Delete would delete the map's whole selection: the table's keys
    // act on its rows.
    if (event->type() == QEvent::ShortcutOverride) {
        event->accept();
        return true;
    }
    const QList<int> ids = selectedIds();
    if (ids.isEmpty() || !mScene)
        return true;
    if (enter) {
        const QModelIndex current = mTable->currentIndex();
        const int id = current.isValid() ? current.data(SpawnsModel::IdRole).toInt() : ids.first();
        centreOn(ids.contains(id) ? id : ids.first());
        return true;
    }
    // Through the map's Delete: one undo step, the level's only player kept.
    const int row = mTable->currentIndex().row();
    mScene->select({QRect(), ids});
    mScene->deleteSelection();
    // The next row is ready for the next Delete or Enter.
    if (mFilter->rowCount() > 0) {
        const QModelIndex next = mFilter->index(std::clamp(row, 0, mFilter->rowCount() - 1), 0);
        mTable->setCurrentIndex(next);
    }
    return true;
}

} // namespace ts::editor
