// File > Close (Ctrl+W) and File > Revert: each asks before dropping unsaved changes, Close
// leaves an empty untitled level, Revert gives back the file as it is on disk (with no undo
// history), and a file that no longer loads leaves the level as it was.
#include "mainwindow_testutil.h"

#include "tilesmith/editor/newleveldialog.h"

#include <QStatusBar>

class TestCloseRevert : public MainWindowTest {
    Q_OBJECT

    static QAction* action(MainWindow* w, const char* name) {
        return w->findChild<QAction*>(QString::fromLatin1(name));
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void ctrlWClosesAfterAsking() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const QString path = w->document()->filePath();
        paintOneTile(w->document());
        // Cancel keeps the level and its edit.
        prompts->answers << QMessageBox::Cancel;
        QTest::keyClick(w->view()->viewport(), Qt::Key_W, Qt::ControlModifier);
        QCOMPARE(prompts->asked.size(), 1);
        QCOMPARE(prompts->asked.at(0).title, QStringLiteral("Unsaved Changes"));
        QCOMPARE(w->document()->filePath(), path);
        QVERIFY(w->document()->isModified());
        // Don't Save: an empty untitled level, the file untouched.
        const QByteArray onDisk = readAll(path);
        prompts->answers << QMessageBox::Discard;
        QTest::keyClick(w->view()->viewport(), Qt::Key_W, Qt::ControlModifier);
        QCOMPARE(prompts->asked.size(), 2);
        QVERIFY(w->document()->filePath().isEmpty());
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->level(), NewLevelDialog::makeLevel({})); // as at the start
        QCOMPARE(readAll(path), onDisk);
        QCOMPARE(w->statusBar()->currentMessage(), QStringLiteral("Closed tutorial.yaml."));
        QVERIFY(!action(w.get(), "actionRevert")->isEnabled()); // nothing to go back to
    }

    void revertGivesBackTheFile() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const QString path = w->document()->filePath();
        const ts::level::Level saved = w->document()->level();
        QAction* revert = action(w.get(), "actionRevert");
        QVERIFY(revert && revert->isEnabled());
        paintOneTile(w->document());
        paintOneTile(w->document(), {6, 5});
        const ts::level::Level edited = w->document()->level();
        // Cancel: nothing changes.
        prompts->answers << QMessageBox::Cancel;
        revert->trigger();
        QCOMPARE(prompts->asked.size(), 1);
        QCOMPARE(prompts->asked.at(0).title, QStringLiteral("Revert"));
        QCOMPARE(w->document()->level(), edited);
        // Revert: the file's level, clean, with no undo steps.
        prompts->answers << QMessageBox::Yes;
        revert->trigger();
        QCOMPARE(w->document()->level(), saved);
        QCOMPARE(w->document()->filePath(), path);
        QVERIFY(!w->document()->isModified());
        QCOMPARE(w->document()->undoStack()->count(), 0);
        QCOMPARE(w->statusBar()->currentMessage(),
                 QStringLiteral("Reverted to tutorial.yaml as it is on disk."));
        // Without unsaved changes it does not ask.
        revert->trigger();
        QCOMPARE(prompts->asked.size(), 2);
    }

    void revertOfABrokenFileKeepsTheLevel() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        const QString path = w->document()->filePath();
        paintOneTile(w->document());
        LevelDocument* const doc = w->document();
        const ts::level::Level edited = doc->level();
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write("tilesmith: 1\nname: Broken\nwidth: 4\n");
        }
        prompts->answers << QMessageBox::Yes << QMessageBox::Ok;
        QVERIFY(!w->revert());
        QCOMPARE(prompts->asked.size(), 2);
        QCOMPARE(prompts->asked.at(1).title, QStringLiteral("Revert Failed"));
        QVERIFY2(prompts->asked.at(1).informativeText.contains(QStringLiteral("error:")),
                 qPrintable(prompts->asked.at(1).informativeText));
        QCOMPARE(w->document(), doc);
        QCOMPARE(w->document()->level(), edited);
        QVERIFY(w->document()->isModified());
        w->document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestCloseRevert)
#include "test_closerevert.moc"
