// Level files, format v1: the loader's readers for the top-level keys, the legend,
// the tiles, the spawns, the physics settings and the properties, with positions
// in every error (the art: levelreadart.cpp). See docs/format/level-format.md.
#include "levelloader.h"
#include "tilesmith/level/numbertext.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace ts::level::detail {

bool Loader::readProperties(const YNode& n, const std::string& where, Properties& out) {
    if (n.kind == YNode::Kind::Null)
        return true;
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n, "expected a mapping of properties for " + where + ", got " + describe(n));
        return false;
    }
    bool ok = true;
    for (const auto& [k, v] : entries(n, "properties")) {
        const YNode& key = node(k);
        const YNode& val = node(v);
        const std::string name(value(key));
        if (name.empty()) {
            mRep.error(key, rules::emptyPropertyNameMessage());
            ok = false;
            continue;
        }
        const std::string_view text = value(val);
        if (val.kind == YNode::Kind::Null ||
            (val.kind == YNode::Kind::Scalar && val.plain && isNullText(text))) {
            mRep.error(val, "property '" + clip(name) +
                                "' has no value (expected a string, number or boolean)");
            ok = false;
            continue;
        }
        if (val.kind != YNode::Kind::Scalar) {
            mRep.error(val, "property '" + clip(name) +
                                "' must be a string, number or boolean, got " + describe(val));
            ok = false;
            continue;
        }
        if (!val.plain) {
            out[name] = std::string(text);
            continue;
        }
        bool b = false;
        if (boolText(text, b)) {
            out[name] = b;
        } else if (isIntText(text)) {
            std::int64_t i = 0;
            if (readIntText(text, i) != IntText::Integer) {
                mRep.error(val, rules::propertyIntRangeMessage(name, text));
                ok = false;
                continue;
            }
            out[name] = i;
        } else if (isFloatText(text)) {
            double d = 0;
            if (readFloatText(text, d) != FloatText::Number) {
                mRep.error(val, rules::propertyNotFiniteMessage(name, text)); // 1e999
                ok = false;
                continue;
            }
            out[name] = d;
        } else if (isSpecialFloatText(text)) {
            mRep.error(val, rules::propertyNotFiniteMessage(name, text));
            ok = false;
        } else {
            out[name] = std::string(text);
        }
    }
    return ok;
}

void Loader::readLegend(const YNode& n, Legend& legend, bool& ok) {
    if (n.kind != YNode::Kind::Map) {
        const Legend d;
        mRep.error(n, std::string("expected a mapping for 'legend' like {\"") + d.empty +
                          "\": " + tileKindName(Tile::Empty) + ", \"" + d.solid +
                          "\": " + tileKindName(Tile::Solid) + ", \"" + d.oneWay +
                          "\": " + tileKindName(Tile::OneWay) + "}, got " + describe(n));
        ok = false;
        return;
    }
    for (const auto& [k, v] : entries(n, "'legend'")) {
        const YNode& key = node(k);
        const YNode& val = node(v);
        const std::string_view ch = value(key);
        const bool printable = ch.size() == 1 && ch[0] > ' ' && ch[0] < 0x7F;
        if (!printable) {
            mRep.error(key, rules::legendKeyMessage(describe(key)));
            ok = false;
            continue;
        }
        Tile kind = Tile::Empty;
        if (val.kind != YNode::Kind::Scalar || !val.plain || !tileKindFromName(value(val), kind)) {
            mRep.error(val, "expected " + tileKindNameList(" or ") + " for legend character '" +
                                std::string(ch) + "', got " + describe(val));
            ok = false;
            continue;
        }
        switch (kind) {
        case Tile::Empty:
            legend.empty = ch[0];
            break;
        case Tile::Solid:
            legend.solid = ch[0];
            break;
        case Tile::OneWay:
            legend.oneWay = ch[0];
            break;
        }
    }
    if (ok && (legend.empty == legend.solid || legend.empty == legend.oneWay ||
               legend.solid == legend.oneWay)) {
        mRep.error(n, rules::legendDistinctMessage());
        ok = false;
    }
}

