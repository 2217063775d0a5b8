// A level with art that exercises everything a renderer must get right: two tilesets (one
// with margin, spacing, a transparent colour and translucent pixels; one of tiles twice the
// level's size), an auto layer with variants, painted layers with all eight flips,
// opacities, a hidden layer and a front layer, for the pixel comparisons with Tiled.
#pragma once

#include "tilesmith/level/level.h"

#include <QDir>
#include <QImage>
#include <QString>

namespace ts::test {

/// Tile size of artLevel().
inline constexpr int kArtTile = 8;

/// The colour of pixel (x, y) of tile `tile` in artLevel()'s "ground" sheet: every pixel
/// its own, a few exactly the transparent colour, a diagonal half transparent.
inline QRgb groundPixel(int tile, int x, int y) {
    if ((x + y + tile) % 11 == 0)
        return qRgb(0xff, 0x00, 0xff); // the sheet's `trans`
    const int alpha = x == y ? 0x80 : 0xff;
    return qRgba(20 + 29 * tile, 40 + 25 * x, 40 + 25 * y, alpha);
}

/// Writes artLevel()'s images into `dir`/art (created) and returns the level, its image
/// paths relative to `dir`. `width` x `height` cells; tiles from the level's own seed.
inline ts::level::Level artLevel(const QString& dir, int width = 24, int height = 14) {
    using namespace ts::level;
    QDir(dir).mkpath(QStringLiteral("art"));
    // "ground": 8 tiles of 8 px in 4 columns, margin 1, spacing 2 (and a spare pixel at
    // the right and bottom, as sheets often have).
    QImage ground(1 + 4 * kArtTile + 3 * 2 + 1, 1 + 2 * kArtTile + 2 + 1, QImage::Format_ARGB32);
    ground.fill(qRgb(0x30, 0x30, 0x30));
    for (int t = 0; t < 8; ++t)
        for (int y = 0; y < kArtTile; ++y)
            for (int x = 0; x < kArtTile; ++x)
                ground.setPixel(1 + (t % 4) * (kArtTile + 2) + x, 1 + (t / 4) * (kArtTile + 2) + y,
                                groundPixel(t, x, y));
    ground.save(QDir(dir).filePath(QStringLiteral("art/ground.png")));
    // "props": 2 tiles of 16 px (two cells wide and high), translucent edges.
    QImage props(2 * 2 * kArtTile, 2 * kArtTile, QImage::Format_ARGB32);
    for (int y = 0; y < props.height(); ++y)
        for (int x = 0; x < props.width(); ++x) {
            const bool edge = x % 16 == 0 || y == 0 || x % 16 == 15 || y == 15;
            props.setPixel(x, y,
                           qRgba(200 - 5 * y, 10 * (x % 16), x < 16 ? 60 : 180,
                                 edge ? 0x60 : ((x + y) % 5 == 0 ? 0 : 0xff)));
        }
    props.save(QDir(dir).filePath(QStringLiteral("art/props.png")));

    Level level = Level::make(width, height, kArtTile);
    level.name = "Art";
    // Collision: a floor, walls, a few ledges and one-way planks.
    for (int x = 0; x < width; ++x) {
        level.setTile(x, height - 1, Tile::Solid);
        level.setTile(x, height - 2, Tile::Solid);
    }
    for (int y = 0; y < height; ++y) {
        level.setTile(0, y, Tile::Solid);
        level.setTile(width - 1, y, Tile::Solid);
    }
    for (int x = 4; x < 9; ++x)
        level.setTile(x, height - 6, Tile::Solid);
    for (int x = 12; x < 18; ++x)
        level.setTile(x, height - 8, Tile::OneWay);
    level.setTile(15, height - 3, Tile::Solid);
    level.spawns.push_back(level.defaultSpawn(SpawnKind::Player, 1, 2, height - 3));

    level.tilesets.push_back({.name = "ground",
                              .image = "art/ground.png",
                              .tileSize = kArtTile,
                              .columns = 4,
                              .count = 8,
                              .margin = 1,
                              .spacing = 2,
                              .transparentColor = 0xff00ff});
    level.tilesets.push_back({.name = "props",
                              .image = "art/props.png",
                              .tileSize = 2 * kArtTile,
                              .columns = 2,
                              .count = 2});

    const std::size_t cells = std::size_t(width) * std::size_t(height);
    ArtLayer auto_;
    auto_.name = "ground";
    auto_.tileset = "ground";
    auto_.isAuto = true;
    auto_.seed = 7;
    auto_.rules = {{{'?', '.', '?', '?', '#', '?', '?', '?', '?'}, {0}},
                   {{'?', '?', '?', '?', '#', '?', '?', '?', '?'}, {1, 2, 3}},
                   {{'?', '?', '?', '?', '=', '?', '?', '?', '?'}, {4}}};
    level.art.push_back(auto_);

    ArtLayer decor;
    decor.name = "decor";
    decor.tileset = "ground";
    decor.opacity = 0.6f;
    decor.cells.assign(cells, {});
    for (std::size_t i = 0; i < cells; i += 3)
        decor.cells[i] = {std::int32_t((i / 3) % 8), std::uint8_t(i % 8)};
    level.art.push_back(decor);

    ArtLayer hidden = decor;
    hidden.name = "hidden";
    hidden.opacity = 1;
    hidden.visible = false;
    for (ArtTile& c : hidden.cells)
        c = {5, 0};
    level.art.push_back(hidden);

    ArtLayer big;
    big.name = "big";
    big.tileset = "props";
    big.cells.assign(cells, {});
    for (int k = 0; k < 6; ++k) // some overlap their neighbours' tiles
        big.cells[std::size_t(2 + k / 3) * width + 3 + 2 * k] = {k % 2, std::uint8_t(k)};
    level.art.push_back(big);

    ArtLayer front;
    front.name = "front";
    front.tileset = "ground";
    front.depth = ArtDepth::Front;
    front.opacity = 0.49f;
    front.locked = true;
    front.cells.assign(cells, {});
    for (std::size_t i = 1; i < cells; i += 5)
        front.cells[i] = {std::int32_t(7 - (i % 8)), std::uint8_t((i / 5) % 8)};
    level.art.insert(level.art.begin(), front); // first in the list, drawn last
    return level;
}

} // namespace ts::test
