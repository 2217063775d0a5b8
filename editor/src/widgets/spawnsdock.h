// The Spawns dock: every spawn of the open level as a table (id, kind, tile), to find
// one and go there, as Tiled's Objects panel. A kind box and a text field filter the
// rows; a click on a row selects the spawn on the map and centres the view on it;
// the map's spawn selection selects the rows, and every edit (add, remove, move,
// undo) updates them. Keys in the table: the arrows select the next spawn, Enter
// centres the view on it, Delete deletes it through the scene's undoable Delete. The
// rows are always the level's spawns as saved (also while playing, when the bodies
// move apart from them): the dock reads the document and edits only through it.
#pragma once

#include "tilesmith/level/level.h"

#include <QAbstractTableModel>
#include <QDockWidget>
#include <QPointer>
#include <QSortFilterProxyModel>

#include <optional>

class QComboBox;
class QGraphicsView;
class QItemSelection;
class QLineEdit;
class QTableView;

namespace ts::editor {

class LevelDocument;
class LevelScene;

/// The document's spawns, one row each in the level's order: id, kind, tile.
class SpawnsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IdColumn, KindColumn, TileColumn, ColumnCount };
    /// The spawn's id (every column); SortRole: what the column sorts by.
    static constexpr int IdRole = Qt::UserRole;
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit SpawnsModel(QObject* parent = nullptr);
    void setDocument(LevelDocument* document);
    /// The spawn of `row`, or null.
    const ts::level::Spawn* spawnAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void reset();

    QPointer<LevelDocument> mDocument;
};

/// The rows of one kind (or all) whose label, tile or properties contain a text.
class SpawnsFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setKind(std::optional<ts::level::SpawnKind> kind);
    void setText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::optional<ts::level::SpawnKind> mKind;
    QString mText;
};

class SpawnsDock : public QDockWidget {
    Q_OBJECT
public:
    /// Lists the spawns of `scene`'s document; going to one moves `view`.
    SpawnsDock(LevelScene* scene, QGraphicsView* view, QWidget* parent = nullptr);

    QTableView* table() const { return mTable; }
    QComboBox* kindBox() const { return mKindBox; }
    QLineEdit* filterField() const { return mFilterField; }
    /// The ids of the rows shown, top to bottom.
    QList<int> shownIds() const;
    /// Centres the view on spawn `id`; false if there is no such spawn.
    bool centreOn(int id);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setDocument(LevelDocument* document);
    /// The ids of the selected rows.
    QList<int> selectedIds() const;
    /// The map's selection -> the rows, and the rows -> the map's.
    void selectRows(const QList<int>& ids);
    void rowsSelected();

    QPointer<LevelScene> mScene;
    QPointer<QGraphicsView> mView;
    SpawnsModel* mModel = nullptr;
    SpawnsFilter* mFilter = nullptr;
    QTableView* mTable = nullptr;
    QComboBox* mKindBox = nullptr;
    QLineEdit* mFilterField = nullptr;
    bool mSyncing = false;
};

} // namespace ts::editor
