// The headless command line: export, import and the dispatch of every command
// (validate, simulate, render, replay and lint have their own files).
//
// No display is needed: nothing here creates a QGuiApplication except `render`
// (which forces the offscreen platform when none is set). Output goes through stdio,
// so a game's build scripts can read it; errors use FILE:LINE:COLUMN: error: MESSAGE.
#include "tilesmith/cli/cli.h"
#include "clicommon.h"
#include "tilesmith/cli/editoroptions.h"

#include "tilesmith/level/levelio.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/tmx/tmx.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace ts::app {

void printErrors(const std::vector<level::Diagnostic>& errors, const std::string& fallbackFile) {
    for (level::Diagnostic d : errors) {
        if (d.file.empty())
            d.file = fallbackFile;
        std::fprintf(stderr, "%s\n", d.toString().c_str());
    }
}

namespace {

constexpr const char* kVersion = "0.1.0";

const char* const kTopHelp =
    R"(Usage: tilesmith [LEVEL.yaml|MAP.tmx] [OPTIONS]   open the editor
       tilesmith COMMAND [OPTIONS] ARGS...         run a command (no display needed)

Commands:
  validate   check level files and replays and report every error
  export     convert a level to a Tiled map (TMX)
  import     convert a Tiled map (TMX) to a level
  simulate   run a level's physics headless; trace and state hash
  lint       can the player reach every goal? reachability and routes
  render     draw a level to a PNG image
  replay     check recorded play sessions against their levels, or update them
  help       show the help of a command

Options:
  -h, --help     show this help
  --version      show the version

Editor options (tilesmith LEVEL [OPTIONS]; without --screenshot or --bench-play
the window opens):
)";

const char* const kTopHelpEnd = R"(
Run 'tilesmith COMMAND --help' for the options of a command.
Exit status: 0 success, 1 failure (invalid input, I/O error), 2 usage error.
)";

const char* const kExportHelp =
    R"(Usage: tilesmith export --format tmx LEVEL.yaml -o OUT.tmx

Writes the level as a Tiled 1.8 map: a tile layer 'collision' (CSV), a legend
tileset image OUT-tiles.png beside the map, an object group 'spawns' (one typed
object per spawn with its properties) and the physics settings as map properties.
Each art layer becomes a tile layer (back layers before 'collision', front layers
after 'spawns'; an auto layer as the tiles its rules paint) and each art tileset
a tileset whose image the map names relative to its folder (images are not
copied). Files are written atomically.

Options:
  -f, --format FORMAT   output format: tmx (the default when OUT ends in .tmx)
  -o, --output FILE     the map to write (required)
  -h, --help            show this help
)";

const char* const kImportHelp =
    R"(Usage: tilesmith import --format tmx IN.tmx -o LEVEL.yaml

Reads a Tiled map: maps written by 'tilesmith export', and any orthogonal map.
Tiles whose type (class) is 'solid' or 'one_way' make the collision; the other
tiles of each tile layer become painted art layers with their tilesets (one art
layer per tileset a layer uses; flips, opacity and visibility kept; image paths
rewritten relative to LEVEL's folder). Objects whose type is player, npc, box,
ball or goal become spawns. Layer data may be CSV, base64, or base64 with zlib or
gzip; tilesets may be external (.tsx). The level is written atomically.

Options:
  -f, --format FORMAT   input format: tmx (the default when IN ends in .tmx)
  -o, --output FILE     the level to write (required)
  -h, --help            show this help
)";

const char* const kRenderHelp =
    R"(Usage: tilesmith render LEVEL -o OUT.png [--scale S] [--art-only]

Draws the level to a PNG image as the editor shows it: its art, the collision
tiles over the art, and the spawns. LEVEL is a level file (.yaml) or a Tiled
map (.tmx, drawn as 'tilesmith import' reads it).

With --art-only, draws what a game draws: the visible art layers alone (back
layers, then front layers) on a transparent background; no collision, no spawns.

Tileset images are found relative to LEVEL's folder. A missing or unreadable
image does not stop the render: its tiles are drawn as magenta and black
placeholders and a warning names the file.

Options:
  -o, --output FILE   the image to write (required)
  -s, --scale S       pixels per level pixel, e.g. 0.25 or 2 (default 1)
      --art-only      the art alone, as a game draws it
  -h, --help          show this help
)";

