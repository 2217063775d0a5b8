// Edit > Level Properties: name, size (with an anchor for the existing content),
// tile size, physics settings and the level's custom properties.
#pragma once

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/level/level.h"

#include <QDialog>

class QButtonGroup;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace ts::editor {

class PropertiesTable;

class LevelPropertiesDialog : public QDialog {
    Q_OBJECT
public:
    explicit LevelPropertiesDialog(const ts::level::Level& level, QWidget* parent = nullptr);

    std::string name() const;
    int levelWidth() const;
    int levelHeight() const;
    ResizeAnchor anchor() const;
    void setAnchor(ResizeAnchor anchor);
    int tileSize() const;
    ts::level::PhysicsSettings physics() const;
    ts::level::Properties properties() const;

    // For tests.
    QLineEdit* nameEdit() const { return mName; }
    QSpinBox* widthBox() const { return mWidth; }
    QSpinBox* heightBox() const { return mHeight; }
    QSpinBox* tileSizeBox() const { return mTileSize; }
    QDoubleSpinBox* gravityBox() const { return mGravity; }
    QDoubleSpinBox* walkSpeedBox() const { return mWalkSpeed; }
    QDoubleSpinBox* jumpSpeedBox() const { return mJumpSpeed; }
    QDoubleSpinBox* maxFallSpeedBox() const { return mMaxFallSpeed; }
    QDoubleSpinBox* oneWayThresholdBox() const { return mOneWayThreshold; }
    QSpinBox* partitionCellBox() const { return mPartitionCell; }
    QDoubleSpinBox* stepRateBox() const { return mStepRate; }
    PropertiesTable* propertiesTable() const { return mTable; }

    /// Applies the dialog's values to `document` as one undo step ("Level
    /// Properties"); pushes nothing when nothing changed.
    void applyTo(LevelDocument* document) const;

private:
    QLineEdit* mName;
    QSpinBox* mWidth;
    QSpinBox* mHeight;
    QButtonGroup* mAnchor;
    QSpinBox* mTileSize;
    QDoubleSpinBox* mGravity;
    QDoubleSpinBox* mWalkSpeed;
    QDoubleSpinBox* mJumpSpeed;
    QDoubleSpinBox* mMaxFallSpeed;
    QDoubleSpinBox* mOneWayThreshold;
    QSpinBox* mPartitionCell;
    QDoubleSpinBox* mStepRate;
    PropertiesTable* mTable;
    ts::level::PhysicsSettings mOriginalPhysics;
    /// What the physics boxes showed at first (see editedValue()).
    struct {
        double gravity, walkSpeed, jumpSpeed, maxFallSpeed, oneWayThreshold, stepRate;
    } mShown{};
};

} // namespace ts::editor
