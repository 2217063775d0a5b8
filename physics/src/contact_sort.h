// The solver's bottom-up contact order as a stable LSD radix sort (private).
// The contacts are built from the broad phase's pairs, which are in (lower slot,
// higher slot) order, so a stable sort by the key alone gives the total order
// (key, a, b) that std::sort with that comparison gave, in linear time.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace ts::detail {

/// Maps a float to an unsigned integer of the same order (-0 and +0 equal, as
/// the float comparison has them). Finite keys only (the step keeps them finite).
inline std::uint32_t sortableKey(float k) {
    const float z = k + 0.0f; // -0 -> +0
    std::uint32_t u;
    std::memcpy(&u, &z, sizeof u);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

/// Stable sort of `items` by `keyOf(item)` (a float), through `keys`, `tmp` and
/// `scratch` (reused between calls: no allocation once warm).
template <typename T, typename KeyOf>
void radixSortByKey(std::vector<T>& items, std::vector<std::uint64_t>& keys,
                    std::vector<std::uint64_t>& tmp, std::vector<T>& scratch, KeyOf keyOf) {
    const std::size_t n = items.size();
    if (n < 2)
        return;
    // Key in the high 32 bits, the item's index in the low ones.
    keys.resize(n);
    tmp.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        keys[i] = (static_cast<std::uint64_t>(sortableKey(keyOf(items[i]))) << 32) | i;
    constexpr int kBits = 11;
    constexpr std::uint32_t kBuckets = 1u << kBits;
    std::uint32_t count[kBuckets];
    for (int shift = 32; shift < 64; shift += kBits) {
        std::memset(count, 0, sizeof count);
        for (std::size_t i = 0; i < n; ++i)
            ++count[(keys[i] >> shift) & (kBuckets - 1)];
        if (count[(keys[0] >> shift) & (kBuckets - 1)] == n)
            continue; // every key has this digit: the pass would not move anything
        std::uint32_t sum = 0;
        for (std::uint32_t b = 0; b < kBuckets; ++b) {
            const std::uint32_t c = count[b];
            count[b] = sum;
            sum += c;
        }
        for (std::size_t i = 0; i < n; ++i)
            tmp[count[(keys[i] >> shift) & (kBuckets - 1)]++] = keys[i];
        keys.swap(tmp);
    }
    scratch.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        scratch[i] = items[static_cast<std::size_t>(keys[i] & 0xffffffffu)];
    items.swap(scratch);
}

} // namespace ts::detail
