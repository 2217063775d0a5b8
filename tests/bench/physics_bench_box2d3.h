// physics_bench: the Box2D v3 engines (optional at build time: built only when
// TILESMITH_BOX2D_V3_DIR points at a Box2D v3 source tree, or when
// TILESMITH_BOX2D_V3_FETCH asks CMake to fetch it).
#pragma once

#include "physics_bench_scene.h"

#include <memory>
#include <string>

namespace ts::bench {

/// True when the benchmark was built with Box2D v3 (TILESMITH_BENCH_HAVE_BOX2D3).
bool box2d3Available();
/// "3.2.0" etc. from b2GetVersion(), or "absent".
std::string box2d3Version();
/// The scene in Box2D v3 on one worker with its default solver settings (4
/// sub-steps, soft contacts); nullptr when built without it. `continuous` is
/// its default continuous collision against static bodies; off gives the
/// "box2d3-nocd" engine.
std::unique_ptr<Engine> makeBox2d3Engine(const Scene& scene, bool continuous = true);

} // namespace ts::bench
