// Private to the level library: the settings keys replay files use, in file order.
#pragma once

#include <cstddef>

namespace ts::level::replaytext {

inline constexpr const char* kSettingsKeys[] = {
    "gravity",        "walk_speed", "jump_speed",         "max_fall_speed",  "one_way_threshold",
    "partition_cell", "dt",         "correction_percent", "correction_slop", "solver_iterations"};
inline constexpr std::size_t kPhysicsKeyCount = 7; // the level's physics section: the first seven

} // namespace ts::level::replaytext
