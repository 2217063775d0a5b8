// The docs' C++ examples against the installed package (tools/check-package.sh): runs each
// once from resources/ (the examples load "levels/tutorial.yaml") and fails when one does
// not return 0, or when a document has more examples than this runner knows.
#include "docsnippets.h"

#include <cstdio>
#include <vector>

int main() {
    using Run = int (*)(double);
    struct Doc {
        const char* name;
        int (*count)();
        std::vector<Run> runs;
    };
    const Doc docs[] = {{"docs/game-library.md", docSnippetCount_game, {docSnippet_game_0}},
                        {"docs/format/level-format.md",
                         docSnippetCount_format,
                         {docSnippet_format_0, docSnippet_format_1}},
                        {"physics/README.md", docSnippetCount_physics, {docSnippet_physics_0}}};
    int failures = 0;
    for (const Doc& d : docs) {
        if (d.count() != int(d.runs.size())) {
            std::printf("%s: %d C++ examples; run_snippets.cpp runs %zu\n", d.name, d.count(),
                        d.runs.size());
            ++failures;
        }
        for (std::size_t i = 0; i < d.runs.size(); ++i) {
            const int r = d.runs[i](1.0 / 30.0);
            std::printf("%s: example %zu returned %d\n", d.name, i + 1, r);
            failures += r != 0;
        }
    }
    return failures == 0 ? 0 : 1;
}
