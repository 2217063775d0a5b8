// The play dock: the player-size slider and the live physics settings of the
// running world (gravity, walk speed, jump speed, partition cell size), with a
// button that writes them into the level as one undoable edit.
#pragma once

#include "tilesmith/physics/world.h"

#include <QDockWidget>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QToolButton;

namespace ts::play {

class PlayDock : public QDockWidget {
    Q_OBJECT
public:
    explicit PlayDock(QWidget* parent = nullptr);

    /// Shows `settings` without emitting settingsEdited.
    void setSettings(const ts::WorldSettings& settings);
    /// The last setSettings() value with the fields edited since (each edit
    /// changes only its own field; the boxes use the level format's ranges).
    ts::WorldSettings settings() const;
    /// Player scale in [0.5, 2] (the slider counts percent): the size asked for.
    void setPlayerScale(float scale);
    float playerScale() const;
    /// Shows the size the running player has (`actual`) beside the one asked for
    /// (`wanted`, the slider's): a growth waiting for room says so under the slider.
    void showPlayerSize(float wanted, float actual);
    /// Enables the controls that act on a running world.
    void setPlaying(bool playing);

    QSlider* playerSizeSlider() const { return mSize; }
    /// Sets the player back to 1x.
    QToolButton* playerSizeResetButton() const { return mSizeReset; }
    QDoubleSpinBox* gravityBox() const { return mGravity; }
    QDoubleSpinBox* walkSpeedBox() const { return mWalk; }
    QDoubleSpinBox* jumpSpeedBox() const { return mJump; }
    QSpinBox* cellBox() const { return mCell; }
    QPushButton* writeButton() const { return mWrite; }
    /// What the keys and mouse buttons do while playing.
    QLabel* keysLabel() const { return mHint; }

signals:
    void playerScaleEdited(float scale);
    void settingsEdited(const ts::WorldSettings& settings);
    /// "Write settings to level" was clicked.
    void writeRequested();

private:
    void emitSettings();

    ts::WorldSettings mBase;
    QSlider* mSize = nullptr;
    QLabel* mSizeLabel = nullptr;
    QLabel* mSizeWaiting = nullptr; ///< "grows to 2.00x when there is room"
    QToolButton* mSizeReset = nullptr;
    QDoubleSpinBox* mGravity = nullptr;
    QDoubleSpinBox* mWalk = nullptr;
    QDoubleSpinBox* mJump = nullptr;
    QSpinBox* mCell = nullptr;
    QPushButton* mWrite = nullptr;
    QLabel* mHint = nullptr;
    bool mUpdating = false;
};

} // namespace ts::play
