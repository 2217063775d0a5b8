// The tile sensors' skip test at tile precision, inline for the per-body passes
// (the move pass and the sensors' second look at pushed bodies call it for every
// body, where a call and a second function's prologue would be much of its cost).
#pragma once

#include "sensors.h"
#include "world_impl.h"

#include <algorithm>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ts::detail {

enum class TileSkip : std::uint8_t {
    Empty,    ///< every tile the sensors could read is an empty in-map tile
    NotEmpty, ///< some may not be: run the sensors
    Unsure,   ///< outside what the square lookup answers: ask the block grid
};

/// The square lookup (World::Impl::clearSquare) for a box moving from `oldCenter`
/// to `center`: the box's tiles, plus 2 px (the sensors read at most 1 px beyond
/// the box plus 0.5 px of rounding), found by a multiplication whose rounding
/// (below 0.1 px within the +-2^18 px clearSquareUsable asks for) the margin's
/// spare 0.5 px covers, all inside the map and inside the empty square at the
/// range's lower-left tile.
inline TileSkip squareLookup(const World::Impl& w, Vec2 oldCenter, Vec2 center, Vec2 half) {
    constexpr float margin = 2.0f;
#if defined(__SSE2__)
    // The same IEEE operations as the scalar code below, lane by lane on
    // (x0, y0, x1, y1): x - h - m is x + (-h) + (-m); _mm_min_ps(c, o) picks as
    // std::min(o, c) does on ties, _mm_max_ps(c, o) as std::max(o, c).
    const __m128 o = _mm_setr_ps(oldCenter.x, oldCenter.y, 0.0f, 0.0f);
    const __m128 c = _mm_setr_ps(center.x, center.y, 0.0f, 0.0f);
    const __m128 h = _mm_setr_ps(half.x, half.y, half.x, half.y);
    const __m128 sign = _mm_setr_ps(-0.0f, -0.0f, 0.0f, 0.0f);
    const __m128 box = _mm_movelh_ps(_mm_min_ps(c, o), _mm_max_ps(c, o));
    const __m128 e =
        _mm_add_ps(_mm_add_ps(box, _mm_xor_ps(h, sign)), _mm_xor_ps(_mm_set1_ps(margin), sign));
    const __m128 flipped = _mm_shuffle_ps(e, e, _MM_SHUFFLE(1, 0, 3, 2));
    if ((_mm_movemask_ps(_mm_cmpge_ps(h, _mm_setzero_ps())) &
         _mm_movemask_ps(_mm_cmple_ps(e, flipped)) & 3) != 3)
        return TileSkip::NotEmpty;
    if (!w.clearSquareUsable)
        return TileSkip::Unsure;
    const __m128 u = _mm_mul_ps(_mm_sub_ps(e, w.squareOrigin4), w.invTile4);
    if (((_mm_movemask_ps(_mm_cmpge_ps(u, _mm_setzero_ps())) & 3) |
         (_mm_movemask_ps(_mm_cmplt_ps(u, w.squareLimit4)) & 12)) != 15)
        return TileSkip::Unsure;
    alignas(16) std::int32_t t[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(t), _mm_cvttps_epi32(u));
    const int tx0 = t[0], ty0 = t[1], tx1 = t[2], ty1 = t[3];
#else
    const float x0 = std::min(oldCenter.x, center.x) - half.x - margin;
    const float x1 = std::max(oldCenter.x, center.x) + half.x + margin;
    const float y0 = std::min(oldCenter.y, center.y) - half.y - margin;
    const float y1 = std::max(oldCenter.y, center.y) + half.y + margin;
    if (!(half.x >= 0.0f && half.y >= 0.0f && x0 <= x1 && y0 <= y1))
        return TileSkip::NotEmpty;
    if (!w.clearSquareUsable)
        return TileSkip::Unsure;
    const Vec2 org = w.map.origin();
    const float u0 = (x0 - org.x) * w.invTileSize;
    const float u1 = (x1 - org.x) * w.invTileSize;
    const float v0 = (y0 - org.y) * w.invTileSize;
    const float v1 = (y1 - org.y) * w.invTileSize;
    if (!(u0 >= 0.0f && v0 >= 0.0f && u1 < static_cast<float>(w.map.width()) &&
          v1 < static_cast<float>(w.map.height())))
        return TileSkip::Unsure;
    const int tx0 = static_cast<int>(u0), tx1 = static_cast<int>(u1);
    const int ty0 = static_cast<int>(v0), ty1 = static_cast<int>(v1);
#endif
    const int side = std::max(tx1 - tx0, ty1 - ty0) + 1;
    if (side > World::Impl::kClearCap)
        return TileSkip::Unsure;
    return w.clearSquare[static_cast<std::size_t>(ty0) * static_cast<std::size_t>(w.map.width()) +
                         static_cast<std::size_t>(tx0)] >= side
               ? TileSkip::Empty
               : TileSkip::NotEmpty;
}

/// The tile sensors of body `i` (detail::resolveTiles) with the shortcut: a body
/// whose surroundings hold only empty in-map tiles (the square lookup, or the block
/// grid where that is unsure) skips its sensors, which would all miss. `dbg` null =
/// no sensor segments wanted (the shortcut is then allowed). Same result either way.
inline void resolveTilesFast(World::Impl& w, std::uint32_t i, DebugData* dbg) {
    BodyHot& b = w.hot[i];
    if (!dbg) {
        const Vec2 oldCenter = b.oldPosition + b.offset, center = b.position + b.offset;
        TileSkip skip = squareLookup(w, oldCenter, center, b.half);
        if (skip == TileSkip::Unsure)
            skip = w.blocksAroundEmpty(oldCenter, center, b.half) ? TileSkip::Empty
                                                                  : TileSkip::NotEmpty;
        if (skip == TileSkip::Empty) {
            b.contacts &= static_cast<std::uint8_t>(
                ~(PushesLeftWall | PushesRightWall | OnGround | AtCeiling | OnOneWayPlatform));
            return;
        }
    }
    resolveTiles(b, w.map, w.settings.oneWayThreshold, dbg, w.idOf(i));
}

} // namespace ts::detail
