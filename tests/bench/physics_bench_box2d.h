// physics_bench: the Box2D 2.4.1 engine (optional at build time).
#pragma once

#include "physics_bench_scene.h"

#include <memory>

namespace ts::bench {

/// True when the benchmark was built with Box2D (TILESMITH_BENCH_HAVE_BOX2D).
bool box2dAvailable();
/// Box2D version string, or "absent".
const char* box2dVersion();
/// The scene in Box2D; nullptr when built without Box2D. `continuous` is Box2D's
/// default continuous collision (time of impact against static bodies, the
/// counterpart of our no-tunnelling sweep); off gives the "box2d-nocd" engine.
std::unique_ptr<Engine> makeBox2dEngine(const Scene& scene, bool continuous = true);

} // namespace ts::bench
