// The uniform-grid partition against a brute-force all-pairs test, and the
// overlapsSigned rules.
#include "testutil.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

using namespace ts;
using namespace tstest;

class TestPartition : public QObject {
    Q_OBJECT
private slots:
    void overlapsSignedRules_data();
    void overlapsSignedRules();
    void randomSequences_data();
    void randomSequences();
    void recordsAreSnapshots();
    void recordsMatchBruteForce_data();
    void recordsMatchBruteForce();
    void cellSizeDoesNotChangeResults();
};

void TestPartition::overlapsSignedRules_data() {
    QTest::addColumn<Aabb>("a");
    QTest::addColumn<Aabb>("b");
    QTest::addColumn<bool>("overlaps");
    QTest::addColumn<Vec2>("overlap");
    QTest::newRow("apart on x") << Aabb{{0, 0}, {1, 1}} << Aabb{{2.5f, 0}, {1, 1}} << false
                                << Vec2{};
    QTest::newRow("apart on y") << Aabb{{0, 0}, {1, 1}} << Aabb{{0, -2.01f}, {1, 1}} << false
                                << Vec2{};
    QTest::newRow("touching counts")
        << Aabb{{0, 0}, {1, 1}} << Aabb{{2, 0}, {1, 1}} << true << Vec2{-0.0f, 2};
    QTest::newRow("a left of b moves left")
        << Aabb{{0, 0}, {2, 2}} << Aabb{{3, 1}, {2, 2}} << true << Vec2{-1, -3};
    QTest::newRow("a right and above")
        << Aabb{{3, 1}, {2, 2}} << Aabb{{0, 0}, {2, 2}} << true << Vec2{1, 3};
    QTest::newRow("same centre: sign(0) = +1")
        << Aabb{{5, 5}, {2, 3}} << Aabb{{5, 5}, {1, 1}} << true << Vec2{3, 4};
    QTest::newRow("zero width never collides")
        << Aabb{{0, 0}, {0, 1}} << Aabb{{0, 0}, {1, 1}} << false << Vec2{};
    QTest::newRow("zero height never collides (b)")
        << Aabb{{0, 0}, {1, 1}} << Aabb{{0, 0}, {1, 0}} << false << Vec2{};
    QTest::newRow("large vs small inside")
        << Aabb{{0, 0}, {500, 500}} << Aabb{{100, -20}, {1, 1}} << true << Vec2{-401, 481};
}

void TestPartition::overlapsSignedRules() {
    QFETCH(Aabb, a);
    QFETCH(Aabb, b);
    QFETCH(bool, overlaps);
    QFETCH(Vec2, overlap);
    Vec2 o{123, 456};
    QCOMPARE(overlapsSigned(a, b, o), overlaps);
    if (overlaps) {
        QCOMPARE(o.x, overlap.x);
        QCOMPARE(o.y, overlap.y);
    }
}

