// The reasons' lines of English (reachreasons.h), in lint's words: tiles as "x 9, y 4"
// (level rows from the top), pixels to two decimals at most.
#include "reachreasonsimpl.h"

#include <cmath>
#include <cstdio>

namespace ts::level::reasons {

namespace {

/// 72.83, 24, 101.3: two decimals at most, no trailing zeros.
std::string number(float v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f", double(std::round(v * 100.0f) / 100.0f));
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    if (s == "-0")
        s = "0";
    return s;
}

std::string px(float v) {
    return number(v) + " px";
}

std::string tile(LevelTile t) {
    return "x " + std::to_string(t.x) + ", y " + std::to_string(t.y);
}

std::string riseNote(const ReachReason& r) {
    return r.jumpRise > 0 ? " (a jump rises " + px(r.jumpRise) + ")" : std::string();
}

} // namespace

std::string nearestText(const ReachReason& r, const std::string& target) {
    std::string how;
    switch (r.move) {
    case ReachMove::Standing:
        how = "standing on the surface at ";
        break;
    case ReachMove::Jump:
        how = "jumping from the surface at ";
        break;
    case ReachMove::RunningJump:
        how = "jumping off the edge of the surface at ";
        break;
    case ReachMove::WalkOff:
        how = "walking off the surface at ";
        break;
    }
    return "nearest point reached: " + tile(r.nearest) + ", " + px(r.distance) + " from " + target +
           " (" + how + tile(r.from) + ")";
}

std::string stopText(const ReachReason& r, const std::string& target, float boxWidth,
                     float boxHeight) {
    switch (r.stop) {
    case ReachStop::None:
        return {};
    case ReachStop::Enclosed:
        return "stopped by the walls around " + target + ": no opening the player's box (" +
               number(boxWidth) + " x " + px(boxHeight) + ") fits through leads to it";
    case ReachStop::Ceiling:
        return "stopped by the ceiling at " + tile(r.tile) + ": the top of the jump is " +
               px(r.shortBy) + " below " + target + riseNote(r);
    case ReachStop::Wall:
        return "stopped by the wall at " + tile(r.tile) + " (its top tile)" +
               (r.shortBy > 0 ? ": the feet peak " + px(r.shortBy) + " below its top" + riseNote(r)
                              : std::string());
    case ReachStop::JumpTooLow:
        return "too high to jump to: the top of the highest jump is " + px(r.shortBy) + " below " +
               target + riseNote(r);
    case ReachStop::Gap: {
        std::string columns = std::to_string(r.tile.x);
        if (r.gapEnd > r.tile.x) {
            columns += '-';
            columns += std::to_string(r.gapEnd);
        }
        return "stopped by the gap at x " + columns + ", y " + std::to_string(r.tile.y) + ": " +
               px(r.shortBy) + " wide" +
               (r.jumpDistance > 0 ? "; a jump carries the player " + px(r.jumpDistance) + " ahead"
                                   : std::string());
    }
    case ReachStop::Floor:
        return "stopped by the floor at " + tile(r.tile) + ", above " + target;
    case ReachStop::OutOfRange:
        return "out of range: nothing in the way, but no jump from the nearest surfaces gets "
               "closer";
    case ReachStop::MissedBySearch:
        return "missed by the search: this move reaches " + target +
               " (the search does not try it, or its resolution skips it)";
    }
    return {};
}

} // namespace ts::level::reasons
