// The commands' one-line summaries count in the right number, as the editor's status
// bar does: "ran 1 step, 1 body", "1 spawn", "1 of 1 goal reachable, 1 standable tile",
// and "2 bodies", "3 errors" beside them. A file lint cannot load gets a summary line
// too, and each file's lines reach a pipe as they are made: stdout and stderr, read
// through one pipe, keep the order of the files.
#include "processrun.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kBin = QStringLiteral(TILESMITH_BIN_DIR "/tilesmith");

/// A 3 x 3 level: one solid tile to stand on, the player on it, and `more` spawns.
QByteArray level(const char* more) {
    return QByteArray("tilesmith: 1\nname: one\ntile_size: 16\nwidth: 3\nheight: 3\n"
                      "tiles: |\n  ...\n  ...\n  .#.\n"
                      "spawns:\n  - {id: 1, kind: player, x: 1, y: 1}\n") +
           more;
}

QString write(const QTemporaryDir& dir, const char* name, const QByteArray& text) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return {};
    return path;
}

ts::test::ProcessRun run(const QStringList& args) {
    return ts::test::runProcess(kBin, args);
}

/// `tilesmith args` with stdout and stderr into one pipe, as `tilesmith ... 2>&1 | less`
/// reads them: what a line-by-line reader of the pipe sees, in that order.
QString merged(const QStringList& args, int* exitCode) {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(kBin, args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return QStringLiteral("(timed out)");
    }
    *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromLocal8Bit(p.readAll());
}

} // namespace

