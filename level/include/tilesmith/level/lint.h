// Level lint: what `tilesmith lint` reports and the editor's Reachability view
// shows, from one set of rules. It reads a reachability search's answer
// (tilesmith/level/reach.h) and the level, and lists:
//   error    a goal the player cannot reach
//   warning  a goal whose route (found with moving bodies ignored) does not reach
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
#include <string>
#include <vector>

namespace ts::level {

enum class LintSeverity { Warning, Error };

enum class LintRule {
    GoalUnreachable,  ///< error: the search never reached a goal
    GoalRouteBlocked, ///< warning: the goal's route does not reach it once bodies move
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
    bool reachable = false;    ///< the search reached it (moving bodies ignored)
    std::uint64_t steps = 0;   ///< its route's length in steps, when reachable
    bool routeReplays = false; ///< that route still reaches it with every body moving
};

struct LintReport {
    /// A missing player first, then in spawn order, then platforms top-down and left to
    /// right, then the search.
    std::vector<LintFinding> findings;
    std::vector<LintGoal> goals; ///< in spawn order
    std::size_t surfaces = 0;    ///< standable tiles the player reached
    std::size_t statesExplored = 0;
    bool complete = true; ///< the search ran to its end
    int goalsReached = 0; ///< goals whose route replays with bodies moving

    int errorCount() const;
    int warningCount() const;
};

/// Lints `level` with `reach`, the answer of findReachable(level). Replays each
/// goal's route in the whole level (every body moving) and simulates the player
/// left alone from its spawn: bounded work, a few thousand steps per goal.
LintReport lintLevel(const Level& level, const ReachResult& reach);

/// Replays `route` in the whole level (every body moving) and says whether the
/// player's box overlaps spawn `id`'s area at some step (the player spawn itself:
/// always). False for an id the level does not have.
bool routeReachesSpawn(const Level& level, int id, const Route& route);

} // namespace ts::level
