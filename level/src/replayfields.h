// Private to tilesmith_level: the replay reader's field parsers (whole numbers,
// hashes, numbers and settings words), each reporting a bad field as
// FILE:LINE:COLUMN with the reader's error limit. replayread.cpp reads the lines
// and sections with them.
#pragma once

#include "tilesmith/level/limits.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/level/rulemessages.h"

#include "leveltext.h"
#include "linescan.h"
#include "replaykeys.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ts::level::replaytext {

using linescan::splitWords;
using linescan::Word;

inline std::string shown(std::string_view token) {
    return linescan::quoted(token);
}

class Reader {
public:
    Reader(const std::string& file, const ReplayLimits& limits, std::vector<Diagnostic>& errors)
        : mFile(file), mLimits(limits), mErrors(errors) {}

    bool full() const { return int(mErrors.size()) >= mLimits.maxErrors; }
    void error(int line, std::size_t column0, std::string message) {
        if (full())
            return;
        mErrors.push_back({mFile, line, line > 0 ? int(column0) + 1 : 0, std::move(message)});
    }

    /// A whole number in [lo, hi] (hi at most INT64_MAX), written as a level file writes one
    /// (readIntText(): "+5" is 5); `why` (if any) explains the range in the error. The
    /// level's words: "expected an integer for WHAT, got 'x'", and a negative one is out of
    /// the range (rules::intRangeForMessage(): "WHAT must be between 1 and 3600, got -3",
    /// "... got 4096 (WHY)"), as is one past 64 bits.
    bool u64(int line, const Word& w, const char* what, std::uint64_t& out, std::uint64_t lo,
             std::uint64_t hi, std::string_view why = {}) {
        std::int64_t v = 0;
        const IntText kind = readIntText(w.text, v);
        if (kind == IntText::NotAnInteger) {
            error(line, w.column, rules::notAnIntegerForMessage(what, rules::shownValue(w.text)));
            return false;
        }
        if (kind == IntText::OutOfRange || v < 0 || std::uint64_t(v) < lo ||
            std::uint64_t(v) > hi) {
            error(line, w.column,
                  rules::intRangeForMessage(what, static_cast<long long>(lo),
                                            static_cast<long long>(hi),
                                            rules::shownUnquoted(w.text), why));
            return false;
        }
        out = std::uint64_t(v);
        return true;
    }

    bool integer(int line, const Word& w, const char* what, int lo, int hi, int& out,
                 std::string_view why = {}) {
        std::uint64_t v = 0;
        if (!u64(line, w, what, v, std::uint64_t(std::max(lo, 0)), std::uint64_t(hi), why))
            return false;
        out = int(v);
        return true;
    }

    bool hash(int line, const Word& w, const char* what, std::uint64_t& out) {
        const bool hex =
            w.text.size() == 16 && std::all_of(w.text.begin(), w.text.end(), [](char c) {
                return std::isxdigit(static_cast<unsigned char>(c)) != 0;
            });
        if (!hex) {
            error(line, w.column,
                  std::string("expected ") + what + " (16 hexadecimal digits), got " +
                      shown(w.text));
            return false;
        }
        std::from_chars(w.text.data(), w.text.data() + 16, out, 16);
        return true;
    }

    /// A step count or step number in [lo, limits.maxSteps]; one past the limit reads as
    /// `simulate --steps` says it ("'steps' 1000000000 is too large (the limit is ...)").
    bool steps(int line, const Word& w, const char* what, std::uint64_t& out, std::uint64_t lo) {
        const std::string_view t = w.text;
        std::int64_t v = 0;
        const IntText kind = readIntText(t, v);
        const bool tooMany =
            (kind == IntText::OutOfRange && !t.starts_with('-')) ||
            (kind == IntText::Integer && v > 0 && std::uint64_t(v) > mLimits.maxSteps);
        if (tooMany) {
            error(line, w.column,
                  rules::tooManyStepsMessage(std::string(what) + " " + detail::clip(t),
                                             mLimits.maxSteps));
            return false;
        }
        return u64(line, w, what, out, lo, mLimits.maxSteps);
    }

    /// A float; `anyValue` also accepts inf and nan (recorded positions may be anything),
    /// and a number no float holds as NaN: a range rule then refuses it, showing its text.
    /// `field` is described, not a key ("the player's scale", "a body's x"): the level's
    /// sentence for a value that is no number, the field described instead of named.
    bool number(int line, const Word& w, std::string_view field, float& out,
                bool anyValue = false) {
        if (readFloat(w.text, out, anyValue))
            return true;
        error(line, w.column,
              "expected a number for " + std::string(field) + ", got " + rules::shownValue(w.text));
        return false;
    }

