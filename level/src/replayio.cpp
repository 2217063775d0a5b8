// Replay files: the canonical text writer and replay paths (replayread.cpp reads them).
#include "tilesmith/level/replay.h"

#include "leveltext.h"
#include "replaykeys.h"
#include "replayspawns.h"
#include "tilesmith/level/atomicfile.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <string_view>

namespace ts::level {

using namespace replaytext;

namespace {

template <typename T> void appendNumber(std::string& out, T v) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

void appendKeys(std::string& out, const Input& k) {
    std::string keys;
    for (auto [on, name] : {std::pair{k.left, "left"}, std::pair{k.right, "right"},
                            std::pair{k.jump, "jump"}, std::pair{k.down, "down"}}) {
        if (!on)
            continue;
        if (!keys.empty())
            keys += ',';
        keys += name;
    }
    out += keys.empty() ? "none" : keys;
}

/// The settings as `key=value` words, in kSettingsKeys order (the first `count`).
void appendSettings(std::string& out, const WorldSettings& s, std::size_t count) {
    const float f[] = {s.gravity,      s.walkSpeed,         s.jumpSpeed,
                       s.maxFallSpeed, s.oneWayThreshold,   0.0f,
                       s.dt,           s.correctionPercent, s.correctionSlop};
    for (std::size_t i = 0; i < count; ++i) {
        if (i)
            out += ' ';
        out += kSettingsKeys[i];
        out += '=';
        if (i == 5)
            appendNumber(out, s.partitionCellTiles);
        else if (i == 9)
            appendNumber(out, s.solverIterations);
        else
            appendNumber(out, f[i]);
    }
}

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// `KIND X Y KEY=VALUE...`: a recorded spawn after its id (the `spawns:` section's words).
void appendSpawnFields(std::string& out, const Spawn& sp) {
    out += spawnKindName(sp.kind);
    out += ' ';
    appendNumber(out, sp.x);
    out += ' ';
    appendNumber(out, sp.y);
    for (const SpawnField& f : spawnFields(sp.kind)) {
        out += ' ';
        out += f.key;
        out += '=';
        appendNumber(out, sp.*f.member);
    }
}

} // namespace

// --- writing -----------------------------------------------------------------------

std::string hashToHex(std::uint64_t hash) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
    return buf;
}

