// Main window flows with every dialog answered by the test: unsaved-changes
// prompt on New / Open / close, title and modified marker, load and save
// errors, autosave recovery, recent files, the properties dock, the level
// properties dialog and the status bar.
#include "abstracttool.h"
#include "autosave.h"
#include "document.h"
#include "editorview.h"
#include "levelpropertiesdialog.h"
#include "levelscene.h"
#include "mainwindow.h"
#include "propertiesdock.h"
#include "tilesmith/level/levelio.h"
#include "toolmanager.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QWindow>

#include <optional>

#include <unistd.h>

using namespace ts::editor;

namespace {

/// Answers the window's questions from a script and records what was asked.
class ScriptedPrompts : public WindowPrompts {
public:
    QList<QMessageBox::StandardButton> answers;
    QList<Message> asked;
    QString openPath;
    QString savePath;
    int fileDialogs = 0;

    QMessageBox::StandardButton message(QWidget*, const Message& m) override {
        asked << m;
        if (answers.isEmpty())
            return m.buttons.testFlag(QMessageBox::Cancel) ? QMessageBox::Cancel : QMessageBox::Ok;
        return answers.takeFirst();
    }
    std::optional<NewLevelDialog::Settings> newSettings; ///< nullopt = cancel the dialog
    bool newLevelSettings(QWidget*, NewLevelDialog::Settings& settings) override {
        ++fileDialogs;
        if (!newSettings)
            return false;
        settings = *newSettings;
        return true;
    }
    QString openFileName(QWidget*, const QString&, const QString&, const QString&) override {
        ++fileDialogs;
        return openPath;
    }
    QString saveFileName(QWidget*, const QString&, const QString&, const QString&) override {
        ++fileDialogs;
        return savePath;
    }
};

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void paintOneTile(LevelDocument* doc, QPoint pos = {5, 5}) {
    const ts::Tile old = doc->level().tile(pos.x(), pos.y());
    doc->paintTiles({{pos, old == ts::Tile::Solid ? ts::Tile::Empty : ts::Tile::Solid}},
                    QStringLiteral("Paint"));
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mSettingsDir;
    std::unique_ptr<QTemporaryDir> mWork;

    QString work(const QString& name) const { return mWork->filePath(name); }
    /// A fresh copy of a sample level in the work folder.
    QString copyLevel(const QString& sample, const QString& as) {
        const QString src = QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + sample;
        const QString dst = work(as);
        QFile::remove(dst);
        if (!QFile::copy(src, dst))
            qFatal("cannot copy %s", qPrintable(src));
        QFile(dst).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return dst;
    }
    /// A window with scripted prompts; `prompts` receives the script.
    std::unique_ptr<MainWindow> makeWindow(ScriptedPrompts** prompts) {
        auto w = std::make_unique<MainWindow>();
        auto p = std::make_unique<ScriptedPrompts>();
        *prompts = p.get();
        w->setPrompts(std::move(p));
        return w;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("Tilesmith"));
        QCoreApplication::setApplicationName(QStringLiteral("Tilesmith"));
        QVERIFY(mSettingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, mSettingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, mSettingsDir.path());
        Autosave::setDirectoryOverride(mSettingsDir.filePath(QStringLiteral("recovery")));
    }

    void init() {
        mWork = std::make_unique<QTemporaryDir>();
        QVERIFY(mWork->isValid());
        QSettings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith")).clear();
        QDir(Autosave::directory()).removeRecursively();
    }

    void cleanup() {
        if (mWork)
            QFile::setPermissions(mWork->path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                     QFileDevice::ExeOwner);
        mWork.reset();
    }

