// What `tilesmith lint` (clilint.cpp) and its --route (clilintroute.cpp) share: a finding
// at its place in the level file, printed as text or as a --json diagnostic.
#pragma once

#include "clicommon.h"

#include <QJsonObject>

#include <string>

namespace ts::level {
struct ReachOptions;
}

namespace ts::app {

/// One message of lint about a level file; line 0 when it has no place in the file.
struct Finding {
    int line = 0;
    int column = 0;
    bool error = false;
    std::string message;
};

/// "FILE:LINE:COLUMN: error: MESSAGE" ("FILE: warning: MESSAGE" without a line).
std::string findingText(const std::string& file, const Finding& f);
/// The finding as a diagnostic of --json: line, column, severity, message.
QJsonObject jsonFinding(const Finding& f);

/// `tilesmith lint LEVEL --route ID -o FILE [--json]` (clilintroute.cpp): the options
/// are those of runLint(), which checks that there is one level file.
int writeRoute(const Args& args, const level::ReachOptions& options);

} // namespace ts::app
