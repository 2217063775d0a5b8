// The properties dock: edits the selected spawn (kind, size, mass, restitution,
// initial velocity, custom properties). Every edit goes through
// LevelDocument::changeSpawn, so it is one undoable step.
#pragma once

#include "tilesmith/level/level.h"

#include <QDockWidget>
#include <QList>
#include <QPointer>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace ts::editor {

class LevelDocument;

/// An editable table of custom properties (name, type, value) with add and
/// remove buttons. Used by the properties dock and the level properties dialog.
class PropertiesTable : public QWidget {
    Q_OBJECT
public:
    enum Column { NameColumn, TypeColumn, ValueColumn };

    explicit PropertiesTable(QWidget* parent = nullptr);

    void setProperties(const ts::level::Properties& properties);
    /// The table's properties; invalid rows (empty or duplicate name) are left out.
    ts::level::Properties properties() const { return mProperties; }
    QTableWidget* table() const { return mTable; }

    /// Adds a string property with a fresh name ("property", "property2", ...).
    void addProperty();
    /// Removes the property in the current row.
    void removeCurrentProperty();

    static QString typeName(const ts::level::PropertyValue& v);
    /// Converts `text` to a value of the type ("string", "int", "number", "bool").
    static bool parseValue(const QString& type, const QString& text, ts::level::PropertyValue& out);
    static QString valueText(const ts::level::PropertyValue& v);

signals:
    /// The user changed the properties (not emitted by setProperties()).
    void edited(const ts::level::Properties& properties);

private:
    void rebuild();
    void onItemChanged();
    void onTypeChanged(int row, const QString& type);

    QTableWidget* mTable;
    QToolButton* mAdd;
    QToolButton* mRemove;
    ts::level::Properties mProperties;
    bool mUpdating = false;
};

class PropertiesDock : public QDockWidget {
    Q_OBJECT
public:
    explicit PropertiesDock(QWidget* parent = nullptr);

    void setDocument(LevelDocument* document);
    /// The scene's selected spawns; the dock edits the first one.
    void setSelectedSpawns(const QList<int>& ids);
    int currentSpawnId() const { return mSpawnId; }

    // For tests and the window.
    QComboBox* kindBox() const { return mKind; }
    QSpinBox* xBox() const { return mX; }
    QSpinBox* yBox() const { return mY; }
    QDoubleSpinBox* widthBox() const { return mWidth; }
    QDoubleSpinBox* heightBox() const { return mHeight; }
    QDoubleSpinBox* radiusBox() const { return mRadius; }
    QDoubleSpinBox* massBox() const { return mMass; }
    QDoubleSpinBox* restitutionBox() const { return mRestitution; }
    QDoubleSpinBox* vxBox() const { return mVx; }
    QDoubleSpinBox* vyBox() const { return mVy; }
    PropertiesTable* propertiesTable() const { return mTable; }

signals:
    /// Something the user should read in the status bar (why an edit was refused).
    void statusMessage(const QString& text);

private:
    /// Merge ids: consecutive changes of one field of one spawn are one undo step.
    enum Field {
        KindField = 1,
        XField,
        YField,
        WidthField,
        HeightField,
        RadiusField,
        MassField,
        RestitutionField,
        VxField,
        VyField,
        PropertiesField
    };

    void refresh();
    void apply(Field field);
    const ts::level::Spawn* currentSpawn() const;

    QPointer<LevelDocument> mDocument;
    int mSpawnId = 0;
    int mSelectionCount = 0;
    bool mUpdating = false;

    QWidget* mEditor;
    QLabel* mInfo;
    QComboBox* mKind;
    QSpinBox* mX;
    QSpinBox* mY;
    QDoubleSpinBox* mWidth;
    QDoubleSpinBox* mHeight;
    QDoubleSpinBox* mRadius;
    QDoubleSpinBox* mMass;
    QDoubleSpinBox* mRestitution;
    QDoubleSpinBox* mVx;
    QDoubleSpinBox* mVy;
    QLabel* mWidthLabel;
    QLabel* mHeightLabel;
    QLabel* mRadiusLabel;
    PropertiesTable* mTable;
};

} // namespace ts::editor
