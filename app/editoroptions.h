// The editor's own command-line options (`tilesmith [LEVEL] --screenshot OUT.png ...`):
// one table that both the editor's parser and `tilesmith --help` are made from.
#pragma once

#include <span>
#include <string>

class QCommandLineParser;

namespace ts::app {

/// One option of the editor: `--name VALUE` or, with no value, a flag.
struct EditorOption {
    const char* name;        ///< without the dashes: "screenshot"
    char shortName;          ///< 0 = none ('h' for --help)
    const char* value;       ///< the value's form in the help ("OUT.png"), nullptr for a flag
    const char* description; ///< one line of help, lower case, no full stop
};

/// Every option the editor accepts, in the order the help lists them.
std::span<const EditorOption> editorOptions();

/// Adds editorOptions() to `parser` and names its positional argument; the editor's
/// parser accepts these and nothing else.
void addEditorOptions(QCommandLineParser& parser);

/// The help's "Editor options" section, one entry per editorOptions() row:
/// "  --size WxH             window size for --screenshot (default 1280x800)", the
/// meaning wrapped at 80 columns.
std::string editorOptionsHelp();

} // namespace ts::app
