// The one wording of each level rule (tilesmith/level/rulemessages.h).
#include "tilesmith/level/rulemessages.h"

#include "tilesmith/level/level.h"

#include "leveltext.h"

#include <cstdint>
#include <limits>

namespace ts::level::rules {

namespace {

std::string subject(std::string_view key, std::string_view section) {
    std::string s;
    if (!section.empty())
        s.append(section).append(" ");
    return s.append("'").append(key).append("'");
}

/// "property 'NAME'", the name quoted and cut as a value is (shownValue()).
std::string propertySubject(std::string_view name) {
    // Appended piece by piece, as in shownValue(): GCC 12's -Wrestrict at -O2.
    std::string s = "property ";
    return s.append(shownValue(name));
}

} // namespace

std::string intRangeMessage(std::string_view key, long long lo, long long hi, std::string_view got,
                            std::string_view section) {
    return intRangeForMessage(subject(key, section), lo, hi, got);
}

std::string intRangeForMessage(std::string_view subject, long long lo, long long hi,
                               std::string_view got, std::string_view note) {
    std::string s = std::string(subject) + " must be between " + std::to_string(lo) + " and " +
                    std::to_string(hi) + ", got " + std::string(got);
    if (!note.empty())
        s.append(" (").append(note).append(")");
    return s;
}

std::string rangeMessage(std::string_view key, limits::FloatRange range, std::string_view got,
                         std::string_view section) {
    return subject(key, section) + " must be " + detail::rangeText(range) + ", got " +
           std::string(got);
}

std::string massMessage(std::string_view got) {
    return "'mass' must be " + detail::massRangeText() + ", got " + std::string(got);
}

std::string nameTooLongMessage(std::size_t bytes) {
    return "'name' is too long (" + std::to_string(bytes) + " bytes; the limit is " +
           std::to_string(limits::kMaxNameBytes) + ")";
}

std::string tooManySpawnsMessage(std::size_t count, std::size_t limit) {
    return tooManyMessage("spawns", count, limit);
}

std::string tooManyStepsMessage(std::string_view subject, std::uint64_t limit) {
    return std::string(subject) + " is too large (the limit is " + std::to_string(limit) +
           " steps)";
}

std::string legendKeyMessage(std::string_view shown) {
    return "a legend key must be one printable ASCII character other than a space, got " +
           std::string(shown);
}

std::string legendDistinctMessage() {
    return "the legend must use three different characters for " + tileKindNameList(" and ");
}

std::string emptyPropertyNameMessage() {
    return "a property name cannot be empty";
}

std::string shownValue(std::string_view text) {
    // Appended piece by piece: "'" + std::string trips GCC 12's -Wrestrict at -O2.
    std::string s = "'";
    return s.append(detail::clip(text)).append("'");
}

std::string shownUnquoted(std::string_view text) {
    return detail::clip(text);
}

std::string notANumberMessage(std::string_view key, std::string_view got) {
    return "expected a number for '" + std::string(key) + "', got " + std::string(got);
}

std::string notAnIntegerMessage(std::string_view key, std::string_view got) {
    // Appended piece by piece, as in shownValue(): GCC 12's -Wrestrict at -O2.
    std::string subject = "'";
    return notAnIntegerForMessage(subject.append(key).append("'"), got);
}

std::string notAnIntegerForMessage(std::string_view subject, std::string_view got) {
    return "expected an integer for " + std::string(subject) + ", got " + std::string(got);
}

std::string newerFormatMessage(std::int64_t version, int newest) {
    const std::string n = std::to_string(newest);
    std::string s = "this file needs a newer Tilesmith: it is format version ";
    s.append(std::to_string(version)).append(" and this build reads ");
    if (newest <= 1)
        return s.append("version ").append(n);
    return s.append(newest == 2 ? "versions 1 and " : "versions 1 to ").append(n);
}

std::string formatVersionMessage(std::string_view key, std::string_view got, int newest) {
    const std::string n = std::to_string(newest);
    std::string s = "expected ";
    if (newest <= 1)
        s.append("the format version ").append(n);
    else
        s.append(newest == 2 ? "the format version 1 or " : "a format version from 1 to ")
            .append(n);
    return s.append(" for '").append(key).append("', got ").append(got);
}

std::string propertyIntRangeMessage(std::string_view name, std::string_view written) {
    return intRangeForMessage(propertySubject(name), std::numeric_limits<std::int64_t>::min(),
                              std::numeric_limits<std::int64_t>::max(), shownUnquoted(written),
                              "a property's integer has 64 bits");
}

std::string propertyNotFiniteMessage(std::string_view name, std::string_view written) {
    return propertySubject(name)
        .append(" must be a finite number, got ")
        .append(shownUnquoted(written));
}

std::string propertyNotAnIntegerMessage(std::string_view name, std::string_view written) {
    return notAnIntegerForMessage(propertySubject(name), shownValue(written));
}

std::string propertyNotANumberMessage(std::string_view name, std::string_view written) {
    return "expected a number for " + propertySubject(name) + ", got " + shownValue(written);
}

std::string propertyNotABooleanMessage(std::string_view name, std::string_view written) {
    return "expected true or false for " + propertySubject(name) + ", got " + shownValue(written);
}

std::string noPlayerMessage(std::string_view toDo) {
    return std::string("the level has no player: place one to ").append(toDo);
}

std::string tooManyMessage(std::string_view what, std::size_t count, std::size_t limit) {
    std::string s = "too many ";
    return s.append(what)
        .append(" (")
        .append(std::to_string(count))
        .append("; the limit is ")
        .append(std::to_string(limit))
        .append(")");
}

std::string emptyArtNameMessage(std::string_view what) {
    return std::string(what).append("'s 'name' cannot be empty");
}

std::string duplicateArtNameMessage(std::string_view what, std::string_view name) {
    std::string s = "duplicate ";
    return s.append(what)
        .append(" name ")
        .append(shownValue(name))
        .append(" (each ")
        .append(what)
        .append(" needs a name of its own)");
}

std::string emptyImageMessage() {
    return "'image' cannot be empty (the tileset's PNG, relative to the level file)";
}

std::string transparentColorMessage(std::string_view got) {
    return std::string("expected a colour \"#rrggbb\" for 'trans', got ").append(got);
}

std::string unknownTilesetMessage(std::string_view name, const std::vector<Tileset>& tilesets) {
    std::string s = "unknown tileset ";
    s.append(shownValue(name));
    if (tilesets.empty())
        return s.append(" (the level has no tilesets: add one under 'tilesets')");
    s.append(tilesets.size() == 1 ? " (the level's tileset is " : " (the level's tilesets are ");
    for (std::size_t i = 0; i < tilesets.size(); ++i) {
        if (i > 0)
            s.append(i + 1 == tilesets.size() ? " and " : ", ");
        s.append(shownValue(tilesets[i].name));
    }
    return s.append(")");
}

std::string tileIndexMessage(std::string_view index, std::string_view tileset, int count) {
    std::string s = "tile ";
    s.append(shownUnquoted(index)).append(" is not in tileset ").append(shownValue(tileset));
    if (count <= 1)
        return s.append(" (its only tile is 0)");
    return s.append(" (its tiles are 0 to ").append(std::to_string(count - 1)).append(")");
}

std::string artDepthMessage(std::string_view got) {
    return std::string("expected back or front for 'depth', got ").append(got);
}

std::string notABooleanMessage(std::string_view key, std::string_view got) {
    std::string s = "expected true or false for '";
    return s.append(key).append("', got ").append(got);
}

std::string artLayerContentMessage(bool both) {
    return both ? "an art layer has either 'rules' (an auto layer) or 'tiles' (a painted "
                  "layer), not both"
                : "an art layer needs 'rules' (an auto layer) or 'tiles' (a painted layer)";
}

std::string seedOnPaintedLayerMessage() {
    return "'seed' applies only to auto layers (a layer with 'rules')";
}

std::string patternShapeMessage(std::string_view got) {
    return std::string("expected a pattern of 3 rows of 3 characters like [\"?.?\", \"?#?\", "
                       "\"???\"], got ")
        .append(got);
}

std::string patternRowLengthMessage(int row, std::size_t length) {
    std::string s = "pattern row ";
    return s.append(std::to_string(row))
        .append(" has ")
        .append(std::to_string(length))
        .append(length == 1 ? " character" : " characters")
        .append("; expected 3");
}

std::string patternCharMessage(std::string_view shown) {
    std::string s = "unknown pattern character ";
    return s.append(shown).append(
        " (expected # solid, = one-way, . empty, x not empty, o not solid or ? anything)");
}

std::string ruleTileKeysMessage(bool both) {
    return both ? "a rule has either 'tile' (one tile) or 'tiles' (variants), not both"
                : "a rule needs 'tile' (one tile) or 'tiles' (variants)";
}

std::string emptyRuleTilesMessage() {
    return "a rule's 'tiles' list is empty: give it one tile or more";
}

std::string artTokenMessage(std::string_view shown) {
    std::string s = "unknown art tile ";
    return s.append(shown).append(" (expected '.' for no tile, or a tile number with flips h, v, "
                                  "d in that order, like 12 or 12hv)");
}

std::string artSpacingMessage() {
    return "art tiles are separated by one space";
}

std::string artRowLengthMessage(std::size_t row, std::size_t count, int width) {
    std::string s = "art row ";
    return s.append(std::to_string(row))
        .append(" has ")
        .append(std::to_string(count))
        .append(count == 1 ? " tile" : " tiles")
        .append("; expected ")
        .append(std::to_string(width))
        .append(" ('width')");
}

std::string artRowCountMessage(std::size_t count, int height) {
    std::string s = "expected ";
    return s.append(std::to_string(height))
        .append(" art rows ('height'), got ")
        .append(std::to_string(count));
}

std::string artCellCountMessage(std::size_t count, std::size_t expected) {
    std::string s = "the layer has ";
    return s.append(std::to_string(count))
        .append(" cells; expected width x height = ")
        .append(std::to_string(expected));
}

std::string artFlipsMessage(int flips) {
    std::string s = "unknown flips ";
    return s.append(std::to_string(flips)).append(" (h is 1, v 2 and d 4)");
}

} // namespace ts::level::rules
