// The message of each level rule, in one wording: the loader (which puts
// "FILE:LINE:COLUMN: error: " before it), validateLevel() (which has no positions,
// and puts the spawn it is about first: "spawn 3: 'mass' must be ...") and the TMX
// import all build their errors here, so one problem reads the same from each.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/limits.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::level::rules {

/// "'KEY' must be between LO and HI, got GOT"; with a `section`:
/// "SECTION 'KEY' must be ..." ("physics 'partition_cell' must be ...").
std::string intRangeMessage(std::string_view key, long long lo, long long hi, std::string_view got,
                            std::string_view section = {});
/// "SUBJECT must be between LO and HI, got GOT", for a value described rather than named
/// ("a tile gid"); intRangeMessage() is this with SUBJECT 'KEY'. A `note` says why the
/// range is what it is, after the value: "the tile row must be between 0 and 4095, got
/// 4096 (the largest map is 4096 x 4096 tiles)".
std::string intRangeForMessage(std::string_view subject, long long lo, long long hi,
                               std::string_view got, std::string_view note = {});
/// "'KEY' must be between LO and HI, got GOT", or "greater than LO and at most HI"
/// for a range whose lower bound is open; `section` as above.
std::string rangeMessage(std::string_view key, limits::FloatRange range, std::string_view got,
                         std::string_view section = {});
/// "'mass' must be 0 or between 0.000001 and 1000000, got GOT".
std::string massMessage(std::string_view got);
/// "'name' is too long (BYTES bytes; the limit is 1024)".
std::string nameTooLongMessage(std::size_t bytes);
/// "too many spawns (COUNT; the limit is LIMIT)".
std::string tooManySpawnsMessage(std::size_t count, std::size_t limit);
/// "SUBJECT is too large (the limit is 100000000 steps)": the one wording of a step count
/// or step number past limits::kMaxSteps, wherever it is given ("--steps 1000000000",
/// "--play-steps 1000000000", "'steps' 1000000000" in a replay's header, "step number
/// '1000000000'" in an input script). `limit`: a reader's own, smaller one (ReplayLimits).
std::string tooManyStepsMessage(std::string_view subject, std::uint64_t limit = limits::kMaxSteps);
/// "a legend key must be one printable ASCII character other than a space, got SHOWN".
std::string legendKeyMessage(std::string_view shown);
/// "the legend must use three different characters for empty, solid and one_way".
std::string legendDistinctMessage();
/// "a property name cannot be empty".
std::string emptyPropertyNameMessage();
/// A value as written, as the messages below show it: quoted, a long one cut after 40
/// characters ("'aaaa...'"), a newline or tab as \n or \t. Every reader shows a bad
/// value this way, so one value reads the same from each.
std::string shownValue(std::string_view text);
/// shownValue() without the quotes: how the range messages above show GOT ("'width' must
/// be between 1 and 4096, got 9999999999999999999999999999999999999999...").
std::string shownUnquoted(std::string_view text);
/// "expected a number for 'KEY', got GOT": a value that is no number (GOT as shown:
/// shownValue(), or what the YAML loader found instead, "a list").
std::string notANumberMessage(std::string_view key, std::string_view got);
/// "expected an integer for 'KEY', got GOT".
std::string notAnIntegerMessage(std::string_view key, std::string_view got);
/// "expected an integer for SUBJECT, got GOT", for a field described rather than named
/// ("the tile column", "a spawn id"); notAnIntegerMessage() is this with SUBJECT 'KEY'.
std::string notAnIntegerForMessage(std::string_view subject, std::string_view got);
/// "this file needs a newer Tilesmith: it is format version VERSION and this build reads
/// version 1": a level file's 'tilesmith: 2' and a TMX map's tilesmith.version 2 alike.
/// `newest`: the newest version of a format whose reader reads every version from 1 on,
/// a replay's ("... and this build reads versions 1 and 2"; from 3 on "versions 1 to 3").
std::string newerFormatMessage(std::int64_t version, int newest = kFormatVersion);
/// "expected the format version 1 for 'KEY', got GOT": a version that is no whole number
/// from 1 ('tilesmith: 0' in a level file, tilesmith.version 'x' in a TMX map, a replay's
/// 'tilesmith-replay: 0'; GOT shown). With a `newest` from 2 on: "the format version 1 or
/// 2", from 3 on "a format version from 1 to 3".
std::string formatVersionMessage(std::string_view key, std::string_view got,
                                 int newest = kFormatVersion);
