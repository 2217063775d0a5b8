// The reachability search's two indexes (reachsearch.cpp): the set of states
// already found, and the spawn areas by the tiles they cover.
#pragma once

#include "reachimpl.h"

#include "tilesmith/level/goals.h"
#include "tilesmith/level/levelworld.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ts::level::reach_detail {

/// Open-addressing set of 64-bit keys (never 0: keys carry a set bit).
class KeySet {
public:
    KeySet() : mSlots(1u << 16, 0) {}
    /// True when `key` was new.
    bool insert(std::uint64_t key) {
        if ((mCount + 1) * 10 > mSlots.size() * 7)
            grow();
        return place(mSlots, key);
    }
    std::size_t bytes() const { return mSlots.size() * sizeof(std::uint64_t); }

private:
    static std::uint64_t mix(std::uint64_t k) {
        k ^= k >> 33;
        k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33;
        k *= 0xc4ceb9fe1a85ec53ULL;
        k ^= k >> 33;
        return k;
    }
    bool place(std::vector<std::uint64_t>& slots, std::uint64_t key) {
        const std::size_t mask = slots.size() - 1;
        for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) {
            if (slots[i] == key)
                return false;
            if (slots[i] == 0) {
                slots[i] = key;
                ++mCount;
                return true;
            }
        }
    }
    void grow() {
        std::vector<std::uint64_t> bigger(mSlots.size() * 2, 0);
        mCount = 0;
        for (std::uint64_t k : mSlots)
            if (k)
                place(bigger, k);
        mSlots.swap(bigger);
    }
    std::vector<std::uint64_t> mSlots;
    std::size_t mCount = 0;
};

/// Spawn areas bucketed by the tiles they cover, so each step checks only the
/// spawns near the player. `near` answers most steps with one byte: whether a
/// box of at most `reachHalf` centred on a tile can touch any area at all.
class SpawnIndex {
public:
    SpawnIndex(const Level& level, float tileSize, Vec2 reachHalf)
        : mTile(tileSize), mW(level.width), mH(level.height),
          mMarked(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height),
                  0),
          mHalf(reachHalf), mNear(mMarked.size(), 0) {
        for (const Spawn& s : level.spawns) {
            if (s.kind == SpawnKind::Player)
                continue;
            Aabb a;
            if (s.kind == SpawnKind::Goal) {
                a = goalArea(level, s);
            } else {
                const BodyDef def = bodyDef(level, s);
                a = Aabb{def.position +
                             Vec2{def.offset.x * def.scale.x, def.offset.y * def.scale.y},
                         Vec2{def.halfSize.x * def.scale.x, def.halfSize.y * def.scale.y}};
            }
            const std::size_t index = mAreas.size();
            mAreas.push_back({s.id, a});
            mTop = std::max(mTop, a.max().y);
            // A box of half size mHalf overlapping `a` has its centre within `a`
            // grown by mHalf; one tile more on each side absorbs float rounding.
            const auto nx0 = std::max<std::int64_t>(cell(a.min().x - mHalf.x, mTile) - 1, 0);
            const auto nx1 = std::min<std::int64_t>(cell(a.max().x + mHalf.x, mTile) + 1, mW - 1);
            const auto ny0 = std::max<std::int64_t>(cell(a.min().y - mHalf.y, mTile) - 1, 0);
            const auto ny1 = std::min<std::int64_t>(cell(a.max().y + mHalf.y, mTile) + 1, mH - 1);
            for (auto ty = ny0; ty <= ny1; ++ty)
                for (auto tx = nx0; tx <= nx1; ++tx)
                    mNear[static_cast<std::size_t>(ty * mW + tx)] = 1;
            forTiles(a, [&](std::int64_t tx, std::int64_t ty, std::uint64_t key) {
                mBuckets[key].push_back(index);
                if (tx >= 0 && ty >= 0 && tx < mW && ty < mH)
                    mMarked[static_cast<std::size_t>(ty * mW + tx)] = 1;
                else
                    mAnyOutside = true;
            });
        }
    }
    /// The highest point of any area (world px, y up); lowest float without areas.
    float top() const { return mTop; }
    template <typename F> void overlapping(const Aabb& box, F&& f) const {
        if (mAreas.empty())
            return;
        if (box.halfSize.x <= mHalf.x && box.halfSize.y <= mHalf.y) {
            const auto cx = cell(box.center.x, mTile), cy = cell(box.center.y, mTile);
            if (cx >= 0 && cy >= 0 && cx < mW && cy < mH &&
                !mNear[static_cast<std::size_t>(cy * mW + cx)])
                return;
        }
        forTiles(box, [&](std::int64_t tx, std::int64_t ty, std::uint64_t key) {
            // Most tiles hold no spawn: a byte per map tile says so without hashing.
            if (tx >= 0 && ty >= 0 && tx < mW && ty < mH) {
                if (!mMarked[static_cast<std::size_t>(ty * mW + tx)])
                    return;
            } else if (!mAnyOutside) {
                return;
            }
            const auto it = mBuckets.find(key);
            if (it == mBuckets.end())
                return;
            for (std::size_t i : it->second)
                if (boxesOverlap(box, mAreas[i].second))
                    f(mAreas[i].first);
        });
    }

private:
    template <typename F> void forTiles(const Aabb& a, F&& f) const {
        const auto tx0 = cell(a.min().x, mTile), tx1 = cell(a.max().x, mTile);
        const auto ty0 = cell(a.min().y, mTile), ty1 = cell(a.max().y, mTile);
        for (auto ty = ty0; ty <= ty1; ++ty)
            for (auto tx = tx0; tx <= tx1; ++tx)
                f(tx, ty,
                  (static_cast<std::uint64_t>(tx + (1 << 24)) << 32) |
                      static_cast<std::uint64_t>(ty + (1 << 24)));
    }
    float mTile;
    std::int64_t mW, mH;
    std::vector<std::uint8_t> mMarked; ///< per physics tile: some spawn area covers it
    Vec2 mHalf;                        ///< the largest box half size `mNear` answers for
    std::vector<std::uint8_t> mNear;   ///< per physics tile: a box centred here may touch an area
    bool mAnyOutside = false;
    float mTop = std::numeric_limits<float>::lowest();
    std::vector<std::pair<int, Aabb>> mAreas;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> mBuckets;
};

} // namespace ts::level::reach_detail
