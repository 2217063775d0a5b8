// Private to the main window's sources (mainwindow.cpp, mainwindowactions.cpp,
// mainwindowfiles.cpp): where its settings live and how its icons are named.
#pragma once

#include <QIcon>
#include <QSettings>
#include <QString>

namespace ts::editor::windowshared {

inline QSettings settings() {
    return QSettings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"));
}

inline QIcon icon(const char* name) {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

} // namespace ts::editor::windowshared
