// Level files, format v1: loading with positions in every error, semantic
// validation and canonical, atomic saving. See resources/format/level-format.md.
#include "tilesmith/level/levelio.h"

#include "yamltree.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

namespace ts::level {

std::string Diagnostic::toString() const {
    std::string s;
    if (!file.empty())
        s += file + ":";
    if (line > 0) {
        s += std::to_string(line) + ":";
        if (column > 0)
            s += std::to_string(column) + ":";
    }
    if (!s.empty())
        s += " ";
    s += "error: " + message;
    return s;
}

namespace {

using detail::YNode;
using detail::YTree;

// ---------------------------------------------------------------------------
// Ranges shared by the loader and validateLevel(), so both say the same thing.

using limits::FloatRange;

constexpr FloatRange kSpawnSizeRange = limits::kSpawnSize;
constexpr FloatRange kRadiusRange = limits::kRadius;
constexpr FloatRange kMassRange = limits::kMass;
constexpr FloatRange kRestitutionRange = limits::kRestitution;
constexpr FloatRange kVelocityRange = limits::kVelocity;
constexpr FloatRange kAccelRange = limits::kGravity;
constexpr FloatRange kSpeedRange = limits::kSpeed;
constexpr FloatRange kMaxFallRange = limits::kMaxFallSpeed;
constexpr FloatRange kOneWayRange = limits::kOneWayThreshold;
constexpr FloatRange kDtRange = limits::kDt;
constexpr int kMinTileSize = limits::kTileSize.lo;
constexpr int kMaxTileSize = limits::kTileSize.hi;
constexpr int kMinPartitionCell = limits::kPartitionCell.lo;
constexpr int kMaxPartitionCell = limits::kPartitionCell.hi;
constexpr std::size_t kMaxNameBytes = limits::kMaxNameBytes;

std::string formatBound(double v) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    return std::string(buf, r.ptr);
}

std::string rangeText(FloatRange r) {
    if (r.loOpen)
        return "greater than " + formatBound(r.lo) + " and at most " + formatBound(r.hi);
    return "between " + formatBound(r.lo) + " and " + formatBound(r.hi);
}

bool inRange(double v, FloatRange r) {
    return std::isfinite(v) && r.contains(v);
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

// ---------------------------------------------------------------------------
// Loading.

class Reporter {
public:
    Reporter(std::vector<Diagnostic>& out, const std::string& file, int maxErrors)
        : mOut(out), mFile(file), mMax(std::max(1, maxErrors)) {}

    void error(int line, int column, std::string message) {
        if (static_cast<int>(mOut.size()) >= mMax) {
            mOverflow = true;
            return;
        }
        Diagnostic d;
        d.file = mFile;
        d.line = line;
        d.column = column;
        d.message = std::move(message);
        mOut.push_back(std::move(d));
    }
    void error(const YNode& n, std::string message) { error(n.line, n.column, std::move(message)); }
    /// True once the cap is reached. Callers ask before doing more work, so
    /// asking at the cap means more errors may follow: the note is added then.
    bool full() {
        if (static_cast<int>(mOut.size()) >= mMax)
            mOverflow = true;
        return mOverflow;
    }
    void finish() {
        if (mOverflow) {
            Diagnostic d;
            d.file = mFile;
            d.message = "too many errors; stopped after " + std::to_string(mMax);
            mOut.push_back(std::move(d));
        }
    }
    std::size_t count() const { return mOut.size(); }

private:
    std::vector<Diagnostic>& mOut;
    const std::string& mFile;
    int mMax;
    bool mOverflow = false;
};

/// Where a loaded spawn's parts stand in the file, for semantic errors.
struct SpawnSite {
    int line = 0, column = 0;         ///< the spawn mapping
    int idLine = 0, idColumn = 0;     ///< its id value
    int kindLine = 0, kindColumn = 0; ///< its kind value
    int xLine = 0, xColumn = 0;
    int yLine = 0, yColumn = 0;
};

class Loader {
public:
    Loader(const YTree& tree, const std::string& text, const Limits& limits, Reporter& rep)
        : mTree(tree), mText(text), mLimits(limits), mRep(rep) {}

    bool load(Level& level);

private:
    const YNode& node(int i) const { return mTree.at(i); }
    std::string_view value(const YNode& n) const { return mTree.value(n); }

    std::string describe(const YNode& n) const {
        switch (n.kind) {
        case YNode::Kind::Null:
            return "nothing";
        case YNode::Kind::Sequence:
            return "a list";
        case YNode::Kind::Map:
            return "a mapping";
        case YNode::Kind::Scalar:
            break;
        }
        if (n.plain)
            return "'" + clip(value(n)) + "'";
        if (n.literal)
            return "a block of text";
        return "the string \"" + clip(value(n)) + "\"";
    }

    /// Key/value pairs of a mapping; reports non-scalar and duplicate keys.
    std::vector<std::pair<int, int>> entries(const YNode& map, const char* where) {
        std::vector<std::pair<int, int>> out;
        out.reserve(static_cast<std::size_t>(map.count / 2));
        for (int k = map.first; k >= 0;) {
            const int v = node(k).next;
            if (v < 0)
                break;
            const YNode& key = node(k);
            if (key.kind != YNode::Kind::Scalar) {
                mRep.error(key, std::string("expected a key name in ") + where + ", got " +
                                    describe(key));
            } else {
                bool dup = false;
                for (const auto& [pk, pv] : out) {
                    if (value(node(pk)) == value(key)) {
                        mRep.error(key, "duplicate key '" + clip(value(key)) + "' in " + where +
                                            " (first on line " + std::to_string(node(pk).line) +
                                            ")");
                        dup = true;
                        break;
                    }
                }
                if (!dup)
                    out.emplace_back(k, v);
            }
            k = node(v).next;
        }
        return out;
    }

    bool readInt(const YNode& n, const std::string& key, long long lo, long long hi, int& out) {
        const std::string_view v = value(n);
        if (n.kind != YNode::Kind::Scalar || !n.plain || !isIntText(v)) {
            mRep.error(n, "expected an integer for '" + key + "', got " + describe(n));
            return false;
        }
        long long x = 0;
        const std::string_view t = stripPlus(v);
        auto r = std::from_chars(t.data(), t.data() + t.size(), x);
        if (r.ec != std::errc() || x < lo || x > hi) {
            mRep.error(n, "'" + key + "' must be between " + std::to_string(lo) + " and " +
                              std::to_string(hi) + ", got " + clip(v));
            return false;
        }
        out = static_cast<int>(x);
        return true;
    }

    bool readFloat(const YNode& n, const std::string& key, FloatRange range, float& out) {
        const std::string_view v = value(n);
        if (n.kind == YNode::Kind::Scalar && n.plain && isSpecialFloatText(v)) {
            mRep.error(n, "expected a finite number for '" + key + "', got " + clip(v));
            return false;
        }
        if (n.kind != YNode::Kind::Scalar || !n.plain || !isFloatText(v)) {
            mRep.error(n, "expected a number for '" + key + "', got " + describe(n));
            return false;
        }
        float x = 0;
        const std::string_view t = stripPlus(v);
        auto r = std::from_chars(t.data(), t.data() + t.size(), x);
        if (r.ec != std::errc() || !inRange(x, range)) {
            mRep.error(n, "'" + key + "' must be " + rangeText(range) + ", got " + clip(v));
            return false;
        }
        out = x;
        return true;
    }

    bool readProperties(const YNode& n, const std::string& where, Properties& out);
    void readLegend(const YNode& n, Legend& legend, bool& ok);
    void readTiles(const YNode& n, Level& level, bool sizeOk);
    void readSpawns(const YNode& n, Level& level);
    bool readSpawn(const YNode& n, Spawn& s, SpawnSite& site);
    void readPhysics(const YNode& n, PhysicsSettings& p);

    const YTree& mTree;
    const std::string& mText;
    const Limits& mLimits;
    Reporter& mRep;
    int mTileSize = 16; ///< the level's tile_size: a goal's default size

public:
    std::vector<SpawnSite> sites;
    SourcePos tilesOrigin;
    int spawnsLine = 1, spawnsColumn = 1;
    bool mapOk = false;
    bool spawnsOk = true; ///< false when 'spawns' was not a readable list
};

bool Loader::readProperties(const YNode& n, const std::string& where, Properties& out) {
    if (n.kind == YNode::Kind::Null)
        return true;
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n, "expected a mapping of properties for " + where + ", got " + describe(n));
        return false;
    }
    bool ok = true;
    for (const auto& [k, v] : entries(n, "properties")) {
        const YNode& key = node(k);
        const YNode& val = node(v);
        const std::string name(value(key));
        if (name.empty()) {
            mRep.error(key, "a property name cannot be empty");
            ok = false;
            continue;
        }
        const std::string_view text = value(val);
        if (val.kind == YNode::Kind::Null ||
            (val.kind == YNode::Kind::Scalar && val.plain && isNullText(text))) {
            mRep.error(val, "property '" + clip(name) +
                                "' has no value (expected a string, number or boolean)");
            ok = false;
            continue;
        }
        if (val.kind != YNode::Kind::Scalar) {
            mRep.error(val, "property '" + clip(name) +
                                "' must be a string, number or boolean, got " + describe(val));
            ok = false;
            continue;
        }
        if (!val.plain) {
            out[name] = std::string(text);
            continue;
        }
        bool b = false;
        if (boolText(text, b)) {
            out[name] = b;
        } else if (isIntText(text)) {
            std::int64_t i = 0;
            const std::string_view t = stripPlus(text);
            auto r = std::from_chars(t.data(), t.data() + t.size(), i);
            if (r.ec != std::errc()) {
                mRep.error(val, "property '" + clip(name) +
                                    "' is out of range for a 64-bit integer: " + clip(text));
                ok = false;
                continue;
            }
            out[name] = i;
        } else if (isFloatText(text)) {
            double d = 0;
            const std::string_view t = stripPlus(text);
            auto r = std::from_chars(t.data(), t.data() + t.size(), d);
            if (r.ec != std::errc() || !std::isfinite(d)) {
                mRep.error(val, "property '" + clip(name) + "' is out of range: " + clip(text));
                ok = false;
                continue;
            }
            out[name] = d;
        } else if (isSpecialFloatText(text)) {
            mRep.error(val,
                       "property '" + clip(name) + "' must be a finite number, got " + clip(text));
            ok = false;
        } else {
            out[name] = std::string(text);
        }
    }
    return ok;
}

