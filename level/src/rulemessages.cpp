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
    return "too many spawns (" + std::to_string(count) + "; the limit is " + std::to_string(limit) +
           ")";
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

} // namespace ts::level::rules
