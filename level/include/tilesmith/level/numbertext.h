// How every reader takes a number written as text: the YAML loader's keys, the TMX
// import's attributes and properties and a replay's fields read one rule, so "+5" is 5
// and "+1.5" is 1.5 in each, and a number is never called out of range in one and no
// number in the other.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ts::level {

enum class IntText {
    Integer,      ///< in `out`
    OutOfRange,   ///< an integer as written, too large for 64 bits: a range message's case
    NotAnInteger, ///< "expected an integer ..."
};

/// An optional sign ('-' or '+') and decimal digits, nothing else (no spaces): the YAML
/// loader's plain integer ("+5" is 5, "-0" is 0).
IntText readIntText(std::string_view text, std::int64_t& out);

enum class FloatText {
    Number,     ///< in `out`
    OutOfRange, ///< a number as written that the type cannot hold (1e999): a range message's case
    NotANumber, ///< "expected a number ..."
};

/// An optional sign ('-' or '+') and a decimal number: digits with an optional point and
/// an optional exponent, nothing else (no spaces, no inf or nan): the YAML loader's plain
/// float ("+1.5" is 1.5, ".5" is 0.5, "1e3" is 1000).
FloatText readFloatText(std::string_view text, float& out);
FloatText readFloatText(std::string_view text, double& out);

/// Whether `text`, which readFloatText() reads as no number, spells infinity or NaN: the
/// level format's ".inf" and ".nan" (".Inf", ".INF", ".NaN", ".NAN") or "inf", "infinity"
/// and "nan" in any case, as C and Tiled write them, each with an optional sign. A reader
/// says of such a value that it "must be a finite number" (rules::propertyNotFiniteMessage),
/// not that it is no number.
bool namesNonFiniteNumber(std::string_view text);

/// "1 step", "12 steps": a count and its noun in the right number, as the command line
/// prints its summaries.
std::string countText(std::uint64_t n, std::string_view one, std::string_view many);

} // namespace ts::level
