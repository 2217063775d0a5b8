// Loading, validating and saving level files (YAML, format v1).
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/limits.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::level {

/// Documented limits that keep hostile files from exhausting memory or time.
struct Limits {
    std::size_t maxFileBytes = 64u * 1024u * 1024u;
    int maxWidth = limits::kMapSide.hi;
    int maxHeight = limits::kMapSide.hi;
    int maxSpawns = limits::kMaxSpawns;
    int maxErrors = 50;             ///< errors reported before giving up
    int maxDepth = 64;              ///< nesting of YAML collections (checked before parsing)
    std::size_t maxNodes = 4000000; ///< YAML nodes (scalars, lists, mappings) in a file
};

/// One problem found in a file. 1-based line and column; 0 when unknown.
struct Diagnostic {
    std::string file{};
    int line = 0;
    int column = 0;
    std::string message{};
    /// Optional: a second place that explains the error (where the YAML parser
    /// gave up on a bracket that is never closed, ...); empty when there is none.
    std::string note = {}; // initialised, so that {file, line, column, message} stays valid
    int noteLine = 0;
    int noteColumn = 0;
    /// "FILE:LINE:COLUMN: error: MESSAGE", and with a note a second line
    /// "FILE:LINE:COLUMN: note: NOTE".
    std::string toString() const;
};

/// A 1-based line and column in a file; 0 when unknown.
struct SourcePos {
    int line = 0;
    int column = 0;
};

struct LoadResult {
    std::optional<Level> level; ///< set only when there are no errors
    std::vector<Diagnostic> errors;
    /// Only from loadLevelDraftFromString(): the level-wide rules the level
    /// breaks (it is loaded anyway).
    std::vector<Diagnostic> problems;
    /// Where each spawn's mapping starts (parallel to level->spawns), for tools
    /// that report on spawns (`tilesmith lint`).
    std::vector<SourcePos> spawnPositions;
    /// Where tile (0, 0) stands when the tiles are a literal block (row r, column c
    /// is at line + r, column + c); 0 otherwise.
    SourcePos tilesOrigin;
    /// Where the 'spawns' key stands: what a tool says of the spawns as a whole (a level
    /// without a player) points there.
    SourcePos spawnsKey;
    bool ok() const { return level.has_value() && errors.empty(); }
};

/// Parses and validates level text. `fileName` is used in diagnostics only.
LoadResult loadLevelFromString(const std::string& text, const std::string& fileName = "<string>",
                               const Limits& limits = {});
/// Unsaved work in progress (autosave recovery): like loadLevelFromString(),
/// but the level-wide rules that an edit in progress may break (at most one
/// player, unique spawn ids, spawns inside the map and not inside solid tiles)
/// go to `problems` and the level is loaded anyway. Syntax, type and range
/// errors still refuse it (`errors`).
LoadResult loadLevelDraftFromString(const std::string& text,
                                    const std::string& fileName = "<string>",
                                    const Limits& limits = {});
/// Reads and validates a level file.
LoadResult loadLevelFile(const std::string& path, const Limits& limits = {});

/// Semantic checks of a model (at most one player, spawns inside the map and
/// not inside solid tiles, the art's tilesets, layers and rules, ...). Line/column
/// are 0: the model has no positions. A level without a player is valid (a game
/// may load one for its art; tools that play a level say to place one).
std::vector<Diagnostic> validateLevel(const Level& level, const std::string& fileName = {});

/// Where one value of a level was read from in a file that is not level YAML (an
/// attribute or a property of a TMX map). Line and column 1-based; 0 = not known.
struct ValueSource {
    int line = 0;
    int column = 0;
    std::string text{}; ///< the value as written, shown in a message; empty: the value itself
};

/// Where a converted level's values came from (a TMX import fills it as it converts),
/// so that validateLevel() puts each error at the value it is about, as the YAML
/// loader does. Keys are the level format's: "tile_size", "gravity", "mass", ...
struct LevelSources {
    ValueSource level{}; ///< the map as a whole: where a missing player is reported
    ValueSource tileSize{}, name{}, legend{};
    std::map<std::string, ValueSource> physics{};    ///< "gravity", "partition_cell", ...
    std::map<std::string, ValueSource> properties{}; ///< the level's, by name
    struct Spawn {
        ValueSource at{}; ///< the spawn as a whole (inside a solid tile, a second player)
        std::map<std::string, ValueSource> fields{}; ///< "id", "kind", "x", "y", "mass", ...
        std::map<std::string, ValueSource> properties{};
    };
    std::vector<Spawn> spawns{}; ///< parallel to Level::spawns
};

/// validateLevel() with positions: an error about a value with a known source is
/// reported there (FILE:LINE:COLUMN, and without the "spawn 3: " the position
/// replaces), showing the value as written; the others as above.
std::vector<Diagnostic> validateLevel(const Level& level, const std::string& fileName,
                                      const LevelSources& sources);

/// Range errors of a physics section ("physics 'gravity' must be ..."), empty when valid:
/// the rule the loader, validateLevel() and replay settings events share.
std::vector<std::string> physicsSettingsErrors(const PhysicsSettings& physics);
/// The same, as (key, message) pairs, each value shown as `written` has it (by key:
/// its text in a file, "nan"; formatted when absent): the replay reader's settings.
std::vector<std::pair<std::string, std::string>>
physicsSettingsErrors(const PhysicsSettings& physics,
                      const std::map<std::string, std::string>& written);

/// Canonical text: the same level always gives byte-identical output, and
/// load -> save of a canonical file is byte-identical. Writes any model, also one
/// that validateLevel() refuses (the editor's recovery drafts are such text; they
/// load with loadLevelDraftFromString()).
std::string saveLevelToString(const Level& level);
/// Atomic save (atomicfile.h): writes a temporary file beside `path`, flushes it,
/// then renames it over `path` (which keeps its permission bits). Refuses a level that
/// loadLevelFile() would not load back, i.e. one validateLevel() reports problems
/// in (a NaN size, `dt` 0, ...): "cannot save PATH: the level would not load back:
/// PROBLEM", `problems` (when given) holds every one, and nothing is written. On
/// failure returns false, fills `error` and leaves any existing file untouched.
bool saveLevelFile(const Level& level, const std::string& path, std::string* error = nullptr,
                   std::vector<Diagnostic>* problems = nullptr);

} // namespace ts::level