std::string saveReplayToString(const Replay& r) {
    std::string out;
    out += "# Tilesmith replay: a recorded play session (see docs/format/replay-format.md)\n";
    // A replay of an unknown physics revision stays version 1 (it has no revision to
    // write), one without recorded spawns version 2: each as it was read, byte for byte.
    const bool knownRevision = r.physicsRevision != kUnknownPhysicsRevision;
    const bool withSpawns = knownRevision && r.spawns.has_value();
    out += "tilesmith-replay: ";
    // Versions 3 and later as the replay says (a version-3 file stays 3, byte for byte).
    const int version = withSpawns      ? std::clamp(r.formatVersion, 3, kReplayFormatVersion)
                        : knownRevision ? 2
                                        : 1;
    appendNumber(out, version);
    out += '\n';
    out += "level: " + r.levelPath + "\n";
    out += "level-hash: " + hashToHex(r.levelHash) + "\n";
    out += "physics: ";
    appendSettings(out, worldSettings(r.physics), kPhysicsKeyCount);
    out += '\n';
    if (knownRevision) {
        out += "physics-revision: ";
        appendNumber(out, r.physicsRevision);
        out += '\n';
    }
    if (r.playerStart) {
        out += "player-start: ";
        appendNumber(out, r.playerStart->first);
        out += ' ';
        appendNumber(out, r.playerStart->second);
        out += '\n';
    }
    if (!r.recorded.empty())
        out += "recorded: " + r.recorded + "\n";
    out += "steps: ";
    appendNumber(out, r.steps);
    out += "\ncheckpoint-interval: ";
    appendNumber(out, r.checkpointInterval);
    out += '\n';
    out += "final-hash: " + hashToHex(r.finalHash) + "\n";
    if (withSpawns) {
        out += "spawns:\n";
        for (const Spawn& sp : *r.spawns) {
            appendNumber(out, sp.id);
            out += ' ';
            appendSpawnFields(out, sp);
            out += '\n';
        }
    } else {
        out += "bodies:";
        for (std::int64_t id : r.bodyIds) {
            out += ' ';
            appendNumber(out, id);
        }
        out += '\n';
    }
    out += "inputs:\n";
    for (const InputRange& in : r.inputs) {
        appendNumber(out, in.from);
        out += ' ';
        appendNumber(out, in.to);
        out += ' ';
        appendKeys(out, in.keys);
        out += '\n';
    }
    out += "events:\n";
    for (const ReplayEvent& e : r.events) {
        out += std::to_string(e.step);
        switch (e.kind) {
        case ReplayEventKind::Clone:
            out += " clone";
            break;
        case ReplayEventKind::Tile:
            out += " tile ";
            appendNumber(out, e.x);
            out += ' ';
            appendNumber(out, e.y);
            out += ' ';
            out += tileKindName(e.tile);
            if (e.was && version >= 4) {
                out += " was=";
                out += tileKindName(*e.was);
            }
            break;
        case ReplayEventKind::Scale:
            out += " scale ";
            appendNumber(out, e.scale);
            break;
        case ReplayEventKind::Settings:
            out += " settings ";
            appendSettings(out, e.settings, std::size(kSettingsKeys));
            break;
        case ReplayEventKind::Spawn: // version 4 only (the reader refuses it before)
            out += " spawn ";
            appendNumber(out, e.spawnId);
            out += ' ';
            if (e.spawn)
                appendSpawnFields(out, *e.spawn);
            else
                out += "removed";
            if (e.wasSpawn) {
                out += " was ";
                appendNumber(out, e.wasIndex);
                out += ' ';
                appendSpawnFields(out, *e.wasSpawn);
            }
            break;
        }
        out += '\n';
    }
    out += "checkpoints:\n";
    const std::vector<Vec2>* prev = nullptr;
    for (const ReplayCheckpoint& c : r.checkpoints) {
        out += std::to_string(c.step) + " " + hashToHex(c.hash);
        std::size_t nextRemoved = 0;
        for (std::size_t i = 0; i < c.positions.size(); ++i) {
            const Vec2 p = c.positions[i];
            if (nextRemoved < c.removed.size() && c.removed[nextRemoved] == i) {
                ++nextRemoved;
                out += " -"; // a body removed while running (version 4)
                continue;
            }
            if (prev && i < prev->size() && sameBits((*prev)[i].x, p.x) &&
                sameBits((*prev)[i].y, p.y)) {
                out += " =";
                continue;
            }
            out += ' ';
            appendNumber(out, p.x);
            out += ',';
            appendNumber(out, p.y);
        }
        out += '\n';
        prev = &c.positions;
    }
    return out;
}

bool saveReplayFile(const Replay& replay, const std::string& path, std::string* error) {
    // Appends only (GCC 12 -O2 reports a false -Wrestrict in `const char* + std::string&&`).
    auto refuse = [&](const std::string& why) {
        if (error)
            *error = std::string("cannot save ").append(path).append(": ").append(why);
        return false;
    };
    // ReplayRecorder::finish() cannot know where the replay goes: the caller names the level.
    if (replay.levelPath.empty())
        return refuse(std::string("the replay names no level (Replay::levelPath is empty; set "
                                  "it to relativeLevelPath(LEVEL_FILE, \"")
                          .append(path)
                          .append("\") before saving)"));
    // Never write a file that loadReplayFile() would refuse: the reader is the one rule.
    const std::string text = saveReplayToString(replay);
    const ReplayLoadResult back = loadReplayFromString(text, path);
    if (!back.ok()) {
        const Diagnostic& d = back.errors.front();
        return refuse(std::string("the replay is not valid (its line ")
                          .append(std::to_string(d.line))
                          .append(": ")
                          .append(d.message)
                          .append(")"));
    }
    return writeFileAtomically(path, text, error);
}

std::string replayLevelPath(const Replay& replay, const std::string& replayFile) {
    namespace fs = std::filesystem;
    const fs::path level(replay.levelPath);
    if (level.is_absolute())
        return level.string();
    return (fs::path(replayFile).parent_path() / level).lexically_normal().string();
}

std::string relativeLevelPath(const std::string& levelFile, const std::string& replayFile) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path level = fs::absolute(levelFile, ec);
    const fs::path dir = fs::absolute(replayFile, ec).parent_path();
    fs::path rel = level.lexically_relative(dir);
    if (rel.empty())
        rel = level;
    return rel.generic_string();
}

} // namespace ts::level
