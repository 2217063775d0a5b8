// A benchmark's level from a file: the benchmark cannot run without it, so a level
// that does not load ends the program with its first error.
#pragma once

#include "tilesmith/level/levelio.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace ts::bench {

inline ts::level::Level loadLevelOrExit(const std::string& path) {
    ts::level::LoadResult r = ts::level::loadLevelFile(path);
    if (!r.ok()) {
        std::fprintf(stderr, "cannot load %s: %s\n", path.c_str(),
                     r.errors.empty() ? "unknown error" : r.errors[0].toString().c_str());
        std::exit(1);
    }
    return std::move(*r.level);
}

} // namespace ts::bench