void Loader::readLegend(const YNode& n, Legend& legend, bool& ok) {
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n, "expected a mapping for 'legend' like {\".\": empty, \"#\": solid, \"=\": "
                      "one_way}, got " +
                          describe(n));
        ok = false;
        return;
    }
    for (const auto& [k, v] : entries(n, "'legend'")) {
        const YNode& key = node(k);
        const YNode& val = node(v);
        const std::string_view ch = value(key);
        const bool printable = ch.size() == 1 && ch[0] > ' ' && ch[0] < 0x7F;
        if (!printable) {
            mRep.error(key, "a legend key must be one printable ASCII character other than a "
                            "space, got " +
                                describe(key));
            ok = false;
            continue;
        }
        const std::string_view what = value(val);
        if (val.kind != YNode::Kind::Scalar || !val.plain) {
            mRep.error(val, "expected empty, solid or one_way for legend character '" +
                                std::string(ch) + "', got " + describe(val));
            ok = false;
        } else if (what == "empty") {
            legend.empty = ch[0];
        } else if (what == "solid") {
            legend.solid = ch[0];
        } else if (what == "one_way") {
            legend.oneWay = ch[0];
        } else {
            mRep.error(val, "expected empty, solid or one_way for legend character '" +
                                std::string(ch) + "', got " + describe(val));
            ok = false;
        }
    }
    if (ok && (legend.empty == legend.solid || legend.empty == legend.oneWay ||
               legend.solid == legend.oneWay)) {
        mRep.error(n, "the legend must use three different characters for empty, solid and "
                      "one_way");
        ok = false;
    }
}

