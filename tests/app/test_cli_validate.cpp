// `tilesmith validate`, run as a process: level files (the samples, invalid files, the
// invalid corpus) and replays, which are read as replays (by the .tsreplay extension or
// by their first line), not as levels: the replay reader's errors, then its level's.
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "clitest.h"

namespace {

using namespace ts::test::cli;

} // namespace

class TestCliValidate : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mLevel, mReplay;
    QByteArray mReplayText;

    QString path(const char* name) const { return mDir.filePath(QString::fromLatin1(name)); }

private slots:
    void initTestCase() {
        QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built"));
        QVERIFY(mDir.isValid());
        // A replay of 120 steps on a copy of the tutorial, recorded as a user would.
        mLevel = path("tutorial.yaml");
        mReplay = path("run.tsreplay");
        QVERIFY(QFile::copy(sample(QStringLiteral("tutorial.yaml")), mLevel));
        writeFile(path("run.txt"), "1 40 right\n41 41 right,jump\n42 120 right\n");
        const Run rec = run({"simulate", mLevel, "--steps", "120", "--inputs", path("run.txt"),
                             "--record", mReplay});
        QVERIFY2(rec.exitCode == 0, qPrintable(describe(rec)));
        mReplayText = readFile(mReplay);
        QVERIFY(mReplayText.startsWith("# "));
    }

    void validateSamples() {
        const QStringList files =
            QDir(sample(QString())).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 4);
        QStringList args{QStringLiteral("validate")};
        for (const QString& f : files)
            args << sample(f);
        const Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY(r.err.isEmpty());
        for (const QString& f : files)
            QVERIFY2(r.out.contains(sample(f) + QStringLiteral(": ok\n")), qPrintable(f));
    }

    void validateInvalid() {
        QTemporaryDir dir;
        const QString rows = dir.filePath(QStringLiteral("rows.yaml"));
        writeFile(rows, "tilesmith: 1\nname: x\ntile_size: 16\nwidth: 3\nheight: 2\ntiles: |\n"
                        "  ...\n  ##\nspawns:\n  - {id: 1, kind: player, x: 1, y: 0}\n");
        const QString key = dir.filePath(QStringLiteral("key.yaml"));
        writeFile(key, "tilesmith: 1\nname: x\ntile_size: 16\nwidth: 3\nheight: 2\ntiles: |\n"
                       "  ...\n  ###\nspawns:\n  - {id: 1, kind: player, x: 1, y: 0}\n"
                       "colour: red\n");
        const QString missing = dir.filePath(QStringLiteral("missing.yaml"));
        const Run r = run({QStringLiteral("validate"), rows,
                           sample(QStringLiteral("tutorial.yaml")), key, missing});
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        // The valid file is still reported ok; every error names its file and position.
        QVERIFY(r.out.contains(sample(QStringLiteral("tutorial.yaml")) + QStringLiteral(": ok")));
        QVERIFY(!r.out.contains(rows));
        const QRegularExpression rowsError(QRegularExpression::escape(rows) +
                                           QStringLiteral(":8:\\d+: error: .*"));
        QVERIFY2(r.err.contains(rowsError), qPrintable(r.err));
        const QRegularExpression keyError(QRegularExpression::escape(key) +
                                          QStringLiteral(":11:1: error: .*colour"));
        QVERIFY2(r.err.contains(keyError), qPrintable(r.err));
        QVERIFY2(r.err.contains(missing + QLatin1Char(':')), qPrintable(r.err));
    }

    // Independent errors are all reported: a bad tile character hides no spawn off the map.
    void validateReportsBadTileAndSpawnOffTheMap() {
        const QString level = path("tile-and-spawn.yaml");
        writeFile(level, "tilesmith: 1\nname: x\ntile_size: 16\nwidth: 3\nheight: 2\ntiles: |\n"
                         "  .?.\n  ###\nspawns:\n  - {id: 1, kind: player, x: 7, y: 0}\n");
        const Run r = run({QStringLiteral("validate"), level});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, level +
                            QStringLiteral(":7:4: error: unknown tile character '?' (the "
                                           "legend has '.', '#' and '=')\n") +
                            level +
                            QStringLiteral(":10:30: error: spawn 1 is outside the map: x is 7, "
                                           "expected 0 to 2\n"));
    }

    // A level without a player is valid: "ok", and a warning at its 'spawns' key.
    void validateLevelWithoutAPlayer() {
        const QString level = path("noplayer.yaml");
        QVERIFY(QFile::copy(
            QStringLiteral(TILESMITH_SOURCE_DIR "/tests/level/valid/no_player.yaml"), level));
        const Run r = run({QStringLiteral("validate"), level, mLevel});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.out, level + QStringLiteral(": ok\n") + mLevel + QStringLiteral(": ok\n"));
        QCOMPARE(r.err, level + QStringLiteral(":11:1: warning: the level has no player: place "
                                               "one to play it\n"));
    }

    // The level engineer's corpus of invalid files: each fails with located errors.
    void validateInvalidCorpus() {
        const QDir corpus(QStringLiteral(TILESMITH_SOURCE_DIR "/tests/level/invalid"));
        const QStringList files = corpus.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        if (files.isEmpty())
            QSKIP("no invalid corpus in tests/level/invalid");
        for (const QString& f : files) {
            const QString path = corpus.filePath(f);
            const Run r = run({QStringLiteral("validate"), path});
            QVERIFY2(r.exitCode == 1, qPrintable(f + QLatin1Char('\n') + describe(r)));
            QVERIFY2(r.err.startsWith(path + QLatin1Char(':')), qPrintable(describe(r)));
            QVERIFY2(r.err.contains(QLatin1String(" error: ")), qPrintable(describe(r)));
            QVERIFY(r.out.isEmpty());
        }
    }

    // A replay is read as a replay (it used to be read as a level: "missing 'tilesmith: 1'").
    void validateReplay() {
        const Run r = run({QStringLiteral("validate"), mReplay, mLevel});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.err, QString());
        QCOMPARE(r.out, mReplay + QStringLiteral(": ok (a replay of 120 steps on ") + mLevel +
                            QStringLiteral(")\n") + mLevel + QStringLiteral(": ok\n"));
    }

    // A replay under another name is known by its first line that is no comment; a level
    // whose comment names the replay line is still a level.
    void validateReplayByContent() {
        const QString yaml = path("run-copy.yaml");
        writeFile(yaml, "\n# copied\n" + mReplayText);
        const QString level = path("commented.yaml");
        writeFile(level, "# tilesmith-replay: 2\n" + readFile(mLevel));
        const Run r = run({QStringLiteral("validate"), yaml, level});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QCOMPARE(r.out, yaml + QStringLiteral(": ok (a replay of 120 steps on ") + mLevel +
                            QStringLiteral(")\n") + level + QStringLiteral(": ok\n"));
        // Errors come from the replay reader too.
        writeFile(yaml, "tilesmith-replay: 2\nlevel: tutorial.yaml\ncolour: red\n");
        const Run bad = run({QStringLiteral("validate"), yaml});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.startsWith(yaml + QStringLiteral(":3:1: error: unknown header key "
                                                          "'colour'")),
                 qPrintable(describe(bad)));
    }

    // The replay reader's own errors, FILE:LINE:COLUMN; then a level that does not load,
    // named with the replay; each file is reported and the exit status is 1.
    void validateReplayErrors() {
        QByteArray text = mReplayText;
        const int at = text.indexOf("\nsteps: ");
        QVERIFY(at > 0);
        text.insert(at + 8, "+x"); // "steps: +x120"
        const QString bad = path("bad.tsreplay");
        writeFile(bad, text);
        const int line = mReplayText.left(at + 1).count('\n') + 1;

        // The same replay, one folder down: its level ('tutorial.yaml') is not there.
        QVERIFY(QDir(mDir.path()).mkpath(QStringLiteral("sub")));
        const QString moved = path("sub/run.tsreplay");
        writeFile(moved, mReplayText);
        // And beside a level that does not load.
        QVERIFY(QDir(mDir.path()).mkpath(QStringLiteral("broken")));
        const QString brokenLevel = path("broken/tutorial.yaml");
        writeFile(brokenLevel, "tilesmith: 1\nwidth: 0\n");
        const QString onBroken = path("broken/run.tsreplay");
        writeFile(onBroken, mReplayText);

        const Run r = run({QStringLiteral("validate"), bad, moved, onBroken, mReplay});
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QCOMPARE(r.out, mReplay + QStringLiteral(": ok (a replay of 120 steps on ") + mLevel +
                            QStringLiteral(")\n"));
        QVERIFY2(r.err.contains(bad + QLatin1Char(':') + QString::number(line) +
                                QStringLiteral(":8: error: expected an integer for 'steps', got "
                                               "'+x120'")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(moved +
                                QStringLiteral(": error: cannot load its level "
                                               "'tutorial.yaml' (") +
                                QDir::cleanPath(path("sub/tutorial.yaml"))),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(onBroken + QStringLiteral(": error: cannot load its level")),
                 qPrintable(r.err));
        // The level's own errors follow, at their positions.
        QVERIFY2(r.err.contains(QRegularExpression(QRegularExpression::escape(brokenLevel) +
                                                   QStringLiteral(":\\d+:\\d+: error: "))),
                 qPrintable(r.err));
        // No level wording about a replay file.
        QVERIFY2(!r.err.contains(QStringLiteral("'tilesmith: 1'")), qPrintable(r.err));
    }

    // A file that is no replay asks for the first line `simulate --record` writes, not an
    // older version's.
    void validateReplayAsksForTheWrittenVersion() {
        const QRegularExpressionMatch written =
            QRegularExpression(QStringLiteral("^tilesmith-replay: \\d+$"),
                               QRegularExpression::MultilineOption)
                .match(QString::fromUtf8(mReplayText));
        QVERIFY2(written.hasMatch(), mReplayText.constData());
        const QString want = QLatin1Char('\'') + written.captured(0) + QLatin1Char('\'');
        const QString empty = path("empty.tsreplay");
        writeFile(empty, "");
        const QString comments = path("comments.tsreplay");
        writeFile(comments, "# only a comment\n\n");
        const QString other = path("other.tsreplay");
        writeFile(other, "tilesmith: 1\n");
        const Run r = run({QStringLiteral("validate"), empty, comments, other});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, empty + QStringLiteral(":1:1: error: empty file (expected ") + want +
                            QStringLiteral(")\n") + comments +
                            QStringLiteral(":1:1: error: not a Tilesmith replay (no ") + want +
                            QStringLiteral(" line)\n") + other +
                            QStringLiteral(":1:1: error: not a Tilesmith replay (expected ") +
                            want + QStringLiteral(" first, got 'tilesmith: 1')\n"));
    }

    // validate checks a replay's structure; running it is `replay check`'s: a replay whose
    // level changed under its route is valid, and says the level changed.
    void validateDoesNotRunTheReplay() {
        QVERIFY(QDir(mDir.path()).mkpath(QStringLiteral("changed")));
        const QString level = path("changed/tutorial.yaml");
        QByteArray text = readFile(mLevel);
        text.replace("\nname: ", "\nname: Changed "); // another level content hash
        writeFile(level, text);
        const QString replay = path("changed/run.tsreplay");
        writeFile(replay, mReplayText);
        const Run v = run({QStringLiteral("validate"), replay});
        QVERIFY2(v.exitCode == 0, qPrintable(describe(v)));
        QCOMPARE(v.out, replay + QStringLiteral(": ok (a replay of 120 steps on ") + level +
                            QStringLiteral(", which changed since recording)\n"));
        const Run help = run({QStringLiteral("validate"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains(QStringLiteral(".tsreplay")), qPrintable(help.out));
        QVERIFY2(help.out.contains(QStringLiteral("'tilesmith replay check'")),
                 qPrintable(help.out));
    }
};

QTEST_GUILESS_MAIN(TestCliValidate)
#include "test_cli_validate.moc"
