// The headless command line: `tilesmith validate|export|import|simulate|render ...`.
#pragma once

namespace ts::app {

/// True when argv names a command-line subcommand (or a top-level --help / --version)
/// rather than the editor.
bool isCliCommand(int argc, char** argv);
/// Runs a subcommand; returns the process exit code (0 ok, 1 failure, 2 usage error).
int runCli(int argc, char** argv);

} // namespace ts::app