void Loader::readTiles(const YNode& n, Level& level, bool sizeOk) {
    if (n.kind != YNode::Kind::Scalar) {
        mRep.error(n, "expected the tile rows as a literal block ('tiles: |'), got " + describe(n));
        return;
    }
    const std::string_view text = value(n);
    std::vector<std::string_view> rows;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        rows.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }

    // Where row r, column c stands in the file. A literal block's rows follow
    // its header line one per line, at the block's indentation.
    int blockIndent = 0;
    if (n.literal) {
        std::size_t lineStart = 0;
        int line = 1;
        // Find the first content line after the header, and its indentation.
        for (std::size_t i = 0; i < mText.size() && line <= n.line; ++i) {
            if (mText[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        std::size_t i = lineStart;
        while (i < mText.size() && mText[i] == ' ')
            ++i;
        blockIndent = static_cast<int>(i - lineStart);
    }
    if (n.literal)
        tilesOrigin = SourcePos{n.line + 1, blockIndent + 1};
    const auto at = [&](std::size_t row, std::size_t column, std::string msg) {
        if (n.literal)
            mRep.error(n.line + 1 + static_cast<int>(row),
                       blockIndent + 1 + static_cast<int>(column), std::move(msg));
        else
            mRep.error(n, std::move(msg));
    };

    const Legend& lg = level.legend;
    const std::string legendChars =
        std::string("'") + lg.empty + "', '" + lg.solid + "' and '" + lg.oneWay + "'";
    for (std::size_t r = 0; r < rows.size() && !mRep.full(); ++r) {
        const std::string_view row = rows[r];
        if (sizeOk && static_cast<int>(r) >= level.height) {
            at(r, 0,
               "too many tile rows: expected " + std::to_string(level.height) +
                   " ('height'), this is row " + std::to_string(r + 1));
            break;
        }
        if (sizeOk && static_cast<int>(row.size()) != level.width) {
            const std::size_t col = std::min(row.size(), static_cast<std::size_t>(level.width));
            at(r, col,
               "tile row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
                   " tiles; expected " + std::to_string(level.width) + " ('width')");
        }
        for (std::size_t c = 0; c < row.size() && !mRep.full(); ++c) {
            const char ch = row[c];
            Tile t = Tile::Empty;
            if (ch == lg.empty) {
                t = Tile::Empty;
            } else if (ch == lg.solid) {
                t = Tile::Solid;
            } else if (ch == lg.oneWay) {
                t = Tile::OneWay;
            } else {
                // The text is valid UTF-8 here: show the whole character.
                std::size_t len = 1;
                while (static_cast<unsigned char>(ch) >= 0x80 && c + len < row.size() &&
                       (static_cast<unsigned char>(row[c + len]) & 0xC0) == 0x80)
                    ++len;
                at(r, c,
                   "unknown tile character '" + std::string(row.substr(c, len)) +
                       "' (the legend has " + legendChars + ")");
                c += len - 1;
                continue;
            }
            if (sizeOk && static_cast<int>(c) < level.width && static_cast<int>(r) < level.height)
                level.setTile(static_cast<int>(c), static_cast<int>(r), t);
        }
    }
    if (sizeOk && static_cast<int>(rows.size()) < level.height) {
        if (n.literal)
            at(rows.size(), 0,
               "expected " + std::to_string(level.height) + " tile rows ('height'), got " +
                   std::to_string(rows.size()));
        else
            mRep.error(n, "expected " + std::to_string(level.height) +
                              " tile rows ('height'), got " + std::to_string(rows.size()) +
                              " (write the rows as a literal block: 'tiles: |')");
    }
}

enum SpawnField {
    FId,
    FKind,
    FX,
    FY,
    FWidth,
    FHeight,
    FRadius,
    FMass,
    FRestitution,
    FVx,
    FVy,
    FProperties,
    FCount
};
const char* const kSpawnFieldNames[FCount] = {"id",          "kind",   "x",      "y",
                                              "width",       "height", "radius", "mass",
                                              "restitution", "vx",     "vy",     "properties"};

bool Loader::readSpawn(const YNode& n, Spawn& s, SpawnSite& site) {
    site.line = n.line;
    site.column = n.column;
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n,
                   "expected a spawn like {id: 1, kind: player, x: 3, y: 9}, got " + describe(n));
        return false;
    }
    int field[FCount];
    std::fill(std::begin(field), std::end(field), -1);
    bool ok = true;
    for (const auto& [k, v] : entries(n, "a spawn")) {
        const std::string_view key = value(node(k));
        int f = -1;
        for (int i = 0; i < FCount; ++i) {
            if (key == kSpawnFieldNames[i])
                f = i;
        }
        if (f < 0) {
            mRep.error(node(k), "unknown spawn key '" + clip(key) +
                                    "' (extension data goes under 'properties')");
            ok = false;
            continue;
        }
        field[f] = v;
    }

    SpawnKind kind = SpawnKind::Box;
    bool kindOk = false;
    if (field[FKind] < 0) {
        mRep.error(n, "spawn is missing 'kind' (player, npc, box, ball or goal)");
    } else {
        const YNode& kn = node(field[FKind]);
        site.kindLine = kn.line;
        site.kindColumn = kn.column;
        if (kn.kind == YNode::Kind::Scalar && spawnKindFromName(std::string(value(kn)), kind))
            kindOk = true;
        else
            mRep.error(kn, "unknown spawn kind " + describe(kn) +
                               " (expected player, npc, box, ball or goal)");
    }
    ok = ok && kindOk;
    s = Spawn::withDefaults(kind);
    if (kind == SpawnKind::Goal && mTileSize > 0) {
        s.width = static_cast<float>(mTileSize); // a goal is one tile unless it says otherwise
        s.height = static_cast<float>(mTileSize);
    }
    const std::size_t errorsBefore = mRep.count();

    const auto required = [&](SpawnField f) {
        if (field[f] < 0) {
            mRep.error(n, std::string("spawn is missing '") + kSpawnFieldNames[f] + "'");
            ok = false;
            return false;
        }
        return true;
    };
    if (required(FId)) {
        const YNode& v = node(field[FId]);
        site.idLine = v.line;
        site.idColumn = v.column;
        ok = readInt(v, "id", 1, std::numeric_limits<int>::max(), s.id) && ok;
    }
    if (required(FX)) {
        const YNode& v = node(field[FX]);
        site.xLine = v.line;
        site.xColumn = v.column;
        ok = readInt(v, "x", std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                     s.x) &&
             ok;
    }
    if (required(FY)) {
        const YNode& v = node(field[FY]);
        site.yLine = v.line;
        site.yColumn = v.column;
        ok = readInt(v, "y", std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                     s.y) &&
             ok;
    }
    const bool basicsOk = kindOk && mRep.count() == errorsBefore;
    if (kindOk) {
        const bool ball = kind == SpawnKind::Ball;
        for (SpawnField f : {FWidth, FHeight}) {
            if (ball && field[f] >= 0) {
                mRep.error(node(field[f]), std::string("'") + kSpawnFieldNames[f] +
                                               "' does not apply to a ball (use 'radius')");
                ok = false;
            }
        }
        if (!ball && field[FRadius] >= 0) {
            mRep.error(node(field[FRadius]), std::string("'radius' applies only to balls; a ") +
                                                 spawnKindName(kind) + " has 'width' and 'height'");
            ok = false;
        }
        const bool goal = kind == SpawnKind::Goal;
        for (SpawnField f : {FMass, FRestitution, FVx, FVy}) {
            if (goal && field[f] >= 0) {
                mRep.error(node(field[f]), std::string("'") + kSpawnFieldNames[f] +
                                               "' does not apply to a goal (an area, not a "
                                               "physics body)");
                ok = false;
            }
        }
        const auto opt = [&](SpawnField f, FloatRange r, float& out) {
            if (field[f] >= 0 && !(ball && (f == FWidth || f == FHeight)) &&
                !(!ball && f == FRadius) &&
                !(goal && (f == FMass || f == FRestitution || f == FVx || f == FVy)))
                ok = readFloat(node(field[f]), kSpawnFieldNames[f], r, out) && ok;
        };
        opt(FWidth, kSpawnSizeRange, s.width);
        opt(FHeight, kSpawnSizeRange, s.height);
        opt(FRadius, kRadiusRange, s.radius);
        opt(FMass, kMassRange, s.mass);
        opt(FRestitution, kRestitutionRange, s.restitution);
        opt(FVx, kVelocityRange, s.vx);
        opt(FVy, kVelocityRange, s.vy);
    }
    if (field[FProperties] >= 0)
        readProperties(node(field[FProperties]), "a spawn", s.properties);
    return basicsOk;
}