namespace {

struct PairKey {
    std::uint32_t a, b;
    bool operator<(const PairKey& o) const { return a != o.a ? a < o.a : b < o.b; }
};

BodyDef randomBody(Rng& r, const TileMap& m) {
    const float w = m.size().x, h = m.size().y;
    BodyDef d;
    d.position = {r.uniform(-300.0f, w + 300.0f), r.uniform(-300.0f, h + 300.0f)};
    const int kind = r.range(0, 19);
    if (kind == 0) // larger than several cells
        d.halfSize = {r.uniform(100.0f, 400.0f), r.uniform(100.0f, 300.0f)};
    else if (kind == 1) // degenerate: never collides
        d.halfSize = {0.0f, r.uniform(1.0f, 8.0f)};
    else if (kind == 2) // far outside the map
        d.position = {r.uniform(-5000.0f, -1000.0f), r.uniform(-100.0f, h + 5000.0f)};
    else
        d.halfSize = {r.uniform(2.0f, 20.0f), r.uniform(2.0f, 20.0f)};
    if (r.range(0, 3) == 0) {
        d.shape = Shape::Circle;
        d.radius = r.uniform(2.0f, 24.0f);
    }
    // Snap some to whole pixels so exactly touching boxes occur.
    if (r.range(0, 1) == 0)
        d.position = {std::round(d.position.x), std::round(d.position.y)};
    d.velocity = {r.uniform(-600.0f, 600.0f), r.uniform(-600.0f, 600.0f)};
    d.gravity = false;
    d.collidesWithTiles = false;
    d.category = 0; // no impulses: positions after the step are the detected ones
    return d;
}

/// Every live body's collision records against a brute-force all-pairs test:
/// one record per overlapping body, ordered by the other body's slot, with the
/// overlap measured from this body. Returns the number of overlapping pairs.
std::size_t checkRecordsBruteForce(const World& w) {
    const std::vector<BodyId> ids = w.bodies();
    std::vector<Aabb> boxes;
    for (BodyId id : ids)
        boxes.push_back(view(w, id)->aabb);
    std::vector<std::vector<std::pair<std::uint32_t, Vec2>>> expected(ids.size());
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        for (std::size_t j = i + 1; j < ids.size(); ++j) {
            Vec2 o;
            if (!overlapsSigned(boxes[i], boxes[j], o))
                continue;
            expected[i].emplace_back(ids[j].index, o);
            expected[j].emplace_back(ids[i].index, -o);
            ++pairs;
        }
    }
    for (std::size_t i = 0; i < ids.size(); ++i) {
        std::sort(expected[i].begin(), expected[i].end(),
                  [](const auto& x, const auto& y) { return x.first < y.first; });
        const auto got = w.collisions(ids[i]);
        if (got.size() != expected[i].size())
            return ~std::size_t{0};
        for (std::size_t k = 0; k < got.size(); ++k) {
            if (got[k].other.index != expected[i][k].first || !w.isValid(got[k].other) ||
                got[k].overlap.x != expected[i][k].second.x ||
                got[k].overlap.y != expected[i][k].second.y)
                return ~std::size_t{0};
        }
    }
    return pairs;
}

} // namespace

void TestPartition::randomSequences_data() {
    QTest::addColumn<int>("seed");
    QTest::addColumn<int>("cellTiles");
    for (int seed = 1; seed <= 4; ++seed)
        for (int cell : {1, 4, 16})
            QTest::newRow(qPrintable(QString("seed %1 cell %2").arg(seed).arg(cell)))
                << seed << cell;
}

