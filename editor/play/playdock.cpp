#include "play/playdock.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

namespace ts::play {

namespace {

QDoubleSpinBox* speedBox(QWidget* parent, double max, const QString& suffix) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(0);
    box->setSingleStep(10);
    box->setSuffix(suffix);
    box->setKeyboardTracking(false);
    return box;
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
    mSizeLabel = new QLabel(QStringLiteral("1.00x"), body);
    mSizeLabel->setMinimumWidth(40);
    sizeRow->addWidget(mSize, 1);
    sizeRow->addWidget(mSizeLabel);

    auto* form = new QFormLayout;
    form->addRow(tr("Player size"), sizeRow);
    mGravity = speedBox(body, 20000, tr(" px/s²"));
    mWalk = speedBox(body, 5000, tr(" px/s"));
    mJump = speedBox(body, 5000, tr(" px/s"));
    mCell = new QSpinBox(body);
    mCell->setRange(1, 256);
    mCell->setSuffix(tr(" tiles"));
    mCell->setKeyboardTracking(false);
    form->addRow(tr("Gravity"), mGravity);
    form->addRow(tr("Walk speed"), mWalk);
    form->addRow(tr("Jump speed"), mJump);
    form->addRow(tr("Partition cell"), mCell);
    layout->addLayout(form);

    mWrite = new QPushButton(tr("Write Settings to Level"), body);
    mWrite->setToolTip(tr("Store these physics settings in the level (undoable)"));
    layout->addWidget(mWrite);
    mHint = new QLabel(tr("A/D or ←/→ walk · W/↑ jump · S/↓ drop through\n"
                          "Space: clone · right-click: solid · middle-click: one-way"),
                       body);
    mHint->setWordWrap(true);
    QFont small = mHint->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    mHint->setFont(small);
    layout->addWidget(mHint);
    layout->addStretch(1);
    setWidget(body);

    connect(mSize, &QSlider::valueChanged, this, [this](int v) {
        mSizeLabel->setText(QStringLiteral("%1x").arg(v / 100.0, 0, 'f', 2));
        if (!mUpdating)
            emit playerScaleEdited(float(v) / 100.0f);
    });
    for (QDoubleSpinBox* box : {mGravity, mWalk, mJump})
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] { emitSettings(); });
    connect(mCell, &QSpinBox::valueChanged, this, [this] { emitSettings(); });
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
    ts::WorldSettings s = mBase;
    s.gravity = float(mGravity->value());
    s.walkSpeed = float(mWalk->value());
    s.jumpSpeed = float(mJump->value());
    s.partitionCellTiles = mCell->value();
    return s;
}

void PlayDock::setPlayerScale(float scale) {
    mUpdating = true;
    mSize->setValue(qRound(scale * 100.0f));
    mUpdating = false;
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
