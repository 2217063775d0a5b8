#include "tilesmith/editor/newleveldialog.h"

#include "document/starterart.h"
#include "tilesmith/editor/limitsui.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace ts::editor {

NewLevelDialog::NewLevelDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("New Level"));
    namespace limits = ts::level::limits;

    mName = new QLineEdit(this);
    mWidth = new QSpinBox(this);
    applyLimits(mWidth, limits::kMapSide);
    mHeight = new QSpinBox(this);
    applyLimits(mHeight, limits::kMapSide);
    mTileSize = new QSpinBox(this);
    applyLimits(mTileSize, limits::kTileSize);

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), mName);
    form->addRow(tr("&Width:"), mWidth);
    form->addRow(tr("&Height:"), mHeight);
    form->addRow(tr("&Tile size:"), mTileSize);
    mStarterArt = new QCheckBox(tr("Starter &art: auto-tiled ground, grass, platforms"), this);
    mStarterArt->setToolTip(
        tr("The starter tileset and its rules: the art follows the solid and one-way tiles "
           "you paint. Its image is copied beside the level when you save it."));
    form->addRow(mStarterArt);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    // A level name of a few words fits the field, and the window manager has room
    // for the whole title ("New Level — Tilesmith", as Qt shows it on X11).
    mName->setMinimumWidth(mName->fontMetrics().averageCharWidth() * 24);
    setMinimumWidth(std::max(minimumSizeHint().width(), titleBarWidth(windowTitle())));

    setSettings(Settings{});
}

int NewLevelDialog::titleBarWidth(const QString& title) {
    QString shown = title;
    const QString app = QGuiApplication::applicationDisplayName();
    if (!app.isEmpty() && !shown.endsWith(app))
        shown += QStringLiteral(" \u2014 ") + app;
    // Window managers draw the title in their own (often bold) title font; the
    // platform's title font, made bold, is the best guess Qt offers. Beside the
    // text: the window icon and three buttons, each about a line high and square,
    // with some space between and around them.
    QFont font = QFontDatabase::systemFont(QFontDatabase::TitleFont);
    font.setBold(true);
    const QFontMetrics metrics(font);
    return metrics.horizontalAdvance(shown) + 6 * metrics.height();
}

ts::level::Level NewLevelDialog::makeLevel(const Settings& s) {
    ts::level::Level level = ts::level::Level::make(s.width, s.height, s.tileSize);
    level.name = s.name.toStdString();
    const bool floor = s.height >= 2;
    if (floor) {
        for (int x = 0; x < s.width; ++x)
            level.setTile(x, s.height - 1, ts::Tile::Solid);
    }
    const int px = std::min(2, s.width - 1);
    const int py = floor ? s.height - 2 : 0;
    level.spawns.push_back(ts::level::Spawn::withDefaults(ts::level::SpawnKind::Player, 1, px, py));
    if (s.starterArt) {
        QString error;
        if (!addStarterArt(level, &error))
            qWarning("%s", qPrintable(error)); // a build without its resources
    }
    return level;
}

void NewLevelDialog::setSettings(const Settings& s) {
    mName->setText(s.name);
    // The dialog opens with the keyboard in the name: typing replaces the
    // proposed name instead of being added to it ("UntitledCave").
    mName->selectAll();
    mWidth->setValue(s.width);
    mHeight->setValue(s.height);
    mTileSize->setValue(s.tileSize);
    mStarterArt->setChecked(s.starterArt);
}

NewLevelDialog::Settings NewLevelDialog::settings() const {
    Settings s;
    const QString name = mName->text().trimmed();
    s.name = name.isEmpty() ? QString::fromUtf8(ts::level::kDefaultLevelName) : name;
    s.width = mWidth->value();
    s.height = mHeight->value();
    s.tileSize = mTileSize->value();
    s.starterArt = mStarterArt->isChecked();
    return s;
}

} // namespace ts::editor
