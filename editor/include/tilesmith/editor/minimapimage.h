// The mini-map's picture of a level's tiles (no widgets): one pixel per tile, or
// per square block of tiles on a level wider or higher than kMaxSide tiles, kept
// up to date region by region as the document reports edits.
#pragma once

#include "tilesmith/level/level.h"

#include <QImage>
#include <QRect>

namespace ts::editor {

class MinimapImage {
public:
    /// The image's largest side in pixels: a 4096 x 4096 level (the format's
    /// largest) is drawn with blocks of 4 x 4 tiles, 4 MB instead of 64 MB.
    static constexpr int kMaxSide = 1024;

    /// Draws the whole level anew (its size may have changed).
    void rebuild(const ts::level::Level& level);
    /// Draws the pixels of the tiles inside `tileRect` (level tiles; clipped to the
    /// map) again, after an edit. The level's size must be the one rebuild() saw.
    void update(const ts::level::Level& level, const QRect& tileRect);

    const QImage& image() const { return mImage; }
    /// Tiles per pixel along each axis (1 up to kMaxSide tiles a side).
    int tilesPerPixel() const { return mBlock; }
    /// The colour of a pixel whose tiles hold a solid tile (solid wins), else a
    /// one-way platform, else only empty tiles: thin platforms stay visible when
    /// blocks of tiles share a pixel.
    static QRgb blockColor(bool anySolid, bool anyOneWay);

private:
    void drawPixels(const ts::level::Level& level, const QRect& pixelRect);

    QImage mImage;
    int mBlock = 1;
};

} // namespace ts::editor
