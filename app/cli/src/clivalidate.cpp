// `tilesmith validate FILE...`: level files, TMX maps and replays, each read by its own
// reader and reported in its own words.
#include "clicommon.h"

#include "tilesmith/level/levelio.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/level/rulemessages.h"
#include "tilesmith/tmx/tmx.h"

#include <QString>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace ts::app {

namespace {

enum class FileKind { Level, Tmx, Replay };

/// How much of a file's start isReplayText() is shown: its first lines are far shorter.
constexpr std::streamsize kSniffBytes = 64 * 1024;

/// By extension (.tmx, .tsreplay), else by content: a replay saved under another name
/// (run.yaml, say) is read as the replay it is. A file that cannot be read is a level:
/// the level loader says why. Only a regular file is looked into (a pipe is read once).
FileKind kindOf(const std::string& path) {
    if (endsWith(path, ".tmx"))
        return FileKind::Tmx;
    if (endsWith(path, ".tsreplay"))
        return FileKind::Replay;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return FileKind::Level;
    std::ifstream in(path, std::ios::binary);
    std::string head(std::size_t(kSniffBytes), '\0');
    in.read(head.data(), kSniffBytes);
    head.resize(std::size_t(in.gcount()));
    return level::isReplayText(head) ? FileKind::Replay : FileKind::Level;
}

/// A replay: the file parses and its level loads. Its checkpoints are not run (that is
/// `tilesmith replay check`).
bool validateReplay(const std::string& path) {
    const LoadedReplay l = loadReplayAndLevel(path);
    if (!l.level) {
        printErrors(l.errors, path);
        return false;
    }
    const bool changed = level::levelContentHash(*l.level) != l.replay->levelHash;
    std::printf("%s: ok (a replay of %s on %s%s)\n", path.c_str(),
                level::countText(l.replay->steps, "step", "steps").c_str(), l.levelPath.c_str(),
                changed ? ", which changed since recording" : "");
    return true;
}

bool validateLevel(const std::string& path, FileKind kind) {
    const level::LoadResult r = kind == FileKind::Tmx
                                    ? tmx::importTmx(QString::fromLocal8Bit(path.c_str()))
                                    : level::loadLevelFile(path);
    if (!r.ok()) {
        printErrors(r.errors, path);
        return false;
    }
    // Valid, but nothing to play: a warning, as `tilesmith lint` gives it.
    if (!r.level->player()) {
        std::string where = path + ":";
        if (r.spawnsKey.line > 0)
            where +=
                std::to_string(r.spawnsKey.line) + ":" + std::to_string(r.spawnsKey.column) + ":";
        std::fprintf(stderr, "%s warning: %s\n", where.c_str(),
                     level::rules::noPlayerMessage().c_str());
        std::fflush(stderr);
    }
    std::printf("%s: ok\n", path.c_str());
    return true;
}

} // namespace

const char* const kValidateHelp =
    R"help(Usage: tilesmith validate FILE...

Checks level files (.yaml; .tmx maps are checked through the importer) and
replays (.tsreplay, or any file whose first line other than comments is
'tilesmith-replay: N').
A replay is checked for its structure: the file must read as a replay and the
level it names must load. Its checkpoints are not run: 'tilesmith replay check'
runs a replay on its level and compares them.

Prints "FILE: ok" for each valid file ("REPLAY: ok (a replay of N steps on
LEVEL)" for a replay, which adds ", which changed since recording" when the
level's content differs from the recorded one); otherwise prints every error
to stderr as FILE:LINE:COLUMN: error: MESSAGE. A valid level without a player
gets a warning (FILE:LINE:COLUMN: warning: the level has no player: place one
to play it) and is still valid.

Exit status: 0 when all files are valid, 1 otherwise, 2 on a usage error.

Example:
  tilesmith validate resources/levels/*.yaml runs/*.tsreplay
)help";

int runValidate(const Args& args) {
    if (args.positional.empty())
        return usageError("validate", "no files given");
    bool allOk = true;
    for (const std::string& path : args.positional) {
        const FileKind kind = kindOf(path);
        const bool ok = kind == FileKind::Replay ? validateReplay(path) : validateLevel(path, kind);
        allOk = allOk && ok;
        std::fflush(stdout); // a pipe sees each file's line as it is made
    }
    return allOk ? 0 : 1;
}

} // namespace ts::app
