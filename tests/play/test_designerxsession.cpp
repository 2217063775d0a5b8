// Friction found in a designer's X session (openbox, no desktop theme), each driven
// through the main window's viewport and dialogs with real key and mouse events:
// - the spawn tool's kind started at "Box" and only the box changed it: now a level
//   without a player places the player first, else the kind picked last (a goal until
//   one is picked: a new level has its player), kept for the next start; K and
//   Shift+K step the kinds while the spawn tool is current, and its hint says so;
// - Save As (Qt's own file dialog) selected the whole "Cave.yaml", so typing a name
//   dropped the extension from the box: now the base name is selected;
// - Alt+E opened the Edit menu only every other time while a body was selected:
//   the Properties dock's "R&estitution:" shared the key, and Qt takes turns
//   between the widgets of a shared Alt key, so the keyboard went into the field
//   instead (and so did Alt+W and Alt+H between the dock's Width and Height and the
//   Replays dock's Watch and Play from Here): now no two Alt keys that can show at
//   once are the same.
#include "mainwindow_testutil.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/replaycontroller.h"
#include "tools/brushtool.h"
#include "tools/spawntool.h"
#include "widgets/elidedlabel.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QScopeGuard>

#include <algorithm>

using ts::level::SpawnKind;

class TestDesignerXSession : public MainWindowTest {
    Q_OBJECT

    static int countOf(MainWindow* w, SpawnKind kind) {
        int n = 0;
        for (const auto& s : w->document()->level().spawns)
            n += s.kind == kind ? 1 : 0;
        return n;
    }
    /// The Alt key of a label or button text ("Res&titution:" -> T), or 0.
    static QChar altKeyOf(const QString& text) {
        const QKeySequence key = QKeySequence::mnemonic(text);
        return key.isEmpty() ? QChar() : QChar(key[0].key() & ~Qt::KeyboardModifierMask).toUpper();
    }
    /// The Alt keys of `root`'s labels (those with a buddy: the others take no key)
    /// and buttons, each with the text it comes from.
    static QMultiMap<QChar, QString> altKeysIn(const QWidget* root) {
        QMultiMap<QChar, QString> keys;
        for (const QLabel* label : root->findChildren<QLabel*>())
            if (label->buddy() && !altKeyOf(label->text()).isNull())
                keys.insert(altKeyOf(label->text()), label->text());
        for (const QAbstractButton* button : root->findChildren<QAbstractButton*>())
            if (!altKeyOf(button->text()).isNull())
                keys.insert(altKeyOf(button->text()), button->text());
        return keys;
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void aNewLevelsFirstSpawnIsAGoal() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        QCOMPARE(countOf(w.get(), SpawnKind::Player), 1); // New Level places the player
        QTest::keyClick(viewport(w.get()), Qt::Key_P);
        QCOMPARE(w->tools()->currentTool(), w->tools()->spawnTool());
        QCOMPARE(w->tools()->spawnKind(), SpawnKind::Goal); // was Box
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Goal"));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {10, 5}));
        QCOMPARE(countOf(w.get(), SpawnKind::Goal), 1);
    }

