// The level model (format v1): what designers edit and games load. Plain C++,
// no Qt, so a game links it with the physics library alone.
#pragma once

#include "tilesmith/level/art.h"
#include "tilesmith/physics/tilemap.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ts::level {

inline constexpr int kFormatVersion = 1;
/// The name of a level whose file gives none (`name` is optional), and of a new
/// level until the designer names it.
inline constexpr char kDefaultLevelName[] = "Untitled";

/// A custom property value: string, integer, floating point number or boolean.
using PropertyValue = std::variant<bool, std::int64_t, double, std::string>;
/// Sorted by key, so saving is canonical.
using Properties = std::map<std::string, PropertyValue>;

/// The tile kinds, in the order the level format lists them ("empty, solid or one_way").
inline constexpr Tile kTileKinds[] = {Tile::Empty, Tile::Solid, Tile::OneWay};

/// The level format's word for a tile kind: "empty", "solid", "one_way". The one
/// spelling of these words: a level's legend, replay `tile` events, a TMX tileset's tile
/// types and the editor's saved tile-kind option all use it. A value that is no Tile
/// enumerator (Tile(77)) gets "empty", as the level writer writes such a tile.
const char* tileKindName(Tile t);
/// The tile kind `name` is the word of. Exact: the word as tileKindName() gives it, so
/// "Solid", "one-way" and " solid" name none and give false (`out` untouched). A reader
/// that accepts other spellings (TMX: any case) compares them itself, against
/// tileKindName() of each of kTileKinds.
bool tileKindFromName(std::string_view name, Tile& out);
/// The words of kTileKinds in order, `last` between the last two and ", " between the
/// others: tileKindNameList(" or ") is "empty, solid or one_way", as messages list them.
std::string tileKindNameList(std::string_view last);

/// Goal: an area the player should reach (a level exit, a pickup); not a physics body.
enum class SpawnKind { Player, Npc, Box, Ball, Goal };
/// The spawn kinds, in the order the level format documents them and the editor lists and
/// steps through them.
inline constexpr SpawnKind kSpawnKinds[] = {SpawnKind::Player, SpawnKind::Npc, SpawnKind::Box,
                                            SpawnKind::Ball, SpawnKind::Goal};

const char* spawnKindName(SpawnKind k); ///< "player", "npc", "box", "ball", "goal"
bool spawnKindFromName(const std::string& name, SpawnKind& out);
/// A kind as the editor shows it: "Player", "NPC", "Box", "Ball", "Goal".
const char* spawnKindTitle(SpawnKind k);
/// A spawn as the editor names it (Properties dock, status bar) and replay reports
/// name it: "NPC #2", "Box #4". The one spelling: the editor and the CLI use this.
std::string spawnLabel(SpawnKind kind, long long id);
/// Every kind but Goal becomes a physics body.
inline bool isBodyKind(SpawnKind k) {
    return k != SpawnKind::Goal;
}

/// A spawn point. x, y are a tile column and row in level coordinates (row 0 at
/// the TOP); the spawn's bottom centre stands on the bottom centre of that tile.
/// Sizes in pixels, velocities in pixels per second with y up. The member defaults
/// below are the same for every kind (`Spawn{.kind = SpawnKind::Player}` is 16 x 16,
/// mass 1); withDefaults() gives the kind's, as the loader fills a field left out.
struct Spawn {
    int id = 0;
    SpawnKind kind = SpawnKind::Box;
    int x = 0;
    int y = 0;
    float width = 16;      ///< Player, Npc, Box, Goal (a goal's area; default one tile)
    float height = 16;     ///< Player, Npc, Box, Goal
    float radius = 8;      ///< Ball
    float mass = 1;        ///< 0 = immovable (bodies only)
    float restitution = 0; ///< bodies only
    float vx = 0;          ///< bodies only
    float vy = 0;          ///< bodies only
    Properties properties{};

    /// A spawn of the kind with the kind's documented defaults (a goal is
    /// 16 x 16 here; Level::defaultSpawn sizes it to the level's tiles).
    static Spawn withDefaults(SpawnKind kind, int id = 0, int x = 0, int y = 0);
    bool operator==(const Spawn&) const = default;
};

/// Physics settings stored in the level, so a game reproduces the editor's feel.
struct PhysicsSettings {
    float gravity = 1500;
    float walkSpeed = 160;
    float jumpSpeed = 480;
    float maxFallSpeed = 720;
    float oneWayThreshold = 2;
    int partitionCell = 16;
    float dt = 1.0f / 60.0f;
    bool operator==(const PhysicsSettings&) const = default;
};

/// Legend characters for the `tiles` block. The default is {'.': empty,
/// '#': solid, '=': one_way}; a level may define its own.
struct Legend {
    char empty = '.';
    char solid = '#';
    char oneWay = '=';
    bool operator==(const Legend&) const = default;
};

/// Whether a spawn (the player included) may stand on a tile: the loader refuses
/// spawns off the map or inside a solid tile, so the editor and the jump arcs
/// refuse the same tiles (Level::spawnFit).
enum class SpawnFit : std::uint8_t {
    Fits,   ///< inside the map and not solid
    OffMap, ///< outside the map
    Solid,  ///< a solid tile: the player cannot stand in it
};

/// `Level{.width = 40, .height = 20}` has no tiles until `tiles` holds width * height
/// of them (setTile() ignores every tile until then, validateLevel() refuses it);
/// Level::make() makes them with the size.
struct Level {
    std::string name = kDefaultLevelName;
    int tileSize = 16; ///< pixels
    int width = 0;     ///< tiles
    int height = 0;    ///< tiles
    Legend legend{};
    /// Row-major, row 0 = TOP row (as in the file). size() == width * height.
    std::vector<Tile> tiles{};
    std::vector<Spawn> spawns{};
    PhysicsSettings physics{};
    Properties properties{};
    /// The tile sheets the art layers draw from (art.h).
    std::vector<Tileset> tilesets{};
    /// What the player sees, drawn in this order (first at the back) behind or in front
    /// of the bodies (ArtLayer::depth).
    std::vector<ArtLayer> art{};

    /// An empty level of the given size.
    static Level make(int width, int height, int tileSize = 16);

    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    /// Empty outside the map.
    Tile tile(int x, int y) const;
    /// Ignored outside the map.
    void setTile(int x, int y, Tile t);
    /// Whether a spawn may stand on tile (x, y), and if not, why.
    SpawnFit spawnFit(int x, int y) const {
        if (!contains(x, y))
            return SpawnFit::OffMap;
        return tile(x, y) == Tile::Solid ? SpawnFit::Solid : SpawnFit::Fits;
    }
    /// spawnFit(x, y) == SpawnFit::Fits.
    bool canHoldSpawn(int x, int y) const { return spawnFit(x, y) == SpawnFit::Fits; }

    /// Spawn::withDefaults, with a goal one tile of this level in size.
    Spawn defaultSpawn(SpawnKind kind, int id = 0, int x = 0, int y = 0) const;

    const Tileset* findTileset(std::string_view name) const;
    const ArtLayer* findArtLayer(std::string_view name) const;
    ArtLayer* findArtLayer(std::string_view name);

    const Spawn* findSpawn(int id) const;
    Spawn* findSpawn(int id);
    const Spawn* player() const;
    /// One more than the largest id in use.
    int nextSpawnId() const;

    bool operator==(const Level&) const = default;
};

} // namespace ts::level
