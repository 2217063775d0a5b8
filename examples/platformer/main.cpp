// A small platformer on Tilesmith's two libraries: the file a game programmer copies.
//
//   platformer LEVEL.yaml                  play it: A/D or arrows walk, W/Up/Space jump,
//                                          S/Down drops through one-way platforms,
//                                          R restarts, Esc quits
//   platformer LEVEL.yaml --headless --steps N [--inputs FILE] [--hash] [--screenshot OUT.bmp]
//                                          the same game loop without a window (SDL's dummy
//                                          video driver), inputs from a `tilesmith simulate`
//                                          script; --hash prints the state hash that
//                                          `tilesmith simulate LEVEL --steps N --inputs FILE
//                                          --hash` prints
//
// Both print "goal ID reached at step N (T s)" when the player first touches a goal, as
// `tilesmith simulate` does, and the window shows a "GOAL REACHED" banner from then on.
//
// The level library loads the level and builds its physics world; the game reads bodies
// by handle (world.aabb(id), world.shape(id), ...), feeds the player's keys, and steps the
// world at the level's fixed dt through a StepAccumulator, whatever the frame rate.
#include <tilesmith/level/goals.h>
#include <tilesmith/level/inputscript.h>
#include <tilesmith/level/levelio.h>
#include <tilesmith/level/levelworld.h>
#include <tilesmith/level/numbertext.h>
#include <tilesmith/physics/world.h>

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

namespace {

constexpr int kViewWidth = 480; // world pixels on screen; the window shows them at 2x
constexpr int kViewHeight = 270;

struct Game {
    ts::level::Level level;
    ts::level::LevelWorld lw;
    ts::level::GoalWatch goals; // the goal rule of play mode and `tilesmith simulate`
    ts::StepAccumulator clock;
    std::uint64_t step = 0; // steps run so far

    explicit Game(const ts::level::Level& l)
        : level(l), lw(ts::level::buildWorld(l)), goals(l), clock(lw.world.settings().dt) {}