void Loader::readSpawns(const YNode& n, Level& level) {
    if (n.kind == YNode::Kind::Null)
        return;
    if (n.kind != YNode::Kind::Sequence) {
        mRep.error(n, "expected a list of spawns for 'spawns', got " + describe(n));
        spawnsOk = false;
        return;
    }
    if (n.count > mLimits.maxSpawns) {
        mRep.error(n, "too many spawns (" + std::to_string(n.count) + "; the limit is " +
                          std::to_string(mLimits.maxSpawns) + ")");
        spawnsOk = false;
        return;
    }
    level.spawns.reserve(static_cast<std::size_t>(n.count));
    for (int i = n.first; i >= 0 && !mRep.full(); i = node(i).next) {
        Spawn s;
        SpawnSite site;
        // A spawn whose id, kind and position read well takes part in the
        // cross checks even when another of its fields has an error.
        if (readSpawn(node(i), s, site)) {
            level.spawns.push_back(std::move(s));
            sites.push_back(site);
        }
    }
}

void Loader::readPhysics(const YNode& n, PhysicsSettings& p) {
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n, "expected a mapping for 'physics', got " + describe(n));
        return;
    }
    for (const auto& [k, v] : entries(n, "'physics'")) {
        const std::string key(value(node(k)));
        const YNode& val = node(v);
        if (key == "gravity")
            readFloat(val, key, kAccelRange, p.gravity);
        else if (key == "walk_speed")
            readFloat(val, key, kSpeedRange, p.walkSpeed);
        else if (key == "jump_speed")
            readFloat(val, key, kSpeedRange, p.jumpSpeed);
        else if (key == "max_fall_speed")
            readFloat(val, key, kMaxFallRange, p.maxFallSpeed);
        else if (key == "one_way_threshold")
            readFloat(val, key, kOneWayRange, p.oneWayThreshold);
        else if (key == "partition_cell")
            readInt(val, key, kMinPartitionCell, kMaxPartitionCell, p.partitionCell);
        else if (key == "dt")
            readFloat(val, key, kDtRange, p.dt);
        else
            mRep.error(node(k), "unknown physics key '" + clip(key) +
                                    "' (expected gravity, walk_speed, jump_speed, "
                                    "max_fall_speed, one_way_threshold, partition_cell or dt)");
    }
}

