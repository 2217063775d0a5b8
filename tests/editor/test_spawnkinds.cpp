// The kind of spawn the spawn tool places, through the main window's viewport with
// real key and mouse events:
// - in a new level (which has its player) the first is a goal;
// - K and Shift+K step the kinds, round the end, while the spawn tool is current
//   (its hint and the kind box's tooltip say so); with another tool they do nothing;
// - a level without a player places the player first, then the kind picked last.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/tooloptions.h"
#include "tools/brushtool.h"
#include "tools/spawntool.h"
#include "widgets/elidedlabel.h"

using ts::level::SpawnKind;

class TestSpawnKinds : public MainWindowTest {
    Q_OBJECT

    static int countOf(MainWindow* w, SpawnKind kind) {
        int n = 0;
        for (const auto& s : w->document()->level().spawns)
            n += s.kind == kind ? 1 : 0;
        return n;
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
        QCOMPARE(w->tools()->currentTool(), w->tools()->findTool<ts::editor::SpawnTool>());
        QCOMPARE(w->tools()->options()->spawnKind(), SpawnKind::Goal); // was Box
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
        const QString hint =
            w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"))->text();
        QVERIFY2(hint.contains(QStringLiteral("Goal; K, Shift+K: other kinds")), qPrintable(hint));
        auto* box = w->findChild<QComboBox*>(QStringLiteral("spawnKindBox"));
        QVERIFY(box);
        QVERIFY2(box->toolTip().contains(QStringLiteral("K and Shift+K")),
                 qPrintable(box->toolTip()));
        // K: the next kind in the level format's order, round the end; Shift+K back.
        const auto press = [&](Qt::KeyboardModifiers m) {
            w->view()->setFocus();
            QTest::keyClick(vp, Qt::Key_K, m);
            return w->tools()->options()->spawnKind();
        };
        QCOMPARE(press({}), SpawnKind::Player);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Player"));
        QVERIFY2(w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"))
                     ->text()
                     .contains(QStringLiteral("(Player;")),
                 qPrintable(
                     w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"))->text()));
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
        QCOMPARE(w->tools()->currentTool(), w->tools()->findTool<ts::editor::BrushTool>());
        QCOMPARE(press({}), SpawnKind::Ball);
        QCOMPARE(press(Qt::ShiftModifier), SpawnKind::Ball);
        QVERIFY(!w->action(QStringLiteral("actionNextSpawnKind"))->isEnabled());
    }

    void aLevelWithoutAPlayerPlacesThePlayerFirst() {
        // Work in progress with no player, as a recovery file brings it back.
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
        w->tools()->options()->setSpawnKind(SpawnKind::Npc);
        prompts->answers << QMessageBox::Yes << QMessageBox::Ok;
        QVERIFY(w->offerRecovery());
        QCOMPARE(countOf(w.get(), SpawnKind::Player), 0);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        w->view()->setFocus();
        QTest::keyClick(viewport(w.get()), Qt::Key_P);
        QCOMPARE(w->tools()->options()->spawnKind(), SpawnKind::Player);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Player"));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {10, 5}));
        QCOMPARE(countOf(w.get(), SpawnKind::Player), 1);
        // Once the player stands, the kind picked last again: a second click places an
        // NPC instead of moving the player.
        QCOMPARE(w->tools()->options()->spawnKind(), SpawnKind::Npc);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("NPC"));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, at(w.get(), {14, 5}));
        QCOMPARE(countOf(w.get(), SpawnKind::Npc), 1);
        QCOMPARE(countOf(w.get(), SpawnKind::Player), 1);
        w->document()->undoStack()->setClean();
    }
};

QTEST_MAIN(TestSpawnKinds)
#include "test_spawnkinds.moc"
