// Flip and Rotate of the selection in place (Edit > Flip Horizontally /
// Vertically and Rotate Right / Left with the Select tool), decided before any
// edit: the region Copy would copy (the selected tiles and the spawns selected
// with them, region.h's copyRegion()) is taken up, transformed (transform.h)
// and put down as a paste puts it (pasteplan.h), where it was.
#pragma once

#include "pasteplan.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/level/level.h"
#include "tilesmith/leveledit/transform.h"

#include <QRect>

#include <vector>

namespace ts::editor {

/// Where a region `from` lies after `t` in place. A flip keeps it. A quarter
/// turn swaps its width and height about its centre; when the centre of the
/// turned region cannot fall on the old one's (width and height differ by an
/// odd number of tiles), its top-left is rounded toward the old top-left, so a
/// turn and its inverse, two turns and four turns put the region where it was.
QRect transformedRegion(const QRect& from, ts::leveledit::Transform t);

/// Several flips and turns of one selection in a row (X, Y, Z, Shift+Z with
/// nothing else between them), planned from the level before the first, as if
/// the region were held up in the air between the steps, as image editors
/// float a selection: the tiles a step covered come back when a later step
/// uncovers them, so a turn and its inverse give the level back exactly.
struct TurnsPlan {
    QRect from;              ///< the region taken up from `original`
    QRect to;                ///< where it comes down after every step
    bool fits = false;       ///< `to` is on the map
    EditSelection after;     ///< the selected tiles where the steps took them, the same spawns
    PastePlan paste;         ///< the whole run as one edit of `original`
    ts::level::Level result; ///< `original` after `paste` (when it fits)
};

/// The plan for `turns`, in order, of `selection` in `original`. An empty tile
/// rectangle or no step plans nothing (fits false).
TurnsPlan planTurns(const ts::level::Level& original, const EditSelection& selection,
                    const std::vector<ts::leveledit::Transform>& turns);

} // namespace ts::editor
