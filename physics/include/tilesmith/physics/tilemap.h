// The collision tile map: width x height tiles of empty / solid / one-way.
#pragma once

#include "tilesmith/physics/vec2.h"

#include <cstdint>
#include <vector>

namespace ts {

enum class Tile : std::uint8_t {
    Empty = 0,
    Solid = 1,  ///< blocks from every side
    OneWay = 2, ///< blocks only objects falling onto its top
};

/// Integer tile coordinate. Physics tile rows count UP from the bottom row (y = 0).
struct TileCoord {
    int x = 0;
    int y = 0;
    constexpr bool operator==(const TileCoord&) const = default;
};

/// What the map reports for coordinates outside [0, width) x [0, height).
/// Defaults: solid walls left and right, a solid floor below, open sky above,
/// so nothing leaves the map sideways or downwards and characters can jump
/// above the top row.
struct MapBoundary {
    Tile left = Tile::Solid;
    Tile right = Tile::Solid;
    Tile below = Tile::Solid;
    Tile above = Tile::Empty;
};

/// Tile (x, y) has its centre at position() + (x, y) * tileSize() (the tutorial's
/// convention), so the map's bottom-left corner is position() - tileSize() / 2.
class TileMap {
public:
    /// Accepted tile sizes (px); any other value (NaN, inf, 0, negative, huge)
    /// gives 16. A position with a coordinate that is not finite or beyond
    /// kMaxPosition (2^22 px, well inside the world bounds) gives (0, 0).
    static constexpr float kMinTileSize = 1.0f;
    static constexpr float kMaxTileSize = 4096.0f;
    static constexpr float kMaxPosition = 4194304.0f;
    /// Map size limits: at most kMaxSide tiles wide and tall and kMaxTiles tiles in
    /// all (4096 x 4096, the level format's largest map). A size beyond them gives an
    /// empty 0 x 0 map (check width()), never an allocation that could fail; a
    /// negative width or height counts as 0.
    static constexpr int kMaxSide = 65536;
    static constexpr std::int64_t kMaxTiles = std::int64_t{1} << 24;

    TileMap() = default;
    TileMap(int width, int height, float tileSize = 16.0f, Vec2 position = {},
            MapBoundary boundary = {});

    int width() const { return mWidth; }
    int height() const { return mHeight; }
    float tileSize() const { return mTileSize; }
    Vec2 position() const { return mPosition; }
    const MapBoundary& boundary() const { return mBoundary; }
    void setBoundary(const MapBoundary& b) { mBoundary = b; }

    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < mWidth && y < mHeight; }

    /// Tile at (x, y); outside the map the boundary rule answers (left/right win over
    /// below/above at the corners). Never indexes outside the grid.
    Tile at(int x, int y) const {
        if (x < 0)
            return mBoundary.left;
        if (x >= mWidth)
            return mBoundary.right;
        if (y < 0)
            return mBoundary.below;
        if (y >= mHeight)
            return mBoundary.above;
        return mTiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(mWidth) +
                      static_cast<std::size_t>(x)];
    }
    /// Sets an in-map tile; writes outside the map, and values that are not a Tile
    /// enumerator (e.g. Tile(77)), are ignored and return false.
    bool set(int x, int y, Tile t);
    /// True for Tile::Empty, Tile::Solid and Tile::OneWay.
    static bool isKnownTile(Tile t) {
        return t == Tile::Empty || t == Tile::Solid || t == Tile::OneWay;
    }

    bool isSolid(int x, int y) const { return at(x, y) == Tile::Solid; }
    bool isOneWay(int x, int y) const { return at(x, y) == Tile::OneWay; }

    /// floor((p - position + tileSize/2) / tileSize) per axis: correct for negative
    /// coordinates and for points outside the map.
    TileCoord tileAtPoint(Vec2 p) const;
    int tileXAtPoint(float x) const {
        return floorToTile((x - mPosition.x + mTileSize * 0.5f) / mTileSize);
    }
    int tileYAtPoint(float y) const {
        return floorToTile((y - mPosition.y + mTileSize * 0.5f) / mTileSize);
    }
    Vec2 tileCenter(int x, int y) const;

    /// Bottom-left corner and size of the whole map in world pixels.
    Vec2 origin() const { return mPosition - Vec2{mTileSize * 0.5f, mTileSize * 0.5f}; }
    Vec2 size() const { return {mWidth * mTileSize, mHeight * mTileSize}; }

    /// Row-major, row 0 = bottom row.
    const std::vector<Tile>& tiles() const { return mTiles; }

private:
    /// floor() that saturates at +-2^30 and maps NaN to 0: a body flung far away
    /// can never produce an out-of-range cast (inline: the sensors call it per tile).
    static int floorToTile(float v) {
        constexpr float lim = 1073741824.0f;
        if (v != v)
            return 0;
        if (v <= -lim)
            return -(1 << 30);
        if (v >= lim)
            return 1 << 30;
        const int i = static_cast<int>(v);
        return (static_cast<float>(i) > v) ? i - 1 : i;
    }

    int mWidth = 0;
    int mHeight = 0;
    float mTileSize = 16.0f;
    Vec2 mPosition;
    MapBoundary mBoundary;
    std::vector<Tile> mTiles;
};

} // namespace ts