    // One fixed step with the player's keys, then the goal check: prints each goal the
    // player reaches, as `tilesmith simulate` does ("goal 7 reached at step 160 (2.67 s)").
    void stepOnce(const ts::Input& keys) {
        if (!lw.player.isNull())
            lw.world.setInput(lw.player, keys);
        lw.world.step();
        ++step;
        for (const ts::level::GoalEvent& e : goals.check(lw.world, lw.player, step))
            std::printf("%s\n", ts::level::goalEventText(e).c_str());
    }
};

// --- drawing: world y points up, the screen's y down --------------------------------

struct Camera {
    float left = 0, top = 0; // world x of the view's left edge, world y of its top edge
};

Camera follow(const Game& g) {
    const float mapW = static_cast<float>(g.level.width * g.level.tileSize);
    const float mapH = static_cast<float>(g.level.height * g.level.tileSize);
    ts::Vec2 c{mapW * 0.5f, mapH * 0.5f};
    if (!g.lw.player.isNull())
        c = g.lw.world.aabb(g.lw.player).center;
    Camera cam;
    cam.left = std::fmax(0.0f, std::fmin(c.x - kViewWidth * 0.5f, mapW - kViewWidth));
    cam.top = std::fmin(mapH, std::fmax(c.y + kViewHeight * 0.5f, static_cast<float>(kViewHeight)));
    return cam;
}

SDL_FRect toScreen(const Camera& cam, const ts::Aabb& b) {
    return {b.min().x - cam.left, cam.top - b.max().y, 2 * b.halfSize.x, 2 * b.halfSize.y};
}

void fill(SDL_Renderer* r, SDL_FRect rect, Uint8 red, Uint8 green, Uint8 blue) {
    SDL_SetRenderDrawColor(r, red, green, blue, 255);
    SDL_RenderFillRectF(r, &rect);
}

// A box with a darker edge, so bodies side by side stay apart.
void fillOutlined(SDL_Renderer* r, SDL_FRect rect, Uint8 red, Uint8 green, Uint8 blue) {
    fill(r, rect, red, green, blue);
    SDL_SetRenderDrawColor(r, red / 2, green / 2, blue / 2, 255);
    SDL_RenderDrawRectF(r, &rect);
}

void fillCircle(SDL_Renderer* r, SDL_FRect box, Uint8 red, Uint8 green, Uint8 blue) {
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

void draw(SDL_Renderer* r, const Game& g) {
    const Camera cam = follow(g);
    const float ts = static_cast<float>(g.level.tileSize);
    fill(r, {0, 0, kViewWidth, kViewHeight}, 135, 190, 235); // sky
    // Tiles (level row 0 is the top row): only those in view.
    const float mapH = static_cast<float>(g.level.height) * ts;
    const int x0 = static_cast<int>(cam.left / ts), y0 = static_cast<int>((mapH - cam.top) / ts);
    for (int y = std::max(0, y0);
         y < std::min(g.level.height, y0 + kViewHeight / g.level.tileSize + 2); ++y)
        for (int x = std::max(0, x0);
             x < std::min(g.level.width, x0 + kViewWidth / g.level.tileSize + 2); ++x) {
            const SDL_FRect cell{x * ts - cam.left, y * ts - (mapH - cam.top), ts, ts};
            if (g.level.tile(x, y) == ts::Tile::Solid)
                fill(r, cell, 90, 70, 55);
            else if (g.level.tile(x, y) == ts::Tile::OneWay)
                fill(r, {cell.x, cell.y, cell.w, ts * 0.25f}, 200, 160, 90);
        }
    // Goals: areas (not bodies) the player must reach; a reached one turns green.
    for (const ts::level::Spawn& s : g.level.spawns)
        if (s.kind == ts::level::SpawnKind::Goal) {
            const bool reached =
                std::any_of(g.goals.events().begin(), g.goals.events().end(),
                            [&](const ts::level::GoalEvent& e) { return e.goalId == s.id; });
            const SDL_FRect area = toScreen(cam, ts::level::goalArea(g.level, s));
            if (reached)
                fillOutlined(r, area, 80, 200, 90);
            else
                fillOutlined(r, area, 250, 210, 40);
        }
    // Bodies, read by handle.
    const ts::World& w = g.lw.world;
    for (ts::BodyId id : w.bodies()) {
        const SDL_FRect box = toScreen(cam, w.aabb(id));
        if (w.shape(id) == ts::Shape::Circle)
            fillCircle(r, box, 230, 90, 60); // ball
        else if (id == g.lw.player)
            fillOutlined(r, box, 40, 80, 220); // player
        else if (w.control(id) == ts::Control::Patrol)
            fillOutlined(r, box, 200, 40, 60); // NPC
        else
            fillOutlined(r, box, 160, 110, 50); // box
    }
    if (!g.goals.events().empty())
        drawBanner(r);
}

// The frame just drawn, as a BMP file (the screenshot in docs/game-library.md).
void saveScreenshot(SDL_Renderer* r, const std::string& path) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(r, &w, &h);
    SDL_Surface* shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!shot ||
        SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch) !=
            0 ||
        SDL_SaveBMP(shot, path.c_str()) != 0)
        std::fprintf(stderr, "platformer: %s: %s\n", path.c_str(), SDL_GetError());
    SDL_FreeSurface(shot);
}

ts::Input keyboardInput() {
    const Uint8* k = SDL_GetKeyboardState(nullptr);
    ts::Input in;
    in.left = k[SDL_SCANCODE_A] || k[SDL_SCANCODE_LEFT];
    in.right = k[SDL_SCANCODE_D] || k[SDL_SCANCODE_RIGHT];
    in.jump = k[SDL_SCANCODE_W] || k[SDL_SCANCODE_UP] || k[SDL_SCANCODE_SPACE];
    in.down = k[SDL_SCANCODE_S] || k[SDL_SCANCODE_DOWN];
    return in;
}

