// The reachability search's expansion of one state (reachsearch.cpp): its moves
// as the model says (reachModel(), RefineZones), each stepped from the state's
// exact snapshot, what the steps touch, and the merge key of where each ends.
#pragma once

#include "reachimpl.h"
#include "reachindex.h"
#include "reachmodel.h"
#include "standing.h"

#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ts::level::reach_detail {

/// Moves one state can have: standing, the walks, jumps and drops, two single-step
/// walks and two walks to a ledge (in the air, three steers).
constexpr std::size_t kMaxMoves = 12;
/// A move's hold that means: walk until the next step would leave the ground.
constexpr std::uint8_t kToEdge = 0;

/// How a state is refined (reachmodel.h), part of its merge key. Refined states
/// merge on the fine grid, apart from the coarse ones.
enum Refined : std::uint8_t {
    kCoarse,
    kFine,      ///< near a one-tile opening, or in an arc a state standing near one started
    kEdgeLeft,  ///< standing at a ledge's last step to the left, or its jump left
    kEdgeRight, ///< the same to the right
};

/// A state waiting to be expanded.
struct Pending {
    std::uint32_t node;  ///< kNoNode = the start
    std::uint64_t steps; ///< the node's route length
    std::uint8_t contacts;
    std::uint8_t refined; ///< Refined
    Vec2 position;        ///< the player's feet, for the refinement zones
    BodySnapshot body;    ///< the player exactly as the step left it
};

/// A surface tile (spawn < 0) or a spawn (spawn = its id) a step touched, with
/// the route that got there.
struct Touch {
    std::uint32_t surface;
    int spawn;
    RouteEnd end;
};

/// One move of one state, as expanded: where it ends and what it touched.
struct MoveResult {
    std::uint64_t key; ///< the end state's dedup key; 0 when the position is not finite
    std::uint8_t move;
    std::uint8_t steps;
    std::uint8_t contacts;
    std::uint8_t refined;
    std::uint16_t expander; ///< whose touch list [touchBegin, touchEnd) is in
    std::uint32_t touchBegin, touchEnd;
    Vec2 position;
    BodySnapshot body;
};

/// Expands states on its own player world. One per thread.
class Expander {
public:
    /// The model and what it reads of the level, shared by every Expander.
    struct Grid {
        ReachModel model;
        const RefineZones* zones;
        /// Without gravity, a player rising (or floating) with its feet above this
        /// (the map's top and every spawn area's) never comes back: not queued.
        bool noGravity;
        float skyY;
        /// The longest walk to a ledge: the box's half width plus a move's walk.
        int edgeSteps;
    };
    Expander(const Level& level, const SpawnIndex& spawns, Grid grid, std::uint16_t index)
        : mLevel(level), mSim(level), mSpawns(spawns), mGrid(grid), mIndex(index) {}

