// Small numeric helpers shared by the physics sources (private).
#pragma once

#include <cmath>

namespace ts::detail {

/// floor() to int that never overflows: NaN gives 0, huge values saturate at
/// +-2^30, so a body flung far away can never make us index with garbage.
inline int floorToInt(float v) {
    constexpr float lim = 1073741824.0f; // 2^30
    if (!(v > -lim))                     // also catches NaN
        return v != v ? 0 : -(1 << 30);
    if (v >= lim)
        return 1 << 30;
    return static_cast<int>(std::floor(v));
}

/// Round half away from zero, like the tutorial's RoundVector (Mathf.Round rounds
/// half to even; we pick a fixed rule, which is all determinism needs).
inline float roundPx(float v) {
    return std::round(v);
}

} // namespace ts::detail
