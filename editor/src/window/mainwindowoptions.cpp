// The options a start restores, stored as soon as they change (not only at a clean
// quit): after a crash the next start has them as the designer left them.
#include "tilesmith/editor/mainwindow.h"

#include "mainwindowshared.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"

#include <QAction>
#include <QSettings>

namespace ts::editor {

using namespace windowshared::optionkeys;

void MainWindow::saveOptions() {
    if (!mSettingsEnabled)
        return;
    QSettings s = windowshared::settings();
    const ToolOptions* options = mTools->options();
    for (const ts::Tile tile : kPaintedKinds)
        if (tile == options->tileKind())
            s.setValue(QLatin1String(kTileKindKey), QLatin1String(ts::level::tileKindName(tile)));
    s.setValue(QLatin1String(kBrushSizeKey), options->brushSize());
    s.setValue(QLatin1String(kSpawnKindKey),
               QLatin1String(ts::level::spawnKindName(options->pickedSpawnKind())));
    s.setValue(QLatin1String(kShowGridKey), mGridAction->isChecked());
    s.setValue(QLatin1String(kReachabilityKey), mReachability->action()->isChecked());
}

void MainWindow::rememberOptionsAsTheyChange() {
    // Connected once the stored values are restored, so restoring one of them never
    // overwrites another not restored yet.
    const ToolOptions* options = mTools->options();
    connect(options, &ToolOptions::tileKindChanged, this, &MainWindow::saveOptions,
            Qt::UniqueConnection);
    connect(options, &ToolOptions::brushSizeChanged, this, &MainWindow::saveOptions,
            Qt::UniqueConnection);
    connect(options, &ToolOptions::spawnKindChanged, this, &MainWindow::saveOptions,
            Qt::UniqueConnection);
    connect(mGridAction, &QAction::toggled, this, &MainWindow::saveOptions, Qt::UniqueConnection);
    connect(mReachability->action(), &QAction::toggled, this, &MainWindow::saveOptions,
            Qt::UniqueConnection);
}

} // namespace ts::editor
