// `tilesmith lint`: can the player get there? Goals the reachability search
// (tilesmith/level/reach.h) cannot reach are errors; unreachable spawns and
// one-way platforms, a player with no ground below it and bodies that start
// inside walls are warnings. `--route ID -o FILE` writes the inputs that take
// the player from its spawn to spawn ID, checked by replaying them first.
#include "cli_internal.h"

#include "tilesmith/level/goals.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/reach.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ts::app {

const char* const kLintHelp =
    R"(Usage: tilesmith lint LEVEL.yaml... [--strict] [--json]
       tilesmith lint LEVEL.yaml --route ID -o ROUTE.inputs

Answers "can the player get there?" by searching the player's moves with the
level's own physics (the character controller, the level's physics settings and
the player's size), starting from the player spawn. Reports:
  error    a goal the player cannot reach
  warning  a spawn the player never touches, a one-way platform it never
           stands on, a player spawn with no ground below it, a body that
           starts inside a solid tile
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

std::string kindName(const level::Spawn& s) {
    return level::spawnKindName(s.kind);
}

/// Replays `route` in the whole level (every body moving) and says whether the
/// player's box overlaps spawn `id`'s area at some step.
bool replayReaches(const level::Level& lvl, int id, const level::Route& route) {
    const level::Spawn* target = lvl.findSpawn(id);
    if (!target)
        return false;
    level::LevelWorld lw = level::buildWorld(lvl);
    if (target->kind == level::SpawnKind::Player)
        return true;
    Aabb area;
    if (target->kind == level::SpawnKind::Goal) {
        area = level::goalArea(lvl, *target);
    } else {
        const BodyDef def = level::bodyDef(lvl, *target);
        area = Aabb{def.position + def.offset, def.halfSize};
    }
    bool reached = false;
    level::simulateLevel(lw, route.script, route.steps, [&](std::uint64_t) {
        if (!reached && lw.world.isValid(lw.player))
            reached = level::boxesOverlap(lw.world.aabb(lw.player), area);
    });
    return reached;
}

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

/// Horizontal runs of one-way tiles, each reported once.
struct Platform {
    int x0, x1, y;
};
std::vector<Platform> oneWayPlatforms(const level::Level& lvl) {
    std::vector<Platform> out;
    for (int y = 0; y < lvl.height; ++y) {
        for (int x = 0; x < lvl.width; ++x) {
            if (lvl.tile(x, y) != Tile::OneWay)
                continue;
            int x1 = x;
            while (x1 + 1 < lvl.width && lvl.tile(x1 + 1, y) == Tile::OneWay)
                ++x1;
            out.push_back({x, x1, y});
            x = x1;
        }
    }
    return out;
}

