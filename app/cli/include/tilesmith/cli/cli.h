// The headless command line: `tilesmith validate|export|import|simulate|render ...`.
#pragma once

#include <string>

namespace ts::app {

/// True when argv names a command-line subcommand (or a top-level --help / --version)
/// rather than the editor.
bool isCliCommand(int argc, char** argv);
/// `tilesmith --help`: the commands, then the editor's options (editorOptions()).
std::string topHelp();
/// Runs a subcommand; returns the process exit code (0 ok, 1 failure, 2 usage error).
int runCli(int argc, char** argv);

} // namespace ts::app
