// How every reader takes a whole number written as text: the YAML loader's keys and the
// TMX import's attributes and properties read one rule, so "+5" is 5 in each and a
// number is never called out of range in one and no number in the other.
#pragma once

#include <cstdint>
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

} // namespace ts::level
