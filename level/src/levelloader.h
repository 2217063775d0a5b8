// Private to tilesmith_level: the level loader, which reads the YAML tree of a
// level file into a Level with a positioned error for every problem
// (levelread.cpp), and the cross-field checks it shares with validateLevel()
// (levelvalidate.cpp).
#pragma once

#include "leveltext.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/rulemessages.h"
#include "yamltree.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <utility>
#include <vector>

namespace ts::level::detail {

class Reporter {
public:
    Reporter(std::vector<Diagnostic>& out, const std::string& file, int maxErrors)
        : mOut(out), mFile(file), mMax(std::max(1, maxErrors)) {}

    void error(int line, int column, std::string message) {
        if (static_cast<int>(mOut.size()) >= mMax) {
            mOverflow = true;
            return;
        }
        Diagnostic d;
        d.file = mFile;
        d.line = line;
        d.column = column;
        d.message = std::move(message);
        mOut.push_back(std::move(d));
    }
    void error(const YNode& n, std::string message) { error(n.line, n.column, std::move(message)); }
    /// An error with a second place that explains it (a duplicate name's first use).
    void error(const YNode& n, std::string message, const YNode& noteAt, std::string note) {
        const std::size_t before = mOut.size();
        error(n, std::move(message));
        if (mOut.size() > before) {
            mOut.back().note = std::move(note);
            mOut.back().noteLine = noteAt.line;
            mOut.back().noteColumn = noteAt.column;
        }
    }
    /// True once the cap is reached. Callers ask before doing more work, so
    /// asking at the cap means more errors may follow: the note is added then.
    bool full() {
        if (static_cast<int>(mOut.size()) >= mMax)
            mOverflow = true;
        return mOverflow;
    }
    void finish() {
        if (mOverflow) {
            Diagnostic d;
            d.file = mFile;
            d.message = "too many errors; stopped after " + std::to_string(mMax);
            mOut.push_back(std::move(d));
        }
    }
    std::size_t count() const { return mOut.size(); }

private:
    std::vector<Diagnostic>& mOut;
    const std::string& mFile;
    int mMax;
    bool mOverflow = false;
};

/// Where a loaded spawn's parts stand in the file, for semantic errors.
struct SpawnSite {
    int line = 0, column = 0;         ///< the spawn mapping
    int idLine = 0, idColumn = 0;     ///< its id value
    int kindLine = 0, kindColumn = 0; ///< its kind value
    int xLine = 0, xColumn = 0;
    int yLine = 0, yColumn = 0;
};

class Loader {
public:
    Loader(const YTree& tree, const std::string& text, const Limits& limits, Reporter& rep)
        : mTree(tree), mText(text), mLimits(limits), mRep(rep) {}

    bool load(Level& level);

private:
    const YNode& node(int i) const { return mTree.at(i); }
    std::string_view value(const YNode& n) const { return mTree.value(n); }

    std::string describe(const YNode& n) const {
        switch (n.kind) {
        case YNode::Kind::Null:
            return "nothing";
        case YNode::Kind::Sequence:
            return "a list";
        case YNode::Kind::Map:
            return "a mapping";
        case YNode::Kind::Scalar:
            break;
        }
        if (n.plain)
            return rules::shownValue(value(n));
        if (n.literal)
            return "a block of text";
        return "the string \"" + clip(value(n)) + "\"";
    }

    /// Key/value pairs of a mapping; reports non-scalar and duplicate keys.
    std::vector<std::pair<int, int>> entries(const YNode& map, const char* where) {
        std::vector<std::pair<int, int>> out;
        out.reserve(static_cast<std::size_t>(map.count / 2));
        for (int k = map.first; k >= 0;) {
            const int v = node(k).next;
            if (v < 0)
                break;
            const YNode& key = node(k);
            if (key.kind != YNode::Kind::Scalar) {
                mRep.error(key, std::string("expected a key name in ") + where + ", got " +
                                    describe(key));
            } else {
                bool dup = false;
                for (const auto& [pk, pv] : out) {
                    if (value(node(pk)) == value(key)) {
                        mRep.error(key, "duplicate key '" + clip(value(key)) + "' in " + where +
                                            " (first on line " + std::to_string(node(pk).line) +
                                            ")");
                        dup = true;
                        break;
                    }
                }
                if (!dup)
                    out.emplace_back(k, v);
            }
            k = node(v).next;
        }
        return out;
    }

    /// `section`: "physics" for a key of the physics mapping (see rules::intRangeMessage).
    bool readInt(const YNode& n, const std::string& key, long long lo, long long hi, int& out,
                 std::string_view section = {}) {
        const std::string_view v = value(n);
        std::int64_t x = 0;
        const IntText read =
            n.kind == YNode::Kind::Scalar && n.plain ? readIntText(v, x) : IntText::NotAnInteger;
        if (read == IntText::NotAnInteger) {
            mRep.error(n, rules::notAnIntegerMessage(key, describe(n)));
            return false;
        }
        if (read == IntText::OutOfRange || x < lo || x > hi) {
            mRep.error(n, rules::intRangeMessage(key, lo, hi, clip(v), section));
            return false;
        }
        out = static_cast<int>(x);
        return true;
    }

