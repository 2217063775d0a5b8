// Why a goal (or another spawn) is not reachable: the nearest point the player
// gets to, and what stops it there. Run after a reachability search
// (tilesmith/level/reach.h) for the spawns it did not reach, on its public result
// alone: from the reached surfaces nearest the target, the player's own moves
// (jumps straight, left and right, from the centre and from the last step
// before an edge, steering from the apex, walking and dropping off edges) are
// simulated with the level's controller (PlayerSim), and the closest approach of
// the player's box to the target's area tells what is in the way:
//   enclosed          no opening the player's box fits through leads to the target
//   ceiling           a ceiling tile cuts the jump short of the target's height
//   wall              a wall tile stops the player on its way (and how far below
//                     its top the jumps peak)
//   jump_too_low      the highest jump peaks below the target (and how high a jump
//                     rises: measured with the controller on a flat floor)
//   gap               the player falls into a gap wider than it crosses (its width,
//                     and how far a running jump carries the player)
//   floor             the player lands on a floor above the target
//   out_of_range      nothing in the way: the moves from the nearest surfaces end short
//   missed_by_search  one of these moves does reach it (the search's move set or
//                     resolution missed it)
// Bounded work: a few surfaces per target and a step budget per explainer, so the
// editor can run it after every search. Tiles are level coordinates (row 0 at the top,
// as the editor and lint count; a row above the map is negative). Deterministic; no Qt.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/reach.h"

#include <cstdint>
#include <memory>
#include <string>

namespace ts::level {

enum class ReachStop {
    None, ///< not explained (no surface reached, an unknown spawn, or the budget spent)
    Enclosed,
    Ceiling,
    Wall,
    JumpTooLow,
    Gap,
    Floor,
    OutOfRange,
    MissedBySearch,
};

/// The stop's word for machines (`lint --json`'s "stopped_by"): "enclosed", "ceiling",
/// "wall", "jump_too_low", "gap", "floor", "out_of_range", "missed_by_search"; "" for None.
const char* reachStopName(ReachStop stop);

/// How the player got nearest.
enum class ReachMove {
    Standing,    ///< standing on the surface
    Jump,        ///< a jump from standing on the surface (straight, sideways or steered)
    RunningJump, ///< a jump at the last step before walking off the surface's edge
    WalkOff,     ///< walking (or dropping) off the surface
};

struct ReachReason {
    ReachStop stop = ReachStop::None;
    /// The tile holding the centre of the player's box at its closest approach.
    LevelTile nearest;
    /// Pixels between the player's box and the target's area there (0: they overlap).
    float distance = 0;
    /// The reached surface the closest move starts from, and the move.
    LevelTile from;
    ReachMove move = ReachMove::Standing;
    /// The tile that stops the player: the ceiling's, the wall's top tile in its
    /// column, the floor's; the gap's first column (x) on its row (y), with gapEnd its last.
    LevelTile tile{-1, -1};
    int gapEnd = -1;
    /// Ceiling and jump_too_low: px from the top of the player's box at its highest to
    /// the bottom of the target's area. Wall: px from the feet at their highest to the
    /// wall's top (0 when they clear it). Gap: the gap's width in px.
    float shortBy = 0;
    /// What a free jump does with this level's physics and player (the controller on a flat
    /// floor): how far the feet rise, and how far a jump with a direction held carries
    /// them. 0 when it cannot be measured (the player cannot stand, or never comes down).
    float jumpRise = 0;
    float jumpDistance = 0;
    /// One line each, lint's style, no file or severity: "nearest point reached: x 9, y 4,
    /// 24 px from the goal (jumping from the surface at x 8, y 6)", "stopped by the ceiling at
    /// x 9, y 2: the jump's top is 40 px below the goal (a jump rises 72.83 px)".
    std::string nearestText;
    std::string stopText;

    bool explained() const { return stop != ReachStop::None; }
};

struct ReasonOptions {
    /// Reached surfaces examined per target, nearest first.
    int surfaces = 6;
    /// Physics steps an explainer may simulate in all; later targets get no reason.
    std::uint64_t stepBudget = 250'000;
};

/// Explains several targets of one level and search, sharing what they have in common
/// (the free jump's measures, which openings the player's box fits through).
class ReachExplainer {
public:
    ReachExplainer(const Level& level, const ReachResult& reach, const ReasonOptions& options = {});
    ~ReachExplainer();
    ReachExplainer(const ReachExplainer&) = delete;
    ReachExplainer& operator=(const ReachExplainer&) = delete;

    /// Why spawn `id` (a goal, or a spawn the player should touch) is not reached. None for
    /// an id the level does not have, the player spawn, a level without a player or no
    /// reached surface, and once the step budget is spent.
    ReachReason explain(int id);
    /// Physics steps simulated so far (the budget's measure).
    std::uint64_t stepsUsed() const;

    struct Impl;

private:
    std::unique_ptr<Impl> d;
};

/// One target: ReachExplainer(level, reach, options).explain(id).
ReachReason explainUnreached(const Level& level, const ReachResult& reach, int id,
                             const ReasonOptions& options = {});

} // namespace ts::level
