// A level's art ready to draw with SDL: each tileset's image as a texture (loaded with
// SDL2_image, its `trans` colour made transparent) and each art layer resolved to its tiles
// once (resolveArtLayer: auto layers computed from the collision grid). A tileset whose image
// cannot be used gets one warning line and draws its tiles as magenta and black squares, as
// the editor does, so a level without its art still plays.
#pragma once

#include "artview.h"

#include <tilesmith/level/art.h>
#include <tilesmith/level/level.h>

#include <SDL.h>

#include <cstddef>
#include <string>
#include <vector>

namespace platformer {

class LevelArt {
public:
    /// Loads the images of `level`'s tilesets (paths relative to `levelPath`'s folder) as
    /// textures of `renderer`; prints "platformer: warning: ..." for each that cannot be used.
    LevelArt(SDL_Renderer* renderer, const ts::level::Level& level, const std::string& levelPath);
    ~LevelArt();
    LevelArt(const LevelArt&) = delete;
    LevelArt& operator=(const LevelArt&) = delete;

    /// Draws the layers at `depth` (artLayersAt) within `view` (level pixels; the screen's
    /// origin is the view's top-left corner). Returns the number of tiles drawn.
    long long draw(SDL_Renderer* renderer, ts::level::ArtDepth depth, const PixelBox& view) const;

    /// Whether tileset `name`'s image was loaded (false: its tiles draw as placeholders).
    bool loaded(const std::string& name) const;

private:
    struct Sheet {
        ts::level::Tileset tileset;
        std::string path;                   ///< the image file as opened
        SDL_Texture* texture = nullptr;     ///< null when the image could not be used
        SDL_Texture* placeholder = nullptr; ///< tileSize x tileSize checkerboard
    };
    const Sheet* sheet(const std::string& name) const;

    const ts::level::Level& mLevel;
    std::vector<Sheet> mSheets;                          ///< in the level's tileset order
    std::vector<std::vector<ts::level::ArtTile>> mCells; ///< per art layer
};

} // namespace platformer
