// The physics revision: which version of the physics' motion this build has.
#pragma once

namespace ts {

/// Bumped whenever a change alters any body's motion or the value of
/// World::stateHash() for the same state (physics/README.md, "Determinism"):
/// a state recorded by one revision (replay checkpoints, hashes a game stored)
/// may differ from what another revision computes, so recordings store the
/// revision they were made with and say so when they no longer match.
/// tests/physics/test_world.cpp's recorded-hash test pins one hash per revision
/// and fails, telling you to bump this, when the hash changes without it.
/// Revisions 1 - 5 existed before the number was public (the test's table lists
/// them); recordings made before it count as "unknown".
inline constexpr int kPhysicsRevision = 8;

} // namespace ts
