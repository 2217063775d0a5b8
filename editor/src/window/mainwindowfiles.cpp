// The main window's file handling: new, open, save, save as, TMX import and
// export, autosave recovery, recent files, and the prompts they ask through.
#include "tilesmith/editor/mainwindow.h"

#include "tilesmith/editor/windowextension.h"

#include "document/autosave.h"
#include "document/diskwatch.h"
#include "mainwindowshared.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/fieldkeys.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/tmx/tmx.h"
#include "widgets/levelpropertiesdialog.h"
#include "widgets/uitext.h"

#include <QApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLineEdit>
#include <QLocale>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSpacerItem>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QUrl>

namespace ts::editor {

namespace {
constexpr int kMaxRecentFiles = 10;
const char kRecentFilesKey[] = "recentFiles";
const QString kLevelFilter = QStringLiteral("Tilesmith levels (*.yaml *.yml);;All files (*)");
const QString kTmxFilter = QStringLiteral("Tiled maps (*.tmx);;All files (*)");

using windowshared::settings;

} // namespace

// --- file flows --------------------------------------------------------------

bool MainWindow::openFile(const QString& path, QString* error) {
    QString message;
    std::unique_ptr<LevelDocument> doc = LevelDocument::open(path, &message);
    if (!doc) {
        if (error)
            *error = message;
        return false;
    }
    mAutosave->discard();
    setDocument(std::move(doc));
    addRecentFile(path);
    return true;
}

bool MainWindow::saveFile(const QString& path, QString* error) {
    commitTypedValue(this);
    if (!mDocument)
        return false;
    if (!mDocument->save(path, error))
        return false;
    // What is on disk now is this document: the bytes written (saved, the document's
    // level is the one written, its image names relative to the file).
    mDiskWatch->rememberSaved(
        QByteArray::fromStdString(ts::level::saveLevelToString(mDocument->level())));
    addRecentFile(path);
    // Ctrl+S changes nothing on screen but the title's "*": say it worked.
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::showError(const QString& title, const QString& text, const QString& details) {
    WindowPrompts::Message m;
    m.icon = QMessageBox::Warning;
    m.title = title;
    m.text = text;
    m.informativeText = details;
    m.buttons = QMessageBox::Ok;
    mPrompts->message(this, m);
}

bool MainWindow::maybeSave() {
    commitTypedValue(this);
    if (!mDocument)
        return true;
    if (mDocument->isModified())
        return askToSave(tr("Unsaved Changes"),
                         tr("\"%1\" has unsaved changes.").arg(documentTitle()),
                         tr("Do you want to save them?"));
    if (!mDocument->filePath().isEmpty() && mDiskWatch->fileGone()) {
        // Nothing is unsaved, yet closing would drop the only copy left.
        return askToSave(tr("Level Not on Disk"),
                         tr("\"%1\" was deleted or moved away on disk; the level is only in "
                            "Tilesmith now.")
                             .arg(QFileInfo(mDocument->filePath()).fileName()),
                         tr("Do you want to save it again?"));
    }
    return true;
}

bool MainWindow::askToSave(const QString& title, const QString& text, const QString& question) {
    WindowPrompts::Message m;
    m.icon = QMessageBox::Warning;
    m.title = title;
    m.text = text;
    m.informativeText = question;
    m.buttons = QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel;
    m.defaultButton = QMessageBox::Save;
    // Every answer has a key (Enter saves, Esc cancels): the platform's own
    // texts have no mnemonics on a bare X11 session, where Discard needs a Tab.
    m.buttonTexts[QMessageBox::Save] = tr("&Save");
    m.buttonTexts[QMessageBox::Discard] = tr("&Don't Save");
    switch (mPrompts->message(this, m)) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

bool MainWindow::newLevel(const NewLevelDialog::Settings& s) {
    if (!maybeSave())
        return false;
    replaceWithNewLevel(s);
    return true;
}

void MainWindow::replaceWithNewLevel(const NewLevelDialog::Settings& s) {
    mAutosave->discard();
    setDocument(std::make_unique<LevelDocument>(NewLevelDialog::makeLevel(s)));
}

QString MainWindow::fileDialogDir() const {
    if (mDocument && !mDocument->filePath().isEmpty())
        return QFileInfo(mDocument->filePath()).absolutePath();
    const QStringList recent = recentFiles();
    if (!recent.isEmpty())
        return QFileInfo(recent.first()).absolutePath();
    // The user's folders, never the program's working directory.
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

bool MainWindow::open(const QString& requestedPath) {
    if (!maybeSave())
        return false;
    QString path = requestedPath;
    if (path.isEmpty())
        path = mPrompts->openFileName(this, tr("Open Level"), fileDialogDir(), kLevelFilter);
    if (path.isEmpty())
        return false;
    QString error;
    if (!openFile(path, &error)) {
        if (!QFileInfo::exists(path)) {
            // A recent file that went away leaves the menu.
            QStringList files = recentFiles();
            if (files.removeAll(QFileInfo(path).absoluteFilePath()) > 0) {
                settings().setValue(QLatin1String(kRecentFilesKey), files);
                updateRecentMenu();
            }
        }
        showError(tr("Open Failed"), tr("Could not open %1.").arg(QDir::toNativeSeparators(path)),
                  error);
        return false;
    }
    return true;
}

bool MainWindow::save() {
    if (!mDocument)
        return false;
    if (mDocument->filePath().isEmpty())
        return saveAs();
    commitTypedValue(this);
    if (mDiskWatch->changedSinceKnown()) {
        // Another program wrote the file a moment ago (or during play): not replaced
        // unasked.
        const QString name = QFileInfo(mDocument->filePath()).fileName();
        WindowPrompts::Message m;
        m.icon = QMessageBox::Warning;
        m.title = tr("File Changed on Disk");
        m.text = tr("\"%1\" was changed on disk by another program since it was opened or "
                    "last saved here.")
                     .arg(name);
        m.informativeText = tr("Save over it (the other program's changes are lost), or cancel "
                               "and look at it first?");
        m.buttons = QMessageBox::Save | QMessageBox::Cancel;
        m.defaultButton = QMessageBox::Cancel;
        m.buttonTexts[QMessageBox::Save] = tr("&Save Over It");
        if (mPrompts->message(this, m) != QMessageBox::Save) {
            statusBar()->showMessage(tr("Not saved: %1 on disk is the other program's.").arg(name),
                                     10000);
            return false;
        }
    }
    QString error;
    if (!saveFile(mDocument->filePath(), &error)) {
        showError(tr("Save Failed"),
                  tr("Could not save %1. The file on disk was not changed.")
                      .arg(QDir::toNativeSeparators(mDocument->filePath())),
                  error);
        return false;
    }
    return true;
}

bool MainWindow::closeLevel() {
    if (!maybeSave())
        return false;
    const QString name = documentTitle();
    replaceWithNewLevel({});
    statusBar()->showMessage(tr("Closed %1.").arg(name), 5000);
    return true;
}

bool MainWindow::revert() {
    commitTypedValue(this);
    if (!mDocument || mDocument->filePath().isEmpty())
        return false;
    const QString path = mDocument->filePath();
    const QString name = QFileInfo(path).fileName();
    if (mDocument->isModified()) {
        WindowPrompts::Message m;
        m.icon = QMessageBox::Warning;
        m.title = tr("Revert");
        m.text = tr("Revert \"%1\" to the file on disk?").arg(name);
        m.informativeText = tr("The unsaved changes and the undo history are lost.");
        m.buttons = QMessageBox::Yes | QMessageBox::Cancel;
        m.defaultButton = QMessageBox::Cancel;
        m.buttonTexts[QMessageBox::Yes] = tr("&Revert");
        if (mPrompts->message(this, m) != QMessageBox::Yes)
            return false;
    }
    QString error;
    std::unique_ptr<LevelDocument> doc = LevelDocument::open(path, &error);
    if (!doc) {
        showError(tr("Revert Failed"),
                  tr("Could not read %1; the level here is unchanged.")
                      .arg(QDir::toNativeSeparators(path)),
                  error);
        return false;
    }
    replaceKeepingView(std::move(doc));
    statusBar()->showMessage(tr("Reverted to %1 as it is on disk.").arg(name), 5000);
    return true;
}

QString MainWindow::suggestedFileName() const {
    if (!mDocument->filePath().isEmpty())
        return mDocument->displayName();
    // Untitled: the name typed in New Level or Level Properties ("Cave":
    // Cave.yaml), minus what a file name cannot hold; the default name keeps
    // "untitled.yaml".
    QString name = QString::fromStdString(mDocument->level().name).trimmed();
    static const QRegularExpression notInFileName(QStringLiteral("[\\\\/:*?\"<>|\\x00-\\x1f]"));
    name.replace(notInFileName, QStringLiteral("_"));
    while (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1);
    // The level format's default name is not a name the user gave.
    if (name.isEmpty() || name == QString::fromUtf8(ts::level::kDefaultLevelName))
        return mDocument->displayName();
    return name + QStringLiteral(".yaml");
}

bool MainWindow::saveAs(const QString& requestedPath) {
    if (!mDocument)
        return false;
    QString path = requestedPath;
    if (path.isEmpty()) {
        QString suggestion = mDocument->filePath();
        if (suggestion.isEmpty() && !mImportedFrom.isEmpty()) {
            // Beside the map it was imported from, with its name (map.tmx: map.yaml).
            const QFileInfo map(mImportedFrom);
            suggestion = map.absolutePath() + QLatin1Char('/') + map.completeBaseName() +
                         QStringLiteral(".yaml");
        }
        if (suggestion.isEmpty())
            suggestion = fileDialogDir() + QLatin1Char('/') + suggestedFileName();
        path = mPrompts->saveFileName(this, tr("Save Level As"), suggestion, kLevelFilter);
    }
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".yaml");
    QString error;
    if (!saveFile(path, &error)) {
        showError(tr("Save Failed"), tr("Could not save %1.").arg(QDir::toNativeSeparators(path)),
                  error);
        return false;
    }
    return true;
}

bool MainWindow::importTmx(const QString& requestedPath) {
    if (!maybeSave())
        return false;
    QString path = requestedPath;
    if (path.isEmpty())
        path = mPrompts->openFileName(this, tr("Import Tiled Map"), fileDialogDir(), kTmxFilter);
    if (path.isEmpty())
        return false;
    QString error;
    if (!importTmxFile(path, &error)) {
        showError(tr("Import Failed"),
                  tr("Could not import %1.").arg(QDir::toNativeSeparators(path)), error);
        return false;
    }
    return true;
}

bool MainWindow::importTmxFile(const QString& path, QString* error) {
    ts::level::LoadResult result = ts::tmx::importTmx(path);
    if (!result.ok()) {
        if (error) {
            QStringList lines;
            for (const auto& d : result.errors)
                lines << QString::fromStdString(d.toString());
            *error = lines.join(QLatin1Char('\n'));
        }
        return false;
    }
    auto doc = std::make_unique<LevelDocument>(std::move(*result.level));
    // Its tileset images are named from the map's folder until it is saved as a level.
    doc->setAssetFolder(QFileInfo(path).absolutePath());
    // Not saved as a level yet: closing must ask.
    doc->undoStack()->resetClean();
    mAutosave->discard();
    setDocument(std::move(doc));
    mImportedFrom = QFileInfo(path).absoluteFilePath();
    updateTitle();
    const ts::level::Level& level = mDocument->level();
    const int spawns = int(level.spawns.size());
    statusBar()->showMessage(tr("Imported %1: %2 x %3 tiles, %4")
                                 .arg(QDir::toNativeSeparators(path))
                                 .arg(level.width)
                                 .arg(level.height)
                                 .arg(spawns == 1 ? tr("1 spawn") : tr("%1 spawns").arg(spawns)),
                             5000);
    return true;
}

bool MainWindow::isTmxPath(const QString& path) {
    return QFileInfo(path).suffix().compare(QLatin1String("tmx"), Qt::CaseInsensitive) == 0;
}

bool MainWindow::openAny(const QString& path) {
    return isTmxPath(path) ? importTmx(path) : open(path);
}

// --- drops -------------------------------------------------------------------

QString MainWindow::droppedFile(const QMimeData* mime) const {
    if (!mime || !mime->hasUrls() || !mOpenAction->isEnabled())
        return {};
    const QList<QUrl> urls = mime->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return {};
    const QString path = urls.first().toLocalFile();
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool known =
        suffix == QLatin1String("yaml") || suffix == QLatin1String("yml") || isTmxPath(path);
    return known && QFileInfo(path).isFile() ? path : QString();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!droppedFile(event->mimeData()).isEmpty()) {
        event->setDropAction(Qt::CopyAction);
        event->accept();
        return;
    }
    // Files, but not something this window opens: say what it takes.
    if (event->mimeData() && event->mimeData()->hasUrls())
        statusBar()->showMessage(tr("Drop one level (.yaml, .yml) or Tiled map (.tmx) to open it."),
                                 5000);
    event->ignore();
}

void MainWindow::dragMoveEvent(QDragMoveEvent* event) {
    if (droppedFile(event->mimeData()).isEmpty()) {
        event->ignore();
        return;
    }
    event->setDropAction(Qt::CopyAction);
    event->accept();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QString path = droppedFile(event->mimeData());
    if (path.isEmpty()) {
        event->ignore();
        return;
    }
    event->setDropAction(Qt::CopyAction);
    event->accept();
    // Opening may ask about unsaved changes: a modal prompt inside the drop would
    // hold the file manager's drag until it is answered, so open after it ends.
    QMetaObject::invokeMethod(
        this, [this, path] { openAny(path); }, Qt::QueuedConnection);
}

bool MainWindow::exportTmx(const QString& requestedPath) {
    commitTypedValue(this);
    if (!mDocument)
        return false;
    QString path = requestedPath;
    if (path.isEmpty()) {
        QString suggestion = fileDialogDir() + QLatin1Char('/') +
                             QFileInfo(suggestedFileName()).completeBaseName() +
                             QStringLiteral(".tmx");
        path = mPrompts->saveFileName(this, tr("Export Tiled Map"), suggestion, kTmxFilter);
    }
    if (path.isEmpty())
        return false;
    ts::tmx::ExportError error;
    // Art tileset images are relative to the level file's folder (an unsaved level's: the
    // map's own).
    const QString levelDir = mDocument->filePath().isEmpty()
                                 ? QString()
                                 : QFileInfo(mDocument->filePath()).absolutePath();
    if (!ts::tmx::exportTmx(mDocument->level(), path, &error, levelDir)) {
        showError(tr("Export Failed"),
                  tr("Could not export %1.").arg(QDir::toNativeSeparators(path)), error.toString());
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::offerRecovery() {
    const std::vector<RecoveryFile> pending = Autosave::pendingRecoveries();
    if (pending.empty())
        return false;
    const RecoveryFile& r = pending.front();
    // Recovery files name their level by an absolute path. One written before
    // that (by a session given a relative path) cannot say which folder it was
    // relative to: it is restored untitled, so Save asks where instead of
    // overwriting a file of the same name under this session's folder.
    const bool knownFile = !r.originalPath.isEmpty() && QFileInfo(r.originalPath).isAbsolute();
    WindowPrompts::Message m;
    m.icon = QMessageBox::Question;
    m.title = tr("Recover Unsaved Changes");
    m.text = tr("Tilesmith found unsaved changes to \"%1\" from %2, left by a session that did "
                "not close normally.")
                 .arg(r.originalPath.isEmpty() ? tr("an untitled level")
                                               : QDir::toNativeSeparators(r.originalPath),
                      QLocale().toString(r.saved, QLocale::ShortFormat));
    QString question = knownFile || r.originalPath.isEmpty()
                           ? tr("Restore them?")
                           : tr("That path is relative to the folder the session started in, "
                                "which is not known: the changes are restored as an untitled "
                                "level. Restore them?");
    if (pending.size() > 1)
        question += QLatin1Char(' ') + tr("(%n more recovery file(s) will be offered next time.)",
                                          nullptr, int(pending.size() - 1));
    m.informativeText = question;
    m.buttons = QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Cancel;
    m.defaultButton = QMessageBox::Yes;
    m.buttonTexts[QMessageBox::Yes] = tr("&Restore");
    m.buttonTexts[QMessageBox::Discard] = tr("&Discard");
    m.buttonTexts[QMessageBox::Cancel] = tr("&Not Now");
    const QMessageBox::StandardButton answer = mPrompts->message(this, m);
    if (answer == QMessageBox::Discard) {
        QFile::remove(r.recoveryPath);
        return false;
    }
    if (answer != QMessageBox::Yes || !maybeSave())
        return false;
    ts::level::LoadResult loaded = Autosave::loadRecovery(r.recoveryPath);
    if (!loaded.ok()) {
        QStringList lines;
        for (const auto& d : loaded.errors)
            lines << QString::fromStdString(d.toString());
        showError(tr("Recovery Failed"), tr("The recovery file could not be read."),
                  lines.join(QLatin1Char('\n')));
        return false;
    }
    setDocument(recoveredDocument(std::move(*loaded.level), knownFile ? r.originalPath : QString(),
                                  r.saved));
    // The restored document is autosaved again under its own key.
    QFile::remove(r.recoveryPath);
    mAutosave->saveNow();
    const QString what =
        tr("Recovered the unsaved changes to %1 autosaved at %2")
            .arg(documentTitle(), QLocale().toString(r.saved, QLocale::ShortFormat));
    if (!loaded.problems.empty()) {
        // Work in progress may break a rule Save checks (a spawn inside a wall, ...):
        // it is restored anyway, and the user learns what to fix before saving.
        QStringList lines;
        for (const auto& d : loaded.problems)
            lines << QString::fromStdString(d.message);
        WindowPrompts::Message info;
        info.icon = QMessageBox::Information;
        info.title = tr("Recovered With Problems");
        info.text = tr("The unsaved changes were restored, but the level cannot be saved "
                       "until these are fixed:");
        info.informativeText = lines.join(QLatin1Char('\n'));
        info.buttons = QMessageBox::Ok;
        mPrompts->message(this, info);
        statusBar()->showMessage(tr("%1; %2 to fix before saving.")
                                     .arg(what, countOf(lines.size(), "problem", "problems")));
    } else {
        statusBar()->showMessage(tr("%1; Undo goes back to %2.")
                                     .arg(what, mDocument->filePath().isEmpty()
                                                    ? tr("an empty level")
                                                    : tr("the file on disk")));
    }
    return true;
}

void MainWindow::setPrompts(std::unique_ptr<WindowPrompts> prompts) {
    mPrompts = prompts ? std::move(prompts) : std::make_unique<WindowPrompts>();
    // The modes ask their questions through the window's prompts too.
    for (WindowExtension* extension : std::as_const(mExtensions))
        if (extension)
            extension->setContext(context());
}

// --- recent files ----------------------------------------------------------------

QStringList MainWindow::recentFiles() const {
    if (!mSettingsEnabled)
        return {};
    return settings().value(QLatin1String(kRecentFilesKey)).toStringList();
}

void MainWindow::clearRecentFiles() {
    if (!mSettingsEnabled)
        return;
    settings().remove(QLatin1String(kRecentFilesKey));
    updateRecentMenu();
}

void MainWindow::addRecentFile(const QString& path) {
    if (!mSettingsEnabled)
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    settings().setValue(QLatin1String(kRecentFilesKey), files);
    updateRecentMenu();
}
} // namespace ts::editor