struct Command {
    const char* name;
    const char* help;
    int (*run)(const Args&);
};

// --- output helpers ---------------------------------------------------------------

std::string local(const QString& s) {
    return s.toLocal8Bit().toStdString();
}

/// --format, or the format implied by a file name; empty string = usage error printed.
bool resolveFormat(const char* command, const Args& args, const std::string& impliedBy,
                   std::string& format) {
    format = args.value("format");
    if (format.empty() && endsWith(impliedBy, ".tmx"))
        format = "tmx";
    if (format.empty()) {
        usageError(command, "missing --format (the only format is tmx)");
        return false;
    }
    if (format != "tmx") {
        usageError(command, "unknown format '" + format + "' (expected tmx)");
        return false;
    }
    return true;
}

// --- export / import --------------------------------------------------------------

int runExport(const Args& args) {
    if (args.positional.size() != 1)
        return usageError("export", args.positional.empty()
                                        ? "no level file given"
                                        : "expected one level file, got " +
                                              std::to_string(args.positional.size()));
    const std::string out = args.value("output");
    if (out.empty())
        return usageError("export", "missing -o OUT.tmx");
    std::string format;
    if (!resolveFormat("export", args, out, format))
        return 2;
    const std::string& in = args.positional[0];
    const level::LoadResult r = level::loadLevelFile(in);
    if (!r.ok()) {
        printErrors(r.errors, in);
        return 1;
    }
    const QString levelDir = QFileInfo(QString::fromLocal8Bit(in.c_str())).absolutePath();
    const std::string legend = local(tmx::tilesetImagePath(QString::fromLocal8Bit(out.c_str())));
    // Neither the map nor its legend image replaces the level or the art the map names.
    std::vector<InputFile> inputs = {{in, "the level this command reads"}};
    for (const level::Tileset& t : r.level->tilesets)
        inputs.push_back({local(QDir(levelDir).filePath(QString::fromStdString(t.image))),
                          "the image of tileset '" + t.name + "', which the map names"});
    if (!notAnInput(out, inputs) || !notAnInput(legend, inputs))
        return 1;
    tmx::ExportError error;
    // The level's tileset images are relative to its folder; the map names them from its own.
    if (!tmx::exportTmx(*r.level, QString::fromLocal8Bit(out.c_str()), &error, levelDir))
        return cannotWrite(local(error.path), local(error.reason));
    std::printf("wrote %s and %s\n", out.c_str(), legend.c_str());
    return 0;
}

int runImport(const Args& args) {
    if (args.positional.size() != 1)
        return usageError("import", args.positional.empty()
                                        ? "no map file given"
                                        : "expected one map file, got " +
                                              std::to_string(args.positional.size()));
    const std::string out = args.value("output");
    if (out.empty())
        return usageError("import", "missing -o LEVEL.yaml");
    const std::string& in = args.positional[0];
    std::string format;
    if (!resolveFormat("import", args, in, format))
        return 2;
    if (!notAnInput(out, {{in, "the map this command reads"}}))
        return 1;
    QStringList externalTilesets;
    level::LoadResult r = tmx::importTmx(QString::fromLocal8Bit(in.c_str()), {}, &externalTilesets);
    if (!r.ok()) {
        printErrors(r.errors, in);
        return 1;
    }
    // Nor a tileset file the map reads, nor art the level will name.
    const QString mapDir = QFileInfo(QString::fromLocal8Bit(in.c_str())).absolutePath();
    std::vector<InputFile> inputs;
    for (const QString& tsx : externalTilesets)
        inputs.push_back({local(tsx), "a tileset file the map reads"});
    for (const level::Tileset& t : r.level->tilesets)
        inputs.push_back({local(QDir(mapDir).filePath(QString::fromStdString(t.image))),
                          "the image of tileset '" + t.name + "', which the map names"});
    if (!notAnInput(out, inputs))
        return 1;
    // The art's images are relative to the map; the level names them from its own folder.
    tmx::relocateTilesetImages(*r.level, mapDir,
                               QFileInfo(QString::fromLocal8Bit(out.c_str())).absolutePath());
    if (!writeOutput(out, level::saveLevelToString(*r.level)))
        return 1;
    std::printf("wrote %s (%d x %d tiles, %s)\n", out.c_str(), r.level->width, r.level->height,
                level::countText(r.level->spawns.size(), "spawn", "spawns").c_str());
    return 0;
}

