// Level files, format v1: the loader's readers for the art, `tilesets` and `art` (art.h),
// with positions in every error: a pattern's point at its character (a painted layer's
// rows: levelreadpainted.cpp). See docs/format/level-format.md ("Art").
#include "levelloader.h"
#include "tilesmith/level/numbertext.h"

#include <cstdint>
#include <map>
#include <string_view>

namespace ts::level::detail {

namespace {

/// Where a duplicate name was first used, for the error's note.
using FirstUse = std::map<std::string, int, std::less<>>;

bool isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/// "#rrggbb" (either case) as 0xRRGGBB, or -1.
std::int32_t colorFromText(std::string_view t) {
    if (t.size() != 7 || t[0] != '#')
        return -1;
    std::int32_t v = 0;
    for (std::size_t i = 1; i < 7; ++i) {
        if (!isHex(t[i]))
            return -1;
        const char c = t[i];
        v = v * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
}

} // namespace

int Loader::valueOf(const YNode& map, std::string_view key) const {
    for (int k = map.first; k >= 0 && node(k).next >= 0; k = node(node(k).next).next)
        if (node(k).kind == YNode::Kind::Scalar && value(node(k)) == key)
            return node(k).next;
    return -1;
}

int Loader::later(int a, int b) const {
    return std::make_pair(node(a).line, node(a).column) >
                   std::make_pair(node(b).line, node(b).column)
               ? a
               : b;
}

std::size_t Loader::lineStart(int line) {
    if (mLineStarts.empty()) {
        mLineStarts.push_back(0);
        for (std::size_t i = mText.find('\n'); i != std::string::npos; i = mText.find('\n', i + 1))
            mLineStarts.push_back(i + 1);
    }
    const std::size_t l = static_cast<std::size_t>(std::max(1, line)) - 1;
    return l < mLineStarts.size() ? mLineStarts[l] : mText.size();
}

int Loader::literalIndent(const YNode& n) {
    std::size_t i = lineStart(n.line + 1);
    const std::size_t start = i;
    while (i < mText.size() && mText[i] == ' ')
        ++i;
    return static_cast<int>(i - start);
}

int Loader::columnInScalar(const YNode& n, std::size_t offset) {
    const std::string_view v = value(n);
    if (n.literal || offset >= v.size())
        return n.column;
    // The value starts after the quote of a quoted scalar; it stands there unchanged when
    // the text holds the same bytes up to the offset.
    const std::size_t first =
        lineStart(n.line) + static_cast<std::size_t>(n.column - 1) + (n.plain ? 0 : 1);
    if (first + offset < mText.size() &&
        std::string_view(mText).substr(first, offset + 1) == v.substr(0, offset + 1))
        return n.column + (n.plain ? 0 : 1) + static_cast<int>(offset);
    return n.column;
}

// --- tilesets -------------------------------------------------------------------------

void Loader::readTileset(const YNode& n, Tileset& t, bool& ok) {
    enum Field { FName, FImage, FTileSize, FColumns, FCount, FMargin, FSpacing, FTrans, FEnd };
    static const char* const names[FEnd] = {"name",  "image",  "tile_size", "columns",
                                            "count", "margin", "spacing",   "trans"};
    int field[FEnd];
    std::fill(std::begin(field), std::end(field), -1);
    for (const auto& [k, v] : entries(n, "a tileset")) {
        const std::string_view key = value(node(k));
        int f = -1;
        for (int i = 0; i < FEnd; ++i)
            if (key == names[i])
                f = i;
        if (f < 0) {
            mRep.error(node(k), "unknown tileset key '" + clip(key) +
                                    "' (expected name, image, tile_size, columns, count, "
                                    "margin, spacing or trans)");
            ok = false;
            continue;
        }
        field[f] = v;
    }
    for (Field f : {FName, FImage, FTileSize, FColumns, FCount}) {
        if (field[f] < 0) {
            mRep.error(n, std::string("a tileset is missing '") + names[f] + "'");
            ok = false;
        }
    }
    if (field[FName] >= 0) {
        const YNode& v = node(field[FName]);
        if (v.kind != YNode::Kind::Scalar) {
            mRep.error(v, "expected a string for 'name', got " + describe(v));
            ok = false;
        } else if (value(v).empty()) {
            mRep.error(v, rules::emptyArtNameMessage("a tileset"));
            ok = false;
        } else if (value(v).size() > kMaxNameBytes) {
            mRep.error(v, rules::nameTooLongMessage(value(v).size()));
            ok = false;
        } else {
            t.name = std::string(value(v));
        }
    }
    if (field[FImage] >= 0) {
        const YNode& v = node(field[FImage]);
        if (v.kind != YNode::Kind::Scalar) {
            mRep.error(v, "expected a file name for 'image', got " + describe(v));
            ok = false;
        } else if (value(v).empty()) {
            mRep.error(v, rules::emptyImageMessage());
            ok = false;
        } else {
            t.image = std::string(value(v));
        }
    }
    const auto geometry = [&](Field f, limits::IntRange r, int& out) {
        if (field[f] >= 0)
            ok = readInt(node(field[f]), names[f], r.lo, r.hi, out) && ok;
    };
    geometry(FTileSize, limits::kTilesetTileSize, t.tileSize);
    geometry(FColumns, limits::kTilesetColumns, t.columns);
    geometry(FCount, limits::kTilesetCount, t.count);
    geometry(FMargin, limits::kTilesetMargin, t.margin);
    geometry(FSpacing, limits::kTilesetSpacing, t.spacing);
    if (field[FTrans] >= 0) {
        const YNode& v = node(field[FTrans]);
        const std::int32_t c =
            v.kind == YNode::Kind::Scalar ? colorFromText(value(v)) : std::int32_t(-1);
        if (c < 0) {
            mRep.error(v, rules::transparentColorMessage(describe(v)));
            ok = false;
        } else {
            t.transparentColor = c;
        }
    }
}

bool Loader::boundedList(const YNode& n, const std::string& expected, const char* what, int max) {
    if (n.kind != YNode::Kind::Sequence) {
        mRep.error(n, "expected " + expected + ", got " + describe(n));
        return false;
    }
    if (n.count > max) {
        mRep.error(n, rules::tooManyMessage(what, std::size_t(n.count), std::size_t(max)));
        return false;
    }
    return true;
}

void Loader::readTilesets(const YNode& n, Level& level) {
    if (n.kind == YNode::Kind::Null)
        return;
    if (!boundedList(n, "a list of tilesets for 'tilesets'", "tilesets", limits::kMaxTilesets))
        return;
    FirstUse names;
    for (int i = n.first; i >= 0 && !mRep.full(); i = node(i).next) {
        const YNode& item = node(i);
        if (item.kind != YNode::Kind::Map) {
            mRep.error(item, "expected a tileset like {name: cave, image: cave.png, tile_size: "
                             "16, columns: 8, count: 64}, got " +
                                 describe(item));
            continue;
        }
        Tileset t;
        bool ok = true;
        readTileset(item, t, ok);
        if (t.name.empty())
            continue; // no usable name: nothing can name it
        const int nameNode = valueOf(item, "name");
        if (const auto first = names.find(t.name); first != names.end()) {
            mRep.error(node(nameNode), rules::duplicateArtNameMessage("tileset", t.name),
                       node(first->second), "the first tileset named " + rules::shownValue(t.name));
            continue;
        }
        names.emplace(t.name, nameNode);
        level.tilesets.push_back(std::move(t));
        mTilesetOk.push_back(ok);
    }
}

// --- art layers ---------------------------------------------------------------------

bool Loader::readTileIndex(const YNode& n, const char* key, const Tileset* tileset,
                           std::int32_t& out) {
    std::int64_t x = 0;
    const IntText read =
        n.kind == YNode::Kind::Scalar && n.plain ? readIntText(value(n), x) : IntText::NotAnInteger;
    if (read == IntText::NotAnInteger) {
        mRep.error(n, rules::notAnIntegerMessage(key, describe(n)));
        return false;
    }
    const long long count = tileset ? tileset->count : limits::kTilesetCount.hi;
    if (read == IntText::OutOfRange || x < 0 || x >= count) {
        mRep.error(n, tileset ? rules::tileIndexMessage(value(n), tileset->name, tileset->count)
                              : rules::intRangeMessage(key, 0, count - 1, clip(value(n))));
        return false;
    }
    out = static_cast<std::int32_t>(x);
    return true;
}

void Loader::readPattern(const YNode& n, AutoRule& rule) {
    if (n.kind != YNode::Kind::Sequence || n.count != 3) {
        mRep.error(n,
                   rules::patternShapeMessage(n.kind == YNode::Kind::Sequence
                                                  ? countText(std::uint64_t(n.count), "row", "rows")
                                                  : describe(n)));
        return;
    }
    int r = 0;
    for (int i = n.first; i >= 0; i = node(i).next, ++r) {
        const YNode& row = node(i);
        if (row.kind != YNode::Kind::Scalar) {
            mRep.error(row, rules::patternShapeMessage("a row that is " + describe(row)));
            continue;
        }
        // Characters, not bytes: "?é?" is a row of three with one unknown character.
        const std::string_view text = value(row);
        std::vector<std::pair<std::size_t, std::size_t>> chars; // offset, length
        for (std::size_t k = 0; k < text.size();) {
            std::size_t len = 1;
            while (k + len < text.size() &&
                   (static_cast<unsigned char>(text[k + len]) & 0xC0) == 0x80)
                ++len;
            chars.emplace_back(k, len);
            k += len;
        }
        if (chars.size() != 3) {
            mRep.error(row, rules::patternRowLengthMessage(r + 1, chars.size()));
            continue;
        }
        for (std::size_t c = 0; c < 3; ++c) {
            const auto [offset, len] = chars[c];
            const char ch = text[offset];
            if (len != 1 || !isAutoPatternChar(ch)) {
                mRep.error(row.line, columnInScalar(row, offset),
                           rules::patternCharMessage(rules::shownValue(text.substr(offset, len))));
                continue;
            }
            rule.pattern[std::size_t(r) * 3 + c] = ch;
        }
    }
}

void Loader::readRule(const YNode& n, const Tileset* tileset, AutoRule& rule) {
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n, "expected a rule like {pattern: [\"?.?\", \"?#?\", \"???\"], tile: 1}, got " +
                          describe(n));
        return;
    }
    int pattern = -1, tile = -1, tiles = -1, tileKey = -1, tilesKey = -1;
    for (const auto& [k, v] : entries(n, "a rule")) {
        const std::string_view key = value(node(k));
        if (key == "pattern") {
            pattern = v;
        } else if (key == "tile") {
            tile = v;
            tileKey = k;
        } else if (key == "tiles") {
            tiles = v;
            tilesKey = k;
        } else {
            mRep.error(node(k),
                       "unknown rule key '" + clip(key) + "' (expected pattern, tile or tiles)");
        }
    }
    if (pattern < 0)
        mRep.error(n, "a rule is missing 'pattern' (3 rows of 3 characters, like [\"?.?\", "
                      "\"?#?\", \"???\"])");
    else
        readPattern(node(pattern), rule);
    if (tile >= 0 && tiles >= 0) {
        mRep.error(node(later(tileKey, tilesKey)), rules::ruleTileKeysMessage(true));
        return;
    }
    if (tile < 0 && tiles < 0) {
        mRep.error(n, rules::ruleTileKeysMessage(false));
        return;
    }
    if (tile >= 0) {
        std::int32_t index = 0;
        if (readTileIndex(node(tile), "tile", tileset, index))
            rule.tiles.push_back(index);
        return;
    }
    const YNode& list = node(tiles);
    if (list.kind == YNode::Kind::Sequence && list.count == 0) {
        mRep.error(list, rules::emptyRuleTilesMessage());
        return;
    }
    if (!boundedList(list, "a list of tiles for 'tiles', like [9, 10, 11]", "tiles in a rule",
                     limits::kMaxRuleTiles))
        return;
    for (int i = list.first; i >= 0; i = node(i).next) {
        std::int32_t index = 0;
        if (readTileIndex(node(i), "tiles", tileset, index))
            rule.tiles.push_back(index);
    }
}

