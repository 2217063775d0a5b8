// `tilesmith replay check|update REPLAY...`: recorded sessions as regression tests.
#include "clicommon.h"

#include "tilesmith/level/levelio.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/replay.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ts::app {

namespace {

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

std::string jsonNumber(float v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", double(v));
    const std::string s = buf;
    return s.find_first_of("ni") != std::string::npos ? "null" : s; // nan, inf
}

/// Physics keys whose value differs between the recording and the level now.
std::string physicsChanges(const level::PhysicsSettings& was, const level::PhysicsSettings& now) {
    std::string out;
    auto add = [&](const char* key, double a, double b) {
        if (a == b)
            return;
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s%s %g -> %g", out.empty() ? "" : ", ", key, a, b);
        out += buf;
    };
    add("gravity", was.gravity, now.gravity);
    add("walk_speed", was.walkSpeed, now.walkSpeed);
    add("jump_speed", was.jumpSpeed, now.jumpSpeed);
    add("max_fall_speed", was.maxFallSpeed, now.maxFallSpeed);
    add("one_way_threshold", was.oneWayThreshold, now.oneWayThreshold);
    add("partition_cell", was.partitionCell, now.partitionCell);
    add("dt", was.dt, now.dt);
    return out;
}

/// A tile as JSON: [x, y], or null.
std::string jsonTile(const std::optional<std::pair<int, int>>& t) {
    return t ? "[" + std::to_string(t->first) + ", " + std::to_string(t->second) + "]" : "null";
}

/// What a desync is, as `cause` says it.
const char* causeName(level::ReplayDesyncKind k) {
    switch (k) {
    case level::ReplayDesyncKind::Spawns:
        return "spawns";
    case level::ReplayDesyncKind::Bodies:
        return "bodies";
    case level::ReplayDesyncKind::Position:
        return "position";
    case level::ReplayDesyncKind::State:
        return "state";
    case level::ReplayDesyncKind::FileHash:
        return "file_hash";
    case level::ReplayDesyncKind::FileCheckpoint:
        return "file_checkpoint";
    }
    return "position";
}

/// A desync's fields after "status": the cause, the body farthest apart (null fields
/// without one) and each spawn change with its sentence.
std::string desyncJson(const level::ReplayDesync& d) {
    using Change = level::ReplaySpawnChange;
    std::string j =
        ", \"step\": " + std::to_string(d.step) + ", \"cause\": \"" + causeName(d.kind) + "\"";
    const std::optional<level::ReplayBodyDifference>& b = d.body;
    j += ", \"body\": " + (b ? jsonString(b->body) : "null");
    j += ", \"spawn\": " + (b && b->spawnId != 0 ? std::to_string(b->spawnId) : "null");
    j += ", \"body_step\": " + (b ? std::to_string(b->step) : "null");
    j += ", \"x\": " + (b ? jsonNumber(b->position.x) : "null");
    j += ", \"y\": " + (b ? jsonNumber(b->position.y) : "null");
    j += ", \"recorded_x\": " + (b ? jsonNumber(b->recordedPosition.x) : "null");
    j += ", \"recorded_y\": " + (b ? jsonNumber(b->recordedPosition.y) : "null");
    j += ", \"tile\": " + (b ? jsonTile(b->tile) : "null");
    j += ", \"recorded_tile\": " + (b ? jsonTile(b->recordedTile) : "null");
    j += ", \"spawn_changes\": [";
    for (std::size_t i = 0; i < d.spawnChanges.size(); ++i) {
        const Change& c = d.spawnChanges[i];
        const char* what = c.kind == Change::Kind::Removed   ? "removed"
                           : c.kind == Change::Kind::Added   ? "added"
                           : c.kind == Change::Kind::Changed ? "changed"
                                                             : "reordered";
        const std::optional<level::Spawn>& s = c.now ? c.now : c.recorded;
        j += (i ? ", " : "") + std::string("{\"change\": \"") + what +
             "\", \"spawn\": " + std::to_string(c.id) +
             ", \"kind\": " + (s ? jsonString(level::spawnKindName(s->kind)) : "null") +
             ", \"message\": " + jsonString(level::describeSpawnChange(c)) + "}";
    }
    return j + "]";
}

/// The recorded physics revision as JSON: a number, or null when unknown.
std::string jsonRevision(int revision) {
    return revision == level::kUnknownPhysicsRevision ? "null" : std::to_string(revision);
}

/// What checking one replay found: its JSON object, and the lines the text
/// report prints for it, in order (the check runs on any thread; the printing
/// happens afterwards, replay by replay, in the order given).
struct CheckOutcome {
    bool ok = true;
    std::string entry;
    std::vector<std::pair<FILE*, std::string>> lines;

