// physics_bench: the same scenes in Box2D v3, set up like the 2.4.1 adapter
// (physics_bench_box2d.cpp): fixed rotation (motion lock), friction 0, sleeping
// off, 16 px per metre, solid tiles merged into one static box per rectangle,
// one-way tiles as static boxes made one-way by a pre-solve callback with our
// rule, the same controller outside the timed step. Box2D v3's own defaults
// otherwise: one worker, 4 sub-steps, soft contacts, contact recycling on.
#include "physics_bench_box2d3.h"

#if TILESMITH_BENCH_HAVE_BOX2D3
#include <box2d/box2d.h>
#endif

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ts::bench {

#if TILESMITH_BENCH_HAVE_BOX2D3

bool box2d3Available() {
    return true;
}

std::string box2d3Version() {
    const b2Version v = b2GetVersion();
    return std::to_string(v.major) + "." + std::to_string(v.minor) + "." +
           std::to_string(v.revision);
}

namespace {

constexpr float kPxPerMetre = 16.0f; // one tile is one metre, as in the 2.4.1 adapter
constexpr int kSubSteps = 4;         // Box2D v3's recommended default
constexpr int kDropSteps = 10;       // steps a walker ignores one-way platforms after "down"
// Shape user data: a body's shape holds its index + 1, a one-way platform's
// holds its index + 1 with this bit set. Solid tiles hold 0.
constexpr std::uintptr_t kPlatformTag = std::uintptr_t{1} << (sizeof(std::uintptr_t) * 8 - 1);
// A manifold point closer than this counts as touching for the controller's
// ground test (Box2D v3 keeps speculative points a little apart).
constexpr float kTouchMetres = 0.01f;

std::uintptr_t tagOf(b2ShapeId s) {
    return reinterpret_cast<std::uintptr_t>(b2Shape_GetUserData(s));
}

struct OneWayContext {
    std::vector<float> oneWayTop; ///< per platform, metres
    std::vector<int> dropping;    ///< per body: steps left of a drop-through
    float halfHeight = 0;         ///< bodies' half height, metres
    float thresholdMetres = 0;    ///< the one-way threshold (2 px)
    float dt = 0;
};

// Our rule, as in the 2.4.1 listener: a one-way tile holds a body only when it
// comes from above within threshold + this step's fall; never while it moves up
// or drops through. Only platform shapes enable pre-solve events, so one of the
// two shapes is always a platform. Zero manifold points disable the contact.
void preSolve(b2ShapeId a, b2ShapeId b, b2Manifold* manifold, void* context) {
    const auto& ctx = *static_cast<const OneWayContext*>(context);
    const std::uintptr_t ta = tagOf(a);
    const bool aIsPlatform = (ta & kPlatformTag) != 0;
    const b2ShapeId platform = aIsPlatform ? a : b;
    const b2ShapeId other = aIsPlatform ? b : a;
    const std::uintptr_t platformIndex = (tagOf(platform) & ~kPlatformTag) - 1;
    const std::uintptr_t bodyTag = tagOf(other);
    const b2BodyId body = b2Shape_GetBody(other);
    const float top = ctx.oneWayTop[platformIndex];
    const b2Vec2 v = b2Body_GetLinearVelocity(body);
    const float bottom = b2Body_GetPosition(body).y - ctx.halfHeight;
    const bool drops =
        bodyTag != 0 && (bodyTag & kPlatformTag) == 0 && ctx.dropping[bodyTag - 1] > 0;
    const float fall = std::max(0.0f, -v.y * ctx.dt);
    if (drops || v.y > 0 || bottom < top - ctx.thresholdMetres - fall) {
        manifold->pointCount = 0;
    }
}

class Box2d3Engine final : public Engine {
public:
    Box2d3Engine(const Scene& scene, bool continuous) : mScene(scene) {
        b2WorldDef wd = b2DefaultWorldDef();
        wd.gravity = b2Vec2{0.0f, -scene.settings.gravity / kPxPerMetre};
        wd.enableSleep = false;
        wd.enableContinuous = continuous;
        wd.workerCount = 1;
        mWorld = b2CreateWorld(&wd);
        mCtx.dropping.assign(scene.spawns.size(), 0);
        mCtx.halfHeight = scene.half.y / kPxPerMetre;
        mCtx.thresholdMetres = scene.settings.oneWayThreshold / kPxPerMetre;
        mCtx.dt = scene.settings.dt;
        b2World_SetPreSolveCallback(mWorld, preSolve, nullptr, &mCtx);

        // Terrain: one static body per merged tile rectangle, as in the 2.4.1 adapter.
        const float ts = scene.map.tileSize() / kPxPerMetre;
        const Vec2 org = scene.map.origin();
        const auto addRect = [&](const TileRect& r, std::uintptr_t tag) {
            const float hw = 0.5f * static_cast<float>(r.x1 - r.x0) * ts;
            const float hh = 0.5f * static_cast<float>(r.y1 - r.y0) * ts;
            b2BodyDef sd = b2DefaultBodyDef();
            sd.type = b2_staticBody;
            sd.position = b2Vec2{org.x / kPxPerMetre + static_cast<float>(r.x0) * ts + hw,
                                 org.y / kPxPerMetre + static_cast<float>(r.y0) * ts + hh};
            const b2BodyId ground = b2CreateBody(mWorld, &sd);
            b2ShapeDef fd = b2DefaultShapeDef();
            fd.material.friction = 0.0f;
            fd.material.restitution = 0.0f;
            fd.userData = reinterpret_cast<void*>(tag);
            fd.enablePreSolveEvents = tag != 0;
            const b2Polygon box = b2MakeBox(hw, hh);
            b2CreatePolygonShape(ground, &fd, &box);
            return sd.position.y + hh;
        };
        for (const TileRect& r : mergeTiles(scene.map, Tile::Solid, true)) {
            addRect(r, 0);
        }
        for (const TileRect& r : mergeTiles(scene.map, Tile::OneWay, false)) {
            const std::uintptr_t tag = (mCtx.oneWayTop.size() + 1) | kPlatformTag;
            mCtx.oneWayTop.push_back(addRect(r, tag));
        }

        const b2Polygon shape = b2MakeBox(scene.half.x / kPxPerMetre, scene.half.y / kPxPerMetre);
        mBodies.reserve(scene.spawns.size());
        for (std::size_t i = 0; i < scene.spawns.size(); ++i) {
            const Spawn& sp = scene.spawns[i];
            b2BodyDef bd = b2DefaultBodyDef();
            bd.type = b2_dynamicBody;
            bd.position = b2Vec2{sp.centre.x / kPxPerMetre, sp.centre.y / kPxPerMetre};
            bd.linearVelocity = b2Vec2{sp.velocity.x / kPxPerMetre, sp.velocity.y / kPxPerMetre};
            bd.motionLocks.angularZ = true;
            bd.enableSleep = false;
            bd.gravityScale = scene.gravity ? 1.0f : 0.0f;
            const b2BodyId b = b2CreateBody(mWorld, &bd);
            b2ShapeDef fd = b2DefaultShapeDef();
            fd.density = 1.0f;
            fd.material.friction = 0.0f;
            fd.material.restitution = scene.restitution;
            fd.userData = reinterpret_cast<void*>(static_cast<std::uintptr_t>(i + 1));
            b2CreatePolygonShape(b, &fd, &shape);
            mBodies.push_back(b);
        }
    }

    ~Box2d3Engine() override { b2DestroyWorld(mWorld); }
    Box2d3Engine(const Box2d3Engine&) = delete;
    Box2d3Engine& operator=(const Box2d3Engine&) = delete;

    // The character controller, outside the timed step (as for 2.4.1).
    void prepare(std::uint64_t k) override {
        const float maxFall = mScene.settings.maxFallSpeed / kPxPerMetre;
        for (int& d : mCtx.dropping) {
            d = std::max(d - 1, 0);
        }
        if (mScene.kind != SceneKind::Walkers) {
            if (mScene.gravity) {
                for (b2BodyId b : mBodies) {
                    const b2Vec2 v = b2Body_GetLinearVelocity(b);
                    if (v.y < -maxFall) {
                        b2Body_SetLinearVelocity(b, b2Vec2{v.x, -maxFall});
                    }
                }
            }
            return;
        }
        const float walk = mScene.settings.walkSpeed / kPxPerMetre;
        const float jump = mScene.settings.jumpSpeed / kPxPerMetre;
        for (std::size_t i = 0; i < mBodies.size(); ++i) {
            const b2BodyId b = mBodies[i];
            const Input in = walkerInput(mScene.seed, static_cast<std::uint32_t>(i), k);
            bool grounded = false;
            bool onOneWay = false;
            mContacts.resize(static_cast<std::size_t>(b2Body_GetContactCapacity(b)));
            const int n =
                b2Body_GetContactData(b, mContacts.data(), static_cast<int>(mContacts.size()));
            for (int c = 0; c < n; ++c) {
                const b2ContactData& cd = mContacts[static_cast<std::size_t>(c)];
                const b2Manifold& m = cd.manifold;
                float separation = 1e9f;
                for (int p = 0; p < m.pointCount; ++p) {
                    separation = std::min(separation, m.points[p].separation);
                }
                if (m.pointCount == 0 || separation > kTouchMetres) {
                    continue;
                }
                // The normal points from A to B: turn it into "from the other to me".
                const bool meIsB = B2_ID_EQUALS(b2Shape_GetBody(cd.shapeIdB), b);
                const float ny = meIsB ? m.normal.y : -m.normal.y;
                if (ny > 0.7f) {
                    grounded = true;
                    const b2ShapeId other = meIsB ? cd.shapeIdA : cd.shapeIdB;
                    onOneWay = onOneWay || (tagOf(other) & kPlatformTag) != 0;
                }
            }
            b2Vec2 v = b2Body_GetLinearVelocity(b);
            v.x = in.left ? -walk : (in.right ? walk : 0.0f);
            if (in.jump && grounded) {
                v.y = jump;
            }
            if (in.down && onOneWay) {
                mCtx.dropping[i] = kDropSteps;
            }
            v.y = std::max(v.y, -maxFall);
            b2Body_SetLinearVelocity(b, v);
        }
    }

    void step() override { b2World_Step(mWorld, mScene.settings.dt, kSubSteps); }

    // pairs_tested: contacts alive (broad-phase pairs whose fat boxes overlap,
    // tiles included); pairs_found: touching body-body contacts.
    void pairs(double& tested, double& found) override {
        tested = static_cast<double>(b2World_GetCounters(mWorld).contactCount);
        std::uint64_t n = 0;
        for (b2BodyId b : mBodies) {
            mContacts.resize(static_cast<std::size_t>(b2Body_GetContactCapacity(b)));
            const int k =
                b2Body_GetContactData(b, mContacts.data(), static_cast<int>(mContacts.size()));
            for (int c = 0; c < k; ++c) {
                const b2ContactData& cd = mContacts[static_cast<std::size_t>(c)];
                const std::uintptr_t ta = tagOf(cd.shapeIdA);
                const std::uintptr_t tb = tagOf(cd.shapeIdB);
                const bool bodies = ta != 0 && tb != 0 && ((ta | tb) & kPlatformTag) == 0;
                n += bodies ? 1 : 0;
            }
        }
        found = static_cast<double>(n / 2); // each body-body contact is seen from both sides
    }

    void boxes(std::vector<Aabb>& out) override {
        out.clear();
        out.reserve(mBodies.size());
        for (b2BodyId b : mBodies) {
            const b2Vec2 p = b2Body_GetPosition(b);
            out.push_back(Aabb{Vec2{p.x * kPxPerMetre, p.y * kPxPerMetre}, mScene.half});
        }
    }

private:
    const Scene& mScene;
    b2WorldId mWorld{};
    OneWayContext mCtx;
    std::vector<b2BodyId> mBodies;
    std::vector<b2ContactData> mContacts; ///< scratch
};

} // namespace

std::unique_ptr<Engine> makeBox2d3Engine(const Scene& scene, bool continuous) {
    return std::make_unique<Box2d3Engine>(scene, continuous);
}

#else

bool box2d3Available() {
    return false;
}

std::string box2d3Version() {
    return "absent";
}

std::unique_ptr<Engine> makeBox2d3Engine(const Scene&, bool) {
    return nullptr;
}

#endif

} // namespace ts::bench
