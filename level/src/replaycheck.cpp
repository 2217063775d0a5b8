// Comparing a run with a replay's checkpoints (ReplayChecker, checkReplay) and the
// desync report in the designer's terms: spawns by the editor's names ("NPC #2"),
// tiles as the editor counts them beside the physics pixels.
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"

#include "replayspawns.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace ts::level {

using replaytext::recordedSpawn;
using replaytext::sameValue;
using replaytext::spawnFields;

namespace {

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool sameBits(Vec2 a, Vec2 b) {
    return sameBits(a.x, b.x) && sameBits(a.y, b.y);
}

/// The world's bodies matched to the recording: spawn bodies by spawn id (a spawn added
/// or removed since recording shifts the others), clones by the order they were made.
struct BodyMatch {
    std::vector<BodyId> ids;            ///< in the run's order; a removed body is no longer valid
    std::vector<std::int64_t> spawnIds; ///< 0 for a clone
    /// Each body's index in the recorded bodies (checkpoint positions); none for a body
    /// the recording does not have.
    std::vector<std::optional<std::size_t>> recorded;
    std::size_t startBodies = 0; ///< the first ones: those the run started with
};

/// Bodies the run started with are matched by spawn id, those made since (clones, spawns
/// edited while running) by the order they were made. `startIds` are the spawn ids of the
/// first ones (they are known even once removed).
BodyMatch matchBodies(const Replay& replay, const World& world, std::vector<BodyId> ids,
                      const std::vector<std::int64_t>& startIds) {
    std::unordered_map<std::int64_t, std::size_t> index;
    for (std::size_t i = 0; i < replay.bodyIds.size(); ++i)
        index.emplace(replay.bodyIds[i], i);
    BodyMatch m;
    m.ids = std::move(ids);
    m.startBodies = std::min(startIds.size(), m.ids.size());
    for (std::size_t i = 0; i < m.ids.size(); ++i) {
        if (i >= m.startBodies) {
            m.spawnIds.push_back(std::int64_t(world.userData(m.ids[i])));
            m.recorded.push_back(replay.bodyIds.size() + (i - m.startBodies));
            continue;
        }
        const std::int64_t spawn = startIds[i];
        m.spawnIds.push_back(spawn);
        const auto it = index.find(spawn);
        m.recorded.push_back(spawn == 0 || it == index.end()
                                 ? std::nullopt
                                 : std::optional<std::size_t>(it->second));
    }
    return m;
}

bool recordedRemoved(const ReplayCheckpoint& cp, std::size_t index) {
    return std::binary_search(cp.removed.begin(), cp.removed.end(), index);
}

/// Spawns by id.
std::unordered_map<std::int64_t, const Spawn*> spawnsById(const std::vector<Spawn>& spawns) {
    std::unordered_map<std::int64_t, const Spawn*> out;
    for (const Spawn& s : spawns)
        out.emplace(s.id, &s);
    return out;
}

/// The recorded spawn of body `index` when the file records spawns.
const Spawn* recordedSpawnAt(const Replay& replay, std::size_t index) {
    return replay.spawns && index < replay.spawns->size() ? &(*replay.spawns)[index] : nullptr;
}

/// A body's name: the level's spawn now, else the recorded one ("NPC #2"), else by id.
std::string bodyName(const Replay& replay, const Level& level, std::int64_t spawnId,
                     std::optional<std::size_t> recorded) {
    if (spawnId == 0)
        return replay.bodyName(recorded.value_or(replay.bodyIds.size()));
    if (const Spawn* s = level.findSpawn(int(spawnId)))
        return spawnLabel(s->kind, s->id);
    return recorded ? replay.bodyName(*recorded) : "spawn #" + std::to_string(spawnId);
}

/// The body whose position differs most from the recorded one, and how many differ.
std::optional<ReplayBodyDifference> comparePositions(const Replay& replay, const Level& level,
                                                     const World& world, const BodyMatch& m,
                                                     const ReplayCheckpoint& cp) {
    std::optional<ReplayBodyDifference> best;
    double bestDistance = -1;
    std::size_t apart = 0;
    for (std::size_t i = 0; i < m.ids.size(); ++i) {
        const std::optional<std::size_t> rec = m.recorded[i];
        if (!rec || *rec >= cp.positions.size())
            continue; // not recorded: a spawn added since, or a clone made only now
        if (!world.isValid(m.ids[i]) || recordedRemoved(cp, *rec))
            continue; // removed (a spawn edited while running): the counts tell
        const Vec2 p = world.position(m.ids[i]);
        const Vec2 r = cp.positions[*rec];
        if (sameBits(p, r))
            continue;
        ++apart;
        double d = std::hypot(double(p.x) - double(r.x), double(p.y) - double(r.y));
        if (!std::isfinite(d))
            d = std::numeric_limits<double>::infinity(); // NaN too: as far as it gets
        if (best && d <= bestDistance)
            continue;
        bestDistance = d;
        best = ReplayBodyDifference{cp.step,
                                    bodyName(replay, level, m.spawnIds[i], rec),
                                    m.spawnIds[i],
                                    p,
                                    r,
                                    spawnTileAt(level, p),
                                    spawnTileAt(level, r),
                                    0};
    }
    if (best)
        best->othersApart = apart - 1;
    return best;
}

bool spawnChanged(const Spawn& was, const Spawn& now) {
    if (was.kind != now.kind || was.x != now.x || was.y != now.y)
        return true;
    for (const replaytext::SpawnField& f : spawnFields(was.kind))
        if (!sameValue(was.*f.member, now.*f.member))
            return true;
    return false;
}

/// The spawns of the bodies now against the recorded ones: removed, added, changed and
/// the first pair whose order differs.
std::vector<ReplaySpawnChange>
compareSpawns(const Replay& replay, const std::vector<Spawn>& builtSpawns, const BodyMatch& m) {
    using Kind = ReplaySpawnChange::Kind;
    const auto byId = spawnsById(builtSpawns);
    const auto spawnNow = [&](std::int64_t id) -> std::optional<Spawn> {
        const auto it = byId.find(id);
        return it == byId.end() ? std::nullopt : std::optional<Spawn>(recordedSpawn(*it->second));
    };
    std::vector<std::int64_t> now; // the bodies the run started with
    for (std::size_t i = 0; i < m.startBodies; ++i)
        if (m.spawnIds[i] != 0)
            now.push_back(m.spawnIds[i]);
    const std::unordered_set<std::int64_t> nowSet(now.begin(), now.end());
    const std::unordered_set<std::int64_t> recSet(replay.bodyIds.begin(), replay.bodyIds.end());
    std::unordered_map<std::int64_t, std::size_t> recIndex;
    for (std::size_t i = 0; i < replay.bodyIds.size(); ++i)
        recIndex.emplace(replay.bodyIds[i], i);
    const auto spawnRecorded = [&](std::int64_t id) -> std::optional<Spawn> {
        const Spawn* s = recordedSpawnAt(replay, recIndex.at(id));
        return s ? std::optional<Spawn>(*s) : std::nullopt;
    };

    std::vector<ReplaySpawnChange> out;
    for (std::int64_t id : replay.bodyIds)
        if (!nowSet.count(id))
            out.push_back({Kind::Removed, id, spawnRecorded(id), std::nullopt, std::nullopt});
    for (std::int64_t id : now)
        if (!recSet.count(id))
            out.push_back({Kind::Added, id, std::nullopt, spawnNow(id), std::nullopt});
    for (std::int64_t id : now) {
        if (!recSet.count(id))
            continue;
        const std::optional<Spawn> was = spawnRecorded(id), is = spawnNow(id);
        if (was && is && spawnChanged(*was, *is))
            out.push_back({Kind::Changed, id, was, is, std::nullopt});
    }
    // The spawns both have, in each order: the first place they differ.
    std::vector<std::int64_t> nowCommon, recCommon;
    for (std::int64_t id : now)
        if (recSet.count(id))
            nowCommon.push_back(id);
    for (std::int64_t id : replay.bodyIds)
        if (nowSet.count(id))
            recCommon.push_back(id);
    const auto diverge =
        std::mismatch(nowCommon.begin(), nowCommon.end(), recCommon.begin(), recCommon.end());
    if (diverge.first != nowCommon.end() && diverge.second != recCommon.end())
        out.push_back({Kind::Reordered, *diverge.first, std::nullopt, spawnNow(*diverge.first),
                       spawnNow(*diverge.second)});
    return out;
}

// --- the words ---------------------------------------------------------------------

/// The shortest text that reads back to the same float: different values read different.
std::string exactText(float v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string printf1(const char* format, int decimals, double v) {
    char buf[512];
    std::snprintf(buf, sizeof buf, format, decimals, v);
    return buf;
}

/// A coordinate with `decimals` decimals; one too large for that, or inf or nan, with
/// 9 significant digits (which tell any two floats apart).
std::string coordinateText(float v, int decimals) {
    if (std::isfinite(v) && std::fabs(v) < 1e7f)
        return printf1("%.*f", decimals, v);
    return printf1("%.*g", 9, v);
}

/// Two coordinates printed alike with 2 decimals, or as many more as it takes for two
/// different values to read different (920.00006 against 920.00000).
std::pair<std::string, std::string> coordinateTexts(float a, float b) {
    for (int decimals = 2; decimals <= 12; ++decimals) {
        std::pair texts{coordinateText(a, decimals), coordinateText(b, decimals)};
        if (texts.first != texts.second || sameBits(a, b))
            return texts;
    }
    return {printf1("%.*g", 9, a), printf1("%.*g", 9, b)}; // -0 and 0 too
}

/// A distance in pixels with two significant digits at least: "12.50", "0.000061".
std::string distanceText(double d) {
    int decimals = 2;
    while (decimals < 12 && d > 0 && d < std::pow(10.0, 1 - decimals))
        ++decimals;
    return printf1("%.*f", decimals, d);
}

std::string tileText(const std::pair<int, int>& t) {
    return "tile " + std::to_string(t.first) + ", " + std::to_string(t.second);
}

std::string bodyText(const ReplayBodyDifference& b) {
    const auto [x, rx] = coordinateTexts(b.position.x, b.recordedPosition.x);
    const auto [y, ry] = coordinateTexts(b.position.y, b.recordedPosition.y);
    const auto where = [](const std::optional<std::pair<int, int>>& tile, const std::string& tx,
                          const std::string& ty) {
        return (tile ? tileText(*tile) + " " : std::string()) + "(" + tx + ", " + ty + " px)";
    };
    const double d = std::hypot(double(b.position.x) - double(b.recordedPosition.x),
                                double(b.position.y) - double(b.recordedPosition.y));
    std::string s =
        b.body + " is at " + where(b.tile, x, y) + ", recorded at " + where(b.recordedTile, rx, ry);
    if (std::isfinite(d))
        s += ": " + distanceText(d) + " px apart";
    if (b.othersApart > 0)
        s += " (and " + std::to_string(b.othersApart) +
             (b.othersApart == 1 ? " other body)" : " other bodies)");
    return s;
}

std::string spawnName(const std::optional<Spawn>& s, std::int64_t id) {
    return s ? spawnLabel(s->kind, s->id) : "spawn #" + std::to_string(id);
}

/// "velocity x 0 -> 80, tile 9, 16 -> 10, 16": what differs, in the editor's words.
std::string fieldChanges(const Spawn& was, const Spawn& now) {
    std::vector<std::string> out;
    if (was.kind != now.kind)
        out.push_back(std::string("kind ") + spawnKindTitle(was.kind) + " -> " +
                      spawnKindTitle(now.kind));
    if (was.x != now.x || was.y != now.y)
        out.push_back(tileText({was.x, was.y}) + " -> " + std::to_string(now.x) + ", " +
                      std::to_string(now.y));
    const auto nowFields = spawnFields(now.kind);
    for (const replaytext::SpawnField& f : spawnFields(was.kind)) {
        const bool bothUse =
            std::any_of(nowFields.begin(), nowFields.end(),
                        [&](const replaytext::SpawnField& g) { return g.member == f.member; });
        if (bothUse && !sameValue(was.*f.member, now.*f.member))
            out.push_back(std::string(f.label) + " " + exactText(was.*f.member) + " -> " +
                          exactText(now.*f.member));
    }
    std::string s;
    for (const std::string& c : out)
        s += (s.empty() ? "" : ", ") + c;
    return s;
}

} // namespace

/// What a check compares: the run's level, the spawns its world was built from, its world
/// and its bodies matched with the recorded ones.
struct ReplayChecker::Run {
    const Level& level;
    const std::vector<Spawn>& builtSpawns;
    const World& world;
    BodyMatch m;
};

void ReplayChecker::check(const ReplayRunner& runner, const ReplayCheckpoint& checkpoint) {
    if (mSettled)
        return;
    const LevelWorld& lw = runner.levelWorld();
    std::vector<BodyId> ids = lw.bodies.empty() ? lw.world.bodies() : lw.bodies;
    // The spawn ids of the bodies the run started with: from the spawns it was built from
    // (a body removed since has none in the world any more).
    std::vector<std::int64_t> startIds;
    const std::size_t start = lw.bodies.empty() ? ids.size() : lw.startBodies;
    for (const Spawn& s : runner.builtSpawns())
        if (isBodyKind(s.kind) && startIds.size() < start)
            startIds.push_back(s.id);
    // A body buildWorld() refused has no place in the world's order.
    if (startIds.size() != start) {
        startIds.clear();
        for (std::size_t i = 0; i < start; ++i)
            startIds.push_back(std::int64_t(lw.world.userData(ids[i])));
    }
    compare(Run{runner.level(), runner.builtSpawns(), lw.world,
                matchBodies(mReplay, lw.world, std::move(ids), startIds)},
            checkpoint);
}

void ReplayChecker::check(const Level& level, const World& world,
                          const ReplayCheckpoint& checkpoint) {
    if (mSettled)
        return;
    // A world no body was removed from: its spawn bodies first, then its clones.
    std::vector<BodyId> ids = world.bodies();
    std::vector<std::int64_t> startIds;
    for (BodyId id : ids) {
        if (world.userData(id) == 0)
            break;
        startIds.push_back(std::int64_t(world.userData(id)));
    }
    compare(Run{level, level.spawns, world, matchBodies(mReplay, world, std::move(ids), startIds)},
            checkpoint);
}

void ReplayChecker::compare(const Run& run, const ReplayCheckpoint& checkpoint) {
    const Level& level = run.level;
    const World& world = run.world;
    const BodyMatch& m = run.m;
    const std::uint64_t hash = world.stateHash();
    std::optional<ReplayBodyDifference> apart =
        comparePositions(mReplay, level, world, m, checkpoint);
    const std::size_t alive = std::size_t(
        std::count_if(m.ids.begin(), m.ids.end(), [&](BodyId id) { return world.isValid(id); }));
    const bool sameCount = m.ids.size() == checkpoint.positions.size() &&
                           alive == checkpoint.positions.size() - checkpoint.removed.size();
    const bool matches = hash == checkpoint.hash && !apart && sameCount;
    if (mDesync) {
        // Only the hash differed at the first checkpoint that did: later ones say more.
        if (matches) {
            mDesync->kind = ReplayDesyncKind::FileHash;
            mDesync->laterStep = checkpoint.step;
            mSettled = true;
        } else if (apart) {
            mDesync->body = std::move(apart);
            mSettled = true;
        } else {
            mDesync->laterStep = checkpoint.step;
        }
        return;
    }
    if (matches)
        return;
    ReplayDesync d;
    d.step = checkpoint.step;
    d.hash = hash;
    d.recordedHash = checkpoint.hash;
    d.bodies = alive;
    d.recordedBodies = checkpoint.positions.size() - checkpoint.removed.size();
    d.body = std::move(apart);
    mSettled = true;
    if (hash == checkpoint.hash) {
        d.kind = ReplayDesyncKind::FileCheckpoint; // the state is the recorded one
    } else if (d.spawnChanges = compareSpawns(mReplay, run.builtSpawns, m);
               !d.spawnChanges.empty()) {
        d.kind = ReplayDesyncKind::Spawns;
    } else if (!sameCount) {
        d.kind = ReplayDesyncKind::Bodies;
    } else if (d.body) {
        d.kind = ReplayDesyncKind::Position;
    } else {
        d.kind = ReplayDesyncKind::State;
        d.laterStep = checkpoint.step;
        mSettled = false;
    }
    mDesync = std::move(d);
}

ReplayCheckResult checkReplay(const Level& level, const Replay& replay) {
    ReplayCheckResult result;
    ReplayRunner runner(level, replay);
    result.levelMatch = runner.startLevel().match;
    result.editsUndone = runner.startLevel().editsUndone();
    result.levelNote = describeStartLevel(runner.startLevel());
    result.levelChanged = result.levelMatch == ReplayLevelMatch::Changed;
    ReplayChecker checker(runner.replay());
    std::size_t next = 0;
    while (next < replay.checkpoints.size() && !runner.atEnd() && !checker.settled()) {
        runner.advance();
        const ReplayCheckpoint& c = replay.checkpoints[next];
        if (runner.step() != c.step)
            continue;
        ++next;
        checker.check(runner, c);
    }
    result.desync = checker.desync();
    result.finalHash = runner.world().stateHash();
    return result;
}

std::string describeSpawnChange(const ReplaySpawnChange& c) {
    using Kind = ReplaySpawnChange::Kind;
    switch (c.kind) {
    case Kind::Removed:
        return spawnName(c.recorded, c.id) + " was removed since recording";
    case Kind::Added:
        return spawnName(c.now, c.id) + " was added since recording" +
               (c.now ? " at " + tileText({c.now->x, c.now->y}) : std::string());
    case Kind::Changed:
        return spawnName(c.recorded, c.id) + " changed since recording: " +
               (c.recorded && c.now ? fieldChanges(*c.recorded, *c.now) : std::string("?"));
    case Kind::Reordered:
        return "the level lists " + spawnName(c.now, c.id) + " before " +
               spawnName(c.other, c.other ? c.other->id : 0) +
               ", the recording after it (bodies move in the level's order)";
    }
    return {};
}

std::string describeDesync(const ReplayDesync& d) {
    std::string s = "desync at step " + std::to_string(d.step) + ": ";
    const std::string body = d.body ? bodyText(*d.body) : std::string();
    const std::string hashes =
        "state hash " + hashToHex(d.hash) + ", recorded " + hashToHex(d.recordedHash);
    const auto withBody = [&](std::string text) {
        return body.empty() ? text : text.append("; ").append(body);
    };
    switch (d.kind) {
    case ReplayDesyncKind::Spawns: {
        constexpr std::size_t kShown = 4;
        std::string changes;
        for (std::size_t i = 0; i < d.spawnChanges.size() && i < kShown; ++i)
            changes += (i ? "; " : "") + describeSpawnChange(d.spawnChanges[i]);
        if (d.spawnChanges.size() > kShown)
            changes +=
                "; and " + std::to_string(d.spawnChanges.size() - kShown) + " more spawn changes";
        return s + withBody(changes);
    }
    case ReplayDesyncKind::Bodies:
        return s + withBody("the run has " + std::to_string(d.bodies) + " bodies, the recording " +
                            std::to_string(d.recordedBodies) + " (clones made with Space differ)");
    case ReplayDesyncKind::Position:
        return s + body;
    case ReplayDesyncKind::State:
        s +=
            "every body is where recorded, but a speed, contact or facing differs (" + hashes + ")";
        if (d.body)
            return s + "; by step " + std::to_string(d.body->step) + " " + body;
        if (d.laterStep > d.step)
            return s + "; every body stays where recorded to step " + std::to_string(d.laterStep);
        return s;
    case ReplayDesyncKind::FileHash:
        return s + "only the checkpoint's state hash differs (" + hashes +
               "): every body is where recorded, and the next checkpoint, at step " +
               std::to_string(d.laterStep) + ", matches in full (was the file edited?)";
    case ReplayDesyncKind::FileCheckpoint:
        if (d.body)
            return s + "the state hash matches, but the recorded position of " + d.body->body +
                   " does not (the file was edited or damaged): " + body;
        return s + "the state hash matches, but the checkpoint lists " +
               std::to_string(d.recordedBodies) + " bodies and the run has " +
               std::to_string(d.bodies) + " (the file was edited or damaged)";
    }
    return s;
}

} // namespace ts::level
