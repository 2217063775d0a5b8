#include "tilesmith/physics/tilemap.h"

#include <algorithm>
#include <cmath>

namespace ts {

namespace {
/// Whether a width x height map is within TileMap's documented limits.
bool sizeAllowed(int width, int height) {
    const std::int64_t w = std::max(width, 0), h = std::max(height, 0);
    return w <= TileMap::kMaxSide && h <= TileMap::kMaxSide && w * h <= TileMap::kMaxTiles;
}
} // namespace

TileMap::TileMap(int width, int height, float tileSize, Vec2 position, MapBoundary boundary)
    : mWidth(sizeAllowed(width, height) ? std::max(width, 0) : 0),
      mHeight(sizeAllowed(width, height) ? std::max(height, 0) : 0),
      mTileSize(tileSize >= kMinTileSize && tileSize <= kMaxTileSize ? tileSize : 16.0f),
      mPosition(std::fabs(position.x) <= kMaxPosition && std::fabs(position.y) <= kMaxPosition
                    ? position
                    : Vec2{}),
      mBoundary(boundary),
      mTiles(static_cast<std::size_t>(mWidth) * static_cast<std::size_t>(mHeight), Tile::Empty) {
}

bool TileMap::set(int x, int y, Tile t) {
    if (!contains(x, y) || !isKnownTile(t))
        return false;
    mTiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(mWidth) +
           static_cast<std::size_t>(x)] = t;
    return true;
}

TileCoord TileMap::tileAtPoint(Vec2 p) const {
    return {tileXAtPoint(p.x), tileYAtPoint(p.y)};
}

Vec2 TileMap::tileCenter(int x, int y) const {
    return {mPosition.x + static_cast<float>(x) * mTileSize,
            mPosition.y + static_cast<float>(y) * mTileSize};
}

} // namespace ts
