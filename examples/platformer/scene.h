// Drawing a frame of the game: the sky, the art behind, the collision (where asked), the
// goals and bodies, the art in front, the goal banner; and saving it as a screenshot.
#pragma once

#include "artdraw.h"
#include "game.h"

#include <SDL.h>

#include <string>

namespace platformer {

constexpr int kViewWidth = 480; // world pixels on screen; the window shows them at 2x
constexpr int kViewHeight = 270;

/// The part of the level on screen, in level pixels (y down), in whole pixels so that
/// tiles stay on the pixel grid: centred on the player, inside the map where it is larger
/// than the view.
PixelBox cameraView(const Game& g);

/// Draws a frame. `collision`: the solid and one-way tiles as coloured rectangles, opaque
/// on a level without art, see-through over the art (the editor's Shift+R overlay).
void drawFrame(SDL_Renderer* r, const Game& g, const LevelArt& art, bool collision);

/// The frame just drawn as a PNG (a name ending in .png) or BMP file; false, with a
/// message on stderr, when it cannot be written.
bool saveScreenshot(SDL_Renderer* r, const std::string& path);

} // namespace platformer
