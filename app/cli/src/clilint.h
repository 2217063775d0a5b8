// What `tilesmith lint` (clilint.cpp) and its --route (clilintroute.cpp) share: a finding
// at its place in the level file, printed as text or as a --json diagnostic.
#pragma once

#include "clicommon.h"

#include <QJsonObject>

#include <string>
#include <vector>

namespace ts::level {
struct ReachOptions;
struct ReachReason;
struct LoadResult;
} // namespace ts::level

namespace ts::app {

/// A line that says more about a finding, at its own place ("FILE:LINE:COLUMN: note: ...").
struct FindingNote {
    int line = 0;
    int column = 0;
    std::string message;
};

/// One message of lint about a level file; line 0 when it has no place in the file.
struct Finding {
    int line = 0;
    int column = 0;
    bool error = false;
    std::string message;
    /// Printed after it (an unreachable goal's nearest point and what stops the player).
    std::vector<FindingNote> notes = {};
    /// More fields of its --json diagnostic ("nearest", "stopped_by").
    QJsonObject json = {};
};

/// "FILE:LINE:COLUMN: error: MESSAGE" ("FILE: warning: MESSAGE" without a line).
std::string findingText(const std::string& file, const Finding& f);
/// findingText() and then each of its notes, one line each, on stderr.
void printFinding(const std::string& file, const Finding& f);
/// The finding as a diagnostic of --json: line, column, severity, message, its notes and
/// the fields of Finding::json.
QJsonObject jsonFinding(const Finding& f);
/// Adds `reason`'s notes and --json fields to `f` (nothing when it explains nothing): the
/// nearest point's note at that tile in the file's tiles block, the stop's at the tile that
/// stops the player, each at the finding's own place when the tiles are no literal block.
void addReason(Finding& f, const level::ReachReason& reason, const level::LoadResult& loaded);

/// `tilesmith lint LEVEL --route ID -o FILE [--json]` (clilintroute.cpp): the options
/// are those of runLint(), which checks that there is one level file.
int writeRoute(const Args& args, const level::ReachOptions& options);

} // namespace ts::app