    bool readFloat(const YNode& n, const std::string& key, FloatRange range, float& out,
                   std::string_view section = {}) {
        const std::string_view v = value(n);
        // .nan and .inf are numbers outside every range: the range's message, as
        // validateLevel() and the TMX import give for them.
        if (n.kind == YNode::Kind::Scalar && n.plain && isSpecialFloatText(v)) {
            mRep.error(n, rules::rangeMessage(key, range, clip(v), section));
            return false;
        }
        float x = 0;
        const FloatText read =
            n.kind == YNode::Kind::Scalar && n.plain ? readFloatText(v, x) : FloatText::NotANumber;
        if (read == FloatText::NotANumber) {
            mRep.error(n, rules::notANumberMessage(key, describe(n)));
            return false;
        }
        if (read == FloatText::OutOfRange || !inRange(x, range)) {
            mRep.error(n, rules::rangeMessage(key, range, clip(v), section));
            return false;
        }
        out = x;
        return true;
    }

    /// `key`: true or false (any case, as the YAML core schema reads them).
    bool readBool(const YNode& n, std::string_view key, bool& out) {
        if (n.kind != YNode::Kind::Scalar || !n.plain || !boolText(value(n), out)) {
            mRep.error(n, rules::notABooleanMessage(key, describe(n)));
            return false;
        }
        return true;
    }

    bool readProperties(const YNode& n, const std::string& where, Properties& out);
    void readLegend(const YNode& n, Legend& legend, bool& ok);
    void readTiles(const YNode& n, Level& level, bool sizeOk);
    void readSpawns(const YNode& n, Level& level);
    bool readSpawn(const YNode& n, Spawn& s, SpawnSite& site);
    void readPhysics(const YNode& n, PhysicsSettings& p);
    // Art (levelreadart.cpp): the tilesets first, then the layers that name them.
    /// `n` is a list (the error names it as `expected`) of at most `max` items (`what`,
    /// in the too-many message); false after reporting otherwise.
    bool boundedList(const YNode& n, const std::string& expected, const char* what, int max);
    void readTilesets(const YNode& n, Level& level);
    void readTileset(const YNode& n, Tileset& t, bool& ok);
    void readArt(const YNode& n, Level& level, bool sizeOk);
    void readArtLayer(const YNode& n, const Level& level, bool sizeOk, ArtLayer& layer);
    void readRule(const YNode& n, const Tileset* tileset, AutoRule& rule);
    void readPattern(const YNode& n, AutoRule& rule);
    bool readTileIndex(const YNode& n, const char* key, const Tileset* tileset, std::int32_t& out);
    void readPainted(const YNode& n, const Level& level, bool sizeOk, const Tileset* tileset,
                     ArtLayer& layer);
    /// The value of `key` in `map` (its first), or -1; reports nothing (entries() does).
    int valueOf(const YNode& map, std::string_view key) const;
    /// Of two nodes, the one that comes later in the file.
    int later(int a, int b) const;
    /// Where line `line` (1-based) starts in the text: built on first use.
    std::size_t lineStart(int line);
    /// The indentation of a literal block's first row (the line after its '|').
    int literalIndent(const YNode& n);
    /// The column of byte `offset` of scalar `n`'s value, when the value stands in the
    /// text as it is (no escapes before it); else the scalar's own column.
    int columnInScalar(const YNode& n, std::size_t offset);

    const YTree& mTree;
    const std::string& mText;
    const Limits& mLimits;
    Reporter& mRep;
    int mTileSize = 16;                   ///< the level's tile_size: a goal's default size
    std::vector<std::size_t> mLineStarts; ///< lineStart()'s table
    /// Parallel to Level::tilesets while loading: the tileset read without errors (an art
    /// layer's indices are checked against it only then).
    std::vector<bool> mTilesetOk;

public:
    std::vector<SpawnSite> sites;
    SourcePos tilesOrigin;
    int spawnsLine = 1, spawnsColumn = 1; ///< the 'spawns' key (or the end of the file)
    bool sizeOk = false; ///< 'width' and 'height' read: whether a spawn is on the map is known
    bool mapOk = false;  ///< the size and every tile read: whether a spawn is in a wall is known
    /// No 'spawns' key: spawnsLine/spawnsColumn are then the end of the file (just
    /// after its last character), where a file cut short lost it.
    bool spawnsMissing = false;
};

/// Cross-field checks. `sites` gives positions for loaded files (empty for models).
/// `sizeOk`: the map's size is known, so spawns off the map are reported; `mapOk`: its
/// tiles are too, so spawns inside solid tiles are (a bad tile hides no spawn off the map).
/// `spawnsMissing`: the file has no 'spawns' key (reported at spawnsLine/spawnsColumn,
/// the end of the file).
void crossChecks(const Level& level, const std::vector<SpawnSite>& sites, bool sizeOk, bool mapOk,
                 int spawnsLine, int spawnsColumn, Reporter& rep, bool spawnsMissing = false);

/// The art rules on a model (levelvalidateart.cpp), as the loader applies them to a file:
/// tilesets, art layers, rules and painted cells, each error named by what it is about
/// ("tileset 'cave': ", "art layer 'ground' rule 2: ").
void checkArt(const Level& level, bool mapOk, Reporter& rep);

} // namespace ts::level::detail
