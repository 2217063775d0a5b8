// A small platformer on Tilesmith's two libraries: the folder a game programmer copies.
//
//   platformer LEVEL.yaml                  play it: A/D or arrows walk, W/Up/Space jump,
//                                          S/Down drops through one-way platforms,
//                                          R restarts, Shift+R shows the collision over
//                                          the art, Esc quits
//   platformer LEVEL.yaml --headless --steps N [--inputs FILE] [--hash] [--collision]
//                        [--screenshot OUT.png|OUT.bmp]
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
// world at the level's fixed dt through a StepAccumulator, whatever the frame rate. It draws
// the level's art (artdraw.h: tileset images through SDL2_image, layers resolved by the
// level library) behind and in front of the bodies (scene.h).
#include "artdraw.h"
#include "game.h"
#include "scene.h"

#include <tilesmith/level/inputscript.h>
#include <tilesmith/level/levelio.h>
#include <tilesmith/level/numbertext.h>

#include <SDL.h>
#include <SDL_image.h>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace {

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
                 "[--inputs FILE] [--hash] [--collision] [--screenshot OUT.png|OUT.bmp]]\n",
                 why);
    return 2;
}

struct Options {
    std::string levelPath, inputsPath, screenshotPath;
    bool headless = false, printHash = false, collision = false;
    long long steps = -1;
};

// The game loop until Esc (or, headless, until the last step): returns the exit code.
int play(SDL_Renderer* renderer, const ts::level::Level& level, const Options& o,
         const ts::level::InputScript& script) {
    // The tileset textures, made by (and destroyed before) the renderer.
    const platformer::LevelArt art(renderer, level, o.levelPath);
    // The collision as coloured boxes: always on a level without art, else on Shift+R.
    bool collision = o.collision || !platformer::hasArt(level);
    platformer::Game game(level);
    int exitCode = 0;
    Uint64 last = SDL_GetPerformanceCounter();
    for (bool running = true; running;) {
        for (SDL_Event e; SDL_PollEvent(&e);) {
            if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE))
                running = false;
            if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_r && !e.key.repeat) {
                if (e.key.keysym.mod & KMOD_SHIFT)
                    collision = !collision;
                else
                    game = platformer::Game(level);
            }
        }
        // Real time drives the fixed steps; headless runs pretend each frame took one step.
        const Uint64 now = SDL_GetPerformanceCounter();
        const double frameSeconds =
            o.headless ? game.clock.dt()
                       : double(now - last) / double(SDL_GetPerformanceFrequency());
        last = now;
        for (int n = game.clock.advance(frameSeconds); n > 0; --n) {
            if (o.headless && game.step >= static_cast<std::uint64_t>(o.steps))
                break;
            game.stepOnce(o.headless ? script.at(game.step + 1) : keyboardInput());
        }
        platformer::drawFrame(renderer, game, art, collision);
        if (o.headless && game.step >= static_cast<std::uint64_t>(o.steps)) {
            running = false;
            if (!o.screenshotPath.empty() &&
                !platformer::saveScreenshot(renderer, o.screenshotPath))
                exitCode = 1;
        }
        SDL_RenderPresent(renderer);
    }
    if (o.printHash)
        std::printf("%016llx\n", static_cast<unsigned long long>(game.lw.world.stateHash()));
    return exitCode;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--headless")
            o.headless = true;
        else if (a == "--hash")
            o.printHash = true;
        else if (a == "--collision")
            o.collision = true;
        else if (a == "--steps" && hasValue) {
            // As `tilesmith simulate --steps` reads it: "abc", "-5" and "1e3" are refused.
            const std::string text = argv[++i];
            std::int64_t n = 0;
            if (ts::level::readIntText(text, n) != ts::level::IntText::Integer || n < 0)
                return usage(
                    ("--steps expects a whole number of steps, got '" + text + "'").c_str());
            o.steps = n;
        } else if (a == "--inputs" && hasValue)
            o.inputsPath = argv[++i];
        else if (a == "--screenshot" && hasValue)
            o.screenshotPath = argv[++i];
        else if (a[0] != '-' && o.levelPath.empty())
            o.levelPath = a;
        else
            return usage(("unexpected argument " + a).c_str());
    }
    if (o.levelPath.empty())
        return usage("no level file given");
    if (o.headless != (o.steps >= 0))
        return usage("--headless and --steps N go together");

    // Load the level: every problem comes as FILE:LINE:COLUMN: error: MESSAGE.
    const ts::level::LoadResult loaded = ts::level::loadLevelFile(o.levelPath);
    if (!loaded.ok()) {
        for (const ts::level::Diagnostic& e : loaded.errors)
            std::cerr << e.toString() << '\n';
        return 1;
    }
    ts::level::InputScript script; // what headless runs press at each step
    std::vector<ts::level::Diagnostic> errors;
    if (!o.inputsPath.empty() && !ts::level::loadInputScript(o.inputsPath, script, errors)) {
        for (const ts::level::Diagnostic& e : errors)
            std::cerr << e.toString() << '\n';
        return 1;
    }

    if (o.headless)
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        std::fprintf(stderr, "platformer: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    IMG_Init(IMG_INIT_PNG);
    const std::string title = "Tilesmith platformer: " + loaded.level->name;
    SDL_Window* window =
        SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                         2 * platformer::kViewWidth, 2 * platformer::kViewHeight, 0);
    SDL_Renderer* renderer =
        window ? SDL_CreateRenderer(window, -1,
                                    o.headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC)
               : nullptr;
    if (!renderer) {
        std::fprintf(stderr, "platformer: cannot open a window: %s\n", SDL_GetError());
        return 1;
    }
    SDL_RenderSetScale(renderer, 2, 2);
    const int exitCode = play(renderer, *loaded.level, o, script);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    IMG_Quit();
    SDL_Quit();
    return exitCode;
}
