#include "addtilesetdialog.h"

#include "tilesmith/editor/limitsui.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace ts::editor {

namespace lim = ts::level::limits;

bool cutTileset(ts::level::Tileset& tileset, QSize imageSize, QString* error) {
    if (tileset.tileSize < 1 || tileset.margin < 0 || tileset.spacing < 0) {
        if (error)
            *error = QObject::tr("the tile size must be at least 1 px");
        return false;
    }
    if (!ts::level::cutTilesetImage(tileset, imageSize.width(), imageSize.height())) {
        if (error)
            *error = QObject::tr("a %1 x %2 px image holds no %3 px tile")
                         .arg(imageSize.width())
                         .arg(imageSize.height())
                         .arg(tileset.tileSize);
        return false;
    }
    return true;
}

AddTilesetDialog::AddTilesetDialog(const ts::level::Tileset& tileset, QSize imageSize,
                                   QWidget* parent)
    : QDialog(parent), mTileset(tileset), mImageSize(imageSize) {
    setWindowTitle(tr("Add Tileset"));
    auto* form = new QFormLayout(this);
    mName = new QLineEdit(QString::fromStdString(tileset.name), this);
    form->addRow(tr("&Name:"), mName);
    form->addRow(tr("Image:"), new QLabel(tr("%1 (%2 x %3 px)")
                                              .arg(QString::fromStdString(tileset.image))
                                              .arg(imageSize.width())
                                              .arg(imageSize.height()),
                                          this));
    const auto spin = [this](const lim::IntRange& range, int value) {
        auto* box = new QSpinBox(this);
        applyLimits(box, range);
        box->setValue(value);
        connect(box, &QSpinBox::valueChanged, this, &AddTilesetDialog::updateCut);
        return box;
    };
    mTileSize = spin(lim::kTilesetTileSize, tileset.tileSize);
    mMargin = spin(lim::kTilesetMargin, tileset.margin);
    mSpacing = spin(lim::kTilesetSpacing, tileset.spacing);
    form->addRow(tr("&Tile size:"), mTileSize);
    form->addRow(tr("&Margin:"), mMargin);
    form->addRow(tr("&Spacing:"), mSpacing);
    mCut = new QLabel(this);
    form->addRow(tr("Tiles:"), mCut);
    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mName, &QLineEdit::textChanged, this, &AddTilesetDialog::updateCut);
    form->addRow(mButtons);
    updateCut();
}

ts::level::Tileset AddTilesetDialog::tileset() const {
    ts::level::Tileset t = mTileset;
    t.name = mName->text().trimmed().toStdString();
    t.tileSize = mTileSize->value();
    t.margin = mMargin->value();
    t.spacing = mSpacing->value();
    cutTileset(t, mImageSize);
    return t;
}

void AddTilesetDialog::updateCut() {
    ts::level::Tileset t = tileset();
    QString error;
    const bool ok = cutTileset(t, mImageSize, &error);
    mCut->setText(ok ? tr("%1 columns, %2 tiles").arg(t.columns).arg(t.count) : error);
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(ok && !t.name.empty());
}

} // namespace ts::editor
