// Why a spawn is not reachable (reachreasons.h): the player's moves from the reached
// surfaces nearest the target, simulated with PlayerSim, and what stops the closest one.
#include "tilesmith/level/reachreasons.h"

#include "reachreasonsimpl.h"
#include "tilesmith/level/goals.h"
#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>

namespace ts::level {

const char* reachStopName(ReachStop stop) {
    switch (stop) {
    case ReachStop::None:
        return "";
    case ReachStop::Enclosed:
        return "enclosed";
    case ReachStop::Ceiling:
        return "ceiling";
    case ReachStop::Wall:
        return "wall";
    case ReachStop::JumpTooLow:
        return "jump_too_low";
    case ReachStop::Gap:
        return "gap";
    case ReachStop::Floor:
        return "floor";
    case ReachStop::OutOfRange:
        return "out_of_range";
    case ReachStop::MissedBySearch:
        return "missed_by_search";
    }
    return "";
}

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

/// Pixels between two boxes (0 when they touch or overlap).
float boxDistance(const Aabb& a, const Aabb& b) {
    const float dx = std::max({0.0f, a.min().x - b.max().x, b.min().x - a.max().x});
    const float dy = std::max({0.0f, a.min().y - b.max().y, b.min().y - a.max().y});
    return std::hypot(dx, dy);
}

/// A contact the player made on its way: the step and its box.
struct Hit {
    int step = 0;
    Aabb box;
};

enum class Keys { Jump, JumpDir, EdgeJump, SteerFromApex, WalkOff, DropDir, Drop };

/// The player after one step of a move.
struct Sample {
    Aabb box;
    float feet = 0; ///< the feet's height (world y)
    std::uint8_t contacts = 0;
};

/// One move simulated from standing on a surface, whatever the target: the same moves
/// serve every target near that surface.
struct Track {
    Keys keys = Keys::Jump;
    int dir = 0;
    std::vector<Sample> steps;
    bool landed = false;
    Vec2 landFeet;
};

/// A move (or standing) watched against one target.
struct Arc {
    ReachMove move = ReachMove::Standing;
    int dir = 0;
    float best = kInf; ///< the closest approach to the target
    int bestStep = 0;
    Aabb bestBox;
    bool overlapped = false;
    float maxTop = -kInf;  ///< the box's highest top
    float maxFeet = -kInf; ///< the feet at their highest
    std::vector<Hit> ceilings, walls;
    bool landed = false;
    Vec2 landFeet;
};

ReachMove moveOf(Keys keys) {
    switch (keys) {
    case Keys::EdgeJump:
        return ReachMove::RunningJump;
    case Keys::WalkOff:
    case Keys::DropDir:
    case Keys::Drop:
        return ReachMove::WalkOff;
    default:
        return ReachMove::Jump;
    }
}

/// Watches `t` against `target`.
Arc watch(const Track& t, const Aabb& target) {
    Arc a;
    a.move = moveOf(t.keys);
    a.dir = t.dir;
    a.landed = t.landed;
    a.landFeet = t.landFeet;
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const Sample& s = t.steps[i];
        const int k = int(i) + 1;
        const float d = boxDistance(s.box, target);
        if (d < a.best) {
            a.best = d;
            a.bestStep = k;
            a.bestBox = s.box;
        }
        a.overlapped = a.overlapped || boxesOverlap(s.box, target);
        a.maxTop = std::max(a.maxTop, s.box.max().y);
        a.maxFeet = std::max(a.maxFeet, s.feet);
        if (s.contacts & AtCeiling)
            a.ceilings.push_back(Hit{k, s.box});
        if ((t.dir > 0 && (s.contacts & PushesRightWall)) ||
            (t.dir < 0 && (s.contacts & PushesLeftWall)))
            a.walls.push_back(Hit{k, s.box});
    }
    return a;
}

} // namespace

