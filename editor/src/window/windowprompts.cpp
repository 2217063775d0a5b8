#include "tilesmith/editor/windowprompts.h"

#include "tilesmith/editor/leveldocument.h"
#include "widgets/addtilesetdialog.h"
#include "widgets/levelpropertiesdialog.h"

#include <QAbstractButton>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLineEdit>
#include <QSpacerItem>

namespace ts::editor {

WindowPrompts::~WindowPrompts() = default;

QMessageBox::StandardButton WindowPrompts::message(QWidget* parent, const Message& m) {
    QMessageBox box(m.icon, m.title, m.text, m.buttons, parent);
    box.setInformativeText(m.informativeText);
    box.setDetailedText(m.detailedText);
    if (m.defaultButton != QMessageBox::NoButton)
        box.setDefaultButton(m.defaultButton);
    for (auto it = m.buttonTexts.begin(); it != m.buttonTexts.end(); ++it) {
        if (QAbstractButton* b = box.button(it.key()))
            b->setText(it.value());
    }
    box.setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Room for the window manager's whole title (not "Unsaved Cha…s" for "Unsaved
    // Changes — Tilesmith"). A message box sizes itself to its text and ignores a
    // minimum width, so the width goes in as a spacer across its grid.
    if (auto* grid = qobject_cast<QGridLayout*>(box.layout()))
        grid->addItem(new QSpacerItem(NewLevelDialog::titleBarWidth(m.title), 0,
                                      QSizePolicy::Minimum, QSizePolicy::Minimum),
                      grid->rowCount(), 0, 1, grid->columnCount());
    return static_cast<QMessageBox::StandardButton>(box.exec());
}

QString WindowPrompts::openFileName(QWidget* parent, const QString& caption, const QString& dir,
                                    const QString& filter) {
    return QFileDialog::getOpenFileName(parent, caption, dir, filter);
}

QString WindowPrompts::saveFileName(QWidget* parent, const QString& caption, const QString& dir,
                                    const QString& filter) {
    // QFileDialog::getSaveFileName(), but with the proposed name's base selected, as file
    // managers and the GTK and KDE dialogs select it: typing replaces "Cave" and keeps
    // ".yaml". Qt's own dialog (a bare X11 session, no platform theme) selects the whole
    // "Cave.yaml", so typing a name would drop the extension from the box.
    const QFileInfo suggested(dir);
    const bool isFolder = dir.isEmpty() || suggested.isDir();
    QFileDialog dialog(parent, caption, isFolder ? dir : suggested.absolutePath(), filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    if (!isFolder)
        dialog.selectFile(suggested.fileName());
    // A native dialog (GTK, KDE, Windows, macOS) has no such box and selects the base itself.
    if (auto* name = dialog.findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))) {
        const auto selectBase = [name] {
            const qsizetype dot = name->text().lastIndexOf(QLatin1Char('.'));
            if (dot > 0) // ".yaml" alone is all name
                name->setSelection(0, int(dot));
        };
        selectBase();
        // Again once shown, after whatever the dialog does to the box on showing.
        QMetaObject::invokeMethod(name, selectBase, Qt::QueuedConnection);
    }
    if (dialog.exec() != QDialog::Accepted)
        return {};
    return dialog.selectedFiles().value(0);
}

bool WindowPrompts::newLevelSettings(QWidget* parent, NewLevelDialog::Settings& settings) {
    NewLevelDialog dialog(parent);
    dialog.setSettings(settings);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    settings = dialog.settings();
    return true;
}

bool WindowPrompts::tilesetSettings(QWidget* parent, QSize imageSize, ts::level::Tileset& tileset) {
    AddTilesetDialog dialog(tileset, imageSize, parent);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    tileset = dialog.tileset();
    return true;
}

void WindowPrompts::levelProperties(QWidget* parent, LevelDocument* document) {
    LevelPropertiesDialog dialog(document->level(), parent);
    if (dialog.exec() == QDialog::Accepted)
        dialog.applyTo(document);
}

} // namespace ts::editor
