// The example game (examples/platformer) run headless next to `tilesmith simulate`: with
// the same level and inputs both print the same state hash, so the file a game programmer
// copies steps the world exactly as the editor and the command line do, and reports the
// goals the player reaches at the same steps as `tilesmith simulate` (one GoalWatch rule).
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include "processrun.h"

namespace {

const QString kTilesmith = QStringLiteral(TILESMITH_BIN_DIR "/tilesmith");
const QString kPlatformer = QStringLiteral(TILESMITH_PLATFORMER);

QString source(const QString& path) {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/") + path;
}

using Run = ts::test::ProcessRun;
using ts::test::describe;

Run run(const QString& program, const QStringList& args) {
    return ts::test::runProcess(program, args);
}

/// The hash line (16 hex digits) of a run's output; empty when there is none.
QString hashOf(const Run& r) {
    static const QRegularExpression line(QStringLiteral("^([0-9a-f]{16})$"),
                                         QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = line.match(r.out);
    return m.hasMatch() ? m.captured(1) : QString();
}

/// The "goal ID reached at step N (T s)" lines of a run (stdout and stderr), in order.
QStringList goalLines(const Run& r) {
    static const QRegularExpression line(QStringLiteral("^goal \\d+ reached at step \\d+ .*$"),
                                         QRegularExpression::MultilineOption);
    QStringList lines;
    for (const QString& text : {r.out, r.err})
        for (auto it = line.globalMatch(text); it.hasNext();)
            lines << it.next().captured(0).trimmed();
    return lines;
}

} // namespace

class TestExampleGame : public QObject {
    Q_OBJECT

private slots:
    void sameHashAsSimulate_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("inputs");
        QTest::addColumn<int>("steps");
        const QString run = source(QStringLiteral("tests/play/data/tutorial_run.txt"));
        const QString levels = QStringLiteral("resources/levels/");
        QTest::newRow("tutorial, scripted run") << levels + "tutorial.yaml" << run << 240;
        QTest::newRow("tutorial, no inputs") << levels + "tutorial.yaml" << QString() << 300;
        QTest::newRow("tutorial, zero steps") << levels + "tutorial.yaml" << run << 0;
        QTest::newRow("playground, scripted run") << levels + "playground.yaml" << run << 600;
        QTest::newRow("crowd, scripted run") << levels + "crowd.yaml" << run << 300;
    }

    void sameHashAsSimulate() {
        QFETCH(QString, level);
        QFETCH(QString, inputs);
        QFETCH(int, steps);
        QStringList args{source(level), QStringLiteral("--steps"), QString::number(steps),
                         QStringLiteral("--hash")};
        if (!inputs.isEmpty())
            args << QStringLiteral("--inputs") << inputs;

        const Run simulate = run(kTilesmith, QStringList{QStringLiteral("simulate")} + args);
        QVERIFY2(simulate.exitCode == 0, qPrintable(describe(simulate)));
        const Run game = run(kPlatformer, QStringList{QStringLiteral("--headless")} + args);
        QVERIFY2(game.exitCode == 0, qPrintable(describe(game)));
        QVERIFY2(!hashOf(simulate).isEmpty(), qPrintable(describe(simulate)));
        QCOMPARE(hashOf(game), hashOf(simulate));
    }

