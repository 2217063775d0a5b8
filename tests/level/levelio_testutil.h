// Shared by the level I/O tests (test_levelio.cpp: model, round trips, saving;
// test_levelio_errors.cpp: errors and hostile input): sample paths, a small level,
// error text, and the fast-path / yaml-cpp tree comparison.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/levelio.h"
#include "yamltree.h"

#include <QFile>
#include <QString>

#include <string>
#include <vector>

namespace ts::level::test {

inline QString levelsDir() {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels");
}

/// Valid levels in canonical form that are no samples: art, a level without a player.
inline QString validDir() {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/tests/level/valid");
}

inline std::string readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray b = f.readAll();
    return std::string(b.constData(), static_cast<std::size_t>(b.size()));
}

inline std::string errorsText(const LoadResult& r) {
    std::string s;
    for (const Diagnostic& d : r.errors)
        s += d.toString() + "\n";
    return s;
}

/// A small valid level as text (row 0 on line 6).
inline const char* const kSmall = "tilesmith: 1\n"
                                  "name: Small\n"
                                  "width: 4\n"
                                  "height: 3\n"
                                  "tiles: |\n"
                                  "  ....\n"
                                  "  .==.\n"
                                  "  ####\n"
                                  "spawns:\n"
                                  "  - {id: 1, kind: player, x: 0, y: 1}\n";

/// Both parsers must build the same tree: kinds, styles, positions, values.
inline bool sameTree(const detail::YTree& a, int ia, const detail::YTree& b, int ib,
                     std::string& why) {
    if ((ia < 0) != (ib < 0)) {
        why = "one tree has a node the other lacks";
        return false;
    }
    if (ia < 0)
        return true;
    const detail::YNode& x = a.at(ia);
    const detail::YNode& y = b.at(ib);
    if (x.kind != y.kind || x.plain != y.plain || x.literal != y.literal || x.flow != y.flow ||
        x.line != y.line || x.column != y.column || a.value(x) != b.value(y) ||
        x.count != y.count) {
        why = "node at " + std::to_string(x.line) + ":" + std::to_string(x.column) + " '" +
              std::string(a.value(x)) + "' vs " + std::to_string(y.line) + ":" +
              std::to_string(y.column) + " '" + std::string(b.value(y)) + "' (kind " +
              std::to_string(int(x.kind)) + "/" + std::to_string(int(y.kind)) + ", plain " +
              std::to_string(x.plain) + "/" + std::to_string(y.plain) + ", flow " +
              std::to_string(x.flow) + "/" + std::to_string(y.flow) + ")";
        return false;
    }
    for (int ca = x.first, cb = y.first; ca >= 0 || cb >= 0;
         ca = ca >= 0 ? a.at(ca).next : -1, cb = cb >= 0 ? b.at(cb).next : -1) {
        if (!sameTree(a, ca, b, cb, why))
            return false;
    }
    return true;
}

/// 1 when the fast path took the text and matched yaml-cpp, 0 when it declined,
/// -1 on a mismatch (with `why`).
inline int compareParsers(const std::string& text, std::string& why) {
    detail::YTree fast, slow;
    const Limits limits;
    if (!detail::parseFastSubset(text, limits, fast))
        return 0;
    std::vector<Diagnostic> errors;
    if (!detail::parseWithYamlCpp(text, "t", limits, slow, errors)) {
        why = "yaml-cpp refuses text the fast path took: " + errors[0].toString();
        return -1;
    }
    return sameTree(fast, fast.root, slow, slow.root, why) ? 1 : -1;
}

} // namespace ts::level::test
