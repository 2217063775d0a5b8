// Level files, format v1: the art rules on a model (checkArt(), run by validateLevel()):
// what the loader refuses in `tilesets` and `art` (levelreadart.cpp), in its words.
#include "levelloader.h"

#include <set>

namespace ts::level::detail {

namespace {

std::string named(const char* what, const std::string& name, std::size_t index) {
    // Appended piece by piece: "x" + std::string trips GCC 12's -Wrestrict at -O2.
    std::string s = what;
    if (name.empty())
        return s.append(" #").append(std::to_string(index + 1));
    return s.append(" ").append(rules::shownValue(name));
}

} // namespace

void checkArt(const Level& level, bool mapOk, Reporter& rep) {
    const auto error = [&](const std::string& who, std::string message) {
        rep.error(0, 0, who.empty() ? std::move(message) : who + ": " + message);
    };
    const auto checkName = [&](const std::string& name, const char* article, const char* what,
                               const std::string& who, std::set<std::string>& seen) {
        if (name.empty())
            error(who, rules::emptyArtNameMessage(article));
        else if (name.size() > kMaxNameBytes)
            error(who, rules::nameTooLongMessage(name.size()));
        if (!name.empty() && !seen.insert(name).second)
            error(who, rules::duplicateArtNameMessage(what, name));
    };

    if (level.tilesets.size() > std::size_t(limits::kMaxTilesets))
        error({}, rules::tooManyMessage("tilesets", level.tilesets.size(),
                                        std::size_t(limits::kMaxTilesets)));
    std::set<std::string> tilesetNames;
    std::vector<bool> tilesetOk;
    for (std::size_t i = 0; i < level.tilesets.size() && !rep.full(); ++i) {
        const Tileset& t = level.tilesets[i];
        const std::string who = named("tileset", t.name, i);
        const std::size_t before = rep.count();
        checkName(t.name, "a tileset", "tileset", who, tilesetNames);
        if (t.image.empty())
            error(who, rules::emptyImageMessage());
        const auto geometry = [&](const char* key, int v, limits::IntRange r) {
            if (!r.contains(v))
                error(who, rules::intRangeMessage(key, r.lo, r.hi, std::to_string(v)));
        };
        geometry("tile_size", t.tileSize, limits::kTilesetTileSize);
        geometry("columns", t.columns, limits::kTilesetColumns);
        geometry("count", t.count, limits::kTilesetCount);
        geometry("margin", t.margin, limits::kTilesetMargin);
        geometry("spacing", t.spacing, limits::kTilesetSpacing);
        if (t.transparentColor < -1 || t.transparentColor > 0xFFFFFF)
            error(who, rules::transparentColorMessage(std::to_string(t.transparentColor)));
        tilesetOk.push_back(rep.count() == before);
    }

    if (level.art.size() > std::size_t(limits::kMaxArtLayers))
        error({}, rules::tooManyMessage("art layers", level.art.size(),
                                        std::size_t(limits::kMaxArtLayers)));
    std::set<std::string> layerNames;
    const std::size_t cells = mapOk ? std::size_t(level.width) * std::size_t(level.height) : 0;
    for (std::size_t i = 0; i < level.art.size() && !rep.full(); ++i) {
        const ArtLayer& layer = level.art[i];
        const std::string who = named("art layer", layer.name, i);
        checkName(layer.name, "an art layer", "art layer", who, layerNames);
        // The tileset indices are checked against: the first of the name, when it is valid.
        const Tileset* tileset = nullptr;
        bool known = false;
        for (std::size_t k = 0; k < level.tilesets.size() && !known; ++k) {
            if (level.tilesets[k].name == layer.tileset) {
                known = true;
                tileset = k < tilesetOk.size() && tilesetOk[k] ? &level.tilesets[k] : nullptr;
            }
        }
        if (!known)
            error(who, rules::unknownTilesetMessage(layer.tileset, level.tilesets));
        if (!inRange(layer.opacity, limits::kArtOpacity))
            error(who,
                  rules::rangeMessage("opacity", limits::kArtOpacity, formatFloat(layer.opacity)));
        const auto checkIndex = [&](const std::string& whose, std::int32_t index) {
            if (tileset && (index < 0 || index >= tileset->count))
                error(whose, rules::tileIndexMessage(std::to_string(index), tileset->name,
                                                     tileset->count));
        };
        if (layer.isAuto) {
            if (!layer.cells.empty())
                error(who, rules::artLayerContentMessage(true));
            if (layer.rules.size() > std::size_t(limits::kMaxAutoRules))
                error(who, rules::tooManyMessage("rules in an art layer", layer.rules.size(),
                                                 std::size_t(limits::kMaxAutoRules)));
            for (std::size_t r = 0; r < layer.rules.size() && !rep.full(); ++r) {
                const AutoRule& rule = layer.rules[r];
                const std::string whose = who + " rule " + std::to_string(r + 1);
                for (char c : rule.pattern)
                    if (!isAutoPatternChar(c))
                        error(whose, rules::patternCharMessage(
                                         rules::shownValue(std::string_view(&c, 1))));
                if (rule.tiles.empty())
                    error(whose, rules::emptyRuleTilesMessage());
                else if (rule.tiles.size() > std::size_t(limits::kMaxRuleTiles))
                    error(whose, rules::tooManyMessage("tiles in a rule", rule.tiles.size(),
                                                       std::size_t(limits::kMaxRuleTiles)));
                for (std::int32_t t : rule.tiles)
                    checkIndex(whose, t);
            }
            continue;
        }
        // A painted layer's seed is not saved, as a box's radius is not: no error.
        if (!layer.rules.empty())
            error(who, rules::artLayerContentMessage(true));
        if (!mapOk)
            continue;
        if (layer.cells.size() != cells) {
            error(who, rules::artCellCountMessage(layer.cells.size(), cells));
            continue;
        }
        // A cell below -1 is no tile the file can hold; an empty cell's flips are not saved.
        const int mask = kFlipHorizontal | kFlipVertical | kFlipDiagonal;
        for (std::size_t c = 0; c < cells && !rep.full(); ++c) {
            const ArtTile& cell = layer.cells[c];
            const bool badIndex =
                tileset && cell.index != -1 && (cell.index < 0 || cell.index >= tileset->count);
            const bool badFlips = !cell.empty() && (cell.flips & ~mask) != 0;
            if (!badIndex && !badFlips)
                continue;
            const std::size_t w = std::size_t(level.width);
            const std::string whose =
                who + " at x " + std::to_string(c % w) + ", y " + std::to_string(c / w);
            if (badIndex)
                checkIndex(whose, cell.index);
            if (badFlips)
                error(whose, rules::artFlipsMessage(cell.flips));
        }
    }
}

} // namespace ts::level::detail
