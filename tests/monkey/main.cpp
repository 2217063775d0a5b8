// tilesmith-monkey [LEVEL] --seed S --actions N: a seeded run of random designer actions
// on the real editor window (offscreen, in this process), every invariant checked after
// each action. Exit 0 when all held; 1 with the seed and the action list otherwise, the
// list shrunk and written as a test case (tests/monkey/cases/ keeps them as regression
// tests). docs/reliability.md tells how to run it and reproduce a seed.
#include "monkeyrun.h"
#include "testsettings.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>

using namespace monkey;

namespace {

void print(const QString& text) {
    std::fputs(qPrintable(text + QLatin1Char('\n')), stdout);
    std::fflush(stdout);
}

/// Runs `c` in a child process (`--case`): what it broke, "crash: ..." when it died, or
/// empty when every invariant held.
QString childFailure(const Case& c, const QString& level) {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("trial.txt"));
    QString error;
    Case withLevel = c;
    withLevel.level = level;
    if (!writeCase(file, withLevel, {}, &error))
        return QStringLiteral("cannot write: ") + error;
    QProcess child;
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(
        QCoreApplication::applicationFilePath(),
        {QStringLiteral("--case"), file, QStringLiteral("--no-shrink"), QStringLiteral("--quiet")});
    if (!child.waitForFinished(600000)) {
        child.kill();
        child.waitForFinished();
        return failureSignature({QStringLiteral("crash: hang")});
    }
    if (child.exitStatus() != QProcess::NormalExit)
        return failureSignature({QStringLiteral("crash: signal")});
    if (child.exitCode() == 0)
        return {};
    const QStringList lines =
        QString::fromUtf8(child.readAllStandardOutput()).split(QLatin1Char('\n'));
    QStringList broken;
    for (const QString& line : lines)
        if (line.startsWith(QStringLiteral("broken: ")))
            broken << line.mid(8);
    return failureSignature(
        broken.isEmpty() ? QStringList{QStringLiteral("crash: exit %1").arg(child.exitCode())}
                         : broken);
}

/// Reports a failing run, shrinks it and writes the case; the exit code.
int reportFailure(const Case& c, const RunResult& r, const QString& origin, bool shrinkIt,
                  double shrinkSeconds, const QString& out) {
    print(QStringLiteral("FAILED: %1, after action %2 of %3:")
              .arg(origin)
              .arg(r.failedAt + 1)
              .arg(c.actions.size()));
    for (const QString& b : r.broken)
        print(QStringLiteral("broken: ") + b);
    print(QStringLiteral("actions:"));
    for (const Action& a : c.actions)
        print(QStringLiteral("  ") + formatAction(a));
    if (!shrinkIt)
        return 1;
    Case failing = c;
    failing.actions.resize(std::min(c.actions.size(), std::size_t(r.failedAt + 1)));
    const QString signature = failureSignature(r.broken);
    print(QStringLiteral("shrinking %1 actions (failure: %2)...")
              .arg(failing.actions.size())
              .arg(signature));
    const Case small = shrink(
        failing, [&](const Case& trial) { return childFailure(trial, c.level); }, signature,
        shrinkSeconds);
    QString error;
    QStringList comments = {QStringLiteral("Found by tilesmith-monkey: %1.").arg(origin),
                            QStringLiteral("broken: %1").arg(r.broken.first())};
    if (!writeCase(out, small, comments, &error)) {
        print(error);
        return 1;
    }
    print(
        QStringLiteral("shrunk to %1 actions, written to %2:").arg(small.actions.size()).arg(out));
    for (const Action& a : small.actions)
        print(QStringLiteral("  ") + formatAction(a));
    return 1;
}

