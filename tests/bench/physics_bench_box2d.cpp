// physics_bench: the same scenes in Box2D 2.4.1, set up for a like-for-like comparison: fixed
// rotation, friction 0, sleeping off, 8 velocity and 3 position iterations, solid
// tiles merged into static boxes (horizontal runs per row, then equal runs merged
// vertically). One-way tiles are static boxes (horizontal runs) made one-way by a
// pre-solve contact listener, the faithful port of our one-way rule.
#include "physics_bench_box2d.h"

#if TILESMITH_BENCH_HAVE_BOX2D
#include <box2d/box2d.h>
#endif

#include <algorithm>
#include <cmath>
#include <vector>

namespace ts::bench {

#if TILESMITH_BENCH_HAVE_BOX2D

bool box2dAvailable() {
    return true;
}

const char* box2dVersion() {
    return TILESMITH_BENCH_BOX2D_VERSION;
}

namespace {

// Box2D works in metres and is tuned for objects of 0.1 - 10 m: one 16 px tile
// is one metre, so a 10 px body is 0.625 m and the fastest fall (720 px/s =
// 0.75 m per step) stays well under b2_maxTranslation (2 m per step).
constexpr float kPxPerMetre = 16.0f;
constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;
constexpr int kDropSteps = 10; // steps a walker ignores one-way platforms after "down"

struct OneWayListener final : b2ContactListener {
    std::vector<float> oneWayTop; ///< per one-way fixture (user data = index + 1), metres
    std::vector<int>* dropping = nullptr;
    float halfHeight = 0;      ///< bodies' half height, metres
    float thresholdMetres = 0; ///< the one-way threshold (2 px)
    float dt = 0;

    // Our rule: a one-way tile holds a body only when it comes from above within
    // threshold + this step's fall; never while it moves up or drops through.
    void PreSolve(b2Contact* contact, const b2Manifold*) override {
        b2Fixture* fa = contact->GetFixtureA();
        b2Fixture* fb = contact->GetFixtureB();
        b2Fixture* platform = nullptr;
        b2Body* body = nullptr;
        if (fa->GetUserData().pointer != 0) {
            platform = fa;
            body = fb->GetBody();
        } else if (fb->GetUserData().pointer != 0) {
            platform = fb;
            body = fa->GetBody();
        } else {
            return;
        }
        const float top = oneWayTop[platform->GetUserData().pointer - 1];
        const b2Vec2 v = body->GetLinearVelocity();
        const float bottom = body->GetPosition().y - halfHeight;
        const std::uintptr_t id = body->GetUserData().pointer;
        const bool drops = id != 0 && (*dropping)[id - 1] > 0;
        const float fall = std::max(0.0f, -v.y * dt);
        if (drops || v.y > 0 || bottom < top - thresholdMetres - fall) {
            contact->SetEnabled(false);
        }
    }
};

class Box2dEngine final : public Engine {
public:
    Box2dEngine(const Scene& scene, bool continuous)
        : mScene(scene), mWorld(b2Vec2(0.0f, -scene.settings.gravity / kPxPerMetre)) {
        mWorld.SetAllowSleeping(false);
        mWorld.SetContinuousPhysics(continuous);
        mWorld.SetContactListener(&mListener);
        mDropping.assign(scene.spawns.size(), 0);
        mListener.dropping = &mDropping;
        mListener.halfHeight = scene.half.y / kPxPerMetre;
        mListener.thresholdMetres = scene.settings.oneWayThreshold / kPxPerMetre;
        mListener.dt = scene.settings.dt;

        // Terrain: one static body per merged tile rectangle. (A single static
        // body holding every fixture would make Box2D quadratic: b2ContactManager::
        // AddPair walks a body's whole contact list, and that body would touch
        // every resting box.)
        const float ts = scene.map.tileSize() / kPxPerMetre;
        const Vec2 org = scene.map.origin();
        const auto addRect = [&](const TileRect& r, std::uintptr_t userData) {
            b2PolygonShape box;
            const float hw = 0.5f * static_cast<float>(r.x1 - r.x0) * ts;
            const float hh = 0.5f * static_cast<float>(r.y1 - r.y0) * ts;
            const b2Vec2 c(org.x / kPxPerMetre + static_cast<float>(r.x0) * ts + hw,
                           org.y / kPxPerMetre + static_cast<float>(r.y0) * ts + hh);
            box.SetAsBox(hw, hh);
            b2BodyDef sd;
            sd.type = b2_staticBody;
            sd.position = c;
            b2Body* ground = mWorld.CreateBody(&sd);
            b2FixtureDef fd;
            fd.shape = &box;
            fd.friction = 0.0f;
            fd.restitution = 0.0f;
            fd.userData.pointer = userData;
            ground->CreateFixture(&fd);
            return c.y + hh;
        };
        for (const TileRect& r : mergeTiles(scene.map, Tile::Solid, true)) {
            addRect(r, 0);
        }
        for (const TileRect& r : mergeTiles(scene.map, Tile::OneWay, false)) {
            const std::uintptr_t id = mListener.oneWayTop.size() + 1;
            mListener.oneWayTop.push_back(0);
            mListener.oneWayTop.back() = addRect(r, id);
        }

        b2PolygonShape shape;
        shape.SetAsBox(scene.half.x / kPxPerMetre, scene.half.y / kPxPerMetre);
        mBodies.reserve(scene.spawns.size());
        for (std::size_t i = 0; i < scene.spawns.size(); ++i) {
            const Spawn& sp = scene.spawns[i];
            b2BodyDef bd;
            bd.type = b2_dynamicBody;
            bd.position.Set(sp.centre.x / kPxPerMetre, sp.centre.y / kPxPerMetre);
            bd.linearVelocity.Set(sp.velocity.x / kPxPerMetre, sp.velocity.y / kPxPerMetre);
            bd.fixedRotation = true;
            bd.allowSleep = false;
            bd.gravityScale = scene.gravity ? 1.0f : 0.0f;
            bd.userData.pointer = i + 1;
            b2Body* b = mWorld.CreateBody(&bd);
            b2FixtureDef fd;
            fd.shape = &shape;
            fd.density = 1.0f;
            fd.friction = 0.0f;
            fd.restitution = scene.restitution;
            b->CreateFixture(&fd);
            mBodies.push_back(b);
        }
    }

