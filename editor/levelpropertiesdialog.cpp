#include "levelpropertiesdialog.h"

#include "tilesmith/level/levelio.h"
#include "propertiesdock.h"

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
QDoubleSpinBox* makeSpin(QWidget* parent, double min, double max, double step, int decimals,
                         const QString& suffix, double value) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(min, max);
    box->setSingleStep(step);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setValue(value);
    return box;
}
} // namespace

LevelPropertiesDialog::LevelPropertiesDialog(const ts::level::Level& level, QWidget* parent)
    : QDialog(parent), mOriginalPhysics(level.physics) {
    setWindowTitle(tr("Level Properties"));
    const ts::level::Limits limits;

    // --- level ---
    mName = new QLineEdit(QString::fromStdString(level.name), this);
    mTileSize = new QSpinBox(this);
    mTileSize->setRange(4, 256);
    mTileSize->setSuffix(tr(" px"));
    mTileSize->setValue(level.tileSize);
    auto* levelBox = new QGroupBox(tr("Level"), this);
    auto* levelForm = new QFormLayout(levelBox);
    levelForm->addRow(tr("&Name:"), mName);
    levelForm->addRow(tr("&Tile size:"), mTileSize);

    // --- size + anchor ---
    mWidth = new QSpinBox(this);
    mWidth->setRange(1, limits.maxWidth);
    mWidth->setSuffix(tr(" tiles"));
    mWidth->setValue(level.width);
    mHeight = new QSpinBox(this);
    mHeight->setRange(1, limits.maxHeight);
    mHeight->setSuffix(tr(" tiles"));
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
    mGravity = makeSpin(this, 0, 1e5, 50, 1, tr(" px/s\u00b2"), p.gravity);
    mWalkSpeed = makeSpin(this, 0, 1e5, 10, 1, tr(" px/s"), p.walkSpeed);
    mJumpSpeed = makeSpin(this, 0, 1e5, 10, 1, tr(" px/s"), p.jumpSpeed);
    mMaxFallSpeed = makeSpin(this, 0, 1e5, 10, 1, tr(" px/s"), p.maxFallSpeed);
    mOneWayThreshold = makeSpin(this, 0, 256, 0.5, 2, tr(" px"), p.oneWayThreshold);
    mOneWayThreshold->setToolTip(
        tr("How far below a one-way platform's top a body may be and still land on it"));
    mPartitionCell = new QSpinBox(this);
    mPartitionCell->setRange(1, 4096);
    mPartitionCell->setSuffix(tr(" px"));
    mPartitionCell->setValue(p.partitionCell);
    mStepRate = makeSpin(this, 1, 1000, 1, 1, tr(" Hz"), p.dt > 0 ? 1.0 / p.dt : 60.0);
    mStepRate->setToolTip(tr("Physics steps per second (the time step is its inverse)"));
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
    return n.isEmpty() ? std::string("Untitled") : n.toStdString();
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
    ts::level::PhysicsSettings p = mOriginalPhysics;
    p.gravity = float(mGravity->value());
    p.walkSpeed = float(mWalkSpeed->value());
    p.jumpSpeed = float(mJumpSpeed->value());
    p.maxFallSpeed = float(mMaxFallSpeed->value());
    p.oneWayThreshold = float(mOneWayThreshold->value());
    p.partitionCell = mPartitionCell->value();
    // Keep the stored dt exactly when the rate was not touched (1/(1/60) != 60 in float).
    const double oldRate = mOriginalPhysics.dt > 0 ? 1.0 / mOriginalPhysics.dt : 60.0;
    if (std::abs(mStepRate->value() - std::round(oldRate * 10) / 10) > 1e-9)
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
    document->beginMacro(tr("Level Properties"));
    if (resize)
        document->resize(levelWidth(), levelHeight(), anchor());
    if (settings)
        document->changeSettings(name(), tileSize(), physics(), properties());
    document->endMacro();
}

} // namespace ts::editor
