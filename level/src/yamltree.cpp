// Hostile-input checks on raw text and the event-based YAML tree builder.
#include "yamltree.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <cstdio>
#include <sstream>
#include <tuple>

namespace ts::level::detail {
namespace {

std::string hexByte(unsigned char c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned>(c));
    return buf;
}

Diagnostic diag(const std::string& file, int line, int column, std::string message) {
    Diagnostic d;
    d.file = file;
    d.line = line;
    d.column = column;
    d.message = std::move(message);
    return d;
}

/// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is invalid.
std::size_t utf8SequenceLength(const std::string& s, std::size_t i) {
    const auto byte = [&](std::size_t k) -> unsigned {
        return k < s.size() ? static_cast<unsigned char>(s[k]) : 0x100u;
    };
    const unsigned c = byte(i);
    const auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
        const unsigned b = byte(k);
        return b >= lo && b <= hi;
    };
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        return cont(i + 1) ? 2 : 0;
    if (c == 0xE0)
        return cont(i + 1, 0xA0, 0xBF) && cont(i + 2) ? 3 : 0;
    if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF)
        return cont(i + 1) && cont(i + 2) ? 3 : 0;
    if (c == 0xED)
        return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0;
    if (c == 0xF0)
        return cont(i + 1, 0x90, 0xBF) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (c >= 0xF1 && c <= 0xF3)
        return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    if (c == 0xF4)
        return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    return 0;
}

/// NUL bytes, control characters and invalid UTF-8, reported at the first bad byte.
bool checkBytes(const std::string& s, const std::string& file, std::vector<Diagnostic>& errors) {
    int line = 1;
    int column = 1;
    for (std::size_t i = 0; i < s.size();) {
        // Printable ASCII, the bulk of a level file (a painted layer's rows): nothing to check.
        const std::size_t run = i;
        while (i < s.size() && static_cast<unsigned char>(s[i]) - 0x20u < 0x5Fu)
            ++i;
        column += static_cast<int>(i - run);
        if (i == s.size())
            break;
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '\n') {
            ++line;
            column = 1;
            ++i;
            continue;
        }
        if (c == 0) {
            errors.push_back(diag(file, line, column,
                                  "NUL byte in the file: a level file is UTF-8 text (is this a "
                                  "binary file?)"));
            return false;
        }
        if ((c < 0x20 && c != '\t') || c == 0x7F) {
            errors.push_back(
                diag(file, line, column,
                     "control character " + hexByte(c) + " is not allowed in a level file"));
            return false;
        }
        const std::size_t n = utf8SequenceLength(s, i);
        if (n == 0) {
            errors.push_back(
                diag(file, line, column,
                     "invalid UTF-8 (byte " + hexByte(c) + "): a level file must be UTF-8 text"));
            return false;
        }
        i += n;
        column += static_cast<int>(n);
    }
    return true;
}

/// Where a line starts, for scanFlow()'s visitors.
struct LineStart {
    int lineNo = 0;
    std::string_view text;
    std::size_t indent = 0; ///< spaces before the first character
    bool blank = false;
    bool inQuote = false; ///< the line continues a quoted scalar
    int flow = 0;         ///< flow collections open at its start
};

