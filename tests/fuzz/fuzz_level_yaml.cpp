// Fuzzes the YAML level loader: any bytes either load or give errors with positions;
// whatever loads saves to canonical text that loads back to the same level and saves to
// the same bytes (load -> save -> load -> save is a fixed point).
#include "tilesmith/level/levelio.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
[[noreturn]] void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "fuzz_level_yaml: %s\n%s\n", what, detail.c_str());
    std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ts::level::Limits limits; // smaller maps than the defaults keep each run fast
    limits.maxWidth = 512;
    limits.maxHeight = 512;
    limits.maxSpawns = 2000;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const ts::level::LoadResult first = ts::level::loadLevelFromString(text, "fuzz.yaml", limits);
    if (!first.ok()) {
        if (first.errors.empty())
            fail("load failed without an error", text);
        for (const ts::level::Diagnostic& e : first.errors)
            if (e.message.empty() || e.line < 0 || e.column < 0)
                fail("diagnostic without a message or with a negative position", e.toString());
        return 0;
    }
    const std::string canonical = ts::level::saveLevelToString(*first.level);
    const ts::level::LoadResult second =
        ts::level::loadLevelFromString(canonical, "canonical.yaml", limits);
    if (!second.ok())
        fail("the saved text does not load",
             canonical + "\n--- error: " + second.errors.front().toString());
    if (!(*second.level == *first.level))
        fail("load -> save -> load changed the level", canonical);
    if (ts::level::saveLevelToString(*second.level) != canonical)
        fail("save -> load -> save changed the text", canonical);
    return 0;
}
