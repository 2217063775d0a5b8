// Hostile-input checks on raw text and the event-based YAML tree builder.
#include "yamltree.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <cstdio>
#include <sstream>

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

/// Estimates the nesting depth of YAML collections line by line without
/// recursion, so that a file nested 10 000 levels deep is refused before the
/// recursive parser sees it. Flow brackets count outside quotes and comments;
/// block nesting counts strictly increasing indentation (and "- " entries that
/// open a nested collection on the same line). Literal/folded block scalar
/// bodies are skipped. The estimate never undercounts the real depth.
bool checkDepth(const std::string& s, const std::string& file, int maxDepth,
                std::vector<Diagnostic>& errors) {
    std::vector<int> indents; // block indentation levels open
    int flow = 0;
    char quote = 0;       // '"' or '\'' while inside a quoted scalar
    int blockParent = -1; // indentation of the line that opened a block scalar
    int lineNo = 0;
    std::size_t pos = 0;
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
        if (quote == 0 && flow == 0 && !blank && line[i] != '#') {
            while (!indents.empty() && indents.back() >= indent)
                indents.pop_back();
            indents.push_back(indent);
            // "- - x" and "- key: v" open collections on one line.
            std::size_t k = i;
            while (k + 1 < line.size() && (line[k] == '-' || line[k] == '?') &&
                   line[k + 1] == ' ') {
                k += 2;
                while (k < line.size() && line[k] == ' ')
                    ++k;
                indents.push_back(static_cast<int>(k));
            }
        }
        if (static_cast<int>(indents.size()) + flow > maxDepth) {
            errors.push_back(
                diag(file, lineNo, indent + 1,
                     "nesting is too deep (more than " + std::to_string(maxDepth) + " levels)"));
            return false;
        }

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
                if (static_cast<int>(indents.size()) + flow > maxDepth) {
                    errors.push_back(diag(file, lineNo, static_cast<int>(i) + 1,
                                          "nesting is too deep (more than " +
                                              std::to_string(maxDepth) + " levels)"));
                    return false;
                }
            } else if ((c == ']' || c == '}') && flow > 0) {
                --flow;
            } else if ((c == '|' || c == '>') && flow == 0 && boundary) {
                blockParent = indent;
                break;
            }
            prev = (c == ' ' || c == '\t') ? ' ' : c;
            if (c == ' ' || c == '\t')
                continue;
        }
        pos = nextPos;
    }
    return true;
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

/// See parseFastSubset(). Every construct it accepts maps to exactly one tree
/// shape with yaml-cpp's marks: block mappings at their first key, block
/// sequences at their first '-', flow collections at the bracket, scalars at
/// their first character (quoted ones at the quote), literal blocks at '|'.
class FastParser {
public:
    FastParser(const std::string& s, const Limits& limits, YTree& tree)
        : mS(s), mLimits(limits), mTree(tree) {}

    struct Bail {};

    void parse() {
        if (mS.empty())
            throw Bail{};
        const int root = add(YNode::Kind::Map, 1, 1, -1);
        while (mPos < mS.size()) {
            loadLine();
            if (mEnd == mPos || !isKeyStart(mS[mPos]))
                throw Bail{};
            std::size_t i = mPos;
            const std::size_t keyEnd = plainEnd(i, true);
            if (keyEnd == i || keyEnd >= mEnd || mS[keyEnd] != ':')
                throw Bail{};
            scalar(i, keyEnd, root, true);
            i = keyEnd + 1;
            if (i == mEnd) {
                nextLine();
                nestedBlock(root);
                continue;
            }
            if (mS[i] != ' ')
                throw Bail{};
            ++i;
            if (mS[i] == '|' && i + 1 == mEnd) {
                literalBlock(i, root);
                continue;
            }
            i = inlineValue(i, root, false);
            if (i != mEnd)
                throw Bail{};
            nextLine();
        }
    }

private:
    static bool isKeyStart(char ch) {
        const unsigned char c = static_cast<unsigned char>(ch);
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }
    static bool isPlainChar(unsigned char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == ' ' || c == '_' || c == '.' || c == '-' || c == '+' || c == '/' || c == '(' ||
               c == ')' || c >= 0x80;
    }

    void loadLine() {
        mEnd = mS.find('\n', mPos);
        if (mEnd == std::string::npos)
            throw Bail{}; // no final newline: leave it to yaml-cpp
    }
    void nextLine() {
        mPos = mEnd + 1;
        ++mLine;
    }
    int column(std::size_t i) const { return static_cast<int>(i - mPos) + 1; }

