// docs/game-library.md's C++ example as a program: load a level, build its world, run
// it (the player walking right) and print the state hash, as `tilesmith simulate LEVEL
// --steps N --inputs <(echo "1 N right") --hash` does.
#include <tilesmith/level/levelio.h>
#include <tilesmith/level/levelworld.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: consumer LEVEL.yaml STEPS\n";
        return 2;
    }
    ts::level::LoadResult r = ts::level::loadLevelFile(argv[1]);
    if (!r.ok()) {
        for (const auto& e : r.errors)
            std::cerr << e.toString() << '\n';
        return 1;
    }
    ts::level::LevelWorld lw = ts::level::buildWorld(*r.level); // map, settings, one body per spawn
    for (long i = 0, steps = std::atol(argv[2]); i < steps; ++i) {
        lw.world.setInput(lw.player, {.right = true});
        lw.world.step(); // the level's fixed dt
    }
    const ts::Vec2 p = lw.world.position(lw.player);
    std::printf("player at (%g, %g)\n%016llx\n", p.x, p.y,
                static_cast<unsigned long long>(lw.world.stateHash()));
    return 0;
}
