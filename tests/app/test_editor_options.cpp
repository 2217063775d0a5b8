// The editor's own command-line options (`tilesmith [LEVEL] --screenshot OUT.png
// --size ... --play-steps ...`), run as a process: a bad value or an unknown option is
// a usage error (exit 2, nothing written) in the words of the commands' errors (values
// in single quotes, "expects"), and a step count is held to the step limit of
// `simulate --steps` in its words. `tilesmith --help` lists every option the editor's
// parser accepts, once, with its value and meaning (--help among the general options,
// the rest among the editor's).
#include "tilesmith/cli/editoroptions.h"

#include <QCommandLineParser>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "processrun.h"

namespace {

const QString kBin = QStringLiteral(TILESMITH_BIN_DIR "/tilesmith");

QString sample(const QString& name) {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + name;
}

qsizetype matches(const QRegularExpression& re, const QString& text) {
    qsizetype n = 0;
    for (auto it = re.globalMatch(text); it.hasNext(); it.next())
        ++n;
    return n;
}

} // namespace

class TestEditorOptions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built")); }

    void badOptionIsAUsageError_data() {
        QTest::addColumn<QStringList>("args"); // after LEVEL --screenshot OUT.png
        QTest::addColumn<QString>("message");  // the line after "tilesmith: "
        // Never read: a bad option is refused before any file is opened.
        const QString replay = QStringLiteral("never-read.tsreplay");
        QTest::newRow("size not WxH") << QStringList{"--size", "huge"}
                                      << "--size expects WxH between 320x240 and 8192x8192, got "
                                         "'huge'";
        QTest::newRow("size too small")
            << QStringList{"--size", "100x100"}
            << "--size expects WxH between 320x240 and 8192x8192, got '100x100'";
        QTest::newRow("jump arc not a tile")
            << QStringList{"--jump-arc", "a,b"} << "--jump-arc expects a tile X,Y, got 'a,b'";
        QTest::newRow("play steps negative")
            << QStringList{"--play-steps", "-1"}
            << "--play-steps expects a whole number of steps, got '-1'";
        QTest::newRow("play steps not a number")
            << QStringList{"--play-steps", "ten"}
            << "--play-steps expects a whole number of steps, got 'ten'";
        // The one step limit (limits::kMaxSteps) of every run, as simulate --steps says it.
        QTest::newRow("play steps past the limit")
            << QStringList{"--play-steps", "100000001"}
            << "--play-steps 100000001 is too large (the limit is 100000000 steps)";
        QTest::newRow("play steps past any number")
            << QStringList{"--play-steps", "99999999999999999999999"}
            << "--play-steps 99999999999999999999999 is too large (the limit is 100000000 steps)";
        QTest::newRow("replay step negative")
            << QStringList{"--replay", replay, "--replay-step", "-5"}
            << "--replay-step expects a whole number of steps, got '-5'";
        QTest::newRow("replay step past the limit")
            << QStringList{"--replay", replay, "--replay-step", "1000000000"}
            << "--replay-step 1000000000 is too large (the limit is 100000000 steps)";
        QTest::newRow("bench frames zero") << QStringList{"--bench-play", "--bench-frames", "0"}
                                           << "--bench-frames expects 1 to 1000000 frames, got '0'";
        QTest::newRow("bench frames too many")
            << QStringList{"--bench-play", "--bench-frames", "1000001"}
            << "--bench-frames expects 1 to 1000000 frames, got '1000001'";
        // A mistyped or incomplete option is a usage error too (Qt's own parser would exit
        // 1), in the words of the commands' (test_cli's usageErrors).
        QTest::newRow("unknown option")
            << QStringList{"--play-step", "5"} << "unknown option '--play-step'";
        QTest::newRow("unknown short option") << QStringList{"-s"} << "unknown option '-s'";
        QTest::newRow("value missing") << QStringList{"--size"} << "option --size needs a value";
        QTest::newRow("flag with a value")
            << QStringList{"--reachability=yes"} << "option --reachability takes no value";
    }
    void badOptionIsAUsageError() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("shot.png"));
        const ts::test::ProcessRun r = ts::test::runProcess(
            kBin, QStringList{sample(QStringLiteral("tutorial.yaml")), "--screenshot", out} + args);
        QVERIFY2(r.exitCode == 2, qPrintable(ts::test::describe(r)));
        QVERIFY2(r.err.contains(QStringLiteral("tilesmith: ") + message + "\n"),
                 qPrintable(ts::test::describe(r)));
        QVERIFY(!QFile::exists(out));
    }

    void helpListsEveryEditorOption() {
        // What the editor's parser accepts, as Qt lists it: the parser runEditor() makes.
        QCommandLineParser parser;
        ts::app::addEditorOptions(parser);
        static const QRegularExpression qtOption(
            QStringLiteral("^\\s+(?:-\\w, )?--([a-z-]+)(?: <([^>]+)>)?"),
            QRegularExpression::MultilineOption);
        QList<QPair<QString, QString>> accepted; // name, value form ("" for a flag)
        for (auto it = qtOption.globalMatch(parser.helpText()); it.hasNext();) {
            const auto m = it.next();
            accepted.append({m.captured(1), m.captured(2)});
        }
        QVERIFY2(accepted.size() >= 11, qPrintable(parser.helpText()));

        const ts::test::ProcessRun help = ts::test::runProcess(kBin, {"--help"});
        QVERIFY2(help.exitCode == 0, qPrintable(ts::test::describe(help)));
        // The commands are still there, then the editor's options.
        QVERIFY2(help.out.contains(QStringLiteral("\n  simulate   ")), qPrintable(help.out));
        const qsizetype section = help.out.indexOf(QStringLiteral("\nEditor options"));
        QVERIFY2(section > 0, qPrintable(help.out));
        const QString editorSection = help.out.mid(section);
        // The general options (--help, --version), which the editor reads too.
        const qsizetype general = help.out.indexOf(QStringLiteral("\nOptions:\n"));
        QVERIFY2(general > 0 && general < section, qPrintable(help.out));
        const QString generalSection = help.out.mid(general, section - general);
        for (const auto& [name, value] : accepted) {
            // "      --size WxH            window size ...": the form, then a meaning; in
            // the editor's section or, one the commands share, "  -h, --help     show ...".
            const QString form = QStringLiteral("--") + name +
                                 (value.isEmpty() ? QString() : QStringLiteral(" ") + value);
            const QRegularExpression line(QStringLiteral("\\n {2}(?:-\\w, | {4})") +
                                          QRegularExpression::escape(form) +
                                          QStringLiteral("(?: {2,}|\\n {28})[a-z]"));
            const QRegularExpression generalLine(QStringLiteral("\\n {2}(?:-\\w, )?") +
                                                 QRegularExpression::escape(form) +
                                                 QStringLiteral(" {2,}[a-z]"));
            // Listed, and once: never in both sections, never twice in one.
            const qsizetype listed =
                matches(line, editorSection) + matches(generalLine, generalSection);
            QVERIFY2(listed == 1,
                     qPrintable(form + QStringLiteral(" is listed %1 times in:\n").arg(listed) +
                                help.out));
        }

        // `tilesmith LEVEL --help` (the editor's parser) says the same.
        const ts::test::ProcessRun editor =
            ts::test::runProcess(kBin, {sample(QStringLiteral("tutorial.yaml")), "--help"});
        QVERIFY2(editor.exitCode == 0, qPrintable(ts::test::describe(editor)));
        QCOMPARE(editor.out, help.out);
    }

    void everyListedOptionIsAccepted() {
        // Each option the help lists, given to the editor: never an unknown option. A bad
        // --size after it stops the run once the options are read.
        const ts::test::ProcessRun help = ts::test::runProcess(kBin, {"--help"});
        const QString editorSection =
            help.out.mid(help.out.indexOf(QStringLiteral("\nEditor options")));
        static const QRegularExpression listed(
            QStringLiteral("^ {2}(?:-\\w, | {4})--([a-z-]+)(?: ([^ ]+))?"),
            QRegularExpression::MultilineOption);
        int count = 0;
        for (auto it = listed.globalMatch(editorSection); it.hasNext(); ++count) {
            const auto m = it.next();
            QStringList args{sample(QStringLiteral("tutorial.yaml")), "--" + m.captured(1)};
            if (m.hasCaptured(2))
                args << m.captured(2);
            args << "--size"
                 << "huge";
            const ts::test::ProcessRun r = ts::test::runProcess(kBin, args);
            QVERIFY2(r.exitCode == 2 && !r.err.contains(QStringLiteral("unknown option")) &&
                         !r.err.contains(QStringLiteral("value")),
                     qPrintable(args.join(' ') + ": " + ts::test::describe(r)));
        }
        QVERIFY2(count >= 10, qPrintable(editorSection)); // --help: in the general options
    }

    void stepLimitReadsAsSimulateSaysIt() {
        // The same sentence as `simulate --steps`, the option named.
        const ts::test::ProcessRun simulate = ts::test::runProcess(
            kBin, {"simulate", sample(QStringLiteral("tutorial.yaml")), "--steps", "100000001"});
        QVERIFY2(simulate.exitCode == 2, qPrintable(ts::test::describe(simulate)));
        const QString sentence =
            QStringLiteral("--steps 100000001 is too large (the limit is 100000000 steps)");
        QVERIFY2(simulate.err.contains(sentence), qPrintable(ts::test::describe(simulate)));
        QTemporaryDir dir;
        const ts::test::ProcessRun editor = ts::test::runProcess(
            kBin, {sample(QStringLiteral("tutorial.yaml")), "--screenshot",
                   dir.filePath(QStringLiteral("shot.png")), "--play-steps", "100000001"});
        QVERIFY2(editor.exitCode == 2, qPrintable(ts::test::describe(editor)));
        QVERIFY2(editor.err.contains("--play" + sentence.mid(1)),
                 qPrintable(ts::test::describe(editor)));
    }
};

QTEST_GUILESS_MAIN(TestEditorOptions)
#include "test_editor_options.moc"
