// Fuzzes the physics API as a game could call it: a world on a small map with hostile
// settings, then a stream of calls (add, remove, inputs, teleports, velocities, scales,
// settings, tile edits, steps, copies, reads) with hostile numbers: NaN, infinities, huge
// and tiny values, negative sizes, stale handles. Nothing may crash, hang, or be undefined
// behaviour (ASan + UBSan); a copied world steps exactly like the original.
#include "tilesmith/physics/world.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace {

class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : mData(data), mSize(size) {}
    bool empty() const { return mPos >= mSize; }
    std::uint8_t byte() { return mPos < mSize ? mData[mPos++] : 0; }
    bool flag() { return (byte() & 1) != 0; }

    /// Mostly hostile numbers, sometimes ordinary ones, sometimes raw bit patterns.
    float number() {
        using L = std::numeric_limits<float>;
        static const float kTable[] = {
            0.0f,          -0.0f,          1.0f,           -1.0f,        0.5f,     8.0f,
            16.0f,         -16.0f,         160.0f,         1500.0f,      1e6f,     -1e6f,
            1e30f,         -1e30f,         L::max(),       -L::max(),    L::min(), L::denorm_min(),
            L::infinity(), -L::infinity(), L::quiet_NaN(), 1.0f / 60.0f, 1e-30f,   3e9f};
        const std::uint8_t b = byte();
        if (b < 160)
            return kTable[b % (sizeof kTable / sizeof kTable[0])];
        if (b < 224)
            return static_cast<float>(static_cast<int>(byte()) - 128) * 4.0f;
        std::uint32_t bits = 0;
        for (int i = 0; i < 4; ++i)
            bits = bits << 8 | byte();
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return f;
    }
    ts::Vec2 vec2() { return {number(), number()}; }
    int integer() {
        using L = std::numeric_limits<int>;
        static const int kTable[] = {0, 1, -1, 2, 4, 8, 16, 1000, -1000, L::max(), L::min()};
        const std::uint8_t b = byte();
        return b < 128 ? kTable[b % (sizeof kTable / sizeof kTable[0])] : static_cast<int>(b) - 192;
    }

private:
    const std::uint8_t* mData;
    std::size_t mSize;
    std::size_t mPos = 0;
};

ts::WorldSettings settings(Bytes& in) {
    ts::WorldSettings s;
    s.gravity = in.number();
    s.walkSpeed = in.number();
    s.jumpSpeed = in.number();
    s.maxFallSpeed = in.number();
    s.oneWayThreshold = in.number();
    s.partitionCellTiles = in.integer();
    s.dt = in.number();
    s.correctionPercent = in.number();
    s.correctionSlop = in.number();
    s.solverIterations = in.integer() % 64; // a game asking for 2^31 passes asks for a hang
    return s;
}

ts::BodyDef bodyDef(Bytes& in) {
    ts::BodyDef d;
    d.shape = in.flag() ? ts::Shape::Circle : ts::Shape::Aabb;
    d.control = static_cast<ts::Control>(in.byte() % 3);
    d.position = in.vec2();
    d.halfSize = in.vec2();
    d.radius = in.number();
    d.offset = in.vec2();
    d.scale = in.vec2();
    d.velocity = in.vec2();
    d.mass = in.number();
    d.restitution = in.number();
    d.gravity = in.flag();
    d.collidesWithTiles = in.flag();
    d.category = in.byte();
    d.mask = in.flag() ? 0xffffffffu : in.byte();
    d.facing = in.integer();
    d.userData = in.byte();
    return d;
}

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_physics: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    // The map's size is the game's memory budget, so it stays small; its tile size,
    // position and boundary are hostile.
    const int w = in.byte() % 48, h = in.byte() % 48;
    ts::MapBoundary boundary;
    boundary.left = static_cast<ts::Tile>(in.byte() % 3);
    boundary.below = static_cast<ts::Tile>(in.byte() % 3);
    ts::TileMap map(w, h, in.number(), in.vec2(), boundary);
    for (int i = 0, n = in.byte(); i < n; ++i)
        (void)map.set(in.integer(), in.integer(), static_cast<ts::Tile>(in.byte() % 3));
    ts::World world(map, settings(in));

    std::vector<ts::BodyId> ids;
    auto pick = [&]() -> ts::BodyId {
        if (ids.empty() || in.byte() % 8 == 0)
            return ts::BodyId{in.byte(), in.byte()}; // stale, null or made-up handles too
        return ids[in.byte() % ids.size()];
    };
    int steps = 0;
    while (!in.empty()) {
        switch (in.byte() % 14) {
        case 0:
        case 1:
            if (world.bodyCount() < 200)
                ids.push_back(world.add(bodyDef(in)));
            break;
        case 2:
            (void)world.remove(pick());
            break;
        case 3: {
            ts::Input input;
            const std::uint8_t k = in.byte();
            input = {.left = (k & 1) != 0,
                     .right = (k & 2) != 0,
                     .jump = (k & 4) != 0,
                     .down = (k & 8) != 0};
            (void)world.setInput(pick(), input);
            break;
        }
        case 4:
            (void)world.setPosition(pick(), in.vec2());
            break;
        case 5:
            (void)world.setVelocity(pick(), in.vec2());
            break;
        case 6:
            (void)world.setScale(pick(), in.vec2());
            break;
        case 7:
            (void)world.setSettings(settings(in));
            break;
        case 8:
            (void)world.setTile(in.integer(), in.integer(), static_cast<ts::Tile>(in.byte() % 3));
            break;
        case 9:
            world.setDebugEnabled(in.flag());
            break;
        case 10: { // a copy steps exactly like the original
            ts::World copy = world;
            copy.step();
            world.step();
            if (copy.stateHash() != world.stateHash())
                fail("a copied world stepped differently");
            ++steps;
            break;
        }
        case 11: { // reads of any handle
            const ts::BodyId id = pick();
            (void)world.position(id), (void)world.velocity(id), (void)world.aabb(id);
            (void)world.contacts(id), (void)world.state(id), (void)world.collisions(id);
            (void)world.scale(id), (void)world.facing(id), (void)world.input(id);
            break;
        }
        default:
            if (steps < 120) {
                world.step();
                ++steps;
            }
            break;
        }
    }
    (void)world.stateHash();
    (void)world.stats();
    return 0;
}