void Loader::readTiles(const YNode& n, Level& level, bool sizeOk) {
    if (n.kind != YNode::Kind::Scalar) {
        mRep.error(n, "expected the tile rows as a literal block ('tiles: |'), got " + describe(n));
        return;
    }
    const std::string_view text = value(n);
    std::vector<std::string_view> rows;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        rows.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }

    // Where row r, column c stands in the file. A literal block's rows follow
    // its header line one per line, at the block's indentation.
    int blockIndent = 0;
    if (n.literal) {
        std::size_t lineStart = 0;
        int line = 1;
        // Find the first content line after the header, and its indentation.
        for (std::size_t i = 0; i < mText.size() && line <= n.line; ++i) {
            if (mText[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        std::size_t i = lineStart;
        while (i < mText.size() && mText[i] == ' ')
            ++i;
        blockIndent = static_cast<int>(i - lineStart);
    }
    if (n.literal)
        tilesOrigin = SourcePos{n.line + 1, blockIndent + 1};
    const auto at = [&](std::size_t row, std::size_t column, std::string msg) {
        if (n.literal)
            mRep.error(n.line + 1 + static_cast<int>(row),
                       blockIndent + 1 + static_cast<int>(column), std::move(msg));
        else
            mRep.error(n, std::move(msg));
    };

    const Legend& lg = level.legend;
    const std::string legendChars =
        std::string("'") + lg.empty + "', '" + lg.solid + "' and '" + lg.oneWay + "'";
    for (std::size_t r = 0; r < rows.size() && !mRep.full(); ++r) {
        const std::string_view row = rows[r];
        if (sizeOk && static_cast<int>(r) >= level.height) {
            at(r, 0,
               "too many tile rows: expected " + std::to_string(level.height) +
                   " ('height'), this is row " + std::to_string(r + 1));
            break;
        }
        if (sizeOk && static_cast<int>(row.size()) != level.width) {
            const std::size_t col = std::min(row.size(), static_cast<std::size_t>(level.width));
            at(r, col,
               "tile row " + std::to_string(r + 1) + " has " +
                   countText(row.size(), "tile", "tiles") + "; expected " +
                   std::to_string(level.width) + " ('width')");
        }
        for (std::size_t c = 0; c < row.size() && !mRep.full(); ++c) {
            const char ch = row[c];
            Tile t = Tile::Empty;
            if (ch == lg.empty) {
                t = Tile::Empty;
            } else if (ch == lg.solid) {
                t = Tile::Solid;
            } else if (ch == lg.oneWay) {
                t = Tile::OneWay;
            } else {
                // The text is valid UTF-8 here: show the whole character.
                std::size_t len = 1;
                while (static_cast<unsigned char>(ch) >= 0x80 && c + len < row.size() &&
                       (static_cast<unsigned char>(row[c + len]) & 0xC0) == 0x80)
                    ++len;
                at(r, c,
                   "unknown tile character '" + std::string(row.substr(c, len)) +
                       "' (the legend has " + legendChars + ")");
                c += len - 1;
                continue;
            }
            if (sizeOk && static_cast<int>(c) < level.width && static_cast<int>(r) < level.height)
                level.setTile(static_cast<int>(c), static_cast<int>(r), t);
        }
    }
    if (sizeOk && static_cast<int>(rows.size()) < level.height) {
        if (n.literal)
            at(rows.size(), 0,
               "expected " + std::to_string(level.height) + " tile rows ('height'), got " +
                   std::to_string(rows.size()));
        else
            mRep.error(n, "expected " + std::to_string(level.height) +
                              " tile rows ('height'), got " + std::to_string(rows.size()) +
                              " (write the rows as a literal block: 'tiles: |')");
    }
}

namespace {

enum SpawnField {
    FId,
    FKind,
    FX,
    FY,
    FWidth,
    FHeight,
    FRadius,
    FMass,
    FRestitution,
    FVx,
    FVy,
    FProperties,
    FCount
};
const char* const kSpawnFieldNames[FCount] = {"id",          "kind",   "x",      "y",
                                              "width",       "height", "radius", "mass",
                                              "restitution", "vx",     "vy",     "properties"};

} // namespace

bool Loader::readSpawn(const YNode& n, Spawn& s, SpawnSite& site) {
    site.line = n.line;
    site.column = n.column;
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n,
                   "expected a spawn like {id: 1, kind: player, x: 3, y: 9}, got " + describe(n));
        return false;
    }
    int field[FCount];
    std::fill(std::begin(field), std::end(field), -1);
    bool ok = true;
    for (const auto& [k, v] : entries(n, "a spawn")) {
        const std::string_view key = value(node(k));
        int f = -1;
        for (int i = 0; i < FCount; ++i) {
            if (key == kSpawnFieldNames[i])
                f = i;
        }
        if (f < 0) {
            mRep.error(node(k), "unknown spawn key '" + clip(key) +
                                    "' (extension data goes under 'properties')");
            ok = false;
            continue;
        }
        field[f] = v;
    }

    SpawnKind kind = SpawnKind::Box;
    bool kindOk = false;
    if (field[FKind] < 0) {
        mRep.error(n, "spawn is missing 'kind' (player, npc, box, ball or goal)");
    } else {
        const YNode& kn = node(field[FKind]);
        site.kindLine = kn.line;
        site.kindColumn = kn.column;
        if (kn.kind == YNode::Kind::Scalar && spawnKindFromName(std::string(value(kn)), kind))
            kindOk = true;
        else
            mRep.error(kn, "unknown spawn kind " + describe(kn) +
                               " (expected player, npc, box, ball or goal)");
    }
    ok = ok && kindOk;
    s = Spawn::withDefaults(kind);
    if (kind == SpawnKind::Goal && mTileSize > 0) {
        s.width = static_cast<float>(mTileSize); // a goal is one tile unless it says otherwise
        s.height = static_cast<float>(mTileSize);
    }
    const std::size_t errorsBefore = mRep.count();

    const auto required = [&](SpawnField f) {
        if (field[f] < 0) {
            mRep.error(n, std::string("spawn is missing '") + kSpawnFieldNames[f] + "'");
            ok = false;
            return false;
        }
        return true;
    };
    if (required(FId)) {
        const YNode& v = node(field[FId]);
        site.idLine = v.line;
        site.idColumn = v.column;
        ok = readInt(v, "id", 1, std::numeric_limits<int>::max(), s.id) && ok;
    }
    if (required(FX)) {
        const YNode& v = node(field[FX]);
        site.xLine = v.line;
        site.xColumn = v.column;
        ok = readInt(v, "x", std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                     s.x) &&
             ok;
    }
    if (required(FY)) {
        const YNode& v = node(field[FY]);
        site.yLine = v.line;
        site.yColumn = v.column;
        ok = readInt(v, "y", std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                     s.y) &&
             ok;
    }
    const bool basicsOk = kindOk && mRep.count() == errorsBefore;
    if (kindOk) {
        const bool ball = kind == SpawnKind::Ball;
        for (SpawnField f : {FWidth, FHeight}) {
            if (ball && field[f] >= 0) {
                mRep.error(node(field[f]), std::string("'") + kSpawnFieldNames[f] +
                                               "' does not apply to a ball (use 'radius')");
                ok = false;
            }
        }
        if (!ball && field[FRadius] >= 0) {
            mRep.error(node(field[FRadius]), std::string("'radius' applies only to balls; a ") +
                                                 spawnKindName(kind) + " has 'width' and 'height'");
            ok = false;
        }
        const bool goal = kind == SpawnKind::Goal;
        for (SpawnField f : {FMass, FRestitution, FVx, FVy}) {
            if (goal && field[f] >= 0) {
                mRep.error(node(field[f]), std::string("'") + kSpawnFieldNames[f] +
                                               "' does not apply to a goal (an area, not a "
                                               "physics body)");
                ok = false;
            }
        }
        const auto opt = [&](SpawnField f, FloatRange r, float& out) {
            if (field[f] >= 0 && !(ball && (f == FWidth || f == FHeight)) &&
                !(!ball && f == FRadius) &&
                !(goal && (f == FMass || f == FRestitution || f == FVx || f == FVy)))
                ok = readFloat(node(field[f]), kSpawnFieldNames[f], r, out) && ok;
        };
        opt(FWidth, kSpawnSizeRange, s.width);
        opt(FHeight, kSpawnSizeRange, s.height);
        opt(FRadius, kRadiusRange, s.radius);
        opt(FMass, kMassRange, s.mass);
        opt(FRestitution, kRestitutionRange, s.restitution);
        opt(FVx, kVelocityRange, s.vx);
        opt(FVy, kVelocityRange, s.vy);
        // A mass that reads as a number in range can still be too small for the
        // physics (a failed read leaves the default mass, which is fine).
        if (field[FMass] >= 0 && !goal && !massInRange(s.mass)) {
            mRep.error(node(field[FMass]), rules::massMessage(clip(value(node(field[FMass])))));
            ok = false;
        }
    }
    if (field[FProperties] >= 0)
        readProperties(node(field[FProperties]), "a spawn", s.properties);
    return basicsOk;
}