    int add(YNode::Kind kind, int line, int column, int parent) {
        if (mTree.nodes.size() >= mLimits.maxNodes)
            throw Bail{};
        const int index = static_cast<int>(mTree.nodes.size());
        YNode n;
        n.kind = kind;
        n.line = line;
        n.column = column;
        mTree.nodes.push_back(n);
        if (parent < 0) {
            mTree.root = index;
        } else {
            YNode& p = mTree.nodes[static_cast<std::size_t>(parent)];
            if (p.last >= 0)
                mTree.nodes[static_cast<std::size_t>(p.last)].next = index;
            else
                p.first = index;
            p.last = index;
            ++p.count;
        }
        return index;
    }
    void setValue(int node, std::string_view v) {
        YNode& n = mTree.nodes[static_cast<std::size_t>(node)];
        n.valueOffset = static_cast<std::uint32_t>(mTree.pool.size());
        n.valueSize = static_cast<std::uint32_t>(v.size());
        mTree.pool.append(v);
    }

    /// End of a plain scalar starting at i (stops at ':' for keys, at ',' '}'
    /// in flow context, at the line end otherwise); bails on characters that
    /// would make yaml-cpp read something else.
    std::size_t plainEnd(std::size_t i, bool key, bool flow = false) const {
        std::size_t k = i;
        while (k < mEnd) {
            const unsigned char c = static_cast<unsigned char>(mS[k]);
            if (c == ':' && key)
                break;
            if (flow && (c == ',' || c == '}'))
                break;
            if (!isPlainChar(c))
                throw Bail{};
            ++k;
        }
        return k;
    }

    /// A plain scalar [i, end) with trailing spaces trimmed.
    void scalar(std::size_t i, std::size_t end, int parent, bool key) {
        while (end > i && mS[end - 1] == ' ')
            --end;
        if (end == i)
            throw Bail{};
        const std::string_view v(mS.data() + i, end - i);
        if (v.size() >= 2 && v[0] == '-' && v[1] == ' ')
            throw Bail{};
        (void)key;
        const int n = add(YNode::Kind::Scalar, mLine, column(i), parent);
        mTree.nodes[static_cast<std::size_t>(n)].plain = true;
        setValue(n, v);
    }

