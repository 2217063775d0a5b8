// Small numeric helpers shared by the physics sources (private).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace ts::detail {

/// floor() to int that never overflows: NaN gives 0, huge values saturate at
/// +-2^30, so a body flung far away can never make us index with garbage.
inline int floorToInt(float v) {
    constexpr float lim = 1073741824.0f; // 2^30
    if (!(v > -lim))                     // also catches NaN
        return v != v ? 0 : -(1 << 30);
    if (v >= lim)
        return 1 << 30;
    // Truncate and step down for negative fractions: std::floor without the libm
    // call (the partition calls this four times per body and step).
    const int i = static_cast<int>(v);
    return static_cast<float>(i) > v ? i - 1 : i;
}

/// Round half away from zero, like the tutorial's RoundVector (Mathf.Round rounds
/// half to even; we pick a fixed rule, which is all determinism needs).
/// Bit-identical to std::round (signed zeros and NaN included) but inline: every
/// sensor rounds, and a libm call each time would cost noticeably.
inline float roundPx(float v) {
    if (!(std::fabs(v) < 8388608.0f)) // 2^23: already an integer (or inf / NaN)
        return v;
    const float t = static_cast<float>(static_cast<std::int32_t>(v)); // toward zero
    // v - t is exact (same sign, t drops only fraction bits).
    const float r = std::fabs(v - t) >= 0.5f ? t + (v < 0.0f ? -1.0f : 1.0f) : t;
    return std::copysign(r, v);
}

/// Asks the cache for `p` ahead of use: a hint, no effect on any result. The
/// contact loops read bodies in an order set by the contacts, which with many
/// bodies jumps across megabytes; asking a few iterations ahead hides the wait.
inline void prefetch(const void* p) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

/// How many iterations ahead the contact loops prefetch.
inline constexpr std::size_t kPrefetchAhead = 8;

} // namespace ts::detail
