// Drawing a frame (scene.h): world y points up, the screen's y down.
#include "scene.h"

#include <SDL_image.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>

namespace platformer {

namespace {

using ts::level::ArtDepth;

SDL_FRect toScreen(const PixelBox& view, float mapH, const ts::Aabb& b) {
    return {b.min().x - view.x, (mapH - b.max().y) - view.y, 2 * b.halfSize.x, 2 * b.halfSize.y};
}

void fill(SDL_Renderer* r, SDL_FRect rect, Uint8 red, Uint8 green, Uint8 blue, Uint8 alpha = 255) {
    SDL_SetRenderDrawBlendMode(r, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, red, green, blue, alpha);
    SDL_RenderFillRectF(r, &rect);
}

// A box with a darker edge, so bodies side by side stay apart.
void fillOutlined(SDL_Renderer* r, SDL_FRect rect, Uint8 red, Uint8 green, Uint8 blue) {
    fill(r, rect, red, green, blue);
    SDL_SetRenderDrawColor(r, red / 2, green / 2, blue / 2, 255);
    SDL_RenderDrawRectF(r, &rect);
}

void fillCircle(SDL_Renderer* r, SDL_FRect box, Uint8 red, Uint8 green, Uint8 blue) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, red, green, blue, 255);
    const float rad = box.w * 0.5f, cx = box.x + rad, cy = box.y + box.h * 0.5f;
    for (float dy = -rad + 0.5f; dy < rad; dy += 1.0f) {
        const float half = std::sqrt(rad * rad - dy * dy);
        SDL_RenderDrawLineF(r, cx - half, cy + dy, cx + half, cy + dy);
    }
}

// "GOAL REACHED" in a 3 x 5 pixel font: one 15-bit row-major mask per letter.
void drawBanner(SDL_Renderer* r) {
    const char* text = "GOAL REACHED";
    const char* letters = "GOALRECHD";
    const unsigned masks[] = {0b111100101101111, 0b111101101101111, 0b111101111101101,
                              0b100100100100111, 0b110101110101101, 0b111100110100111,
                              0b111100100100111, 0b101101111101101, 0b110101101101110};
    auto glyph = [&](char c) {
        const char* at = std::strchr(letters, c);
        return c != ' ' && at ? masks[at - letters] : 0u;
    };
    const float px = 4, width = static_cast<float>(std::strlen(text)) * 4 * px;
    const float x0 = (kViewWidth - width) * 0.5f, y0 = 40;
    fill(r, {x0 - 2 * px, y0 - 2 * px, width + 3 * px, 9 * px}, 20, 20, 30);
    SDL_SetRenderDrawColor(r, 255, 220, 60, 255);
    for (std::size_t i = 0; text[i]; ++i)
        for (int bit = 0; bit < 15; ++bit)
            if (glyph(text[i]) & (1u << (14 - bit))) {
                const SDL_FRect p{x0 + (static_cast<float>(i) * 4 + bit % 3) * px,
                                  y0 + static_cast<float>(bit / 3) * px, px, px};
                SDL_RenderFillRectF(r, &p);
            }
}

// Solid tiles as boxes, one-way platforms as their top quarter: only the tiles in view.
// Over art, in see-through colours that stand apart from it.
void drawCollision(SDL_Renderer* r, const ts::level::Level& level, const PixelBox& view,
                   bool overArt) {
    const CellRange in = artCellsInView(level, view, level.tileSize);
    for (int y = in.y0; y < in.y1; ++y)
        for (int x = in.x0; x < in.x1; ++x) {
            const PixelBox b = artTileBox(level, x, y, level.tileSize);
            const SDL_FRect cell{b.x - view.x, b.y - view.y, b.width, b.height};
            const SDL_FRect top{cell.x, cell.y, cell.w, cell.h * 0.25f};
            if (level.tile(x, y) == ts::Tile::Solid && overArt)
                fill(r, cell, 60, 90, 200, 140);
            else if (level.tile(x, y) == ts::Tile::Solid)
                fill(r, cell, 90, 70, 55);
            else if (level.tile(x, y) == ts::Tile::OneWay && overArt)
                fill(r, top, 250, 200, 60, 200);
            else if (level.tile(x, y) == ts::Tile::OneWay)
                fill(r, top, 200, 160, 90);
        }
}

} // namespace