struct ReachExplainer::Impl {
    const Level& level;
    const ReachResult& reach;
    ReasonOptions options;
    std::uint64_t used = 0;
    std::optional<PlayerSim> sim;
    std::vector<LevelTile> surfaces;
    std::optional<reasons::FreeJump> jump;
    std::optional<reasons::Openings> openings;
    std::optional<reasons::SurfaceGrid> grid;
    /// The moves simulated from each surface (index into surfaces), both ways; empty when
    /// the player cannot stand there.
    std::unordered_map<std::size_t, std::vector<Track>> tracks;
    BodyDef player;
    float ts = 16;
    int maxSteps = 600;
    int walkSteps = 60;

    Impl(const Level& l, const ReachResult& r, const ReasonOptions& o)
        : level(l), reach(r), options(o) {}

    /// The player's box standing on surface (x, y) (its feet on the tile's top, centred).
    Aabb standingBox(LevelTile s) const {
        const Vec2 feet = tileBottomCenter(level, s.x, s.y - 1);
        return Aabb{feet + player.offset, player.halfSize};
    }

    void prepare() {
        if (sim)
            return;
        sim.emplace(level);
        surfaces = reach.surfaces();
        player = bodyDef(level, *level.player());
        ts = float(level.tileSize);
        const PhysicsSettings& p = level.physics;
        // A jump's time in the air, three times over for falls after it; walks cross 3 tiles.
        const double air = p.gravity > 0 && p.dt > 0
                               ? 2.0 * double(p.jumpSpeed) / double(p.gravity) / double(p.dt)
                               : 200.0;
        maxSteps = int(std::clamp(3.0 * air + 60.0, 60.0, 600.0));
        const double walk = p.walkSpeed > 0 && p.dt > 0 ? double(p.walkSpeed) * double(p.dt) : ts;
        walkSteps = int(std::clamp(3.0 * ts / walk + 1.0, 1.0, 240.0));
    }

    /// Steps the player from its current state with `keys` (toward `dir`).
    Track run(Keys keys, int dir);
    /// The moves from surface `i`, simulated the first time they are asked for.
    const std::vector<Track>& tracksFrom(std::size_t i);
    ReachReason explain(const Spawn& s);
    void classify(ReachReason& r, const Arc& a, const Aabb& target, float highestTop,
                  float surfaceMaxFeet);
    std::optional<LevelTile> ceilingTile(const Aabb& box) const;
    std::optional<LevelTile> wallTop(const Aabb& box, int dir) const;
    std::optional<LevelTile> floorTile(Vec2 feet) const;
    bool gapBeyond(LevelTile s, int dir, int limit, ReachReason& r) const;
};

Track ReachExplainer::Impl::run(Keys keys, int dir) {
    Track t;
    t.keys = keys;
    t.dir = dir;
    const bool toLeft = dir < 0;
    const bool toRight = dir > 0;
    const Input walk{toLeft, toRight, false, false};
    Input held;
    switch (keys) {
    case Keys::Jump:
    case Keys::SteerFromApex:
        held = Input{false, false, true, false};
        break;
    case Keys::JumpDir:
        held = Input{toLeft, toRight, true, false};
        break;
    case Keys::EdgeJump:
    case Keys::WalkOff:
        held = walk;
        break;
    case Keys::DropDir:
        held = Input{toLeft, toRight, false, true};
        break;
    case Keys::Drop:
        held = Input{false, false, false, true};
        break;
    }
    bool leftGround = false;
    int onGroundSteps = 0;
    for (int k = 1; k <= maxSteps; ++k) {
        PlayerState s;
        if (keys == Keys::EdgeJump && !leftGround) {
            // Walk to the edge; at the step that would leave the ground, jump instead.
            const BodySnapshot before = sim->snapshot();
            s = sim->step(walk);
            if (!(s.contacts & OnGround) || onGroundSteps >= walkSteps) {
                sim->restore(before);
                held = Input{toLeft, toRight, true, false};
                s = sim->step(held);
            }
        } else {
            s = sim->step(held);
        }
        ++used;
        if (keys == Keys::SteerFromApex && leftGround && s.velocity.y <= 0)
            held = walk;
        t.steps.push_back(Sample{sim->box(), s.position.y, s.contacts});
        if (!(s.contacts & OnGround)) {
            leftGround = true;
        } else if (leftGround) {
            t.landed = true;
            t.landFeet = s.position;
            break;
        } else if (++onGroundSteps > walkSteps && keys != Keys::EdgeJump) {
            break; // walked into something and never left the ground
        }
    }
    return t;
}

