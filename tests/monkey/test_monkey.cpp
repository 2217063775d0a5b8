// The monkey as a regression test: a fixed small budget of seeds on the sample levels,
// every case it found (cases/*.txt, each a bug fixed), and its invariant checks shown to
// catch a broken document, so a monkey that checks nothing fails here.
#include "tilesmith/editor/leveldocument.h" // before autosave.h, which needs it whole

#include "actions.h"
#include "document/autosave.h"
#include "driver.h"
#include "invariants.h"
#include "monkeyrun.h"
#include "sessionstore.h"
#include "testsettings.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/level/levelio.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoCommand>

using namespace monkey;

class TestMonkey : public QObject {
    Q_OBJECT
    QTemporaryDir mSettings;

    static QString describe(const Case& c, const RunResult& r) {
        QString s = r.error;
        for (const QString& b : r.broken)
            s += QStringLiteral("\nbroken: ") + b;
        s += QStringLiteral("\nafter action %1 of:").arg(r.failedAt + 1);
        for (const Action& a : c.actions)
            s += QStringLiteral("\n  ") + formatAction(a);
        return s;
    }

    static ts::level::Level tutorial() {
        const ts::level::LoadResult r =
            ts::level::loadLevelFile(sampleLevel(QStringLiteral("tutorial.yaml")).toStdString());
        if (!r.ok())
            qFatal("the tutorial level does not load");
        return *r.level;
    }

private slots:
    void initTestCase() {
        tstest::isolateSettings(mSettings, QStringLiteral("Tilesmith"),
                                QStringLiteral("Tilesmith"));
    }