bool Loader::load(Level& level) {
    if (mTree.root < 0 || node(mTree.root).kind == YNode::Kind::Null) {
        mRep.error(1, 1, "the file is empty; expected a level starting with 'tilesmith: 1'");
        return false;
    }
    const YNode& root = node(mTree.root);
    if (root.kind != YNode::Kind::Map) {
        mRep.error(root, "expected a mapping of level keys ('tilesmith: 1', 'width', ...), got " +
                             describe(root));
        return false;
    }
    enum Key {
        KVersion,
        KName,
        KTileSize,
        KWidth,
        KHeight,
        KLegend,
        KTiles,
        KSpawns,
        KPhysics,
        KProperties,
        KCount
    };
    static const char* const names[KCount] = {"tilesmith", "name",      "tile_size", "width",
                                              "height",    "legend",    "tiles",     "spawns",
                                              "physics",   "properties"};
    int at[KCount];
    std::fill(std::begin(at), std::end(at), -1);
    int keyNode[KCount];
    std::fill(std::begin(keyNode), std::end(keyNode), -1);
    for (const auto& [k, v] : entries(root, "the level")) {
        const std::string_view key = value(node(k));
        int f = -1;
        for (int i = 0; i < KCount; ++i) {
            if (key == names[i])
                f = i;
        }
        if (f < 0) {
            mRep.error(node(k),
                       "unknown key '" + clip(key) + "' (extension data goes under 'properties')");
            continue;
        }
        at[f] = v;
        keyNode[f] = k;
    }

    // The version first: a newer file is not read any further.
    if (at[KVersion] < 0) {
        mRep.error(root, "missing 'tilesmith: 1' (the format version) at the top of the file");
    } else {
        const YNode& v = node(at[KVersion]);
        long long version = 0;
        const std::string_view t = stripPlus(value(v));
        if (v.kind != YNode::Kind::Scalar || !v.plain || !isIntText(value(v)) ||
            std::from_chars(t.data(), t.data() + t.size(), version).ec != std::errc() ||
            version < 1) {
            mRep.error(v, "expected the format version 1 for 'tilesmith', got " + describe(v));
        } else if (version > kFormatVersion) {
            mRep.error(v, "this file needs a newer Tilesmith: it is format version " +
                              std::string(t) + " and this build reads version " +
                              std::to_string(kFormatVersion));
            return false;
        }
    }

    if (at[KName] >= 0) {
        const YNode& v = node(at[KName]);
        if (v.kind != YNode::Kind::Scalar) {
            mRep.error(v, "expected a string for 'name', got " + describe(v));
        } else if (value(v).size() > kMaxNameBytes) {
            mRep.error(v, "'name' is too long (" + std::to_string(value(v).size()) +
                              " bytes; the limit is " + std::to_string(kMaxNameBytes) + ")");
        } else {
            level.name = std::string(value(v));
        }
    }
    if (at[KTileSize] >= 0)
        readInt(node(at[KTileSize]), "tile_size", kMinTileSize, kMaxTileSize, level.tileSize);

    bool sizeOk = true;
    for (Key k : {KWidth, KHeight}) {
        const int limit = k == KWidth ? mLimits.maxWidth : mLimits.maxHeight;
        int& out = k == KWidth ? level.width : level.height;
        if (at[k] < 0) {
            mRep.error(root, std::string("missing '") + names[k] + "' (the map's " +
                                 (k == KWidth ? "width" : "height") + " in tiles)");
            sizeOk = false;
        } else if (!readInt(node(at[k]), names[k], 1, limit, out)) {
            sizeOk = false;
        }
    }
    if (sizeOk)
        level.tiles.assign(static_cast<std::size_t>(level.width) *
                               static_cast<std::size_t>(level.height),
                           Tile::Empty);

    bool legendOk = true;
    if (at[KLegend] >= 0)
        readLegend(node(at[KLegend]), level.legend, legendOk);

    const std::size_t errorsBeforeTiles = mRep.count();
    if (at[KTiles] < 0) {
        mRep.error(root, "missing 'tiles' (the map rows, written as 'tiles: |')");
    } else if (legendOk) {
        readTiles(node(at[KTiles]), level, sizeOk);
    }
    mapOk = sizeOk && legendOk && at[KTiles] >= 0 && mRep.count() == errorsBeforeTiles;

    if (at[KSpawns] >= 0) {
        const YNode& key = node(keyNode[KSpawns]);
        spawnsLine = key.line;
        spawnsColumn = key.column;
        mTileSize = level.tileSize;
        readSpawns(node(at[KSpawns]), level);
    } else {
        spawnsLine = root.line;
        spawnsColumn = root.column;
    }
    if (at[KPhysics] >= 0)
        readPhysics(node(at[KPhysics]), level.physics);
    if (at[KProperties] >= 0)
        readProperties(node(at[KProperties]), "the level", level.properties);
    return true;
}

