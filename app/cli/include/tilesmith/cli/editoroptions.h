// The editor's own command-line options (`tilesmith [LEVEL] --screenshot OUT.png ...`):
// one table that both the editor's parser and `tilesmith --help` are made from.
#pragma once

#include <QPoint>
#include <QSize>
#include <QString>

#include <cstdint>
#include <optional>
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
    /// Listed once, in the help's general "Options" (beside --version), not among the
    /// editor's: `tilesmith --help` and `tilesmith LEVEL --help` answer it alike (--help).
    bool general = false;
};

/// What the command line asks of the editor.
struct EditorOptions {
    QString file;
    QString screenshot;
    QSize size{1280, 800};
    // Play mode's options.
    int playSteps = -1;            ///< --play-steps N: play N steps before the screenshot
    QString inputs;                ///< --inputs FILE: the input script for those steps
    bool benchPlay = false;        ///< --bench-play: play mode's frame-time benchmark
    int benchFrames = 0;           ///< --bench-frames: frames per scenario (0 = default)
    std::optional<QPoint> jumpArc; ///< --jump-arc X,Y: the Jump Arc tool pinned to a tile
    QString replay;                ///< --replay FILE: watch a replay before the screenshot
    std::uint64_t replayStep = 0;  ///< --replay-step N: the step shown
    bool reachability = false;     ///< --reachability: View > Reachability on
};

/// "tilesmith: MESSAGE" on stderr: a bad option or a screenshot that failed.
void printError(const QString& message);

/// Every option the editor accepts, in the order the help lists them.
std::span<const EditorOption> editorOptions();

/// Adds editorOptions() to `parser` and names its positional argument; the editor's
/// parser accepts these and nothing else.
void addEditorOptions(QCommandLineParser& parser);

/// The help's "Editor options" section, one entry per editorOptions() row but the
/// general ones (--help, listed once, in the help's "Options"):
/// "  --size WxH             window size for --screenshot (default 1280x800)", the
/// meaning wrapped at 80 columns.
std::string editorOptionsHelp();

} // namespace ts::app
