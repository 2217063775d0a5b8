// Main window file flows with every dialog answered by the test: the
// unsaved-changes prompt on New / Open / close, a level opened (or new) after
// another starting with nothing selected, Save As for untitled levels, load
// and save errors, recent files, TMX export and import, and the New Level
// dialog's width (autosave recovery: test_mainwindow_recovery.cpp).
#include "mainwindow_testutil.h"
#include "tilesmith/editor/newleveldialog.h"
#include "widgets/propertiesdock.h"

#include "samplelevels.h"

#include <QFontDatabase>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QScopeGuard>

class TestMainWindowFiles : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

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
            QCOMPARE(w->findChild<QLabel*>(QStringLiteral("sizeStatus"))->text(),
                     QStringLiteral("7 x 5 tiles"));
        } else if (operation == QLatin1String("open")) {
            QCOMPARE(changed.count(), 1);
            QCOMPARE(w->document()->filePath(), other);
        } else {
            QVERIFY(!w->isVisible());
        }
    }

    void noPromptWithoutChanges() {
        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        QVERIFY(w->open(path));
        QVERIFY(w->close());
        QCOMPARE(prompts->asked.size(), 0);
    }

    void openedLevelStartsWithNothingSelected() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        const QString b = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("b.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a);
        QVERIFY(w);
        clickSpawn(w.get(), 4); // the box
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{4});

        prompts->openPath = b;
        QTest::keyClick(viewport(w.get()), Qt::Key_O, Qt::ControlModifier);
        QCOMPARE(w->document()->filePath(), b);
        // b's box has the id the selection had in a: it is not selected, not drawn
        // selected, and the properties dock (which lists nothing) agrees.
        QVERIFY(w->scene()->selectedSpawnIds().isEmpty());
        QVERIFY(!w->scene()->spawnItem(4)->isSelected());
        const std::size_t spawns = w->document()->level().spawns.size();
        QTest::keyClick(viewport(w.get()), Qt::Key_Delete);
        QCOMPARE(w->document()->level().spawns.size(), spawns);
        QVERIFY(w->document()->level().findSpawn(4));
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QVERIFY(!w->document()->isModified());

        // The same after New.
        clickSpawn(w.get(), 1); // the player, id 1 in the new level too
        QCOMPARE(w->scene()->selectedSpawnIds(), QList<int>{1});
        prompts->newSettings = NewLevelDialog::Settings{};
        QTest::keyClick(viewport(w.get()), Qt::Key_N, Qt::ControlModifier);
        QVERIFY(w->document()->filePath().isEmpty());
        QVERIFY(w->scene()->selectedSpawnIds().isEmpty());
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
        int width = 0, titleWidth = 0;
        QTimer::singleShot(0, &w, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            seenText = box->text();
            width = box->width();
            titleWidth = NewLevelDialog::titleBarWidth(box->windowTitle());
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!w.close());
        QVERIFY(seenText.contains(QStringLiteral("untitled.yaml")));
        // Wide enough for the window manager's whole title ("Unsaved Changes —
        // Tilesmith" read "Unsaved Cha…s" under openbox).
        QVERIFY2(width >= titleWidth,
                 qPrintable(QStringLiteral("%1 < %2").arg(width).arg(titleWidth)));
        QVERIFY(w.isVisible());
        w.document()->undoStack()->setClean();
    }

    void realMessageBoxesAnswerFromTheKeyboard() {
        // Every answer of the real dialogs has a mnemonic (a bare X11 session's
        // standard buttons have none): Alt+D does not save, Alt+N postpones the
        // recovery, Alt+D discards it.
        const auto pressInDialog = [](QObject* context, Qt::Key key, QString* seenButtons) {
            QTimer::singleShot(0, context, [key, seenButtons] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                if (!box)
                    return;
                for (QAbstractButton* b : box->buttons())
                    *seenButtons += b->text() + QLatin1Char('|');
                // Mnemonics are window shortcuts: the box must be the active window
                // (the offscreen platform does not activate a new dialog by itself).
                QApplication::setActiveWindow(box);
                QTest::keyClick(box, key, Qt::AltModifier);
                // A mnemonic animates the click (it lands ~100 ms later); if the key
                // did nothing, cancel so the test fails instead of hanging.
                if (!QTest::qWaitFor([box] { return !box->isVisible(); }, 2000))
                    box->button(QMessageBox::Cancel)->click();
            });
        };
        QString buttons;
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            paintOneTile(w.document());
            pressInDialog(&w, Qt::Key_D, &buttons);
            QVERIFY(w.close()); // Don't Save: closes without asking for a name
            QVERIFY(!w.isVisible());
            QVERIFY(buttons.contains(QStringLiteral("&Don't Save")));
            QVERIFY(buttons.contains(QStringLiteral("&Save")));
        }

        leaveUntitledRecovery();
        MainWindow next;
        buttons.clear();
        pressInDialog(&next, Qt::Key_N, &buttons);
        QVERIFY(!next.offerRecovery()); // Not Now: kept for later
        QCOMPARE(Autosave::pendingRecoveries().size(), std::size_t(1));
        QVERIFY(buttons.contains(QStringLiteral("&Restore")));
        pressInDialog(&next, Qt::Key_D, &buttons);
        QVERIFY(!next.offerRecovery()); // Discard: gone
        QVERIFY(Autosave::pendingRecoveries().empty());
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

    void recentFilesOfTheSameNameShowTheirFolders() {
        // Two "tutorial.yaml" in different folders and one "a&b.yaml": the menu
        // tells the first two apart by folder and shows the '&' as it is.
        QVERIFY(QDir(work({})).mkpath(QStringLiteral("old")));
        QVERIFY(QDir(work({})).mkpath(QStringLiteral("new")));
        const QString oldOne =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("old/tutorial.yaml"));
        const QString newOne =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("new/tutorial.yaml"));
        const QString amp = copyLevel(QStringLiteral("crowd.yaml"), QStringLiteral("a&b.yaml"));
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        QVERIFY(w->open(oldOne));
        QVERIFY(w->open(newOne));
        QVERIFY(w->open(amp));
        auto* menu = w->findChild<QMenu*>(QStringLiteral("recentMenu"));
        QVERIFY(menu);
        const auto recentTexts = [menu] {
            QStringList out;
            for (QAction* act : menu->actions())
                if (!act->data().toString().isEmpty())
                    out << act->text();
            return out;
        };
        const QString folder = QDir::toNativeSeparators(QDir::cleanPath(work({})));
        QCOMPARE(recentTexts(), QStringList({QStringLiteral("&1 a&&b.yaml"),
                                             QStringLiteral("&2 tutorial.yaml  ") + folder +
                                                 QDir::separator() + QStringLiteral("new"),
                                             QStringLiteral("&3 tutorial.yaml  ") + folder +
                                                 QDir::separator() + QStringLiteral("old")}));
        // Under the home folder, the folder starts with '~'.
        const QByteArray home = qgetenv("HOME");
        const auto restoreHome = qScopeGuard([&home] { qputenv("HOME", home); });
        qputenv("HOME", QFile::encodeName(work({})));
        w->clearRecentFiles();
        QVERIFY(w->open(oldOne));
        QVERIFY(w->open(newOne));
        QCOMPARE(recentTexts(), QStringList({QStringLiteral("&1 tutorial.yaml  ~") +
                                                 QDir::separator() + QStringLiteral("new"),
                                             QStringLiteral("&2 tutorial.yaml  ~") +
                                                 QDir::separator() + QStringLiteral("old")}));
        // Once only one is left in the list, its name alone tells it.
        w->clearRecentFiles();
        QVERIFY(w->open(newOne));
        QCOMPARE(recentTexts(), QStringList({QStringLiteral("&1 tutorial.yaml")}));
    }

    void saveAndCloseTakeAValueStillBeingTyped() {
        // A spawn's mass typed in the properties dock (no Enter yet), then Ctrl+S:
        // the file gets the typed value; typed again, then closing asks about it.
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("m.yaml"));
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        QVERIFY(w->openFile(path));
        w->show();
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        w->scene()->setSelectedSpawns({4}); // a box, mass 2
        QDoubleSpinBox* mass = w->findChild<ts::editor::PropertiesDock*>()->massBox();
        mass->setFocus();
        QTRY_VERIFY(mass->hasFocus());
        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("7"));
        QTest::keyClick(mass, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(readAll(path).contains("{id: 4, kind: box, x: 17, y: 16, width: 16, height: 16, "
                                       "mass: 7,"));
        QVERIFY(!w->document()->isModified());

        mass->selectAll();
        QTest::keyClicks(mass, QStringLiteral("8"));
        p->answers << QMessageBox::Cancel;
        QVERIFY(!w->close()); // asked, and cancelled
        QCOMPARE(p->asked.size(), 1);
        QCOMPARE(w->document()->level().findSpawn(4)->mass, 8.0f);
        w->document()->undoStack()->setClean();
    }

    void tmxExportThenImport() {
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* p = nullptr;
        auto w = makeWindow(&p);
        QVERIFY(w->openFile(path));
        const ts::level::Level original = w->document()->level();
        QVERIFY(w->exportTmx(work(QStringLiteral("a.tmx"))));
        QVERIFY(w->importTmx(work(QStringLiteral("a.tmx"))));
        // Tiled has no rules: the auto layers come back as the tiles they drew.
        QCOMPARE(w->document()->level(), testlevels::withArtPainted(original));
        QVERIFY(w->document()->filePath().isEmpty()); // not a level file yet
        QVERIFY(w->document()->isModified());
        QCOMPARE(p->asked.size(), 0);
        // Save proposes the map's name beside the map, and a new level "untitled" again.
        QVERIFY(!w->saveAs()); // the dialog is cancelled
        QCOMPARE(p->saveSuggestions.value(0), work(QStringLiteral("a.yaml")));
        w->document()->undoStack()->setClean();
        QVERIFY(w->newLevel(NewLevelDialog::Settings{}));
        QVERIFY(!w->saveAs());
        QCOMPARE(p->saveSuggestions.value(1), work(QStringLiteral("untitled.yaml")));
        QVERIFY(w->importTmx(work(QStringLiteral("a.tmx"))));
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

    void newLevelDialogShowsItsWholeTitle() {
        // Under openbox the title bar read "New L... esmith": the dialog was only as
        // wide as its fields. The title as Qt shows it (with the application's name),
        // in the bold title font, and the icon and three buttons of a title bar, each
        // at least a line high, must fit.
        const QString appName = QGuiApplication::applicationDisplayName();
        QGuiApplication::setApplicationDisplayName(QStringLiteral("Tilesmith"));
        NewLevelDialog d;
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QFont font = QFontDatabase::systemFont(QFontDatabase::TitleFont);
        font.setBold(true);
        const QFontMetrics m(font);
        const int needed =
            m.horizontalAdvance(d.windowTitle() + QStringLiteral(" \u2014 Tilesmith")) +
            4 * m.height();
        QVERIFY2(d.width() >= needed,
                 qPrintable(QStringLiteral("%1 < %2").arg(d.width()).arg(needed)));
        QGuiApplication::setApplicationDisplayName(appName);
    }
};

QTEST_MAIN(TestMainWindowFiles)
#include "test_mainwindow_files.moc"
