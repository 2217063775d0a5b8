// Private to the level library: the spawn fields a replay records for each body
// (format version 3's `spawns:` section), in file order, with the words reports use
// for them (the editor's History words: "velocity x"). One table for the writer, the
// reader, the recorder and the desync report.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/physics/world.h"

#include "linescan.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace ts::level::replaytext {

struct SpawnField {
    const char* key;   ///< in the file: the level format's key
    const char* label; ///< in reports
    float Spawn::*member;
};

inline constexpr SpawnField kBoxFields[] = {
    {"width", "width", &Spawn::width}, {"height", "height", &Spawn::height},
    {"mass", "mass", &Spawn::mass},    {"restitution", "restitution", &Spawn::restitution},
    {"vx", "velocity x", &Spawn::vx},  {"vy", "velocity y", &Spawn::vy}};
inline constexpr SpawnField kBallFields[] = {{"radius", "radius", &Spawn::radius},
                                             {"mass", "mass", &Spawn::mass},
                                             {"restitution", "restitution", &Spawn::restitution},
                                             {"vx", "velocity x", &Spawn::vx},
                                             {"vy", "velocity y", &Spawn::vy}};

/// The fields a body of `kind` is built from (bodyDef()), besides its kind and tile.
inline std::span<const SpawnField> spawnFields(SpawnKind kind) {
    if (kind == SpawnKind::Ball)
        return kBallFields;
    return kBoxFields;
}

/// `s` as a replay records it: its kind's defaults with the id, tile and the fields its
/// body is built from; nothing else (custom properties do not move bodies).
inline Spawn recordedSpawn(const Spawn& s) {
    Spawn r = Spawn::withDefaults(s.kind, s.id, s.x, s.y);
    for (const SpawnField& f : spawnFields(s.kind))
        r.*f.member = s.*f.member;
    return r;
}

/// Spawn fields as the level holds them: NaN is NaN (a code-built level may have one).
inline bool sameValue(float a, float b) {
    return a == b || (a != a && b != b);
}

/// Whether two recorded spawns (recordedSpawn()) are alike: id, kind, tile and the fields
/// of their kind, NaN equal to NaN.
inline bool sameRecordedSpawn(const Spawn& a, const Spawn& b) {
    if (a.id != b.id || a.kind != b.kind || a.x != b.x || a.y != b.y)
        return false;
    for (const SpawnField& f : spawnFields(a.kind))
        if (!sameValue(a.*f.member, b.*f.member))
            return false;
    return true;
}

inline bool sameRecordedSpawn(const std::optional<Spawn>& a, const std::optional<Spawn>& b) {
    return a.has_value() == b.has_value() && (!a || sameRecordedSpawn(*a, *b));
}

/// Fills `lw.bodies` (and startBodies) from its world when empty: a LevelWorld a game
/// made itself, before an event adds a body to it.
void listBodies(LevelWorld& lw);

/// The spawns `world`'s bodies came from, in World::bodies() order, each as
/// recordedSpawn() gives it: Replay::spawns of a recording starting on `world`, built
/// from `level`. std::nullopt when a body has no spawn in `level` (a clone).
std::optional<std::vector<Spawn>> startSpawns(const Level& level, const World& world);

class Reader;

/// What the `spawns:` section read so far holds.
struct SpawnSection {
    std::vector<Spawn> spawns;
    std::map<std::int64_t, int> lines; ///< spawn id -> its line, for "given twice"
};

/// Reads one line of the `spawns:` section, `ID KIND X Y KEY=VALUE...` (the kind's
/// spawnFields(), each once, all required), into `out`; a problem is an error through
/// `rd` at its column. `lineEnd` is the line's length (where a missing word is reported).
void readSpawnLine(Reader& rd, int line, const std::vector<linescan::Word>& words,
                   std::size_t lineEnd, SpawnSection& out);

/// A version-4 spawn event after `STEP spawn`: `ID KIND X Y KEY=VALUE...` (the spawn as the
/// edit left it) or `ID removed`, then `was INDEX KIND X Y KEY=VALUE...` (as it was, and its
/// index in the level's spawns), required after `removed`, absent for a spawn added. The
/// spawns read as the `spawns:` section's lines.
bool readSpawnEvent(Reader& rd, int line, const std::vector<linescan::Word>& words,
                    std::size_t lineEnd, ReplayEvent& e);

} // namespace ts::level::replaytext
