// Private to tilesmith_level: a small YAML tree built from yaml-cpp's parser
// events, with 1-based positions on every node, and the hostile-input checks
// that run on the raw text before yaml-cpp sees it.
//
// Why not YAML::Load? Its nodes share aliased subtrees, so walking a small
// "billion laughs" file visits billions of nodes, and it neither tells plain
// from quoted scalars (needed to keep "2" a string) nor reports duplicate keys.
// Building our own tree from events lets us refuse anchors and aliases, cap
// depth and node count, and keep exact marks.
#pragma once

#include "tilesmith/level/levelio.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::level::detail {

struct YNode {
    enum class Kind : std::uint8_t { Null, Scalar, Sequence, Map };
    Kind kind = Kind::Null;
    bool plain = false;   ///< scalar written without quotes or block indicator
    bool literal = false; ///< scalar written as a literal block ('|')
    bool flow = false;    ///< collection written in flow style ({...} / [...])
    int line = 0;         ///< 1-based
    int column = 0;       ///< 1-based, in bytes
    std::uint32_t valueOffset = 0;
    std::uint32_t valueSize = 0;
    int first = -1; ///< first child (maps: key, value, key, value, ...)
    int last = -1;
    int next = -1; ///< next sibling
    int count = 0; ///< children
};

struct YTree {
    std::vector<YNode> nodes;
    std::string pool; ///< scalar values, back to back
    int root = -1;

    const YNode& at(int i) const { return nodes[static_cast<std::size_t>(i)]; }
    std::string_view value(const YNode& n) const {
        return std::string_view(pool).substr(n.valueOffset, n.valueSize);
    }
};

/// Checks size, NUL bytes, UTF-8 and nesting depth of `text`, normalises line
/// endings into `normalized` and parses it into `tree`. Returns false (and adds
/// to `errors`) when the text cannot be turned into a tree.
bool parseYamlTree(const std::string& text, const std::string& fileName, const Limits& limits,
                   std::string& normalized, YTree& tree, std::vector<Diagnostic>& errors);

/// The fast path: parses the plain subset of YAML that the saver writes (and
/// hand-written files like it: no comments, anchors, tags, single quotes or
/// multi-line flow) into the very tree yaml-cpp's events would give, much
/// faster. Returns false, with `tree` cleared, on anything outside the subset;
/// the caller then uses yaml-cpp. `normalized` has LF line endings only.
bool parseFastSubset(const std::string& normalized, const Limits& limits, YTree& tree);
/// The general path through yaml-cpp (for the differential test).
bool parseWithYamlCpp(const std::string& normalized, const std::string& fileName,
                      const Limits& limits, YTree& tree, std::vector<Diagnostic>& errors);

} // namespace ts::level::detail
