// The level model: construction, tile access, spawn lookup and per-kind defaults.
#include "tilesmith/level/level.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <string>

namespace ts::level {

const char* spawnKindName(SpawnKind k) {
    switch (k) {
    case SpawnKind::Player:
        return "player";
    case SpawnKind::Npc:
        return "npc";
    case SpawnKind::Box:
        return "box";
    case SpawnKind::Ball:
        return "ball";
    case SpawnKind::Goal:
        return "goal";
    }
    return "box";
}

const char* spawnKindTitle(SpawnKind k) {
    switch (k) {
    case SpawnKind::Player:
        return "Player";
    case SpawnKind::Npc:
        return "NPC";
    case SpawnKind::Box:
        return "Box";
    case SpawnKind::Ball:
        return "Ball";
    case SpawnKind::Goal:
        return "Goal";
    }
    return "Box";
}

std::string spawnLabel(SpawnKind kind, long long id) {
    return std::string(spawnKindTitle(kind)).append(" #").append(std::to_string(id));
}

bool spawnKindFromName(const std::string& name, SpawnKind& out) {
    for (SpawnKind k : kSpawnKinds) {
        if (name == spawnKindName(k)) {
            out = k;
            return true;
        }
    }
    return false;
}

const char* tileKindName(Tile t) {
    switch (t) {
    case Tile::Empty:
        return "empty";
    case Tile::Solid:
        return "solid";
    case Tile::OneWay:
        return "one_way";
    }
    return "empty"; // no enumerator: written as the level writer writes it
}

bool tileKindFromName(std::string_view name, Tile& out) {
    for (Tile t : kTileKinds) {
        if (name == tileKindName(t)) {
            out = t;
            return true;
        }
    }
    return false;
}

std::string tileKindNameList(std::string_view last) {
    std::string out;
    const std::size_t n = std::size(kTileKinds);
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0)
            out.append(i + 1 == n ? last : std::string_view(", "));
        out.append(tileKindName(kTileKinds[i]));
    }
    return out;
}

// The documented defaults (docs/format/level-format.md, "Spawns"). A
// loaded spawn starts from these, so a file that leaves a field out gets them.
Spawn Spawn::withDefaults(SpawnKind kind, int id, int x, int y) {
    Spawn s;
    s.id = id;
    s.kind = kind;
    s.x = x;
    s.y = y;
    switch (kind) {
    case SpawnKind::Player:
    case SpawnKind::Npc:
        s.width = 12;
        s.height = 20;
        s.mass = 1;
        s.restitution = 0;
        break;
    case SpawnKind::Box:
        s.width = 16;
        s.height = 16;
        s.mass = 2;
        s.restitution = 0.2f;
        break;
    case SpawnKind::Ball:
        s.radius = 8;
        s.mass = 1;
        s.restitution = 0.8f;
        break;
    case SpawnKind::Goal:
        s.width = 16;
        s.height = 16;
        s.mass = 0;
        s.restitution = 0;
        break;
    }
    return s;
}

Spawn Level::defaultSpawn(SpawnKind kind, int id, int x, int y) const {
    Spawn s = Spawn::withDefaults(kind, id, x, y);
    if (kind == SpawnKind::Goal && tileSize > 0) {
        s.width = static_cast<float>(tileSize);
        s.height = static_cast<float>(tileSize);
    }
    return s;
}

Level Level::make(int width, int height, int tileSize) {
    Level l;
    l.width = std::max(0, width);
    l.height = std::max(0, height);
    l.tileSize = tileSize;
    l.tiles.assign(static_cast<std::size_t>(l.width) * static_cast<std::size_t>(l.height),
                   Tile::Empty);
    return l;
}

Tile Level::tile(int x, int y) const {
    if (!contains(x, y))
        return Tile::Empty;
    const std::size_t i =
        static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
    return i < tiles.size() ? tiles[i] : Tile::Empty;
}

void Level::setTile(int x, int y, Tile t) {
    if (!contains(x, y))
        return;
    const std::size_t i =
        static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
    if (i < tiles.size())
        tiles[i] = t;
}

const Tileset* Level::findTileset(std::string_view name) const {
    for (const Tileset& t : tilesets)
        if (t.name == name)
            return &t;
    return nullptr;
}

const ArtLayer* Level::findArtLayer(std::string_view name) const {
    for (const ArtLayer& a : art)
        if (a.name == name)
            return &a;
    return nullptr;
}

ArtLayer* Level::findArtLayer(std::string_view name) {
    return const_cast<ArtLayer*>(static_cast<const Level*>(this)->findArtLayer(name));
}

const Spawn* Level::findSpawn(int id) const {
    for (const Spawn& s : spawns) {
        if (s.id == id)
            return &s;
    }
    return nullptr;
}

Spawn* Level::findSpawn(int id) {
    return const_cast<Spawn*>(static_cast<const Level*>(this)->findSpawn(id));
}

const Spawn* Level::player() const {
    for (const Spawn& s : spawns) {
        if (s.kind == SpawnKind::Player)
            return &s;
    }
    return nullptr;
}

int Level::nextSpawnId() const {
    int next = 1;
    for (const Spawn& s : spawns) {
        if (s.id < std::numeric_limits<int>::max())
            next = std::max(next, s.id + 1);
    }
    return next;
}

} // namespace ts::level
