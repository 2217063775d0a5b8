// Private to the main window's sources (mainwindow.cpp, mainwindowactions.cpp,
// mainwindowfiles.cpp): where its settings live and how its icons are named.
#pragma once

#include "tilesmith/level/level.h"

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

/// The options a start restores (MainWindow::restoreWindowState()), as the designer left
/// them; stored as they change (mainwindowoptions.cpp).
namespace optionkeys {
/// The painting tools' tile kind, one of kPaintedKinds by the level format's word
/// (ts::level::tileKindName), and their brush size.
inline constexpr char kTileKindKey[] = "tools/tileKind";
inline constexpr char kBrushSizeKey[] = "tools/brushSize";
inline constexpr ts::Tile kPaintedKinds[] = {ts::Tile::Solid, ts::Tile::OneWay};
/// The spawn kind the designer picked last, by the level format's word (spawnKindName).
inline constexpr char kSpawnKindKey[] = "tools/spawnKind";
/// View > Show Grid and View > Reachability.
inline constexpr char kShowGridKey[] = "view/grid";
inline constexpr char kReachabilityKey[] = "view/reachability";
} // namespace optionkeys

} // namespace ts::editor::windowshared
