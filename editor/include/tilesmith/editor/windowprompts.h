// Every question the main window and its extensions ask the user (a message, a file
// name, a new level's size, the level's properties) goes through WindowPrompts, so tests
// and scripted runs answer without a modal dialog.
#pragma once

#include "tilesmith/editor/newleveldialog.h"
#include "tilesmith/level/art.h"

#include <QMap>
#include <QMessageBox>
#include <QSize>
#include <QString>

class QWidget;

namespace ts::editor {

class LevelDocument;

/// Every question the window asks the user goes through here, so tests (and
/// scripted runs) can answer without a modal dialog. The default implementation
/// shows the usual Qt dialogs.
class WindowPrompts {
public:
    struct Message {
        QMessageBox::Icon icon = QMessageBox::Question;
        QString title;
        QString text;
        QString informativeText;
        QString detailedText;
        QMessageBox::StandardButtons buttons = QMessageBox::Ok;
        QMessageBox::StandardButton defaultButton = QMessageBox::NoButton;
        /// Optional labels replacing standard button texts ("Restore", ...).
        QMap<QMessageBox::StandardButton, QString> buttonTexts;
    };

    virtual ~WindowPrompts();
    virtual QMessageBox::StandardButton message(QWidget* parent, const Message& m);
    /// Empty string = cancelled.
    virtual QString openFileName(QWidget* parent, const QString& caption, const QString& dir,
                                 const QString& filter);
    virtual QString saveFileName(QWidget* parent, const QString& caption, const QString& dir,
                                 const QString& filter);
    /// False = cancelled.
    virtual bool newLevelSettings(QWidget* parent, NewLevelDialog::Settings& settings);
    /// A new tileset's name, tile size, margin and spacing for an image of `imageSize`
    /// (`tileset` comes filled in with the image and a proposed name and comes back cut to
    /// the image: columns and count). False = cancelled.
    virtual bool tilesetSettings(QWidget* parent, QSize imageSize, ts::level::Tileset& tileset);
    /// Shows the level properties dialog and applies it to `document` (one undo step).
    virtual void levelProperties(QWidget* parent, LevelDocument* document);
};

} // namespace ts::editor
