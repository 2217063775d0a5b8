// Reading replay files: a strict line-based reader that reports every problem as
// FILE:LINE:COLUMN and refuses hostile input (size, counts, NUL bytes). The field
// parsers (numbers, hashes, settings words) are in replayfields.h.
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/replay.h"

#include "leveltext.h"
#include "replayfields.h"
#include "replayspawns.h"

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

enum class Section { Header, Spawns, Inputs, Events, Checkpoints };

/// How every replay starts (then the format version): what isReplayText() looks for.
constexpr std::string_view kReplayMagic = "tilesmith-replay:";

/// `before`, the first line the writer writes ('tilesmith-replay: 2'), then `after`.
/// (Appends only: GCC 12 -O2 reports a false -Wrestrict in `const char* + std::string&&`.)
std::string withVersionLine(const char* before, const char* after) {
    return std::string(before)
        .append("'tilesmith-replay: ")
        .append(std::to_string(kReplayFormatVersion))
        .append("'")
        .append(after);
}

constexpr limits::IntRange kCoordinate = limits::kTileCoordinate;

constexpr limits::FloatRange kScale = limits::kPlayerScale;

/// Why a tile coordinate has its range: "the largest map is 4096 x 4096 tiles".
std::string largestMapText() {
    return "the largest map is " + std::to_string(limits::kMapSide.hi) + " x " +
           std::to_string(limits::kMapSide.hi) + " tiles";
}

} // namespace

// --- reading -----------------------------------------------------------------------

