// Level files, format v1: a painted art layer's rows (`tiles: |` of an art layer), read
// token by token with the row and column of every error. See docs/format/level-format.md
// ("Painted layers").
#include "levelloader.h"

#include <cstdint>
#include <string_view>

namespace ts::level::detail {

namespace {

enum class Token { Ok, Bad, OutOfRange };

/// A painted layer's token: '.', or a decimal tile number (no sign, no leading zero)
/// followed by the flips h, v, d in that order. `number` is the number as written (a
/// '-' before it included, which reads as out of range rather than as a bad token).
Token readToken(std::string_view t, int count, ArtTile& out, std::string_view& number) {
    if (t == ".") {
        out = {};
        return Token::Ok;
    }
    std::size_t i = 0;
    const bool negative = !t.empty() && t[0] == '-';
    if (negative)
        i = 1;
    const std::size_t digits = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9')
        ++i;
    const std::size_t n = i - digits;
    if (n == 0 || (n > 1 && t[digits] == '0'))
        return Token::Bad;
    number = t.substr(0, i);
    std::uint8_t flips = 0;
    for (const auto& [letter, bit] :
         {std::pair{'h', kFlipHorizontal}, std::pair{'v', kFlipVertical},
          std::pair{'d', kFlipDiagonal}}) {
        if (i < t.size() && t[i] == letter) {
            flips |= bit;
            ++i;
        }
    }
    if (i != t.size())
        return Token::Bad;
    if (negative || n > 9)
        return Token::OutOfRange;
    std::int32_t index = 0;
    for (std::size_t k = digits; k < digits + n; ++k)
        index = index * 10 + (t[k] - '0');
    if (count > 0 && index >= count)
        return Token::OutOfRange;
    out = {index, flips};
    return Token::Ok;
}

/// A row of exactly `width` valid tokens into `out`, in one pass; false at the first thing
/// it does not take (a bad token, spacing, an index out of range, another width: the
/// careful reader then reads the row again and says what is wrong).
bool readRowFast(std::string_view row, std::size_t width, int count, ArtTile* out) {
    const char* p = row.data();
    const char* const end = p + row.size();
    for (std::size_t i = 0; i < width; ++i) {
        if (i > 0) {
            if (p == end || *p != ' ')
                return false;
            ++p;
        }
        if (p == end)
            return false;
        if (*p == '.') {
            out[i] = {};
            ++p;
            continue;
        }
        if (*p < '0' || *p > '9' || (*p == '0' && p + 1 < end && p[1] >= '0' && p[1] <= '9'))
            return false;
        std::int32_t index = 0;
        for (int digits = 0; p < end && *p >= '0' && *p <= '9'; ++p) {
            if (++digits > 9)
                return false;
            index = index * 10 + (*p - '0');
        }
        std::uint8_t flips = 0;
        if (p < end && *p == 'h') {
            flips |= kFlipHorizontal;
            ++p;
        }
        if (p < end && *p == 'v') {
            flips |= kFlipVertical;
            ++p;
        }
        if (p < end && *p == 'd') {
            flips |= kFlipDiagonal;
            ++p;
        }
        if (count > 0 && index >= count)
            return false;
        out[i] = {index, flips};
    }
    return p == end;
}

} // namespace

void Loader::readPainted(const YNode& n, const Level& level, bool sizeOk, const Tileset* tileset,
                         ArtLayer& layer) {
    if (n.kind != YNode::Kind::Scalar) {
        mRep.error(n, "expected the art rows as a literal block ('tiles: |'), got " + describe(n));
        return;
    }
    const std::string_view text = value(n);
    const int blockIndent = n.literal ? literalIndent(n) : 0;
    // Row r, column c of a literal block stands at line n.line + 1 + r, column indent + 1 + c.
    const auto at = [&](std::size_t row, std::size_t column, std::string msg) {
        if (n.literal)
            mRep.error(n.line + 1 + static_cast<int>(row),
                       blockIndent + 1 + static_cast<int>(column), std::move(msg));
        else
            mRep.error(n, std::move(msg));
    };
    const std::size_t width = sizeOk ? static_cast<std::size_t>(level.width) : 0;
    if (sizeOk)
        layer.cells.assign(width * static_cast<std::size_t>(level.height), ArtTile{});
    const int count = tileset ? tileset->count : 0;
    std::size_t r = 0;
    for (std::size_t pos = 0; pos < text.size() && !mRep.full(); ++r) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view row = text.substr(pos, end - pos);
        pos = end + 1;
        if (sizeOk && static_cast<int>(r) >= level.height) {
            at(r, 0,
               "too many art rows: expected " + std::to_string(level.height) +
                   " ('height'), this is row " + std::to_string(r + 1));
            return;
        }
        ArtTile* cells = sizeOk ? layer.cells.data() + r * width : nullptr;
        if (cells && readRowFast(row, width, count, cells))
            continue;
        std::size_t tokens = 0;
        std::size_t extraAt = row.size(); // where the token past the width starts
        for (std::size_t t = 0; t < row.size() && !mRep.full();) {
            std::size_t stop = row.find(' ', t);
            if (stop == std::string_view::npos)
                stop = row.size();
            if (stop == t) {
                at(r, t, rules::artSpacingMessage()); // a space at the start, or two
                t = stop + 1;
                continue;
            }
            const std::string_view token = row.substr(t, stop - t);
            ArtTile cell;
            std::string_view number;
            switch (readToken(token, count, cell, number)) {
            case Token::Ok:
                if (cells && tokens < width)
                    cells[tokens] = cell;
                break;
            case Token::Bad:
                at(r, t, rules::artTokenMessage(rules::shownValue(token)));
                break;
            case Token::OutOfRange:
                if (tileset)
                    at(r, t, rules::tileIndexMessage(number, tileset->name, tileset->count));
                break;
            }
            if (tokens == width)
                extraAt = t;
            ++tokens;
            if (stop + 1 == row.size()) // a space at the end
                at(r, stop, rules::artSpacingMessage());
            t = stop + 1;
        }
        if (sizeOk && tokens != width)
            at(r, tokens > width ? extraAt : row.size(),
               rules::artRowLengthMessage(r + 1, tokens, level.width));
    }
    if (sizeOk && static_cast<int>(r) < level.height) {
        if (n.literal)
            at(r, 0, rules::artRowCountMessage(r, level.height));
        else
            mRep.error(n, rules::artRowCountMessage(r, level.height) +
                              " (write the rows as a literal block: 'tiles: |')");
    }
}

} // namespace ts::level::detail
