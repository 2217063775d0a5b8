// The `tilesmith` command line, run as a process: exit codes, messages, help, the
// simulation trace and hash, export/import and render (validate: test_cli_validate.cpp).
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"

#include "samplelevels.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "clitest.h"

#include <charconv>

using namespace ts;
using namespace ts::level;

namespace {

using namespace ts::test::cli;

Level loadOk(const QString& path) {
    const LoadResult r = loadLevelFile(path.toStdString());
    if (!r.ok())
        qFatal("%s does not load", qPrintable(path));
    return *r.level;
}

QString shortest(float v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, end - buf);
}

const QStringList kCommands = {"validate", "export", "import", "simulate", "render"};
const QString kTraceHeader = QStringLiteral(
    "step,id,kind,x,y,vx,vy,on_ground,on_one_way,at_ceiling,pushes_left,pushes_right");

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built")); }

    void topLevelHelpAndVersion_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--help") << QStringList{"--help"};
        QTest::newRow("-h") << QStringList{"-h"};
        QTest::newRow("help") << QStringList{"help"};
    }
    void topLevelHelpAndVersion() {
        QFETCH(QStringList, args);
        const Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY(r.out.startsWith(QLatin1String("Usage: tilesmith")));
        for (const QString& c : kCommands)
            QVERIFY2(r.out.contains(QLatin1String("  ") + c + QLatin1Char(' ')), qPrintable(c));
        QVERIFY(r.err.isEmpty());

        const Run v = run({QStringLiteral("--version")});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(
            v.out.contains(QRegularExpression(QStringLiteral("^tilesmith \\d+\\.\\d+\\.\\d+"))));
    }

    void commandHelp_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("command");
        for (const QString& c : kCommands) {
            QTest::newRow(qPrintable(c + " --help")) << QStringList{c, "--help"} << c;
            QTest::newRow(qPrintable(c + " -h")) << QStringList{c, "-h"} << c;
            QTest::newRow(qPrintable("help " + c)) << QStringList{"help", c} << c;
        }
        // --help wins over everything else on the line.
        QTest::newRow("help among args")
            << QStringList{"simulate", "x.yaml", "--help"} << "simulate";
    }
    void commandHelp() {
        QFETCH(QStringList, args);
        QFETCH(QString, command);
        const Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.out.startsWith(QLatin1String("Usage: tilesmith ") + command), qPrintable(r.out));
        QVERIFY(r.err.isEmpty());
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("seeAlso");
        const QString tut = sample(QStringLiteral("tutorial.yaml"));
        QTest::newRow("validate nothing") << QStringList{"validate"} << "no files given"
                                          << "see tilesmith validate --help";
        QTest::newRow("unknown option")
            << QStringList{"validate", "--frob", tut} << "unknown option '--frob'"
            << "see tilesmith validate --help";
        QTest::newRow("unknown short option")
            << QStringList{"simulate", "-x", tut} << "unknown option '-x'"
            << "see tilesmith simulate --help";
        QTest::newRow("export no output")
            << QStringList{"export", "--format", "tmx", tut} << "missing -o OUT.tmx"
            << "see tilesmith export --help";
        QTest::newRow("export no format")
            << QStringList{"export", tut, "-o", "x.json"} << "missing --format"
            << "see tilesmith export --help";
        QTest::newRow("export bad format")
            << QStringList{"export", "--format", "png", tut, "-o", "x.png"}
            << "unknown format 'png' (expected tmx)"
            << "see tilesmith export --help";
        QTest::newRow("export two inputs")
            << QStringList{"export", tut, tut, "-o", "x.tmx"} << "expected one level file, got 2"
            << "see tilesmith export --help";
        QTest::newRow("import no output")
            << QStringList{"import", "a.tmx"} << "missing -o LEVEL.yaml"
            << "see tilesmith import --help";
        QTest::newRow("import no input")
            << QStringList{"import", "-o", "a.yaml"} << "no map file given"
            << "see tilesmith import --help";
        QTest::newRow("simulate no steps") << QStringList{"simulate", tut} << "missing --steps N"
                                           << "see tilesmith simulate --help";
        QTest::newRow("simulate bad steps") << QStringList{"simulate", tut, "--steps", "-3"}
                                            << "--steps expects a whole number of steps, got '-3'"
                                            << "see tilesmith simulate --help";
        // One step cap (limits::kMaxSteps) for every run, recorded or not, named in the error.
        QTest::newRow("simulate steps too large")
            << QStringList{"simulate", tut, "--steps", "99999999999999999999999"}
            << "--steps 99999999999999999999999 is too large (the limit is 100000000 steps)"
            << "see tilesmith simulate --help";
        QTest::newRow("simulate steps one past the limit")
            << QStringList{"simulate", tut, "--steps", "100000001"}
            << "--steps 100000001 is too large (the limit is 100000000 steps)"
            << "see tilesmith simulate --help";
        QTest::newRow("simulate steps one zero too many, traced")
            << QStringList{"simulate", tut, "-n", "1000000000", "--hash", "--trace", "-"}
            << "--steps 1000000000 is too large (the limit is 100000000 steps)"
            << "see tilesmith simulate --help";
        QTest::newRow("simulate steps too large, recorded")
            << QStringList{"simulate", tut, "--steps", "1000000000", "--record", "x.tsreplay"}
            << "--steps 1000000000 is too large (the limit is 100000000 steps)"
            << "see tilesmith simulate --help";
        QTest::newRow("simulate steps twice")
            << QStringList{"simulate", tut, "--steps", "1", "-n", "2"}
            << "option --steps is given twice"
            << "see tilesmith simulate --help";
        QTest::newRow("simulate steps no value")
            << QStringList{"simulate", tut, "--steps"} << "option --steps needs a value"
            << "see tilesmith simulate --help";
        QTest::newRow("flag with value") << QStringList{"simulate", tut, "-n", "1", "--hash=yes"}
                                         << "option --hash takes no value"
                                         << "see tilesmith simulate --help";
        QTest::newRow("simulate no level")
            << QStringList{"simulate", "--steps", "3"} << "no level file given"
            << "see tilesmith simulate --help";
        QTest::newRow("render no output") << QStringList{"render", tut} << "missing -o OUT.png"
                                          << "see tilesmith render --help";
        QTest::newRow("render bad scale")
            << QStringList{"render", tut, "-o", "x.png", "--scale", "0"}
            << "--scale expects a positive number, got '0'"
            << "see tilesmith render --help";
        QTest::newRow("help unknown")
            << QStringList{"help", "frobnicate"} << "unknown command 'frobnicate'"
            << "see tilesmith --help";
        QTest::newRow("unknown command")
            << QStringList{"simulat", tut} << "unknown command 'simulat'"
            << "see tilesmith --help";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QFETCH(QString, seeAlso);
        const Run r = run(args);
        QVERIFY2(r.exitCode == 2, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(message), qPrintable(describe(r)));
        QVERIFY2(r.err.contains(seeAlso), qPrintable(describe(r)));
        QVERIFY(r.out.isEmpty());
    }

    void shortOptionsTakeAttachedValues() {
        // getopt's attached form: "-n5" is "-n 5", for every short option with a value.
        // Each command runs twice, in folders a (separate) and b (attached): same files out.
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("a/x")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("b/x")));
        const QString tut = sample(QStringLiteral("tutorial.yaml"));
        writeFile(dir.filePath(QStringLiteral("in.txt")), "1 30 right\n10 12 jump\n");
        const auto both = [&](const QStringList& head,
                              const QList<std::pair<char, QString>>& options) {
            QString out[2];
            for (int attached = 0; attached < 2; ++attached) {
                const QString folder = dir.filePath(QLatin1String(attached ? "b/" : "a/"));
                QStringList args = head;
                for (const auto& [name, value] : options) {
                    const QString v = QString(value).replace(QLatin1String("DIR/"), folder);
                    const QString flag = QStringLiteral("-") + QLatin1Char(name);
                    args << (attached ? QStringList{flag + v} : QStringList{flag, v});
                }
                const Run r = run(args);
                QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
                out[attached] = QString(r.out).replace(folder, QLatin1String("DIR/"));
            }
            QCOMPARE(out[1], out[0]);
        };
        both({QStringLiteral("simulate"), tut, QStringLiteral("--hash")},
             {{'n', "40"},
              {'i', dir.filePath("in.txt")},
              {'t', "DIR/x/run.trace"},
              {'r', "DIR/x/run.tsreplay"}});
        both({QStringLiteral("render"), tut}, {{'o', "DIR/x/t.png"}, {'s', "2"}});
        both({QStringLiteral("export"), tut}, {{'f', "tmx"}, {'o', "DIR/x/t.tmx"}});
        both({QStringLiteral("import"), dir.filePath("a/x/t.tmx")},
             {{'f', "tmx"}, {'o', "DIR/x/t.yaml"}});
        const QStringList files = QDir(dir.filePath("a/x")).entryList(QDir::Files, QDir::Name);
        QCOMPARE(files, (QStringList{"run.trace", "run.tsreplay", "t-tiles.png", "t.png", "t.tmx",
                                     "t.yaml"}));
        for (const QString& f : files)
            QVERIFY2(readFile(dir.filePath("a/x/" + f)) == readFile(dir.filePath("b/x/" + f)),
                     qPrintable(f));
        // A flag's letter with more after it is still no option.
        const Run bad = run({QStringLiteral("simulate"), tut, QStringLiteral("-x5")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("unknown option '-x5'")),
                 qPrintable(describe(bad)));
    }

    void simulateTrace() {
        QTemporaryDir dir;
        const QString level = sample(QStringLiteral("tutorial.yaml"));
        const QString script = dir.filePath(QStringLiteral("run.txt"));
        writeFile(script, "# walk right, then jump\n1 40 right\n20 20 jump\n");
        const QString trace = dir.filePath(QStringLiteral("trace.csv"));
        const int steps = 45;
        const Run r = run({QStringLiteral("simulate"), level, QStringLiteral("--steps"),
                           QString::number(steps), QStringLiteral("--inputs"), script,
                           QStringLiteral("--trace"), trace});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));

        const Level lvl = loadOk(level);
        // One row per body per step: goals are areas, not bodies.
        std::vector<std::size_t> bodies;
        for (std::size_t i = 0; i < lvl.spawns.size(); ++i)
            if (isBodyKind(lvl.spawns[i].kind))
                bodies.push_back(i);
        QVERIFY(bodies.size() < lvl.spawns.size()); // the tutorial has a goal
        const QStringList lines = QString::fromUtf8(readFile(trace)).split(QLatin1Char('\n'));
        QCOMPARE(lines.first(), kTraceHeader);
        QCOMPARE(lines.last(), QString()); // ends with a newline
        QCOMPARE(lines.size() - 2, steps * int(bodies.size()));
        for (int i = 1; i < lines.size() - 1; ++i) {
            const QStringList f = lines[i].split(QLatin1Char(','));
            QCOMPARE(f.size(), 12);
            const std::size_t body = bodies[std::size_t(i - 1) % bodies.size()];
            QCOMPARE(f[0].toInt(), (i - 1) / int(bodies.size()) + 1);
            QCOMPARE(f[1].toInt(), lvl.spawns[body].id);
            QCOMPARE(f[2], QString::fromLatin1(spawnKindName(lvl.spawns[body].kind)));
            for (int k = 7; k < 12; ++k)
                QVERIFY(f[k] == QLatin1String("0") || f[k] == QLatin1String("1"));
        }

        // The rows are the shared loop's world: box centres in pixels, y up, origin at
        // the map's bottom-left corner, printed so they read back exactly.
        InputScript in;
        std::vector<Diagnostic> errors;
        QVERIFY(loadInputScript(script.toStdString(), in, errors));
        LevelWorld lw = buildWorld(lvl);
        simulateLevel(lw, in, std::uint64_t(steps));
        const int firstLast = lines.size() - 1 - int(bodies.size());
        for (std::size_t b = 0; b < bodies.size(); ++b) {
            const BodyId id = lw.spawnBodies[bodies[b]];
            const QStringList f = lines[firstLast + int(b)].split(QLatin1Char(','));
            QCOMPARE(f[3], shortest(lw.world.aabb(id).center.x));
            QCOMPARE(f[4], shortest(lw.world.aabb(id).center.y));
            QCOMPARE(f[5], shortest(lw.world.velocity(id).x));
            QCOMPARE(f[6], shortest(lw.world.velocity(id).y));
            QCOMPARE(f[7],
                     lw.world.hasContact(id, OnGround) ? QStringLiteral("1") : QStringLiteral("0"));
        }
        // The player walked right from its spawn.
        const QStringList firstPlayer = lines[1].split(QLatin1Char(','));
        const QStringList lastPlayer = lines[firstLast].split(QLatin1Char(','));
        QCOMPARE(firstPlayer[2], QStringLiteral("player"));
        QVERIFY(lastPlayer[3].toFloat() > firstPlayer[3].toFloat() + 50);
    }

    void simulateTraceToStdout() {
        const Run r = run({QStringLiteral("simulate"), sample(QStringLiteral("playground.yaml")),
                           QStringLiteral("-n"), QStringLiteral("2"), QStringLiteral("-t"),
                           QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const Level lvl = loadOk(sample(QStringLiteral("playground.yaml")));
        const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.first(), kTraceHeader);
        QCOMPARE(lines.size(), 1 + 2 * int(lvl.spawns.size() - 1)); // its goal has no row
    }

    void simulateHash_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<int>("steps");
        QTest::newRow("tutorial") << "tutorial.yaml" << QByteArray("1 100 right\n50 52 jump\n")
                                  << 200;
        QTest::newRow("crowd") << "crowd.yaml" << QByteArray() << 120;
        QTest::newRow("playground") << "playground.yaml" << QByteArray("1 60 left,jump\n") << 240;
        QTest::newRow("zero steps") << "tutorial.yaml" << QByteArray() << 0;
    }
    void simulateHash() {
        QFETCH(QString, level);
        QFETCH(QByteArray, script);
        QFETCH(int, steps);
        QTemporaryDir dir;
        QStringList args{QStringLiteral("simulate"), sample(level), QStringLiteral("--steps"),
                         QString::number(steps), QStringLiteral("--hash")};
        InputScript in;
        if (!script.isEmpty()) {
            const QString path = dir.filePath(QStringLiteral("run.txt"));
            writeFile(path, script);
            args << QStringLiteral("--inputs") << path;
            std::vector<Diagnostic> errors;
            QVERIFY(parseInputScript(script.toStdString(), "run.txt", in, errors));
        }
        const Run a = run(args);
        const Run b = run(args);
        QVERIFY2(a.exitCode == 0, qPrintable(describe(a)));
        QVERIFY(a.out.contains(QRegularExpression(QStringLiteral("^[0-9a-f]{16}\n$"))));
        QCOMPARE(a.out, b.out); // deterministic across processes

        // Exactly the world and loop play mode uses.
        LevelWorld lw = buildWorld(loadOk(sample(level)));
        const std::uint64_t hash = simulateLevel(lw, in, std::uint64_t(steps));
        QCOMPARE(a.out.trimmed(), QStringLiteral("%1").arg(hash, 16, 16, QLatin1Char('0')));
    }

    void simulateInputsMatter() {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("run.txt"));
        writeFile(script, "1 60 right\n");
        const QString level = sample(QStringLiteral("tutorial.yaml"));
        const Run with =
            run({QStringLiteral("simulate"), level, QStringLiteral("--steps"), QStringLiteral("60"),
                 QStringLiteral("--inputs"), script, QStringLiteral("--hash")});
        const Run without = run({QStringLiteral("simulate"), level, QStringLiteral("--steps"),
                                 QStringLiteral("60"), QStringLiteral("--hash")});
        QCOMPARE(with.exitCode, 0);
        QCOMPARE(without.exitCode, 0);
        QVERIFY(with.out != without.out);
    }

    void simulateInputErrors_data() {
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown key")
            << QByteArray("1 10 right\n2 3 fire\n")
            << ":2:5: error: unknown key 'fire' (expected left, right, jump, down or none)";
        QTest::newRow("from after to")
            << QByteArray("9 3 jump\n") << ":1:3: error: FROM 9 is after TO 3";
        QTest::newRow("not a number")
            << QByteArray("x 3 jump\n") << ":1:1: error: expected a step number (FROM), got 'x'";
        // A script cannot make a run longer than --steps may (limits::kMaxSteps).
        QTest::newRow("past the step limit")
            << QByteArray("1 100000001 right\n")
            << ":1:3: error: step number '100000001' is too large (the limit is 100000000 steps)";
    }
    void simulateInputErrors() {
        QFETCH(QByteArray, script);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.txt"));
        writeFile(path, script);
        const Run r =
            run({QStringLiteral("simulate"), sample(QStringLiteral("tutorial.yaml")),
                 QStringLiteral("--steps"), QStringLiteral("5"), QStringLiteral("--inputs"), path});
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(path + expected), qPrintable(describe(r)));
    }

    // A level without a player loads, but there is nothing to simulate: an error at its
    // 'spawns' key and exit status 1, nothing written.
    void simulateWithoutAPlayer() {
        const QString level =
            QStringLiteral(TILESMITH_SOURCE_DIR "/tests/level/valid/no_player.yaml");
        QTemporaryDir dir;
        const QString replay = dir.filePath(QStringLiteral("r.tsreplay"));
        const Run r =
            run({QStringLiteral("simulate"), level, QStringLiteral("--steps"), QStringLiteral("5"),
                 QStringLiteral("--hash"), QStringLiteral("--record"), replay});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, level + QStringLiteral(":11:1: error: the level has no player: place one "
                                               "to simulate it\n"));
        QVERIFY(!QFile::exists(replay));
    }

    void simulateMissingFiles() {
        const Run noInputs =
            run({QStringLiteral("simulate"), sample(QStringLiteral("tutorial.yaml")),
                 QStringLiteral("--steps"), QStringLiteral("5"), QStringLiteral("--inputs"),
                 QStringLiteral("/nonexistent/run.txt")});
        QCOMPARE(noInputs.exitCode, 1);
        QVERIFY2(noInputs.err.contains(QLatin1String("/nonexistent/run.txt")),
                 qPrintable(noInputs.err));
        const Run noLevel = run({QStringLiteral("simulate"), QStringLiteral("/nonexistent/l.yaml"),
                                 QStringLiteral("--steps"), QStringLiteral("5")});
        QCOMPARE(noLevel.exitCode, 1);
        QVERIFY(noLevel.err.contains(QLatin1String("/nonexistent/l.yaml")));
        const Run badTrace =
            run({QStringLiteral("simulate"), sample(QStringLiteral("tutorial.yaml")),
                 QStringLiteral("--steps"), QStringLiteral("5"), QStringLiteral("--trace"),
                 QStringLiteral("/nonexistent/t.csv")});
        QCOMPARE(badTrace.exitCode, 1);
        QCOMPARE(badTrace.err,
                 QStringLiteral("/nonexistent/t.csv: error: cannot write: No such file or "
                                "directory\n"));
    }

    // Every command that writes a file says "PATH: error: cannot write: REASON" when
    // it cannot, exits 1 and leaves nothing behind: no partial file, no temporary.
    void outputWriteFailures_data() {
        QTest::addColumn<QStringList>("args"); // "@" is the output path
        QTest::addColumn<QString>("output");   // relative to the test's directory
        QTest::addColumn<QString>("failing");  // the path in the message
        QTest::addColumn<QString>("reason");
        const QString tutorial = sample(QStringLiteral("tutorial.yaml"));
        const QString noDir = QStringLiteral("No such file or directory");
        QTest::newRow("export") << QStringList{"export", tutorial, "-o", "@"} << "no/map.tmx"
                                << "no/map-tiles.png" << noDir;
        QTest::newRow("import") << QStringList{"import", "map.tmx", "-o", "@"} << "no/l.yaml"
                                << "no/l.yaml" << noDir;
        QTest::newRow("simulate --trace")
            << QStringList{"simulate", tutorial, "--steps", "5", "--trace", "@"} << "no/t.csv"
            << "no/t.csv" << noDir;
        QTest::newRow("simulate --record")
            << QStringList{"simulate", tutorial, "--steps", "5", "--record", "@"} << "no/r.tsreplay"
            << "no/r.tsreplay" << noDir;
        QTest::newRow("render") << QStringList{"render", tutorial, "-o", "@"} << "no/x.png"
                                << "no/x.png" << noDir;
        QTest::newRow("lint --route")
            << QStringList{"lint", tutorial, "--route", "7", "-o", "@"} << "no/r.inputs"
            << "no/r.inputs" << noDir;
        QTest::newRow("parent is a file")
            << QStringList{"render", tutorial, "-o", "@"} << "file/x.png"
            << "file/x.png" << QStringLiteral("Not a directory");
        QTest::newRow("output is a directory")
            << QStringList{"simulate", tutorial, "--steps", "5", "--record", "@"} << "dir"
            << "dir" << QStringLiteral("Is a directory");
    }
    void outputWriteFailures() {
        QFETCH(QStringList, args);
        QFETCH(QString, output);
        QFETCH(QString, failing);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("dir")));
        writeFile(dir.filePath(QStringLiteral("file")), "not a directory\n");
        const QString tmx = dir.filePath(QStringLiteral("map.tmx"));
        const Run e = run({"export", sample(QStringLiteral("tutorial.yaml")), "-o", tmx});
        QVERIFY2(e.exitCode == 0, qPrintable(describe(e)));
        const QStringList before =
            QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot);

        for (QString& a : args) {
            if (a == QLatin1String("@"))
                a = dir.filePath(output);
            else if (a == QLatin1String("map.tmx"))
                a = tmx;
        }
        const Run r = run(args);
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QCOMPARE(r.err, dir.filePath(failing) + ": error: cannot write: " + reason + "\n");
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), before);
        QVERIFY(QDir(dir.filePath(QStringLiteral("dir"))).isEmpty());
    }

    void exportImportRoundTrip_data() {
        QTest::addColumn<QString>("level");
        QTest::newRow("tutorial") << "tutorial.yaml";
        QTest::newRow("playground") << "playground.yaml";
        QTest::newRow("crowd") << "crowd.yaml";
    }
    void exportImportRoundTrip() {
        QFETCH(QString, level);
        QTemporaryDir dir;
        const QString tmx = dir.filePath(QStringLiteral("map.tmx"));
        const Run e = run({QStringLiteral("export"), QStringLiteral("--format"),
                           QStringLiteral("tmx"), sample(level), QStringLiteral("-o"), tmx});
        QVERIFY2(e.exitCode == 0, qPrintable(describe(e)));
        QVERIFY(QFile::exists(tmx));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("map-tiles.png"))));
        const QString yaml = dir.filePath(QStringLiteral("back.yaml"));
        const Run i = run({QStringLiteral("import"), QStringLiteral("--format"),
                           QStringLiteral("tmx"), tmx, QStringLiteral("-o"), yaml});
        QVERIFY2(i.exitCode == 0, qPrintable(describe(i)));
        // The imported level is the sample with its auto layers as the tiles they draw
        // (Tiled has no rules), its tileset image named from the new file's folder.
        const ts::level::LoadResult got = ts::level::loadLevelFile(yaml.toStdString());
        QVERIFY(got.ok());
        ts::level::Level back = *got.level;
        const ts::level::Level want = testlevels::withArtPainted(
            *ts::level::loadLevelFile(sample(level).toStdString()).level);
        QCOMPARE(back.tilesets.size(), want.tilesets.size());
        for (std::size_t t = 0; t < back.tilesets.size(); ++t) {
            QCOMPARE(QFileInfo(dir.filePath(QString::fromStdString(back.tilesets[t].image)))
                         .canonicalFilePath(),
                     QFileInfo(QFileInfo(sample(level))
                                   .dir()
                                   .filePath(QString::fromStdString(want.tilesets[t].image)))
                         .canonicalFilePath());
            back.tilesets[t].image = want.tilesets[t].image;
        }
        QVERIFY(back == want);
        // Canonical save: a level without art comes back byte for byte.
        ts::level::Level plain = want;
        plain.art.clear();
        plain.tilesets.clear();
        const QString plainYaml = dir.filePath(QStringLiteral("plain.yaml"));
        QVERIFY(ts::level::saveLevelFile(plain, plainYaml.toStdString()));
        const QString plainTmx = dir.filePath(QStringLiteral("plain.tmx"));
        const QString plainBack = dir.filePath(QStringLiteral("plain-back.yaml"));
        QCOMPARE(run({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("tmx"),
                      plainYaml, QStringLiteral("-o"), plainTmx})
                     .exitCode,
                 0);
        QCOMPARE(run({QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("tmx"),
                      plainTmx, QStringLiteral("-o"), plainBack})
                     .exitCode,
                 0);
        QCOMPARE(readFile(plainBack), readFile(plainYaml));
        // And validate reads TMX maps too.
        const Run v = run({QStringLiteral("validate"), tmx});
        QVERIFY2(v.exitCode == 0, qPrintable(describe(v)));
    }

    void importErrors() {
        QTemporaryDir dir;
        const QString tmx = dir.filePath(QStringLiteral("bad.tmx"));
        writeFile(tmx, "<?xml version=\"1.0\"?>\n<map orientation=\"hexagonal\" width=\"2\" "
                       "height=\"2\" tilewidth=\"8\" tileheight=\"8\"/>\n");
        const QString yaml = dir.filePath(QStringLiteral("out.yaml"));
        const Run r = run({QStringLiteral("import"), tmx, QStringLiteral("-o"), yaml});
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(tmx + QStringLiteral(":2:1: error: only orthogonal maps")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(yaml));
        const Run missing = run({QStringLiteral("import"), dir.filePath(QStringLiteral("no.tmx")),
                                 QStringLiteral("-o"), yaml});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains(QLatin1String("no.tmx")));
    }

    void render() {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("tut.png"));
        const QString level = sample(QStringLiteral("tutorial.yaml"));
        const Run r = run({QStringLiteral("render"), level, QStringLiteral("-o"), png,
                           QStringLiteral("--scale"), QStringLiteral("0.5")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const Level lvl = loadOk(level);
        const QImage img(png);
        QVERIFY(!img.isNull());
        QVERIFY(qAbs(img.width() - lvl.width * lvl.tileSize / 2) <= 1);
        QVERIFY(qAbs(img.height() - lvl.height * lvl.tileSize / 2) <= 1);

        const Run big = run({QStringLiteral("render"), level, QStringLiteral("-o"), png,
                             QStringLiteral("--scale"), QStringLiteral("1000")});
        QVERIFY2(big.exitCode == 1, qPrintable(describe(big)));
        // The level's path leads, and the suggestion is the largest power of two that
        // fits (960 x 320 px: 16384 px per side allows 17x, so 16; it said 1 before).
        QVERIFY2(big.err.startsWith(level + QLatin1String(": error: level is 960 x 320 px")),
                 qPrintable(big.err));
        QVERIFY2(big.err.contains(QLatin1String("use --scale 16 or less")), qPrintable(big.err));
        const Run over = run({QStringLiteral("render"), level, QStringLiteral("-o"), png,
                              QStringLiteral("--scale"), QStringLiteral("32")});
        QCOMPARE(over.exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