const std::vector<Track>& ReachExplainer::Impl::tracksFrom(std::size_t i) {
    const auto found = tracks.find(i);
    if (found != tracks.end())
        return found->second;
    std::vector<Track>& out = tracks[i];
    const LevelTile from = surfaces[i];
    if (!sim->placeOn(from.x, from.y - 1))
        return out;
    const BodySnapshot start = sim->snapshot();
    const auto add = [&](Keys keys, int dir) {
        sim->restore(start);
        out.push_back(run(keys, dir));
    };
    add(Keys::Jump, 0);
    add(Keys::Drop, 0);
    for (int dir : {1, -1})
        for (Keys keys :
             {Keys::JumpDir, Keys::EdgeJump, Keys::SteerFromApex, Keys::WalkOff, Keys::DropDir})
            add(keys, dir);
    return out;
}

std::optional<LevelTile> ReachExplainer::Impl::ceilingTile(const Aabb& box) const {
    // The row whose bottom edge the head touches, the solid tile there nearest the centre.
    const int prow = int(std::floor(box.max().y / ts + 0.5f));
    const int row = physicsRow(level, prow);
    const int c0 = int(std::floor(box.min().x / ts));
    const int c1 = int(std::floor((box.max().x - 1e-3f) / ts));
    std::optional<LevelTile> best;
    float bestD = kInf;
    for (int c = c0; c <= c1; ++c) {
        if (!level.contains(c, row) || level.tile(c, row) != Tile::Solid)
            continue;
        const float d = std::fabs((float(c) + 0.5f) * ts - box.center.x);
        if (d < bestD) {
            bestD = d;
            best = LevelTile{c, row};
        }
    }
    return best;
}

std::optional<LevelTile> ReachExplainer::Impl::wallTop(const Aabb& box, int dir) const {
    // The column whose edge the side touches; its highest solid tile beside the box,
    // then up the wall while the tile above is solid.
    const int col = dir > 0 ? int(std::floor(box.max().x / ts + 0.5f))
                            : int(std::floor(box.min().x / ts + 0.5f)) - 1;
    const int p0 = int(std::floor(box.min().y / ts + 1e-3f));
    const int p1 = int(std::floor((box.max().y - 1e-3f) / ts));
    for (int prow = p1; prow >= p0; --prow) {
        int row = physicsRow(level, prow);
        if (!level.contains(col, row) || level.tile(col, row) != Tile::Solid)
            continue;
        while (row > 0 && level.tile(col, row - 1) == Tile::Solid)
            --row;
        return LevelTile{col, row};
    }
    return std::nullopt;
}

std::optional<LevelTile> ReachExplainer::Impl::floorTile(Vec2 feet) const {
    const int row = physicsRow(level, int(std::floor(feet.y / ts + 0.5f)) - 1);
    const int col = int(std::floor(feet.x / ts));
    for (int c : {col, col - 1, col + 1})
        if (level.contains(c, row) && level.tile(c, row) != Tile::Empty)
            return LevelTile{c, row};
    return std::nullopt;
}

