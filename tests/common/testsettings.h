// Settings isolation for GUI tests: a test reads and writes no real user settings.
#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

namespace tstest {

/// Puts QStandardPaths in test mode, names the application `org` / `app` and points
/// QSettings (native and INI, user scope) at `dir`. For initTestCase().
inline void isolateSettings(const QTemporaryDir& dir, const QString& org, const QString& app) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(org);
    QCoreApplication::setApplicationName(app);
    QVERIFY(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}

} // namespace tstest
