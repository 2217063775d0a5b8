// `tilesmith lint`: can the player get there? Goals the reachability search
// (tilesmith/level/reach.h) cannot reach are errors; unreachable spawns and
// one-way platforms, a player with no ground below it and bodies that start
// inside walls are warnings. `--route ID -o FILE` (clilintroute.cpp) writes the
// inputs that take the player from its spawn to spawn ID.
#include "clilint.h"

#include "tilesmith/level/levelio.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

namespace ts::app {

static_assert(kMaxThreads == level::ReachOptions::kMaxThreads);

const char* const kLintHelp =
    R"(Usage: tilesmith lint LEVEL.yaml... [--strict] [--json] [-j N]
       tilesmith lint LEVEL.yaml --route ID -o ROUTE.inputs [--json] [-j N]

Answers "can the player get there?" by searching the player's moves with the
level's own physics (the character controller, the level's physics settings and
the player's size), starting from the player spawn. Reports:
  error    a goal the player cannot reach
  warning  a spawn the player never touches, a one-way platform it never
           stands on, a player spawn with no ground below it, a body that
           starts inside a solid tile, a level without a player
as FILE:LINE:COLUMN: error|warning: MESSAGE (stderr), each unreachable goal or
spawn followed by two notes (FILE:LINE:COLUMN: note: ...): the nearest point
the player reaches (tile, distance) and what stops it there (a ceiling, a wall,
a gap, jumps too low, no opening; tiles as x, y from the top row, each note at
its tile in the tiles block), then one summary line per file (stdout), as each
file is done ("FILE: not loaded, N errors" for a file that does not load).
Output is deterministic.

"Not reachable" means not found by a search of walking, jumping (straight,
left, right), dropping through one-way platforms and steering in the air, each
held for 4 steps, with states merged on a 4 px grid (vertical speed in 50 px/s
bands). Moving bodies (NPCs, boxes,
balls) are ignored by the search; a route is replayed with them before it is
written, and a goal whose route they block is reported as a warning.

Options:
      --route ID      write the route to spawn ID (needs -o); the file is an
                      input script: tilesmith simulate LEVEL --inputs FILE
                      replays it and reaches the spawn at its last step;
                      its errors stand at the spawn's line in the level
  -o, --output FILE   where --route writes (atomically; never over the level)
      --strict        warnings make the exit status 1 (not with --route,
                      which has no warnings: a usage error)
      --json          print the report as JSON on stdout instead (with
                      --route: the route written, or the errors)
  -j, --threads N     search on N threads (1 - 64; default: one per hardware
                      thread); the report is the same for every N
  -h, --help          show this help

Exit status: 0 no errors (and no warnings with --strict), 1 otherwise or on
invalid input, 2 on a usage error.

Example:
  tilesmith lint resources/levels/tutorial.yaml --route 7 -o route.inputs
  tilesmith simulate resources/levels/tutorial.yaml --inputs route.inputs
)";

namespace {

struct FileReport {
    std::string file;
    std::vector<Finding> findings;
    std::size_t surfaces = 0;
    std::size_t states = 0;
    int goals = 0;
    int goalsReached = 0;
    bool complete = true;
    QJsonObject search; ///< the model the search explored (ReachResult::model())
    QJsonArray goalList;
};

/// `v` as the double its shortest decimal text reads (0.158333331 as 0.15833333, not
/// 0.15833333134651184), so JSON prints the float as written.
double asWritten(float v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf - 1, v);
    *r.ptr = '\0';
    return std::strtod(buf, nullptr);
}

/// The "search" object of `lint --json`: whether the search explored its whole
/// model, and that model (docs/reachability.md "How the search works").
QJsonObject searchJson(const level::ReachResult& reach) {
    const level::ReachModel& m = reach.model();
    QJsonObject o;
    o["finished"] = reach.finished();
    o["exhaustive"] = m.exhaustive;
    o["steps_per_move"] = m.stepsPerMove;
    o["position_grid_px"] = asWritten(m.positionGrid);
    o["fine_grid_px"] = asWritten(m.fineGrid);
    o["speed_grid_px_s"] = asWritten(m.speedGrid);
    o["refinement"] = m.refine;
    return o;
}

