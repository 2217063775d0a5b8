// Fuzzes the input-script parser (`simulate --inputs`, play mode's scripted runs): any
// bytes parse or give errors with line and column; a parsed script has 1 <= FROM <= TO
// ranges and answers at() for any step, including the ends of the 64-bit range.
#include "tilesmith/level/inputscript.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    ts::level::InputScript script;
    std::vector<ts::level::Diagnostic> errors;
    if (!ts::level::parseInputScript(text, "fuzz.txt", script, errors)) {
        if (errors.empty() || errors.front().line < 1) {
            std::fprintf(stderr, "failed without a positioned error\n");
            std::abort();
        }
        return 0;
    }
    for (const ts::level::InputRange& r : script.ranges) {
        if (r.from < 1 || r.from > r.to) {
            std::fprintf(stderr, "bad range %llu %llu\n", static_cast<unsigned long long>(r.from),
                         static_cast<unsigned long long>(r.to));
            std::abort();
        }
        // Inside a range its keys are held.
        const ts::Input at = script.at(r.from);
        if ((r.keys.left && !at.left) || (r.keys.right && !at.right) || (r.keys.jump && !at.jump) ||
            (r.keys.down && !at.down)) {
            std::fprintf(stderr, "keys of a range not held at its first step\n");
            std::abort();
        }
        (void)script.at(r.to + 1);
    }
    (void)script.at(0);
    (void)script.at(std::numeric_limits<std::uint64_t>::max());
    return 0;
}