PixelBox cameraView(const Game& g) {
    const float mapW = static_cast<float>(g.level.width * g.level.tileSize);
    const float mapH = static_cast<float>(g.level.height * g.level.tileSize);
    ts::Vec2 c{mapW * 0.5f, mapH * 0.5f}; // world coordinates, y up
    if (!g.lw.player.isNull())
        c = g.lw.world.aabb(g.lw.player).center;
    const float left = std::fmax(0.0f, std::fmin(c.x - kViewWidth * 0.5f, mapW - kViewWidth));
    const float top = std::fmin(mapH, std::fmax(c.y + kViewHeight * 0.5f, float(kViewHeight)));
    return {std::round(left), std::round(mapH - top), float(kViewWidth), float(kViewHeight)};
}

void drawFrame(SDL_Renderer* r, const Game& g, const LevelArt& art, bool collision) {
    const PixelBox view = cameraView(g);
    const float mapH = static_cast<float>(g.level.height * g.level.tileSize);
    fill(r, {0, 0, kViewWidth, kViewHeight}, 135, 190, 235); // sky
    art.draw(r, ArtDepth::Back, view);
    if (collision)
        drawCollision(r, g.level, view, hasArt(g.level));
    // Goals: areas (not bodies) the player must reach; a reached one turns green.
    for (const ts::level::Spawn& s : g.level.spawns)
        if (s.kind == ts::level::SpawnKind::Goal) {
            const bool reached =
                std::any_of(g.goals.events().begin(), g.goals.events().end(),
                            [&](const ts::level::GoalEvent& e) { return e.goalId == s.id; });
            const SDL_FRect area = toScreen(view, mapH, ts::level::goalArea(g.level, s));
            if (reached)
                fillOutlined(r, area, 80, 200, 90);
            else
                fillOutlined(r, area, 250, 210, 40);
        }
    // Bodies, read by handle.
    const ts::World& w = g.lw.world;
    for (ts::BodyId id : w.bodies()) {
        const SDL_FRect box = toScreen(view, mapH, w.aabb(id));
        if (w.shape(id) == ts::Shape::Circle)
            fillCircle(r, box, 230, 90, 60); // ball
        else if (id == g.lw.player)
            fillOutlined(r, box, 40, 80, 220); // player
        else if (w.control(id) == ts::Control::Patrol)
            fillOutlined(r, box, 200, 40, 60); // NPC
        else
            fillOutlined(r, box, 160, 110, 50); // box
    }
    art.draw(r, ArtDepth::Front, view);
    if (!g.goals.events().empty())
        drawBanner(r);
}

bool saveScreenshot(SDL_Renderer* r, const std::string& path) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(r, &w, &h);
    SDL_Surface* shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    std::string ext = path.size() >= 4 ? path.substr(path.size() - 4) : std::string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    bool ok = shot && SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_ARGB8888, shot->pixels,
                                           shot->pitch) == 0;
    if (ok) {
        // Opaque, whatever alpha the renderer's target keeps: the frame as it is on screen.
        for (int y = 0; y < h; ++y) {
            Uint32* line = reinterpret_cast<Uint32*>(static_cast<Uint8*>(shot->pixels) +
                                                     std::ptrdiff_t(y) * shot->pitch);
            for (int x = 0; x < w; ++x)
                line[x] |= 0xff000000u;
        }
        ok = (ext == ".png" ? IMG_SavePNG(shot, path.c_str()) : SDL_SaveBMP(shot, path.c_str())) ==
             0;
    }
    if (!ok)
        std::fprintf(stderr, "platformer: %s: %s\n", path.c_str(), SDL_GetError());
    SDL_FreeSurface(shot);
    return ok;
}

} // namespace platformer