    void kStepsTheSpawnKinds() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        QWidget* vp = viewport(w.get());
        QTest::keyClick(vp, Qt::Key_P);
        // The hint and the box's tooltip name the keys.
        const QString hint = w->hintStatus()->text();
        QVERIFY2(hint.contains(QStringLiteral("Goal; K, Shift+K: other kinds")), qPrintable(hint));
        auto* box = w->findChild<QComboBox*>(QStringLiteral("spawnKindBox"));
        QVERIFY(box);
        QVERIFY2(box->toolTip().contains(QStringLiteral("K and Shift+K")),
                 qPrintable(box->toolTip()));
        // K: the next kind in the level format's order, round the end; Shift+K back.
        const auto press = [&](Qt::KeyboardModifiers m) {
            w->view()->setFocus();
            QTest::keyClick(vp, Qt::Key_K, m);
            return w->tools()->spawnKind();
        };
        QCOMPARE(press({}), SpawnKind::Player);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Player"));
        QVERIFY2(w->hintStatus()->text().contains(QStringLiteral("(Player;")),
                 qPrintable(w->hintStatus()->text()));
        QCOMPARE(press({}), SpawnKind::Npc);
        QCOMPARE(press({}), SpawnKind::Box);
        QCOMPARE(press(Qt::ShiftModifier), SpawnKind::Npc);
        QCOMPARE(press(Qt::ShiftModifier), SpawnKind::Player);
        QCOMPARE(press(Qt::ShiftModifier), SpawnKind::Goal);
        QCOMPARE(press(Qt::ShiftModifier), SpawnKind::Ball);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Ball"));
        // What K picked is placed.
        QTest::mouseClick(vp, Qt::LeftButton, {}, at(w.get(), {10, 5}));
        QCOMPARE(countOf(w.get(), SpawnKind::Ball), 1);
        // Another tool: K does nothing to the kind.
        w->view()->setFocus();
        QTest::keyClick(vp, Qt::Key_B);
        QCOMPARE(w->tools()->currentTool(), w->tools()->brushTool());
        QCOMPARE(press({}), SpawnKind::Ball);
        QCOMPARE(press(Qt::ShiftModifier), SpawnKind::Ball);
        QVERIFY(!w->action(QStringLiteral("actionNextSpawnKind"))->isEnabled());
    }

    void aLevelWithoutAPlayerPlacesThePlayerFirst() {
        // Work in progress with no player (the loader refuses such a file; a recovery
        // file of it loads).
        {
            ScriptedPrompts* prompts = nullptr;
            auto crashed = makeWindow(&prompts);
            const ts::level::Spawn* player = crashed->document()->level().player();
            QVERIFY(player);
            crashed->document()->removeSpawns({player->id});
            QVERIFY(crashed->autosave()->saveNow());
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        w->tools()->setSpawnKind(SpawnKind::Npc);
        prompts->answers << QMessageBox::Yes << QMessageBox::Ok;
        QVERIFY(w->offerRecovery());
        QCOMPARE(countOf(w.get(), SpawnKind::Player), 0);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        w->view()->setFocus();
        QTest::keyClick(viewport(w.get()), Qt::Key_P);
        QCOMPARE(w->tools()->spawnKind(), SpawnKind::Player);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Player"));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {10, 5}));
        QCOMPARE(countOf(w.get(), SpawnKind::Player), 1);
        // Once the player stands, the kind picked last again: a second click places an
        // NPC instead of moving the player.
        QCOMPARE(w->tools()->spawnKind(), SpawnKind::Npc);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("NPC"));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {14, 5}));
        QCOMPARE(countOf(w.get(), SpawnKind::Npc), 1);
        QCOMPARE(countOf(w.get(), SpawnKind::Player), 1);
        w->document()->undoStack()->setClean();
    }

    void theSpawnKindIsRememberedAcrossStarts() {
        {
            ScriptedPrompts* prompts = nullptr;
            auto w = openWindow(&prompts, {});
            QVERIFY(w);
            w->setSettingsEnabled(true);
            QTest::keyClick(viewport(w.get()), Qt::Key_P);
            QTest::keyClick(viewport(w.get()), Qt::Key_K, Qt::ShiftModifier); // Ball
            QCOMPARE(w->tools()->spawnKind(), SpawnKind::Ball);
            QVERIFY(w->close());
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = restart(&prompts);
        QVERIFY(w);
        QCOMPARE(w->tools()->spawnKind(), SpawnKind::Ball);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Ball"));
        QVERIFY(w->close());
        // A word this version does not know leaves the default.
        QSettings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"))
            .setValue(QStringLiteral("tools/spawnKind"), QStringLiteral("dragon"));
        auto again = restart(&prompts);
        QVERIFY(again);
        QCOMPARE(again->tools()->spawnKind(), SpawnKind::Goal);
    }

    void noTwoAltKeysShowingAtOnceAreTheSame() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        // The docks of the application (Play, Replays) as well.
        ts::play::PlayController play(w.get());
        play.setPersistOverlays(false);
        new ts::play::ReplayController(&play, w.get()); // owned by `play`
        // The menu bar's keys, and each dock's (all its fields and buttons: a dock
        // shows different ones at different times).
        QMultiMap<QChar, QString> menuKeys;
        for (const QAction* a : w->menuBar()->actions())
            if (!altKeyOf(a->text()).isNull())
                menuKeys.insert(altKeyOf(a->text()), a->text());
        QCOMPARE(menuKeys.size(), 4); // File, Edit, View, Play
        const QList<QDockWidget*> docks = w->findChildren<QDockWidget*>();
        QVERIFY(docks.size() >= 5); // Properties, History, Problems, Play, Replays
        QStringList clashes;
        for (const QDockWidget* dock : docks) {
            const QMultiMap<QChar, QString> keys = altKeysIn(dock);
            for (const QChar key : keys.uniqueKeys()) {
                if (keys.count(key) > 1)
                    clashes << QStringLiteral("%1: %2 in %3")
                                   .arg(key)
                                   .arg(QStringList(keys.values(key)).join(QStringLiteral(", ")))
                                   .arg(dock->windowTitle());
                if (menuKeys.contains(key))
                    clashes << QStringLiteral("%1: %2 in %3 and the menu %4")
                                   .arg(key)
                                   .arg(keys.value(key), dock->windowTitle(), menuKeys.value(key));
            }
            // Docks tabbed together show one at a time; the others can show together.
            for (const QDockWidget* other : docks) {
                if (other <= dock || w->tabifiedDockWidgets(const_cast<QDockWidget*>(dock))
                                         .contains(const_cast<QDockWidget*>(other)))
                    continue;
                const QMultiMap<QChar, QString> otherKeys = altKeysIn(other);
                for (const QChar key : keys.uniqueKeys())
                    if (otherKeys.contains(key))
                        clashes << QStringLiteral("%1: %2 in %3 and %4 in %5")
                                       .arg(key)
                                       .arg(keys.value(key), dock->windowTitle(),
                                            otherKeys.value(key), other->windowTitle());
            }
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
    }

    void saveAsSelectsTheBaseName() {
        const QString cave =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("Cave.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, cave);
        QVERIFY(w);
        prompts->realSaveDialog = true;
        QString selected, typed;
        QTimer::singleShot(0, [&selected, &typed] {
            auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(d);
            const auto closeOnFailure = qScopeGuard([d] {
                if (d->isVisible())
                    d->reject();
            });
            QVERIFY(QTest::qWaitForWindowActive(d));
            QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
            auto* name = qobject_cast<QLineEdit*>(QApplication::focusWidget());
            QCoreApplication::processEvents();
            selected = name->selectedText();
            QTest::keyClicks(name, QStringLiteral("Ice"));
            typed = name->text();
            QTest::keyClick(name, Qt::Key_Return);
        });
        QTest::keyClick(viewport(w.get()), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(selected, QStringLiteral("Cave"));  // was "Cave.yaml"
        QCOMPARE(typed, QStringLiteral("Ice.yaml")); // was "Ice"
        QCOMPARE(w->document()->filePath(), work(QStringLiteral("Ice.yaml")));
        QVERIFY(QFile::exists(work(QStringLiteral("Ice.yaml"))));
    }
};

QTEST_MAIN(TestDesignerXSession)
#include "test_designerxsession.moc"
