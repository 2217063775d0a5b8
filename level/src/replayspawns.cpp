// Reading a replay's `spawns:` section (format version 3): one line per body the
// world started with, the spawn it came from as the level had it when recording; and
// version 4's spawn events, whose spawns read as those lines.
#include "replayspawns.h"

#include "replayfields.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <unordered_map>

namespace ts::level::replaytext {

namespace {

constexpr limits::IntRange kCoordinate = limits::kTileCoordinate;

/// "width, height, mass, restitution, vx and vy": the keys a kind's line takes.
std::string keyList(SpawnKind kind) {
    std::string out;
    const std::span<const SpawnField> fields = spawnFields(kind);
    for (std::size_t i = 0; i < fields.size(); ++i)
        out.append(i == 0 ? "" : i + 1 == fields.size() ? " and " : ", ").append(fields[i].key);
    return out;
}

} // namespace

std::optional<std::vector<Spawn>> startSpawns(const Level& level, const World& world) {
    std::unordered_map<std::int64_t, const Spawn*> byId;
    for (const Spawn& s : level.spawns)
        byId.emplace(s.id, &s);
    std::vector<Spawn> out;
    for (BodyId b : world.bodies()) {
        const auto it = byId.find(std::int64_t(world.userData(b)));
        if (world.userData(b) == 0 || it == byId.end())
            return std::nullopt;
        out.push_back(recordedSpawn(*it->second));
    }
    return out;
}

void readSpawnLine(Reader& rd, int line, const std::vector<linescan::Word>& w, std::size_t lineEnd,
                   SpawnSection& out) {
    if (out.spawns.size() >= rd.mLimits.maxBodies) {
        rd.error(line, w[0].column,
                 "more than " + std::to_string(rd.mLimits.maxBodies) + " bodies");
        return;
    }
    if (w.size() < 4) {
        rd.error(line, w.size() > 1 ? lineEnd : w[0].column,
                 "expected a spawn: ID KIND X Y and its fields (width=16 ...)");
        return;
    }
    std::uint64_t id = 0;
    if (!rd.u64(line, w[0], "a spawn id", id, 1, 2147483647))
        return;
    if (const auto it = out.lines.find(std::int64_t(id)); it != out.lines.end()) {
        rd.error(line, w[0].column,
                 "spawn id " + std::to_string(id) + " is given twice (first on line " +
                     std::to_string(it->second) + ")");
        return;
    }
    SpawnKind kind = SpawnKind::Box;
    if (!spawnKindFromName(std::string(w[1].text), kind) || !isBodyKind(kind)) {
        rd.error(line, w[1].column,
                 "expected the kind of a body (player, npc, box or ball), got " + shown(w[1].text));
        return;
    }
    const std::string why = "the largest map is " + std::to_string(limits::kMapSide.hi) + " x " +
                            std::to_string(limits::kMapSide.hi) + " tiles";
    int x = 0, y = 0;
    if (!rd.integer(line, w[2], "the spawn's column", kCoordinate.lo, kCoordinate.hi, x, why) ||
        !rd.integer(line, w[3], "the spawn's row", kCoordinate.lo, kCoordinate.hi, y, why))
        return;
    Spawn s = Spawn::withDefaults(kind, int(id), x, y);
    const std::span<const SpawnField> fields = spawnFields(kind);
    std::vector<bool> seen(fields.size(), false);
    for (std::size_t i = 4; i < w.size(); ++i) {
        const std::size_t eq = w[i].text.find('=');
        const std::string_view key = w[i].text.substr(0, eq);
        const auto f = std::find_if(fields.begin(), fields.end(),
                                    [&](const SpawnField& sf) { return key == sf.key; });
        if (eq == std::string_view::npos || f == fields.end()) {
            rd.error(line, w[i].column,
                     std::string("expected KEY=VALUE with a ") + spawnKindName(kind) + "'s key (" +
                         keyList(kind) + "), got " + shown(w[i].text));
            return;
        }
        const std::size_t k = std::size_t(f - fields.begin());
        if (seen[k]) {
            rd.error(line, w[i].column, "'" + std::string(key) + "' is given twice");
            return;
        }
        seen[k] = true;
        // What the level had, whatever it was: the world is built from the level, not this.
        if (!rd.number(line, {w[i].text.substr(eq + 1), w[i].column + eq + 1},
                       "the spawn's " + std::string(key), s.*f->member, true))
            return;
    }
    for (std::size_t k = 0; k < fields.size(); ++k) {
        if (!seen[k]) {
            rd.error(line, lineEnd,
                     "missing '" + std::string(fields[k].key) + "' (a " + spawnKindName(kind) +
                         " records " + keyList(kind) + ")");
            return;
        }
    }
    out.lines[std::int64_t(id)] = line;
    out.spawns.push_back(s);
}

bool readSpawnEvent(Reader& rd, int line, const std::vector<Word>& w, std::size_t lineEnd,
                    ReplayEvent& e) {
    const char* const form = "'spawn' expects ID KIND X Y KEY=VALUE... or ID removed, then "
                             "was INDEX KIND X Y KEY=VALUE... (the spawn before the edit)";
    if (w.size() < 4) {
        rd.error(line, lineEnd, form);
        return false;
    }
    std::uint64_t id = 0;
    if (!rd.u64(line, w[2], "a spawn id", id, 1, 2147483647))
        return false;
    e.spawnId = int(id);
    const std::size_t wasAt = std::size_t(
        std::find_if(w.begin() + 3, w.end(), [](const Word& x) { return x.text == "was"; }) -
        w.begin());
    if (w[3].text == "removed") {
        if (wasAt != 4 || wasAt == w.size()) {
            rd.error(line, w.size() > 4 ? w[4].column : lineEnd, form);
            return false;
        }
    } else {
        SpawnSection now;
        readSpawnLine(rd, line, std::vector<Word>(w.begin() + 2, w.begin() + std::ptrdiff_t(wasAt)),
                      wasAt < w.size() ? w[wasAt].column : lineEnd, now);
        if (now.spawns.empty())
            return false;
        e.spawn = now.spawns.front();
    }
    if (wasAt == w.size())
        return true; // a spawn added
    if (wasAt + 2 >= w.size()) {
        rd.error(line, wasAt + 1 < w.size() ? w[wasAt + 1].column : lineEnd, form);
        return false;
    }
    std::uint64_t index = 0;
    if (!rd.u64(line, w[wasAt + 1], "the spawn's index", index, 0, 2147483647))
        return false;
    e.wasIndex = int(index);
    std::vector<Word> was{w[2]};
    was.insert(was.end(), w.begin() + std::ptrdiff_t(wasAt) + 2, w.end());
    SpawnSection before;
    readSpawnLine(rd, line, was, lineEnd, before);
    if (before.spawns.empty())
        return false;
    e.wasSpawn = before.spawns.front();
    return true;
}

} // namespace ts::level::replaytext
