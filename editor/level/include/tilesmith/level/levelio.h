// Loading, validating and saving level files (YAML, format v1).
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/limits.h"

#include <optional>
#include <string>
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
    bool ok() const { return level.has_value() && errors.empty(); }
};

/// Parses and validates level text. `fileName` is used in diagnostics only.
LoadResult loadLevelFromString(const std::string& text, const std::string& fileName = "<string>",
                               const Limits& limits = {});
/// Unsaved work in progress (autosave recovery): like loadLevelFromString(),
/// but the level-wide rules that an edit in progress may break (exactly one
/// player, unique spawn ids, spawns inside the map and not inside solid tiles)
/// go to `problems` and the level is loaded anyway. Syntax, type and range
/// errors still refuse it (`errors`).
LoadResult loadLevelDraftFromString(const std::string& text,
                                    const std::string& fileName = "<string>",
                                    const Limits& limits = {});
/// Reads and validates a level file.
LoadResult loadLevelFile(const std::string& path, const Limits& limits = {});

/// Semantic checks of a model (exactly one player, spawns inside the map and
/// not inside solid tiles, ...). Line/column are 0: the model has no positions.
std::vector<Diagnostic> validateLevel(const Level& level, const std::string& fileName = {});

/// Range errors of a physics section ("physics 'gravity' must be ..."), empty when valid:
/// the rule the loader, validateLevel() and replay settings events share.
std::vector<std::string> physicsSettingsErrors(const PhysicsSettings& physics);

/// Canonical text: the same level always gives byte-identical output, and
/// load -> save of a canonical file is byte-identical. Writes any model, also one
/// that validateLevel() refuses (the editor's recovery drafts are such text; they
/// load with loadLevelDraftFromString()).
std::string saveLevelToString(const Level& level);
/// Atomic save: writes a temporary file beside `path`, flushes it, then renames
/// it over `path` (which keeps its permission bits). Refuses a level that
/// loadLevelFile() would not load back, i.e. one validateLevel() reports problems
/// in (a NaN size, `dt` 0, no player, ...): "cannot save PATH: the level would not
/// load back: PROBLEM", and nothing is written. On failure returns false, fills
/// `error` and leaves any existing file untouched.
bool saveLevelFile(const Level& level, const std::string& path, std::string* error = nullptr);

} // namespace ts::level
