// Level files, format v1: canonical text (saveLevelToString()) and atomic saving
// (saveLevelFile()). See docs/format/level-format.md.
#include "leveltext.h"
#include "tilesmith/level/atomicfile.h"
#include "tilesmith/level/levelio.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace ts::level {

using detail::formatFloat;
using detail::propertyValueText;
using detail::quoted;
using detail::yamlString;

namespace {

template <typename T> void appendNumber(std::string& out, T v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

/// `tilesets:` and `art:` (none when empty; docs/format/level-format.md, "Art").
void appendArt(std::string& out, const Level& level) {
    if (!level.tilesets.empty()) {
        out += "tilesets:\n";
        for (const Tileset& t : level.tilesets) {
            out += "  - {name: " + yamlString(t.name) + ", image: " + yamlString(t.image) +
                   ", tile_size: " + std::to_string(t.tileSize) +
                   ", columns: " + std::to_string(t.columns) +
                   ", count: " + std::to_string(t.count);
            if (t.margin != 0)
                out += ", margin: " + std::to_string(t.margin);
            if (t.spacing != 0)
                out += ", spacing: " + std::to_string(t.spacing);
            if (t.transparentColor >= 0) {
                char hex[16];
                std::snprintf(hex, sizeof hex, "#%06x", unsigned(t.transparentColor) & 0xFFFFFFu);
                out += ", trans: \"";
                out += hex;
                out += "\"";
            }
            out += "}\n";
        }
    }
    if (level.art.empty())
        return;
    const std::size_t w = static_cast<std::size_t>(std::max(0, level.width));
    const std::size_t h = static_cast<std::size_t>(std::max(0, level.height));
    out += "art:\n";
    for (const ArtLayer& layer : level.art) {
        out += "  - name: " + yamlString(layer.name) + "\n";
        out += "    tileset: " + yamlString(layer.tileset) + "\n";
        out += std::string("    depth: ") + artDepthName(layer.depth) + "\n";
        if (layer.opacity != 1.0f)
            out += "    opacity: " + formatFloat(layer.opacity) + "\n";
        if (!layer.visible)
            out += "    visible: false\n";
        if (layer.locked)
            out += "    locked: true\n";
        if (layer.isAuto) {
            if (layer.seed != 0)
                out += "    seed: " + std::to_string(layer.seed) + "\n";
            if (layer.rules.empty()) {
                out += "    rules: []\n";
                continue;
            }
            out += "    rules:\n";
            for (const AutoRule& rule : layer.rules) {
                out += "      - {pattern: [";
                for (std::size_t r = 0; r < 3; ++r) {
                    if (r > 0)
                        out += ", ";
                    out += quoted(std::string_view(rule.pattern.data() + 3 * r, 3));
                }
                out += rule.tiles.size() == 1 ? "], tile: " : "], tiles: [";
                for (std::size_t i = 0; i < rule.tiles.size(); ++i) {
                    if (i > 0)
                        out += ", ";
                    appendNumber(out, rule.tiles[i]);
                }
                out += rule.tiles.size() == 1 ? "}\n" : "]}\n";
            }
            continue;
        }
        if (w == 0 || h == 0) {
            out += "    tiles: \"\"\n";
            continue;
        }
        out += "    tiles: |\n";
        for (std::size_t y = 0; y < h; ++y) {
            out += "      ";
            for (std::size_t x = 0; x < w; ++x) {
                if (x > 0)
                    out += ' ';
                const std::size_t i = y * w + x;
                const ArtTile cell = i < layer.cells.size() ? layer.cells[i] : ArtTile{};
                if (cell.empty()) {
                    out += '.';
                    continue;
                }
                appendNumber(out, cell.index);
                if (cell.flips & kFlipHorizontal)
                    out += 'h';
                if (cell.flips & kFlipVertical)
                    out += 'v';
                if (cell.flips & kFlipDiagonal)
                    out += 'd';
            }
            out += '\n';
        }
    }
}

} // namespace

std::string saveLevelToString(const Level& level) {
    std::string out;
    const std::size_t w = static_cast<std::size_t>(std::max(0, level.width));
    const std::size_t h = static_cast<std::size_t>(std::max(0, level.height));
    std::size_t painted = 0; // painted layers: about two bytes a cell
    for (const ArtLayer& layer : level.art)
        painted += layer.isAuto ? 0 : (2 * w + 7) * h;
    out.reserve((w + 3) * h + painted + level.spawns.size() * 120 + 512);
    out += "tilesmith: " + std::to_string(kFormatVersion) + "\n";
    out += "name: " + yamlString(level.name) + "\n";
    out += "tile_size: " + std::to_string(level.tileSize) + "\n";
    out += "width: " + std::to_string(level.width) + "\n";
    out += "height: " + std::to_string(level.height) + "\n";
    const Legend& lg = level.legend;
    if (!(lg == Legend{})) {
        const auto key = [](char c) { return quoted(std::string_view(&c, 1)); };
        out += "legend: {" + key(lg.empty) + ": " + tileKindName(Tile::Empty) + ", " +
               key(lg.solid) + ": " + tileKindName(Tile::Solid) + ", " + key(lg.oneWay) + ": " +
               tileKindName(Tile::OneWay) + "}\n";
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
    appendArt(out, level);
    if (!level.properties.empty()) {
        out += "properties:\n";
        for (const auto& [k, v] : level.properties)
            out += "  " + yamlString(k) + ": " + propertyValueText(v) + "\n";
    }
    return out;
}

bool saveLevelFile(const Level& level, const std::string& path, std::string* error,
                   std::vector<Diagnostic>* problemsOut) {
    // Never write a file that loadLevelFile() would refuse: validateLevel() holds the
    // rules the loader applies to a model.
    const std::vector<Diagnostic> problems = validateLevel(level, path);
    if (problemsOut)
        *problemsOut = problems;
    if (!problems.empty()) {
        if (error) {
            // Appends only (GCC 12 -O2 reports a false -Wrestrict in `const char* +
            // std::string&&`).
            error->assign("cannot save ").append(path).append(": the level would not load back: ");
            error->append(problems.front().message);
            if (problems.size() > 1)
                error->append(" (and ")
                    .append(std::to_string(problems.size() - 1))
                    .append(problems.size() == 2 ? " more problem)" : " more problems)");
        }
        return false;
    }
    return writeFileAtomically(path, saveLevelToString(level), error);
}

} // namespace ts::level
