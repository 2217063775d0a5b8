// The benchmarks' command-line lists: "a,b,c" split at commas and whole numbers
// parsed strictly (no sign, spaces or trailing characters), shared by
// physics_bench, block_bench and stream_bench.
#pragma once

#include <charconv>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace ts::bench {

/// The comma-separated items of `s` (an empty item where two commas meet).
inline std::vector<std::string_view> splitList(std::string_view s) {
    std::vector<std::string_view> out;
    while (!s.empty()) {
        const std::size_t comma = s.find(',');
        out.push_back(s.substr(0, comma));
        if (comma == std::string_view::npos)
            break;
        s.remove_prefix(comma + 1);
    }
    return out;
}

/// The whole of `s` as a number of type T, or nothing.
template <typename T> std::optional<T> parseNumber(std::string_view s) {
    T v{};
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || ptr != s.data() + s.size())
        return std::nullopt;
    return v;
}

/// A non-empty list of numbers in [minValue, maxValue]; false (and `out` unusable)
/// for anything else.
template <typename T>
bool parseNumberList(std::string_view s, std::vector<T>& out, T minValue,
                     T maxValue = std::numeric_limits<T>::max()) {
    out.clear();
    for (std::string_view part : splitList(s)) {
        const auto v = parseNumber<T>(part);
        if (!v || *v < minValue || *v > maxValue)
            return false;
        out.push_back(*v);
    }
    return !out.empty();
}

} // namespace ts::bench
