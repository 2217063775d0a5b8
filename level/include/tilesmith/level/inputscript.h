// Scripted player inputs: what `tilesmith simulate --inputs` and play mode's
// scripted runs read, so the editor and the command line drive the same steps.
//
// Text format, one range per line:  FROM TO KEYS
//   FROM, TO  inclusive step numbers; step 1 is the first step run (written as a level
//             file writes a whole number: "+5" is 5)
//   KEYS      comma-separated from left,right,jump,down (or `none`)
//   #         starts a comment; blank lines are ignored
// Overlapping ranges combine their keys.
#pragma once

#include "tilesmith/level/levelio.h"
#include "tilesmith/physics/body.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ts::level {

struct InputRange {
    std::uint64_t from = 1;
    std::uint64_t to = 1;
    Input keys{};
    bool operator==(const InputRange&) const = default;
};

struct InputScript {
    std::vector<InputRange> ranges{};
    /// The keys held during step `step` (1-based).
    Input at(std::uint64_t step) const;
};

/// Parses script text; on error fills `errors` (with line and column) and returns false.
bool parseInputScript(const std::string& text, const std::string& fileName, InputScript& out,
                      std::vector<Diagnostic>& errors);
bool loadInputScript(const std::string& path, InputScript& out, std::vector<Diagnostic>& errors);

struct LevelWorld;

/// Drives a level world with a script as a LevelRun steps it (levelrun.h: the run adds
/// replay events, recording and goals, and is what play mode and `tilesmith simulate`
/// drive): for step k = 1..steps: world.setInput(player, script.at(k)); world.step();
/// afterStep(k). Steps are numbered from 1 regardless of how many steps the world already
/// ran. Inputs are found with one sweep over the sorted range ends, so long scripts stay
/// cheap. A level without a player just steps. Returns the final world.stateHash().
std::uint64_t simulateLevel(LevelWorld& lw, const InputScript& script, std::uint64_t steps,
                            const std::function<void(std::uint64_t step)>& afterStep = {});

} // namespace ts::level