// --- dispatch -------------------------------------------------------------------------

const Command kCommands[] = {
    {"validate", kValidateHelp, runValidate},
    {"export", kExportHelp, runExport},
    {"import", kImportHelp, runImport},
    {"simulate", kSimulateHelp, runSimulate},
    {"render", kRenderHelp, runRender},
    {"replay", kReplayHelp, runReplay},
    {"lint", kLintHelp, runLint},
};

const Command* findCommand(std::string_view name) {
    for (const Command& c : kCommands)
        if (name == c.name)
            return &c;
    return nullptr;
}

const std::vector<OptionSpec>& optionsOf(std::string_view command) {
    static const std::vector<OptionSpec> none;
    static const std::vector<OptionSpec> convert = {{"format", 'f', true}, {"output", 'o', true}};
    static const std::vector<OptionSpec> simulate = {
        {"steps", 'n', true}, {"inputs", 'i', true}, {"trace", 't', true},
        {"hash", 0, false},   {"record", 'r', true}, {"checkpoint-interval", 0, true}};
    static const std::vector<OptionSpec> replay = {{"json", 0, false}, {"threads", 'j', true}};
    static const std::vector<OptionSpec> render = {
        {"output", 'o', true}, {"scale", 's', true}, {"art-only", 0, false}};
    static const std::vector<OptionSpec> lint = {{"route", 0, true},
                                                 {"output", 'o', true},
                                                 {"strict", 0, false},
                                                 {"json", 0, false},
                                                 {"threads", 'j', true}};
    if (command == "lint")
        return lint;
    if (command == "export" || command == "import")
        return convert;
    if (command == "simulate")
        return simulate;
    if (command == "render")
        return render;
    if (command == "replay")
        return replay;
    return none;
}

} // namespace

std::string topHelp() {
    return kTopHelp + editorOptionsHelp() + kTopHelpEnd;
}

int usageError(const char* command, const std::string& message) {
    if (command && *command)
        std::fprintf(stderr, "tilesmith %s: %s\nsee tilesmith %s --help\n", command,
                     message.c_str(), command);
    else
        std::fprintf(stderr, "tilesmith: %s\nsee tilesmith --help\n", message.c_str());
    return 2;
}

bool isCliCommand(int argc, char** argv) {
    if (argc < 2)
        return false;
    const std::string_view a = argv[1];
    if (findCommand(a) || a == "help" || a == "--help" || a == "-h" || a == "--version")
        return true;
    // A bare word that is no file ("tilesmith simulat") is a mistyped command: say so
    // instead of opening the editor on a file that does not exist.
    const bool word = !a.empty() && std::all_of(a.begin(), a.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || c == '-';
    }) && a[0] != '-';
    return word && !QFileInfo::exists(QString::fromLocal8Bit(argv[1]));
}

int runCli(int argc, char** argv) {
    if (argc < 2)
        return usageError(nullptr, "no command given");
    const std::string_view first = argv[1];
    if (first == "--help" || first == "-h") {
        std::fputs(topHelp().c_str(), stdout);
        return 0;
    }
    if (first == "--version") {
        std::printf("tilesmith %s (level format %d)\n", kVersion, level::kFormatVersion);
        return 0;
    }
    if (first == "help") {
        if (argc == 2) {
            std::fputs(topHelp().c_str(), stdout);
            return 0;
        }
        if (argc > 3)
            return usageError("help", "expected one command name");
        const Command* c = findCommand(argv[2]);
        if (!c)
            return usageError(nullptr, std::string("unknown command '") + argv[2] +
                                           "' (expected validate, export, import, simulate, "
                                           "render, replay or lint)");
        std::fputs(c->help, stdout);
        return 0;
    }
    const Command* c = findCommand(first);
    if (!c)
        return usageError(nullptr, "unknown command '" + std::string(first) +
                                       "' (expected validate, export, import, simulate, render, "
                                       "replay, lint or help)");
    Args args;
    std::string error;
    if (!parseArgs(argc, argv, 2, optionsOf(c->name), args, error))
        return usageError(c->name, error);
    if (args.help) {
        std::fputs(c->help, stdout);
        return 0;
    }
    return c->run(args);
}

} // namespace ts::app