    // The character controller, outside the timed step (this favours Box2D):
    // x speed from the input, jump speed when a touching contact pushes the body
    // up, "down" on a one-way platform starts a drop-through, fall speed capped
    // as our world caps it.
    void prepare(std::uint64_t k) override {
        const float maxFall = mScene.settings.maxFallSpeed / kPxPerMetre;
        for (int& d : mDropping) {
            d = std::max(d - 1, 0);
        }
        if (mScene.kind != SceneKind::Walkers) {
            if (mScene.gravity) {
                for (b2Body* b : mBodies) {
                    const b2Vec2 v = b->GetLinearVelocity();
                    if (v.y < -maxFall) {
                        b->SetLinearVelocity(b2Vec2(v.x, -maxFall));
                    }
                }
            }
            return;
        }
        const float walk = mScene.settings.walkSpeed / kPxPerMetre;
        const float jump = mScene.settings.jumpSpeed / kPxPerMetre;
        for (std::size_t i = 0; i < mBodies.size(); ++i) {
            b2Body* b = mBodies[i];
            const Input in = walkerInput(mScene.seed, static_cast<std::uint32_t>(i), k);
            bool grounded = false;
            bool onOneWay = false;
            for (b2ContactEdge* e = b->GetContactList(); e != nullptr; e = e->next) {
                b2Contact* c = e->contact;
                if (!c->IsTouching() || !c->IsEnabled()) {
                    continue;
                }
                b2WorldManifold wm;
                c->GetWorldManifold(&wm);
                // The normal points from A to B: turn it into "from the other to me".
                const bool meIsB = c->GetFixtureB()->GetBody() == b;
                const float ny = meIsB ? wm.normal.y : -wm.normal.y;
                if (ny > 0.7f) {
                    grounded = true;
                    b2Fixture* other = meIsB ? c->GetFixtureA() : c->GetFixtureB();
                    onOneWay = onOneWay || other->GetUserData().pointer != 0;
                }
            }
            b2Vec2 v = b->GetLinearVelocity();
            v.x = in.left ? -walk : (in.right ? walk : 0.0f);
            if (in.jump && grounded) {
                v.y = jump;
            }
            if (in.down && onOneWay) {
                mDropping[i] = kDropSteps;
            }
            v.y = std::max(v.y, -maxFall);
            b->SetLinearVelocity(v);
        }
    }

    void step() override {
        mWorld.Step(mScene.settings.dt, kVelocityIterations, kPositionIterations);
    }

    // pairs_tested: contacts alive (broad-phase pairs whose fat AABBs overlap,
    // tiles included); pairs_found: touching body-body contacts.
    void pairs(double& tested, double& found) override {
        tested = static_cast<double>(mWorld.GetContactCount());
        std::uint64_t n = 0;
        for (b2Contact* c = mWorld.GetContactList(); c != nullptr; c = c->GetNext()) {
            if (c->IsTouching() && c->GetFixtureA()->GetBody()->GetType() == b2_dynamicBody &&
                c->GetFixtureB()->GetBody()->GetType() == b2_dynamicBody) {
                ++n;
            }
        }
        found = static_cast<double>(n);
    }

    void boxes(std::vector<Aabb>& out) override {
        out.clear();
        out.reserve(mBodies.size());
        for (b2Body* b : mBodies) {
            const b2Vec2 p = b->GetPosition();
            out.push_back(Aabb{Vec2{p.x * kPxPerMetre, p.y * kPxPerMetre}, mScene.half});
        }
    }

private:
    const Scene& mScene;
    b2World mWorld;
    OneWayListener mListener;
    std::vector<b2Body*> mBodies;
    std::vector<int> mDropping;
};

} // namespace

std::unique_ptr<Engine> makeBox2dEngine(const Scene& scene, bool continuous) {
    return std::make_unique<Box2dEngine>(scene, continuous);
}

#else

bool box2dAvailable() {
    return false;
}

const char* box2dVersion() {
    return "absent";
}

std::unique_ptr<Engine> makeBox2dEngine(const Scene&, bool) {
    return nullptr;
}

#endif

} // namespace ts::bench