FileReport lintLevel(const std::string& path, const level::LoadResult& r,
                     const level::ReachOptions& options) {
    FileReport rep;
    rep.file = path;
    const level::Level& lvl = *r.level;
    const level::ReachResult reach = level::findReachable(lvl, options);
    const level::LintReport lint = level::lintLevel(lvl, reach);
    rep.search = searchJson(reach);
    rep.surfaces = lint.surfaces;
    rep.states = lint.statesExplored;
    rep.complete = lint.complete;
    rep.goals = static_cast<int>(lint.goals.size());
    rep.goalsReached = lint.goalsReached;
    for (const level::LintGoal& g : lint.goals) {
        QJsonObject o;
        o["id"] = g.id;
        o["reachable"] = g.reachable;
        if (g.reachable) {
            o["steps"] = double(g.steps);
            o["route_replays"] = g.routeReplays;
        }
        rep.goalList.append(o);
    }
    for (const level::LintFinding& f : lint.findings) {
        // Where the finding points: its spawn's entry, the platform's first tile
        // in the tiles block, or (the search) the file alone.
        level::SourcePos pos;
        if (f.spawnIndex >= 0 && std::size_t(f.spawnIndex) < r.spawnPositions.size())
            pos = r.spawnPositions[std::size_t(f.spawnIndex)];
        else if (f.rule == level::LintRule::NoPlayer)
            pos = r.spawnsKey;
        else if (f.rule == level::LintRule::OneWayNeverStood && r.tilesOrigin.line > 0)
            pos = level::SourcePos{r.tilesOrigin.line + f.y, r.tilesOrigin.column + f.x0};
        Finding out{pos.line, pos.column, f.isError(), f.message};
        addReason(out, f.reason, r);
        rep.findings.push_back(std::move(out));
    }
    std::stable_sort(rep.findings.begin(), rep.findings.end(),
                     [](const Finding& a, const Finding& b) {
                         return std::tie(a.line, a.column) < std::tie(b.line, b.column);
                     });
    return rep;
}

} // namespace

std::string findingText(const std::string& file, const Finding& f) {
    std::string s = file + ":";
    if (f.line > 0)
        s += std::to_string(f.line) + ":" + std::to_string(f.column) + ":";
    s += f.error ? " error: " : " warning: ";
    return s + f.message;
}

void printFinding(const std::string& file, const Finding& f) {
    std::fprintf(stderr, "%s\n", findingText(file, f).c_str());
    for (const FindingNote& n : f.notes) {
        std::string s = file + ":";
        if (n.line > 0)
            s += std::to_string(n.line) + ":" + std::to_string(n.column) + ":";
        std::fprintf(stderr, "%s note: %s\n", s.c_str(), n.message.c_str());
    }
}

QJsonObject jsonFinding(const Finding& f) {
    QJsonObject o = f.json;
    o["line"] = f.line;
    o["column"] = f.column;
    o["severity"] = f.error ? QStringLiteral("error") : QStringLiteral("warning");
    o["message"] = QString::fromStdString(f.message);
    if (!f.notes.empty()) {
        QJsonArray notes;
        for (const FindingNote& n : f.notes) {
            QJsonObject note;
            note["line"] = n.line;
            note["column"] = n.column;
            note["message"] = QString::fromStdString(n.message);
            notes.append(note);
        }
        o["notes"] = notes;
    }
    return o;
}

namespace {

QJsonArray tileJson(level::LevelTile t) {
    return QJsonArray{t.x, t.y};
}

/// Pixels as the notes print them: two decimals at most.
double pixels(float v) {
    return std::round(double(v) * 100.0) / 100.0;
}

} // namespace

void addReason(Finding& f, const level::ReachReason& reason, const level::LoadResult& loaded) {
    if (!reason.explained())
        return;
    // A tile's place in the file: its character in a literal tiles block.
    const auto at = [&](level::LevelTile t) {
        const level::Level& l = *loaded.level;
        if (loaded.tilesOrigin.line > 0 && l.contains(t.x, t.y))
            return FindingNote{loaded.tilesOrigin.line + t.y, loaded.tilesOrigin.column + t.x, {}};
        return FindingNote{f.line, f.column, {}};
    };
    FindingNote nearest = at(reason.nearest);
    nearest.message = reason.nearestText;
    FindingNote stop = at(reason.tile);
    stop.message = reason.stopText;
    f.notes = {nearest, stop};

    QJsonObject n;
    n["tile"] = tileJson(reason.nearest);
    n["distance_px"] = pixels(reason.distance);
    n["from"] = tileJson(reason.from);
    f.json["nearest"] = n;
    f.json["stopped_by"] = QString::fromLatin1(level::reachStopName(reason.stop));
    QJsonObject s;
    if (reason.tile.x >= 0 || reason.tile.y >= 0)
        s["tile"] = tileJson(reason.tile);
    if (reason.stop == level::ReachStop::Gap) {
        s["last_column"] = reason.gapEnd;
        s["width_px"] = pixels(reason.shortBy);
    } else if (reason.shortBy > 0) {
        s["short_by_px"] = pixels(reason.shortBy);
    }
    if (reason.jumpRise > 0)
        s["jump_rise_px"] = pixels(reason.jumpRise);
    if (reason.jumpDistance > 0)
        s["jump_distance_px"] = pixels(reason.jumpDistance);
    s["text"] = QString::fromStdString(reason.stopText);
    f.json["stop"] = s;
}

