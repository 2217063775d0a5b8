// Every command that reads a file the user names says "PATH: error: cannot open the
// file: REASON" when it cannot, and exits 1: a level, a Tiled map, an input script and
// a replay read the same way to a game programmer. An input script with no steps is an
// error of its own.
#include "processrun.h"

#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kBin = QStringLiteral(TILESMITH_BIN_DIR "/tilesmith");
const QString kTutorial = QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml");

} // namespace

class TestCliInputs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built")); }

    void missingInput_data() {
        QTest::addColumn<QStringList>("args"); // "@" is the missing file
        QTest::addColumn<QString>("name");     // its name, in the test's directory
        QTest::newRow("validate") << QStringList{"validate", "@"} << "gone.yaml";
        QTest::newRow("export") << QStringList{"export", "@", "-o", "out.tmx"} << "gone.yaml";
        QTest::newRow("import") << QStringList{"import", "@", "-o", "out.yaml"} << "gone.tmx";
        QTest::newRow("simulate") << QStringList{"simulate", "@", "-n", "5"} << "gone.yaml";
        QTest::newRow("simulate --inputs")
            << QStringList{"simulate", kTutorial, "--inputs", "@"} << "gone.txt";
        QTest::newRow("render") << QStringList{"render", "@", "-o", "out.png"} << "gone.yaml";
        QTest::newRow("lint") << QStringList{"lint", "@"} << "gone.yaml";
        QTest::newRow("replay check") << QStringList{"replay", "check", "@"} << "gone.tsreplay";
        QTest::newRow("replay update") << QStringList{"replay", "update", "@"} << "gone.tsreplay";
    }

    void missingInput() {
        QFETCH(QStringList, args);
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString missing = dir.filePath(name);
        for (QString& a : args) {
            if (a == QLatin1String("@"))
                a = missing;
            else if (a.startsWith(QLatin1String("out.")))
                a = dir.filePath(a);
        }
        const ts::test::ProcessRun r = ts::test::runProcess(kBin, args);
        QVERIFY2(r.exitCode == 1, qPrintable(ts::test::describe(r)));
        QCOMPARE(r.err.section(QLatin1Char('\n'), 0, 0),
                 missing + QStringLiteral(": error: cannot open the file: No such file or "
                                          "directory"));
    }

    // An input script with no ranges gives `simulate` no step count: without --steps that
    // is an error naming the file (not a run of 0 steps); with --steps it is N idle steps,
    // and --steps 0 is how a run of no steps is asked for.
    void emptyInputScript() {
        QTemporaryDir dir;
        for (const QByteArray& text : {QByteArray(), QByteArray("# nothing yet\n\n")}) {
            const QString script = dir.filePath(QStringLiteral("empty.txt"));
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(text);
            f.close();
            const ts::test::ProcessRun r =
                ts::test::runProcess(kBin, {"simulate", kTutorial, "--inputs", script});
            QVERIFY2(r.exitCode == 1, qPrintable(ts::test::describe(r)));
            QCOMPARE(r.out, QString());
            QCOMPARE(r.err, script + QStringLiteral(": error: no steps to run: the input script "
                                                    "has no 'FROM TO KEYS' line; give --steps N "
                                                    "to run N steps with no keys held\n"));
            const ts::test::ProcessRun idle =
                ts::test::runProcess(kBin, {"simulate", kTutorial, "--inputs", script, "-n", "3"});
            QVERIFY2(idle.exitCode == 0, qPrintable(ts::test::describe(idle)));
            QVERIFY2(idle.out.startsWith(kTutorial + QStringLiteral(": ran 3 steps, ")),
                     qPrintable(ts::test::describe(idle)));
            const ts::test::ProcessRun none =
                ts::test::runProcess(kBin, {"simulate", kTutorial, "--inputs", script, "-n", "0"});
            QVERIFY2(none.exitCode == 0, qPrintable(ts::test::describe(none)));
            QVERIFY2(none.out.startsWith(kTutorial + QStringLiteral(": ran 0 steps, ")),
                     qPrintable(ts::test::describe(none)));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliInputs)
#include "test_cli_inputs.moc"
