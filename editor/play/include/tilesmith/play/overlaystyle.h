// The colours and marks of play mode's overlays, in one place: the overlay
// items draw with them and the legend panel explains them from the same table.
#pragma once

#include "tilesmith/play/overlaybits.h"

#include <QColor>
#include <QString>

#include <algorithm>

#include <vector>

namespace ts::play::style {

// Body kinds, matched to the editor's spawn glyphs (render/src/levelrenderer.cpp).
inline const QColor kPlayer(0x2f, 0x6f, 0xde);
inline const QColor kClone(0x6b, 0x9c, 0xf0);
inline const QColor kNpc(0xe0, 0x4f, 0x2e);
inline const QColor kBox(0xc6, 0x8b, 0x45);
inline const QColor kBall(0x2f, 0xa0, 0x5e);

// Partition cells: drawn beneath the tiles, so solid and one-way tiles keep
// their own colours; the tint deepens with the number of bodies in the cell.
inline const QColor kCellLine(60, 120, 230, 90);
inline const QColor kCellFill(90, 160, 255);
inline int cellAlpha(int count) {
    return count < 1 ? 0 : std::min(16 + 6 * count, 64);
}
/// A cell's body count: light text on a dark badge, readable on the light tint
/// of open space as on dark tiles.
inline const QColor kCellCountText(230, 240, 255);
inline const QColor kCellCountBadge(15, 20, 30, 170);

/// Every overlay line (sensors, swept sensors) is this many screen pixels thick at any zoom.
inline constexpr double kLinePx = 2.0;
/// A swept sensor line is its sensor's colour at this opacity (0-255): fainter than the
/// final placement's, yet readable on the tiles and on the legend's dark panel.
inline constexpr int kSweptAlpha = 150;

inline const QColor kSensorHit(235, 50, 50);
inline const QColor kSensorMiss(40, 200, 90);
inline const QColor kOverlap(255, 40, 220);
inline const QColor kGroundMark(255, 255, 255);
inline const QColor kOneWayMark(0, 220, 255);
inline const QColor kCeilingMark(185, 140, 255); // not the sensors' red: one meaning per colour
inline const QColor kWallMark(255, 225, 0);

// The answers drawn over the map, apart from the overlays and from each other: a route
// the search found, a replay's recording (its trail, ghost box and where it was at a
// desync), where the run is at that desync (dark, with a light halo: readable on tiles
// and open space), and the moment a goal is reached.
inline const QColor kRoute(255, 128, 32);
inline const QColor kReplayTrail(150, 220, 0);
inline const QColor kDesyncNow(25, 25, 30);
inline const QColor kDesyncHalo(255, 255, 255, 200);
inline const QColor kGoalMoment(255, 240, 140); // paler than the goal's own gold: it shines

/// Translucency of bodies that overlap another this step (opacity, 0-1).
inline constexpr double kCollidingOpacity = 0.4;

/// How a legend row is drawn.
enum class Mark { Fill, Line, ThinLine, Bar, Arrow, Translucent, Text };

struct LegendEntry {
    Mark mark;
    QColor color;
    QString text;
    Overlay overlay; ///< the overlay that draws the mark (the legend lists the rows of those on)
};

/// Every mark the overlays draw, with what it means (the legend panel's rows).
inline std::vector<LegendEntry> legend() {
    return {
        {Mark::Fill, kCellFill, QStringLiteral("partition cell holding bodies (deeper = more)"),
         OverlayCells},
        {Mark::Text, kCellCountText, QStringLiteral("bodies in the cell"), OverlayCells},
        {Mark::Line, kSensorMiss, QStringLiteral("sensor tested, no tile"), OverlaySensors},
        {Mark::Line, kSensorHit, QStringLiteral("sensor hit a blocking tile"), OverlaySensors},
        {Mark::ThinLine, kSensorMiss,
         QStringLiteral("faint: swept sensor between old and new position"), OverlaySensors},
        {Mark::Arrow, kOverlap,
         QStringLiteral("overlap: the shortest push that separates a pair, from the contact "
                        "point, at true length (none where bodies pass through each other, "
                        "like two characters)"),
         OverlayOverlaps},
        {Mark::Bar, kGroundMark, QStringLiteral("standing on ground"), OverlayContacts},
        {Mark::Bar, kOneWayMark, QStringLiteral("standing on a one-way platform"), OverlayContacts},
        {Mark::Bar, kCeilingMark, QStringLiteral("touching a ceiling"), OverlayContacts},
        {Mark::Bar, kWallMark, QStringLiteral("pushing a wall"), OverlayContacts},
        {Mark::Translucent, kBox, QStringLiteral("translucent body: overlaps another this step"),
         OverlayColliding},
    };
}

/// The answers' marks (not legend rows: each explains itself where it is shown), for
/// the check that no colour has two meanings.
inline std::vector<LegendEntry> answerMarks() {
    return {
        {Mark::Line, kRoute, QStringLiteral("route shown"), Overlay(0)},
        {Mark::Line, kReplayTrail, QStringLiteral("replay trail and ghost"), Overlay(0)},
        {Mark::Line, kDesyncNow, QStringLiteral("replay desync, the run now"), Overlay(0)},
        {Mark::Fill, kGoalMoment, QStringLiteral("goal reached"), Overlay(0)},
    };
}

} // namespace ts::play::style
