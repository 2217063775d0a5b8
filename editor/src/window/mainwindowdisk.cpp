// The main window's side of DiskWatch: the open level's file changed on disk
// (reload, or ask when there are unsaved edits), or went away (the title says
// so; maybeSave() asks before the only copy left is dropped).
#include "tilesmith/editor/mainwindow.h"

#include "document/autosave.h"
#include "document/diskwatch.h"
#include "mainwindowshared.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/fieldkeys.h"
#include "tilesmith/editor/leveldocument.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QScrollBar>
#include <QStatusBar>
#include <QTimer>

namespace ts::editor {

void MainWindow::fileChangedOnDisk(const QString& path) {
    if (mAskingAboutDisk || !mDocument || mDocument->filePath() != path)
        return;
    if (modeRunning() || QApplication::activeModalWidget() ||
        QApplication::mouseButtons() != Qt::NoButton) {
        // Never in the middle of play (a reload would end the session), under an
        // open dialog (Level Properties edits this document) or of a stroke:
        // once they are over.
        if (!mDiskChangeWaiting && modeRunning())
            statusBar()->showMessage(tr("%1 was changed on disk; it is looked at again when play "
                                        "stops.")
                                         .arg(QFileInfo(path).fileName()),
                                     10000);
        mDiskChangeWaiting = true;
        QTimer::singleShot(DiskWatch::kSettleMs, this, [this, path] { fileChangedOnDisk(path); });
        return;
    }
    mDiskChangeWaiting = false;
    commitTypedValue(this);
    if (mDocument->isModified()) {
        WindowPrompts::Message m;
        m.icon = QMessageBox::Warning;
        m.title = tr("File Changed on Disk");
        m.text = tr("\"%1\" was changed on disk by another program, and it has unsaved changes "
                    "here.")
                     .arg(QFileInfo(path).fileName());
        m.informativeText = tr("Reload it from disk and lose the unsaved changes, or keep them "
                               "(Save then replaces the file on disk)?");
        m.buttons = QMessageBox::Yes | QMessageBox::No;
        m.defaultButton = QMessageBox::No;
        m.buttonTexts[QMessageBox::Yes] = tr("&Reload");
        m.buttonTexts[QMessageBox::No] = tr("&Keep My Changes");
        mAskingAboutDisk = true;
        const QMessageBox::StandardButton answer = mPrompts->message(this, m);
        mAskingAboutDisk = false;
        if (answer != QMessageBox::Yes) {
            // No undo step gives the file's level now: undone back to the last save, the
            // level still differs from the file, and closing must ask.
            mDocument->undoStack()->resetClean();
            statusBar()->showMessage(tr("Kept your changes to %1; Save replaces the file on disk.")
                                         .arg(QFileInfo(path).fileName()),
                                     10000);
            return;
        }
    }
    reloadFromDisk(path);
}

void MainWindow::reloadFromDisk(const QString& path) {
    QString error;
    std::unique_ptr<LevelDocument> doc = LevelDocument::open(path, &error);
    if (!doc) {
        // Half-written, or broken by hand: nothing here is lost, and the next
        // change to the file is looked at again.
        statusBar()->showMessage(tr("%1 changed on disk but does not load (%2); the level here "
                                    "is unchanged.")
                                     .arg(QFileInfo(path).fileName(), error.section('\n', 0, 0)));
        return;
    }
    replaceKeepingView(std::move(doc));
    statusBar()->showMessage(
        tr("Reloaded %1: it was changed on disk.").arg(QFileInfo(path).fileName()), 10000);
}

void MainWindow::replaceKeepingView(std::unique_ptr<LevelDocument> doc) {
    const QTransform zoom = mView->transform();
    const QPoint scroll(mView->horizontalScrollBar()->value(), mView->verticalScrollBar()->value());
    mAutosave->discard();
    setDocument(std::move(doc));
    mView->setTransform(zoom);
    mView->horizontalScrollBar()->setValue(scroll.x());
    mView->verticalScrollBar()->setValue(scroll.y());
}

std::unique_ptr<LevelDocument> MainWindow::recoveredDocument(ts::level::Level recovered,
                                                             const QString& file,
                                                             const QDateTime& saved) {
    // The recovery is a step over what is on disk, so the History shows it and undo
    // goes back to the file (or, for a level never saved or a file gone, to an empty
    // map of its size); the file as it is on disk is the saved state.
    std::unique_ptr<LevelDocument> doc;
    if (!file.isEmpty())
        doc = LevelDocument::open(file, nullptr);
    if (!doc) {
        ts::level::Level empty;
        empty.name = recovered.name;
        empty.width = recovered.width;
        empty.height = recovered.height;
        empty.tileSize = recovered.tileSize;
        empty.physics = recovered.physics;
        empty.tiles.assign(recovered.tiles.size(), ts::Tile::Empty);
        doc = std::make_unique<LevelDocument>(std::move(empty));
        if (!file.isEmpty())
            doc->setFilePath(file);
    }
    doc->replaceLevel(
        std::move(recovered),
        tr("Recovered from autosave (%1)").arg(QLocale().toString(saved, QLocale::ShortFormat)));
    return doc;
}

void MainWindow::fileGoneChanged(const QString& path, bool gone) {
    updateTitle();
    mAutosave->setFileGone(gone);
    if (gone) {
        statusBar()->showMessage(
            tr("%1 was deleted or moved away on disk; the level is only here now. Save writes it "
               "there again.")
                .arg(QDir::toNativeSeparators(path)));
    } else if (mDocument && mDocument->filePath() == path) {
        statusBar()->showMessage(tr("%1 is on disk again.").arg(QFileInfo(path).fileName()), 10000);
    }
}

} // namespace ts::editor