/// The one copy of the rules that tell a flow bracket from a bracket in a
/// quoted scalar, a comment, a plain scalar or a block scalar body. Walks the
/// text line by line without recursion and calls the visitor's
///   bool line(const LineStart&)       at each line outside a block scalar body,
///   bool open(char, line, column, depth)  at each '[' / '{' that opens a flow collection,
///   bool close(char, line, column)    at each ']' / '}' that closes one,
/// (1-based lines and byte columns); a callback that returns false stops the walk.
/// Returns false when stopped; `endsInQuote` tells whether the text ends inside
/// a quoted scalar.
template <class Visitor> bool scanFlow(const std::string& s, Visitor& visitor, bool& endsInQuote) {
    int flow = 0;
    char quote = 0;       // '"' or '\'' while inside a quoted scalar
    int blockParent = -1; // indentation of the line that opened a block scalar
    int lineNo = 0;
    std::size_t pos = 0;
    endsInQuote = false;
    while (pos <= s.size()) {
        std::size_t end = s.find('\n', pos);
        if (end == std::string::npos)
            end = s.size();
        const std::string_view line(s.data() + pos, end - pos);
        ++lineNo;
        const std::size_t nextPos = end + 1;

        std::size_t i = 0;
        while (i < line.size() && line[i] == ' ')
            ++i;
        const bool blank = i == line.size();
        const int indent = static_cast<int>(i);
        if (blockParent >= 0) {
            if (blank || indent > blockParent) {
                pos = nextPos;
                continue;
            }
            blockParent = -1;
        }
        if (!visitor.line(LineStart{lineNo, line, i, blank, quote != 0, flow}))
            return false;

        char prev = ' '; // last significant character before i on this line
        for (; i < line.size(); ++i) {
            const char c = line[i];
            if (quote == '"') {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    quote = 0;
                continue;
            }
            if (quote == '\'') {
                if (c == '\'') {
                    if (i + 1 < line.size() && line[i + 1] == '\'')
                        ++i;
                    else
                        quote = 0;
                }
                continue;
            }
            const bool boundary = prev == ' ' || prev == '\t' || prev == '[' || prev == '{' ||
                                  prev == ',' || (flow > 0 && prev == ':');
            if (c == '#' && (prev == ' ' || prev == '\t'))
                break;
            if ((c == '"' || c == '\'') && boundary) {
                quote = c;
            } else if ((c == '[' || c == '{') && (flow > 0 || boundary)) {
                ++flow;
                if (!visitor.open(c, lineNo, static_cast<int>(i) + 1, flow))
                    return false;
            } else if ((c == ']' || c == '}') && flow > 0) {
                --flow;
                if (!visitor.close(c, lineNo, static_cast<int>(i) + 1))
                    return false;
            } else if ((c == '|' || c == '>') && flow == 0 && boundary) {
                blockParent = indent;
                break;
            }
            prev = (c == ' ' || c == '\t') ? ' ' : c;
        }
        pos = nextPos;
    }
    endsInQuote = quote != 0;
    return true;
}

/// Estimates the nesting depth of YAML collections line by line without
/// recursion, so that a file nested 10 000 levels deep is refused before the
/// recursive parser sees it. Flow brackets count as scanFlow() finds them;
/// block nesting counts strictly increasing indentation (and "- " entries that
/// open a nested collection on the same line). The estimate never undercounts
/// the real depth.
bool checkDepth(const std::string& s, const std::string& file, int maxDepth,
                std::vector<Diagnostic>& errors) {
    struct DepthVisitor {
        const std::string& file;
        int maxDepth;
        std::vector<Diagnostic>& errors;
        std::vector<int> indents; // block indentation levels open

        bool tooDeep(int depth, int line, int column) {
            if (depth <= maxDepth)
                return false;
            errors.push_back(
                diag(file, line, column,
                     "nesting is too deep (more than " + std::to_string(maxDepth) + " levels)"));
            return true;
        }
        bool line(const LineStart& l) {
            std::size_t i = l.indent;
            if (!l.inQuote && l.flow == 0 && !l.blank && l.text[i] != '#') {
                while (!indents.empty() && indents.back() >= static_cast<int>(i))
                    indents.pop_back();
                indents.push_back(static_cast<int>(i));
                // "- - x" and "- key: v" open collections on one line.
                while (i + 1 < l.text.size() && (l.text[i] == '-' || l.text[i] == '?') &&
                       l.text[i + 1] == ' ') {
                    i += 2;
                    while (i < l.text.size() && l.text[i] == ' ')
                        ++i;
                    indents.push_back(static_cast<int>(i));
                }
            }
            return !tooDeep(static_cast<int>(indents.size()) + l.flow, l.lineNo,
                            static_cast<int>(l.indent) + 1);
        }
        bool open(char, int line, int column, int flow) {
            return !tooDeep(static_cast<int>(indents.size()) + flow, line, column);
        }
        bool close(char, int, int) { return true; }
    };
    DepthVisitor visitor{file, maxDepth, errors, {}};
    bool endsInQuote = false;
    return scanFlow(s, visitor, endsInQuote);
}