    /// Expands `cur` into out[0 .. kMaxMoves): one result per move, in move
    /// order, then (when there are fewer) one whose move is MCount. What the
    /// steps touch goes to touches[buffer].
    void expand(const Pending& cur, MoveResult* out, int buffer) {
        std::vector<Touch>& touched = touches[buffer];
        mTouched = &touched;
        const ReachModel& model = mGrid.model;
        const bool grounded = cur.node != kNoNode && (cur.contacts & OnGround);
        const bool oneWay = grounded && (cur.contacts & OnOneWayPlatform);
        const auto full = static_cast<std::uint8_t>(model.stepsPerMove);
        std::uint8_t moves[kMaxMoves];
        std::uint8_t holds[kMaxMoves]; ///< steps; kToEdge: walk to the ledge
        std::uint8_t zone = 0;         ///< RefineZones of a standing state
        int moveCount = 0;
        const auto add = [&](std::uint8_t m, std::uint8_t steps) {
            moves[moveCount] = m;
            holds[moveCount++] = steps;
        };
        if (grounded) {
            if (model.exhaustive)
                add(MNone, 1);
            for (std::uint8_t m : {MLeft, MRight, MJump, MJumpLeft, MJumpRight})
                add(m, full);
            if (oneWay)
                for (std::uint8_t m : {MDown, MDownLeft, MDownRight})
                    add(m, full);
            // Refinement (reachmodel.h). Near a one-tile opening, single steps
            // reach every position a walk passes, so a drop or a jump through an
            // opening one step wide is tried; near a ledge, a walk to the last
            // step still on the ground tries the farthest take-off.
            zone = mGrid.zones->at(mSim.world().map(), cur.position);
            if ((zone & RefineZones::kOpening) && full > 1) {
                add(MLeft, 1);
                add(MRight, 1);
            }
            if (zone & RefineZones::kLedge) {
                add(MLeft, kToEdge);
                add(MRight, kToEdge);
            }
        } else {
            for (std::uint8_t m : {MNone, MLeft, MRight})
                add(m, full);
        }
        for (int mi = 0; mi < moveCount; ++mi) {
            const std::uint8_t m = moves[mi];
            if (cur.node == kNoNode)
                mSim.resetToSpawn();
            else
                mSim.restore(cur.body);
            const Input keys = keysOf(m);
            MoveResult& res = out[mi];
            res.move = m;
            res.expander = mIndex;
            res.touchBegin = static_cast<std::uint32_t>(touched.size());
            res.key = 0;
            mRecentCount = 0;
            const bool toEdge = holds[mi] == kToEdge;
            const int hold = toEdge ? mGrid.edgeSteps : holds[mi];
            PlayerState s;
            int held = 0;
            for (int k = 1; k <= hold; ++k) {
                const BodySnapshot before = toEdge ? mSim.snapshot() : BodySnapshot{};
                const PlayerState next = mSim.step(keys);
                observe(next, RouteEnd{cur.node, m, static_cast<std::uint8_t>(k),
                                       cur.steps + static_cast<std::uint64_t>(k)});
                if (toEdge && !(next.contacts & OnGround)) {
                    mSim.restore(before); // one step short of falling: the ledge
                    break;
                }
                s = next;
                held = k;
            }
            res.touchEnd = static_cast<std::uint32_t>(touched.size());
            res.steps = static_cast<std::uint8_t>(held);
            res.contacts = s.contacts;
            // A walk to the ledge that stays on the ground all the way, or moves
            // not at all, found no ledge: nothing new.
            if (toEdge && (held == hold || held == 0))
                continue;
            // Standing: refined next to an opening; at a ledge, an edge state. An
            // arc keeps the refinement until it lands: of a state near an opening,
            // or of an edge state's jump over its ledge (its other moves are coarse).
            if (toEdge)
                res.refined = m == MLeft ? kEdgeLeft : kEdgeRight;
            else if (s.contacts & OnGround)
                res.refined =
                    (mGrid.zones->at(mSim.world().map(), s.position) & RefineZones::kOpening)
                        ? kFine
                        : kCoarse;
            else if (grounded)
                res.refined = (cur.refined == kEdgeLeft && m == MJumpLeft) ||
                                      (cur.refined == kEdgeRight && m == MJumpRight)
                                  ? cur.refined
                              : (zone & RefineZones::kOpening) ? static_cast<std::uint8_t>(kFine)
                                                               : static_cast<std::uint8_t>(kCoarse);
            else if ((cur.refined == kEdgeLeft && m == MRight) ||
                     (cur.refined == kEdgeRight && m == MLeft))
                res.refined = kCoarse;
            else if (mGrid.zones->at(mSim.world().map(), s.position) & RefineZones::kOpening)
                res.refined = kFine;
            else
                res.refined = cur.refined;
            const bool finite = std::isfinite(s.position.x) && std::isfinite(s.position.y);
            const bool lost = mGrid.noGravity && s.velocity.y >= 0 && s.position.y > mGrid.skyY;
            res.key = finite && !lost ? keyOf(s, res.refined) : 0;
            if (res.key) {
                res.body = mSim.snapshot();
                res.position = s.position;
            }
        }
        if (moveCount < static_cast<int>(kMaxMoves))
            out[moveCount].move = MCount;
    }

    /// Per batch buffer (one batch is merged while the next is expanded); emptied
    /// by BatchPool::start() before a batch is expanded into it again.
    std::vector<Touch> touches[2];

private:
    /// After every physics step of a move: the surfaces stood on and the spawns
    /// overlapped. A later step of the same move has a longer route, so a tile
    /// already touched in this move is not touched again.
    void observe(const PlayerState& s, const RouteEnd& end) {
        const Aabb box = mSim.box();
        const TileMap& map = mSim.world().map();
        if (s.contacts & OnGround) {
            standing::forEachTileStoodOn(mLevel, map, box, s.position.y, [&](int x, int ly) {
                const std::uint32_t key =
                    static_cast<std::uint32_t>(ly) * static_cast<std::uint32_t>(mLevel.width) +
                    static_cast<std::uint32_t>(x);
                if (std::find(mRecent, mRecent + mRecentCount, key) != mRecent + mRecentCount)
                    return;
                mRecent[mRecentCount++ & 3] = key;
                mRecentCount = std::min(mRecentCount, 4);
                mTouched->push_back(Touch{key, -1, end});
            });
        }
        mSpawns.overlapping(box, [&](int id) { mTouched->push_back(Touch{0, id, end}); });
    }

    /// x and y cells (22 bits each), the speed band (15 bits), the ground and
    /// one-way contacts, the refinement (Refined), and a set bit.
    std::uint64_t keyOf(const PlayerState& s, std::uint8_t refined) const {
        const ReachModel& m = mGrid.model;
        const float gx = refined == kFine ? m.fineGrid : m.positionGrid;
        const std::uint64_t qx =
            static_cast<std::uint64_t>(cell(s.position.x, gx) + (1 << 21)) & 0x3fffffu;
        const std::uint64_t qy =
            static_cast<std::uint64_t>(cell(s.position.y, m.positionGrid) + (1 << 21)) & 0x3fffffu;
        const std::uint64_t qv =
            static_cast<std::uint64_t>(cell(s.velocity.y, m.speedGrid) + (1 << 14)) & 0x7fffu;
        const std::uint64_t c =
            (s.contacts & OnGround ? 1u : 0u) | (s.contacts & OnOneWayPlatform ? 2u : 0u);
        return (qx << 42) | (qy << 20) | (qv << 5) | (c << 3) |
               (static_cast<std::uint64_t>(refined) << 1) | 1u;
    }

    const Level& mLevel;
    PlayerSim mSim;
    const SpawnIndex& mSpawns;
    Grid mGrid;
    std::uint16_t mIndex;
    std::vector<Touch>* mTouched = nullptr;
    std::uint32_t mRecent[4] = {};
    int mRecentCount = 0;
};

} // namespace ts::level::reach_detail