ReplayLoadResult loadReplayFromString(const std::string& text, const std::string& fileName,
                                      const ReplayLimits& limits,
                                      const std::function<bool()>& cancelled) {
    ReplayLoadResult result;
    Reader rd(fileName, limits, result.errors);
    if (text.size() > limits.maxFileBytes) {
        rd.error(0, 0,
                 "the file is too large (" + std::to_string(text.size()) + " bytes; the limit is " +
                     std::to_string(limits.maxFileBytes) + ")");
        return result;
    }
    if (text.empty()) {
        rd.error(1, 0, withVersionLine("empty file (expected ", ")"));
        return result;
    }

    Replay r;
    Section section = Section::Header;
    std::map<std::string, int> headerLine; // key -> line
    bool sawVersion = false;
    std::uint64_t version = 0;
    std::string inputText; // the inputs section, other lines blank: line numbers stay right
    std::vector<int> inputLines;
    int line = 0;
    int lastLine = 0;
    linescan::Lines lines(text);
    std::string_view ln;
    std::uint64_t lastEventStep = 0;
    const auto tileCoordinate = [&](int at, const Word& w, const char* what, int& out) {
        return rd.integer(at, w, what, kCoordinate.lo, kCoordinate.hi, out, largestMapText());
    };
    std::uint64_t expectedCheckpoint = 0;
    bool checkpointsDone = false;
    SpawnSection spawns; // version 3's `spawns:` section
    const auto stopped = [&](int at) {
        if (!cancelled || !cancelled())
            return false;
        result.errors.clear();
        rd.error(at, 0, "the read was cancelled");
        return true;
    };
    while (!rd.full() && lines.next(ln)) {
        line = lines.number();
        lastLine = line;
        if (line % kReplayCancelLines == 0 && stopped(line))
            return result;
        const auto bad = std::find_if(ln.begin(), ln.end(), [](char c) {
            return (static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f;
        });
        if (bad != ln.end()) {
            rd.error(line, std::size_t(bad - ln.begin()),
                     *bad == '\0' ? "NUL byte (is this a text file?)"
                                  : "control character " + shown(std::string_view(&*bad, 1)));
            if (*bad == '\0')
                break; // a binary file: one error is enough
            continue;
        }
        const std::size_t firstChar = ln.find_first_not_of(" \t");
        if (firstChar == std::string_view::npos || ln[firstChar] == '#') {
            inputText += '\n';
            continue;
        }
        if (!sawVersion) {
            if (ln.substr(0, 18) != "tilesmith-replay: ") {
                rd.error(line, firstChar,
                         withVersionLine("not a Tilesmith replay (expected ", " first, got ") +
                             shown(ln) + ")");
                break;
            }
            // The version in the level file's words (rules::): a newer one, or none.
            const std::vector<Word> w = splitWords(ln, 18);
            std::int64_t v = 0;
            if (w.size() != 1 || readIntText(w[0].text, v) != IntText::Integer || v < 1) {
                const std::string_view value = ln.substr(w.empty() ? ln.size() : w[0].column);
                rd.error(line, w.empty() ? ln.size() : w[0].column,
                         rules::formatVersionMessage("tilesmith-replay", rules::shownValue(value),
                                                     kReplayFormatVersion));
                break;
            }
            if (v > kReplayFormatVersion) {
                rd.error(line, w[0].column, rules::newerFormatMessage(v, kReplayFormatVersion));
                break;
            }
            version = std::uint64_t(v);
            sawVersion = true;
            if (version == 1) { // before physics revisions were stored: point at the version
                result.revisionLine = line;
                result.revisionColumn = int(w[0].column) + 1;
            }
            inputText += '\n';
            continue;
        }
        // Section headers: version 3 has `spawns:` before `inputs:`, older ones none.
        const std::string_view trimmed = ln.substr(firstChar);
        const std::pair<const char*, Section> sections[] = {{"spawns:", Section::Spawns},
                                                            {"inputs:", Section::Inputs},
                                                            {"events:", Section::Events},
                                                            {"checkpoints:", Section::Checkpoints}};
        bool isSection = false;
        for (auto [name, sec] : sections) {
            if (trimmed.substr(0, trimmed.find_last_not_of(" \t") + 1) != name)
                continue;
            isSection = true;
            const bool spawnsFirst = version >= 3;
            const int next = int(section) + (section == Section::Header && !spawnsFirst ? 2 : 1);
            if (sec == Section::Spawns && !spawnsFirst)
                rd.error(line, firstChar,
                         "section 'spawns:' needs format version 3 (the file says "
                         "'tilesmith-replay: " +
                             std::to_string(version) + "')");
            else if (int(sec) != next)
                rd.error(line, firstChar,
                         std::string("section '") + name + "' out of order (expected the header, " +
                             (spawnsFirst ? "then spawns:, inputs:, " : "then inputs:, ") +
                             "events:, checkpoints:)");
            else
                section = sec;
        }
        if (isSection) {
            inputText += '\n';
            continue;
        }

        switch (section) {
        case Section::Header: {
            inputText += '\n';
            const std::size_t colon = ln.find(':');
            if (colon == std::string_view::npos) {
                rd.error(line, firstChar, "expected 'KEY: VALUE' in the header, got " + shown(ln));
                break;
            }
            const std::string key(ln.substr(firstChar, colon - firstChar));
            static const char* const keys[] = {
                "level",        "level-hash", "physics", "physics-revision",
                "player-start", "recorded",   "steps",   "checkpoint-interval",
                "final-hash",   "bodies"};
            if (std::find_if(std::begin(keys), std::end(keys),
                             [&](const char* k) { return key == k; }) == std::end(keys)) {
                rd.error(line, firstChar,
                         "unknown header key " + shown(key) +
                             " (expected level, level-hash, physics, physics-revision, "
                             "player-start, recorded, steps, checkpoint-interval, final-hash or "
                             "bodies)");
                break;
            }
            if (key == "bodies" && version >= 3) {
                rd.error(line, firstChar,
                         "'bodies' is for format versions 1 and 2 (version 3 lists the bodies in "
                         "the 'spawns:' section)");
                break;
            }
            if (key == "physics-revision" && version < 2) {
                rd.error(line, firstChar,
                         "'physics-revision' needs format version 2 (the file says "
                         "'tilesmith-replay: " +
                             std::to_string(version) + "')");
                break;
            }
            if (headerLine.count(key)) {
                rd.error(line, firstChar,
                         "header key '" + key + "' is given twice (first on line " +
                             std::to_string(headerLine[key]) + ")");
                break;
            }
            headerLine[key] = line;
            const std::vector<Word> w = splitWords(ln, colon + 1);
            const std::size_t valueCol = w.empty() ? ln.size() : w[0].column;
            auto need = [&](std::size_t n, const char* what) {
                if (w.size() == n)
                    return true;
                rd.error(line, w.size() > n ? w[n].column : valueCol,
                         "'" + key + "' expects " + what);
                return false;
            };
            if (key == "level") {
                const std::string_view v = ln.substr(std::min(colon + 1, ln.size()));
                const std::size_t b = v.find_first_not_of(" \t");
                if (b == std::string_view::npos)
                    rd.error(line, ln.size(), "'level' expects the level's path");
                else
                    r.levelPath = std::string(v.substr(b, v.find_last_not_of(" \t") - b + 1));
            } else if (key == "level-hash" || key == "final-hash") {
                if (need(1, "16 hexadecimal digits"))
                    rd.hash(line, w[0], key.c_str(),
                            key == "level-hash" ? r.levelHash : r.finalHash);
            } else if (key == "physics") {
                WorldSettings s;
                if (w.empty())
                    rd.error(line, valueCol, "'physics' expects KEY=VALUE words");
                else if (rd.settings(line, w, 0, kPhysicsKeyCount, ln.size(), s))
                    r.physics = {
                        s.gravity,         s.walkSpeed,          s.jumpSpeed, s.maxFallSpeed,
                        s.oneWayThreshold, s.partitionCellTiles, s.dt};
            } else if (key == "physics-revision") {
                std::uint64_t rev = 0;
                if (need(1, "a physics revision number") &&
                    rd.u64(line, w[0], "'physics-revision'", rev, 1, 1000000)) {
                    r.physicsRevision = int(rev);
                    result.revisionLine = line;
                    result.revisionColumn = int(w[0].column) + 1;
                }
            } else if (key == "player-start") {
                int x = 0, y = 0;
                if (need(2, "a tile column and row") &&
                    tileCoordinate(line, w[0], "the start column", x) &&
                    tileCoordinate(line, w[1], "the start row", y)) {
                    r.playerStart = std::pair{x, y};
                    result.playerStartLine = line;
                    result.playerStartColumn = int(w[0].column) + 1;
                }
            } else if (key == "recorded") {
                r.recorded = w.empty() ? std::string() : std::string(ln.substr(valueCol));
            } else if (key == "steps") {
                if (need(1, "a step count"))
                    rd.steps(line, w[0], "'steps'", r.steps, 0);
            } else if (key == "checkpoint-interval") {
                if (need(1, "a step count"))
                    rd.u64(line, w[0], "'checkpoint-interval'", r.checkpointInterval, 1,
                           limits.maxCheckpointInterval);
            } else if (key == "bodies") {
                if (w.size() > limits.maxBodies) {
                    rd.error(line, w[limits.maxBodies].column,
                             "more than " + std::to_string(limits.maxBodies) + " bodies");
                    break;
                }
                for (const Word& word : w) {
                    std::uint64_t id = 0;
                    if (!rd.u64(line, word, "a spawn id", id, 1, 2147483647))
                        break;
                    r.bodyIds.push_back(std::int64_t(id));
                }
            }
            break;
        }
        case Section::Spawns: {
            inputText += '\n';
            readSpawnLine(rd, line, splitWords(ln), ln.size(), spawns);
            break;
        }
        case Section::Inputs:
            inputText.append(ln);
            inputText += '\n';
            inputLines.push_back(line);
            break;
        case Section::Events: {
            inputText += '\n';
            const std::vector<Word> w = splitWords(ln);
            ReplayEvent e;
            if (r.events.size() >= limits.maxEvents) {
                rd.error(line, firstChar,
                         "more than " + std::to_string(limits.maxEvents) + " events");
                break;
            }
            if (!rd.steps(line, w[0], "the event's step", e.step, 1))
                break;
            if (e.step < lastEventStep) {
                rd.error(line, w[0].column,
                         "events must be in step order (step " + std::to_string(e.step) +
                             " after step " + std::to_string(lastEventStep) + ")");
                break;
            }
            lastEventStep = e.step;
            const std::string kinds = version >= 4 ? "clone, tile, scale, settings or spawn"
                                                   : "clone, tile, scale or settings";
            if (w.size() < 2) {
                rd.error(line, ln.size(), "expected an event (" + kinds + ")");
                break;
            }
            const std::string_view kind = w[1].text;
            bool ok = true;
            if (kind == "clone") {
                e.kind = ReplayEventKind::Clone;
                if (w.size() != 2) {
                    rd.error(line, w[2].column, "'clone' takes no values");
                    ok = false;
                }
            } else if (kind == "tile") {
                e.kind = ReplayEventKind::Tile;
                // Version 4 may add the tile it replaced: `was=KIND`.
                const std::size_t most = version >= 4 ? 6 : 5;
                if (w.size() < 5 || w.size() > most) {
                    rd.error(line, w.size() > most ? w[most].column : ln.size(),
                             "'tile' expects X Y and " + tileKindNameList(" or ") +
                                 (version >= 4 ? ", then optionally was=KIND" : ""));
                    break;
                }
                ok = tileCoordinate(line, w[2], "the tile column", e.x) &&
                     tileCoordinate(line, w[3], "the tile row", e.y);
                if (ok) {
                    if (!tileKindFromName(w[4].text, e.tile)) {
                        rd.error(line, w[4].column,
                                 "expected " + tileKindNameList(" or ") + ", got " +
                                     shown(w[4].text));
                        ok = false;
                    }
                }
                if (ok && w.size() == 6) {
                    Tile was = Tile::Empty;
                    const std::string_view t = w[5].text;
                    if (!t.starts_with("was=")) {
                        rd.error(line, w[5].column,
                                 "expected was=KIND (the tile it replaced), got " + shown(t));
                        ok = false;
                    } else if (!tileKindFromName(t.substr(4), was)) {
                        rd.error(line, w[5].column + 4,
                                 "expected " + tileKindNameList(" or ") + " after 'was=', got " +
                                     shown(t.substr(4)));
                        ok = false;
                    } else {
                        e.was = was;
                    }
                }
            } else if (kind == "scale") {
                e.kind = ReplayEventKind::Scale;
                if (w.size() != 3) {
                    rd.error(line, w.size() > 3 ? w[3].column : ln.size(),
                             "'scale' expects one number");
                    break;
                }
                ok = rd.number(line, w[2], "the player's scale", e.scale, true); // nan: the range
                if (ok && !kScale.contains(e.scale)) {
                    rd.error(line, w[2].column,
                             "the player's scale must be " + detail::rangeText(kScale) + ", got " +
                                 detail::clip(w[2].text));
                    ok = false;
                }
            } else if (kind == "settings") {
                e.kind = ReplayEventKind::Settings;
                if (w.size() < 3) {
                    rd.error(line, ln.size(), "'settings' expects KEY=VALUE words");
                    break;
                }
                ok = rd.settings(line, w, 2, std::size(kSettingsKeys), ln.size(), e.settings);
            } else if (kind == "spawn" && version >= 4) {
                e.kind = ReplayEventKind::Spawn;
                ok = readSpawnEvent(rd, line, w, ln.size(), e);
            } else {
                rd.error(line, w[1].column,
                         "unknown event " + shown(kind) + " (expected " + kinds + ")");
                ok = false;
            }
            if (ok)
                r.events.push_back(e);
            break;
        }
        case Section::Checkpoints: {
            inputText += '\n';
            const std::vector<Word> w = splitWords(ln);
            if (checkpointsDone) {
                rd.error(line, firstChar,
                         "checkpoint after the final one (step " + std::to_string(r.steps) + ")");
                break;
            }
            ReplayCheckpoint c;
            if (!rd.steps(line, w[0], "the checkpoint's step", c.step, 1))
                break;
            const std::uint64_t interval = std::max<std::uint64_t>(r.checkpointInterval, 1);
            expectedCheckpoint = std::min(expectedCheckpoint + interval, r.steps);
            if (c.step != expectedCheckpoint) {
                rd.error(line, w[0].column,
                         "expected the checkpoint of step " + std::to_string(expectedCheckpoint) +
                             " (one every " + std::to_string(interval) +
                             " steps and one at the last step), got step " +
                             std::to_string(c.step));
                checkpointsDone = true;
                break;
            }
            if (w.size() < 2) {
                rd.error(line, ln.size(), "expected the state hash after the step");
                break;
            }
            if (!rd.hash(line, w[1], "the state hash", c.hash))
                break;
            if (w.size() - 2 > limits.maxBodies) {
                rd.error(line, w[2 + limits.maxBodies].column,
                         "more than " + std::to_string(limits.maxBodies) + " bodies");
                break;
            }
            const std::vector<Vec2>* prev =
                r.checkpoints.empty() ? nullptr : &r.checkpoints.back().positions;
            bool ok = true;
            c.positions.reserve(w.size() - 2);
            for (std::size_t i = 2; i < w.size() && ok; ++i) {
                const Word& p = w[i];
                const std::size_t body = i - 2;
                if (p.text == "-" && version >= 4) { // a body removed while running
                    c.positions.push_back({});
                    c.removed.push_back(body);
                    continue;
                }
                if (prev &&
                    std::binary_search(r.checkpoints.back().removed.begin(),
                                       r.checkpoints.back().removed.end(), body) &&
                    version >= 4) {
                    rd.error(line, p.column,
                             "expected '-': this body was removed at an earlier checkpoint "
                             "(a removed body does not come back)");
                    ok = false;
                    continue;
                }
                if (p.text == "=") {
                    if (!prev || body >= prev->size()) {
                        rd.error(line, p.column,
                                 "'=' (unchanged) needs this body in the previous checkpoint");
                        ok = false;
                    } else {
                        c.positions.push_back((*prev)[body]);
                    }
                    continue;
                }
                const std::size_t comma = p.text.find(',');
                Vec2 v;
                ok =
                    comma != std::string_view::npos &&
                    rd.number(line, {p.text.substr(0, comma), p.column}, "a body's x", v.x, true) &&
                    rd.number(line, {p.text.substr(comma + 1), p.column + comma + 1}, "a body's y",
                              v.y, true);
                if (comma == std::string_view::npos)
                    rd.error(line, p.column,
                             "expected a body position X,Y or '=', got " + shown(p.text));
                c.positions.push_back(v);
            }
            if (!ok)
                break;
            const std::size_t atStart = version >= 3 ? spawns.spawns.size() : r.bodyIds.size();
            if (c.positions.size() < (prev ? prev->size() : atStart)) {
                rd.error(line, ln.size(),
                         "checkpoint has " + std::to_string(c.positions.size()) +
                             " bodies, fewer than " +
                             std::to_string(prev ? prev->size() : atStart) +
                             " (bodies are never removed during a session)");
                break;
            }
            if (c.step == r.steps)
                checkpointsDone = true;
            r.checkpoints.push_back(std::move(c));
            break;
        }
        }
    }
    if (rd.full() || !result.errors.empty())
        return result;

    const int endLine = std::max(lastLine, 1);
    if (!sawVersion) {
        rd.error(1, 0, withVersionLine("not a Tilesmith replay (no ", " line)"));
        return result;
    }
    for (const char* key : {"level", "level-hash", "physics", "physics-revision", "steps",
                            "checkpoint-interval", "final-hash", "bodies"}) {
        const std::string k = key;
        const bool needed = k == "physics-revision" ? version >= 2
                            : k == "bodies"         ? version < 3
                                                    : true;
        if (!headerLine.count(key) && needed)
            rd.error(endLine, 0, std::string("missing header key '") + key + "'");
    }
    if (section != Section::Checkpoints)
        rd.error(endLine, 0,
                 std::string("missing section (a replay has ") +
                     (version >= 3 ? "'spawns:', 'inputs:'," : "'inputs:',") +
                     " 'events:' and 'checkpoints:', in that order; the file may be truncated)");
    if (!result.errors.empty())
        return result;

    if (stopped(endLine))
        return result;
    // Inputs: the `FROM TO KEYS` rules of input scripts, then sorted, disjoint, within steps.
    InputScript script;
    if (parseInputScript(inputText, fileName, script, result.errors)) {
        std::uint64_t lastTo = 0;
        for (std::size_t i = 0; i < script.ranges.size() && !rd.full(); ++i) {
            const InputRange& in = script.ranges[i];
            const int l = i < inputLines.size() ? inputLines[i] : 0;
            if (in.from <= lastTo)
                rd.error(l, 0,
                         "input ranges must be in step order and not overlap (step " +
                             std::to_string(in.from) + " is in the range before)");
            else if (in.to > r.steps)
                rd.error(l, 0,
                         "input range ends at step " + std::to_string(in.to) +
                             ", after the last step " + std::to_string(r.steps));
            lastTo = in.to;
        }
        r.inputs = std::move(script.ranges);
    }
    if (!r.events.empty() && r.events.back().step > r.steps)
        rd.error(endLine, 0,
                 "an event at step " + std::to_string(r.events.back().step) +
                     " is after the last step " + std::to_string(r.steps));
    const std::uint64_t expectedCount =
        r.steps / r.checkpointInterval + (r.steps % r.checkpointInterval ? 1 : 0);
    if (r.checkpoints.size() != expectedCount)
        rd.error(endLine, 0,
                 "expected " + countText(expectedCount, "checkpoint", "checkpoints") +
                     " (one every " + countText(r.checkpointInterval, "step", "steps") +
                     " and one at step " + std::to_string(r.steps) + "), got " +
                     std::to_string(r.checkpoints.size()) + " (is the file truncated?)");
    else if (!r.checkpoints.empty() && r.checkpoints.back().hash != r.finalHash)
        rd.error(headerLine["final-hash"], 0,
                 "final-hash " + hashToHex(r.finalHash) +
                     " differs from the hash of the last checkpoint " +
                     hashToHex(r.checkpoints.back().hash));
    r.formatVersion = int(version);
    if (version >= 3) {
        for (const Spawn& s : spawns.spawns)
            r.bodyIds.push_back(s.id);
        r.spawns = std::move(spawns.spawns);
    }
    if (result.errors.empty())
        result.replay = std::move(r);
    return result;
}

bool isReplayText(std::string_view head) {
    linescan::Lines lines(head);
    std::string_view ln;
    while (lines.next(ln)) {
        const std::size_t first = ln.find_first_not_of(" \t");
        if (first == std::string_view::npos || ln[first] == '#')
            continue;
        return ln.starts_with(kReplayMagic);
    }
    return false;
}

ReplayLoadResult loadReplayFile(const std::string& path, const ReplayLimits& limits,
                                const std::function<bool()>& cancelled) {
    ReplayLoadResult result;
    std::string text;
    if (std::string error = detail::readFileCapped(path, limits.maxFileBytes, text);
        !error.empty()) {
        result.errors.push_back({path, 0, 0, std::move(error)});
        return result;
    }
    return loadReplayFromString(text, path, limits, cancelled);
}

} // namespace ts::level
