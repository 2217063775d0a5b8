// The docs' C++ examples against the installed package (tools/check-package.sh): runs each
// once from resources/ (the examples load "levels/tutorial.yaml") and fails when one does
// not return 0, or when a document has more examples than this runner knows.
#include "docsnippets.h"

#include <cstdio>

int main() {
    struct Doc {
        const char* name;
        int (*count)();
        int (*run)(double);
    };
    const Doc docs[] = {
        {"docs/game-library.md", docSnippetCount_game, docSnippet_game_0},
        {"docs/format/level-format.md", docSnippetCount_format, docSnippet_format_0},
        {"physics/README.md", docSnippetCount_physics, docSnippet_physics_0}};
    int failures = 0;
    for (const Doc& d : docs) {
        if (d.count() != 1) {
            std::printf("%s: %d C++ examples; run_snippets.cpp runs one\n", d.name, d.count());
            ++failures;
        }
        const int r = d.run(1.0 / 30.0);
        std::printf("%s: example returned %d\n", d.name, r);
        failures += r != 0;
    }
    return failures == 0 ? 0 : 1;
}