// A custom property's value, in one wording for the YAML loader's properties and the TMX
// import's typed ones (<property type="int"|"float"|"bool">). Each takes the name and the
// value as written and shows them as every reader does: the name quoted and cut, a number
// unquoted (shownUnquoted()), a value that is none quoted (shownValue()).
/// "property 'NAME' must be between -9223372036854775808 and 9223372036854775807, got
/// WRITTEN (a property's integer has 64 bits)": an integer too large for 64 bits.
std::string propertyIntRangeMessage(std::string_view name, std::string_view written);
/// "property 'NAME' must be a finite number, got WRITTEN": 1e999, .inf, .nan, nan.
std::string propertyNotFiniteMessage(std::string_view name, std::string_view written);
/// "expected an integer for property 'NAME', got 'WRITTEN'".
std::string propertyNotAnIntegerMessage(std::string_view name, std::string_view written);
/// "expected a number for property 'NAME', got 'WRITTEN'".
std::string propertyNotANumberMessage(std::string_view name, std::string_view written);
/// "expected true or false for property 'NAME', got 'WRITTEN'".
std::string propertyNotABooleanMessage(std::string_view name, std::string_view written);

// --- players ---------------------------------------------------------------------------
/// "the level has no player: place one to TODO": a level may have none (it loads, saves
/// and edits), so `validate` and `lint` warn ("play it") and `simulate` refuses to run it
/// ("simulate it").
std::string noPlayerMessage(std::string_view toDo = "play it");

// --- art: tilesets, art layers and auto rules (art.h) --------------------------------------
/// "too many WHAT (COUNT; the limit is LIMIT)": "tilesets", "art layers", "rules in an art
/// layer", "tiles in a rule".
std::string tooManyMessage(std::string_view what, std::size_t count, std::size_t limit);
/// "WHAT's 'name' cannot be empty", WHAT with its article: "a tileset", "an art layer".
std::string emptyArtNameMessage(std::string_view what);
/// "duplicate WHAT name 'NAME' (each WHAT needs a name of its own)": "tileset", "art layer".
std::string duplicateArtNameMessage(std::string_view what, std::string_view name);
/// "'image' cannot be empty (the tileset's PNG, relative to the level file)".
std::string emptyImageMessage();
/// "expected a colour \"#rrggbb\" for 'trans', got GOT" (GOT as shown).
std::string transparentColorMessage(std::string_view got);
/// "unknown tileset 'NAME' (the level's tilesets are a, b and c)", or "(the level has no
/// tilesets: add one under 'tilesets')".
std::string unknownTilesetMessage(std::string_view name, const std::vector<Tileset>& tilesets);
/// "tile INDEX is not in tileset 'NAME' (its tiles are 0 to COUNT-1)": an index < 0 or
/// >= count (INDEX as written).
std::string tileIndexMessage(std::string_view index, std::string_view tileset, int count);
/// "expected back or front for 'depth', got GOT".
std::string artDepthMessage(std::string_view got);
/// "expected true or false for 'KEY', got GOT" ('visible', 'locked').
std::string notABooleanMessage(std::string_view key, std::string_view got);
/// "an art layer has either 'rules' (an auto layer) or 'tiles' (a painted layer), not
/// both"; with `both` false: "an art layer needs 'rules' (an auto layer) or 'tiles' (a
/// painted layer)".
std::string artLayerContentMessage(bool both);
/// "'seed' applies only to auto layers (a layer with 'rules')".
std::string seedOnPaintedLayerMessage();
/// "expected a pattern of 3 rows of 3 characters like [\"?.?\", \"?#?\", \"???\"],
/// got GOT".
std::string patternShapeMessage(std::string_view got);
/// "pattern row ROW has LENGTH characters; expected 3" (ROW 1-based).
std::string patternRowLengthMessage(int row, std::size_t length);
/// "unknown pattern character SHOWN (expected # solid, = one-way, . empty, x not empty,
/// o not solid or ? anything)".
std::string patternCharMessage(std::string_view shown);
/// "a rule has either 'tile' (one tile) or 'tiles' (variants), not both"; with `both`
/// false: "a rule needs 'tile' (one tile) or 'tiles' (variants)".
std::string ruleTileKeysMessage(bool both);
/// "a rule's 'tiles' list is empty: give it one tile or more".
std::string emptyRuleTilesMessage();
/// "unknown art tile SHOWN (expected '.' for no tile, or a tile number with flips h, v, d
/// in that order, like 12 or 12hv)": a painted layer's token.
std::string artTokenMessage(std::string_view shown);
/// "art tiles are separated by one space": a space at a row's start or end, or two.
std::string artSpacingMessage();
/// "art row ROW has COUNT tiles; expected WIDTH ('width')".
std::string artRowLengthMessage(std::size_t row, std::size_t count, int width);
/// "expected HEIGHT art rows ('height'), got COUNT".
std::string artRowCountMessage(std::size_t count, int height);
/// "the layer has COUNT cells; expected width x height = EXPECTED": a painted layer's
/// model whose cells do not fill the map.
std::string artCellCountMessage(std::size_t count, std::size_t expected);
/// "unknown flips FLIPS (h is 1, v 2 and d 4)": a painted cell's flip bits.
std::string artFlipsMessage(int flips);

} // namespace ts::level::rules
