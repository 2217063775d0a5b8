// Scripted player inputs: what `tilesmith simulate --inputs` and play mode's
// scripted runs read, so the editor and the command line drive the same steps.
//
// Text format, one range per line:  FROM TO KEYS
//   FROM, TO  inclusive step numbers; step 1 is the first step run
//   KEYS      comma-separated from left,right,jump,down (or `none`)
//   #         starts a comment; blank lines are ignored
// Overlapping ranges combine their keys.
#pragma once

#include "level/levelio.h"
#include "tilesmith/physics/body.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ts::level {

struct InputRange {
    std::uint64_t from = 1;
    std::uint64_t to = 1;
    Input keys;
    bool operator==(const InputRange&) const = default;
};

struct InputScript {
    std::vector<InputRange> ranges;
    /// The keys held during step `step` (1-based).
    Input at(std::uint64_t step) const;
};

/// Parses script text; on error fills `errors` (with line and column) and returns false.
bool parseInputScript(const std::string& text, const std::string& fileName, InputScript& out,
                      std::vector<Diagnostic>& errors);
bool loadInputScript(const std::string& path, InputScript& out, std::vector<Diagnostic>& errors);

} // namespace ts::level
