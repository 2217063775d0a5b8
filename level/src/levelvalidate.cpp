// Level files, format v1: semantic validation of a Level model (validateLevel(),
// physicsSettingsErrors()) and the cross-field checks the loader runs too. Each
// rule's message comes from tilesmith/level/rulemessages.h, as the loader's do.
#include "levelloader.h"

#include <cmath>
#include <limits>
#include <map>
#include <variant>

namespace ts::level {

namespace detail {

/// Cross-field checks. `sites` gives positions for loaded files (empty for models).
void crossChecks(const Level& level, const std::vector<SpawnSite>& sites, bool sizeOk, bool mapOk,
                 int spawnsLine, int spawnsColumn, Reporter& rep, bool spawnsMissing) {
    const auto site = [&](std::size_t i) { return i < sites.size() ? sites[i] : SpawnSite{}; };
    const auto where = [&](std::size_t i) {
        const SpawnSite s = site(i);
        return s.line > 0 ? " on line " + std::to_string(s.line)
                          : " (spawn #" + std::to_string(i + 1) + ")";
    };
    const Spawn* firstPlayer = nullptr;
    std::size_t firstPlayerIndex = 0;
    std::map<int, std::size_t> ids;
    for (std::size_t i = 0; i < level.spawns.size() && !rep.full(); ++i) {
        const Spawn& s = level.spawns[i];
        const SpawnSite st = site(i);
        if (s.kind == SpawnKind::Player) {
            if (firstPlayer) {
                rep.error(st.kindLine, st.kindColumn,
                          "a second player (spawn id " + std::to_string(s.id) +
                              "): a level has at most one player, and spawn id " +
                              std::to_string(firstPlayer->id) + where(firstPlayerIndex) +
                              " is one");
            } else {
                firstPlayer = &s;
                firstPlayerIndex = i;
            }
        }
        auto [it, inserted] = ids.emplace(s.id, i);
        if (!inserted)
            rep.error(st.idLine, st.idColumn,
                      "duplicate spawn id " + std::to_string(s.id) + " (also used by the spawn" +
                          where(it->second) + ")");
        if (!sizeOk)
            continue;
        // Each coordinate off the map is an error at its own key.
        const bool xOff = s.x < 0 || s.x >= level.width;
        const bool yOff = s.y < 0 || s.y >= level.height;
        if (xOff)
            rep.error(st.xLine, st.xColumn,
                      "spawn " + std::to_string(s.id) + " is outside the map: x is " +
                          std::to_string(s.x) + ", expected 0 to " +
                          std::to_string(level.width - 1));
        if (yOff)
            rep.error(st.yLine, st.yColumn,
                      "spawn " + std::to_string(s.id) + " is outside the map: y is " +
                          std::to_string(s.y) + ", expected 0 to " +
                          std::to_string(level.height - 1));
        if (!xOff && !yOff && mapOk && level.spawnFit(s.x, s.y) == SpawnFit::Solid)
            rep.error(st.line, st.column,
                      "spawn " + std::to_string(s.id) + " (" + spawnKindName(s.kind) +
                          ") is inside a solid tile at x " + std::to_string(s.x) + ", y " +
                          std::to_string(s.y));
    }
    // A level may have no player (it loads, saves and edits; tools that play it say so),
    // but a file lists its spawns, 'spawns: []' when there are none: a file without the
    // key is most likely one cut short.
    if (spawnsMissing)
        rep.error(spawnsLine, spawnsColumn,
                  "missing 'spawns' at the end of the file (is it cut short?): a level lists its "
                  "spawns, like 'spawns: [{id: 1, kind: player, x: 2, y: 5}]', or 'spawns: []' "
                  "for none");
}

} // namespace detail

using namespace detail;

namespace {

/// How the loader shows a string value the saver wrote: 'x' when plain, else as a
/// quoted string, so a rule's message reads the same from both.
std::string shownAsLoaded(const std::string& v) {
    // Appended piece by piece: "'" + clip(v) trips GCC 12's -Wrestrict at -O2.
    const bool plain = yamlString(v) == v;
    std::string out = plain ? "'" : "the string \"";
    out += clip(v);
    out += plain ? "'" : "\"";
    return out;
}

/// The physics values out of their ranges: `report(key, message)`, each value shown as
/// `shown(key, formatted)` gives it. The one rule of physicsSettingsErrors() and
/// validateLevel().
template <typename Shown, typename Report>
void checkPhysics(const PhysicsSettings& p, Shown shown, Report report) {
    const auto checkP = [&](const char* key, float v, FloatRange r) {
        if (!inRange(v, r))
            report(key, rules::rangeMessage(key, r, shown(key, formatFloat(v)), "physics"));
    };
    checkP("gravity", p.gravity, kAccelRange);
    checkP("walk_speed", p.walkSpeed, kSpeedRange);
    checkP("jump_speed", p.jumpSpeed, kSpeedRange);
    checkP("max_fall_speed", p.maxFallSpeed, kMaxFallRange);
    checkP("one_way_threshold", p.oneWayThreshold, kOneWayRange);
    checkP("dt", p.dt, kDtRange);
    if (!limits::kPartitionCell.contains(p.partitionCell))
        report("partition_cell",
               rules::intRangeMessage("partition_cell", kMinPartitionCell, kMaxPartitionCell,
                                      shown("partition_cell", std::to_string(p.partitionCell)),
                                      "physics"));
}

const ValueSource* sourceOf(const std::map<std::string, ValueSource>& sources,
                            const std::string& key) {
    const auto it = sources.find(key);
    return it == sources.end() ? nullptr : &it->second;
}

} // namespace

std::vector<Diagnostic> validateLevel(const Level& level, const std::string& fileName) {
    return validateLevel(level, fileName, LevelSources{});
}

std::vector<Diagnostic> validateLevel(const Level& level, const std::string& fileName,
                                      const LevelSources& sources) {
    std::vector<Diagnostic> errors;
    Reporter rep(errors, fileName, Limits{}.maxErrors);
    const Limits limits;
    // An error about a value: at its source when that is known (without `who`, which
    // the position replaces), else without a position and `who` ("spawn 3: ") first.
    const auto report = [&](const ValueSource* src, const std::string& who, std::string message) {
        if (src && src->line > 0)
            rep.error(src->line, src->column, std::move(message));
        else
            rep.error(0, 0, who + message);
    };
    // The value as its source wrote it ("1e9"), else as the model holds it.
    const auto shown = [](const ValueSource* src, std::string formatted) {
        return src && !src->text.empty() ? clip(src->text) : formatted;
    };
    bool sizeOk = true;
    if (level.width < 1 || level.width > limits.maxWidth) {
        rep.error(0, 0,
                  rules::intRangeMessage("width", 1, limits.maxWidth, std::to_string(level.width)));
        sizeOk = false;
    }
    if (level.height < 1 || level.height > limits.maxHeight) {
        rep.error(
            0, 0,
            rules::intRangeMessage("height", 1, limits.maxHeight, std::to_string(level.height)));
        sizeOk = false;
    }
    bool mapOk = sizeOk;
    if (mapOk && level.tiles.size() != static_cast<std::size_t>(level.width) *
                                           static_cast<std::size_t>(level.height)) {
        rep.error(
            0, 0,
            "the level has " + std::to_string(level.tiles.size()) +
                " tiles; expected width x height = " + std::to_string(level.width * level.height));
        mapOk = false;
    }
    if (level.tileSize < kMinTileSize || level.tileSize > kMaxTileSize)
        report(&sources.tileSize, {},
               rules::intRangeMessage("tile_size", kMinTileSize, kMaxTileSize,
                                      shown(&sources.tileSize, std::to_string(level.tileSize))));
    if (level.name.size() > kMaxNameBytes)
        report(&sources.name, {}, rules::nameTooLongMessage(level.name.size()));
    const Legend& lg = level.legend;
    for (char c : {lg.empty, lg.solid, lg.oneWay}) {
        if (c <= ' ' || c >= 0x7F)
            report(&sources.legend, {}, rules::legendKeyMessage(shownAsLoaded(std::string(1, c))));
    }
    if (lg.empty == lg.solid || lg.empty == lg.oneWay || lg.solid == lg.oneWay)
        report(&sources.legend, {}, rules::legendDistinctMessage());
    if (static_cast<int>(level.spawns.size()) > limits.maxSpawns)
        report(&sources.level, {},
               rules::tooManySpawnsMessage(level.spawns.size(),
                                           static_cast<std::size_t>(limits.maxSpawns)));

    // `who`: "spawn 3: " for a spawn's properties, empty for the level's.
    const auto checkProps = [&](const Properties& props, const std::string& who,
                                const std::map<std::string, ValueSource>& where) {
        for (const auto& [k, v] : props) {
            const ValueSource* src = sourceOf(where, k);
            if (k.empty())
                report(src, who, rules::emptyPropertyNameMessage());
            if (const double* d = std::get_if<double>(&v); d && !std::isfinite(*d))
                report(src, who,
                       rules::propertyNotFiniteMessage(
                           k, src && !src->text.empty() ? src->text : formatDouble(*d)));
        }
    };
    const LevelSources::Spawn noSpawnSources;
    for (std::size_t index = 0; index < level.spawns.size(); ++index) {
        const Spawn& s = level.spawns[index];
        const LevelSources::Spawn& ss =
            index < sources.spawns.size() ? sources.spawns[index] : noSpawnSources;
        // A spawn is named by its id, or when the id is not valid (several spawns
        // may share the bad id) by its place in the list, as crossChecks() does.
        const std::string who = s.id >= 1 ? "spawn " + std::to_string(s.id) + ": "
                                          : "spawn #" + std::to_string(index + 1) + ": ";
        if (s.id < 1) {
            const ValueSource* src = sourceOf(ss.fields, "id");
            report(src, who,
                   rules::intRangeMessage("id", 1, std::numeric_limits<int>::max(),
                                          shown(src, std::to_string(s.id))));
        }
        const auto check = [&](const char* key, float v, FloatRange r) {
            const ValueSource* src = sourceOf(ss.fields, key);
            if (!inRange(v, r))
                report(src, who, rules::rangeMessage(key, r, shown(src, formatFloat(v))));
        };
        if (s.kind == SpawnKind::Ball) {
            check("radius", s.radius, kRadiusRange);
        } else {
            check("width", s.width, kSpawnSizeRange);
            check("height", s.height, kSpawnSizeRange);
        }
        if (isBodyKind(s.kind)) {
            check("mass", s.mass, kMassRange);
            if (inRange(s.mass, kMassRange) && !massInRange(s.mass)) { // in (0, kMinMass)
                const ValueSource* src = sourceOf(ss.fields, "mass");
                report(src, who, rules::massMessage(shown(src, formatFloat(s.mass))));
            }
            check("restitution", s.restitution, kRestitutionRange);
            check("vx", s.vx, kVelocityRange);
            check("vy", s.vy, kVelocityRange);
        }
        checkProps(s.properties, who, ss.properties);
    }
    checkPhysics(
        level.physics,
        [&](const char* key, std::string formatted) {
            return shown(sourceOf(sources.physics, key), std::move(formatted));
        },
        [&](const char* key, std::string message) {
            report(sourceOf(sources.physics, key), {}, std::move(message));
        });
    checkProps(level.properties, {}, sources.properties);
    // The cross-field checks at the spawns' sources (a value's own, else the spawn's).
    std::vector<SpawnSite> sites;
    for (const LevelSources::Spawn& ss : sources.spawns) {
        SpawnSite site;
        site.line = ss.at.line;
        site.column = ss.at.column;
        const auto place = [&](const char* key, int& line, int& column) {
            const ValueSource* src = sourceOf(ss.fields, key);
            const ValueSource& at = src && src->line > 0 ? *src : ss.at;
            line = at.line;
            column = at.column;
        };
        place("id", site.idLine, site.idColumn);
        place("kind", site.kindLine, site.kindColumn);
        place("x", site.xLine, site.xColumn);
        place("y", site.yLine, site.yColumn);
        sites.push_back(site);
    }
    crossChecks(level, sites, sizeOk, mapOk, sources.level.line, sources.level.column, rep);
    checkArt(level, mapOk, rep);
    rep.finish();
    return errors;
}

std::vector<std::pair<std::string, std::string>>
physicsSettingsErrors(const PhysicsSettings& p, const std::map<std::string, std::string>& written) {
    std::vector<std::pair<std::string, std::string>> out;
    checkPhysics(
        p,
        [&](const char* key, std::string formatted) {
            const auto it = written.find(key);
            return it == written.end() ? formatted : clip(it->second);
        },
        [&](const char* key, std::string message) { out.emplace_back(key, std::move(message)); });
    return out;
}

std::vector<std::string> physicsSettingsErrors(const PhysicsSettings& p) {
    std::vector<std::string> out;
    checkPhysics(
        p, [](const char*, std::string formatted) { return formatted; },
        [&](const char*, std::string message) { out.push_back(std::move(message)); });
    return out;
}

} // namespace ts::level
