#include "tilesmith/physics/tilemap.h"

#include <algorithm>
#include <cmath>

namespace ts {

TileMap::TileMap(int width, int height, float tileSize, Vec2 position, MapBoundary boundary)
    : mWidth(std::max(width, 0)), mHeight(std::max(height, 0)),
      mTileSize(tileSize >= kMinTileSize && tileSize <= kMaxTileSize ? tileSize : 16.0f),
      mPosition(std::fabs(position.x) <= kMaxPosition && std::fabs(position.y) <= kMaxPosition
                    ? position
                    : Vec2{}),
      mBoundary(boundary),
      mTiles(static_cast<std::size_t>(mWidth) * static_cast<std::size_t>(mHeight), Tile::Empty) {
}

bool TileMap::set(int x, int y, Tile t) {
    if (!contains(x, y))
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
