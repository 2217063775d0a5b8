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

} // namespace ts::level::rules