bool ReachExplainer::Impl::gapBeyond(LevelTile s, int dir, int limit, ReachReason& r) const {
    if (dir == 0)
        return false;
    // The surface's run to its edge, then the columns with nothing to stand on at its
    // height or within a jump above it, up to the target's column `limit`.
    int edge = s.x;
    while (reasons::standableTile(level, edge + dir, s.y))
        edge += dir;
    const int above = r.jumpRise > 0 ? int(std::ceil(r.jumpRise / ts)) : 0;
    const auto landing = [&](int c) {
        for (int y = std::max(0, s.y - above); y <= s.y; ++y)
            if (reasons::standableTile(level, c, y))
                return true;
        return false;
    };
    int c = edge + dir;
    while (c >= 0 && c < level.width && (c - limit) * dir < 0 && !landing(c))
        c += dir;
    const int first = edge + dir, last = c - dir;
    if ((last - first) * dir < 0 || first < 0 || first >= level.width)
        return false;
    r.tile = LevelTile{std::min(first, last), s.y};
    r.gapEnd = std::max(first, last);
    r.shortBy = float(r.gapEnd - r.tile.x + 1) * ts;
    return true;
}

void ReachExplainer::Impl::classify(ReachReason& r, const Arc& a, const Aabb& target,
                                    float highestTop, float surfaceMaxFeet) {
    const Aabb& b = a.bestBox;
    const float above = target.min().y - b.max().y;
    const float below = b.min().y - target.max().y;
    const int toward = target.center.x > b.center.x ? 1 : -1;
    const bool beside = target.min().x >= b.max().x || target.max().x <= b.min().x;
    const float startFeet = standingBox(r.from).min().y;
    // The contacts on the way to the closest point, the last of each first.
    const Hit* ceiling = nullptr;
    for (const Hit& h : a.ceilings)
        if (h.step <= a.bestStep)
            ceiling = &h;
    const Hit* wall = nullptr;
    for (const Hit& h : a.walls)
        if (h.step <= a.bestStep && a.dir == toward && (!wall || h.box.max().y > wall->box.max().y))
            wall = &h;
    const bool fell = !a.landed || a.landFeet.y < startFeet - ts * 0.5f;

    // A wall is in the way when the feet never rise above its top.
    const auto wallStops = [&] {
        if (!wall || !beside)
            return false;
        const auto t = wallTop(wall->box, a.dir);
        if (!t)
            return false;
        const float top = float(physicsRow(level, t->y) + 1) * ts;
        if (surfaceMaxFeet >= top)
            return false;
        r.stop = ReachStop::Wall;
        r.tile = *t;
        r.shortBy = top - surfaceMaxFeet;
        return true;
    };
    if (above > 0) {
        // A ceiling is in the way when a free jump from here would rise to the target.
        const bool couldRise =
            r.jumpRise <= 0 || startFeet + r.jumpRise + 2.0f * player.halfSize.y > target.min().y;
        if (ceiling && couldRise) {
            if (const auto t = ceilingTile(ceiling->box)) {
                r.stop = ReachStop::Ceiling;
                r.tile = *t;
                r.shortBy = target.min().y - a.maxTop;
                return;
            }
        }
        if (wallStops())
            return;
        if (highestTop <= target.min().y) {
            r.stop = ReachStop::JumpTooLow;
            r.shortBy = target.min().y - highestTop;
            return;
        }
    }
    if (wallStops())
        return;
    if (beside && fell && a.move != ReachMove::Standing &&
        gapBeyond(r.from, toward, int(std::floor(target.center.x / ts)), r)) {
        r.stop = ReachStop::Gap;
        return;
    }
    if (below > 0) {
        const std::optional<LevelTile> t = a.move == ReachMove::Standing
                                               ? std::optional<LevelTile>(r.from)
                                           : a.landed ? floorTile(a.landFeet)
                                                      : std::nullopt;
        if (t) {
            r.stop = ReachStop::Floor;
            r.tile = *t;
            return;
        }
    }
    r.stop = ReachStop::OutOfRange;
}

