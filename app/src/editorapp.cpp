// `tilesmith [FILE.yaml] [--screenshot OUT.png [--size WxH]] ...`: the editor. Its options
// are the table in editoroptions.cpp.
#include "editorapp.h"

#include "screenshot.h"
#include "tilesmith/cli/cli.h"
#include "tilesmith/cli/clioutput.h"
#include "tilesmith/cli/editoroptions.h"

#include "playbench.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h" // playcontroller.h needs PlayHud complete (QPointer<PlayHud>)
#include "tilesmith/play/replaycontroller.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>
#include <QRegularExpression>
#include <QSize>
#include <QTimer>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace ts::app {

namespace {

/// Returns an error message, or an empty string.
QString readEditorOptions(const QCommandLineParser& parser, EditorOptions& options) {
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1)
        return QStringLiteral("expected at most one level file, got %1").arg(files.size());
    if (!files.isEmpty())
        options.file = files.first();
    options.screenshot = parser.value(QStringLiteral("screenshot"));
    if (parser.isSet(QStringLiteral("size"))) {
        static const QRegularExpression re(QStringLiteral("^(\\d{1,5})x(\\d{1,5})$"));
        const auto m = re.match(parser.value(QStringLiteral("size")));
        const int w = m.hasMatch() ? m.captured(1).toInt() : 0;
        const int h = m.hasMatch() ? m.captured(2).toInt() : 0;
        if (w < 320 || h < 240 || w > 8192 || h > 8192)
            return QStringLiteral("--size expects WxH between 320x240 and 8192x8192, got '%1'")
                .arg(parser.value(QStringLiteral("size")));
        options.size = QSize(w, h);
    }
    if (parser.isSet(QStringLiteral("jump-arc"))) {
        static const QRegularExpression re(QStringLiteral("^(\\d{1,4}),(\\d{1,4})$"));
        const auto m = re.match(parser.value(QStringLiteral("jump-arc")));
        if (!m.hasMatch())
            return QStringLiteral("--jump-arc expects a tile X,Y, got '%1'")
                .arg(parser.value(QStringLiteral("jump-arc")));
        if (options.screenshot.isEmpty())
            return QStringLiteral("--jump-arc needs --screenshot");
        options.jumpArc = QPoint(m.captured(1).toInt(), m.captured(2).toInt());
    }
    options.reachability = parser.isSet(QStringLiteral("reachability"));
    if (options.reachability && options.screenshot.isEmpty())
        return QStringLiteral("--reachability needs --screenshot");
    return {};
}

/// QCommandLineParser's error in the words of the commands' (parseArgs()): "unknown
/// option '--play-step'", "option --size needs a value", "option --reachability takes no
/// value". Its English text is matched (the editor installs no translation of Qt's).
QString parserError(const QCommandLineParser& parser) {
    if (const QStringList unknown = parser.unknownOptionNames(); !unknown.isEmpty())
        return QStringLiteral("unknown option '%1%2'")
            .arg(unknown.first().size() == 1 ? QStringLiteral("-") : QStringLiteral("--"),
                 unknown.first());
    static const QRegularExpression missing(QStringLiteral("^Missing value after '(.*)'\\.$"));
    static const QRegularExpression unexpected(
        QStringLiteral("^Unexpected value after '(.*)'\\.$"));
    const QString text = parser.errorText();
    if (const auto m = missing.match(text); m.hasMatch())
        return QStringLiteral("option %1 needs a value").arg(m.captured(1));
    if (const auto m = unexpected.match(text); m.hasMatch())
        return QStringLiteral("option %1 takes no value").arg(m.captured(1));
    return text;
}

/// A step count or step number option (--play-steps, --replay-step): the rule and the
/// words of `simulate --steps` (readSteps()). Returns an error message, or an empty string.
QString stepsOption(const QCommandLineParser& parser, const QString& name, std::uint64_t& out) {
    std::string option = "--"; // appended: "--" + std::string trips GCC 12's -Wrestrict
    option.append(name.toStdString());
    std::string error;
    if (readSteps(option, parser.value(name).toStdString(), out, error))
        return {};
    return QString::fromStdString(error);
}

