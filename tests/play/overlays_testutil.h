// The fixtures of test_play_overlays: a walled room, boxes, a view with its play
// controller, and pixel measures of what the overlays draw.
#pragma once

#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/play/overlaystyle.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playlegend.h"
#include "tilesmith/play/playoverlayitem.h"
#include "tilesmith/play/playsession.h"

#include <QAction>
#include <QMenu>
#include <QStandardPaths>
#include <QTest>

#include <climits>
#include <cmath>

namespace overlaytest {

using ts::editor::LevelDocument;
using ts::editor::LevelScene;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
using ts::play::PlayController;

/// A walled room with a floor; `partitionCell` tiles per cell.
inline Level room(int w = 24, int h = 12, int partitionCell = 4) {
    Level lv = Level::make(w, h);
    lv.name = "Room";
    lv.physics.partitionCell = partitionCell;
    for (int x = 0; x < w; ++x)
        lv.setTile(x, h - 1, ts::Tile::Solid);
    for (int y = 0; y < h; ++y) {
        lv.setTile(0, y, ts::Tile::Solid);
        lv.setTile(w - 1, y, ts::Tile::Solid);
    }
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 2, h - 2));
    return lv;
}

inline Spawn box(int id, int x, int y, float w, float h) {
    Spawn s = Spawn::withDefaults(SpawnKind::Box, id, x, y);
    s.width = w;
    s.height = h;
    return s;
}

struct Harness {
    explicit Harness(Level level)
        : doc(std::move(level)), scene(&doc), view(&scene), play(&doc, &view) {
        view.resize(800, 480);
        view.show();
    }
    QImage grab() {
        QApplication::processEvents();
        return view.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    }
    QPoint toView(QPointF scenePos) const { return view.mapFromScene(scenePos); }

    LevelDocument doc;
    LevelScene scene;
    ts::editor::EditorView view;
    PlayController play;
};

inline bool isOverlapColour(QRgb c) {
    const QColor o = ts::play::style::kOverlap;
    return std::abs(qRed(c) - o.red()) < 40 && std::abs(qGreen(c) - o.green()) < 40 &&
           std::abs(qBlue(c) - o.blue()) < 40;
}

inline int overlapPixelsNear(const QImage& img, QPoint centre, int radius) {
    int n = 0;
    for (int y = centre.y() - radius; y <= centre.y() + radius; ++y)
        for (int x = centre.x() - radius; x <= centre.x() + radius; ++x)
            if (img.rect().contains(x, y) && isOverlapColour(img.pixel(x, y)))
                ++n;
    return n;
}

/// Opens the tutorial in `window`, shows it at 1000 x 700 and turns every
/// overlay of `play` on (the legend tests' set-up).
inline bool showTutorialWithOverlays(ts::editor::MainWindow& window, PlayController& play) {
    QString error;
    if (!window.openFile(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"),
                         &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    window.resize(1000, 700);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    play.setOverlays(ts::play::OverlayAll);
    return true;
}

/// How many pixels across the axis-aligned line through `at` (horizontal or not)
/// differ between `on` and `off`: the line's thickness on screen.
inline int thicknessAt(const QImage& on, const QImage& off, QPoint at, bool horizontal) {
    const auto differs = [&](QPoint p) {
        return on.rect().contains(p) && on.pixel(p) != off.pixel(p);
    };
    const QPoint across = horizontal ? QPoint(0, 1) : QPoint(1, 0);
    for (const int d : {0, -1, 1}) {
        const QPoint start = at + across * d;
        if (!differs(start))
            continue;
        int n = 1;
        for (QPoint p = start - across; differs(p); p -= across)
            ++n;
        for (QPoint p = start + across; differs(p); p += across)
            ++n;
        return n;
    }
    return 0;
}

} // namespace overlaytest
