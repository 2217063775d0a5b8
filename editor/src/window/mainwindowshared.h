// Private to the main window's sources (mainwindow.cpp, mainwindowactions.cpp,
// mainwindowfiles.cpp): where its settings live and how its icons are named.
#pragma once

#include <QIcon>
#include <QImageReader>
#include <QSettings>
#include <QString>

namespace ts::editor::windowshared {

inline QSettings settings() {
    return QSettings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith"));
}

inline QIcon icon(const char* name) {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

/// Whether Qt can draw the SVG icons (its SVG image plugin is installed). Without it every
/// icon is blank, so the tool bars show their actions' names instead.
inline bool svgIconsAvailable() {
    return QImageReader::supportedImageFormats().contains("svg");
}

} // namespace ts::editor::windowshared
