// Level files, format v1: loading text and files (the YAML tree, then the loader,
// then the cross-field checks, errors in file order). See
// docs/format/level-format.md.
#include "levelloader.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <tuple>

namespace ts::level {

namespace {

std::string located(const std::string& file, int line, int column, const char* severity,
                    const std::string& message) {
    // Appends only: GCC 12 at -O2 reports a false -Wrestrict in
    // `const char* + std::string&&` (GCC bug 105329), an error under -Werror.
    std::string s;
    if (!file.empty())
        s.append(file).append(":");
    if (line > 0) {
        s.append(std::to_string(line)).append(":");
        if (column > 0)
            s.append(std::to_string(column)).append(":");
    }
    if (!s.empty())
        s.append(" ");
    return s.append(severity).append(": ").append(message);
}

} // namespace

std::string Diagnostic::toString() const {
    std::string s = located(file, line, column, "error", message);
    if (!note.empty())
        s.append("\n").append(located(file, noteLine, noteColumn, "note", note));
    return s;
}

namespace {

using detail::crossChecks;
using detail::Loader;
using detail::Reporter;
using detail::SpawnSite;
using detail::YTree;

LoadResult loadText(const std::string& text, const std::string& fileName, const Limits& limits,
                    bool draft) {
    LoadResult result;
    std::string normalized;
    YTree tree;
    if (!detail::parseYamlTree(text, fileName, limits, normalized, tree, result.errors))
        return result;
    Reporter rep(result.errors, fileName, limits.maxErrors);
    Level level; // a file without `name` keeps kDefaultLevelName
    Loader loader(tree, normalized, limits, rep);
    const bool loaded = loader.load(level) && !rep.full();
    // Report in file order, as compilers do.
    const auto byPosition = [](const Diagnostic& a, const Diagnostic& b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    };
    if (loaded && draft && result.errors.empty()) {
        Reporter problems(result.problems, fileName, limits.maxErrors);
        crossChecks(level, loader.sites, loader.sizeOk, loader.mapOk, loader.spawnsLine,
                    loader.spawnsColumn, problems, loader.spawnsMissing);
        std::stable_sort(result.problems.begin(), result.problems.end(), byPosition);
        problems.finish();
    } else if (loaded) {
        crossChecks(level, loader.sites, loader.sizeOk, loader.mapOk, loader.spawnsLine,
                    loader.spawnsColumn, rep, loader.spawnsMissing);
    }
    std::stable_sort(result.errors.begin(), result.errors.end(), byPosition);
    rep.finish();
    if (result.errors.empty()) {
        result.level = std::move(level);
        result.tilesOrigin = loader.tilesOrigin;
        if (!loader.spawnsMissing)
            result.spawnsKey = SourcePos{loader.spawnsLine, loader.spawnsColumn};
        result.spawnPositions.reserve(loader.sites.size());
        for (const SpawnSite& s : loader.sites)
            result.spawnPositions.push_back(SourcePos{s.line, s.column});
    }
    return result;
}

} // namespace

LoadResult loadLevelFromString(const std::string& text, const std::string& fileName,
                               const Limits& limits) {
    return loadText(text, fileName, limits, false);
}

LoadResult loadLevelDraftFromString(const std::string& text, const std::string& fileName,
                                    const Limits& limits) {
    return loadText(text, fileName, limits, true);
}

std::string detail::readFileCapped(const std::string& path, std::size_t maxBytes,
                                   std::string& text) {
    text.clear();
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return std::string("cannot open the file: ") + std::strerror(errno);
    // Read at most maxBytes + 1 bytes, so a huge or endless file (a pipe,
    // /dev/zero) is refused without reading it all.
    char buf[1 << 16];
    bool tooLarge = false;
    for (;;) {
        const std::size_t n = std::fread(buf, 1, sizeof buf, f);
        if (n > 0) {
            if (text.size() + n > maxBytes) {
                tooLarge = true;
                break;
            }
            text.append(buf, n);
        }
        if (n < sizeof buf)
            break;
    }
    const bool readError = std::ferror(f) != 0;
    const int savedErrno = errno;
    std::fclose(f);
    if (tooLarge)
        return "the file is too large (more than " + std::to_string(maxBytes) + " bytes)";
    if (readError)
        return std::string("cannot read the file: ") + std::strerror(savedErrno);
    return {};
}

LoadResult loadLevelFile(const std::string& path, const Limits& limits) {
    LoadResult result;
    std::string text;
    const std::string error = detail::readFileCapped(path, limits.maxFileBytes, text);
    if (!error.empty()) {
        Diagnostic d;
        d.file = path;
        d.message = error;
        result.errors.push_back(d);
        return result;
    }
    return loadLevelFromString(text, path, limits);
}

} // namespace ts::level