int usage(const char* why) {
    std::fprintf(stderr,
                 "platformer: %s\nUsage: platformer LEVEL.yaml [--headless --steps N "
                 "[--inputs FILE] [--hash] [--screenshot OUT.bmp]]\n",
                 why);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    std::string levelPath, inputsPath, screenshotPath;
    bool headless = false, printHash = false;
    long long steps = -1;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--headless")
            headless = true;
        else if (a == "--hash")
            printHash = true;
        else if (a == "--steps" && hasValue) {
            // As `tilesmith simulate --steps` reads it: "abc", "-5" and "1e3" are refused.
            const std::string text = argv[++i];
            std::int64_t n = 0;
            if (ts::level::readIntText(text, n) != ts::level::IntText::Integer || n < 0)
                return usage(
                    ("--steps expects a whole number of steps, got '" + text + "'").c_str());
            steps = n;
        } else if (a == "--inputs" && hasValue)
            inputsPath = argv[++i];
        else if (a == "--screenshot" && hasValue)
            screenshotPath = argv[++i];
        else if (a[0] != '-' && levelPath.empty())
            levelPath = a;
        else
            return usage(("unexpected argument " + a).c_str());
    }
    if (levelPath.empty())
        return usage("no level file given");
    if (headless != (steps >= 0))
        return usage("--headless and --steps N go together");

    // Load the level: every problem comes as FILE:LINE:COLUMN: error: MESSAGE.
    const ts::level::LoadResult loaded = ts::level::loadLevelFile(levelPath);
    if (!loaded.ok()) {
        for (const ts::level::Diagnostic& e : loaded.errors)
            std::cerr << e.toString() << '\n';
        return 1;
    }
    ts::level::InputScript script; // what headless runs press at each step
    std::vector<ts::level::Diagnostic> errors;
    if (!inputsPath.empty() && !ts::level::loadInputScript(inputsPath, script, errors)) {
        for (const ts::level::Diagnostic& e : errors)
            std::cerr << e.toString() << '\n';
        return 1;
    }

    if (headless)
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        std::fprintf(stderr, "platformer: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    const std::string title = "Tilesmith platformer: " + loaded.level->name;
    SDL_Window* window =
        SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                         2 * kViewWidth, 2 * kViewHeight, 0);
    SDL_Renderer* renderer =
        window ? SDL_CreateRenderer(window, -1,
                                    headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC)
               : nullptr;
    if (!renderer) {
        std::fprintf(stderr, "platformer: cannot open a window: %s\n", SDL_GetError());
        return 1;
    }
    SDL_RenderSetScale(renderer, 2, 2);

    Game game(*loaded.level);
    Uint64 last = SDL_GetPerformanceCounter();
    for (bool running = true; running;) {
        for (SDL_Event e; SDL_PollEvent(&e);) {
            if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE))
                running = false;
            if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_r)
                game = Game(*loaded.level);
        }
        // Real time drives the fixed steps; headless runs pretend each frame took one step.
        const Uint64 now = SDL_GetPerformanceCounter();
        const double frameSeconds =
            headless ? game.clock.dt() : double(now - last) / double(SDL_GetPerformanceFrequency());
        last = now;
        for (int n = game.clock.advance(frameSeconds); n > 0; --n) {
            if (headless && game.step >= static_cast<std::uint64_t>(steps))
                break;
            game.stepOnce(headless ? script.at(game.step + 1) : keyboardInput());
        }
        draw(renderer, game);
        if (headless && game.step >= static_cast<std::uint64_t>(steps)) {
            running = false;
            if (!screenshotPath.empty())
                saveScreenshot(renderer, screenshotPath);
        }
        SDL_RenderPresent(renderer);
    }
    if (printHash)
        std::printf("%016llx\n", static_cast<unsigned long long>(game.lw.world.stateHash()));
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
