// The lint's findings as the editor shows them (ReachabilityOverlay): each as a Problem
// (the Problems dock's row, with the nearest point reached and what stops the player for an
// unreachable goal or spawn) and as a mark on the map (its tooltip says the same).
#pragma once

#include "tilesmith/editor/reachabilityitem.h"
#include "tilesmith/editor/reachabilityoverlay.h"

#include <QString>
#include <QVector>

namespace ts::level {
struct Level;
struct LintReport;
struct ReachReason;
} // namespace ts::level

namespace ts::editor {

class LevelScene;

struct ShownProblems {
    QVector<ReachabilityOverlay::Problem> problems; ///< in lint order
    QVector<ReachabilityItem::Unreached> marks;     ///< the problems with a place on the map
};

/// The findings of `lint` on `level` (`scene` places the platforms' marks).
ShownProblems shownProblems(const ts::level::Level& level, const ts::level::LintReport& lint,
                            const LevelScene* scene);

/// "Nearest point reached: x 9, y 4, 24 px from Goal #7 (jumping from ...).\nStopped by the
/// ceiling at x 9, y 2: ...": the reason's lines as sentences; empty when it explains nothing.
QString reasonText(const ts::level::ReachReason& reason);

} // namespace ts::editor