void Loader::readSpawns(const YNode& n, Level& level) {
    if (n.kind == YNode::Kind::Null)
        return;
    if (n.kind != YNode::Kind::Sequence) {
        mRep.error(n, "expected a list of spawns for 'spawns', got " + describe(n));
        return;
    }
    if (n.count > mLimits.maxSpawns) {
        mRep.error(
            n, rules::tooManySpawnsMessage(std::size_t(n.count), std::size_t(mLimits.maxSpawns)));
        return;
    }
    level.spawns.reserve(static_cast<std::size_t>(n.count));
    for (int i = n.first; i >= 0 && !mRep.full(); i = node(i).next) {
        Spawn s;
        SpawnSite site;
        // A spawn whose id, kind and position read well takes part in the
        // cross checks even when another of its fields has an error.
        if (readSpawn(node(i), s, site)) {
            level.spawns.push_back(std::move(s));
            sites.push_back(site);
        }
    }
}

void Loader::readPhysics(const YNode& n, PhysicsSettings& p) {
    if (n.kind != YNode::Kind::Map) {
        mRep.error(n, "expected a mapping for 'physics', got " + describe(n));
        return;
    }
    for (const auto& [k, v] : entries(n, "'physics'")) {
        const std::string key(value(node(k)));
        const YNode& val = node(v);
        if (key == "gravity")
            readFloat(val, key, kAccelRange, p.gravity, "physics");
        else if (key == "walk_speed")
            readFloat(val, key, kSpeedRange, p.walkSpeed, "physics");
        else if (key == "jump_speed")
            readFloat(val, key, kSpeedRange, p.jumpSpeed, "physics");
        else if (key == "max_fall_speed")
            readFloat(val, key, kMaxFallRange, p.maxFallSpeed, "physics");
        else if (key == "one_way_threshold")
            readFloat(val, key, kOneWayRange, p.oneWayThreshold, "physics");
        else if (key == "partition_cell")
            readInt(val, key, kMinPartitionCell, kMaxPartitionCell, p.partitionCell, "physics");
        else if (key == "dt")
            readFloat(val, key, kDtRange, p.dt, "physics");
        else
            mRep.error(node(k), "unknown physics key '" + clip(key) +
                                    "' (expected gravity, walk_speed, jump_speed, "
                                    "max_fall_speed, one_way_threshold, partition_cell or dt)");
    }
}