/// Cross-field checks. `sites` gives positions for loaded files (empty for models).
void crossChecks(const Level& level, const std::vector<SpawnSite>& sites, bool mapOk, bool spawnsOk,
                 int spawnsLine, int spawnsColumn, Reporter& rep) {
    const auto site = [&](std::size_t i) { return i < sites.size() ? sites[i] : SpawnSite{}; };
    const auto where = [&](std::size_t i) {
        const SpawnSite s = site(i);
        return s.line > 0 ? " on line " + std::to_string(s.line)
                          : " (spawn #" + std::to_string(i + 1) + ")";
    };
    const Spawn* firstPlayer = nullptr;
    std::size_t firstPlayerIndex = 0;
    std::map<int, std::size_t> ids;
    for (std::size_t i = 0; i < level.spawns.size() && !rep.full(); ++i) {
        const Spawn& s = level.spawns[i];
        const SpawnSite st = site(i);
        if (s.kind == SpawnKind::Player) {
            if (firstPlayer) {
                rep.error(st.kindLine, st.kindColumn,
                          "a second player (spawn id " + std::to_string(s.id) +
                              "): a level has exactly one player, and spawn id " +
                              std::to_string(firstPlayer->id) + where(firstPlayerIndex) +
                              " is one");
            } else {
                firstPlayer = &s;
                firstPlayerIndex = i;
            }
        }
        auto [it, inserted] = ids.emplace(s.id, i);
        if (!inserted)
            rep.error(st.idLine, st.idColumn,
                      "duplicate spawn id " + std::to_string(s.id) + " (also used by the spawn" +
                          where(it->second) + ")");
        if (mapOk) {
            bool inside = true;
            if (s.x < 0 || s.x >= level.width) {
                rep.error(st.xLine, st.xColumn,
                          "spawn " + std::to_string(s.id) + " is outside the map: x is " +
                              std::to_string(s.x) + ", expected 0 to " +
                              std::to_string(level.width - 1));
                inside = false;
            }
            if (s.y < 0 || s.y >= level.height) {
                rep.error(st.yLine, st.yColumn,
                          "spawn " + std::to_string(s.id) + " is outside the map: y is " +
                              std::to_string(s.y) + ", expected 0 to " +
                              std::to_string(level.height - 1));
                inside = false;
            }
            if (inside && level.tile(s.x, s.y) == Tile::Solid)
                rep.error(st.line, st.column,
                          "spawn " + std::to_string(s.id) + " (" + spawnKindName(s.kind) +
                              ") is inside a solid tile at x " + std::to_string(s.x) + ", y " +
                              std::to_string(s.y));
        }
    }
    if (!firstPlayer && spawnsOk)
        rep.error(spawnsLine, spawnsColumn,
                  "the level has no player: add one spawn like {id: 1, kind: player, x: 2, y: 5}");
}

std::string rangeMessage(const std::string& what, double v, FloatRange r) {
    return what + " must be " + rangeText(r) + ", got " + formatDouble(v);
}

} // namespace

namespace {

LoadResult loadText(const std::string& text, const std::string& fileName, const Limits& limits,
                    bool draft) {
    LoadResult result;
    std::string normalized;
    YTree tree;
    if (!detail::parseYamlTree(text, fileName, limits, normalized, tree, result.errors))
        return result;
    Reporter rep(result.errors, fileName, limits.maxErrors);
    Level level;
    level.name = "Untitled";
    Loader loader(tree, normalized, limits, rep);
    const bool loaded = loader.load(level) && !rep.full();
    // Report in file order, as compilers do.
    const auto byPosition = [](const Diagnostic& a, const Diagnostic& b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    };
    if (loaded && draft && result.errors.empty()) {
        Reporter problems(result.problems, fileName, limits.maxErrors);
        crossChecks(level, loader.sites, loader.mapOk, loader.spawnsOk, loader.spawnsLine,
                    loader.spawnsColumn, problems);
        std::stable_sort(result.problems.begin(), result.problems.end(), byPosition);
        problems.finish();
    } else if (loaded) {
        crossChecks(level, loader.sites, loader.mapOk, loader.spawnsOk, loader.spawnsLine,
                    loader.spawnsColumn, rep);
    }
    std::stable_sort(result.errors.begin(), result.errors.end(), byPosition);
    rep.finish();
    if (result.errors.empty()) {
        result.level = std::move(level);
        result.tilesOrigin = loader.tilesOrigin;
        result.spawnPositions.reserve(loader.sites.size());
        for (const SpawnSite& s : loader.sites)
            result.spawnPositions.push_back(SourcePos{s.line, s.column});
    }
    return result;
}

} // namespace

