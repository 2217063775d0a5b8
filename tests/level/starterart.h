// The starter art fragment (resources/tilesets/starter.yaml: a level's `tilesets:` and
// `art:` entries) read through the generic YAML tree rather than the level loader: the
// fragment is not a level, and an independent reading lets the tests compare what the
// loader makes of the samples with the rules as written.
#pragma once

#include "tilesmith/level/art.h"
#include "yamltree.h"

#include <QFile>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace ts::level::test {

struct StarterArt {
    std::vector<Tileset> tilesets;
    std::vector<ArtLayer> art;
    int width = 0, height = 0; ///< a level's size; 0 in the fragment
};

inline QString starterDir() {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/tilesets");
}

namespace detail_starter {

using ts::level::detail::YNode;
using ts::level::detail::YTree;

/// The value of `key` in map node `map`, or -1.
inline int child(const YTree& t, int map, std::string_view key) {
    if (map < 0 || t.at(map).kind != YNode::Kind::Map)
        return -1;
    for (int k = t.at(map).first; k >= 0; k = t.at(t.at(k).next).next)
        if (t.value(t.at(k)) == key)
            return t.at(k).next;
    return -1;
}

inline std::vector<int> items(const YTree& t, int seq) {
    std::vector<int> out;
    if (seq >= 0 && t.at(seq).kind == YNode::Kind::Sequence)
        for (int i = t.at(seq).first; i >= 0; i = t.at(i).next)
            out.push_back(i);
    return out;
}

inline std::string text(const YTree& t, int node) {
    return node >= 0 && t.at(node).kind == YNode::Kind::Scalar ? std::string(t.value(t.at(node)))
                                                               : std::string();
}

inline int number(const YTree& t, int node, int fallback) {
    const std::string s = text(t, node);
    return s.empty() ? fallback : std::stoi(s);
}

} // namespace detail_starter

/// Reads the fragment's text (or a level's `tilesets:` and `art:`) into `out`; false, with
/// `error`, when it has a shape the format does not (a pattern not 3 x 3, a rule without
/// tiles, a layer without tileset) or a painted cell that is not empty ('.'), which this
/// reader does not read.
inline bool readStarterArt(const std::string& yaml, StarterArt& out, std::string& error) {
    using namespace detail_starter;
    YTree t;
    std::string normalized;
    std::vector<Diagnostic> errors;
    if (!ts::level::detail::parseYamlTree(yaml, "starter.yaml", Limits{}, normalized, t, errors)) {
        error = errors.empty() ? "unreadable" : errors.front().toString();
        return false;
    }
    out = {};
    out.width = number(t, child(t, t.root, "width"), 0);
    out.height = number(t, child(t, t.root, "height"), 0);
    for (int n : items(t, child(t, t.root, "tilesets"))) {
        Tileset ts;
        ts.name = text(t, child(t, n, "name"));
        ts.image = text(t, child(t, n, "image"));
        ts.tileSize = number(t, child(t, n, "tile_size"), 16);
        ts.columns = number(t, child(t, n, "columns"), 1);
        ts.count = number(t, child(t, n, "count"), 1);
        ts.margin = number(t, child(t, n, "margin"), 0);
        ts.spacing = number(t, child(t, n, "spacing"), 0);
        out.tilesets.push_back(ts);
    }
    for (int n : items(t, child(t, t.root, "art"))) {
        ArtLayer layer;
        layer.name = text(t, child(t, n, "name"));
        layer.tileset = text(t, child(t, n, "tileset"));
        layer.depth = text(t, child(t, n, "depth")) == "front" ? ArtDepth::Front : ArtDepth::Back;
        layer.seed = std::uint32_t(number(t, child(t, n, "seed"), 0));
        const int rules = child(t, n, "rules");
        layer.isAuto = rules >= 0;
        for (int r : items(t, rules)) {
            AutoRule rule;
            const std::vector<int> rows = items(t, child(t, r, "pattern"));
            if (rows.size() != 3) {
                error = "layer " + layer.name + ": a pattern without 3 rows";
                return false;
            }
            for (std::size_t row = 0; row < 3; ++row) {
                const std::string s = text(t, rows[row]);
                if (s.size() != 3) {
                    error = "layer " + layer.name + ": a pattern row of " + s;
                    return false;
                }
                for (std::size_t c = 0; c < 3; ++c)
                    rule.pattern[row * 3 + c] = s[c];
            }
            if (const int one = child(t, r, "tile"); one >= 0)
                rule.tiles.push_back(number(t, one, -1));
            for (int v : items(t, child(t, r, "tiles")))
                rule.tiles.push_back(number(t, v, -1));
            if (rule.tiles.empty()) {
                error = "layer " + layer.name + ": a rule without tiles";
                return false;
            }
            layer.rules.push_back(rule);
        }
        // A painted layer's rows: '.' tokens only (the fragment's layer has none).
        std::istringstream rows(text(t, child(t, n, "tiles")));
        for (std::string token; rows >> token;) {
            if (token != ".") {
                error = "layer " + layer.name + ": a painted cell " + token;
                return false;
            }
            layer.cells.push_back(ArtTile{});
        }
        if (layer.name.empty() || layer.tileset.empty()) {
            error = "a layer without a name or tileset";
            return false;
        }
        out.art.push_back(layer);
    }
    return true;
}

/// resources/tilesets/starter.yaml, read (qFatal when it cannot be).
inline StarterArt starterArt() {
    QFile f(starterDir() + "/starter.yaml");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open starter.yaml");
    const QByteArray b = f.readAll();
    StarterArt art;
    std::string error;
    if (!readStarterArt(std::string(b.constData(), std::size_t(b.size())), art, error))
        qFatal("starter.yaml: %s", error.c_str());
    return art;
}

} // namespace ts::level::test