ReachReason ReachExplainer::Impl::explain(const Spawn& s) {
    ReachReason r;
    prepare();
    if (surfaces.empty() || used >= options.stepBudget)
        return r;
    const Aabb target = s.kind == SpawnKind::Goal ? goalArea(level, s) : [&] {
        const BodyDef def = bodyDef(level, s);
        return Aabb{def.position + def.offset, def.halfSize};
    }();
    if (!jump)
        jump = reasons::measureFreeJump(level);
    r.jumpRise = jump->rise;
    r.jumpDistance = jump->distance;

    // The reached surfaces nearest the target, by the box standing on them.
    if (!grid)
        grid.emplace(level, surfaces);
    const LevelTile at{int(std::floor(target.center.x / ts)),
                       physicsRow(level, int(std::floor(target.center.y / ts)))};
    // A standing box can be nearer than its tile by its size, the target's and a tile.
    const float slack =
        2.0f * (player.halfSize.x + player.halfSize.y + target.halfSize.x + target.halfSize.y) +
        2.0f * ts;
    const std::vector<std::pair<float, std::size_t>> near =
        grid->nearest(at, std::size_t(std::max(options.surfaces, 1)), slack,
                      [&](std::size_t i) { return boxDistance(standingBox(surfaces[i]), target); });
    const std::size_t n = near.size();

    Arc best;
    float highestTop = -kInf;
    float bestSurfaceFeet = -kInf;
    for (std::size_t k = 0; k < n; ++k) {
        const LevelTile from = surfaces[near[k].second];
        Arc stand;
        stand.best = near[k].first;
        stand.bestBox = standingBox(from);
        stand.maxTop = stand.bestBox.max().y;
        stand.maxFeet = stand.bestBox.min().y;
        std::vector<Arc> arcs{stand};
        // Sideways moves toward the target; both ways when it is right above.
        const float dx = target.center.x - stand.bestBox.center.x;
        for (const Track& t : tracksFrom(near[k].second))
            if (t.dir == 0 || (t.dir > 0 && dx > -ts) || (t.dir < 0 && dx < ts))
                arcs.push_back(watch(t, target));
        float surfaceFeet = -kInf;
        for (const Arc& a : arcs)
            surfaceFeet = std::max(surfaceFeet, a.maxFeet);
        for (const Arc& a : arcs) {
            highestTop = std::max(highestTop, a.maxTop);
            if (a.best < best.best) {
                best = a;
                r.from = from;
                bestSurfaceFeet = surfaceFeet;
            }
        }
        if (best.overlapped)
            break;
    }
    r.move = best.move;
    r.distance = best.best;
    const float cx = best.bestBox.center.x, cy = best.bestBox.center.y;
    r.nearest = LevelTile{int(std::floor(cx / ts)), physicsRow(level, int(std::floor(cy / ts)))};

    if (!openings) {
        openings.emplace(level, 2.0f * player.halfSize.x, 2.0f * player.halfSize.y);
        openings->flood(surfaces);
    }
    if (best.overlapped)
        r.stop = ReachStop::MissedBySearch;
    else if (!openings->reaches(target))
        r.stop = ReachStop::Enclosed;
    else
        classify(r, best, target, highestTop, bestSurfaceFeet);
    const std::string name = spawnLabel(s.kind, s.id);
    r.nearestText = reasons::nearestText(r, name);
    r.stopText = reasons::stopText(r, name, 2.0f * player.halfSize.x, 2.0f * player.halfSize.y);
    return r;
}

ReachExplainer::ReachExplainer(const Level& level, const ReachResult& reach,
                               const ReasonOptions& options)
    : d(std::make_unique<Impl>(level, reach, options)) {
}

ReachExplainer::~ReachExplainer() = default;

ReachReason ReachExplainer::explain(int id) {
    const Spawn* s = d->level.findSpawn(id);
    if (!s || s->kind == SpawnKind::Player || !d->level.player() || !d->reach.hasPlayer())
        return {};
    return d->explain(*s);
}

std::uint64_t ReachExplainer::stepsUsed() const {
    return d->used;
}

ReachReason explainUnreached(const Level& level, const ReachResult& reach, int id,
                             const ReasonOptions& options) {
    return ReachExplainer(level, reach, options).explain(id);
}

} // namespace ts::level