int runLint(const Args& args) {
    if (args.positional.empty())
        return usageError("lint", "no level file given");
    level::ReachOptions options;
    if (std::string error; !readThreads(args, options.threads, error))
        return usageError("lint", error);
    if (args.has("route")) {
        if (args.positional.size() != 1)
            return usageError("lint", "--route takes exactly one level file");
        return writeRoute(args, options);
    }
    if (args.has("output"))
        return usageError("lint", "-o is only for --route");
    const bool json = args.has("json");
    const bool strict = args.has("strict");
    bool errors = false, warnings = false;
    QJsonArray files;
    for (const std::string& path : args.positional) {
        const level::LoadResult r = level::loadLevelFile(path);
        if (!r.ok()) {
            // Not linted, but counted: its errors, then its own summary line.
            errors = true;
            QJsonArray diags;
            for (level::Diagnostic d : r.errors) {
                if (d.file.empty())
                    d.file = path;
                if (json)
                    diags.append(jsonFinding({d.line, d.column, true, d.message}));
                else
                    std::fprintf(stderr, "%s\n", d.toString().c_str());
            }
            if (json) {
                QJsonObject o;
                o["file"] = QString::fromStdString(path);
                o["loaded"] = false;
                o["diagnostics"] = diags;
                files.append(o);
            } else {
                std::fflush(stderr);
                std::printf("%s: not loaded, %s\n", path.c_str(),
                            level::countText(r.errors.size(), "error", "errors").c_str());
                std::fflush(stdout); // a pipe sees each file's line as it is made
            }
            continue;
        }
        const FileReport rep = lintLevel(path, r, options);
        int nErrors = 0, nWarnings = 0;
        QJsonArray diags;
        for (const Finding& f : rep.findings) {
            (f.error ? nErrors : nWarnings)++;
            if (json)
                diags.append(jsonFinding(f));
            else
                printFinding(path, f);
        }
        errors = errors || nErrors > 0;
        warnings = warnings || nWarnings > 0;
        if (json) {
            QJsonObject o;
            o["file"] = QString::fromStdString(path);
            o["loaded"] = true;
            o["diagnostics"] = diags;
            o["goals"] = rep.goalList;
            o["standable_tiles"] = double(rep.surfaces);
            o["states"] = double(rep.states);
            // "complete" is kept for existing readers: it is search.finished.
            o["complete"] = rep.complete;
            o["search"] = rep.search;
            files.append(o);
        } else {
            std::fflush(stderr);
            // "1 of 1 goal reachable, 1 standable tile, ... 1 error, 0 warnings".
            const auto count = [](auto n, const char* one, const char* many) {
                return level::countText(std::uint64_t(n), one, many);
            };
            std::printf("%s: %d of %s reachable, %s, %s searched, %s, %s\n", path.c_str(),
                        rep.goalsReached, count(rep.goals, "goal", "goals").c_str(),
                        count(rep.surfaces, "standable tile", "standable tiles").c_str(),
                        count(rep.states, "state", "states").c_str(),
                        count(nErrors, "error", "errors").c_str(),
                        count(nWarnings, "warning", "warnings").c_str());
            std::fflush(stdout); // a pipe sees each file's line as it is made
        }
    }
    if (json) {
        QJsonObject root;
        root["files"] = files;
        std::fputs(QJsonDocument(root).toJson(QJsonDocument::Indented).constData(), stdout);
    }
    std::fflush(stdout);
    return errors || (strict && warnings) ? 1 : 0;
}

} // namespace ts::app
