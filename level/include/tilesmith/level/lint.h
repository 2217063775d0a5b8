// Level lint: what `tilesmith lint` reports and the editor's Reachability view
// shows, from one set of rules. It reads a reachability search's answer
// (tilesmith/level/reach.h) and the level, and lists:
//   error    a goal the player cannot reach
//   warning  a goal none of whose routes (found with moving bodies left out) reaches
//            it when NPCs, boxes and balls move; a spawn the player never
//            touches; a one-way platform it never stands on; a player spawn with
//            no ground below it; a body that starts inside a solid tile; a search
//            that stopped before its end (more may be reachable); a level without
//            a player (then only the bodies inside walls are checked besides)
// An unreachable goal or spawn also says why (LintFinding::reason, reachreasons.h): the
// nearest point the player reaches and what stops it there.
// Findings name the spawn or tiles they are about, not file positions: the CLI
// maps them to FILE:LINE:COLUMN with the loader's source map, the editor to the
// spawns and tiles it draws. Deterministic; no Qt.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ts::level {

enum class LintSeverity { Warning, Error };

enum class LintRule {
    GoalUnreachable,  ///< error: the search never reached a goal
    GoalRouteBlocked, ///< warning: none of the goal's routes reaches it once bodies move
    SpawnUnreachable, ///< warning: a spawn (not a goal) the player never touches
    PlayerNoGround,   ///< warning: the player, left alone, never lands on a tile
    BodyInWall,       ///< warning: a body's starting box overlaps a solid tile
    OneWayNeverStood, ///< warning: a run of one-way tiles the player never stands on
    SearchIncomplete, ///< warning: the search stopped early; more may be reachable
    /// warning: the level has no player (nothing is reachable; the other rules that
    /// need the player are not checked)
    NoPlayer,
};

struct LintFinding {
    LintRule rule = LintRule::SpawnUnreachable;
    LintSeverity severity = LintSeverity::Warning;
    /// The spawn the finding is about (index into Level::spawns, and its id), or
    /// -1 and 0 for platforms and the search.
    int spawnIndex = -1;
    int spawnId = 0;
    /// Tiles, level coordinates (row 0 at the top): the platform's run x0..x1 on
    /// row y (OneWayNeverStood) or the solid tile a body starts in (BodyInWall,
    /// x0 == x1); -1 when the finding names no tile.
    int x0 = -1;
    int x1 = -1;
    int y = -1;
    /// One line of English, no file name or severity: "goal 9 is not reachable
    /// from the player".
    std::string message;
    /// GoalUnreachable and SpawnUnreachable: the nearest point reached and what stops the
    /// player there (reachreasons.h); not explained() for other rules, and when the
    /// explainer's step budget was spent on earlier findings (goals first).
    ReachReason reason;

    bool isError() const { return severity == LintSeverity::Error; }
};

/// A goal and what the search found for it.
struct LintGoal {
    int id = 0;
    bool reachable = false; ///< the search reached it (moving bodies left out)
    /// The length in steps of the route that works with every body moving, or of
    /// the shortest when none does (when reachable).
    std::uint64_t steps = 0;
    bool routeReplays = false; ///< one of its routes reaches it with every body moving
    /// That route's index in ReachResult::routesToSpawn() (what Show Route plays), or
    /// -1 when none works.
    int routeIndex = -1;
};

struct LintReport {
    /// A missing player first, then in spawn order, then platforms top-down and left to
    /// right, then the search.
    std::vector<LintFinding> findings;
    std::vector<LintGoal> goals; ///< in spawn order
    std::size_t surfaces = 0;    ///< standable tiles the player reached
    std::size_t statesExplored = 0;
    bool complete = true; ///< the search ran to its end
    /// lintLevel() was cancelled: goals and findings after that point are missing.
    bool cancelled = false;
    int goalsReached = 0; ///< goals whose route replays with bodies moving

    int errorCount() const;
    int warningCount() const;
};

/// Lints `level` with `reach`, the answer of findReachable(level). Replays each
/// goal's route in the whole level (every body moving) and simulates the player
/// left alone from its spawn: bounded work, a few thousand steps per goal.
/// `cancelled`, when given, is asked between goals and between reasons; once it
/// returns true the report stops there, partial, with `cancelled` set.
LintReport lintLevel(const Level& level, const ReachResult& reach,
                     const std::function<bool()>& cancelled = {});

/// Replays `route` in the whole level (every body moving) and says whether the
/// player's box overlaps spawn `id`'s area at some step (the player spawn itself:
/// always). False for an id the level does not have.
bool routeReachesSpawn(const Level& level, int id, const Route& route);

/// The search's routes to a spawn checked with every body present.
struct RouteCheck {
    static constexpr int kNoTile = -1000000000;
    /// The first of ReachResult::routesToSpawn() that reaches the spawn with every
    /// body moving; empty when none does (or the search did not reach it).
    std::optional<Route> route;
    int routeIndex = -1; ///< which of ReachResult::routesToSpawn() it is (-1: none)
    int routesTried = 0;
    /// When none does, where the shortest goes wrong: the first step the player
    /// moves otherwise than in the search's world (tiles and fixed bodies; 0: never,
    /// the route misses without the moving bodies too), and the moving box or ball
    /// it meets at that step (index into Level::spawns, -1 when it meets none) with
    /// the level tile that body is on then (kNoTile when not known).
    std::uint64_t blockedAt = 0;
    int blockerIndex = -1;
    int blockerX = kNoTile;
    int blockerY = kNoTile;
};

/// Tries reach.routesToSpawn(id) in turn with routeReachesSpawn() (the bodies as
/// `tilesmith simulate --inputs` runs them) and returns the first that works, or
/// what stops the shortest. A few replays of the route's length at most.
RouteCheck checkRoutesToSpawn(const Level& level, const ReachResult& reach, int id);

/// One line for a spawn none of whose routes works with the bodies: "goal 7 is
/// reachable only without the moving bodies: Box #4 is in the way at step 37, tile
/// 12, 16 (8 routes tried)". The CLI and lint word it the same.
std::string routeCheckMessage(const Level& level, const Spawn& target, const RouteCheck& c);

} // namespace ts::level
