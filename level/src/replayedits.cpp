// Edits made while playing, in replays: the spawn events of an edit (spawnEditEvents),
// what one does to a running level (applySpawnEvent), and taking the session's own edits
// back out of the level they were saved into (replayStartLevel), so a session replays on
// the level as it was when recording started.
#include "tilesmith/level/replay.h"

#include "replayspawns.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace ts::level {

using replaytext::recordedSpawn;
using replaytext::sameRecordedSpawn;

namespace {

std::optional<std::size_t> indexOf(const std::vector<Spawn>& spawns, int id) {
    const auto it =
        std::find_if(spawns.begin(), spawns.end(), [id](const Spawn& s) { return s.id == id; });
    return it == spawns.end() ? std::nullopt
                              : std::optional<std::size_t>(std::size_t(it - spawns.begin()));
}

/// `s` as a spawn event holds it: its recorded fields when it is a body, else none.
std::optional<Spawn> asBody(const Spawn* s) {
    return s && isBodyKind(s->kind) ? std::optional<Spawn>(recordedSpawn(*s)) : std::nullopt;
}

/// `to` takes `from`'s kind, tile and body fields; its custom properties stay.
void setRecordedFields(Spawn& to, const Spawn& from) {
    to.kind = from.kind;
    to.x = from.x;
    to.y = from.y;
    for (const replaytext::SpawnField& f : replaytext::spawnFields(from.kind))
        to.*f.member = from.*f.member;
}

std::string countText(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

std::vector<ReplayEvent> spawnEditEvents(const std::vector<Spawn>& before,
                                         const std::vector<Spawn>& after) {
    std::unordered_map<int, std::size_t> was; // id -> index in `before`
    for (std::size_t i = 0; i < before.size(); ++i)
        was.emplace(before[i].id, i);
    std::unordered_map<int, bool> still;
    for (const Spawn& s : after)
        still.emplace(s.id, true);
    std::vector<ReplayEvent> out;
    const auto event = [&](int id, const Spawn* now, const Spawn* old, std::size_t oldIndex) {
        ReplayEvent e;
        e.kind = ReplayEventKind::Spawn;
        e.spawnId = id;
        e.spawn = asBody(now);
        e.wasSpawn = asBody(old);
        e.wasIndex = e.wasSpawn ? int(oldIndex) : 0;
        if (e.spawn || e.wasSpawn) // a goal is an area: no body changes
            out.push_back(std::move(e));
    };
    for (const Spawn& s : after) {
        const auto it = was.find(s.id);
        const Spawn* old = it == was.end() ? nullptr : &before[it->second];
        if (old && sameRecordedSpawn(asBody(old), asBody(&s)))
            continue; // untouched, or only what moves no body (properties, a goal's area)
        event(s.id, &s, old, old ? it->second : 0);
    }
    for (std::size_t i = 0; i < before.size(); ++i)
        if (!still.count(before[i].id))
            event(before[i].id, nullptr, &before[i], i);
    return out;
}

bool applySpawnEvent(Level& level, LevelWorld& lw, const ReplayEvent& e) {
    if (e.kind != ReplayEventKind::Spawn || (e.spawn && !isBodyKind(e.spawn->kind)))
        return false;
    const std::optional<std::size_t> at = indexOf(level.spawns, e.spawnId);
    if (!e.spawn && !at)
        return false; // nothing to remove
    replaytext::listBodies(lw);
    lw.spawnBodies.resize(level.spawns.size()); // parallel to the spawns
    if (at && lw.world.isValid(lw.spawnBodies[*at]))
        lw.world.remove(lw.spawnBodies[*at]); // LevelWorld::bodies keeps it, removed
    if (e.spawn) {
        std::size_t i = at.value_or(level.spawns.size());
        if (at) {
            setRecordedFields(level.spawns[i], *e.spawn);
        } else {
            level.spawns.push_back(*e.spawn);
            lw.spawnBodies.emplace_back();
        }
        level.spawns[i].id = e.spawnId;
        const BodyId body = lw.world.add(bodyDef(level, level.spawns[i]));
        lw.spawnBodies[i] = body;
        if (!body.isNull())
            lw.bodies.push_back(body);
    } else {
        level.spawns.erase(level.spawns.begin() + std::ptrdiff_t(*at));
        lw.spawnBodies.erase(lw.spawnBodies.begin() + std::ptrdiff_t(*at));
    }
    lw.player = {};
    for (std::size_t i = 0; i < level.spawns.size(); ++i) {
        if (level.spawns[i].kind == SpawnKind::Player) {
            lw.player = lw.spawnBodies[i];
            break;
        }
    }
    return true;
}

ReplayStartLevel replayStartLevel(const Level& now, const Replay& replay) {
    ReplayStartLevel out{now, ReplayLevelMatch::Recorded, 0, 0};
    if (levelContentHash(now) == replay.levelHash)
        return out;
    Level& lv = out.level;
    // Last first; an edit whose result is no longer there was changed again since: it is
    // not the session's any more and stays as it is.
    for (auto e = replay.events.rbegin(); e != replay.events.rend(); ++e) {
        if (e->kind == ReplayEventKind::Tile) {
            if (!e->was || !lv.contains(e->x, e->y) || lv.tile(e->x, e->y) != e->tile)
                continue;
            lv.setTile(e->x, e->y, *e->was);
            ++out.tileEditsUndone;
        } else if (e->kind == ReplayEventKind::Spawn) {
            const std::optional<std::size_t> at = indexOf(lv.spawns, e->spawnId);
            if (e->spawn) { // added or changed: it must still be as the edit left it
                if (!at || !sameRecordedSpawn(recordedSpawn(lv.spawns[*at]), *e->spawn))
                    continue;
                if (e->wasSpawn)
                    setRecordedFields(lv.spawns[*at], *e->wasSpawn);
                else
                    lv.spawns.erase(lv.spawns.begin() + std::ptrdiff_t(*at));
            } else { // deleted: it must still be gone
                if (at || !e->wasSpawn)
                    continue;
                const std::size_t i =
                    std::min(std::size_t(std::max(e->wasIndex, 0)), lv.spawns.size());
                lv.spawns.insert(lv.spawns.begin() + std::ptrdiff_t(i), *e->wasSpawn);
            }
            ++out.spawnEditsUndone;
        }
    }
    out.match = out.editsUndone() > 0 && levelContentHash(lv) == replay.levelHash
                    ? ReplayLevelMatch::SessionEdits
                    : ReplayLevelMatch::Changed;
    return out;
}

std::string describeStartLevel(const ReplayStartLevel& start) {
    std::string edits;
    if (start.tileEditsUndone > 0)
        edits = countText(start.tileEditsUndone, "tile edit", "tile edits");
    if (start.spawnEditsUndone > 0)
        edits += (edits.empty() ? "" : " and ") +
                 countText(start.spawnEditsUndone, "spawn edit", "spawn edits");
    edits += " the session made while playing";
    switch (start.match) {
    case ReplayLevelMatch::Recorded:
        return {};
    case ReplayLevelMatch::SessionEdits:
        return "the level has the " + edits +
               (start.editsUndone() == 1
                    ? ": the replay starts without it and makes it at its step"
                    : ": the replay starts without them and makes them at their steps");
    case ReplayLevelMatch::Changed:
        return start.editsUndone() == 0 ? "the level changed since recording"
                                        : "the level changed since recording, besides the " +
                                              edits + " (undone for the run)";
    }
    return {};
}

} // namespace ts::level