    /// A double-quoted scalar at i; returns the index after the closing quote.
    std::size_t quoted(std::size_t i, int parent) {
        std::string v;
        std::size_t k = i + 1;
        for (;; ++k) {
            if (k >= mEnd)
                throw Bail{};
            const char c = mS[k];
            if (c == '"')
                break;
            if (c == '\t')
                throw Bail{};
            if (c != '\\') {
                v += c;
                continue;
            }
            if (++k >= mEnd)
                throw Bail{};
            switch (mS[k]) {
            case '\\':
                v += '\\';
                break;
            case '"':
                v += '"';
                break;
            case '/':
                v += '/';
                break;
            case 'n':
                v += '\n';
                break;
            case 't':
                v += '\t';
                break;
            case 'r':
                v += '\r';
                break;
            case 'x': {
                if (k + 2 >= mEnd)
                    throw Bail{};
                unsigned value = 0;
                for (int d = 1; d <= 2; ++d) {
                    const char h = mS[k + static_cast<std::size_t>(d)];
                    value *= 16;
                    if (h >= '0' && h <= '9')
                        value += static_cast<unsigned>(h - '0');
                    else if (h >= 'a' && h <= 'f')
                        value += static_cast<unsigned>(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F')
                        value += static_cast<unsigned>(h - 'A' + 10);
                    else
                        throw Bail{};
                }
                if (value >= 0x80)
                    throw Bail{};
                v += static_cast<char>(value);
                k += 2;
                break;
            }
            default:
                throw Bail{};
            }
        }
        const int n = add(YNode::Kind::Scalar, mLine, column(i), parent);
        setValue(n, v);
        return k + 1;
    }

    /// A value on the current line at i: flow map, [], quoted or plain scalar.
    std::size_t inlineValue(std::size_t i, int parent, bool flow) {
        while (i < mEnd && mS[i] == ' ')
            ++i;
        if (i >= mEnd)
            throw Bail{};
        const char c = mS[i];
        if (c == '{')
            return flowMap(i, parent);
        if (c == '[') {
            if (i + 1 < mEnd && mS[i + 1] == ']') {
                const int n = add(YNode::Kind::Sequence, mLine, column(i), parent);
                mTree.nodes[static_cast<std::size_t>(n)].flow = true;
                return i + 2;
            }
            throw Bail{};
        }
        if (c == '"')
            return quoted(i, parent);
        const std::size_t end = plainEnd(i, false, flow);
        scalar(i, end, parent, false);
        return end;
    }

    std::size_t flowMap(std::size_t i, int parent) {
        if (++mFlowDepth > 2)
            throw Bail{};
        const int map = add(YNode::Kind::Map, mLine, column(i), parent);
        mTree.nodes[static_cast<std::size_t>(map)].flow = true;
        ++i;
        if (i < mEnd && mS[i] == '}') {
            --mFlowDepth;
            return i + 1;
        }
        for (;;) {
            if (i >= mEnd)
                throw Bail{};
            if (mS[i] == '"') {
                i = quoted(i, map);
            } else {
                if (!isKeyStart(mS[i]))
                    throw Bail{};
                const std::size_t end = plainEnd(i, true, true);
                scalar(i, end, map, true);
                i = end;
            }
            if (i + 1 >= mEnd || mS[i] != ':' || mS[i + 1] != ' ')
                throw Bail{};
            i += 2;
            i = inlineValue(i, map, true);
            if (i < mEnd && mS[i] == ',') {
                if (i + 1 >= mEnd || mS[i + 1] != ' ')
                    throw Bail{};
                i += 2;
                continue;
            }
            if (i < mEnd && mS[i] == '}') {
                --mFlowDepth;
                return i + 1;
            }
            throw Bail{};
        }
    }

    /// "key: |" then rows at one indentation, up to the next top-level line.
    void literalBlock(std::size_t bar, int parent) {
        const int n = add(YNode::Kind::Scalar, mLine, column(bar), parent);
        mTree.nodes[static_cast<std::size_t>(n)].literal = true;
        nextLine();
        std::size_t indent = 0;
        std::string value;
        bool first = true;
        while (mPos < mS.size()) {
            loadLine();
            std::size_t k = mPos;
            while (k < mEnd && mS[k] == ' ')
                ++k;
            const std::size_t lead = k - mPos;
            if (lead == 0 && k < mEnd)
                break; // the next top-level key
            if (k == mEnd)
                throw Bail{}; // blank or all-space line inside the block
            if (first) {
                indent = lead;
                first = false;
            } else if (lead != indent) {
                throw Bail{};
            }
            value.append(mS, k, mEnd - k);
            value += '\n';
            nextLine();
        }
        if (first)
            throw Bail{};
        setValue(n, value);
    }

    /// The lines after "key:": "  - {...}" items or "  key: value" pairs.
    void nestedBlock(int parent) {
        if (mPos >= mS.size())
            throw Bail{};
        loadLine();
        if (mEnd - mPos < 4 || mS[mPos] != ' ' || mS[mPos + 1] != ' ' || mS[mPos + 2] == ' ')
            throw Bail{};
        const bool sequence = mS[mPos + 2] == '-';
        const int node = add(sequence ? YNode::Kind::Sequence : YNode::Kind::Map, mLine, 3, parent);
        while (mPos < mS.size()) {
            loadLine();
            if (mEnd == mPos)
                throw Bail{};
            if (mS[mPos] != ' ')
                return; // the next top-level key
            if (mEnd - mPos < 4 || mS[mPos + 1] != ' ' || mS[mPos + 2] == ' ')
                throw Bail{};
            std::size_t i = mPos + 2;
            if (sequence) {
                if (mS[i] != '-' || mS[i + 1] != ' ' || mS[i + 2] != '{')
                    throw Bail{};
                i = flowMap(i + 2, node);
            } else {
                if (mS[i] == '"') {
                    i = quoted(i, node);
                } else {
                    if (!isKeyStart(mS[i]))
                        throw Bail{};
                    const std::size_t end = plainEnd(i, true);
                    scalar(i, end, node, true);
                    i = end;
                }
                if (i + 1 >= mEnd || mS[i] != ':' || mS[i + 1] != ' ')
                    throw Bail{};
                i = inlineValue(i + 2, node, false);
            }
            if (i != mEnd)
                throw Bail{};
            nextLine();
        }
    }

    const std::string& mS;
    const Limits& mLimits;
    YTree& mTree;
    std::size_t mPos = 0;
    std::size_t mEnd = 0;
    int mLine = 1;
    int mFlowDepth = 0;
};

} // namespace

bool parseFastSubset(const std::string& normalized, const Limits& limits, YTree& tree) {
    tree = YTree{};
    if (normalized.size() > 0xFFFFFFFFu)
        return false;
    try {
        FastParser(normalized, limits, tree).parse();
        return true;
    } catch (const FastParser::Bail&) {
        tree = YTree{};
        return false;
    }
}

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
        errors.push_back(diag(fileName, known ? e.mark.line + 1 : 0, known ? e.mark.column + 1 : 0,
                              "invalid YAML: " + e.msg));
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
    for (std::size_t i = start; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r') {
            normalized += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
        } else {
            normalized += c;
        }
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