LoadResult loadLevelFromString(const std::string& text, const std::string& fileName,
                               const Limits& limits) {
    return loadText(text, fileName, limits, false);
}

LoadResult loadLevelDraftFromString(const std::string& text, const std::string& fileName,
                                    const Limits& limits) {
    return loadText(text, fileName, limits, true);
}

LoadResult loadLevelFile(const std::string& path, const Limits& limits) {
    LoadResult result;
    const auto fail = [&](const std::string& message) {
        Diagnostic d;
        d.file = path;
        d.message = message;
        result.errors.push_back(d);
        return result;
    };
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return fail(std::string("cannot open the file: ") + std::strerror(errno));
    // Read at most maxFileBytes + 1 bytes, so a huge or endless file (a pipe,
    // /dev/zero) is refused without reading it all.
    std::string text;
    char buf[1 << 16];
    bool tooLarge = false;
    for (;;) {
        const std::size_t n = std::fread(buf, 1, sizeof buf, f);
        if (n > 0) {
            if (text.size() + n > limits.maxFileBytes) {
                tooLarge = true;
                break;
            }
            text.append(buf, n);
        }
        if (n < sizeof buf)
            break;
    }
    const bool readError = std::ferror(f) != 0;
    const int savedErrno = errno;
    std::fclose(f);
    if (tooLarge)
        return fail("the file is too large (more than " + std::to_string(limits.maxFileBytes) +
                    " bytes)");
    if (readError)
        return fail(std::string("cannot read the file: ") + std::strerror(savedErrno));
    return loadLevelFromString(text, path, limits);
}

std::vector<Diagnostic> validateLevel(const Level& level, const std::string& fileName) {
    std::vector<Diagnostic> errors;
    Reporter rep(errors, fileName, Limits{}.maxErrors);
    const Limits limits;
    bool mapOk = true;
    if (level.width < 1 || level.width > limits.maxWidth) {
        rep.error(0, 0,
                  "'width' must be between 1 and " + std::to_string(limits.maxWidth) + ", got " +
                      std::to_string(level.width));
        mapOk = false;
    }
    if (level.height < 1 || level.height > limits.maxHeight) {
        rep.error(0, 0,
                  "'height' must be between 1 and " + std::to_string(limits.maxHeight) + ", got " +
                      std::to_string(level.height));
        mapOk = false;
    }
    if (mapOk && level.tiles.size() != static_cast<std::size_t>(level.width) *
                                           static_cast<std::size_t>(level.height)) {
        rep.error(
            0, 0,
            "the level has " + std::to_string(level.tiles.size()) +
                " tiles; expected width x height = " + std::to_string(level.width * level.height));
        mapOk = false;
    }
    if (level.tileSize < kMinTileSize || level.tileSize > kMaxTileSize)
        rep.error(0, 0,
                  "'tile_size' must be between " + std::to_string(kMinTileSize) + " and " +
                      std::to_string(kMaxTileSize) + ", got " + std::to_string(level.tileSize));
    if (level.name.size() > kMaxNameBytes)
        rep.error(0, 0, "'name' is too long");
    const Legend& lg = level.legend;
    for (char c : {lg.empty, lg.solid, lg.oneWay}) {
        if (c <= ' ' || c >= 0x7F)
            rep.error(0, 0, "a legend character must be printable ASCII other than a space");
    }
    if (lg.empty == lg.solid || lg.empty == lg.oneWay || lg.solid == lg.oneWay)
        rep.error(0, 0, "the legend must use three different characters");
    if (static_cast<int>(level.spawns.size()) > limits.maxSpawns)
        rep.error(0, 0,
                  "too many spawns (" + std::to_string(level.spawns.size()) + "; the limit is " +
                      std::to_string(limits.maxSpawns) + ")");

    const auto checkProps = [&](const Properties& props, const std::string& where) {
        for (const auto& [k, v] : props) {
            if (k.empty())
                rep.error(0, 0, "a property name of " + where + " is empty");
            if (const double* d = std::get_if<double>(&v); d && !std::isfinite(*d))
                rep.error(0, 0,
                          "property '" + clip(k) + "' of " + where + " must be a finite number");
        }
    };
    for (const Spawn& s : level.spawns) {
        const std::string who = "spawn " + std::to_string(s.id);
        if (s.id < 1)
            rep.error(0, 0, who + ": 'id' must be at least 1");
        const auto check = [&](const char* key, float v, FloatRange r) {
            if (!inRange(v, r))
                rep.error(0, 0, rangeMessage(who + ": '" + key + "'", v, r));
        };
        if (s.kind == SpawnKind::Ball) {
            check("radius", s.radius, kRadiusRange);
        } else {
            check("width", s.width, kSpawnSizeRange);
            check("height", s.height, kSpawnSizeRange);
        }
        if (isBodyKind(s.kind)) {
            check("mass", s.mass, kMassRange);
            check("restitution", s.restitution, kRestitutionRange);
            check("vx", s.vx, kVelocityRange);
            check("vy", s.vy, kVelocityRange);
        }
        checkProps(s.properties, who);
    }
    for (const std::string& message : physicsSettingsErrors(level.physics))
        rep.error(0, 0, message);
    checkProps(level.properties, "the level");
    crossChecks(level, {}, mapOk, true, 0, 0, rep);
    rep.finish();
    return errors;
}

