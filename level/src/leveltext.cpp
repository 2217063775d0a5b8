// Level files: the ranges, number formatting, scalar classification and string
// quoting shared by the loader, validateLevel() and the saver (leveltext.h).
#include "leveltext.h"

#include "tilesmith/level/numbertext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <variant>

namespace ts::level::detail {

namespace {

// The shortest fixed text of the bound as a float (the level's numbers are floats):
// "0.000001" for the float nearest 1e-6, not its 25 exact decimals.
std::string formatBound(double v) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v), std::chars_format::fixed);
    return std::string(buf, r.ptr);
}

} // namespace

std::string rangeText(FloatRange r) {
    if (r.loOpen)
        return "greater than " + formatBound(r.lo) + " and at most " + formatBound(r.hi);
    return "between " + formatBound(r.lo) + " and " + formatBound(r.hi);
}

bool inRange(double v, FloatRange r) {
    return std::isfinite(v) && r.contains(v);
}

bool massInRange(float mass) {
    return inRange(mass, kMassRange) && (mass == 0.0f || mass >= limits::kMinMass);
}

std::string massRangeText() {
    return formatBound(kMassRange.lo) + " or between " + formatBound(limits::kMinMass) + " and " +
           formatBound(kMassRange.hi);
}

// ---------------------------------------------------------------------------
// Number formatting: shortest text that reads back to the same value.

std::string formatFloat(float f) {
    if (std::isnan(f))
        return ".nan";
    if (std::isinf(f))
        return f > 0 ? ".inf" : "-.inf";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, f);
    std::string s(buf, r.ptr);
    // "1e+20" is a string to YAML 1.1 readers: give the mantissa a point.
    const auto e = s.find('e');
    if (e != std::string::npos && s.find('.') == std::string::npos)
        s.insert(e, ".0");
    return s;
}

std::string formatDouble(double d) {
    if (std::isnan(d))
        return ".nan";
    if (std::isinf(d))
        return d > 0 ? ".inf" : "-.inf";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, r.ptr);
    const auto e = s.find('e');
    if (s.find('.') == std::string::npos) {
        // Keep the type: 2.0 stays a float ("2.0"), not the integer 2.
        if (e != std::string::npos)
            s.insert(e, ".0");
        else
            s += ".0";
    }
    return s;
}

// ---------------------------------------------------------------------------
// Plain-scalar classification (YAML 1.2 core schema, decimal numbers only).

bool isNullText(std::string_view v) {
    return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL";
}

bool boolText(std::string_view v, bool& out) {
    if (v == "true" || v == "True" || v == "TRUE") {
        out = true;
        return true;
    }
    if (v == "false" || v == "False" || v == "FALSE") {
        out = false;
        return true;
    }
    return false;
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

bool isIntText(std::string_view v) {
    std::size_t i = 0;
    if (i < v.size() && (v[i] == '-' || v[i] == '+'))
        ++i;
    if (i == v.size())
        return false;
    for (; i < v.size(); ++i) {
        if (!isDigit(v[i]))
            return false;
    }
    return true;
}

/// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool isFloatText(std::string_view v) {
    std::size_t i = 0;
    if (i < v.size() && (v[i] == '-' || v[i] == '+'))
        ++i;
    std::size_t digits = 0;
    while (i < v.size() && isDigit(v[i])) {
        ++i;
        ++digits;
    }
    if (i < v.size() && v[i] == '.') {
        ++i;
        while (i < v.size() && isDigit(v[i])) {
            ++i;
            ++digits;
        }
    }
    if (digits == 0)
        return false;
    if (i < v.size() && (v[i] == 'e' || v[i] == 'E')) {
        ++i;
        if (i < v.size() && (v[i] == '-' || v[i] == '+'))
            ++i;
        std::size_t expDigits = 0;
        while (i < v.size() && isDigit(v[i])) {
            ++i;
            ++expDigits;
        }
        if (expDigits == 0)
            return false;
    }
    return i == v.size();
}

bool isSpecialFloatText(std::string_view v) {
    if (!v.empty() && (v[0] == '-' || v[0] == '+'))
        v.remove_prefix(1);
    return v == ".inf" || v == ".Inf" || v == ".INF" || v == ".nan" || v == ".NaN" || v == ".NAN";
}

std::string_view stripPlus(std::string_view v) {
    if (!v.empty() && v[0] == '+')
        v.remove_prefix(1);
    return v;
}

/// Shortens a value for a message and makes control characters visible.
std::string clip(std::string_view v) {
    std::string out;
    std::size_t n = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(v[i]);
        if (n >= 40 && (c & 0xC0) != 0x80) {
            out += "...";
            break;
        }
        if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else
            out += static_cast<char>(c);
        ++n;
    }
    return out;
}