class TestCliSummaries : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built")); }

    void simulate() {
        QTemporaryDir dir;
        const QString one = write(dir, "one.yaml", level(""));
        QVERIFY(!one.isEmpty());
        const ts::test::ProcessRun r = run({"simulate", one, "-n", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(ts::test::describe(r)));
        QCOMPARE(r.out, one + ": ran 1 step, 1 body\n");

        const QString two = write(dir, "two.yaml", level("  - {id: 2, kind: box, x: 0, y: 0}\n"));
        const ts::test::ProcessRun r2 = run({"simulate", two, "-n", "2"});
        QVERIFY2(r2.exitCode == 0, qPrintable(ts::test::describe(r2)));
        QCOMPARE(r2.out, two + ": ran 2 steps, 2 bodies\n");
    }

    void import() {
        QTemporaryDir dir;
        const QString one = write(dir, "one.yaml", level(""));
        const QString map = dir.filePath("one.tmx");
        const QString back = dir.filePath("back.yaml");
        QVERIFY(!one.isEmpty());
        const ts::test::ProcessRun e = run({"export", one, "-o", map});
        QVERIFY2(e.exitCode == 0, qPrintable(ts::test::describe(e)));
        const ts::test::ProcessRun r = run({"import", map, "-o", back});
        QVERIFY2(r.exitCode == 0, qPrintable(ts::test::describe(r)));
        QCOMPARE(r.out, "wrote " + back + " (3 x 3 tiles, 1 spawn)\n");
    }

    void lint() {
        QTemporaryDir dir;
        // The goal is just above the player's head: one jump reaches it.
        const QString one = write(dir, "one.yaml", level("  - {id: 2, kind: goal, x: 1, y: 0}\n"));
        QVERIFY(!one.isEmpty());
        const ts::test::ProcessRun r = run({"lint", one});
        QVERIFY2(r.exitCode == 0, qPrintable(ts::test::describe(r)));
        QVERIFY2(r.out.startsWith(one + ": 1 of 1 goal reachable, 1 standable tile, "),
                 qPrintable(ts::test::describe(r)));
        QVERIFY2(r.out.endsWith(" states searched, 0 errors, 0 warnings\n"),
                 qPrintable(ts::test::describe(r)));
    }

    // lint over several files: one summary line each, a file that does not load too
    // ("not loaded, 1 error"), each after its own diagnostics.
    void lintCountsAFileThatDoesNotLoad() {
        QTemporaryDir dir;
        const QString a = write(dir, "a.yaml", level("  - {id: 2, kind: goal, x: 1, y: 0}\n"));
        const QString bad = write(dir, "bad.yaml", "tilesmith: 1\nwidth: x\n");
        const QString b = write(dir, "b.yaml", level(""));
        QVERIFY(!a.isEmpty() && !bad.isEmpty() && !b.isEmpty());
        const ts::test::ProcessRun r = run({"lint", a, bad, b});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(bad + ": not loaded, 4 errors\n"),
                 qPrintable(ts::test::describe(r)));
        QCOMPARE(r.out.count(QLatin1Char('\n')), 3);

        int exitCode = -1;
        const QStringList lines = merged({"lint", a, bad, b}, &exitCode).split(QLatin1Char('\n'));
        QCOMPARE(exitCode, 1);
        // a's summary, bad's errors then its summary, b's summary: in the files' order.
        QVERIFY2(lines.size() == 8, qPrintable(lines.join('\n')));
        QVERIFY2(lines[0].startsWith(a + ": 1 of 1 goal reachable"), qPrintable(lines.join('\n')));
        for (int i = 1; i <= 4; ++i)
            QVERIFY2(lines[i].startsWith(bad + ":"), qPrintable(lines.join('\n')));
        QCOMPARE(lines[5], bad + ": not loaded, 4 errors");
        QVERIFY2(lines[6].startsWith(b + ": 0 of 0 goals reachable"), qPrintable(lines.join('\n')));
    }

    // validate and replay check print each file's line when it is done, not at exit.
    void linesKeepTheirOrderInAPipe() {
        QTemporaryDir dir;
        const QString a = write(dir, "a.yaml", level(""));
        const QString bad = write(dir, "bad.yaml", "tilesmith: 1\nwidth: x\n");
        QVERIFY(!a.isEmpty() && !bad.isEmpty());
        int exitCode = -1;
        const QString v = merged({"validate", a, bad, a}, &exitCode);
        QCOMPARE(exitCode, 1);
        QVERIFY2(v.startsWith(a + ": ok\n" + bad + ":"), qPrintable(v));
        QVERIFY2(v.endsWith("\n" + a + ": ok\n"), qPrintable(v));

        const QString replay = dir.filePath("a.tsreplay");
        const ts::test::ProcessRun rec = run({"simulate", a, "-n", "5", "--record", replay});
        QVERIFY2(rec.exitCode == 0, qPrintable(ts::test::describe(rec)));
        const QString empty = write(dir, "empty.tsreplay", "");
        QVERIFY(!empty.isEmpty());
        // The empty file's error asks for the version line the writer wrote.
        QFile recorded(replay);
        QVERIFY(recorded.open(QIODevice::ReadOnly));
        QString versionLine;
        while (!recorded.atEnd() && !versionLine.startsWith("tilesmith-replay: "))
            versionLine = QString::fromUtf8(recorded.readLine()).trimmed();
        QVERIFY2(versionLine.startsWith("tilesmith-replay: "), qPrintable(versionLine));
        const QString c = merged({"replay", "check", "-j", "2", replay, empty, replay}, &exitCode);
        QCOMPARE(exitCode, 1);
        QCOMPARE(c, replay + ": ok (5 steps)\n" + empty + ":1:1: error: empty file (expected '" +
                        versionLine + "')\n" + replay + ": ok (5 steps)\n");
    }

    // Counts inside messages read in the right number too: a replay of 1 step, a map or
    // a row with 1 tile, 1 checkpoint expected.
    void messagesCountInTheRightNumber() {
        QTemporaryDir dir;
        const QString one = write(dir, "one.yaml", level(""));
        const QString replay = dir.filePath("one.tsreplay");
        const ts::test::ProcessRun rec =
            run({"simulate", one, "-n", "1", "--record", replay, "--checkpoint-interval", "1"});
        QVERIFY2(rec.exitCode == 0, qPrintable(ts::test::describe(rec)));
        QCOMPARE(run({"replay", "check", replay}).out, replay + ": ok (1 step)\n");
        QCOMPARE(run({"validate", replay}).out,
                 replay + ": ok (a replay of 1 step on " + one + ")\n");
        QVERIFY(run({"replay", "update", replay}).out.startsWith(replay + ": updated (1 step, "));
        QFile f(replay);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.truncate(text.indexOf("checkpoints:\n") + 13); // the checkpoint lost
        const QString cut = write(dir, "cut.tsreplay", text);
        QVERIFY2(run({"validate", cut})
                     .err.contains(": error: expected 1 checkpoint (one every 1 step and one at "
                                   "step 1), got 0"),
                 text.constData());

        // A tile row of 1 tile; a Tiled layer of 1 tile, a tileset of 1 tile.
        const QString row = write(dir, "row.yaml",
                                  "tilesmith: 1\nwidth: 3\nheight: 1\n"
                                  "tiles: |\n  .\nspawns: []\n");
        QVERIFY(run({"validate", row}).err.contains(" error: tile row 1 has 1 tile; expected 3"));
        const QString two = write(dir, "two.yaml",
                                  "tilesmith: 1\nwidth: 2\nheight: 1\n"
                                  "tiles: |\n  ..\nspawns: []\n");
        const QString map = dir.filePath("two.tmx");
        QCOMPARE(run({"export", two, "-o", map}).exitCode, 0);
        QFile m(map);
        QVERIFY(m.open(QIODevice::ReadOnly));
        const QByteArray tmx = m.readAll();
        QVERIFY(tmx.contains("\n0,0\n"));
        const QString shortMap =
            write(dir, "short.tmx", QByteArray(tmx).replace("\n0,0\n", "\n0\n"));
        QVERIFY2(run({"validate", shortMap})
                     .err.contains(" error: layer 'collision' has 1 tile, expected 2 x 1 = 2"),
                 tmx.constData());
        QByteArray art = tmx;
        art.replace(" <layer id=\"1\"", " <tileset firstgid=\"4\" name=\"art\" tilewidth=\"16\" "
                                        "tileheight=\"16\" tilecount=\"1\" columns=\"1\">\n"
                                        "  <image source=\"art.png\" width=\"16\" height=\"16\"/>\n"
                                        " </tileset>\n <layer id=\"1\"");
        art.replace(" <objectgroup", " <layer id=\"3\" name=\"deco\" width=\"2\" height=\"1\">\n"
                                     "  <data encoding=\"csv\">\n5,0\n</data>\n </layer>\n"
                                     " <objectgroup");
        const QString gidMap = write(dir, "gid.tmx", art);
        QVERIFY2(run({"validate", gidMap})
                     .err.contains(" error: tile gid 5 (cell 0, 0) is tile 1 of tileset 'art', "
                                   "which has 1 tile\n"),
                 art.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliSummaries)
#include "test_cli_summaries.moc"
