#include "tilesmith/level/lint.h"

#include "tilesmith/level/goals.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/rulemessages.h"

#include <cmath>
#include <string>

namespace ts::level {

int LintReport::errorCount() const {
    int n = 0;
    for (const LintFinding& f : findings)
        n += f.isError() ? 1 : 0;
    return n;
}

int LintReport::warningCount() const {
    return static_cast<int>(findings.size()) - errorCount();
}

bool routeReachesSpawn(const Level& level, int id, const Route& route) {
    const Spawn* target = level.findSpawn(id);
    if (!target)
        return false;
    if (target->kind == SpawnKind::Player)
        return true;
    LevelRun run(level);
    Aabb area;
    if (target->kind == SpawnKind::Goal) {
        area = goalArea(level, *target);
    } else {
        const BodyDef def = bodyDef(level, *target);
        area = Aabb{def.position + def.offset, def.halfSize};
    }
    bool reached = false;
    run.runScript(route.script, route.steps, [&](std::uint64_t, const std::vector<GoalEvent>&) {
        if (!reached && run.hasPlayer())
            reached = boxesOverlap(run.world().aabb(run.player()), area);
    });
    return reached;
}

namespace {

/// The player left alone on its spawn lands on a tile within ten seconds.
bool playerFindsGround(const Level& level) {
    PlayerSim sim(level);
    sim.resetToSpawn();
    for (int k = 0; k < 600; ++k) {
        const PlayerState st = sim.step(Input{});
        if ((st.contacts & OnGround) && st.position.y > 0.0f)
            return true;
    }
    return false;
}

/// The first solid tile (row by row) a body's starting box overlaps.
bool startsInWall(const Level& level, const Spawn& s, int& tx, int& ty) {
    const BodyDef def = bodyDef(level, s);
    const Aabb box{def.position + def.offset, def.halfSize};
    const float ts = static_cast<float>(level.tileSize);
    const float eps = 0.01f; // a box touching a tile's edge is not inside it
    const int x0 = int(std::floor((box.min().x + eps) / ts));
    const int x1 = int(std::floor((box.max().x - eps) / ts));
    const int py0 = int(std::floor((box.min().y + eps) / ts));
    const int py1 = int(std::floor((box.max().y - eps) / ts));
    for (int py = py0; py <= py1; ++py) {
        for (int x = x0; x <= x1; ++x) {
            const int y = physicsRow(level, py);
            if (level.contains(x, y) && level.tile(x, y) == Tile::Solid) {
                tx = x;
                ty = y;
                return true;
            }
        }
    }
    return false;
}

std::string kindName(const Spawn& s) {
    return spawnKindName(s.kind);
}

} // namespace

LintReport lintLevel(const Level& level, const ReachResult& reach,
                     const std::function<bool()>& cancelled) {
    LintReport rep;
    const auto stop = [&] { return rep.cancelled = rep.cancelled || (cancelled && cancelled()); };
    rep.surfaces = reach.surfaces().size();
    rep.statesExplored = reach.statesExplored();
    rep.complete = reach.complete();
    const auto add = [&](LintRule rule, LintSeverity severity, int index, std::string msg) {
        LintFinding f;
        f.rule = rule;
        f.severity = severity;
        f.spawnIndex = index;
        f.spawnId = index >= 0 ? level.spawns[static_cast<std::size_t>(index)].id : 0;
        f.message = std::move(msg);
        rep.findings.push_back(std::move(f));
        return &rep.findings.back();
    };

    // Without a player nothing is reachable: say that once, instead of every goal,
    // spawn and platform as unreachable.
    const bool player = level.player() != nullptr;
    if (!player)
        add(LintRule::NoPlayer, LintSeverity::Warning, -1, rules::noPlayerMessage());

    for (std::size_t i = 0; i < level.spawns.size(); ++i) {
        if (stop())
            return rep;
        const Spawn& s = level.spawns[i];
        const int index = static_cast<int>(i);
        const std::string id = std::to_string(s.id);
        if (s.kind == SpawnKind::Player) {
            if (!playerFindsGround(level))
                add(LintRule::PlayerNoGround, LintSeverity::Warning, index,
                    "player spawn " + id +
                        " has no standable ground below it (it falls to the bottom of the map)");
            continue;
        }
        if (isBodyKind(s.kind)) {
            int tx = 0, ty = 0;
            if (startsInWall(level, s, tx, ty)) {
                LintFinding* f =
                    add(LintRule::BodyInWall, LintSeverity::Warning, index,
                        kindName(s) + " " + id + " starts inside a wall (solid tile at x " +
                            std::to_string(tx) + ", y " + std::to_string(ty) + ")");
                f->x0 = f->x1 = tx;
                f->y = ty;
            }
        }
        if (!player) {
            if (s.kind == SpawnKind::Goal) // listed, not reachable, and not an error
                rep.goals.push_back(LintGoal{s.id, false, 0, false});
            continue;
        }
        const bool reached = reach.spawnReached(s.id);
        if (s.kind == SpawnKind::Goal) {
            LintGoal g;
            g.id = s.id;
            g.reachable = reached;
            if (!reached) {
                add(LintRule::GoalUnreachable, LintSeverity::Error, index,
                    "goal " + id + " is not reachable from the player");
            } else {
                const RouteCheck check = checkRoutesToSpawn(level, reach, s.id);
                g.routeReplays = check.route.has_value();
                g.routeIndex = check.routeIndex;
                g.steps = check.route ? check.route->steps : reach.routeToSpawn(s.id)->steps;
                if (g.routeReplays)
                    ++rep.goalsReached;
                else
                    add(LintRule::GoalRouteBlocked, LintSeverity::Warning, index,
                        routeCheckMessage(level, s, check));
            }
            rep.goals.push_back(g);
        } else if (!reached) {
            add(LintRule::SpawnUnreachable, LintSeverity::Warning, index,
                kindName(s) + " " + id + " is not reachable from the player");
        }
    }

    // Horizontal runs of one-way tiles, each reported once.
    for (int y = 0; player && y < level.height; ++y) {
        for (int x = 0; x < level.width; ++x) {
            if (level.tile(x, y) != Tile::OneWay)
                continue;
            int x1 = x;
            while (x1 + 1 < level.width && level.tile(x1 + 1, y) == Tile::OneWay)
                ++x1;
            bool stood = false;
            for (int k = x; k <= x1 && !stood; ++k)
                stood = reach.standable(k, y);
            if (!stood) {
                // Appended, not "-" + to_string(): g++ 12 -O3 warns (-Wrestrict) on that form.
                std::string xs = std::to_string(x);
                if (x1 > x) {
                    xs += '-';
                    xs += std::to_string(x1);
                }
                LintFinding* f = add(LintRule::OneWayNeverStood, LintSeverity::Warning, -1,
                                     "one-way platform at x " + xs + ", y " + std::to_string(y) +
                                         " is never reachable (the player never stands on it)");
                f->x0 = x;
                f->x1 = x1;
                f->y = y;
            }
            x = x1;
        }
    }

    // Why each unreachable goal, then each unreachable spawn, is not reached: the goals
    // (errors) first, as the explainer's work is bounded.
    if (player) {
        ReachExplainer why(level, reach);
        for (const LintRule rule : {LintRule::GoalUnreachable, LintRule::SpawnUnreachable})
            for (LintFinding& f : rep.findings)
                if (f.rule == rule) {
                    if (stop())
                        return rep;
                    f.reason = why.explain(f.spawnId);
                }
    }

    if (player && !reach.complete())
        add(LintRule::SearchIncomplete, LintSeverity::Warning, -1,
            "the search stopped after " + std::to_string(reach.statesExplored()) +
                " states; more may be reachable");
    return rep;
}

} // namespace ts::level