/// The innermost '[' or '{' that the text opens and never closes (line 0 when
/// every bracket is closed, a closing bracket does not match, or the text ends
/// inside a quoted scalar: the parser's own message says more then).
struct OpenBracket {
    char c = 0;
    int line = 0;
    int column = 0;
};
OpenBracket findUnclosedBracket(const std::string& s) {
    struct BracketVisitor {
        std::vector<OpenBracket> open_;
        bool line(const LineStart&) { return true; }
        bool open(char c, int line, int column, int) {
            open_.push_back(OpenBracket{c, line, column});
            return true;
        }
        bool close(char c, int, int) { // a mismatch stops the walk
            const bool matches = (c == ']') == (open_.back().c == '[');
            open_.pop_back();
            return matches;
        }
    };
    BracketVisitor visitor;
    bool endsInQuote = false;
    if (!scanFlow(s, visitor, endsInQuote) || endsInQuote || visitor.open_.empty())
        return {};
    return visitor.open_.back();
}

struct ParseStop {
    YAML::Mark mark;
    std::string message;
};

class TreeBuilder : public YAML::EventHandler {
public:
    TreeBuilder(YTree& tree, const std::string& text, const Limits& limits)
        : mTree(tree), mText(text), mLimits(limits) {}

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++mDocuments > 1)
            throw ParseStop{mark, "a level file holds one YAML document; found a second one"};
    }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        checkAnchor(mark, anchor);
        add(YNode::Kind::Null, mark);
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        throw ParseStop{mark, "aliases ('*name') are not allowed in level files"};
    }
    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& value) override {
        checkAnchor(mark, anchor);
        checkTag(mark, tag);
        YNode& n = add(YNode::Kind::Scalar, mark);
        n.plain = tag == "?";
        const auto p = static_cast<std::size_t>(mark.pos);
        n.literal = !n.plain && p < mText.size() && mText[p] == '|';
        if (value.size() > 0xFFFFFFFFu || mTree.pool.size() > 0xFFFFFFFFu - value.size())
            throw ParseStop{mark, "the file's text is too large"};
        n.valueOffset = static_cast<std::uint32_t>(mTree.pool.size());
        n.valueSize = static_cast<std::uint32_t>(value.size());
        mTree.pool += value;
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value style) override {
        open(YNode::Kind::Sequence, mark, tag, anchor, style);
    }
    void OnSequenceEnd() override { mOpen.pop_back(); }
    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value style) override {
        open(YNode::Kind::Map, mark, tag, anchor, style);
    }
    void OnMapEnd() override { mOpen.pop_back(); }
    void OnAnchor(const YAML::Mark& mark, const std::string&) override {
        throw ParseStop{mark, "anchors ('&name') are not allowed in level files"};
    }

private:
    void checkAnchor(const YAML::Mark& mark, YAML::anchor_t anchor) {
        if (anchor != YAML::NullAnchor)
            throw ParseStop{mark, "anchors ('&name') are not allowed in level files"};
    }
    void checkTag(const YAML::Mark& mark, const std::string& tag) {
        if (tag != "?" && tag != "!" && !tag.empty())
            throw ParseStop{mark, "tags ('" + tag + "') are not allowed in level files"};
    }
    void open(YNode::Kind kind, const YAML::Mark& mark, const std::string& tag,
              YAML::anchor_t anchor, YAML::EmitterStyle::value style) {
        checkAnchor(mark, anchor);
        checkTag(mark, tag);
        YNode& n = add(kind, mark);
        n.flow = style == YAML::EmitterStyle::Flow;
        if (static_cast<int>(mOpen.size()) >= mLimits.maxDepth)
            throw ParseStop{mark, "nesting is too deep (more than " +
                                      std::to_string(mLimits.maxDepth) + " levels)"};
        mOpen.push_back(static_cast<int>(mTree.nodes.size()) - 1);
    }
    YNode& add(YNode::Kind kind, const YAML::Mark& mark) {
        if (mTree.nodes.size() >= mLimits.maxNodes)
            throw ParseStop{mark, "the file has too many YAML values (more than " +
                                      std::to_string(mLimits.maxNodes) + ")"};
        const int index = static_cast<int>(mTree.nodes.size());
        YNode n;
        n.kind = kind;
        n.line = mark.line + 1;
        n.column = mark.column + 1;
        mTree.nodes.push_back(n);
        if (mOpen.empty()) {
            mTree.root = index;
        } else {
            YNode& parent = mTree.nodes[static_cast<std::size_t>(mOpen.back())];
            if (parent.last >= 0)
                mTree.nodes[static_cast<std::size_t>(parent.last)].next = index;
            else
                parent.first = index;
            parent.last = index;
            ++parent.count;
        }
        return mTree.nodes.back();
    }

    YTree& mTree;
    const std::string& mText;
    const Limits& mLimits;
    std::vector<int> mOpen;
    int mDocuments = 0;
};

} // namespace

