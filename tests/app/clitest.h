// What the CLI tests share: the built `tilesmith` run as a process (headless, bounded:
// processrun.h), the sample levels, and small files written and read back.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QTest>

#include "processrun.h"

namespace ts::test::cli {

using Run = ts::test::ProcessRun;
using ts::test::describe;

/// The `tilesmith` of this build.
inline const QString kBin = QStringLiteral(TILESMITH_BIN_DIR "/tilesmith");

/// A level shipped in resources/levels/.
inline QString sample(const QString& name) {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + name;
}

/// `tilesmith args`.
inline Run run(const QStringList& args) {
    return ts::test::runProcess(kBin, args);
}

/// Writes `text` to `path`, replacing what was there (a test failure when it cannot).
inline void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    f.write(text);
}

/// The file's bytes, empty when it cannot be read.
inline QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace ts::test::cli
