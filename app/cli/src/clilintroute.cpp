// `tilesmith lint LEVEL --route ID -o FILE`: the inputs that take the player from its
// spawn to spawn ID, replayed with every body moving before they are written. Errors
// stand at the level file's place they are about (the spawn's entry, the 'spawns' key);
// with --json the report is a JSON document on stdout, as lint's.
#include "clilint.h"

#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"
#include "tilesmith/level/rulemessages.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace ts::app {

namespace {

std::string scriptText(const level::Level& lvl, int id, const level::Route& route) {
    std::string out = "# tilesmith lint --route " + std::to_string(id) + ": " + lvl.name +
                      ", from the player spawn to spawn " + std::to_string(id) + " in " +
                      level::countText(route.steps, "step", "steps") + "\n";
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

/// What looking for the route found: the level's load errors, or the route's own
/// errors at their places, or the route.
struct RouteReport {
    std::vector<level::Diagnostic> loadErrors; ///< the level does not load
    std::vector<Finding> findings;
    std::optional<level::Route> route;
    std::string targetKind; ///< "goal", "npc", ...
    std::string script;     ///< the route as an input script
};

RouteReport findRoute(const std::string& in, int id, const level::ReachOptions& options) {
    RouteReport rep;
    level::LoadResult r = level::loadLevelFile(in);
    if (!r.ok()) {
        rep.loadErrors = std::move(r.errors);
        return rep;
    }
    const level::Level& lvl = *r.level;
    if (!lvl.player()) {
        rep.findings.push_back({r.spawnsKey.line, r.spawnsKey.column, true,
                                level::rules::noPlayerMessage("find a route")});
        return rep;
    }
    const level::Spawn* target = lvl.findSpawn(id);
    if (!target) { // no place in the file to point at
        rep.findings.push_back({0, 0, true, "the level has no spawn " + std::to_string(id)});
        return rep;
    }
    rep.targetKind = level::spawnKindName(target->kind);
    const std::string name = rep.targetKind + " " + std::to_string(id);
    const level::SourcePos at = r.spawnPositions[std::size_t(target - lvl.spawns.data())];
    const level::ReachResult reach = level::findReachable(lvl, options);
    if (!reach.spawnReached(id)) {
        rep.findings.push_back(
            {at.line, at.column, true, name + " is not reachable from the player"});
        addReason(rep.findings.back(), level::explainUnreached(lvl, reach, id), r);
        return rep;
    }
    // The first of the search's routes that still reaches it with every body moving.
    level::RouteCheck check = level::checkRoutesToSpawn(lvl, reach, id);
    if (!check.route) {
        rep.findings.push_back(
            {at.line, at.column, true, level::routeCheckMessage(lvl, *target, check)});
        return rep;
    }
    rep.script = scriptText(lvl, id, *check.route);
    rep.route = std::move(check.route);
    return rep;
}

} // namespace

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
    // A route has no warnings to make fatal: its failures are errors already.
    if (args.has("strict"))
        return usageError("lint", "--strict is for linting levels, not for --route (a route "
                                  "that cannot be written is an error already)");
    if (!notAnInput(out, {{in, "the level this command reads"}}))
        return 1;
    const bool json = args.has("json");
    const RouteReport rep = findRoute(in, id, options);
    // An output that cannot be written says so on stderr, as every command's does.
    const bool written = rep.route && writeOutput(out, rep.script);
    if (json) {
        QJsonArray diags;
        for (const level::Diagnostic& d : rep.loadErrors)
            diags.append(jsonFinding({d.line, d.column, true, d.message}));
        for (const Finding& f : rep.findings)
            diags.append(jsonFinding(f));
        QJsonObject file;
        file["file"] = QString::fromStdString(in);
        file["loaded"] = rep.loadErrors.empty();
        file["diagnostics"] = diags;
        QJsonValue route; // null unless written
        if (written) {
            QJsonObject o;
            o["id"] = id;
            o["kind"] = QString::fromStdString(rep.targetKind);
            o["steps"] = double(rep.route->steps);
            o["output"] = QString::fromStdString(out);
            route = o;
        }
        file["route"] = route;
        QJsonObject root;
        root["files"] = QJsonArray{file};
        std::fputs(QJsonDocument(root).toJson(QJsonDocument::Indented).constData(), stdout);
    } else {
        printErrors(rep.loadErrors, in);
        for (const Finding& f : rep.findings)
            printFinding(in, f);
        if (written)
            std::printf("wrote %s (%s to %s %d)\n", out.c_str(),
                        level::countText(rep.route->steps, "step", "steps").c_str(),
                        rep.targetKind.c_str(), id);
    }
    std::fflush(stdout);
    return written ? 0 : 1;
}

} // namespace ts::app
