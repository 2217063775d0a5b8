// Jump arcs on the real character controller: a world with the level's map and
// settings and the player alone, stepped exactly as simulateLevel() steps it.
#include "tilesmith/leveledit/jumparc.h"

#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <utility>

namespace ts::leveledit {

using namespace ts::level;

namespace {

/// Compresses per-step keys (index 0 = step `first`) into script ranges.
void appendRanges(InputScript& script, const std::vector<Input>& keys, std::uint64_t first) {
    std::size_t i = 0;
    while (i < keys.size()) {
        std::size_t j = i;
        while (j + 1 < keys.size() && keys[j + 1] == keys[i])
            ++j;
        if (keys[i] != Input{})
            script.ranges.push_back({first + i, first + j, keys[i]});
        i = j + 1;
    }
}

bool grounded(const World& w, BodyId id) {
    return w.hasContact(id, OnGround);
}

/// The settled world and the positions of the settling steps.
struct Settled {
    World world;
    BodyId player;
    std::vector<Vec2> points;
    bool ok = false;
};

Settled settle(World world, BodyId player, int maxSteps) {
    Settled s{std::move(world), player, {}, false};
    for (int k = 0; k < maxSteps; ++k) {
        s.world.setInput(player, Input{});
        s.world.step();
        s.points.push_back(s.world.position(player));
        if (grounded(s.world, player) && s.world.velocity(player).y <= 0.0f) {
            s.ok = true;
            break;
        }
    }
    return s;
}

/// Runs one arc on a copy of the settled world. Returns false when the arc does
/// not exist (a Fall with no ledge on that side).
bool runArc(const Settled& from, ArcKind kind, int dir, const JumpArcOptions& opt, JumpArc& arc) {
    World w = from.world;
    const BodyId p = from.player;
    const std::uint64_t settleSteps = from.points.size();
    arc.kind = kind;
    arc.direction = dir;
    arc.firstStep = settleSteps + 1;
    arc.points = from.points;
    arc.landed = false;
    const Input move{dir<0, dir> 0, false, false};
    std::vector<Input> keys;

    auto stepWith = [&](const Input& in) {
        w.setInput(p, in);
        w.step();
        keys.push_back(in);
        arc.points.push_back(w.position(p));
    };

    if (kind == ArcKind::Fall) {
        // Walk until the ground ends; a wall or the walk limit means no ledge.
        bool airborne = false;
        for (int k = 0; k < opt.maxWalkSteps; ++k) {
            const float x0 = w.position(p).x;
            stepWith(move);
            if (!grounded(w, p)) {
                airborne = true;
                break;
            }
            if (w.position(p).x == x0)
                return false; // blocked: no ledge this way
        }
        if (!airborne)
            return false;
    } else {
        Input in = move;
        in.jump = true;
        stepWith(in);
        if (grounded(w, p)) {
            // Something right above stopped the jump: it ends where it began.
            arc.landed = true;
            appendRanges(arc.inputs, keys, arc.firstStep);
            return true;
        }
    }
    // In the air: keep the direction (the short jump lets go after shortSteps); the
    // full jump keeps jump held while rising.
    for (int k = 0; k < opt.maxSteps; ++k) {
        Input in = move;
        in.jump = kind == ArcKind::FullJump && w.velocity(p).y > 0.0f;
        if (kind == ArcKind::ShortJump && static_cast<int>(keys.size()) >= opt.shortSteps)
            in = Input{};
        stepWith(in);
        if (grounded(w, p)) {
            arc.landed = true;
            break;
        }
    }
    appendRanges(arc.inputs, keys, arc.firstStep);
    return true;
}

} // namespace

const char* arcKindName(ArcKind kind) {
    switch (kind) {
    case ArcKind::ShortJump:
        return "short jump";
    case ArcKind::FullJump:
        return "full jump";
    case ArcKind::Fall:
        return "fall";
    }
    return "?";
}

Spawn playerSpawnAt(const Level& level, int x, int y) {
    Spawn s = level.player() ? *level.player() : Spawn::withDefaults(SpawnKind::Player);
    s.x = x;
    s.y = y;
    return s;
}

World emptyLevelWorld(const Level& level) {
    return World(tileMap(level), worldSettings(level.physics));
}

JumpArcSet computeJumpArcs(const Level& level, int x, int y, const JumpArcOptions& options) {
    return computeJumpArcs(level, emptyLevelWorld(level), x, y, options);
}

JumpArcSet computeJumpArcs(const Level& level, const World& emptyWorld, int x, int y,
                           const JumpArcOptions& options) {
    JumpArcSet out;
    switch (level.spawnFit(x, y)) {
    case SpawnFit::OffMap:
        out.why = NoArcs::OffMap;
        return out;
    case SpawnFit::Solid:
        out.why = NoArcs::Solid;
        return out;
    case SpawnFit::Fits:
        break;
    }
    World w = emptyWorld;
    const BodyDef def = bodyDef(level, playerSpawnAt(level, x, y));
    const BodyId player = w.add(def);
    out.halfSize = w.aabb(player).halfSize;
    const Settled settled = settle(std::move(w), player, std::max(options.maxSteps, 1));
    if (!settled.ok) {
        out.why = NoArcs::NeverStands;
        return out;
    }
    out.ok = true;
    out.start = settled.world.position(player);
    out.settleSteps = settled.points.size();
    for (ArcKind kind : {ArcKind::ShortJump, ArcKind::FullJump, ArcKind::Fall}) {
        for (int dir : {-1, 1}) {
            JumpArc arc;
            arc.halfSize = out.halfSize;
            if (runArc(settled, kind, dir, options, arc))
                out.arcs.push_back(std::move(arc));
        }
    }
    return out;
}

} // namespace ts::leveledit