/// Solid tile a body's starting box overlaps, if any.
bool startsInWall(const level::Level& lvl, const level::Spawn& s, int& tx, int& ty) {
    const BodyDef def = level::bodyDef(lvl, s);
    const Aabb box{def.position + def.offset, def.halfSize};
    const float ts = static_cast<float>(lvl.tileSize);
    const float eps = 0.01f;
    const int x0 = int(std::floor((box.min().x + eps) / ts));
    const int x1 = int(std::floor((box.max().x - eps) / ts));
    const int py0 = int(std::floor((box.min().y + eps) / ts));
    const int py1 = int(std::floor((box.max().y - eps) / ts));
    for (int py = py0; py <= py1; ++py) {
        for (int x = x0; x <= x1; ++x) {
            const int y = level::physicsRow(lvl, py);
            if (lvl.contains(x, y) && lvl.tile(x, y) == Tile::Solid) {
                tx = x;
                ty = y;
                return true;
            }
        }
    }
    return false;
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

FileReport lintLevel(const std::string& path, const level::LoadResult& r) {
    FileReport rep;
    rep.file = path;
    const level::Level& lvl = *r.level;
    const auto posOf = [&](std::size_t i) {
        return i < r.spawnPositions.size() ? r.spawnPositions[i] : level::SourcePos{};
    };
    const auto add = [&](level::SourcePos p, bool error, std::string msg) {
        rep.findings.push_back(Finding{p.line, p.column, error, std::move(msg)});
    };

    const level::ReachResult reach = level::findReachable(lvl);
    rep.surfaces = reach.surfaces().size();
    rep.states = reach.statesExplored();
    rep.complete = reach.complete();

    for (std::size_t i = 0; i < lvl.spawns.size(); ++i) {
        const level::Spawn& s = lvl.spawns[i];
        if (s.kind == level::SpawnKind::Player) {
            // Ground: the player left alone lands on a tile within a few seconds.
            level::PlayerSim sim(lvl);
            sim.resetToSpawn();
            bool ground = false;
            for (int k = 0; k < 600 && !ground; ++k) {
                const level::PlayerState st = sim.step(Input{});
                ground = (st.contacts & OnGround) && st.position.y > 0.0f;
            }
            if (!ground)
                add(posOf(i), false,
                    "player spawn " + std::to_string(s.id) +
                        " has no standable ground below it (it falls to the bottom of the map)");
            continue;
        }
        if (level::isBodyKind(s.kind)) {
            int tx = 0, ty = 0;
            if (startsInWall(lvl, s, tx, ty))
                add(posOf(i), false,
                    kindName(s) + " " + std::to_string(s.id) +
                        " starts inside a wall (solid tile at x " + std::to_string(tx) + ", y " +
                        std::to_string(ty) + ")");
        }
        const bool reached = reach.spawnReached(s.id);
        if (s.kind == level::SpawnKind::Goal) {
            ++rep.goals;
            QJsonObject g;
            g["id"] = s.id;
            g["reachable"] = reached;
            if (!reached) {
                add(posOf(i), true,
                    "goal " + std::to_string(s.id) + " is not reachable from the player");
            } else {
                const level::Route route = *reach.routeToSpawn(s.id);
                g["steps"] = double(route.steps);
                const bool replayed = replayReaches(lvl, s.id, route);
                g["route_replays"] = replayed;
                if (replayed)
                    ++rep.goalsReached;
                else
                    add(posOf(i), false,
                        "goal " + std::to_string(s.id) +
                            " is reachable when moving bodies are ignored, but NPCs, boxes or "
                            "balls block the route found");
            }
            rep.goalList.append(g);
        } else if (!reached) {
            add(posOf(i), false,
                kindName(s) + " " + std::to_string(s.id) + " is not reachable from the player");
        }
    }
    for (const Platform& p : oneWayPlatforms(lvl)) {
        bool any = false;
        for (int x = p.x0; x <= p.x1 && !any; ++x)
            any = reach.standable(x, p.y);
        if (any)
            continue;
        level::SourcePos pos;
        if (r.tilesOrigin.line > 0)
            pos = level::SourcePos{r.tilesOrigin.line + p.y, r.tilesOrigin.column + p.x0};
        // Appended, not "-" + to_string(): g++ 12 -O3 warns (-Wrestrict) on that form.
        std::string xs = std::to_string(p.x0);
        if (p.x1 > p.x0) {
            xs += '-';
            xs += std::to_string(p.x1);
        }
        add(pos, false,
            "one-way platform at x " + xs + ", y " + std::to_string(p.y) +
                " is never reachable (the player never stands on it)");
    }
    if (!reach.complete())
        add({}, false,
            "the search stopped after " + std::to_string(reach.statesExplored()) +
                " states; more may be reachable");
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

int writeRoute(const Args& args) {
    const std::string& in = args.positional[0];
    const std::string idText = args.value("route");
    int id = 0;
    auto [end, ec] = std::from_chars(idText.data(), idText.data() + idText.size(), id);
    if (idText.empty() || ec != std::errc() || end != idText.data() + idText.size() || id < 1)
        return usageError("lint", "--route expects a spawn id, got '" + idText + "'");
    const std::string out = args.value("output");
    if (out.empty())
        return usageError("lint", "--route needs -o ROUTE.inputs");
    const level::LoadResult r = level::loadLevelFile(in);
    if (!r.ok()) {
        printErrors(r.errors, in);
        return 1;
    }
    const level::Level& lvl = *r.level;
    const level::Spawn* target = lvl.findSpawn(id);
    if (!target) {
        std::fprintf(stderr, "%s: error: the level has no spawn %d\n", in.c_str(), id);
        return 1;
    }
    const level::ReachResult reach = level::findReachable(lvl);
    const std::optional<level::Route> route = reach.routeToSpawn(id);
    if (!route) {
        std::fprintf(stderr, "%s: error: %s %d is not reachable from the player\n", in.c_str(),
                     level::spawnKindName(target->kind), id);
        return 1;
    }
    if (!replayReaches(lvl, id, *route)) {
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
    if (args.has("route")) {
        if (args.positional.size() != 1)
            return usageError("lint", "--route takes exactly one level file");
        return writeRoute(args);
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
        const FileReport rep = lintLevel(path, r);
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
            std::printf("%s: %d of %d goals reachable, %zu standable tiles, %zu states searched, "
                        "%d errors, %d warnings\n",
                        path.c_str(), rep.goalsReached, rep.goals, rep.surfaces, rep.states,
                        nErrors, nWarnings);
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