bool parseWithYamlCpp(const std::string& normalized, const std::string& fileName,
                      const Limits& limits, YTree& tree, std::vector<Diagnostic>& errors) {
    tree = YTree{};
    try {
        std::istringstream in(normalized);
        YAML::Parser parser(in);
        TreeBuilder builder(tree, normalized, limits);
        while (parser.HandleNextDocument(builder)) {
        }
    } catch (const ParseStop& stop) {
        errors.push_back(diag(fileName, stop.mark.line + 1, stop.mark.column + 1, stop.message));
        return false;
    } catch (const YAML::Exception& e) {
        const bool known = !e.mark.is_null();
        const int line = known ? e.mark.line + 1 : 0;
        const int column = known ? e.mark.column + 1 : 0;
        // yaml-cpp notices an unclosed bracket only where it gives up, often at
        // the end of the file; the bracket itself is what the designer must find.
        const OpenBracket b = findUnclosedBracket(normalized);
        if (b.line > 0 && (!known || std::tie(b.line, b.column) < std::tie(line, column))) {
            Diagnostic d =
                diag(fileName, b.line, b.column, std::string("'") + b.c + "' is never closed");
            d.noteLine = line;
            d.noteColumn = column;
            d.note = "the YAML parser gave up here: " + e.msg;
            errors.push_back(std::move(d));
            return false;
        }
        errors.push_back(diag(fileName, line, column, "invalid YAML: " + e.msg));
        return false;
    } catch (const std::exception& e) {
        errors.push_back(diag(fileName, 0, 0, std::string("cannot parse the file: ") + e.what()));
        return false;
    }
    return true;
}

bool parseYamlTree(const std::string& text, const std::string& fileName, const Limits& limits,
                   std::string& normalized, YTree& tree, std::vector<Diagnostic>& errors) {
    if (text.size() > limits.maxFileBytes) {
        errors.push_back(diag(fileName, 0, 0,
                              "the file is too large (" + std::to_string(text.size()) +
                                  " bytes; the limit is " + std::to_string(limits.maxFileBytes) +
                                  ")"));
        return false;
    }
    // Line endings: CRLF and lone CR become LF, so rows and marks count lines
    // the way editors do. A UTF-8 byte order mark is dropped.
    std::size_t start = 0;
    if (text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0)
        start = 3;
    normalized.clear();
    normalized.reserve(text.size() - start);
    for (std::size_t i = start; i < text.size();) { // whole runs between CRs at a time
        const std::size_t cr = text.find('\r', i);
        if (cr == std::string::npos) {
            normalized.append(text, i, std::string::npos);
            break;
        }
        normalized.append(text, i, cr - i).push_back('\n');
        i = cr + 1;
        if (i < text.size() && text[i] == '\n')
            ++i;
    }
    if (!checkBytes(normalized, fileName, errors))
        return false;
    if (!checkDepth(normalized, fileName, limits.maxDepth, errors))
        return false;

    if (parseFastSubset(normalized, limits, tree))
        return true;
    return parseWithYamlCpp(normalized, fileName, limits, tree, errors);
}

} // namespace ts::level::detail