void TestPartition::randomSequences() {
    QFETCH(int, seed);
    QFETCH(int, cellTiles);
    Rng r(static_cast<std::uint64_t>(seed));
    TileMap m = makeMap(48, 24);
    WorldSettings s = noGravity();
    s.partitionCellTiles = cellTiles;
    World w(m, s);
    w.setDebugEnabled(true);
    std::vector<BodyId> live;
    for (int i = 0; i < 120; ++i)
        live.push_back(w.add(randomBody(r, m)));
    std::uint64_t totalPairs = 0;
    for (int stepNo = 0; stepNo < 120; ++stepNo) {
        const int ops = r.range(0, 8);
        for (int k = 0; k < ops; ++k) {
            const int op = r.range(0, 4);
            if (op == 0 || live.empty()) {
                live.push_back(w.add(randomBody(r, m)));
            } else if (op == 1) {
                const std::size_t at = static_cast<std::size_t>(r.range(0, int(live.size()) - 1));
                QVERIFY(w.remove(live[at]));
                QVERIFY(!w.isValid(live[at]));
                live.erase(live.begin() + static_cast<std::ptrdiff_t>(at));
            } else if (op == 2) {
                const BodyId id = live[static_cast<std::size_t>(r.range(0, int(live.size()) - 1))];
                w.setPosition(id, randomBody(r, m).position);
            } else if (op == 3) {
                const BodyId id = live[static_cast<std::size_t>(r.range(0, int(live.size()) - 1))];
                w.setScale(id, {r.uniform(0.2f, 6.0f), r.uniform(0.2f, 6.0f)});
            } else {
                const BodyId id = live[static_cast<std::size_t>(r.range(0, int(live.size()) - 1))];
                w.setVelocity(id, {r.uniform(-900.0f, 900.0f), r.uniform(-900.0f, 900.0f)});
            }
        }
        if (stepNo == 60) { // rebuild with another cell size mid-run
            WorldSettings s2 = w.settings();
            s2.partitionCellTiles = cellTiles == 16 ? 3 : cellTiles * 2;
            w.setSettings(s2);
        }
        w.step();

        // Brute force over the live bodies, in slot order.
        const std::vector<BodyId> ids = w.bodies();
        QCOMPARE(ids.size(), live.size());
        std::map<PairKey, Vec2> expected;
        std::map<std::uint32_t, int> degree;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            for (std::size_t j = i + 1; j < ids.size(); ++j) {
                Vec2 o;
                if (overlapsSigned(view(w, ids[i])->aabb, view(w, ids[j])->aabb, o)) {
                    expected[{ids[i].index, ids[j].index}] = o;
                    ++degree[ids[i].index];
                    ++degree[ids[j].index];
                }
            }
        }
        std::map<PairKey, Vec2> found;
        for (const PairDebug& p : w.debug().pairs) {
            QVERIFY(w.isValid(p.a) && w.isValid(p.b));
            const PairKey key{std::min(p.a.index, p.b.index), std::max(p.a.index, p.b.index)};
            QVERIFY2(found.find(key) == found.end(), "duplicate pair");
            found[key] = p.a.index < p.b.index ? p.overlap : -p.overlap;
        }
        QCOMPARE(found.size(), expected.size());
        QCOMPARE(w.stats().pairsFound, std::uint64_t(expected.size()));
        QVERIFY(w.stats().pairsTested >= w.stats().pairsFound);
        for (const auto& [key, o] : expected) {
            const auto it = found.find(key);
            QVERIFY2(it != found.end(),
                     qPrintable(QString("missed pair %1-%2").arg(key.a).arg(key.b)));
            QCOMPARE(it->second.x, o.x);
            QCOMPARE(it->second.y, o.y);
        }
        for (BodyId id : ids)
            QCOMPARE(int(w.collisions(id).size()), degree[id.index]);
        QCOMPARE(checkRecordsBruteForce(w), expected.size()); // contents and order too
        totalPairs += expected.size();
    }
    QVERIFY(totalPairs > 100); // the scene really produced overlaps
}

void TestPartition::recordsAreSnapshots() {
    TileMap m = makeMap(20, 20);
    World w(m, noGravity());
    const BodyId a = w.add(box({100, 100}, {60, 0}));
    const BodyId b = w.add(box({114, 103}, {-60, 0}));
    const BodyId c = w.add(box({300, 300}));
    w.step();
    const auto ra = w.collisions(a);
    QCOMPARE(ra.size(), std::size_t(1));
    QCOMPARE(ra[0].other, b);
    QCOMPARE(ra[0].oldPosition1, (Vec2{100, 100}));
    QCOMPARE(ra[0].oldPosition2, (Vec2{114, 103}));
    QCOMPARE(ra[0].speed1, (Vec2{60, 0}));
    QCOMPARE(ra[0].speed2, (Vec2{-60, 0}));
    QVERIFY(ra[0].overlap.x < 0 && ra[0].overlap.y < 0); // a is left of and below b
    const auto rb = w.collisions(b);
    QCOMPARE(rb.size(), std::size_t(1));
    QCOMPARE(rb[0].other, a);
    QCOMPARE(rb[0].overlap, -ra[0].overlap);
    QCOMPARE(rb[0].position2, ra[0].position1);
    QVERIFY(w.collisions(c).empty());
    // Cleared every step: move them apart and step again.
    w.setPosition(b, {200, 200});
    w.step();
    QVERIFY(w.collisions(a).empty());
    QVERIFY(w.collisions(b).empty());
    QVERIFY(w.collisions(BodyId{}).empty());
}

