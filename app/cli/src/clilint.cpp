// `tilesmith lint`: can the player get there? Goals the reachability search
// (tilesmith/level/reach.h) cannot reach are errors; unreachable spawns and
// one-way platforms, a player with no ground below it and bodies that start
// inside walls are warnings. `--route ID -o FILE` writes the inputs that take
// the player from its spawn to spawn ID, checked by replaying them first.
#include "clicommon.h"

#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/rulemessages.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ts::app {

static_assert(kMaxThreads == level::ReachOptions::kMaxThreads);

const char* const kLintHelp =
    R"(Usage: tilesmith lint LEVEL.yaml... [--strict] [--json] [-j N]
       tilesmith lint LEVEL.yaml --route ID -o ROUTE.inputs [-j N]

Answers "can the player get there?" by searching the player's moves with the
level's own physics (the character controller, the level's physics settings and
the player's size), starting from the player spawn. Reports:
  error    a goal the player cannot reach
  warning  a spawn the player never touches, a one-way platform it never
           stands on, a player spawn with no ground below it, a body that
           starts inside a solid tile, a level without a player
as FILE:LINE:COLUMN: error|warning: MESSAGE (stderr), then one summary line
per file (stdout). Output is deterministic.

"Not reachable" means not found by a search of walking, jumping (straight,
left, right), dropping through one-way platforms and steering in the air, each
held for 4 steps, with states merged on a 4 px grid (vertical speed in 50 px/s
bands). Moving bodies (NPCs, boxes,
balls) are ignored by the search; a route is replayed with them before it is
written, and a goal whose route they block is reported as a warning.

Options:
      --route ID      write the route to spawn ID (needs -o); the file is an
                      input script: tilesmith simulate LEVEL --inputs FILE
                      replays it and reaches the spawn at its last step
  -o, --output FILE   where --route writes (atomically)
      --strict        warnings make the exit status 1
      --json          print the report as JSON on stdout instead
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

struct Finding {
    int line = 0;
    int column = 0;
    bool error = false;
    std::string message;
};

std::string scriptText(const level::Level& lvl, int id, const level::Route& route) {
    std::string out = "# tilesmith lint --route " + std::to_string(id) + ": " + lvl.name +
                      ", from the player spawn to spawn " + std::to_string(id) + " in " +
                      std::to_string(route.steps) + " steps\n";
    for (const level::InputRange& r : route.script.ranges) {
        std::string keys;
        const auto add = [&](bool on, const char* k) {
            if (on)
                keys += keys.empty() ? k : std::string(",") + k;
        };
        add(r.keys.left, "left");
        add(r.keys.right, "right");
        add(r.keys.jump, "jump");
        add(r.keys.down, "down");
        out += std::to_string(r.from) + " " + std::to_string(r.to) + " " +
               (keys.empty() ? std::string("none") : keys) + "\n";
    }
    return out;
}

struct FileReport {
    std::string file;
    std::vector<Finding> findings;
    std::size_t surfaces = 0;
    std::size_t states = 0;
    int goals = 0;
    int goalsReached = 0;
    bool complete = true;
    QJsonArray goalList;
};

FileReport lintLevel(const std::string& path, const level::LoadResult& r,
                     const level::ReachOptions& options) {
    FileReport rep;
    rep.file = path;
    const level::Level& lvl = *r.level;
    const level::LintReport lint = level::lintLevel(lvl, level::findReachable(lvl, options));
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
        rep.findings.push_back(Finding{pos.line, pos.column, f.isError(), f.message});
    }
    std::stable_sort(rep.findings.begin(), rep.findings.end(),
                     [](const Finding& a, const Finding& b) {
                         return std::tie(a.line, a.column) < std::tie(b.line, b.column);
                     });
    return rep;
}

std::string findingText(const std::string& file, const Finding& f) {
    std::string s = file + ":";
    if (f.line > 0)
        s += std::to_string(f.line) + ":" + std::to_string(f.column) + ":";
    s += f.error ? " error: " : " warning: ";
    return s + f.message;
}

int writeRoute(const Args& args, const level::ReachOptions& options) {
    const std::string& in = args.positional[0];
    const std::string idText = args.value("route");
    int id = 0;
    auto [end, ec] = std::from_chars(idText.data(), idText.data() + idText.size(), id);
    if (idText.empty() || ec != std::errc() || end != idText.data() + idText.size() || id < 1)
        return usageError("lint", "--route expects a spawn id, got '" + idText + "'");
    const std::string out = args.value("output");
    if (out.empty())
        return usageError("lint", "--route needs -o ROUTE.inputs");
    if (!notAnInput(out, {{in, "the level this command reads"}}))
        return 1;
    const level::LoadResult r = level::loadLevelFile(in);
    if (!r.ok()) {
        printErrors(r.errors, in);
        return 1;
    }
    const level::Level& lvl = *r.level;
    if (!lvl.player()) {
        std::fprintf(stderr, "%s:%d:%d: error: %s\n", in.c_str(), r.spawnsKey.line,
                     r.spawnsKey.column, level::rules::noPlayerMessage("find a route").c_str());
        return 1;
    }
    const level::Spawn* target = lvl.findSpawn(id);
    if (!target) {
        std::fprintf(stderr, "%s: error: the level has no spawn %d\n", in.c_str(), id);
        return 1;
    }
    const level::ReachResult reach = level::findReachable(lvl, options);
    const std::optional<level::Route> route = reach.routeToSpawn(id);
    if (!route) {
        std::fprintf(stderr, "%s: error: %s %d is not reachable from the player\n", in.c_str(),
                     level::spawnKindName(target->kind), id);
        return 1;
    }
    if (!level::routeReachesSpawn(lvl, id, *route)) {
        std::fprintf(stderr,
                     "%s: error: the route to %s %d found with moving bodies ignored does not "
                     "reach it when NPCs, boxes and balls move\n",
                     in.c_str(), level::spawnKindName(target->kind), id);
        return 1;
    }
    if (!writeOutput(out, scriptText(lvl, id, *route)))
        return 1;
    std::printf("wrote %s (%llu steps to %s %d)\n", out.c_str(),
                static_cast<unsigned long long>(route->steps), level::spawnKindName(target->kind),
                id);
    return 0;
}

} // namespace

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
            errors = true;
            QJsonArray diags;
            for (level::Diagnostic d : r.errors) {
                if (d.file.empty())
                    d.file = path;
                if (json) {
                    QJsonObject o;
                    o["line"] = d.line;
                    o["column"] = d.column;
                    o["severity"] = QStringLiteral("error");
                    o["message"] = QString::fromStdString(d.message);
                    diags.append(o);
                } else {
                    std::fprintf(stderr, "%s\n", d.toString().c_str());
                }
            }
            if (json) {
                QJsonObject o;
                o["file"] = QString::fromStdString(path);
                o["loaded"] = false;
                o["diagnostics"] = diags;
                files.append(o);
            }
            continue;
        }
        const FileReport rep = lintLevel(path, r, options);
        int nErrors = 0, nWarnings = 0;
        QJsonArray diags;
        for (const Finding& f : rep.findings) {
            (f.error ? nErrors : nWarnings)++;
            if (json) {
                QJsonObject o;
                o["line"] = f.line;
                o["column"] = f.column;
                o["severity"] = f.error ? QStringLiteral("error") : QStringLiteral("warning");
                o["message"] = QString::fromStdString(f.message);
                diags.append(o);
            } else {
                std::fprintf(stderr, "%s\n", findingText(path, f).c_str());
            }
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
            o["complete"] = rep.complete;
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
