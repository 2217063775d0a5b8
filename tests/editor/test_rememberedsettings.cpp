// Settings remembered across starts (the fixture keeps them in a temporary folder),
// each set with real keys in the main window's viewport:
// - the painting tools' tile kind and brush size (a stored size out of range is
//   clamped to it, anything else ignored);
// - the grid and reachability (the search runs again at the start; a stored value
//   that is not true or false leaves the default);
// - the spawn tool's kind (a word this version does not know leaves the default);
// - all of them after a crash too (stored as they change, not only at a clean quit).
#include "mainwindow_testutil.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/tooloptions.h"
#include "widgets/elidedlabel.h"

using ts::level::SpawnKind;

class TestRememberedSettings : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void tileKindAndBrushSizeAreRememberedAcrossStarts() {
        // The fixture keeps these settings in a temporary folder.
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        {
            ScriptedPrompts* prompts = nullptr;
            auto w = openWindow(&prompts, a);
            QVERIFY(w);
            w->setSettingsEnabled(true);
            QTest::keyClick(viewport(w.get()), Qt::Key_B);
            QTest::keyClick(viewport(w.get()), Qt::Key_X); // one-way
            QTest::keyClick(viewport(w.get()), Qt::Key_BracketRight);
            QTest::keyClick(viewport(w.get()), Qt::Key_BracketRight); // 3 wide
            QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::OneWay);
            QCOMPARE(w->tools()->options()->brushSize(), 3);
            QVERIFY(w->close());
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = restart(&prompts);
        QVERIFY(w);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::OneWay);
        QCOMPARE(w->tools()->options()->brushSize(), 3);
        auto* kind = w->findChild<QComboBox*>(QStringLiteral("tileKindBox"));
        auto* size = w->findChild<QSpinBox*>(QStringLiteral("brushSizeBox"));
        QVERIFY(kind && size);
        QCOMPARE(kind->currentData().toInt(), int(ts::Tile::OneWay));
        QCOMPARE(size->value(), 3);
        // The brush lays a 3 x 3 square of one-way tiles.
        QTest::keyClick(viewport(w.get()), Qt::Key_B);
        const QPointF c = w->scene()->tileCenter({10, 5});
        w->view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
        QTest::mouseClick(viewport(w.get()), Qt::LeftButton, {}, w->view()->mapFromScene(c));
        const ts::level::Level& level = w->document()->level();
        int oneWay = 0;
        for (int y = 0; y < level.height; ++y)
            for (int x = 0; x < level.width; ++x)
                oneWay += level.tile(x, y) == ts::Tile::OneWay ? 1 : 0;
        QCOMPARE(oneWay, 9);
        w->document()->undoStack()->undo();
        QVERIFY(w->close());

        // Stored values this version cannot use: a size out of range is clamped
        // to it, anything else is ignored (the default stays).
        struct Stored {
            QVariant kind, size;
            ts::Tile wantKind;
            int wantSize;
        };
        const Stored cases[] = {
            {QStringLiteral("one_way"), 99, ts::Tile::OneWay,
             ts::editor::ToolOptions::kMaxBrushSize},
            {QStringLiteral("solid"), -4, ts::Tile::Solid, 1},
            {QStringLiteral("empty"), QStringLiteral("wide"), ts::Tile::Solid, 1},
            {QStringLiteral("lava"), QStringLiteral("2.5"), ts::Tile::Solid, 1},
            {2, QString(), ts::Tile::Solid, 1},
        };
        for (const Stored& stored : cases) {
            {
                QSettings s(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"));
                s.setValue(QStringLiteral("tools/tileKind"), stored.kind);
                s.setValue(QStringLiteral("tools/brushSize"), stored.size);
            }
            auto again = restart(&prompts);
            QVERIFY(again);
            const QString what = stored.kind.toString() + QLatin1Char('/') + stored.size.toString();
            QVERIFY2(again->tools()->options()->tileKind() == stored.wantKind, qPrintable(what));
            QVERIFY2(again->tools()->options()->brushSize() == stored.wantSize, qPrintable(what));
        }
    }

    void gridAndReachabilityAreRememberedAcrossStarts() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        {
            ScriptedPrompts* prompts = nullptr;
            auto w = openWindow(&prompts, a);
            QVERIFY(w);
            w->setSettingsEnabled(true);
            QVERIFY(w->action(QStringLiteral("actionGrid"))->isChecked());
            QVERIFY(!w->reachability()->isEnabled());
            QTest::keyClick(viewport(w.get()), Qt::Key_G, Qt::ControlModifier);
            QTest::keyClick(viewport(w.get()), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
            QVERIFY(w->reachability()->isEnabled());
            QVERIFY(w->close());
        }
        // The next start on the same level: the grid off, the search on and running.
        ScriptedPrompts* prompts = nullptr;
        auto w = restart(&prompts, a);
        QVERIFY(w);
        QVERIFY(!w->action(QStringLiteral("actionGrid"))->isChecked());
        QVERIFY(w->reachability()->action()->isChecked());
        QVERIFY(w->reachability()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!w->reachability()->isBusy(), 20000);
        QVERIFY(w->reachability()->summaryLabel()->text().contains(QStringLiteral("Reachability")));
        // Ctrl+Shift+R turns it off again, and so it stays at the start after.
        QTest::keyClick(viewport(w.get()), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!w->reachability()->isEnabled());
        QVERIFY(w->close());
        w = restart(&prompts, a);
        QVERIFY(w);
        QVERIFY(!w->reachability()->isEnabled());
        QVERIFY(w->close());
        // A stored value that is not true or false leaves the default.
        {
            QSettings s(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"));
            s.setValue(QStringLiteral("view/grid"), QStringLiteral("no"));
            s.setValue(QStringLiteral("view/reachability"), QStringLiteral("yes"));
        }
        w = restart(&prompts, a);
        QVERIFY(w);
        QVERIFY(w->action(QStringLiteral("actionGrid"))->isChecked());
        QVERIFY(!w->reachability()->isEnabled());
    }

    void optionsAreRememberedAfterACrash() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        {
            ScriptedPrompts* prompts = nullptr;
            auto w = restart(&prompts, a);
            QVERIFY(w);
            QTest::keyClick(viewport(w.get()), Qt::Key_B);
            QTest::keyClick(viewport(w.get()), Qt::Key_X); // one-way
            QTest::keyClick(viewport(w.get()), Qt::Key_BracketRight);
            QTest::keyClick(viewport(w.get()), Qt::Key_G, Qt::ControlModifier);
            QTest::keyClick(viewport(w.get()), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
            QTest::keyClick(viewport(w.get()), Qt::Key_P);
            QTest::keyClick(viewport(w.get()), Qt::Key_K, Qt::ShiftModifier); // Ball
            QCOMPARE(w->tools()->options()->spawnKind(), SpawnKind::Ball);
            QVERIFY(w->reachability()->isEnabled());
            // Killed: no close, nothing saved at quit.
            QTRY_VERIFY_WITH_TIMEOUT(!w->reachability()->isBusy(), 20000);
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = restart(&prompts, a);
        QVERIFY(w);
        QCOMPARE(w->tools()->options()->tileKind(), ts::Tile::OneWay);
        QCOMPARE(w->tools()->options()->brushSize(), 2);
        QCOMPARE(w->tools()->options()->spawnKind(), SpawnKind::Ball);
        QVERIFY(!w->action(QStringLiteral("actionGrid"))->isChecked());
        QVERIFY(w->reachability()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!w->reachability()->isBusy(), 20000);
    }

    void theSpawnKindIsRememberedAcrossStarts() {
        {
            ScriptedPrompts* prompts = nullptr;
            auto w = openWindow(&prompts, {});
            QVERIFY(w);
            w->setSettingsEnabled(true);
            QTest::keyClick(viewport(w.get()), Qt::Key_P);
            QTest::keyClick(viewport(w.get()), Qt::Key_K, Qt::ShiftModifier); // Ball
            QCOMPARE(w->tools()->options()->spawnKind(), SpawnKind::Ball);
            QVERIFY(w->close());
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = restart(&prompts);
        QVERIFY(w);
        QCOMPARE(w->tools()->options()->spawnKind(), SpawnKind::Ball);
        QCOMPARE(kindBoxText(w.get()), QStringLiteral("Ball"));
        QVERIFY(w->close());
        // A word this version does not know leaves the default.
        QSettings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"))
            .setValue(QStringLiteral("tools/spawnKind"), QStringLiteral("dragon"));
        auto again = restart(&prompts);
        QVERIFY(again);
        QCOMPARE(again->tools()->options()->spawnKind(), SpawnKind::Goal);
    }
};

QTEST_MAIN(TestRememberedSettings)
#include "test_rememberedsettings.moc"