    void print(FILE* to, std::string text) { lines.emplace_back(to, std::move(text)); }
};

/// printf into a std::string.
template <typename... A> std::string format(const char* fmt, A... args) {
    const int n = std::snprintf(nullptr, 0, fmt, args...);
    std::string out(static_cast<std::size_t>(std::max(n, 0)), '\0');
    std::snprintf(out.data(), out.size() + 1, fmt, args...);
    return out;
}

CheckOutcome checkOne(const std::string& path, bool json) {
    CheckOutcome o;
    const LoadedReplay l = loadReplayAndLevel(path);
    std::string& entry = o.entry;
    entry = "{\"replay\": " + jsonString(path);
    if (!l.level) {
        o.ok = false;
        entry += ", \"status\": \"error\", \"errors\": [";
        for (std::size_t e = 0; e < l.errors.size(); ++e)
            entry += (e ? ", " : "") + jsonString(l.errors[e].toString());
        entry += "]}";
        if (!json)
            for (const level::Diagnostic& d : l.errors)
                o.print(stderr, d.toString() + "\n");
        return o;
    }
    const level::ReplayCheckResult c = level::checkReplay(*l.level, *l.replay);
    const std::string changes = physicsChanges(l.replay->physics, l.level->physics);
    const std::string revision = level::physicsRevisionNote(*l.replay);
    entry += ", \"level\": " + jsonString(l.levelPath) +
             ", \"steps\": " + std::to_string(l.replay->steps) +
             ", \"level_changed\": " + (c.levelChanged ? "true" : "false") +
             ", \"session_edits_undone\": " + std::to_string(c.editsUndone) +
             ", \"physics_revision\": " + jsonRevision(l.replay->physicsRevision) +
             ", \"build_physics_revision\": " + std::to_string(kPhysicsRevision);
    if (!changes.empty())
        entry += ", \"physics_changed\": " + jsonString(changes);
    if (!revision.empty())
        entry += ", \"physics_revision_changed\": " + jsonString(revision);
    // The level has the session's own edits (play mode paints into the level), or more.
    const std::string& levelNote = c.levelNote;
    if (c.ok()) {
        entry += ", \"status\": \"ok\", \"final_hash\": \"" + level::hashToHex(c.finalHash) + "\"}";
        if (!json)
            o.print(stdout, format("%s: ok (%s%s%s)\n", path.c_str(),
                                   level::countText(l.replay->steps, "step", "steps").c_str(),
                                   levelNote.empty() ? "" : ("; " + levelNote).c_str(),
                                   revision.empty() ? "" : ("; " + revision).c_str()));
        return o;
    }
    o.ok = false;
    const level::ReplayDesync& d = *c.desync;
    if (!revision.empty() && !json) {
        // Another physics revision: the physics changed deliberately since recording.
        // Say so at the header line that names the revision, then where it differs.
        o.print(stderr,
                format("%s:%d:%d: error: desync at step %llu: %s; %s\n", path.c_str(),
                       l.revisionLine, l.revisionColumn, static_cast<unsigned long long>(d.step),
                       revision.c_str(), level::replayUpdateHint(path).c_str()));
        o.print(stderr, path + ": note: " + level::describeDesync(d) + "\n");
        return o;
    }
    entry += ", \"status\": \"desync\"" + desyncJson(d) +
             ", \"message\": " + jsonString(level::describeDesync(d)) + "}";
    if (!revision.empty())
        entry.insert(entry.size() - 1, ", \"hint\": " + jsonString(level::replayUpdateHint(path)));
    if (!json) {
        o.print(stderr, path + ": error: " + level::describeDesync(d) + "\n");
        if (!changes.empty())
            o.print(stderr, path + ": note: physics changed since recording: " + changes + "\n");
        else if (c.levelChanged && c.editsUndone == 0)
            o.print(stderr, path + ": note: " + l.levelPath + " changed since recording\n");
        else if (!levelNote.empty())
            o.print(stderr, path + ": note: " + l.levelPath + ": " + levelNote + "\n");
    }
    return o;
}

int runCheck(const std::vector<std::string>& files, bool json, int threads) {
    // Each replay is checked on its own (loads, worlds, outcomes): several at once,
    // reported in the order given, so the output is the same for any -j. A replay's
    // lines are printed (and flushed, for a pipe) as soon as it and every one before it
    // are done.
    std::vector<CheckOutcome> outcomes(files.size());
    std::vector<bool> done(files.size(), false);
    std::mutex lock;
    std::size_t printed = 0;
    forEachIndex(files.size(), threads, [&](std::size_t i) {
        CheckOutcome o = checkOne(files[i], json);
        const std::lock_guard<std::mutex> guard(lock);
        outcomes[i] = std::move(o);
        done[i] = true;
        for (; printed < files.size() && done[printed]; ++printed) {
            for (const auto& [to, text] : outcomes[printed].lines)
                std::fputs(text.c_str(), to);
            std::fflush(stdout);
        }
    });
    bool allOk = true;
    std::string out = json ? "[" : "";
    for (std::size_t i = 0; i < files.size(); ++i) {
        allOk = allOk && outcomes[i].ok;
        if (json)
            out += (i ? ",\n " : "") + outcomes[i].entry;
    }
    if (json)
        std::printf("%s]\n", out.c_str());
    std::fflush(stdout);
    return allOk ? 0 : 1;
}

int runUpdate(const std::vector<std::string>& files) {
    bool allOk = true;
    for (const std::string& path : files) {
        const LoadedReplay l = loadReplayAndLevel(path);
        if (!l.level) {
            allOk = false;
            for (const level::Diagnostic& d : l.errors)
                std::fprintf(stderr, "%s\n", d.toString().c_str());
            continue;
        }
        const level::Replay updated = level::rerecordReplay(*l.level, *l.replay);
        const int was = l.replay->physicsRevision;
        const std::string revision =
            was == updated.physicsRevision
                ? std::string()
                : "; physics revision " +
                      (was == level::kUnknownPhysicsRevision ? std::string("unknown")
                                                             : std::to_string(was)) +
                      " -> " + std::to_string(updated.physicsRevision);
        if (!writeOutput(path, level::saveReplayToString(updated))) {
            allOk = false;
            continue;
        }
        std::printf("%s: updated (%s, final hash %s%s)\n", path.c_str(),
                    level::countText(updated.steps, "step", "steps").c_str(),
                    level::hashToHex(updated.finalHash).c_str(), revision.c_str());
        std::fflush(stdout); // a pipe sees each replay's line as it is made
    }
    std::fflush(stdout);
    return allOk ? 0 : 1;
}

} // namespace

