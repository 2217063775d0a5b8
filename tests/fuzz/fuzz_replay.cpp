// Fuzzes the replay reader (`.tsreplay`, docs/format/replay-format.md): any bytes
// either load or give errors with positions; whatever loads saves to canonical text that
// loads back to the same replay and saves to the same bytes (load -> save -> load -> save
// is a fixed point), answers inputAt()/bodyName() for any step or body, and - when short
// enough to run quickly - runs on a small level (hostile events, player starts and
// checkpoints give a desync report, never a crash, a hang or UB).
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/replay.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "fuzz_replay: %s\n%s\n", what, detail.c_str());
    std::abort();
}

// Recorded positions and spawn fields may be NaN (the format allows it): NaN equals NaN here.
bool sameReplay(ts::level::Replay a, ts::level::Replay b) {
    if (a.spawns.has_value() != b.spawns.has_value() ||
        (a.spawns && a.spawns->size() != b.spawns->size()))
        return false;
    for (std::size_t i = 0; a.spawns && i < a.spawns->size(); ++i) {
        ts::level::Spawn& sa = (*a.spawns)[i];
        ts::level::Spawn& sb = (*b.spawns)[i];
        for (float ts::level::Spawn::*f :
             {&ts::level::Spawn::width, &ts::level::Spawn::height, &ts::level::Spawn::radius,
              &ts::level::Spawn::mass, &ts::level::Spawn::restitution, &ts::level::Spawn::vx,
              &ts::level::Spawn::vy})
            if (std::isnan(sa.*f) && std::isnan(sb.*f))
                sa.*f = sb.*f = 0;
    }
    if (a.checkpoints.size() != b.checkpoints.size())
        return false;
    for (std::size_t i = 0; i < a.checkpoints.size(); ++i) {
        auto& pa = a.checkpoints[i].positions;
        auto& pb = b.checkpoints[i].positions;
        if (pa.size() != pb.size())
            return false;
        for (std::size_t j = 0; j < pa.size(); ++j) {
            for (auto [x, y] : {std::pair{&pa[j].x, &pb[j].x}, std::pair{&pa[j].y, &pb[j].y}})
                if (std::isnan(*x) && std::isnan(*y))
                    *x = *y = 0;
        }
    }
    return a == b;
}

// A small level to run short replays on (the format names its level by path; the
// fuzzer never reads files).
const ts::level::Level& runLevel() {
    static const ts::level::Level level = [] {
        const ts::level::LoadResult r = ts::level::loadLevelFromString(R"(tilesmith: 1
name: Fuzz
tile_size: 16
width: 12
height: 6
tiles: |
  ############
  #..........#
  #...===....#
  #..........#
  #.......##.#
  ############
spawns:
  - {id: 1, kind: player, x: 2, y: 4, width: 12, height: 20}
  - {id: 2, kind: box, x: 5, y: 4, width: 16, height: 16}
  - {id: 3, kind: goal, x: 9, y: 2, width: 16, height: 16}
)",
                                                                       "fuzz-level.yaml");
        if (!r.ok())
            fail("the built-in level does not load", r.errors.front().toString());
        return *r.level;
    }();
    return level;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ts::level::ReplayLimits limits; // smaller than the defaults keeps each run fast
    limits.maxFileBytes = 1u << 20;
    limits.maxBodies = 4096;
    limits.maxEvents = 4096;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const ts::level::ReplayLoadResult first =
        ts::level::loadReplayFromString(text, "fuzz.tsreplay", limits);
    if (!first.ok()) {
        if (first.errors.empty())
            fail("load failed without an error", text);
        if (static_cast<int>(first.errors.size()) > limits.maxErrors)
            fail("more errors than ReplayLimits::maxErrors", std::to_string(first.errors.size()));
        for (const ts::level::Diagnostic& e : first.errors)
            if (e.message.empty() || e.line < 0 || e.column < 0)
                fail("diagnostic without a message or with a negative position", e.toString());
        return 0;
    }
    const ts::level::Replay& replay = *first.replay;
    const std::string canonical = ts::level::saveReplayToString(replay);
    const ts::level::ReplayLoadResult second =
        ts::level::loadReplayFromString(canonical, "canonical.tsreplay", limits);
    if (!second.ok())
        fail("the saved text does not load",
             canonical + "\n--- error: " + second.errors.front().toString());
    if (!sameReplay(*second.replay, replay))
        fail("load -> save -> load changed the replay", canonical);
    if (ts::level::saveReplayToString(*second.replay) != canonical)
        fail("save -> load -> save changed the text", canonical);

    // Queries at the edges.
    for (std::uint64_t step : {std::uint64_t{0}, std::uint64_t{1}, replay.steps, replay.steps + 1,
                               std::numeric_limits<std::uint64_t>::max()})
        (void)replay.inputAt(step);
    if (!replay.checkpoints.empty())
        for (std::size_t i = 0; i <= replay.checkpoints.back().positions.size(); ++i)
            (void)replay.bodyName(i);

    // Short replays run on the built-in level: events, player start and checkpoints
    // from the file meet a real world.
    if (replay.steps <= 240 && replay.events.size() <= 64) {
        const ts::level::ReplayCheckResult check = ts::level::checkReplay(runLevel(), replay);
        if (check.desync)
            (void)ts::level::describeDesync(*check.desync);
    }
    return 0;
}