    /// `text` as a float (see number()): a number as a level file writes it
    /// (level::readFloatText(), so "+1.5" is 1.5); with `anyValue` also inf and nan as
    /// the replay writer writes them.
    static bool readFloat(std::string_view text, float& out, bool anyValue) {
        switch (readFloatText(text, out)) {
        case FloatText::Number:
            return true;
        case FloatText::OutOfRange:
            if (!anyValue)
                return false;
            out = std::numeric_limits<float>::quiet_NaN();
            return true;
        case FloatText::NotANumber:
            break;
        }
        if (!anyValue || text.empty())
            return false;
        const char* b = text.data();
        const char* e = b + text.size();
        const auto r = std::from_chars(b, e, out);
        return r.ec == std::errc() && r.ptr == e && !std::isfinite(out);
    }

    /// `key=value ...` words of settings; `count` keys, all required, each once.
    bool settings(int line, const std::vector<Word>& words, std::size_t first, std::size_t count,
                  std::size_t lineEnd, WorldSettings& out) {
        bool seen[10] = {};
        bool ok = true;
        std::map<std::string, std::string> written;   // the level's keys, as written
        std::map<std::string, std::size_t> keyColumn; // where each key=value word starts
        for (std::size_t i = first; i < words.size(); ++i) {
            const Word& w = words[i];
            const std::size_t eq = w.text.find('=');
            const std::string_view key = w.text.substr(0, eq);
            const auto* it = std::find(kSettingsKeys, kSettingsKeys + count, key);
            if (eq == std::string_view::npos || it == kSettingsKeys + count) {
                error(line, w.column,
                      "expected KEY=VALUE with a settings key (gravity, walk_speed, ...), got " +
                          shown(w.text));
                return false;
            }
            const std::size_t k = std::size_t(it - kSettingsKeys);
            if (seen[k]) {
                error(line, w.column, "settings key '" + std::string(key) + "' is given twice");
                return false;
            }
            seen[k] = true;
            const Word value{w.text.substr(eq + 1), w.column + eq + 1};
            if (k < kPhysicsKeyCount) { // the level's physics: its rules say what is wrong
                written[std::string(key)] = std::string(value.text);
                keyColumn[std::string(key)] = value.column;
            }
            if (k == 5) {
                // A whole number (of any size; the range is the level's rule below).
                std::int64_t v = 0;
                const std::string_view t = value.text;
                const IntText kind = readIntText(t, v);
                if (kind == IntText::NotAnInteger) {
                    error(line, value.column,
                          rules::notAnIntegerMessage(key, rules::shownValue(t)));
                    ok = false;
                } else {
                    const std::int64_t big = limits::kPartitionCell.hi + 1LL;
                    out.partitionCellTiles =
                        kind == IntText::OutOfRange ? int(big) : int(std::clamp(v, -big, big));
                }
            } else if (k == 9) {
                ok = integer(line, value, "'solver_iterations'", 1, 64, out.solverIterations) && ok;
            } else {
                float* f[] = {&out.gravity,      &out.walkSpeed,         &out.jumpSpeed,
                              &out.maxFallSpeed, &out.oneWayThreshold,   nullptr,
                              &out.dt,           &out.correctionPercent, &out.correctionSlop};
                if (!readFloat(value.text, *f[k], k < kPhysicsKeyCount)) {
                    error(line, value.column,
                          rules::notANumberMessage(key, rules::shownValue(value.text)));
                    ok = false;
                }
            }
        }
        for (std::size_t k = 0; k < count && ok; ++k) {
            if (!seen[k]) {
                error(line, lineEnd,
                      std::string("missing settings key '") + kSettingsKeys[k] + "'");
                ok = false;
            }
        }
        if (!ok)
            return false;
        // The level's rule, in its words: "physics 'gravity' must be ..., got nan".
        for (const auto& [key, m] : physicsSettingsErrors(physicsSettings(out), written)) {
            error(line, keyColumn[key], m);
            ok = false;
        }
        if (count > kPhysicsKeyCount &&
            (!(out.correctionPercent >= 0 && out.correctionPercent <= 1) ||
             !(out.correctionSlop >= 0 && out.correctionSlop <= 1))) {
            error(line, words[first].column,
                  "correction_percent and correction_slop must be between 0 and 1");
            ok = false;
        }
        return ok;
    }

    std::string mFile;
    const ReplayLimits& mLimits;
    std::vector<Diagnostic>& mErrors;
};

} // namespace ts::level::replaytext
