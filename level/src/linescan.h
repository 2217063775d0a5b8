// Private to tilesmith_level: the line and word scanning that the input-script
// parser (inputscript.cpp) and the replay reader (replayread.cpp, whose inputs
// section is an input script) share, so both number lines, find words, report
// columns and quote tokens in their messages the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ts::level::linescan {

inline bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

/// A blank-separated word and its 0-based byte column in the line.
struct Word {
    std::string_view text;
    std::size_t column = 0;
};

/// The next word at or after `pos`; `pos` ends just after it. False, with `pos` at the end of the
/// line and `out` empty there, when only blanks are left.
inline bool nextWord(std::string_view line, std::size_t& pos, Word& out) {
    if (pos > line.size())
        pos = line.size();
    while (pos < line.size() && isBlank(line[pos]))
        ++pos;
    const std::size_t start = pos;
    while (pos < line.size() && !isBlank(line[pos]))
        ++pos;
    out.text = line.substr(start, pos - start);
    out.column = start;
    return !out.text.empty();
}

/// Every word of `line` from byte `from` on.
inline std::vector<Word> splitWords(std::string_view line, std::size_t from = 0) {
    std::vector<Word> words;
    Word w;
    while (nextWord(line, from, w))
        words.push_back(w);
    return words;
}

/// A token quoted for a message: printable ASCII kept, the rest escaped as \xNN,
/// tokens longer than 32 bytes cut, so a binary file never floods the terminal.
inline std::string quoted(std::string_view token) {
    std::string out = "'";
    std::size_t n = 0;
    for (char ch : token) {
        if (++n > 32) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7f) {
            out += ch;
        } else {
            static const char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    out += "'";
    return out;
}

/// The lines of a text, numbered from 1: split at LF, with one CR before the LF
/// (CRLF files) dropped. A final LF ends the last line; it does not start another.
/// A UTF-8 byte order mark at the start (some Windows editors write one) is
/// skipped, as the level loader does, so line 1's columns count from after it.
class Lines {
public:
    explicit Lines(std::string_view text)
        : mText(text), mStart(text.starts_with("\xEF\xBB\xBF") ? 3 : 0) {}

    /// The next line; false after the last one.
    bool next(std::string_view& line) {
        if (mStart >= mText.size())
            return false;
        std::size_t nl = mText.find('\n', mStart);
        if (nl == std::string_view::npos)
            nl = mText.size();
        line = mText.substr(mStart, nl - mStart);
        mStart = nl + 1;
        ++mNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        return true;
    }
    /// The 1-based number of the line next() gave last.
    int number() const { return mNumber; }

private:
    std::string_view mText;
    std::size_t mStart = 0;
    int mNumber = 0;
};

} // namespace ts::level::linescan