    void startsWithAnEmptyUntitledLevel() {
        MainWindow w;
        QVERIFY(w.document());
        QCOMPARE(w.document()->filePath(), QString());
        QVERIFY(!w.document()->isModified());
        // A new level loads back: it has its one player, on a floor.
        const ts::level::Level& level = w.document()->level();
        QVERIFY(level.player());
        QVERIFY(ts::level::validateLevel(level).empty());
        QCOMPARE(level.tile(level.player()->x, level.player()->y + 1), ts::Tile::Solid);
        QCOMPARE(w.sizeStatus()->text(), QStringLiteral("40 x 12 tiles"));
        QVERIFY(w.scene()->document() == w.document());
        QVERIFY(w.playMenu());
        QVERIFY(w.overlaysMenu());
        QVERIFY(w.mainToolBar());
        // Standard shortcuts on the standard actions.
        QCOMPARE(w.action(QStringLiteral("actionSave"))->shortcut(),
                 QKeySequence(QKeySequence::Save));
        QCOMPARE(w.action(QStringLiteral("actionUndo"))->shortcut(),
                 QKeySequence(QKeySequence::Undo));
    }

    void titleFollowsModifiedStateAndUndo() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("t.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE(w.windowHandle()->title(), QStringLiteral("t.yaml \u2014 Tilesmith"));
        QVERIFY(!w.isWindowModified());

        paintOneTile(w.document());
        QVERIFY(w.isWindowModified());
        QTRY_COMPARE(w.windowHandle()->title(), QStringLiteral("t.yaml* \u2014 Tilesmith"));
        QVERIFY(w.action(QStringLiteral("actionUndo"))->isEnabled());

        w.action(QStringLiteral("actionUndo"))->trigger();
        QVERIFY(!w.isWindowModified());
        QTRY_COMPARE(w.windowHandle()->title(), QStringLiteral("t.yaml \u2014 Tilesmith"));
        QVERIFY(w.action(QStringLiteral("actionRedo"))->isEnabled());
        w.action(QStringLiteral("actionRedo"))->trigger();
        QVERIFY(w.isWindowModified());
    }

    void unsavedChangesPrompt_data() {
        QTest::addColumn<QString>("operation");
        QTest::addColumn<int>("answer");
        for (const char* op : {"new", "open", "close"}) {
            QTest::addRow("%s-cancel", op) << QString::fromLatin1(op) << int(QMessageBox::Cancel);
            QTest::addRow("%s-discard", op) << QString::fromLatin1(op) << int(QMessageBox::Discard);
            QTest::addRow("%s-save", op) << QString::fromLatin1(op) << int(QMessageBox::Save);
        }
    }

    void unsavedChangesPrompt() {
        QFETCH(QString, operation);
        QFETCH(int, answer);
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const QString other = copyLevel(QStringLiteral("crowd.yaml"), QStringLiteral("b.yaml"));
        const QByteArray before = readAll(path);

        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        QVERIFY(w->openFile(path));
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        paintOneTile(w->document());
        const ts::level::Level edited = w->document()->level();
        LevelDocument* const docBefore = w->document();
        QSignalSpy changed(w.get(), &MainWindow::documentChanged);
        prompts->answers << QMessageBox::StandardButton(answer);

        bool proceeded = false;
        if (operation == QLatin1String("new")) {
            NewLevelDialog::Settings s;
            s.width = 7;
            s.height = 5;
            proceeded = w->newLevel(s);
        } else if (operation == QLatin1String("open")) {
            proceeded = w->open(other);
        } else {
            proceeded = w->close();
        }

        QCOMPARE(prompts->asked.size(), 1);
        QCOMPARE(prompts->asked.first().buttons,
                 QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
        QVERIFY(prompts->asked.first().text.contains(QStringLiteral("a.yaml")));

        if (answer == QMessageBox::Cancel) {
            QVERIFY(!proceeded);
            QCOMPARE(w->document(), docBefore);
            QVERIFY(w->document()->isModified());
            QCOMPARE(w->document()->level(), edited);
            QCOMPARE(changed.count(), 0);
            QVERIFY(w->isVisible());
            QCOMPARE(readAll(path), before);
            return;
        }
        QVERIFY(proceeded);
        if (answer == QMessageBox::Discard) {
            QCOMPARE(readAll(path), before); // nothing written
        } else {
            QVERIFY(readAll(path) != before);
            const auto reloaded = ts::level::loadLevelFile(path.toStdString());
            QVERIFY(reloaded.ok());
            QCOMPARE(*reloaded.level, edited);
        }
        if (operation == QLatin1String("new")) {
            QCOMPARE(changed.count(), 1);
            QCOMPARE(w->document()->level().width, 7);
            QCOMPARE(w->document()->level().height, 5);
            QVERIFY(!w->document()->isModified());
            QCOMPARE(w->sizeStatus()->text(), QStringLiteral("7 x 5 tiles"));
        } else if (operation == QLatin1String("open")) {
            QCOMPARE(changed.count(), 1);
            QCOMPARE(w->document()->filePath(), other);
        } else {
            QVERIFY(!w->isVisible());
        }
    }

    void newActionAsksForTheSize() {
        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        paintOneTile(w->document());
        LevelDocument* doc = w->document();
        // Discard, then cancel the size dialog: the document stays.
        prompts->answers << QMessageBox::Discard;
        w->action(QStringLiteral("actionNew"))->trigger();
        QCOMPARE(prompts->fileDialogs, 1);
        QCOMPARE(w->document(), doc);

        NewLevelDialog::Settings s;
        s.name = QStringLiteral("Cave");
        s.width = 9;
        s.height = 6;
        s.tileSize = 32;
        prompts->newSettings = s;
        prompts->answers << QMessageBox::Discard;
        w->action(QStringLiteral("actionNew"))->trigger();
        const ts::level::Level& level = w->document()->level();
        QCOMPARE(level.name, std::string("Cave"));
        QCOMPARE(level.width, 9);
        QCOMPARE(level.height, 6);
        QCOMPARE(level.tileSize, 32);
        QCOMPARE(prompts->asked.size(), 2); // asked once per New, never twice
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->displayName(), QStringLiteral("untitled.yaml"));
    }