bool Loader::load(Level& level) {
    if (mTree.root < 0 || node(mTree.root).kind == YNode::Kind::Null) {
        mRep.error(1, 1, "the file is empty; expected a level starting with 'tilesmith: 1'");
        return false;
    }
    const YNode& root = node(mTree.root);
    if (root.kind != YNode::Kind::Map) {
        mRep.error(root, "expected a mapping of level keys ('tilesmith: 1', 'width', ...), got " +
                             describe(root));
        return false;
    }
    enum Key {
        KVersion,
        KName,
        KTileSize,
        KWidth,
        KHeight,
        KLegend,
        KTiles,
        KSpawns,
        KPhysics,
        KTilesets,
        KArt,
        KProperties,
        KCount
    };
    static const char* const names[KCount] = {"tilesmith", "name",     "tile_size", "width",
                                              "height",    "legend",   "tiles",     "spawns",
                                              "physics",   "tilesets", "art",       "properties"};
    int at[KCount];
    std::fill(std::begin(at), std::end(at), -1);
    int keyNode[KCount];
    std::fill(std::begin(keyNode), std::end(keyNode), -1);
    for (const auto& [k, v] : entries(root, "the level")) {
        const std::string_view key = value(node(k));
        int f = -1;
        for (int i = 0; i < KCount; ++i) {
            if (key == names[i])
                f = i;
        }
        if (f < 0) {
            mRep.error(node(k),
                       "unknown key '" + clip(key) + "' (extension data goes under 'properties')");
            continue;
        }
        at[f] = v;
        keyNode[f] = k;
    }

    // The version first: a newer file is not read any further.
    if (at[KVersion] < 0) {
        mRep.error(root, "missing 'tilesmith: 1' (the format version) at the top of the file");
    } else {
        const YNode& v = node(at[KVersion]);
        std::int64_t version = 0;
        if (v.kind != YNode::Kind::Scalar || !v.plain ||
            readIntText(value(v), version) != IntText::Integer || version < 1) {
            mRep.error(v, rules::formatVersionMessage("tilesmith", describe(v)));
        } else if (version > kFormatVersion) {
            mRep.error(v, rules::newerFormatMessage(version));
            return false;
        }
    }

    if (at[KName] >= 0) {
        const YNode& v = node(at[KName]);
        if (v.kind != YNode::Kind::Scalar) {
            mRep.error(v, "expected a string for 'name', got " + describe(v));
        } else if (value(v).size() > kMaxNameBytes) {
            mRep.error(v, rules::nameTooLongMessage(value(v).size()));
        } else {
            level.name = std::string(value(v));
        }
    }
    if (at[KTileSize] >= 0)
        readInt(node(at[KTileSize]), "tile_size", kMinTileSize, kMaxTileSize, level.tileSize);

    bool sizeOk = true;
    for (Key k : {KWidth, KHeight}) {
        const int limit = k == KWidth ? mLimits.maxWidth : mLimits.maxHeight;
        int& out = k == KWidth ? level.width : level.height;
        if (at[k] < 0) {
            mRep.error(root, std::string("missing '") + names[k] + "' (the map's " +
                                 (k == KWidth ? "width" : "height") + " in tiles)");
            sizeOk = false;
        } else if (!readInt(node(at[k]), names[k], 1, limit, out)) {
            sizeOk = false;
        }
    }
    if (sizeOk)
        level.tiles.assign(static_cast<std::size_t>(level.width) *
                               static_cast<std::size_t>(level.height),
                           Tile::Empty);

    bool legendOk = true;
    if (at[KLegend] >= 0)
        readLegend(node(at[KLegend]), level.legend, legendOk);

    const std::size_t errorsBeforeTiles = mRep.count();
    if (at[KTiles] < 0) {
        mRep.error(root, "missing 'tiles' (the map rows, written as 'tiles: |')");
    } else if (legendOk) {
        readTiles(node(at[KTiles]), level, sizeOk);
    }
    this->sizeOk = sizeOk;
    mapOk = sizeOk && legendOk && at[KTiles] >= 0 && mRep.count() == errorsBeforeTiles;

    if (at[KSpawns] >= 0) {
        const YNode& key = node(keyNode[KSpawns]);
        spawnsLine = key.line;
        spawnsColumn = key.column;
        mTileSize = level.tileSize;
        readSpawns(node(at[KSpawns]), level);
    } else {
        // Where the file ends: a file cut short reports the missing spawns there,
        // after what is wrong with the rest of it (errors come in file order).
        spawnsMissing = true;
        const std::string_view text(mText);
        const std::size_t end = text.size() - (!text.empty() && text.back() == '\n' ? 1 : 0);
        const std::size_t newline = end == 0 ? std::string_view::npos : text.rfind('\n', end - 1);
        const std::size_t lineStart = newline == std::string_view::npos ? 0 : newline + 1;
        spawnsLine = 1 + static_cast<int>(
                             std::count(text.begin(), text.begin() + std::ptrdiff_t(end), '\n'));
        spawnsColumn = 1 + static_cast<int>(end - lineStart);
    }
    if (at[KPhysics] >= 0)
        readPhysics(node(at[KPhysics]), level.physics);
    // The tilesets before the layers that name them, wherever the file has them.
    if (at[KTilesets] >= 0)
        readTilesets(node(at[KTilesets]), level);
    if (at[KArt] >= 0)
        readArt(node(at[KArt]), level, sizeOk);
    if (at[KProperties] >= 0)
        readProperties(node(at[KProperties]), "the level", level.properties);
    return true;
}

} // namespace ts::level::detail