LoadedReplay loadReplayAndLevel(const std::string& path) {
    LoadedReplay l;
    level::ReplayLoadResult r = level::loadReplayFile(path);
    if (!r.ok()) {
        l.errors = std::move(r.errors);
        return l;
    }
    l.replay = std::move(r.replay);
    l.revisionLine = r.revisionLine;
    l.revisionColumn = r.revisionColumn;
    l.levelPath = level::replayLevelPath(*l.replay, path);
    level::LoadResult lv = level::loadLevelFile(l.levelPath);
    if (!lv.ok()) {
        // Which replay needs the level, and what to do, then the level's own errors.
        // (Appends only: GCC 12 -O2 reports a false -Wrestrict in `const char* + std::string&&`.)
        l.errors.push_back({path, 0, 0,
                            std::string("cannot load its level '")
                                .append(l.replay->levelPath)
                                .append("' (")
                                .append(l.levelPath)
                                .append("): fix the level's errors below, or the replay's "
                                        "'level:' line if the level moved")});
        for (level::Diagnostic& d : lv.errors) {
            if (d.file.empty())
                d.file = l.levelPath;
            l.errors.push_back(std::move(d));
        }
        return l;
    }
    // A player start off the map (the level shrank since recording) cannot be replayed.
    if (const auto& start = l.replay->playerStart) {
        std::string why;
        if (!level::levelWithPlayerAt(*lv.level, start->first, start->second, &why)) {
            l.errors.push_back({path, r.playerStartLine, r.playerStartColumn,
                                why.append("; its level ")
                                    .append(l.levelPath)
                                    .append(" is ")
                                    .append(std::to_string(lv.level->width))
                                    .append(" x ")
                                    .append(std::to_string(lv.level->height))
                                    .append(" tiles: fix the replay's 'player-start:' line, or "
                                            "record it again")});
            return l;
        }
    }
    l.level = std::move(lv.level);
    return l;
}