    void toolPaletteShortcutsAndOptions() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        w.view()->setFocus();
        QCOMPARE(w.toolPalette()->actions().size(), w.tools()->tools().size());
        const struct {
            Qt::Key key;
            const char* name;
        } keys[] = {{Qt::Key_E, "Eraser"},
                    {Qt::Key_S, "Select"},
                    {Qt::Key_P, "Spawn"},
                    {Qt::Key_B, "Brush"}};
        for (const auto& k : keys) {
            QTest::keyClick(w.view()->viewport(), k.key);
            QTRY_COMPARE(w.tools()->currentTool()->name(), QString::fromLatin1(k.name));
            QCOMPARE(w.toolStatus()->text(), QString::fromLatin1(k.name));
        }
        auto* brush = w.findChild<QSpinBox*>(QStringLiteral("brushSizeBox"));
        auto* kind = w.findChild<QComboBox*>(QStringLiteral("tileKindBox"));
        auto* spawn = w.findChild<QComboBox*>(QStringLiteral("spawnKindBox"));
        QVERIFY(brush && kind && spawn);
        brush->setValue(3);
        QCOMPARE(w.tools()->brushSize(), 3);
        kind->setCurrentIndex(kind->findData(int(ts::Tile::OneWay)));
        QCOMPARE(w.tools()->tileKind(), ts::Tile::OneWay);
        spawn->setCurrentIndex(spawn->findData(int(ts::level::SpawnKind::Ball)));
        QCOMPARE(w.tools()->spawnKind(), ts::level::SpawnKind::Ball);
        // And back: the palette follows the tools (the eyedropper sets the kind).
        w.tools()->setTileKind(ts::Tile::Solid);
        QCOMPARE(kind->currentData().toInt(), int(ts::Tile::Solid));
        w.tools()->setBrushSize(5);
        QCOMPARE(brush->value(), 5);
    }

    void editActionsFollowTheSelection() {
        MainWindow w;
        QAction* cut = w.action(QStringLiteral("actionCut"));
        QAction* del = w.action(QStringLiteral("actionDelete"));
        QVERIFY(!cut->isEnabled());
        w.action(QStringLiteral("actionSelectAll"))->trigger();
        QVERIFY(w.scene()->hasSelection());
        QVERIFY(cut->isEnabled());
        QVERIFY(del->isEnabled());
        const ts::level::Level before = w.document()->level();
        del->trigger(); // clears the selected tiles: one undo step
        QCOMPARE(w.document()->undoStack()->count(), 1);
        const ts::level::Level& after = w.document()->level();
        for (int y = 0; y < after.height; ++y)
            for (int x = 0; x < after.width; ++x)
                QCOMPARE(after.tile(x, y), ts::Tile::Empty);
        // The selected spawns too, except the level's only player (issue 9: a
        // level needs one), which stays with a status-bar message.
        QCOMPARE(after.spawns.size(), std::size_t(1));
        QVERIFY(after.player());
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("player")));
        w.action(QStringLiteral("actionUndo"))->trigger();
        QCOMPARE(w.document()->level(), before);
        w.scene()->selectNone();
        QVERIFY(!cut->isEnabled());
    }

    void noPromptWithoutChanges() {
        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        QVERIFY(w->open(path));
        QVERIFY(w->close());
        QCOMPARE(prompts->asked.size(), 0);
    }

    void saveOfUntitledAsksForAName() {
        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        paintOneTile(w->document());
        prompts->answers << QMessageBox::Save;
        prompts->savePath = work(QStringLiteral("named")); // ".yaml" is added
        QVERIFY(w->close());
        QCOMPARE(prompts->fileDialogs, 1);
        QVERIFY(QFile::exists(work(QStringLiteral("named.yaml"))));
        QVERIFY(ts::level::loadLevelFile(work(QStringLiteral("named.yaml")).toStdString()).ok());

        // Cancelling the file dialog cancels the close.
        ScriptedPrompts* p2 = nullptr;
        auto w2 = makeWindow(&p2);
        w2->show();
        paintOneTile(w2->document());
        p2->answers << QMessageBox::Save;
        p2->savePath.clear();
        QVERIFY(!w2->close());
        QVERIFY(w2->document()->isModified());
    }

    void realMessageBoxCanBeAnswered() {
        // The default prompts: a real QMessageBox, answered by clicking.
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        paintOneTile(w.document());
        QString seenText;
        QTimer::singleShot(0, &w, [&seenText] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            seenText = box->text();
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!w.close());
        QVERIFY(seenText.contains(QStringLiteral("untitled.yaml")));
        QVERIFY(w.isVisible());
        w.document()->undoStack()->setClean();
    }

    void loadErrorLeavesDocumentIntact() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const QString broken = work(QStringLiteral("broken.yaml"));
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("tilesmith: 1\nname: Broken\ntile_size: 16\nwidth: 4\nheight: 2\n"
                    "tiles: |\n  ....\n  ..\n");
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        QVERIFY(w->openFile(path));
        paintOneTile(w->document());
        LevelDocument* const doc = w->document();
        const ts::level::Level edited = doc->level();
        prompts->answers << QMessageBox::Discard << QMessageBox::Ok;

        QString error;
        QVERIFY(!w->openFile(broken, &error));
        QVERIFY2(
            error.contains(QRegularExpression(QStringLiteral("broken\\.yaml:\\d+:\\d+: error: "))),
            qPrintable(error));

        QVERIFY(!w->open(broken));
        QCOMPARE(prompts->asked.size(), 2); // unsaved changes, then the error
        const WindowPrompts::Message& m = prompts->asked.at(1);
        QCOMPARE(m.icon, QMessageBox::Warning);
        QVERIFY2(m.informativeText.contains(
                     QRegularExpression(QStringLiteral("broken\\.yaml:\\d+:\\d+: error: "))),
                 qPrintable(m.informativeText));
        QCOMPARE(w->document(), doc);
        QCOMPARE(w->document()->level(), edited);
        QCOMPARE(w->document()->filePath(), path);
        QVERIFY(w->document()->isModified());
        w->document()->undoStack()->setClean();
    }

    void failedSaveLeavesOldFileIntact_data() {
        QTest::addColumn<QString>("how");
        QTest::newRow("read-only directory") << QStringLiteral("readonly");
        // Also fails for root: the file exists, but its temporary sibling's name
        // (name + ".XXXXXX") is longer than the file system allows.
        QTest::newRow("no room for the temporary file's name") << QStringLiteral("longname");
    }

    void failedSaveLeavesOldFileIntact() {
        QFETCH(QString, how);
        if (how == QLatin1String("readonly") && ::geteuid() == 0)
            QSKIP("root ignores directory permissions");
        const QString name = how == QLatin1String("longname")
                                 ? QString(250, QLatin1Char('l')) + QStringLiteral(".yaml")
                                 : QStringLiteral("a.yaml");
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), name);
        const QByteArray before = readAll(path);
        QVERIFY(!before.isEmpty());

        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        QVERIFY(w->openFile(path));
        paintOneTile(w->document());
        if (how == QLatin1String("readonly"))
            QVERIFY(QFile::setPermissions(mWork->path(),
                                          QFileDevice::ReadOwner | QFileDevice::ExeOwner));

        QString error;
        QVERIFY(!w->saveFile(path, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!w->save());
        QCOMPARE(prompts->asked.size(), 1);
        QCOMPARE(prompts->asked.first().icon, QMessageBox::Warning);
        QVERIFY(prompts->asked.first().text.contains(QStringLiteral("not changed")));
        QVERIFY(!prompts->asked.first().informativeText.isEmpty()); // the reason

        QCOMPARE(readAll(path), before);
        QVERIFY(w->document()->isModified());
        QCOMPARE(QDir(mWork->path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
        w->document()->undoStack()->setClean();
    }

    void autosaveWritesRecoveryFileAndNextStartRestoresIt() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const QByteArray before = readAll(path);
        ScriptedPrompts* pa = nullptr;
        auto crashed = makeWindow(&pa);
        QVERIFY(crashed->openFile(path));
        crashed->autosave()->setInterval(20);
        paintOneTile(crashed->document(), {10, 10});
        paintOneTile(crashed->document(), {11, 10});
        QSignalSpy saved(crashed->autosave(), &Autosave::saved);
        QTRY_VERIFY(saved.count() >= 1);
        const QString recovery = crashed->autosave()->recoveryPath();
        QVERIFY(QFile::exists(recovery));
        QCOMPARE(Autosave::originalPathOf(recovery), path);
        QCOMPARE(readAll(path), before); // autosave never touches the real file
        // A running session's file is locked: never offered to another window.
        QVERIFY(Autosave::pendingRecoveries().empty());

        // "Crash": the window goes away without closing; its file stays.
        const ts::level::Level edited = crashed->document()->level();
        crashed.reset();
        QVERIFY(QFile::exists(recovery));
        const auto pending = Autosave::pendingRecoveries();
        QCOMPARE(pending.size(), std::size_t(1));
        QCOMPARE(pending.front().originalPath, path);

        // The next start finds it and restores it on request.
        ScriptedPrompts* pb = nullptr;
        auto next = makeWindow(&pb);
        pb->answers << QMessageBox::Yes;
        QSignalSpy changed(next.get(), &MainWindow::documentChanged);
        QVERIFY(next->offerRecovery());
        QCOMPARE(pb->asked.size(), 1);
        QVERIFY(pb->asked.first().text.contains(QStringLiteral("a.yaml")));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(next->document()->level(), edited);
        QCOMPARE(next->document()->filePath(), path);
        QVERIFY(next->document()->isModified());
        QVERIFY(next->isWindowModified());

        // Saving the restored level removes the recovery file.
        QVERIFY(next->save());
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(Autosave::pendingRecoveries().empty());
        const auto reloaded = ts::level::loadLevelFile(path.toStdString());
        QVERIFY(reloaded.ok());
        QCOMPARE(*reloaded.level, edited);
    }

    void recoveryCanBeDiscardedOrPostponed() {
        ScriptedPrompts* pa = nullptr;
        auto crashed = makeWindow(&pa);
        paintOneTile(crashed->document());
        QVERIFY(crashed->autosave()->saveNow());
        crashed.reset();
        QCOMPARE(Autosave::pendingRecoveries().size(), std::size_t(1));
        QCOMPARE(Autosave::pendingRecoveries().front().originalPath, QString());

        ScriptedPrompts* pb = nullptr;
        auto next = makeWindow(&pb);
        pb->answers << QMessageBox::Cancel << QMessageBox::Discard;
        QVERIFY(!next->offerRecovery()); // "Not Now": kept for later
        QCOMPARE(Autosave::pendingRecoveries().size(), std::size_t(1));
        QVERIFY(!next->offerRecovery()); // Discard: gone
        QVERIFY(Autosave::pendingRecoveries().empty());
        QVERIFY(!next->document()->isModified());
        QVERIFY(!next->offerRecovery()); // nothing left: no question
        QCOMPARE(pb->asked.size(), 2);
    }

    void cleanCloseRemovesRecoveryFile() {
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        paintOneTile(w->document());
        QVERIFY(w->autosave()->saveNow());
        const QString recovery = w->autosave()->recoveryPath();
        QVERIFY(QFile::exists(recovery));
        p->answers << QMessageBox::Discard;
        QVERIFY(w->close());
        QVERIFY(!QFile::exists(recovery));
        w.reset();
        QVERIFY(Autosave::pendingRecoveries().empty());
    }

    void undoingToTheSavedStateRemovesRecoveryFile() {
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        paintOneTile(w->document());
        QVERIFY(w->autosave()->saveNow());
        const QString recovery = w->autosave()->recoveryPath();
        QVERIFY(QFile::exists(recovery));
        w->document()->undoStack()->undo();
        QVERIFY(!QFile::exists(recovery));
    }

    void recentFiles() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const QString b = copyLevel(QStringLiteral("crowd.yaml"), QStringLiteral("b.yaml"));
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        QVERIFY(w->recentFiles().isEmpty());
        QVERIFY(w->open(a));
        QVERIFY(w->open(b));
        QCOMPARE(w->recentFiles(), QStringList({b, a}));
        QVERIFY(w->open(a));
        QCOMPARE(w->recentFiles(), QStringList({a, b}));

        // Kept in QSettings: a new window sees them, and its menu opens them.
        MainWindow other;
        QCOMPARE(other.recentFiles(), QStringList({a, b}));
        auto* menu = other.findChild<QMenu*>(QStringLiteral("recentMenu"));
        QVERIFY(menu);
        QAction* second = nullptr;
        for (QAction* act : menu->actions())
            if (act->data().toString() == b)
                second = act;
        QVERIFY(second);
        second->trigger();
        QCOMPARE(other.document()->filePath(), b);
        QCOMPARE(other.recentFiles(), QStringList({b, a}));

        // A recent file that was deleted: an error, and it leaves the list.
        QVERIFY(QFile::remove(a));
        auto* p2 = new ScriptedPrompts;
        other.setPrompts(std::unique_ptr<WindowPrompts>(p2));
        QVERIFY(!other.open(a));
        QCOMPARE(p2->asked.size(), 1);
        QCOMPARE(other.recentFiles(), QStringList({b}));

        // Settings off (--screenshot): nothing read or written.
        MainWindow tool;
        tool.setSettingsEnabled(false);
        QVERIFY(tool.recentFiles().isEmpty());
        QVERIFY(tool.openFile(b));
        tool.setSettingsEnabled(true);
        QCOMPARE(tool.recentFiles(), QStringList({b}));

        other.clearRecentFiles();
        QVERIFY(other.recentFiles().isEmpty());
    }

    void windowStateIsKeptInSettings() {
        {
            MainWindow w;
            w.resize(900, 650);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.undoDock()->hide();
            w.saveWindowState();
        }
        MainWindow w;
        w.restoreWindowState();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), QSize(900, 650));
        QVERIFY(w.undoDock()->isHidden());
    }

    void propertiesDockEditsSpawnThroughUndoStack() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        const ts::level::Spawn original = *w.document()->level().findSpawn(4); // a box
        PropertiesDock* dock = w.propertiesDock();
        QCOMPARE(dock->currentSpawnId(), 0);

        w.scene()->setSelectedSpawns({4});
        QCOMPARE(dock->currentSpawnId(), 4);
        QCOMPARE(dock->massBox()->value(), double(original.mass));
        QUndoStack* stack = w.document()->undoStack();
        const int count = stack->count();

        dock->massBox()->setValue(7.5);
        QCOMPARE(w.document()->level().findSpawn(4)->mass, 7.5f);
        QCOMPARE(stack->count(), count + 1);
        dock->massBox()->setValue(8.0); // the same field again: merged
        QCOMPARE(stack->count(), count + 1);
        dock->restitutionBox()->setValue(0.5);
        QCOMPARE(w.document()->level().findSpawn(4)->restitution, 0.5f);
        QCOMPARE(stack->count(), count + 2);
        QVERIFY(w.isWindowModified());

        stack->undo();
        stack->undo();
        QCOMPARE(*w.document()->level().findSpawn(4), original);
        QCOMPARE(dock->massBox()->value(), double(original.mass)); // the dock follows
        QVERIFY(!w.document()->isModified());

        // Kind change, then custom properties: add, retype, edit, remove.
        dock->kindBox()->setCurrentIndex(
            dock->kindBox()->findData(int(ts::level::SpawnKind::Ball)));
        QCOMPARE(w.document()->level().findSpawn(4)->kind, ts::level::SpawnKind::Ball);
        QVERIFY(dock->radiusBox()->isVisibleTo(dock));
        QVERIFY(!dock->widthBox()->isVisibleTo(dock));

        PropertiesTable* table = dock->propertiesTable();
        table->addProperty();
        QCOMPARE(w.document()->level().findSpawn(4)->properties.size(), std::size_t(1));
        QVERIFY(std::holds_alternative<std::string>(
            w.document()->level().findSpawn(4)->properties.at("property")));
        auto* typeBox =
            qobject_cast<QComboBox*>(table->table()->cellWidget(0, PropertiesTable::TypeColumn));
        QVERIFY(typeBox);
        typeBox->setCurrentText(QStringLiteral("int"));
        QCOMPARE(w.document()->level().findSpawn(4)->properties.at("property"),
                 ts::level::PropertyValue(std::int64_t{0}));
        QCoreApplication::processEvents(); // the table rebuilds after an edit
        table->table()->item(0, PropertiesTable::ValueColumn)->setText(QStringLiteral("42"));
        QCOMPARE(w.document()->level().findSpawn(4)->properties.at("property"),
                 ts::level::PropertyValue(std::int64_t{42}));
        QCoreApplication::processEvents();
        // Not an int: rejected, the value stays.
        table->table()->item(0, PropertiesTable::ValueColumn)->setText(QStringLiteral("abc"));
        QCoreApplication::processEvents();
        QCOMPARE(w.document()->level().findSpawn(4)->properties.at("property"),
                 ts::level::PropertyValue(std::int64_t{42}));
        QCOMPARE(table->table()->item(0, PropertiesTable::ValueColumn)->text(),
                 QStringLiteral("42"));
        table->table()->item(0, PropertiesTable::NameColumn)->setText(QStringLiteral("health"));
        QCOMPARE(w.document()->level().findSpawn(4)->properties.count("health"), std::size_t(1));
        QCoreApplication::processEvents();
        table->table()->setCurrentCell(0, PropertiesTable::NameColumn);
        table->removeCurrentProperty();
        QVERIFY(w.document()->level().findSpawn(4)->properties.empty());

        // Everything above is undoable back to the file's state.
        while (stack->canUndo())
            stack->undo();
        QCOMPARE(*w.document()->level().findSpawn(4), original);
    }

    void levelPropertiesDialogIsOneUndoStep() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        const ts::level::Level original = w.document()->level();
        LevelPropertiesDialog dialog(original);
        dialog.nameEdit()->setText(QStringLiteral("Renamed"));
        dialog.widthBox()->setValue(original.width + 4);
        dialog.heightBox()->setValue(original.height + 2);
        dialog.setAnchor(ResizeAnchor::BottomRight);
        dialog.gravityBox()->setValue(900);
        QCOMPARE(dialog.anchor(), ResizeAnchor::BottomRight);
        QCOMPARE(dialog.physics().dt, original.physics.dt); // untouched rate stays exact

        QUndoStack* stack = w.document()->undoStack();
        dialog.applyTo(w.document());
        QCOMPARE(stack->count(), 1);
        const auto& level = w.document()->level();
        QCOMPARE(level.name, std::string("Renamed"));
        QCOMPARE(level.width, original.width + 4);
        QCOMPARE(level.height, original.height + 2);
        QCOMPARE(level.physics.gravity, 900.f);
        // Anchored bottom-right: the old content moved right and down.
        QCOMPARE(level.tile(4, 2), original.tile(0, 0));
        QCOMPARE(w.sizeStatus()->text(),
                 QStringLiteral("%1 x %2 tiles").arg(original.width + 4).arg(original.height + 2));
        stack->undo();
        QCOMPARE(w.document()->level(), original);

        // Nothing changed: nothing pushed.
        LevelPropertiesDialog same(original);
        same.applyTo(w.document());
        QCOMPARE(stack->count(), 1);
        QCOMPARE(stack->index(), 0);
    }

    void openingFitsTheWholeLevel() {
        // A designer opening a level sees all of it, not a corner at 100 %.
        const QString path = copyLevel(QStringLiteral("crowd.yaml"), QStringLiteral("fit.yaml"));
        MainWindow w;
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(path));
        const QRectF visible = w.view()
                                   ->mapToScene(w.view()->viewport()->rect())
                                   .boundingRect()
                                   .adjusted(-1, -1, 1, 1);
        QVERIFY2(visible.contains(w.scene()->mapRect()),
                 qPrintable(QStringLiteral("zoom %1").arg(w.view()->zoom())));
        QVERIFY(w.view()->zoom() < 1.0); // 96 x 50 tiles of 16 px do not fit at 100 %
    }

    void statusBarShowsTileUnderCursor() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        MainWindow w;
        QVERIFY(w.openFile(path));
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.view()->resetZoom();
        QCOMPARE(w.zoomStatus()->text(), QStringLiteral("100 %"));
        const ts::level::Level& level = w.document()->level();

        // An empty tile, then a solid one (row 0 is the top wall).
        const QPoint empty(3, 5), solid(2, 0);
        QCOMPARE(level.tile(empty.x(), empty.y()), ts::Tile::Empty);
        QCOMPARE(level.tile(solid.x(), solid.y()), ts::Tile::Solid);
        for (const auto& [tile, kind] : {std::pair{empty, QStringLiteral("empty")},
                                         std::pair{solid, QStringLiteral("solid")}}) {
            w.view()->centerOn(w.scene()->tileCenter(tile));
            const QPoint at = w.view()->mapFromScene(w.scene()->tileCenter(tile));
            QVERIFY(w.view()->viewport()->rect().contains(at));
            QTest::mouseMove(w.view()->viewport(), at);
            QTRY_COMPARE(w.tileStatus()->text(),
                         QStringLiteral("%1, %2 \u2014 %3").arg(tile.x()).arg(tile.y()).arg(kind));
        }
        // Painting under the cursor updates the kind shown.
        w.document()->paintTiles({{solid, ts::Tile::OneWay}}, QStringLiteral("Paint"));
        QCOMPARE(w.tileStatus()->text(), QStringLiteral("2, 0 \u2014 one-way"));
        QVERIFY(!w.toolStatus()->text().isEmpty());
        QCOMPARE(w.sizeStatus()->text(), QStringLiteral("60 x 20 tiles"));
        w.document()->undoStack()->setClean();
    }

    void tmxExportThenImport() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        QVERIFY(w->openFile(path));
        const ts::level::Level original = w->document()->level();
        QVERIFY(w->exportTmx(work(QStringLiteral("a.tmx"))));
        QVERIFY(w->importTmx(work(QStringLiteral("a.tmx"))));
        QCOMPARE(w->document()->level(), original);
        QVERIFY(w->document()->filePath().isEmpty()); // not a level file yet
        QVERIFY(w->document()->isModified());
        QCOMPARE(p->asked.size(), 0);
        // A broken map: an error dialog, the document stays.
        LevelDocument* doc = w->document();
        {
            QFile f(work(QStringLiteral("bad.tmx")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("<map version=\"1.8\"");
        }
        p->answers << QMessageBox::Discard << QMessageBox::Ok;
        QVERIFY(!w->importTmx(work(QStringLiteral("bad.tmx"))));
        QCOMPARE(w->document(), doc);
        QCOMPARE(p->asked.size(), 2);
        QCOMPARE(p->asked.at(1).icon, QMessageBox::Warning);
        w->document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
