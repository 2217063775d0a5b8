// Scripted player inputs: parsing "FROM TO KEYS" lines (levelrun.cpp runs them).
#include "tilesmith/level/inputscript.h"

#include "tilesmith/level/limits.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/rulemessages.h"

#include "leveltext.h"
#include "linescan.h"

namespace ts::level {

namespace {

// Scripts are small text files; anything bigger is a mistake (or hostile).
constexpr std::size_t kMaxScriptBytes = 16u * 1024u * 1024u;
constexpr std::size_t kMaxErrors = 50;

const char* const kKeyList = "left, right, jump, down";

using linescan::isBlank;
using linescan::quoted;
using Token = linescan::Word;

class Parser {
public:
    Parser(const std::string& fileName, std::vector<Diagnostic>& errors)
        : mFile(fileName), mErrors(errors) {}

    bool full() const { return mErrors.size() >= kMaxErrors; }

    void error(int line, std::size_t column0, std::string message) {
        if (full())
            return;
        Diagnostic d;
        d.file = mFile;
        d.line = line;
        d.column = static_cast<int>(column0) + 1;
        d.message = std::move(message);
        mErrors.push_back(std::move(d));
    }

    /// Parses one step number, a whole number as a level file writes one (readIntText():
    /// "+5" is 5) from 1 on; false (with an error) when it is not one.
    bool parseStep(int line, const Token& t, const char* what, std::uint64_t& out) {
        std::int64_t v = 0;
        const IntText kind = readIntText(t.text, v);
        if (kind == IntText::NotAnInteger || t.text.starts_with('-')) {
            error(line, t.column,
                  std::string("expected a step number (") + what + "), got " + quoted(t.text));
            return false;
        }
        if (kind == IntText::OutOfRange || std::uint64_t(v) > limits::kMaxSteps) {
            error(line, t.column, rules::tooManyStepsMessage("step number " + quoted(t.text)));
            return false;
        }
        if (v == 0) {
            error(line, t.column,
                  std::string("step numbers start at 1 (step 1 is the first step run), got ") +
                      what + " 0");
            return false;
        }
        out = std::uint64_t(v);
        return true;
    }

    /// Parses the KEYS part (the rest of the line, comment removed).
    bool parseKeys(int line, std::string_view rest, std::size_t restColumn, Input& keys) {
        // Split on commas; blanks around each key are allowed ("left, jump").
        bool ok = true;
        bool sawNone = false;
        int count = 0;
        std::size_t pos = 0;
        while (true) {
            std::size_t comma = rest.find(',', pos);
            std::string_view item = rest.substr(
                pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
            std::size_t lead = 0;
            while (lead < item.size() && isBlank(item[lead]))
                ++lead;
            std::size_t end = item.size();
            while (end > lead && isBlank(item[end - 1]))
                --end;
            std::string_view key = item.substr(lead, end - lead);
            const std::size_t col = restColumn + pos + lead;
            if (key.empty()) {
                error(line, col,
                      comma == std::string_view::npos
                          ? std::string("expected a key (") + kKeyList + ") after ','"
                          : std::string("expected a key (") + kKeyList + ") before ','");
                return false;
            }
            if (key.find_first_of(" \t") != std::string_view::npos) {
                const std::size_t gap = key.find_first_of(" \t");
                error(line, col + gap,
                      std::string("expected ',' between keys, got ") +
                          quoted(key.substr(key.find_first_not_of(" \t", gap))));
                return false;
            }
            ++count;
            if (key == "left") {
                keys.left = true;
            } else if (key == "right") {
                keys.right = true;
            } else if (key == "jump") {
                keys.jump = true;
            } else if (key == "down") {
                keys.down = true;
            } else if (key == "none") {
                sawNone = true;
            } else {
                error(line, col,
                      "unknown key " + quoted(key) + " (expected " + kKeyList + " or none)");
                ok = false;
            }
            if (sawNone && count > 1) {
                error(line, col, "'none' cannot be combined with other keys");
                return false;
            }
            if (comma == std::string_view::npos)
                break;
            pos = comma + 1;
        }
        return ok;
    }

    /// One line, without its line end (linescan::Lines drops CRLF's CR).
    void parseLine(int line, std::string_view text, InputScript& out) {
        if (const std::size_t hash = text.find('#'); hash != std::string_view::npos)
            text = text.substr(0, hash);
        if (text.find('\0') != std::string_view::npos) {
            error(line, text.find('\0'), "NUL byte in an input script (is this a text file?)");
            return;
        }

        // FROM and TO are blank-separated words; the rest of the line is KEYS.
        std::size_t pos = 0;
        auto nextWord = [&](Token& t) { return linescan::nextWord(text, pos, t); };

        Token from;
        if (!nextWord(from))
            return; // blank or comment-only line
        Token to;
        std::uint64_t fromStep = 0;
        std::uint64_t toStep = 0;
        if (!parseStep(line, from, "FROM", fromStep))
            return;
        if (!nextWord(to)) {
            error(line, pos, "expected the TO step number after FROM, got the end of the line");
            return;
        }
        if (!parseStep(line, to, "TO", toStep))
            return;
        if (fromStep > toStep) {
            error(line, to.column,
                  "FROM " + std::to_string(fromStep) + " is after TO " + std::to_string(toStep));
            return;
        }
        while (pos < text.size() && isBlank(text[pos]))
            ++pos;
        if (pos == text.size()) {
            error(line, pos,
                  std::string("expected keys (") + kKeyList + ", or none) after TO, got the " +
                      "end of the line");
            return;
        }
        InputRange r;
        r.from = fromStep;
        r.to = toStep;
        if (!parseKeys(line, text.substr(pos), pos, r.keys))
            return;
        out.ranges.push_back(r);
    }

private:
    std::string mFile;
    std::vector<Diagnostic>& mErrors;
};

} // namespace

Input InputScript::at(std::uint64_t step) const {
    Input in;
    for (const InputRange& r : ranges) {
        if (step < r.from || step > r.to)
            continue;
        in.left = in.left || r.keys.left;
        in.right = in.right || r.keys.right;
        in.jump = in.jump || r.keys.jump;
        in.down = in.down || r.keys.down;
    }
    return in;
}

bool parseInputScript(const std::string& text, const std::string& fileName, InputScript& out,
                      std::vector<Diagnostic>& errors) {
    const std::size_t errorsBefore = errors.size();
    out.ranges.clear();
    Parser parser(fileName, errors);
    linescan::Lines lines(text);
    std::string_view line;
    while (!parser.full() && lines.next(line))
        parser.parseLine(lines.number(), line, out);
    if (errors.size() != errorsBefore) {
        out.ranges.clear();
        return false;
    }
    return true;
}

bool loadInputScript(const std::string& path, InputScript& out, std::vector<Diagnostic>& errors) {
    auto fail = [&](std::string message) {
        Diagnostic d;
        d.file = path;
        d.message = std::move(message);
        errors.push_back(std::move(d));
        return false;
    };
    std::string text;
    if (std::string error = detail::readFileCapped(path, kMaxScriptBytes, text); !error.empty())
        return fail(std::move(error));
    return parseInputScript(text, path, out, errors);
}

} // namespace ts::level