    // Each sample's goal, reached by the route `tilesmith lint --route ID -o F` writes:
    // the game prints the same goal events as simulate (same steps and times) and ends
    // with the same hash.
    void sameGoalEventsAsSimulate_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<int>("goal");
        QTest::newRow("tutorial") << QStringLiteral("tutorial.yaml") << 7;
        QTest::newRow("playground") << QStringLiteral("playground.yaml") << 20;
        QTest::newRow("crowd") << QStringLiteral("crowd.yaml") << 208;
    }

    void sameGoalEventsAsSimulate() {
        QFETCH(QString, level);
        QFETCH(int, goal);
        const QString file = source(QStringLiteral("resources/levels/") + level);
        QTemporaryDir dir;
        const QString route = dir.filePath(QStringLiteral("route.inputs"));
        const Run lint = run(kTilesmith, {QStringLiteral("lint"), file, QStringLiteral("--route"),
                                          QString::number(goal), QStringLiteral("-o"), route});
        QVERIFY2(lint.exitCode == 0, qPrintable(describe(lint)));
        // The route's last step, then a little more.
        QFile f(route);
        QVERIFY(f.open(QIODevice::ReadOnly));
        qulonglong last = 0;
        for (const QByteArray& l : f.readAll().split('\n')) {
            const QList<QByteArray> words = l.simplified().split(' ');
            if (words.size() >= 2 && !l.startsWith('#'))
                last = std::max(last, words[1].toULongLong());
        }
        QVERIFY(last > 0);
        const QStringList args{file,
                               QStringLiteral("--steps"),
                               QString::number(last + 20),
                               QStringLiteral("--inputs"),
                               route,
                               QStringLiteral("--hash")};
        const Run simulate = run(kTilesmith, QStringList{QStringLiteral("simulate")} + args);
        QVERIFY2(simulate.exitCode == 0, qPrintable(describe(simulate)));
        const Run game = run(kPlatformer, QStringList{QStringLiteral("--headless")} + args);
        QVERIFY2(game.exitCode == 0, qPrintable(describe(game)));
        const QStringList expected = goalLines(simulate);
        QVERIFY2(!expected.isEmpty() &&
                     expected.front().startsWith(QStringLiteral("goal %1 reached").arg(goal)),
                 qPrintable(describe(simulate)));
        QCOMPARE(goalLines(game), expected);
        QVERIFY(!hashOf(simulate).isEmpty());
        QCOMPARE(hashOf(game), hashOf(simulate));
    }

    // Different inputs move the player differently: the hash tells runs apart, so the
    // comparison above can fail.
    void inputsChangeTheHash() {
        const QStringList common{source(QStringLiteral("resources/levels/tutorial.yaml")),
                                 QStringLiteral("--headless"), QStringLiteral("--steps"),
                                 QStringLiteral("120"), QStringLiteral("--hash")};
        const Run idle = run(kPlatformer, common);
        const Run walking =
            run(kPlatformer,
                common + QStringList{QStringLiteral("--inputs"),
                                     source(QStringLiteral("tests/play/data/tutorial_run.txt"))});
        QVERIFY2(idle.exitCode == 0 && walking.exitCode == 0, qPrintable(describe(walking)));
        QVERIFY(!hashOf(idle).isEmpty());
        QVERIFY(hashOf(idle) != hashOf(walking));
    }

    void screenshotOfTheLastFrame() {
        QTemporaryDir dir;
        const QString bmp = dir.filePath(QStringLiteral("shot.bmp"));
        const Run r = run(kPlatformer, {source(QStringLiteral("resources/levels/tutorial.yaml")),
                                        QStringLiteral("--headless"), QStringLiteral("--steps"),
                                        QStringLiteral("10"), QStringLiteral("--screenshot"), bmp});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QFile f(bmp);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.read(2), QByteArray("BM"));
        QVERIFY(f.size() > 960 * 540 * 3); // the whole 960 x 540 window
    }

    void badLevelAndUsage() {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("tilesmith: 1\nname: x\ntile_size: sixteen\n");
        f.close();
        const Run r = run(kPlatformer, {bad, QStringLiteral("--headless"),
                                        QStringLiteral("--steps"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QRegularExpression(QStringLiteral("bad\\.yaml:3:\\d+: error: "))),
                 qPrintable(describe(r)));

        const Run usage = run(kPlatformer, {QStringLiteral("--steps")});
        QCOMPARE(usage.exitCode, 2);
        QVERIFY2(usage.err.contains(QStringLiteral("Usage: platformer")),
                 qPrintable(describe(usage)));

        // --steps reads a whole number as `tilesmith simulate` does (it took "abc" as 0 steps
        // and exited 0, and called "-5" a missing --steps).
        for (const char* steps : {"abc", "-5", "1e3", "12x"}) {
            const Run r =
                run(kPlatformer, {source(QStringLiteral("resources/levels/tutorial.yaml")),
                                  QStringLiteral("--headless"), QStringLiteral("--steps"),
                                  QString::fromLatin1(steps)});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(QStringLiteral("platformer: --steps expects a whole number of "
                                                   "steps, got '%1'")
                                        .arg(QString::fromLatin1(steps))),
                     qPrintable(describe(r)));
        }
    }
};

QTEST_GUILESS_MAIN(TestExampleGame)
#include "test_examplegame.moc"