// ---------------------------------------------------------------------------
// Strings: plain when that is safe for YAML 1.1 and 1.2 readers alike, else
// double-quoted. The rule depends only on the string, so output is stable.

namespace {

bool isWordLike(std::string_view v) {
    std::string lower;
    for (char c : v)
        lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    static const char* const words[] = {"null", "true", "false", "yes", "no",
                                        "on",   "off",  "y",     "n"};
    for (const char* w : words) {
        if (lower == w)
            return true;
    }
    return false;
}

bool plainSafe(std::string_view v) {
    if (v.empty() || v.size() > 200)
        return false;
    const unsigned char first = static_cast<unsigned char>(v.front());
    const bool firstOk = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') ||
                         first == '_' || first >= 0x80;
    if (!firstOk || v.back() == ' ')
        return false;
    for (char ch : v) {
        const unsigned char c = static_cast<unsigned char>(ch);
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(ch) ||
                        c == ' ' || c == '_' || c == '.' || c == '-' || c == '/' || c == '(' ||
                        c == ')' || c == '+' || c >= 0x80;
        if (!ok)
            return false;
    }
    return !isWordLike(v);
}

} // namespace

std::string quoted(std::string_view v) {
    std::string out = "\"";
    for (std::size_t i = 0; i < v.size();) {
        const unsigned char c = static_cast<unsigned char>(v[i]);
        if (c >= 0x80) {
            // Copy valid UTF-8; an invalid byte becomes U+FFFD so the file stays loadable.
            std::size_t n = 0;
            if (c >= 0xC2 && c <= 0xDF)
                n = 2;
            else if (c >= 0xE0 && c <= 0xEF)
                n = 3;
            else if (c >= 0xF0 && c <= 0xF4)
                n = 4;
            bool ok = n > 0 && i + n <= v.size();
            for (std::size_t k = 1; ok && k < n; ++k)
                ok = (static_cast<unsigned char>(v[i + k]) & 0xC0) == 0x80;
            if (ok) {
                out.append(v.substr(i, n));
                i += n;
            } else {
                out += "\xEF\xBF\xBD";
                ++i;
            }
            continue;
        }
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (c < 0x20 || c == 0x7F) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(c));
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
        ++i;
    }
    out += '"';
    return out;
}

std::string yamlString(std::string_view v) {
    return plainSafe(v) ? std::string(v) : quoted(v);
}

std::string propertyValueText(const PropertyValue& v) {
    if (const bool* b = std::get_if<bool>(&v))
        return *b ? "true" : "false";
    if (const std::int64_t* i = std::get_if<std::int64_t>(&v))
        return std::to_string(*i);
    if (const double* d = std::get_if<double>(&v))
        return formatDouble(*d);
    return yamlString(std::get<std::string>(v));
}

} // namespace ts::level::detail

namespace ts::level {

IntText readIntText(std::string_view text, std::int64_t& out) {
    if (!detail::isIntText(text))
        return IntText::NotAnInteger;
    const std::string_view t = detail::stripPlus(text);
    std::int64_t v = 0;
    if (std::from_chars(t.data(), t.data() + t.size(), v).ec != std::errc())
        return IntText::OutOfRange;
    out = v;
    return IntText::Integer;
}

namespace {
template <typename T> FloatText readFloatAs(std::string_view text, T& out) {
    if (!detail::isFloatText(text))
        return FloatText::NotANumber;
    const std::string_view t = detail::stripPlus(text);
    T v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || !std::isfinite(v))
        return FloatText::OutOfRange;
    out = v;
    return FloatText::Number;
}
} // namespace

FloatText readFloatText(std::string_view text, float& out) {
    return readFloatAs(text, out);
}
FloatText readFloatText(std::string_view text, double& out) {
    return readFloatAs(text, out);
}

bool namesNonFiniteNumber(std::string_view text) {
    if (detail::isSpecialFloatText(text))
        return true;
    if (!text.empty() && (text[0] == '-' || text[0] == '+'))
        text.remove_prefix(1);
    const auto is = [text](std::string_view word) {
        return text.size() == word.size() &&
               std::equal(text.begin(), text.end(), word.begin(), [](char a, char b) {
                   return (a >= 'A' && a <= 'Z' ? char(a - 'A' + 'a') : a) == b;
               });
    };
    return is("inf") || is("infinity") || is("nan");
}

std::string countText(std::uint64_t n, std::string_view one, std::string_view many) {
    std::string out = std::to_string(n);
    out += ' ';
    out += n == 1 ? one : many;
    return out;
}

} // namespace ts::level
