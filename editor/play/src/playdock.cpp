#include "tilesmith/play/playdock.h"

#include "playkeys.h"
#include "tilesmith/editor/limitsui.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace ts::play {

namespace {

namespace limits = ts::level::limits;

/// A live-settings box with the level format's range and unit (what Write
/// Settings to Level may store), at two decimals.
QDoubleSpinBox* settingsBox(QWidget* parent, const limits::FloatRange& range, double step) {
    auto* box = new QDoubleSpinBox(parent);
    ts::editor::applyLimits(box, range, 2);
    box->setSingleStep(step);
    box->setKeyboardTracking(false);
    return box;
}

QString scaleText(int percent) {
    return QStringLiteral("%1\u00d7").arg(percent / 100.0, 0, 'f', 2);
}

} // namespace

PlayDock::PlayDock(QWidget* parent) : QDockWidget(tr("Play"), parent) {
    setObjectName(QStringLiteral("PlayDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);

    auto* sizeRow = new QHBoxLayout;
    mSize = new QSlider(Qt::Horizontal, body);
    mSize->setObjectName(QStringLiteral("playerSize"));
    mSize->setRange(50, 200);
    mSize->setValue(100);
    mSize->setTickPosition(QSlider::TicksBelow);
    mSize->setTickInterval(25);
    mSize->setToolTip(tr("The player's size; it grows and shrinks from its feet"));
    // Keys belong to the player while playing: the slider takes the focus only
    // from a click, and play mode sends the game keys on to the player anyway.
    mSize->setFocusPolicy(Qt::ClickFocus);
    mSizeLabel = new QLabel(scaleText(100), body);
    mSizeLabel->setObjectName(QStringLiteral("playerSizeLabel"));
    mSizeLabel->setMinimumWidth(mSizeLabel->fontMetrics().horizontalAdvance(scaleText(200)) + 4);
    mSizeReset = new QToolButton(body);
    mSizeReset->setObjectName(QStringLiteral("playerSizeReset"));
    mSizeReset->setText(tr("Reset"));
    mSizeReset->setToolTip(tr("Back to the spawn's size (1\u00d7)"));
    mSizeReset->setFocusPolicy(Qt::NoFocus);
    sizeRow->addWidget(mSize, 1);
    sizeRow->addWidget(mSizeLabel);
    sizeRow->addWidget(mSizeReset);

    mSizeWaiting = new QLabel(body);
    mSizeWaiting->setObjectName(QStringLiteral("playerSizeWaiting"));
    mSizeWaiting->setWordWrap(true);
    mSizeWaiting->hide();

    auto* form = new QFormLayout;
    form->addRow(tr("Player size"), sizeRow);
    form->addRow(QString(), mSizeWaiting);
    mGravity = settingsBox(body, limits::kGravity, 50);
    mWalk = settingsBox(body, limits::kSpeed, 10);
    mJump = settingsBox(body, limits::kSpeed, 10);
    mCell = new QSpinBox(body);
    ts::editor::applyLimits(mCell, limits::kPartitionCell);
    mCell->setToolTip(tr("Side of a broad-phase cell, in tiles"));
    mCell->setKeyboardTracking(false);
    form->addRow(tr("Gravity"), mGravity);
    form->addRow(tr("Walk speed"), mWalk);
    form->addRow(tr("Jump speed"), mJump);
    form->addRow(tr("Partition cell"), mCell);
    layout->addLayout(form);

    mWrite = new QPushButton(tr("Write Settings to Level"), body);
    mWrite->setToolTip(tr("Store these physics settings in the level (undoable)"));
    layout->addWidget(mWrite);
    // The keys from the one table handleKey() and the focus guard read (playkeys.h).
    mHint =
        new QLabel(tr("%1 walk · %2 jump · %3 drop through\n"
                      "%4: clone · right-click: solid · middle-click: one-way\n"
                      "%5 in the dock: back to the map")
                       .arg(walkKeysText(), playKeyText(PlayKey::Jump), playKeyText(PlayKey::Drop),
                            playKeyText(PlayKey::Clone), playKeyText(PlayKey::Stop)),
                   body);
    mHint->setObjectName(QStringLiteral("playKeys"));
    mHint->setWordWrap(true);
    QFont small = mHint->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    mHint->setFont(small);
    layout->addWidget(mHint);
    layout->addStretch(1);
    setWidget(body);

    connect(mSize, &QSlider::valueChanged, this, [this](int v) {
        mSizeLabel->setText(scaleText(v));
        if (!mUpdating)
            emit playerScaleEdited(float(v) / 100.0f);
    });
    connect(mSizeReset, &QToolButton::clicked, this, [this] { mSize->setValue(100); });
    // Each box changes only its own value: the others keep the world's exact
    // values (no rounding to the boxes' decimals).
    const std::pair<QDoubleSpinBox*, float ts::WorldSettings::*> fields[] = {
        {mGravity, &ts::WorldSettings::gravity},
        {mWalk, &ts::WorldSettings::walkSpeed},
        {mJump, &ts::WorldSettings::jumpSpeed}};
    for (const auto& [box, field] : fields) {
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, f = field](double v) {
            if (mUpdating)
                return;
            mBase.*f = float(v);
            emitSettings();
        });
    }
    connect(mCell, &QSpinBox::valueChanged, this, [this](int v) {
        if (mUpdating)
            return;
        mBase.partitionCellTiles = v;
        emitSettings();
    });
    connect(mWrite, &QPushButton::clicked, this, &PlayDock::writeRequested);
    setSettings(ts::WorldSettings{});
    setPlaying(false);
}

void PlayDock::setSettings(const ts::WorldSettings& settings) {
    mBase = settings;
    mUpdating = true;
    mGravity->setValue(settings.gravity);
    mWalk->setValue(settings.walkSpeed);
    mJump->setValue(settings.jumpSpeed);
    mCell->setValue(settings.partitionCellTiles);
    mUpdating = false;
}

ts::WorldSettings PlayDock::settings() const {
    return mBase;
}

void PlayDock::setPlayerScale(float scale) {
    showPlayerSize(scale, scale);
}

void PlayDock::showPlayerSize(float wanted, float actual) {
    mUpdating = true;
    mSize->setValue(qRound(wanted * 100.0f));
    mUpdating = false;
    const int shown = qRound(actual * 100.0f);
    const bool waiting = shown != mSize->value();
    mSizeLabel->setText(scaleText(shown));
    if (waiting)
        mSizeWaiting->setText(tr("Grows to %1 when there is room").arg(scaleText(mSize->value())));
    mSizeWaiting->setVisible(waiting);
}

float PlayDock::playerScale() const {
    return float(mSize->value()) / 100.0f;
}

void PlayDock::setPlaying(bool playing) {
    for (QWidget* w : std::initializer_list<QWidget*>{mGravity, mWalk, mJump, mCell, mWrite})
        w->setEnabled(playing);
}

void PlayDock::emitSettings() {
    if (mUpdating)
        return;
    emit settingsEdited(settings());
}

} // namespace ts::play
