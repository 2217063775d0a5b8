// Internals of the command line shared by app/cli/src/*.cpp: argument parsing and errors.
#pragma once

#include "tilesmith/cli/clioutput.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/replay.h"

#include <QByteArray>
#include <QImage>

#include <cstdint>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::app {

/// A command's option: --name VALUE / --name=VALUE / -s VALUE, or a flag.
struct OptionSpec {
    const char* name;
    char shortName; ///< 0 = none
    bool takesValue;
};

struct Args {
    std::vector<std::string> positional;
    std::map<std::string, std::string> options; ///< flags map to ""
    bool help = false;
    bool has(const std::string& name) const { return options.count(name) != 0; }
    std::string value(const std::string& name) const {
        const auto it = options.find(name);
        return it == options.end() ? std::string() : it->second;
    }
};

/// Parses argv[first..argc); false with a message on an unknown, repeated or
/// incomplete option. `--` ends the options; `-` alone is a positional argument.
bool parseArgs(int argc, char** argv, int first, const std::vector<OptionSpec>& specs, Args& out,
               std::string& error);

/// The most threads -j N / --threads N asks for.
inline constexpr int kMaxThreads = 64;
/// -j N / --threads N of `lint` and `replay check`: 0 when absent (one per hardware
/// thread). False with the usage error's message when the value is not a whole number
/// from 1 to kMaxThreads: "--threads expects a whole number from 1 to 64, got '0'".
bool readThreads(const Args& args, int& threads, std::string& error);
/// Runs f(i) for every i in [0, n) on up to `threads` threads (0: one per hardware
/// thread), the calling thread among them, and returns when all are done; an
/// exception thrown by f is rethrown here.
void forEachIndex(std::size_t n, int threads, const std::function<void(std::size_t)>& f);

/// Whether file name `s` ends with `suffix`, ignoring case ("MAP.TMX" ends with ".tmx").
bool endsWith(const std::string& s, std::string_view suffix);

/// Prints "tilesmith COMMAND: MESSAGE" and "see tilesmith COMMAND --help" to stderr;
/// returns 2, the usage-error exit status.
int usageError(const char* command, const std::string& message);

/// A file a command reads, or one its output would destroy (a tileset image the level
/// names): what `-o` and the other output options must never write over.
struct InputFile {
    std::string path;
    std::string what; ///< "the level this command reads", "the image of tileset 'cave' ..."
};
/// True when `out` is none of `inputs`; false after "OUT: error: cannot write: it is WHAT
/// (PATH)" when it is one: the same file (device and inode), named by the same path, through
/// a symbolic link or by a hard link. A file that does not exist yet is no input.
bool notAnInput(const std::string& out, const std::vector<InputFile>& inputs);

/// Prints each diagnostic as FILE:LINE:COLUMN: error: … to stderr, naming
/// `fallbackFile` where a diagnostic has no file of its own.
void printErrors(const std::vector<level::Diagnostic>& errors, const std::string& fallbackFile);

/// `tilesmith simulate` (clisimulate.cpp) and its help text.
int runSimulate(const Args& args);
extern const char* const kSimulateHelp;

/// `tilesmith render` (clirender.cpp).
int runRender(const Args& args);

/// `tilesmith validate` (clivalidate.cpp) and its help text.
int runValidate(const Args& args);
extern const char* const kValidateHelp;

/// `tilesmith replay check|update` (clireplay.cpp).
int runReplay(const Args& args);
extern const char* const kReplayHelp;

/// A replay file and the level it names, loaded as `replay check`, `replay update` and
/// `validate` read them.
struct LoadedReplay {
    std::optional<level::Replay> replay;
    std::optional<level::Level> level; ///< set only when the replay and its level are usable
    std::string levelPath;             ///< the level's file, resolved against the replay's folder
    std::vector<level::Diagnostic> errors;    ///< each with its file
    int revisionLine = 0, revisionColumn = 0; ///< where the replay names its physics revision
};
/// Reads the replay at `path` (its own errors, FILE:LINE:COLUMN), then its level: a level
/// that does not load gives "REPLAY: error: cannot load its level 'LEVEL' (PATH): ..."
/// followed by the level's errors, and a player start off the level's map an error at the
/// replay's 'player-start:' line.
LoadedReplay loadReplayAndLevel(const std::string& path);
/// `tilesmith lint` (clilint.cpp) and its help text.
int runLint(const Args& args);
extern const char* const kLintHelp;

} // namespace ts::app
