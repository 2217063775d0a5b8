// Running a built program (tilesmith, the example game) as a child process from a
// Qt Test, as a user or a game's CI would: exit code, stdout and stderr, with a
// bounded wait so a hang fails the test instead of blocking it.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace ts::test {

struct ProcessRun {
    int exitCode = -1; ///< -1 when the process crashed, could not start or timed out
    QString out;
    QString err;
};

/// Runs `program args` headless (QT_QPA_PLATFORM=offscreen) and waits at most
/// `timeoutMs`; a process still running then is killed and reported as "timed out",
/// one that cannot start or crashes says so (with QProcess's reason) in `err`.
inline ProcessRun runProcess(const QString& program, const QStringList& args,
                             int timeoutMs = 240000) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    ProcessRun r;
    if (!p.waitForStarted(timeoutMs)) {
        r.err = QStringLiteral("could not start %1: %2").arg(program, p.errorString());
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    if (p.exitStatus() != QProcess::NormalExit) {
        // Say how it ended: a crash with no output is otherwise just "exit -1".
        r.err += QStringLiteral("\n(%1 %2: %3)")
                     .arg(program, args.join(QLatin1Char(' ')), p.errorString());
    }
    return r;
}

/// The run's exit code and the start of its output, for failure messages.
inline QString describe(const ProcessRun& r, int limit = 3000) {
    return QStringLiteral("exit %1\n--- stdout\n%2\n--- stderr\n%3")
        .arg(r.exitCode)
        .arg(r.out.left(limit), r.err.left(limit));
}

} // namespace ts::test
