// The fast reachability search against its exhaustive mode (every input every
// step, sub-pixel merge grid) on a corpus of small generated levels: random tile
// layouts with one-way platforms and one-tile holes, random spawns and random
// physics settings (dt 1/30 - 1/240, walk_speed 40 - 400, gravity down to 60,
// max_fall_speed down to 40). Every surface and goal the exhaustive search finds,
// the fast one must find too, and every goal route the fast one gives must reach
// its goal when run. The same corpus on every machine (its own generator).
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"

#include "reachreplay.h"

#include <QTest>

#include <algorithm>
#include <cstdint>
#include <string>

using namespace ts;
using namespace ts::level;

namespace {

/// A linear congruential sequence: the same corpus everywhere.
class Sequence {
public:
    explicit Sequence(std::uint32_t seed) : mState(seed) {}
    int below(int n) {
        mState = mState * 1664525u + 1013904223u;
        return static_cast<int>((mState >> 8) % static_cast<std::uint32_t>(n));
    }
    float between(float lo, float hi) {
        return lo + (hi - lo) * static_cast<float>(below(10001)) / 10000.0f;
    }

private:
    std::uint32_t mState;
};

/// A small level: a floor with holes, platforms of solid and one-way tiles, the
/// player on a free standable tile, three goals in empty tiles.
Level generate(std::uint32_t seed) {
    Sequence r(seed);
    const int w = 7 + r.below(3), h = 6;
    Level l = Level::make(w, h, 16);
    for (int x = 0; x < w; ++x)
        l.setTile(x, h - 1,
                  r.below(7) == 0 ? (r.below(2) ? Tile::OneWay : Tile::Empty) : Tile::Solid);
    for (int y = 1; y < h - 2; ++y) {
        for (int x = r.below(3); x < w;) {
            const int len = 1 + r.below(4);
            const int kind = r.below(5);
            if (kind <= 2) {
                const Tile t = kind == 0 ? Tile::OneWay : Tile::Solid;
                for (int k = 0; k < len && x + k < w; ++k)
                    l.setTile(x + k, y, t);
            }
            x += len + 1 + r.below(3);
        }
    }
    // The player on a standable tile with room above it.
    std::vector<std::pair<int, int>> spots;
    for (int y = 1; y < h - 1; ++y)
        for (int x = 0; x < w; ++x)
            if (l.tile(x, y) == Tile::Empty && l.tile(x, y - 1) == Tile::Empty &&
                l.tile(x, y + 1) != Tile::Empty)
                spots.push_back({x, y});
    if (spots.empty()) {
        l.setTile(1, h - 1, Tile::Solid);
        l.setTile(1, h - 2, Tile::Empty);
        l.setTile(1, h - 3, Tile::Empty);
        spots.push_back({1, h - 2});
    }
    const auto [px, py] = spots[std::size_t(r.below(int(spots.size())))];
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, px, py));
    for (int id = 2; id <= 4; ++id) {
        const int x = r.below(w), y = 1 + r.below(h - 2);
        if (l.tile(x, y) == Tile::Empty && !(x == px && y == py))
            l.spawns.push_back(l.defaultSpawn(SpawnKind::Goal, id, x, y));
    }
    static const float kDt[] = {1.0f / 30.0f, 1.0f / 60.0f, 1.0f / 60.0f, 1.0f / 144.0f,
                                1.0f / 240.0f};
    l.physics.dt = kDt[r.below(5)];
    l.physics.walkSpeed = r.between(40, 400);
    l.physics.gravity = r.below(4) == 0 ? r.between(60, 300) : r.between(300, 2500);
    l.physics.maxFallSpeed = r.below(4) == 0 ? r.between(40, 120) : r.between(120, 900);
    // A jump that rises one to four tiles at this gravity.
    const float rise = r.between(20, 70);
    l.physics.jumpSpeed = std::sqrt(2.0f * l.physics.gravity * rise);
    return l;
}

} // namespace

class TestReachCorpus : public QObject {
    Q_OBJECT
private slots:
    void fastFindsWhatExhaustiveFinds() {
        // TILESMITH_REACH_CORPUS=N runs N levels instead of the 16 CI runs, from
        // seed TILESMITH_REACH_CORPUS_FROM (1 unless set).
        const int count = std::max(1, qEnvironmentVariableIntValue("TILESMITH_REACH_CORPUS"));
        const int levels = qEnvironmentVariableIsSet("TILESMITH_REACH_CORPUS") ? count : 16;
        const auto first =
            std::uint32_t(std::max(1, qEnvironmentVariableIntValue("TILESMITH_REACH_CORPUS_FROM")));
        ReachOptions exhaustive;
        exhaustive.exhaustive = true;
        exhaustive.maxStates = 2'000'000;
        int surfaces = 0, goals = 0, missedSurfaces = 0, fastExtra = 0;
        std::size_t fastStates = 0, slowStates = 0;
        for (std::uint32_t seed = first; seed < first + std::uint32_t(levels); ++seed) {
            const Level l = generate(seed);
            const auto problems = validateLevel(l);
            QVERIFY2(problems.empty(), problems.empty() ? "" : problems[0].toString().c_str());
            const QString where = QStringLiteral("seed %1 (walk %2, dt 1/%3, gravity %4, fall %5)")
                                      .arg(seed)
                                      .arg(double(l.physics.walkSpeed))
                                      .arg(double(1.0f / l.physics.dt))
                                      .arg(double(l.physics.gravity))
                                      .arg(double(l.physics.maxFallSpeed));
            const ReachResult slow = findReachable(l, exhaustive);
            QVERIFY2(slow.finished(), qPrintable(where + ": the exhaustive search did not finish"));
            const ReachResult fast = findReachable(l);
            QVERIFY(fast.finished());
            fastStates += fast.statesExplored();
            if (qEnvironmentVariableIsSet("TILESMITH_REACH_CORPUS_VERBOSE"))
                qInfo("%s: %zu states exhaustive, %zu fast", qPrintable(where),
                      slow.statesExplored(), fast.statesExplored());
            slowStates += slow.statesExplored();
            for (const LevelTile& t : slow.surfaces()) {
                ++surfaces;
                if (!fast.standable(t.x, t.y)) {
                    ++missedSurfaces;
                    qInfo("%s: surface %d, %d missed", qPrintable(where), t.x, t.y);
                }
            }
            for (const LevelTile& t : fast.surfaces())
                fastExtra += !slow.standable(t.x, t.y);
            for (const Spawn& s : l.spawns) {
                if (s.kind != SpawnKind::Goal)
                    continue;
                if (slow.spawnReached(s.id)) {
                    ++goals;
                    QVERIFY2(fast.spawnReached(s.id),
                             qPrintable(where + QStringLiteral(": goal %1 missed").arg(s.id)));
                }
                if (fast.spawnReached(s.id)) {
                    const std::optional<Route> route = fast.routeToSpawn(s.id);
                    QVERIFY(route);
                    QCOMPARE(ts::test::replayGoal(l, s.id, *route), route->steps);
                }
            }
        }
        qInfo("%d levels: the exhaustive search found %d surfaces and %d goals in %zu states; "
              "the fast one found every goal and all but %d of the surfaces (and %d it did not) "
              "in %zu states",
              levels, surfaces, goals, slowStates, missedSurfaces, fastExtra, fastStates);
        QVERIFY2(missedSurfaces == 0,
                 qPrintable(
                     QStringLiteral("%1 of %2 surfaces missed").arg(missedSurfaces).arg(surfaces)));
    }
};

QTEST_GUILESS_MAIN(TestReachCorpus)
#include "test_reach_corpus.moc"
