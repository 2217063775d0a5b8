// The sample levels (resources/levels) and input scripts, as the level library's tests
// load them; a sample that does not load stops the test with the loader's error.
#pragma once

#include "tilesmith/level/art.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"

#include <QtGlobal>

#include <algorithm>
#include <string>
#include <vector>

namespace testlevels {

inline ts::level::Level loadSample(const char* name) {
    const std::string path = std::string(TILESMITH_SOURCE_DIR "/resources/levels/") + name;
    const ts::level::LoadResult r = ts::level::loadLevelFile(path);
    if (!r.ok())
        qFatal("cannot load %s: %s", path.c_str(),
               r.errors.empty() ? "" : r.errors[0].toString().c_str());
    return *r.level;
}

/// `level` as a Tiled map brings it back: every auto layer as the painted cells its
/// rules draw (TMX has no rules); an empty layer comes back empty (its tileset is named by
/// a layer property).
inline ts::level::Level withArtPainted(ts::level::Level level) {
    for (ts::level::ArtLayer& layer : level.art) {
        if (layer.isAuto) {
            layer.cells = ts::level::resolveArtLayer(level, layer);
            layer.isAuto = false;
            layer.rules.clear();
            layer.seed = 0;
        }
    }
    return level;
}

/// An input script from its text (`simulate --inputs`'s format).
inline ts::level::InputScript script(const std::string& text) {
    ts::level::InputScript s;
    std::vector<ts::level::Diagnostic> errors;
    if (!ts::level::parseInputScript(text, "<test>", s, errors))
        qFatal("bad script: %s", errors.empty() ? "" : errors[0].toString().c_str());
    return s;
}

/// Right, a jump, right again, back left and a jump: a route through the tutorial's start.
inline constexpr const char* kRoute =
    "1 40 right\n41 41 right,jump\n42 90 right\n91 120 left\n121 121 jump\n";

} // namespace testlevels