QString readPlayOptions(const QCommandLineParser& parser, EditorOptions& options) {
    if (parser.isSet(QStringLiteral("play-steps"))) {
        std::uint64_t steps = 0;
        if (QString error = stepsOption(parser, QStringLiteral("play-steps"), steps);
            !error.isEmpty())
            return error;
        options.playSteps = int(steps); // at most limits::kMaxSteps
        if (options.screenshot.isEmpty())
            return QStringLiteral("--play-steps needs --screenshot");
    }
    options.inputs = parser.value(QStringLiteral("inputs"));
    if (!options.inputs.isEmpty() && options.playSteps < 0)
        return QStringLiteral("--inputs needs --play-steps");
    options.replay = parser.value(QStringLiteral("replay"));
    if (!options.replay.isEmpty() && options.screenshot.isEmpty())
        return QStringLiteral("--replay needs --screenshot");
    if (!options.replay.isEmpty() && options.playSteps >= 0)
        return QStringLiteral("--replay and --play-steps cannot be combined");
    if (parser.isSet(QStringLiteral("replay-step"))) {
        if (QString error = stepsOption(parser, QStringLiteral("replay-step"), options.replayStep);
            !error.isEmpty())
            return error;
        if (options.replay.isEmpty())
            return QStringLiteral("--replay-step needs --replay");
    }
    options.benchPlay = parser.isSet(QStringLiteral("bench-play"));
    if (options.benchPlay && options.file.isEmpty())
        return QStringLiteral("--bench-play needs a level file");
    if (parser.isSet(QStringLiteral("bench-frames"))) {
        bool ok = false;
        options.benchFrames = parser.value(QStringLiteral("bench-frames")).toInt(&ok);
        if (!ok || options.benchFrames < 1 || options.benchFrames > 1000000)
            return QStringLiteral("--bench-frames expects 1 to 1000000 frames, got '%1'")
                .arg(parser.value(QStringLiteral("bench-frames")));
        if (!options.benchPlay)
            return QStringLiteral("--bench-frames needs --bench-play");
    }
    return {};
}

int takeScreenshot(ts::editor::MainWindow& window, ts::play::PlayController& play,
                   ts::play::ReplayController& replays, const EditorOptions& options) {
    if (const int failed = prepareScreenshot(window, play, replays, options))
        return failed;
    const QPixmap pixmap = window.grab();
    // The format follows the file's suffix, as QImageWriter(fileName) does.
    const QByteArray format = QFileInfo(options.screenshot).suffix().toLower().toLatin1();
    return writeImage(options.screenshot.toLocal8Bit().toStdString(), pixmap.toImage(), format) ? 0
                                                                                                : 1;
}

} // namespace

int runEditor(int argc, char** argv) {
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Tilesmith"));
    QCoreApplication::setApplicationName(QStringLiteral("Tilesmith"));
    QApplication::setApplicationDisplayName(QStringLiteral("Tilesmith"));

    QCommandLineParser parser;
    addEditorOptions(parser);
    // A bad option is a usage error (exit 2, where process() would exit 1), worded as the
    // commands' are (parseArgs()).
    if (!parser.parse(QCoreApplication::arguments())) {
        printError(parserError(parser));
        return 2;
    }
    // `tilesmith LEVEL --help` says what `tilesmith --help` does: the commands and these
    // options, from the table the parser was made of.
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(topHelp().c_str(), stdout);
        return 0;
    }
    EditorOptions options;
    QString optionError = readEditorOptions(parser, options);
    if (optionError.isEmpty())
        optionError = readPlayOptions(parser, options);
    if (const QString error = optionError; !error.isEmpty()) {
        printError(error);
        return 2;
    }

    ts::editor::MainWindow window;
    // A screenshot is a tool run: it leaves the user's recent files and layout alone.
    window.setSettingsEnabled(options.screenshot.isEmpty());
    // Play mode and replays run in the window as its extensions.
    ts::play::PlayController play;
    auto* replays = new ts::play::ReplayController(&play); // owned by `play`
    window.addExtension(&play);
    window.addExtension(replays);
    // Tool runs leave the user's kept sessions alone too.
    replays->setKeepingSessions(options.screenshot.isEmpty() && !options.benchPlay);

    if (!options.file.isEmpty()) {
        QString error;
        // A Tiled map is imported, as File > Import TMX does: the level stays untitled.
        const bool opened = ts::editor::MainWindow::isTmxPath(options.file)
                                ? window.importTmxFile(options.file, &error)
                                : window.openFile(options.file, &error);
        if (!opened) {
            if (!options.screenshot.isEmpty() || options.benchPlay) {
                std::fprintf(stderr, "%s\n", qPrintable(error));
                return 1;
            }
            // The window still opens, on an empty level, and says what went wrong.
            QTimer::singleShot(0, &window, [&window, options, error] {
                window.prompts()->message(
                    &window,
                    {QMessageBox::Warning,
                     QObject::tr("Open Failed"),
                     QObject::tr("Could not open %1.").arg(QDir::toNativeSeparators(options.file)),
                     error,
                     {},
                     QMessageBox::Ok,
                     QMessageBox::NoButton,
                     {}});
            });
        }
    }

    if (options.benchPlay) {
        ts::play::PlayBenchOptions bench;
        if (options.benchFrames > 0) {
            bench.frames = options.benchFrames;
            bench.warmup = std::min(bench.warmup, options.benchFrames);
        }
        return ts::play::runPlayBench(window, play, bench);
    }
    if (!options.screenshot.isEmpty())
        return takeScreenshot(window, play, *replays, options);

    window.restoreWindowState();
    window.show();
    // After a crash, offer what autosave kept.
    QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return app.exec();
}

} // namespace ts::app