/// The offscreen platform's notes on what it cannot do (raise(), size hints) are noise
/// in a run's output; every other message goes on as Qt would print it.
QtMessageHandler gStandardHandler = nullptr;
void quietOffscreen(QtMsgType type, const QMessageLogContext& context, const QString& text) {
    if (text.startsWith(QStringLiteral("This plugin does not support")))
        return;
    if (gStandardHandler)
        gStandardHandler(type, context, text);
    else
        std::fputs(qPrintable(qFormatLogMessage(type, context, text) + QLatin1Char('\n')), stderr);
}

} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    gStandardHandler = qInstallMessageHandler(quietOffscreen);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Random designer actions on the editor window, invariants checked."));
    parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("LEVEL"),
        QStringLiteral("a sample level of resources/levels (default tutorial.yaml)"));
    const QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("the first seed"),
                                     QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption actionsOpt(QStringLiteral("actions"),
                                        QStringLiteral("actions per seed"), QStringLiteral("N"),
                                        QStringLiteral("200"));
    const QCommandLineOption seedsOpt(QStringLiteral("seeds"),
                                      QStringLiteral("seeds to run, S, S+1, ..."),
                                      QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption secondsOpt(
        QStringLiteral("seconds"),
        QStringLiteral(
            "run seeds S, S+1, ... until this much time has passed (instead of --seeds)"),
        QStringLiteral("T"));
    const QCommandLineOption caseOpt(
        QStringLiteral("case"), QStringLiteral("run a case file's actions instead of a seed's"),
        QStringLiteral("FILE"));
    const QCommandLineOption outOpt(
        QStringLiteral("out"), QStringLiteral("where a shrunk case goes (default monkey-SEED.txt)"),
        QStringLiteral("FILE"));
    const QCommandLineOption noShrinkOpt(QStringLiteral("no-shrink"),
                                         QStringLiteral("report a failure without shrinking it"));
    const QCommandLineOption shrinkSecondsOpt(QStringLiteral("shrink-seconds"),
                                              QStringLiteral("time limit of the shrinking"),
                                              QStringLiteral("T"), QStringLiteral("300"));
    const QCommandLineOption isolateOpt(
        QStringLiteral("isolate"),
        QStringLiteral(
            "run each seed in a child process, so a crash (a sanitizer's report) is shrunk too"));
    const QCommandLineOption quietOpt(QStringLiteral("quiet"),
                                      QStringLiteral("print only a failure"));
    const QCommandLineOption verboseOpt(QStringLiteral("verbose"),
                                        QStringLiteral("print each action before it runs"));
    parser.addOptions({seedOpt, actionsOpt, seedsOpt, secondsOpt, caseOpt, outOpt, noShrinkOpt,
                       shrinkSecondsOpt, isolateOpt, quietOpt, verboseOpt});
    parser.process(app);

    // The user's settings, recovery files and kept sessions are not touched.
    QTemporaryDir settings;
    tstest::isolateSettings(settings, QStringLiteral("Tilesmith"),
                            QStringLiteral("TilesmithMonkey"));

    const bool quiet = parser.isSet(quietOpt);
    const bool verbose = parser.isSet(verboseOpt);
    const auto progress = [verbose](int i, const Action& a) {
        if (verbose)
            print(QStringLiteral("%1: %2").arg(i + 1).arg(formatAction(a)));
    };
    const bool shrinkIt = !parser.isSet(noShrinkOpt);
    const double shrinkSeconds = parser.value(shrinkSecondsOpt).toDouble();

    if (parser.isSet(caseOpt)) {
        Case c;
        QString error;
        if (!readCase(parser.value(caseOpt), &c, &error)) {
            print(error);
            return 2;
        }
        const RunResult r = runCase(c, progress);
        if (!r.error.isEmpty()) {
            print(QStringLiteral("error: ") + r.error);
            return 2;
        }
        if (r.ok) {
            if (!quiet)
                print(QStringLiteral("ok: %1 actions, every invariant held").arg(r.executed));
            return 0;
        }
        const QString out = parser.isSet(outOpt)
                                ? parser.value(outOpt)
                                : parser.value(caseOpt) + QStringLiteral(".shrunk");
        return reportFailure(c, r, QStringLiteral("case %1").arg(parser.value(caseOpt)), shrinkIt,
                             shrinkSeconds, out);
    }

    const QString level = parser.positionalArguments().value(0, QStringLiteral("tutorial.yaml"));
    if (!QFileInfo::exists(sampleLevel(level))) {
        print(QStringLiteral("error: no sample level %1").arg(sampleLevel(level)));
        return 2;
    }
    bool ok = false;
    const quint64 first = parser.value(seedOpt).toULongLong(&ok);
    const int count = parser.value(actionsOpt).toInt();
    if (!ok || count < 0) {
        print(QStringLiteral("error: --seed and --actions take whole numbers"));
        return 2;
    }
    const double budget = parser.isSet(secondsOpt) ? parser.value(secondsOpt).toDouble() : -1;
    const quint64 seeds = parser.value(seedsOpt).toULongLong();
    QElapsedTimer clock;
    clock.start();
    quint64 actions = 0;
    quint64 runs = 0;
    for (quint64 seed = first;; ++seed) {
        if (budget >= 0 ? clock.elapsed() >= budget * 1000 : runs >= seeds)
            break;
        const Case c{level, generateActions(seed, count)};
        if (!quiet)
            print(QStringLiteral("seed %1: %2 actions on %3").arg(seed).arg(count).arg(level));
        RunResult r;
        if (parser.isSet(isolateOpt)) {
            const QString failure = childFailure(c, level);
            r.executed = count;
            if (!failure.isEmpty()) {
                r.ok = false;
                r.failedAt = count - 1;
                r.broken = {failure};
            }
        } else {
            r = runCase(c, progress);
        }
        ++runs;
        actions += quint64(r.executed);
        if (!r.error.isEmpty()) {
            print(QStringLiteral("error: ") + r.error);
            return 2;
        }
        if (!r.ok) {
            const QString out = parser.isSet(outOpt) ? parser.value(outOpt)
                                                     : QStringLiteral("monkey-%1.txt").arg(seed);
            return reportFailure(
                c, r, QStringLiteral("seed %1, %2 actions on %3").arg(seed).arg(count).arg(level),
                shrinkIt, shrinkSeconds, out);
        }
    }
    const double secs = double(clock.elapsed()) / 1000;
    print(QStringLiteral(
              "ok: %1 seeds from %2, %3 actions in %4 s (%5 actions/s), every invariant held")
              .arg(runs)
              .arg(first)
              .arg(actions)
              .arg(secs, 0, 'f', 1)
              .arg(secs > 0 ? double(actions) / secs : 0, 0, 'f', 1));
    return 0;
}
