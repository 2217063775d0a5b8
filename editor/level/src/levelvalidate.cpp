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
void crossChecks(const Level& level, const std::vector<SpawnSite>& sites, bool mapOk, bool spawnsOk,
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
                              "): a level has exactly one player, and spawn id " +
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
        if (!mapOk)
            continue;
        switch (level.spawnFit(s.x, s.y)) {
        case SpawnFit::OffMap:
            // Each coordinate off the map is an error at its own key.
            if (s.x < 0 || s.x >= level.width)
                rep.error(st.xLine, st.xColumn,
                          "spawn " + std::to_string(s.id) + " is outside the map: x is " +
                              std::to_string(s.x) + ", expected 0 to " +
                              std::to_string(level.width - 1));
            if (s.y < 0 || s.y >= level.height)
                rep.error(st.yLine, st.yColumn,
                          "spawn " + std::to_string(s.id) + " is outside the map: y is " +
                              std::to_string(s.y) + ", expected 0 to " +
                              std::to_string(level.height - 1));
            break;
        case SpawnFit::Solid:
            rep.error(st.line, st.column,
                      "spawn " + std::to_string(s.id) + " (" + spawnKindName(s.kind) +
                          ") is inside a solid tile at x " + std::to_string(s.x) + ", y " +
                          std::to_string(s.y));
            break;
        case SpawnFit::Fits:
            break;
        }
    }
    if (!firstPlayer && spawnsMissing)
        rep.error(spawnsLine, spawnsColumn,
                  "missing 'spawns' at the end of the file (is it cut short?): the level has no "
                  "player; add 'spawns:' with one spawn like {id: 1, kind: player, x: 2, y: 5}");
    else if (!firstPlayer && spawnsOk)
        rep.error(spawnsLine, spawnsColumn,
                  "the level has no player: add one spawn like {id: 1, kind: player, x: 2, y: 5}");
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

} // namespace

std::vector<Diagnostic> validateLevel(const Level& level, const std::string& fileName) {
    std::vector<Diagnostic> errors;
    Reporter rep(errors, fileName, Limits{}.maxErrors);
    const Limits limits;
    bool mapOk = true;
    if (level.width < 1 || level.width > limits.maxWidth) {
        rep.error(0, 0,
                  rules::intRangeMessage("width", 1, limits.maxWidth, std::to_string(level.width)));
        mapOk = false;
    }
    if (level.height < 1 || level.height > limits.maxHeight) {
        rep.error(
            0, 0,
            rules::intRangeMessage("height", 1, limits.maxHeight, std::to_string(level.height)));
        mapOk = false;
    }
    if (mapOk && level.tiles.size() != static_cast<std::size_t>(level.width) *
                                           static_cast<std::size_t>(level.height)) {
        rep.error(
            0, 0,
            "the level has " + std::to_string(level.tiles.size()) +
                " tiles; expected width x height = " + std::to_string(level.width * level.height));
        mapOk = false;
    }
    if (level.tileSize < kMinTileSize || level.tileSize > kMaxTileSize)
        rep.error(0, 0,
                  rules::intRangeMessage("tile_size", kMinTileSize, kMaxTileSize,
                                         std::to_string(level.tileSize)));
    if (level.name.size() > kMaxNameBytes)
        rep.error(0, 0, rules::nameTooLongMessage(level.name.size()));
    const Legend& lg = level.legend;
    for (char c : {lg.empty, lg.solid, lg.oneWay}) {
        if (c <= ' ' || c >= 0x7F)
            rep.error(0, 0, rules::legendKeyMessage(shownAsLoaded(std::string(1, c))));
    }
    if (lg.empty == lg.solid || lg.empty == lg.oneWay || lg.solid == lg.oneWay)
        rep.error(0, 0, rules::legendDistinctMessage());
    if (static_cast<int>(level.spawns.size()) > limits.maxSpawns)
        rep.error(0, 0,
                  rules::tooManySpawnsMessage(level.spawns.size(),
                                              static_cast<std::size_t>(limits.maxSpawns)));

    // `who`: "spawn 3: " for a spawn's properties, empty for the level's.
    const auto checkProps = [&](const Properties& props, const std::string& who) {
        for (const auto& [k, v] : props) {
            if (k.empty())
                rep.error(0, 0, who + rules::emptyPropertyNameMessage());
            if (const double* d = std::get_if<double>(&v); d && !std::isfinite(*d))
                rep.error(0, 0, who + rules::propertyNotFiniteMessage(k, formatDouble(*d)));
        }
    };
    for (std::size_t index = 0; index < level.spawns.size(); ++index) {
        const Spawn& s = level.spawns[index];
        // A spawn is named by its id, or when the id is not valid (several spawns
        // may share the bad id) by its place in the list, as crossChecks() does.
        const std::string who = s.id >= 1 ? "spawn " + std::to_string(s.id) + ": "
                                          : "spawn #" + std::to_string(index + 1) + ": ";
        if (s.id < 1)
            rep.error(0, 0,
                      who + rules::intRangeMessage("id", 1, std::numeric_limits<int>::max(),
                                                   std::to_string(s.id)));
        const auto check = [&](const char* key, float v, FloatRange r) {
            if (!inRange(v, r))
                rep.error(0, 0, who + rules::rangeMessage(key, r, formatFloat(v)));
        };
        if (s.kind == SpawnKind::Ball) {
            check("radius", s.radius, kRadiusRange);
        } else {
            check("width", s.width, kSpawnSizeRange);
            check("height", s.height, kSpawnSizeRange);
        }
        if (isBodyKind(s.kind)) {
            check("mass", s.mass, kMassRange);
            if (inRange(s.mass, kMassRange) && !massInRange(s.mass)) // in (0, kMinMass)
                rep.error(0, 0, who + rules::massMessage(formatFloat(s.mass)));
            check("restitution", s.restitution, kRestitutionRange);
            check("vx", s.vx, kVelocityRange);
            check("vy", s.vy, kVelocityRange);
        }
        checkProps(s.properties, who);
    }
    for (const std::string& message : physicsSettingsErrors(level.physics))
        rep.error(0, 0, message);
    checkProps(level.properties, {});
    crossChecks(level, {}, mapOk, true, 0, 0, rep);
    rep.finish();
    return errors;
}

std::vector<std::string> physicsSettingsErrors(const PhysicsSettings& p) {
    std::vector<std::string> out;
    const auto checkP = [&](const char* key, float v, FloatRange r) {
        if (!inRange(v, r))
            out.push_back(rules::rangeMessage(key, r, formatFloat(v), "physics"));
    };
    checkP("gravity", p.gravity, kAccelRange);
    checkP("walk_speed", p.walkSpeed, kSpeedRange);
    checkP("jump_speed", p.jumpSpeed, kSpeedRange);
    checkP("max_fall_speed", p.maxFallSpeed, kMaxFallRange);
    checkP("one_way_threshold", p.oneWayThreshold, kOneWayRange);
    checkP("dt", p.dt, kDtRange);
    if (!limits::kPartitionCell.contains(p.partitionCell))
        out.push_back(rules::intRangeMessage("partition_cell", kMinPartitionCell, kMaxPartitionCell,
                                             std::to_string(p.partitionCell), "physics"));
    return out;
}

} // namespace ts::level