std::vector<std::string> physicsSettingsErrors(const PhysicsSettings& p) {
    std::vector<std::string> out;
    const auto checkP = [&](const char* key, float v, FloatRange r) {
        if (!inRange(v, r))
            out.push_back(rangeMessage(std::string("physics '") + key + "'", v, r));
    };
    checkP("gravity", p.gravity, kAccelRange);
    checkP("walk_speed", p.walkSpeed, kSpeedRange);
    checkP("jump_speed", p.jumpSpeed, kSpeedRange);
    checkP("max_fall_speed", p.maxFallSpeed, kMaxFallRange);
    checkP("one_way_threshold", p.oneWayThreshold, kOneWayRange);
    checkP("dt", p.dt, kDtRange);
    if (!limits::kPartitionCell.contains(p.partitionCell))
        out.push_back("physics 'partition_cell' must be between " +
                      std::to_string(kMinPartitionCell) + " and " +
                      std::to_string(kMaxPartitionCell) + ", got " +
                      std::to_string(p.partitionCell));
    return out;
}

std::string saveLevelToString(const Level& level) {
    std::string out;
    const std::size_t w = static_cast<std::size_t>(std::max(0, level.width));
    const std::size_t h = static_cast<std::size_t>(std::max(0, level.height));
    out.reserve((w + 3) * h + level.spawns.size() * 120 + 512);
    out += "tilesmith: " + std::to_string(kFormatVersion) + "\n";
    out += "name: " + yamlString(level.name) + "\n";
    out += "tile_size: " + std::to_string(level.tileSize) + "\n";
    out += "width: " + std::to_string(level.width) + "\n";
    out += "height: " + std::to_string(level.height) + "\n";
    const Legend& lg = level.legend;
    if (!(lg == Legend{})) {
        const auto key = [](char c) { return quoted(std::string_view(&c, 1)); };
        out += "legend: {" + key(lg.empty) + ": empty, " + key(lg.solid) + ": solid, " +
               key(lg.oneWay) + ": one_way}\n";
    }
    if (w == 0 || h == 0) {
        out += "tiles: \"\"\n";
    } else {
        out += "tiles: |\n";
        for (std::size_t y = 0; y < h; ++y) {
            out += "  ";
            for (std::size_t x = 0; x < w; ++x) {
                const std::size_t i = y * w + x;
                const Tile t = i < level.tiles.size() ? level.tiles[i] : Tile::Empty;
                out += t == Tile::Solid ? lg.solid : t == Tile::OneWay ? lg.oneWay : lg.empty;
            }
            out += '\n';
        }
    }
    if (level.spawns.empty()) {
        out += "spawns: []\n";
    } else {
        out += "spawns:\n";
        for (const Spawn& s : level.spawns) {
            out += "  - {id: " + std::to_string(s.id) + ", kind: " + spawnKindName(s.kind) +
                   ", x: " + std::to_string(s.x) + ", y: " + std::to_string(s.y);
            if (s.kind == SpawnKind::Ball) {
                out += ", radius: " + formatFloat(s.radius);
            } else {
                out += ", width: " + formatFloat(s.width);
                out += ", height: " + formatFloat(s.height);
            }
            if (isBodyKind(s.kind)) {
                out += ", mass: " + formatFloat(s.mass);
                out += ", restitution: " + formatFloat(s.restitution);
                out += ", vx: " + formatFloat(s.vx);
                out += ", vy: " + formatFloat(s.vy);
            }
            if (!s.properties.empty()) {
                out += ", properties: {";
                bool first = true;
                for (const auto& [k, v] : s.properties) {
                    if (!first)
                        out += ", ";
                    first = false;
                    out += yamlString(k) + ": " + propertyValueText(v);
                }
                out += "}";
            }
            out += "}\n";
        }
    }
    const PhysicsSettings& p = level.physics;
    out += "physics: {gravity: " + formatFloat(p.gravity) +
           ", walk_speed: " + formatFloat(p.walkSpeed) +
           ", jump_speed: " + formatFloat(p.jumpSpeed) +
           ", max_fall_speed: " + formatFloat(p.maxFallSpeed) +
           ", one_way_threshold: " + formatFloat(p.oneWayThreshold) +
           ", partition_cell: " + std::to_string(p.partitionCell) + ", dt: " + formatFloat(p.dt) +
           "}\n";
    if (!level.properties.empty()) {
        out += "properties:\n";
        for (const auto& [k, v] : level.properties)
            out += "  " + yamlString(k) + ": " + propertyValueText(v) + "\n";
    }
    return out;
}

bool saveLevelFile(const Level& level, const std::string& path, std::string* error) {
    const auto fail = [&](const std::string& what, int err) {
        if (error)
            *error = what + ": " + std::strerror(err);
        return false;
    };
    const std::string text = saveLevelToString(level);
    std::string tmp = path + ".tmp-XXXXXX";
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0)
        return fail("cannot create a temporary file beside " + path, errno);
    const auto abandon = [&](const std::string& what) {
        const int err = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        return fail(what, err);
    };
    // Keep the permissions of the file being replaced; new files get rw-r--r--.
    struct stat st {};
    const mode_t mode = ::stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644;
    if (::fchmod(fd, mode) != 0)
        return abandon("cannot set the permissions of " + tmp);
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return abandon("cannot write " + tmp);
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0)
        return abandon("cannot flush " + tmp);
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        return fail("cannot close " + tmp, err);
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        return fail("cannot replace " + path, err);
    }
    // Make the rename itself durable (best effort: not every file system allows it).
    const std::size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    if (error)
        error->clear();
    return true;
}

} // namespace ts::level