namespace {

/// A crowded mixed scene under gravity: boxes of many sizes (some spanning several
/// cells of every grid tried), circles, characters with seeded inputs, static
/// bodies, a floor, a one-way platform and a wall.
World crowdWorld(int cellTiles) {
    TileMap m = makeMap(40, 24);
    fillRow(m, 0, Tile::Solid);
    fillRow(m, 7, Tile::OneWay, 4, 20);
    fillColumn(m, 30, Tile::Solid, 1, 6);
    WorldSettings s;
    s.partitionCellTiles = cellTiles;
    World w(m, s);
    Rng r(5);
    for (int i = 0; i < 260; ++i) {
        const float x = r.uniform(20, 620);
        const float y = r.uniform(20, 370);
        BodyDef d = box({x, y}, {}, {r.uniform(3, 9), r.uniform(3, 9)});
        if (i % 23 == 0)
            d.halfSize = {r.uniform(30, 70), r.uniform(10, 40)};
        if (i % 4 == 0) {
            d.shape = Shape::Circle;
            d.radius = r.uniform(3, 8);
        }
        d.control = i % 6 == 0 ? Control::Character : Control::None;
        d.mass = i % 17 == 0 ? 0.0f : r.uniform(0.5f, 2.0f);
        d.gravity = d.mass != 0.0f;
        d.restitution = r.uniform(0, 0.5f);
        w.add(d);
    }
    return w;
}

void crowdInputs(World& w, std::uint64_t stepNo) {
    Rng r(stepNo / 15 + 100);
    for (BodyId id : w.bodies()) {
        Input in;
        in.left = r.range(0, 2) == 0;
        in.right = r.range(0, 1) == 0;
        in.jump = r.range(0, 5) == 0;
        w.setInput(id, in);
    }
}

/// Every body's collision records, in the order collisions() gives them.
std::vector<std::pair<std::uint32_t, Vec2>> allRecords(const World& w) {
    std::vector<std::pair<std::uint32_t, Vec2>> out;
    for (BodyId id : w.bodies())
        for (const CollisionRecord& c : w.collisions(id))
            out.emplace_back(c.other.index, c.overlap);
    return out;
}

} // namespace

void TestPartition::recordsMatchBruteForce_data() {
    QTest::addColumn<int>("bodies");
    QTest::addColumn<int>("clusters");
    // Few overlaps among many bodies (most slots without records, reused slots
    // among them) and a crowd (most bodies with several records).
    QTest::newRow("sparse") << 1200 << 6;
    // Over 2^11 slots with few pairs: the pair sort's radix path takes two passes.
    QTest::newRow("sparse, many slots") << 5000 << 8;
    QTest::newRow("crowded") << 300 << 300;
}

