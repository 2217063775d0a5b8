// Loading tileset textures and drawing art layers (artdraw.h).
#include "artdraw.h"

#include <SDL_image.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>

namespace platformer {

namespace fs = std::filesystem;
using ts::level::ArtDepth;
using ts::level::ArtTile;
using ts::level::Level;
using ts::level::Tileset;

namespace {

/// A tileset's image path: relative to the level file's folder, or absolute as written.
fs::path imagePath(const std::string& levelPath, const std::string& image) {
    const fs::path written(image);
    if (written.is_absolute())
        return written.lexically_normal();
    return (fs::path(levelPath).parent_path() / written).lexically_normal();
}

/// A 32-bit ARGB surface; null (with SDL_GetError) when out of memory.
SDL_Surface* argbSurface(int w, int h) {
    return SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
}

Uint32* row(SDL_Surface* s, int y) {
    return reinterpret_cast<Uint32*>(static_cast<Uint8*>(s->pixels) + std::ptrdiff_t(y) * s->pitch);
}

SDL_Texture* toTexture(SDL_Renderer* r, SDL_Surface* s) {
    SDL_Texture* t = s ? SDL_CreateTextureFromSurface(r, s) : nullptr;
    if (t)
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    return t;
}

/// The editor's placeholder: a 4 x 4 magenta and black checkerboard, unmistakably not art.
SDL_Texture* placeholderTexture(SDL_Renderer* r, int tileSize) {
    const int size = std::max(1, tileSize), cell = std::max(1, size / 4);
    SDL_Surface* s = argbSurface(size, size);
    if (!s)
        return nullptr;
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            row(s, y)[x] = (x / cell + y / cell) % 2 == 0 ? 0xffff00ffu : 0xff000000u;
    SDL_Texture* t = toTexture(r, s);
    SDL_FreeSurface(s);
    return t;
}

/// The tileset's image as an ARGB surface with its `trans` colour cleared; null and `why`
/// set when it cannot be used.
SDL_Surface* loadSheet(const Tileset& t, const fs::path& path, std::string& why) {
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        why = "no such file";
        return nullptr;
    }
    if (fs::is_directory(path, ec)) {
        why = "it is a folder";
        return nullptr;
    }
    SDL_Surface* decoded = IMG_Load(path.string().c_str());
    if (!decoded) {
        why = IMG_GetError();
        return nullptr;
    }
    SDL_Surface* s = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(decoded);
    if (!s) {
        why = SDL_GetError();
        return nullptr;
    }
    if (s->w < t.minimumImageWidth() || s->h < t.minimumImageHeight()) {
        why = std::to_string(s->w) + " x " + std::to_string(s->h) + " px, smaller than the " +
              std::to_string(t.minimumImageWidth()) + " x " +
              std::to_string(t.minimumImageHeight()) + " px its tileset needs";
        SDL_FreeSurface(s);
        return nullptr;
    }
    if (t.transparentColor >= 0) {
        // Tiled's `trans`: an opaque pixel of exactly this colour becomes transparent.
        const Uint32 key = 0xff000000u | (static_cast<Uint32>(t.transparentColor) & 0xffffffu);
        for (int y = 0; y < s->h; ++y)
            std::replace(row(s, y), row(s, y) + s->w, key, Uint32{0});
    }
    return s;
}

} // namespace

LevelArt::LevelArt(SDL_Renderer* renderer, const Level& level, const std::string& levelPath)
    : mLevel(level) {
    for (const Tileset& t : level.tilesets) {
        Sheet sheet;
        sheet.tileset = t;
        sheet.path = imagePath(levelPath, t.image).string();
        std::string why;
        SDL_Surface* s = loadSheet(t, sheet.path, why);
        sheet.texture = toTexture(renderer, s);
        if (s && !sheet.texture)
            why = SDL_GetError();
        SDL_FreeSurface(s);
        if (!sheet.texture)
            std::fprintf(stderr,
                         "platformer: warning: tileset '%s': cannot use %s: %s; its tiles are "
                         "drawn as magenta and black squares\n",
                         t.name.c_str(), sheet.path.c_str(), why.c_str());
        sheet.placeholder = placeholderTexture(renderer, t.tileSize);
        mSheets.push_back(std::move(sheet));
    }
    mCells.reserve(level.art.size());
    for (const ts::level::ArtLayer& layer : level.art)
        mCells.push_back(ts::level::resolveArtLayer(level, layer));
}

LevelArt::~LevelArt() {
    for (const Sheet& s : mSheets) {
        if (s.texture)
            SDL_DestroyTexture(s.texture);
        if (s.placeholder)
            SDL_DestroyTexture(s.placeholder);
    }
}

const LevelArt::Sheet* LevelArt::sheet(const std::string& name) const {
    for (const Sheet& s : mSheets)
        if (s.tileset.name == name)
            return &s;
    return nullptr;
}

bool LevelArt::loaded(const std::string& name) const {
    const Sheet* s = sheet(name);
    return s && s->texture;
}

long long LevelArt::draw(SDL_Renderer* r, ArtDepth depth, const PixelBox& view) const {
    long long drawn = 0;
    const std::size_t cellCount = std::size_t(mLevel.width) * std::size_t(mLevel.height);
    for (const std::size_t i : artLayersAt(mLevel, depth)) {
        const Sheet* s = sheet(mLevel.art[i].tileset);
        const std::vector<ArtTile>& cells = mCells[i];
        if (!s || cells.size() != cellCount)
            continue;
        const Tileset& t = s->tileset;
        const int size = std::max(1, t.tileSize);
        // Layer opacity as the textures' alpha modulation (set per layer: layers share them).
        const auto alpha =
            static_cast<Uint8>(std::lround(std::clamp(mLevel.art[i].opacity, 0.0f, 1.0f) * 255.0f));
        for (SDL_Texture* tex : {s->texture, s->placeholder})
            if (tex)
                SDL_SetTextureAlphaMod(tex, alpha);
        const CellRange in = artCellsInView(mLevel, view, size);
        for (int y = in.y0; y < in.y1; ++y)
            for (int x = in.x0; x < in.x1; ++x) {
                const ArtTile tile = cells[std::size_t(y) * std::size_t(mLevel.width) + x];
                if (tile.empty())
                    continue;
                const bool real = s->texture && tile.index < t.count;
                SDL_Texture* tex = real ? s->texture : s->placeholder;
                if (!tex)
                    continue;
                SDL_Rect src{0, 0, size, size};
                if (real) {
                    const ts::level::PixelRect p = t.tileRect(tile.index);
                    src = {p.x, p.y, p.width, p.height};
                }
                const PixelBox b = artTileBox(mLevel, x, y, size);
                const SDL_FRect dst{b.x - view.x, b.y - view.y, b.width, b.height};
                if ((tile.flips & 7) == 0) {
                    SDL_RenderCopyF(r, tex, &src, &dst);
                } else {
                    const TileTurn turn = tileTurn(tile.flips);
                    const auto flip =
                        static_cast<SDL_RendererFlip>((turn.mirrorX ? SDL_FLIP_HORIZONTAL : 0) |
                                                      (turn.mirrorY ? SDL_FLIP_VERTICAL : 0));
                    SDL_RenderCopyExF(r, tex, &src, &dst, turn.angle, nullptr, flip);
                }
                ++drawn;
            }
    }
    return drawn;
}

} // namespace platformer
