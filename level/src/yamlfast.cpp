// The fast path: a parser for the plain YAML subset the saver writes, giving the
// same tree as yaml-cpp's events (see parseFastSubset() in yamltree.h).
#include "yamltree.h"

namespace ts::level::detail {
namespace {

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
                block(root, 2);
                continue;
            }
            if (mS[i] != ' ')
                throw Bail{};
            ++i;
            if (mS[i] == '|' && i + 1 == mEnd) {
                literalBlock(i, root, 0);
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

    /// End of a plain scalar starting at i (stops at ':' for keys, at ',' '}' ']'
    /// in flow context, at the line end otherwise); bails on characters that
    /// would make yaml-cpp read something else.
    std::size_t plainEnd(std::size_t i, bool key, bool flow = false) const {
        std::size_t k = i;
        while (k < mEnd) {
            const unsigned char c = static_cast<unsigned char>(mS[k]);
            if (c == ':' && key)
                break;
            if (flow && (c == ',' || c == '}' || c == ']'))
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
        if (v[0] == '-' && (v.size() == 1 || v[1] == ' '))
            throw Bail{}; // a block sequence's entry, not a scalar
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
        if (c == '[')
            return flowSequence(i, parent);
        if (c == '"')
            return quoted(i, parent);
        const std::size_t end = plainEnd(i, false, flow);
        scalar(i, end, parent, false);
        return end;
    }

    /// "[a, \"b\", c]" of plain and double-quoted scalars, or "[]".
    std::size_t flowSequence(std::size_t i, int parent) {
        if (++mFlowDepth > 2)
            throw Bail{};
        const int seq = add(YNode::Kind::Sequence, mLine, column(i), parent);
        mTree.nodes[static_cast<std::size_t>(seq)].flow = true;
        ++i;
        if (i < mEnd && mS[i] == ']') {
            --mFlowDepth;
            return i + 1;
        }
        for (;;) {
            if (i >= mEnd)
                throw Bail{};
            if (mS[i] == '"') {
                i = quoted(i, seq);
            } else {
                if (mS[i] == ' ' || mS[i] == '[' || mS[i] == '{')
                    throw Bail{};
                const std::size_t end = plainEnd(i, false, true);
                scalar(i, end, seq, false);
                i = end;
            }
            if (i < mEnd && mS[i] == ',') {
                if (i + 1 >= mEnd || mS[i + 1] != ' ')
                    throw Bail{};
                i += 2;
                continue;
            }
            if (i < mEnd && mS[i] == ']') {
                --mFlowDepth;
                return i + 1;
            }
            throw Bail{};
        }
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

    /// "key: |" then rows at one indentation, up to the next line indented no more than
    /// the key (`keyIndent` spaces).
    void literalBlock(std::size_t bar, int parent, std::size_t keyIndent) {
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
            if (k == mEnd)
                throw Bail{}; // blank or all-space line inside the block
            if (lead <= keyIndent)
                break; // the next key
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

    /// The spaces before the current line's first character; bails on a blank line.
    std::size_t leadingSpaces() const {
        std::size_t k = mPos;
        while (k < mEnd && mS[k] == ' ')
            ++k;
        if (k == mEnd)
            throw Bail{};
        return k - mPos;
    }

    /// The lines after "key:", at `indent` spaces: a block sequence of "- {...}" or
    /// "- key: value" items, or a block mapping.
    void block(int parent, std::size_t indent) {
        if (mPos >= mS.size() || ++mBlockDepth > 8)
            throw Bail{};
        loadLine();
        if (leadingSpaces() != indent)
            throw Bail{}; // a null value, or an indentation the saver does not write
        const std::size_t i = mPos + indent;
        if (mS[i] == '-')
            blockSequence(parent, indent);
        else
            blockMap(parent, indent, i);
        --mBlockDepth;
    }

    void blockSequence(int parent, std::size_t indent) {
        const int seq = add(YNode::Kind::Sequence, mLine, static_cast<int>(indent) + 1, parent);
        for (;;) {
            std::size_t i = mPos + indent;
            if (i + 2 >= mEnd || mS[i] != '-' || mS[i + 1] != ' ')
                throw Bail{};
            i += 2;
            if (mS[i] == '{') {
                if (flowMap(i, seq) != mEnd)
                    throw Bail{};
                nextLine();
            } else if (mS[i] == '"' || isKeyStart(mS[i])) {
                blockMap(seq, indent + 2, i); // "- key: value", more keys below it
            } else {
                throw Bail{};
            }
            if (mPos >= mS.size())
                return;
            loadLine();
            const std::size_t lead = leadingSpaces();
            if (lead < indent)
                return; // the parent's next key
            if (lead != indent)
                throw Bail{};
        }
    }

    /// A block mapping whose keys stand `indent` spaces in, its first at i on this line.
    void blockMap(int parent, std::size_t indent, std::size_t i) {
        const int map = add(YNode::Kind::Map, mLine, column(i), parent);
        for (;;) {
            entry(map, indent, i);
            if (mPos >= mS.size())
                return;
            loadLine();
            const std::size_t lead = leadingSpaces();
            if (lead < indent)
                return; // the parent's next key or item
            if (lead != indent)
                throw Bail{};
            i = mPos + indent;
            if (mS[i] == '-')
                throw Bail{}; // a sequence where a key belongs
        }
    }

    /// "key: value", "key: |" and its rows, or "key:" and a block below it.
    void entry(int map, std::size_t indent, std::size_t i) {
        if (mS[i] == '"') {
            i = quoted(i, map);
        } else {
            if (!isKeyStart(mS[i]))
                throw Bail{};
            const std::size_t end = plainEnd(i, true);
            scalar(i, end, map, true);
            i = end;
        }
        if (i >= mEnd || mS[i] != ':')
            throw Bail{};
        ++i;
        if (i == mEnd) {
            nextLine();
            block(map, indent + 2);
            return;
        }
        if (mS[i] != ' ')
            throw Bail{};
        ++i;
        if (i + 1 == mEnd && mS[i] == '|') {
            literalBlock(i, map, indent);
            return;
        }
        if (inlineValue(i, map, false) != mEnd)
            throw Bail{};
        nextLine();
    }

    const std::string& mS;
    const Limits& mLimits;
    YTree& mTree;
    std::size_t mPos = 0;
    std::size_t mEnd = 0;
    int mLine = 1;
    int mFlowDepth = 0;
    int mBlockDepth = 0;
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

} // namespace ts::level::detail