void TestPartition::recordsMatchBruteForce() {
    QFETCH(int, bodies);
    QFETCH(int, clusters);
    TileMap m = makeMap(160, 80);
    World w(m, noGravity());
    Rng r(11);
    // A lattice of small boxes 20 px apart (no overlaps), some slots freed and
    // reused, then a few clusters of boxes piled onto lattice points.
    std::vector<BodyId> ids;
    for (int i = 0; i < bodies; ++i) {
        BodyDef d =
            box({30.0f + 20.0f * float(i % 100), 30.0f + 20.0f * float(i / 100)}, {}, {4.0f, 4.0f});
        d.gravity = false;
        d.collidesWithTiles = false;
        d.category = 0; // no impulses: the records are the detected overlaps
        ids.push_back(w.add(d));
    }
    for (int i = 0; i < bodies; i += 7)
        QVERIFY(w.remove(ids[static_cast<std::size_t>(i)]));
    for (int c = 0; c < clusters; ++c) {
        const int at = r.range(0, bodies - 1);
        for (int k = 0; k < 3; ++k) {
            BodyDef d = box({30.0f + 20.0f * float(at % 100) + r.uniform(-6.0f, 6.0f),
                             30.0f + 20.0f * float(at / 100) + r.uniform(-6.0f, 6.0f)},
                            {}, {r.uniform(2.0f, 7.0f), r.uniform(2.0f, 7.0f)});
            d.gravity = false;
            d.collidesWithTiles = false;
            d.category = 0;
            w.add(d);
        }
    }
    std::size_t total = 0;
    w.setDebugEnabled(true);
    for (int stepNo = 0; stepNo < 3; ++stepNo) {
        w.step();
        const std::size_t pairs = checkRecordsBruteForce(w);
        QVERIFY2(pairs != ~std::size_t{0}, "records differ from the brute-force pairs");
        QCOMPARE(w.stats().pairsFound, std::uint64_t(pairs));
        total += pairs;
        // The pairs come in canonical (lower slot, higher slot) order, whichever
        // way the broad phase sorted them.
        const std::vector<PairDebug>& dp = w.debug().pairs;
        QCOMPARE(dp.size(), pairs);
        for (std::size_t k = 0; k < dp.size(); ++k) {
            QVERIFY(dp[k].a.index < dp[k].b.index);
            if (k > 0)
                QVERIFY2(dp[k - 1].a.index < dp[k].a.index || (dp[k - 1].a.index == dp[k].a.index &&
                                                               dp[k - 1].b.index < dp[k].b.index),
                         "pairs out of (lower slot, higher slot) order");
        }
    }
    QVERIFY(total >= std::size_t(clusters)); // the clusters really overlap
}

void TestPartition::cellSizeDoesNotChangeResults() {
    // The broad phase sorts its pairs into (lower slot, higher slot) order, so the
    // grid's cell size changes only the cost: states, records and debug pairs are
    // bit-identical for every cell size, also when it changes mid-run.
    constexpr int kSteps = 300;
    std::vector<std::uint64_t> refHash;
    std::vector<std::vector<std::pair<std::uint32_t, Vec2>>> refRecords;
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> refDebug;
    std::uint64_t pairsSeen = 0;
    for (int cell : {4, 1, 3, 16, 64, -1}) {
        World w = crowdWorld(cell > 0 ? cell : 2);
        w.setDebugEnabled(true);
        std::size_t k = 0;
        for (int stepNo = 0; stepNo < kSteps; ++stepNo) {
            if (cell < 0 && stepNo % 50 == 25) { // -1: the cell size changes every 50 steps
                WorldSettings s = w.settings();
                s.partitionCellTiles = 1 + (stepNo / 50) % 7;
                QVERIFY(w.setSettings(s));
            }
            crowdInputs(w, w.stepCount());
            w.step();
            if (stepNo % 20 != 19)
                continue;
            std::vector<std::pair<std::uint32_t, std::uint32_t>> dbg;
            for (const PairDebug& p : w.debug().pairs)
                dbg.emplace_back(p.a.index, p.b.index);
            if (cell == 4) {
                refHash.push_back(w.stateHash());
                refRecords.push_back(allRecords(w));
                refDebug.push_back(dbg);
                pairsSeen += dbg.size();
            } else {
                QCOMPARE(w.stateHash(), refHash[k]);
                QVERIFY2(
                    allRecords(w) == refRecords[k],
                    qPrintable(QString("records differ, cell %1 step %2").arg(cell).arg(stepNo)));
                QVERIFY2(dbg == refDebug[k],
                         qPrintable(
                             QString("pair order differs, cell %1 step %2").arg(cell).arg(stepNo)));
            }
            ++k;
        }
    }
    QVERIFY(pairsSeen > 1000); // the scene is crowded: many contacts to order
}

QTEST_GUILESS_MAIN(TestPartition)
#include "test_partition.moc"
