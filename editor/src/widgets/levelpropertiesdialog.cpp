#include "levelpropertiesdialog.h"

#include "document/commands.h"
#include "propertiesdock.h"
#include "tilesmith/editor/limitsui.h"
#include "tilesmith/level/levelio.h"
#include "uitext.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace ts::editor {

namespace {
namespace limits = ts::level::limits;

/// A spin box with the format's range and unit for `r`, showing `value`.
QDoubleSpinBox* makeSpin(QWidget* parent, const limits::FloatRange& r, double step, int decimals,
                         double value) {
    auto* box = new QDoubleSpinBox(parent);
    applyLimits(box, r, decimals);
    box->setSingleStep(step);
    box->setValue(value);
    return box;
}
} // namespace

LevelPropertiesDialog::LevelPropertiesDialog(const ts::level::Level& level, QWidget* parent)
    : QDialog(parent), mOriginalPhysics(level.physics) {
    setWindowTitle(tr("Level Properties"));

    // --- level ---
    mName = new QLineEdit(QString::fromStdString(level.name), this);
    mName->selectAll(); // typing in the focused name replaces it, as in New Level
    mTileSize = new QSpinBox(this);
    applyLimits(mTileSize, limits::kTileSize);
    mTileSize->setValue(level.tileSize);
    auto* levelBox = new QGroupBox(tr("Level"), this);
    auto* levelForm = new QFormLayout(levelBox);
    levelForm->addRow(tr("&Name:"), mName);
    levelForm->addRow(tr("&Tile size:"), mTileSize);

    // --- size + anchor ---
    mWidth = new QSpinBox(this);
    applyLimits(mWidth, limits::kMapSide);
    mWidth->setValue(level.width);
    mHeight = new QSpinBox(this);
    applyLimits(mHeight, limits::kMapSide);
    mHeight->setValue(level.height);
    auto* anchorWidget = new QWidget(this);
    auto* anchorGrid = new QGridLayout(anchorWidget);
    anchorGrid->setSpacing(2);
    anchorGrid->setContentsMargins(0, 0, 0, 0);
    mAnchor = new QButtonGroup(this);
    const QString names[9] = {tr("Top left"),    tr("Top"),    tr("Top right"),
                              tr("Left"),        tr("Centre"), tr("Right"),
                              tr("Bottom left"), tr("Bottom"), tr("Bottom right")};
    for (int i = 0; i < 9; ++i) {
        auto* b = new QToolButton(anchorWidget);
        b->setCheckable(true);
        b->setFixedSize(26, 26);
        b->setToolTip(tr("Keep the content anchored: %1").arg(names[i]));
        b->setAccessibleName(names[i]);
        mAnchor->addButton(b, i);
        anchorGrid->addWidget(b, i / 3, i % 3);
    }
    auto updateGlyphs = [this] {
        // The anchor cell shows a dot; its neighbours show arrows pointing away,
        // the way the map grows.
        const int a = mAnchor->checkedId();
        const int ar = a / 3, ac = a % 3;
        for (int i = 0; i < 9; ++i) {
            const int dr = i / 3 - ar, dc = i % 3 - ac;
            QString g;
            if (dr == 0 && dc == 0)
                g = QStringLiteral("\u25cf");
            else if (std::abs(dr) <= 1 && std::abs(dc) <= 1) {
                static const char16_t arrows[3][3] = {{u'\u2196', u'\u2191', u'\u2197'},
                                                      {u'\u2190', u' ', u'\u2192'},
                                                      {u'\u2199', u'\u2193', u'\u2198'}};
                g = QString(QChar(arrows[dr + 1][dc + 1]));
            }
            mAnchor->button(i)->setText(g);
        }
    };
    connect(mAnchor, &QButtonGroup::idClicked, this, updateGlyphs);
    mAnchor->button(int(ResizeAnchor::TopLeft))->setChecked(true);
    updateGlyphs();
    auto* sizeBox = new QGroupBox(tr("Size"), this);
    auto* sizeLayout = new QHBoxLayout(sizeBox);
    auto* sizeForm = new QFormLayout;
    sizeForm->addRow(tr("&Width:"), mWidth);
    sizeForm->addRow(tr("&Height:"), mHeight);
    sizeLayout->addLayout(sizeForm);
    auto* anchorForm = new QFormLayout;
    anchorForm->addRow(tr("Anchor:"), anchorWidget);
    sizeLayout->addLayout(anchorForm);

    // --- physics ---
    const auto& p = level.physics;
    mGravity = makeSpin(this, limits::kGravity, 50, 2, p.gravity);
    mWalkSpeed = makeSpin(this, limits::kSpeed, 10, 2, p.walkSpeed);
    mJumpSpeed = makeSpin(this, limits::kSpeed, 10, 2, p.jumpSpeed);
    mMaxFallSpeed = makeSpin(this, limits::kMaxFallSpeed, 10, 2, p.maxFallSpeed);
    mOneWayThreshold = makeSpin(this, limits::kOneWayThreshold, 0.5, 2, p.oneWayThreshold);
    mOneWayThreshold->setToolTip(
        tr("How far below a one-way platform's top a body may be and still land on it"));
    mPartitionCell = new QSpinBox(this);
    applyLimits(mPartitionCell, limits::kPartitionCell);
    mPartitionCell->setValue(p.partitionCell);
    mPartitionCell->setToolTip(tr("Side of a broad-phase cell, in tiles"));
    // The step rate is 1 / dt: dt in (0, 1] s is a rate of at least 1 Hz.
    const double rate = limits::kDt.contains(p.dt) ? 1.0 / p.dt : 60.0;
    mStepRate = new QDoubleSpinBox(this);
    mStepRate->setRange(1.0 / limits::kDt.hi, std::max(1000.0, rate));
    mStepRate->setDecimals(2);
    mStepRate->setSuffix(tr(" Hz"));
    mStepRate->setValue(rate);
    mStepRate->setToolTip(tr("Physics steps per second (the time step is its inverse)"));
    mShown = {mGravity->value(),      mWalkSpeed->value(),       mJumpSpeed->value(),
              mMaxFallSpeed->value(), mOneWayThreshold->value(), mStepRate->value()};
    auto* physicsBox = new QGroupBox(tr("Physics"), this);
    auto* physicsForm = new QFormLayout(physicsBox);
    physicsForm->addRow(tr("&Gravity:"), mGravity);
    physicsForm->addRow(tr("Wal&k speed:"), mWalkSpeed);
    physicsForm->addRow(tr("&Jump speed:"), mJumpSpeed);
    physicsForm->addRow(tr("Max &fall speed:"), mMaxFallSpeed);
    physicsForm->addRow(tr("&One-way threshold:"), mOneWayThreshold);
    physicsForm->addRow(tr("&Partition cell:"), mPartitionCell);
    physicsForm->addRow(tr("&Step rate:"), mStepRate);

    // --- custom properties ---
    mTable = new PropertiesTable(this);
    mTable->setProperties(level.properties);
    auto* propsBox = new QGroupBox(tr("Custom properties"), this);
    auto* propsLayout = new QVBoxLayout(propsBox);
    propsLayout->addWidget(mTable);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* left = new QVBoxLayout;
    left->addWidget(levelBox);
    left->addWidget(sizeBox);
    left->addWidget(propsBox, 1);
    auto* columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addWidget(physicsBox, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(buttons);
}

std::string LevelPropertiesDialog::name() const {
    const QString n = mName->text().trimmed();
    return n.isEmpty() ? std::string(ts::level::kDefaultLevelName) : n.toStdString();
}

int LevelPropertiesDialog::levelWidth() const {
    return mWidth->value();
}

int LevelPropertiesDialog::levelHeight() const {
    return mHeight->value();
}

ResizeAnchor LevelPropertiesDialog::anchor() const {
    return static_cast<ResizeAnchor>(mAnchor->checkedId());
}

void LevelPropertiesDialog::setAnchor(ResizeAnchor anchor) {
    if (QAbstractButton* b = mAnchor->button(int(anchor)))
        b->click();
}

int LevelPropertiesDialog::tileSize() const {
    return mTileSize->value();
}

ts::level::PhysicsSettings LevelPropertiesDialog::physics() const {
    // A field nobody edited keeps the level's exact value (no rounding to the
    // box's decimals, no clamping).
    ts::level::PhysicsSettings p = mOriginalPhysics;
    const ts::level::PhysicsSettings& o = mOriginalPhysics;
    p.gravity = float(editedValue(mGravity, mShown.gravity, o.gravity));
    p.walkSpeed = float(editedValue(mWalkSpeed, mShown.walkSpeed, o.walkSpeed));
    p.jumpSpeed = float(editedValue(mJumpSpeed, mShown.jumpSpeed, o.jumpSpeed));
    p.maxFallSpeed = float(editedValue(mMaxFallSpeed, mShown.maxFallSpeed, o.maxFallSpeed));
    p.oneWayThreshold =
        float(editedValue(mOneWayThreshold, mShown.oneWayThreshold, o.oneWayThreshold));
    p.partitionCell = mPartitionCell->value();
    if (mStepRate->value() != mShown.stepRate)
        p.dt = float(1.0 / mStepRate->value());
    return p;
}

ts::level::Properties LevelPropertiesDialog::properties() const {
    return mTable->properties();
}

void LevelPropertiesDialog::applyTo(LevelDocument* document) const {
    const ts::level::Level& level = document->level();
    const bool resize = levelWidth() != level.width || levelHeight() != level.height;
    const bool settings = name() != level.name || tileSize() != level.tileSize ||
                          !(physics() == level.physics) || properties() != level.properties;
    if (!resize && !settings)
        return;
    // The History says what changed: "Level Properties: size 80 x 20, gravity".
    QStringList changed;
    if (resize)
        changed << tr("size %1 x %2").arg(levelWidth()).arg(levelHeight());
    changed << ChangeSettingsCommand::changes(
        {level.name, level.tileSize, level.physics, level.properties},
        {name(), tileSize(), physics(), properties()});
    document->beginMacro(tr("Level Properties"));
    if (resize)
        document->resize(levelWidth(), levelHeight(), anchor());
    if (settings)
        document->changeSettings(name(), tileSize(), physics(), properties());
    document->endMacro(changesText(tr("Level Properties"), changed));
}

} // namespace ts::editor
