// The `tilesmith` executable's editor mode, run as a process: --screenshot
// writes a PNG of the requested size, and bad input fails with a message. And
// the window its grab sees, laid out by the same code in this process: the
// status bar's reachability summary keeps its problems in a narrow window.
#include "screenshot.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h" // playcontroller.h needs PlayHud complete (QPointer<PlayHud>)
#include "tilesmith/play/replaycontroller.h"
#include "widgets/elidedlabel.h"

#include <QColor>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

class TestEditorApp : public QObject {
    Q_OBJECT

    struct Run {
        int exitCode = -1;
        QString err;
    };

    static Run run(const QStringList& args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TILESMITH_BIN_DIR "/tilesmith"), args);
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
            return {};
        }
        Run r;
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.err = QString::fromLocal8Bit(p.readAllStandardError());
        return r;
    }

    static QString level(const char* name) {
        return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + QLatin1String(name);
    }

private slots:
    void screenshotHasTheRequestedSize_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("size");
        QTest::addColumn<QSize>("expected");
        QTest::addColumn<QStringList>("more");
        QTest::newRow("tutorial default size")
            << level("tutorial.yaml") << QString() << QSize(1280, 800) << QStringList();
        QTest::newRow("tutorial 1024x700") << level("tutorial.yaml") << QStringLiteral("1024x700")
                                           << QSize(1024, 700) << QStringList();
        QTest::newRow("playground 800x600") << level("playground.yaml") << QStringLiteral("800x600")
                                            << QSize(800, 600) << QStringList();
        QTest::newRow("no file") << QString() << QStringLiteral("640x480") << QSize(640, 480)
                                 << QStringList();
        // Narrow: the status bar's readouts give up their reserved room (the summary of
        // 9 warnings, its widest item, shown); was 686 px wide.
        QTest::newRow("playground 520x480, reachability")
            << level("playground.yaml") << QStringLiteral("520x480") << QSize(520, 480)
            << QStringList{QStringLiteral("--reachability")};
    }

    void screenshotHasTheRequestedSize() {
        QFETCH(QString, level);
        QFETCH(QString, size);
        QFETCH(QSize, expected);
        QFETCH(QStringList, more);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("shot.png"));
        QStringList args;
        if (!level.isEmpty())
            args << level;
        args << QStringLiteral("--screenshot") << out;
        if (!size.isEmpty())
            args << QStringLiteral("--size") << size;
        args << more;
        const Run r = run(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // The size asked for, so no word about raising it.
        QVERIFY2(!r.err.contains(QStringLiteral("warning")), qPrintable(r.err));
        QImage image(out);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), expected);
        // Not a blank window: the map, the tool bars and the docks give many colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    }

    void screenshotBelowTheMinimumSaysSo() {
        // Smaller than the window can be: the window's least size, and stderr says
        // that and what it is, which the PNG has.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("shot.png"));
        const Run r = run({level("tutorial.yaml"), QStringLiteral("--screenshot"), out,
                           QStringLiteral("--size"), QStringLiteral("320x240")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QRegularExpression said(
            QStringLiteral("tilesmith: warning: --size 320x240 is smaller than the window's "
                           "minimum (\\d+)x(\\d+); the screenshot is (\\d+)x(\\d+)\n"));
        const QRegularExpressionMatch m = said.match(r.err);
        QVERIFY2(m.hasMatch(), qPrintable(r.err));
        const QSize minimum(m.captured(1).toInt(), m.captured(2).toInt());
        const QSize shot(m.captured(3).toInt(), m.captured(4).toInt());
        QCOMPARE(shot, minimum);
        QCOMPARE(QImage(out).size(), shot);
        // A sensible least width: the status bar's readouts give up their room.
        QVERIFY2(shot.width() <= 560, qPrintable(r.err));
    }

    void screenshotOfTheTutorialShowsItsTiles() {
        // The tutorial's solid ground is drawn in the level's tile colour: a large
        // share of the window is that colour (the level fills the view).
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("shot.png"));
        const QString empty = dir.filePath(QStringLiteral("empty.png"));
        QCOMPARE(run({level("tutorial.yaml"), QStringLiteral("--screenshot"), out}).exitCode, 0);
        QCOMPARE(run({QStringLiteral("--screenshot"), empty}).exitCode, 0);
        const QImage a(out), b(empty);
        QCOMPARE(a.size(), b.size());
        int differing = 0;
        for (int y = 0; y < a.height(); y += 4)
            for (int x = 0; x < a.width(); x += 4)
                differing += a.pixel(x, y) != b.pixel(x, y);
        QVERIFY2(differing > 2000, qPrintable(QString::number(differing)));
    }

    void screenshotKeepsTheSummarysProblems_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("first");
        const QString tutorial = level("tutorial.yaml");
        const QString playground = level("playground.yaml");
        const QString none = QStringLiteral("Reachability: no problems");
        const QString nine = QStringLiteral("Reachability: 9 warnings");
        QTest::newRow("tutorial, screenshot 1280") << tutorial << QSize(1280, 800) << none;
        QTest::newRow("playground, screenshot 1280") << playground << QSize(1280, 800) << nine;
        QTest::newRow("tutorial 1024") << tutorial << QSize(1024, 700) << none;
        QTest::newRow("playground 900") << playground << QSize(900, 700) << nine;
        QTest::newRow("playground 800") << playground << QSize(800, 600) << nine;
        QTest::newRow("playground 600") << playground << QSize(600, 500) << nine;
        QTest::newRow("playground 520") << playground << QSize(520, 500) << nine;
    }

    void screenshotKeepsTheSummarysProblems() {
        QFETCH(QString, level);
        QFETCH(QSize, size);
        QFETCH(QString, first);
        // As runEditor() sets a --screenshot run up, then prepareScreenshot(): what
        // the grab that follows it sees.
        ts::editor::MainWindow window;
        window.setSettingsEnabled(false);
        ts::play::PlayController play;
        window.addExtension(&play);
        auto* replays = new ts::play::ReplayController(&play);
        window.addExtension(replays);
        replays->setKeepingSessions(false);
        QString error;
        QVERIFY2(window.openFile(level, &error), qPrintable(error));
        ts::app::EditorOptions options;
        options.file = level;
        options.screenshot = QStringLiteral("unused.png");
        options.size = size;
        options.reachability = true;
        QCOMPARE(ts::app::prepareScreenshot(window, play, *replays, options), 0);
        // The size asked for: the status bar's readouts give way (was 686 px at the least).
        QCOMPARE(window.width(), size.width());
        QCOMPARE(window.height(), size.height());

        ts::editor::ReachabilityOverlay* reach = window.reachability();
        QVERIFY(reach->lint());
        QWidget* progress = reach->progressWidget();
        auto* summary = progress->findChild<ts::editor::ElidedLabel*>();
        QVERIFY(summary && summary->isVisible());
        QVERIFY2(summary->text().startsWith(first + QStringLiteral(" \u00b7 ")),
                 qPrintable(summary->text()));
        // Whole, or shortened between whole parts: never less than the problems.
        const QString shown = summary->shownText();
        QVERIFY2(shown == summary->text() ||
                     (shown.startsWith(first) && shown.endsWith(QStringLiteral("\u2026")) &&
                      summary->text().startsWith(shown.chopped(1) + QStringLiteral(" \u00b7 "))),
                 qPrintable(shown));
        QVERIFY2(summary->fontMetrics().horizontalAdvance(shown) <= summary->contentsRect().width(),
                 qPrintable(shown));
        // The others stay readable beside it: the hint (at a word, down to "…" at the
        // least), then the summary, then the readouts, none over another.
        const auto left = [](QWidget* w) { return w->mapTo(w->window(), QPoint(0, 0)).x(); };
        const auto right = [&left](QWidget* w) { return left(w) + w->width(); };
        ts::editor::ElidedLabel* hint =
            window.findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"));
        QVERIFY(hint->fontMetrics().horizontalAdvance(hint->shownText()) <=
                hint->contentsRect().width());
        QVERIFY(right(hint) <= left(progress));
        QVERIFY(right(progress) <= left(window.findChild<QLabel*>(QStringLiteral("tileStatus"))));
        QVERIFY(right(window.findChild<QLabel*>(QStringLiteral("sizeStatus"))) <= window.width());
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad size") << QStringList{QStringLiteral("--screenshot"),
                                                 QStringLiteral("x.png"), QStringLiteral("--size"),
                                                 QStringLiteral("huge")}
                                  << 2 << QStringLiteral("--size");
        QTest::newRow("two files") << QStringList{level("tutorial.yaml"), level("crowd.yaml")} << 2
                                   << QStringLiteral("at most one");
        QTest::newRow("missing file")
            << QStringList{QStringLiteral("/nonexistent/level.yaml"),
                           QStringLiteral("--screenshot"), QStringLiteral("x.png")}
            << 1 << QStringLiteral("/nonexistent/level.yaml");
        QTest::newRow("unwritable output")
            << QStringList{level("tutorial.yaml"), QStringLiteral("--screenshot"),
                           QStringLiteral("/nonexistent/dir/shot.png")}
            << 1
            << QStringLiteral(
                   "/nonexistent/dir/shot.png: error: cannot write: No such file or directory\n");
        QTest::newRow("jump arc off the map")
            << QStringList{level("tutorial.yaml"), QStringLiteral("--screenshot"),
                           QStringLiteral("x.png"), QStringLiteral("--jump-arc"),
                           QStringLiteral("70,5")}
            << 1
            << level("tutorial.yaml") +
                   QStringLiteral(": error: --jump-arc 70,5 is outside the map: x must be 0 to 59 "
                                  "(the level is 60 x 20 tiles)\n");
    }

    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void loadErrorIsReportedWithPosition() {
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("broken.yaml"));
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("tilesmith: 1\nname: [unclosed\n");
        }
        const Run r =
            run({broken, QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.err.contains(QRegularExpression(QStringLiteral("broken\\.yaml:\\d+:\\d+: error: "))),
            qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    }

    void tiledMapOnTheCommandLineIsImported() {
        // `tilesmith map.tmx` imports the map (as File > Import TMX): the same
        // picture as the level it was exported from. A broken map fails with the
        // importer's position, not a YAML error about XML.
        QTemporaryDir dir;
        const QString map = dir.filePath(QStringLiteral("tutorial.tmx"));
        QCOMPARE(run({QStringLiteral("export"), level("tutorial.yaml"), QStringLiteral("-o"), map})
                     .exitCode,
                 0);
        const QString fromYaml = dir.filePath(QStringLiteral("yaml.png"));
        const QString fromTmx = dir.filePath(QStringLiteral("tmx.png"));
        QCOMPARE(run({level("tutorial.yaml"), QStringLiteral("--screenshot"), fromYaml}).exitCode,
                 0);
        const Run r = run({map, QStringLiteral("--screenshot"), fromTmx});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QImage a(fromYaml), b(fromTmx);
        QCOMPARE(b.size(), a.size());
        // The view is the same; the title bar and status differ (untitled vs the file).
        int differing = 0;
        for (int y = a.height() / 4; y < a.height() * 3 / 4; y += 4)
            for (int x = a.width() / 4; x < a.width() * 3 / 4; x += 4)
                differing += a.pixel(x, y) != b.pixel(x, y);
        QVERIFY2(differing < 50, qPrintable(QString::number(differing)));

        const QString broken = dir.filePath(QStringLiteral("broken.tmx"));
        {
            QFile f(broken);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("<?xml version=\"1.0\"?>\n<map version=\"1.8\" orientation=\"orthogonal\"\n");
        }
        const Run bad = run({broken, QStringLiteral("--screenshot"), fromTmx + "2"});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(
            bad.err.contains(QRegularExpression(QStringLiteral("broken\\.tmx:\\d+:\\d+: error: "))),
            qPrintable(bad.err));
        QVERIFY2(!bad.err.contains(QStringLiteral("YAML")), qPrintable(bad.err));
    }
};

QTEST_MAIN(TestEditorApp)
#include "test_editorapp.moc"