void Loader::readArtLayer(const YNode& n, const Level& level, bool sizeOk, ArtLayer& layer) {
    enum Field {
        FName,
        FTileset,
        FDepth,
        FOpacity,
        FVisible,
        FLocked,
        FSeed,
        FRules,
        FTiles,
        FEnd
    };
    static const char* const names[FEnd] = {"name",   "tileset", "depth", "opacity", "visible",
                                            "locked", "seed",    "rules", "tiles"};
    int field[FEnd], keyOf[FEnd];
    std::fill(std::begin(field), std::end(field), -1);
    std::fill(std::begin(keyOf), std::end(keyOf), -1);
    for (const auto& [k, v] : entries(n, "an art layer")) {
        const std::string_view key = value(node(k));
        int f = -1;
        for (int i = 0; i < FEnd; ++i)
            if (key == names[i])
                f = i;
        if (f < 0) {
            mRep.error(node(k), "unknown art layer key '" + clip(key) +
                                    "' (expected name, tileset, depth, opacity, visible, "
                                    "locked, seed, rules or tiles)");
            continue;
        }
        field[f] = v;
        keyOf[f] = k;
    }
    for (Field f : {FName, FTileset}) {
        if (field[f] < 0)
            mRep.error(n, std::string("an art layer is missing '") + names[f] + "'");
    }
    if (field[FName] >= 0) {
        const YNode& v = node(field[FName]);
        if (v.kind != YNode::Kind::Scalar)
            mRep.error(v, "expected a string for 'name', got " + describe(v));
        else if (value(v).empty())
            mRep.error(v, rules::emptyArtNameMessage("an art layer"));
        else if (value(v).size() > kMaxNameBytes)
            mRep.error(v, rules::nameTooLongMessage(value(v).size()));
        else
            layer.name = std::string(value(v));
    }
    // The tileset the indices are checked against: none when it is unknown (reported once,
    // here) or was not read without errors (reported there).
    const Tileset* tileset = nullptr;
    bool tilesetKnown = false;
    if (field[FTileset] >= 0) {
        const YNode& v = node(field[FTileset]);
        if (v.kind != YNode::Kind::Scalar) {
            mRep.error(v, "expected a tileset's name for 'tileset', got " + describe(v));
        } else {
            layer.tileset = std::string(value(v));
            for (std::size_t i = 0; i < level.tilesets.size(); ++i) {
                if (level.tilesets[i].name == layer.tileset) {
                    tilesetKnown = true;
                    if (mTilesetOk[i])
                        tileset = &level.tilesets[i];
                }
            }
            if (!tilesetKnown)
                mRep.error(v, rules::unknownTilesetMessage(layer.tileset, level.tilesets));
        }
    }
    if (field[FDepth] >= 0) {
        const YNode& v = node(field[FDepth]);
        const std::string_view d = v.kind == YNode::Kind::Scalar && v.plain ? value(v) : "";
        if (d == artDepthName(ArtDepth::Back))
            layer.depth = ArtDepth::Back;
        else if (d == artDepthName(ArtDepth::Front))
            layer.depth = ArtDepth::Front;
        else
            mRep.error(v, rules::artDepthMessage(describe(v)));
    }
    if (field[FOpacity] >= 0)
        readFloat(node(field[FOpacity]), "opacity", limits::kArtOpacity, layer.opacity);
    if (field[FVisible] >= 0)
        readBool(node(field[FVisible]), "visible", layer.visible);
    if (field[FLocked] >= 0)
        readBool(node(field[FLocked]), "locked", layer.locked);

    if (field[FRules] >= 0 && field[FTiles] >= 0) {
        mRep.error(node(later(keyOf[FRules], keyOf[FTiles])), rules::artLayerContentMessage(true));
        return;
    }
    if (field[FRules] < 0 && field[FTiles] < 0) {
        mRep.error(n, rules::artLayerContentMessage(false));
        return;
    }
    layer.isAuto = field[FRules] >= 0;
    if (field[FSeed] >= 0) {
        const YNode& v = node(field[FSeed]);
        std::int64_t seed = 0;
        const IntText read = v.kind == YNode::Kind::Scalar && v.plain ? readIntText(value(v), seed)
                                                                      : IntText::NotAnInteger;
        if (!layer.isAuto)
            mRep.error(node(keyOf[FSeed]), rules::seedOnPaintedLayerMessage());
        else if (read == IntText::NotAnInteger)
            mRep.error(v, rules::notAnIntegerMessage("seed", describe(v)));
        else if (read == IntText::OutOfRange || seed < 0 || seed > 0xFFFFFFFFLL)
            mRep.error(v, rules::intRangeMessage("seed", 0, 0xFFFFFFFFLL, clip(value(v))));
        else
            layer.seed = static_cast<std::uint32_t>(seed);
    }
    if (!layer.isAuto) {
        readPainted(node(field[FTiles]), level, sizeOk, tileset, layer);
        return;
    }
    const YNode& list = node(field[FRules]);
    if (list.kind == YNode::Kind::Null)
        return;
    if (!boundedList(list, "a list of rules for 'rules'", "rules in an art layer",
                     limits::kMaxAutoRules))
        return;
    layer.rules.reserve(std::size_t(list.count));
    for (int i = list.first; i >= 0 && !mRep.full(); i = node(i).next) {
        AutoRule rule;
        readRule(node(i), tileset, rule);
        layer.rules.push_back(std::move(rule));
    }
}

void Loader::readArt(const YNode& n, Level& level, bool sizeOk) {
    if (n.kind == YNode::Kind::Null)
        return;
    if (!boundedList(n, "a list of art layers for 'art'", "art layers", limits::kMaxArtLayers))
        return;
    FirstUse names;
    level.art.reserve(std::size_t(n.count));
    for (int i = n.first; i >= 0 && !mRep.full(); i = node(i).next) {
        const YNode& item = node(i);
        if (item.kind != YNode::Kind::Map) {
            mRep.error(item, "expected an art layer like {name: ground, tileset: cave, rules: "
                             "[...]}, got " +
                                 describe(item));
            continue;
        }
        ArtLayer layer;
        readArtLayer(item, level, sizeOk, layer);
        if (!layer.name.empty()) {
            const int nameNode = valueOf(item, "name");
            if (const auto first = names.find(layer.name); first != names.end())
                mRep.error(node(nameNode), rules::duplicateArtNameMessage("art layer", layer.name),
                           node(first->second),
                           "the first art layer named " + rules::shownValue(layer.name));
            else
                names.emplace(layer.name, nameNode);
        }
        level.art.push_back(std::move(layer));
    }
}

} // namespace ts::level::detail
