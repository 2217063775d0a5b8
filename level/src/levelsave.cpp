// Level files, format v1: canonical text (saveLevelToString()) and atomic saving
// (saveLevelFile()). See docs/format/level-format.md.
#include "leveltext.h"
#include "tilesmith/level/atomicfile.h"
#include "tilesmith/level/levelio.h"

#include <algorithm>

namespace ts::level {

using detail::formatFloat;
using detail::propertyValueText;
using detail::quoted;
using detail::yamlString;

std::string saveLevelToString(const Level& level) {
    std::string out;
    const std::size_t w = static_cast<std::size_t>(std::max(0, level.width));
    const std::size_t h = static_cast<std::size_t>(std::max(0, level.height));
    out.reserve((w + 3) * h + level.spawns.size() * 120 + 512);
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
