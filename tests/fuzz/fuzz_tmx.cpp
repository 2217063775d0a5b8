// Fuzzes the Tiled TMX importer: any bytes import or give errors with positions, never
// a crash, a hang or a huge allocation (zlib/gzip layer data is inflated with a cap).
// What imports must be a valid level that saves to canonical text and loads back.
#include "tilesmith/tmx/tmx.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ts::level::Limits limits;
    limits.maxWidth = 512;
    limits.maxHeight = 512;
    limits.maxSpawns = 2000;
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    // External tilesets resolve against a folder that does not exist: no file reads.
    const ts::level::LoadResult r = ts::tmx::importTmxFromData(
        bytes, QStringLiteral("fuzz.tmx"), QStringLiteral("/nonexistent-tilesmith-fuzz"), limits);
    if (!r.ok()) {
        if (r.errors.empty()) {
            std::fprintf(stderr, "import failed without an error\n");
            std::abort();
        }
        return 0;
    }
    const std::string text = ts::level::saveLevelToString(*r.level);
    const ts::level::LoadResult back =
        ts::level::loadLevelFromString(text, "imported.yaml", limits);
    if (!back.ok() || !(*back.level == *r.level)) {
        std::fprintf(stderr, "an imported level does not round-trip through YAML:\n%s\n%s\n",
                     text.c_str(),
                     back.ok() ? "(different level)" : back.errors.front().toString().c_str());
        std::abort();
    }
    return 0;
}