const char* const kReplayHelp =
    R"help(Usage: tilesmith replay check [--json] [-j N] REPLAY.tsreplay...
       tilesmith replay update REPLAY.tsreplay...

Replays are recorded play sessions (the editor records every session; Save Replay
As... writes one; 'tilesmith simulate LEVEL --steps N --record OUT.tsreplay' makes
one headless). Each names its level by a path relative to the replay.

  check    runs every replay's inputs on its level as the level is now and
           compares the recorded checkpoints (state hash, body count and every
           body's position every K steps) and the final hash. Prints "REPLAY: ok"
           or, on stderr, "REPLAY: error: desync at step N: WHAT" (N is the first
           checkpoint that differs; WHAT names spawns as the editor does: "NPC #5
           was removed since recording", "NPC #2 is at tile 36, 16 (580.50,
           64.00 px), recorded at tile 35, 16 (568.00, 64.00 px): 12.50 px
           apart"; tiles as the editor counts them, pixels y up), the
           replay's load errors, or "REPLAY: error: cannot load its level ..."
           and the level's errors. A replay recorded with another
           physics revision (the physics library changed its motion on purpose
           since) that desyncs says so: "REPLAY:LINE:COLUMN: error: desync at
           step N: recorded with physics revision R, this build is B; run
           'tilesmith replay update REPLAY' to re-record the checkpoints".
  update   re-records the expected hashes and positions after an intended change
           (same inputs and events) with this build's physics revision, writing
           each replay atomically.

Options:
      --json     (check) one JSON array with an object per replay: replay, level,
                 steps, status (ok, desync or error), step, cause (spawns,
                 bodies, position, state, file_hash or file_checkpoint),
                 body ("NPC #2", null when no position differs), spawn,
                 body_step, x, y, recorded_x, recorded_y, tile,
                 recorded_tile, spawn_changes (change, spawn, kind, message),
                 message, errors, physics_revision
                 (null when unknown), build_physics_revision,
                 physics_revision_changed and hint when they differ
  -j, --threads N
                 (check) check N replays at a time (1 - 64; default: one per
                 hardware thread); the report is the same for every N, in the
                 order the replays were given
  -h, --help     show this help

Exit status: 0 when every replay reproduces (or was updated), 1 otherwise, 2 on a
usage error.
)help";

int runReplay(const Args& args) {
    if (args.positional.empty())
        return usageError("replay", "expected 'check' or 'update' and replay files");
    const std::string& what = args.positional[0];
    if (what != "check" && what != "update")
        return usageError("replay",
                          "unknown replay command '" + what + "' (expected check or update)");
    const std::vector<std::string> files(args.positional.begin() + 1, args.positional.end());
    if (files.empty())
        return usageError("replay", "no replay files given");
    if (what == "update" && args.has("json"))
        return usageError("replay", "--json is for 'replay check'");
    int threads = 0;
    if (std::string error; !readThreads(args, threads, error))
        return usageError("replay", error);
    if (args.has("threads") && what != "check")
        return usageError("replay", "--threads is for 'replay check'");
    return what == "check" ? runCheck(files, args.has("json"), threads) : runUpdate(files);
}

} // namespace ts::app