    void actionsRoundTrip() {
        const std::vector<Action> list = generateActions(7, 3000);
        QCOMPARE(generateActions(7, 3000), list); // a seed gives one list
        QVERIFY(generateActions(8, 3000) != list);
        std::vector<bool> seen(std::size_t(Op::Count));
        for (const Action& a : list) {
            seen[std::size_t(a.op)] = true;
            const std::optional<Action> back = parseAction(formatAction(a));
            QVERIFY2(back && *back == a, qPrintable(formatAction(a)));
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }));
        QVERIFY(!parseAction(QStringLiteral("stroke 1 2 3 4 5 6 7")));
        QVERIFY(!parseAction(QStringLiteral("stroke 1000")));
        QVERIFY(!parseAction(QStringLiteral("fly 1")));
    }

    // The checks find what they are there for, on documents broken on purpose.
    void invariantsCatchABrokenDocument() {
        ts::level::Level level = tutorial();
        QVERIFY(checkLevel(level).isEmpty());
        // A spawn buried in a solid tile (the document's raw mutators allow it).
        ts::editor::LevelDocument doc(level);
        ts::level::Spawn buried = level.spawns.front();
        buried.x = 0; // the tutorial's left wall
        buried.y = level.height - 1;
        doc.applySpawns({buried});
        QVERIFY(!checkLevel(doc.level()).isEmpty());

        // A scene that misses a spawn's item, or draws one where the spawn is not.
        ts::editor::LevelDocument shown(level);
        ts::editor::LevelScene scene(&shown);
        QVERIFY2(checkScene(scene, shown).isEmpty(),
                 qPrintable(checkScene(scene, shown).join('\n')));
        const int id = level.spawns.front().id;
        scene.removeItem(scene.spawnItem(id));
        QVERIFY(!checkScene(scene, shown).isEmpty());
        scene.addItem(scene.spawnItem(id));
        QVERIFY(checkScene(scene, shown).isEmpty());
        ts::level::Spawn moved = *shown.level().findSpawn(id);
        moved.x += 1;
        QSignalBlocker quiet(&shown); // the model changes, the scene is not told
        shown.applySpawns({moved});
        QVERIFY(!checkScene(scene, shown).isEmpty());
    }

    void undoAllCatchesAStepThatDoesNotUndo() {
        ts::editor::LevelDocument doc(tutorial());
        const std::string start = undoBytes(doc.level());
        doc.paintTiles({{QPoint(3, 3), ts::Tile::Solid}}, QStringLiteral("Paint"));
        QVERIFY(checkUndoAll(doc, start).isEmpty());
        // A step whose undo forgets what it did.
        struct OneWay : QUndoCommand {
            ts::editor::LevelDocument* doc;
            explicit OneWay(ts::editor::LevelDocument* d) : doc(d) {}
            void redo() override { doc->applyTiles({{QPoint(4, 3), ts::Tile::Solid}}); }
        };
        doc.undoStack()->push(new OneWay(&doc));
        QVERIFY(!checkUndoAll(doc, start).isEmpty());
        QCOMPARE(doc.undoStack()->index(), 2); // left where it was
    }

    void recoveryCheckReadsTheRecoveryFile() {
        QTemporaryDir dir;
        ts::editor::Autosave::setDirectoryOverride(dir.path());
        ts::editor::LevelDocument doc(tutorial());
        ts::editor::Autosave autosave;
        autosave.setDocument(&doc);
        doc.paintTiles({{QPoint(3, 3), ts::Tile::Solid}}, QStringLiteral("Paint"));
        QVERIFY(checkRecovery(autosave, doc).isEmpty());
        QVERIFY(QFileInfo::exists(autosave.recoveryPath()));
        autosave.setDocument(nullptr);
    }

    // Qt's warning during an action (an ambiguous shortcut that ran nothing) is a failure.
    void qtWarningIsAFailure() {
        QTemporaryDir work;
        ts::editor::Autosave::setDirectoryOverride(work.filePath(QStringLiteral("recovery")));
        ts::play::SessionStore::setRootOverride(work.filePath(QStringLiteral("sessions")));
        {
            Driver driver(work.path(), sampleLevel(QStringLiteral("tutorial.yaml")));
            QString error;
            QVERIFY2(driver.start(&error), qPrintable(error));
            const Action wait{Op::Wait, {5, 0, 0, 0, 0, 0}};
            QCOMPARE(driver.execute(wait), QStringList());
            const char* text = "QAction::event: Ambiguous shortcut overload: Del";
            QTest::ignoreMessage(QtWarningMsg, text);
            QTimer::singleShot(0, [text] { qWarning("%s", text); });
            QCOMPARE(driver.execute(wait),
                     QStringList{QStringLiteral("Qt warned: ") + QLatin1String(text)});
            QCOMPARE(driver.execute(wait), QStringList()); // reported once
        }
        ts::play::SessionStore::setRootOverride({});
    }

    // A failing case shrinks to the actions that matter.
    void shrinkKeepsWhatFails() {
        Case c;
        for (int i = 0; i < 40; ++i)
            c.actions.push_back(Action{Op::Wait, {i, 0, 0, 0, 0, 0}});
        const auto fails = [](const Case& t) {
            int found = 0;
            for (const Action& a : t.actions)
                found += a.arg[0] == 13 || a.arg[0] == 29;
            return found == 2 ? QStringLiteral("both") : QString();
        };
        const Case small = shrink(c, fails, QStringLiteral("both"), 60);
        QCOMPARE(small.actions.size(), std::size_t(2));
        QCOMPARE(small.actions[0].arg[0], 13);
        QCOMPARE(small.actions[1].arg[0], 29);
    }

    void seeds_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("actions");
        for (int seed = 1; seed <= 3; ++seed)
            QTest::addRow("tutorial %d", seed) << QStringLiteral("tutorial.yaml") << seed << 50;
        QTest::addRow("playground 4") << QStringLiteral("playground.yaml") << 4 << 50;
    }
    void seeds() {
        QFETCH(QString, level);
        QFETCH(int, seed);
        QFETCH(int, actions);
        const Case c{level, generateActions(std::uint64_t(seed), actions)};
        const RunResult r = runCase(c);
        QVERIFY2(r.ok, qPrintable(QStringLiteral("seed %1 on %2:").arg(seed).arg(level) +
                                  describe(c, r)));
        QCOMPARE(r.executed, actions);
    }

    void cases_data() {
        QTest::addColumn<QString>("path");
        const QStringList files = QDir(QStringLiteral(TILESMITH_MONKEY_CASES))
                                      .entryList({QStringLiteral("*.txt")}, QDir::Files);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << QStringLiteral(TILESMITH_MONKEY_CASES "/") + f;
        if (files.isEmpty()) // the found bugs' tests must not go missing unnoticed
            QTest::newRow("no case") << QString();
    }
    void cases() {
        QFETCH(QString, path);
        if (path.isEmpty())
            QFAIL("no case in " TILESMITH_MONKEY_CASES);
        Case c;
        QString error;
        QVERIFY2(readCase(path, &c, &error), qPrintable(error));
        const RunResult r = runCase(c);
        QVERIFY2(r.ok, qPrintable(path + describe(c, r)));
    }
};

QTEST_MAIN(TestMonkey)
#include "test_monkey.moc"
