// The reachability search on several threads: the same states, routes, counts
// and progress reports as on one thread, bit for bit; the state limit and
// cancellation with helpers running; and the threads it says it used.
#include "tilesmith/level/reach.h"

#include "bandlevel.h"

#include <QTest>

#include <tuple>
#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

using Report = std::tuple<std::size_t, std::size_t, std::size_t>; // explored, queued, surfaces

struct Run {
    ReachResult result;
    std::vector<Report> reports;
};

Run search(const Level& l, int threads, std::size_t maxStates = ReachOptions{}.maxStates) {
    Run run;
    ReachOptions o;
    o.threads = threads;
    o.maxStates = maxStates;
    o.progressInterval = 1000;
    o.progress = [&](const ReachProgress& p) {
        run.reports.emplace_back(p.statesExplored, p.statesQueued, p.surfaces);
    };
    run.result = findReachable(l, o);
    return run;
}

/// Everything a caller can read of two results is equal.
void compareResults(const Level& l, const Run& a, const Run& b) {
    QCOMPARE(b.result.statesExplored(), a.result.statesExplored());
    QCOMPARE(b.result.physicsSteps(), a.result.physicsSteps());
    QCOMPARE(b.result.complete(), a.result.complete());
    QCOMPARE(b.result.cancelled(), a.result.cancelled());
    QCOMPARE(b.reports, a.reports);
    const std::vector<LevelTile> surfaces = a.result.surfaces();
    QCOMPARE(b.result.surfaces(), surfaces);
    for (const LevelTile& t : surfaces) {
        const std::optional<Route> ra = a.result.routeToSurface(t.x, t.y);
        const std::optional<Route> rb = b.result.routeToSurface(t.x, t.y);
        QVERIFY(ra && rb);
        QCOMPARE(rb->steps, ra->steps);
        QCOMPARE(rb->script.ranges, ra->script.ranges);
    }
    for (const Spawn& s : l.spawns) {
        QCOMPARE(b.result.spawnReached(s.id), a.result.spawnReached(s.id));
        const std::optional<Route> ra = a.result.routeToSpawn(s.id);
        const std::optional<Route> rb = b.result.routeToSpawn(s.id);
        QCOMPARE(bool(rb), bool(ra));
        if (ra) {
            QCOMPARE(rb->steps, ra->steps);
            QCOMPARE(rb->script.ranges, ra->script.ranges);
        }
    }
}

} // namespace

class TestReachThreads : public QObject {
    Q_OBJECT

private slots:
    void sameResultOnEveryThreadCount() {
        const Level l = ts::test::bandLevel(48);
        const Run one = search(l, 1);
        QCOMPARE(one.result.threads(), 1);
        // Big enough for many batches of 1024 states, each shared with the helpers.
        QVERIFY2(one.result.statesExplored() > 10'000,
                 qPrintable(QString::number(one.result.statesExplored())));
        QVERIFY(one.result.complete());
        QVERIFY(one.reports.size() > 10);
        for (int threads : {2, 3, 8}) {
            const Run many = search(l, threads);
            QCOMPARE(many.result.threads(), threads);
            compareResults(l, one, many);
            if (QTest::currentTestFailed())
                qFatal("differs on %d threads", threads);
        }
    }

    void stateLimitWithHelpers() {
        const Level l = ts::test::bandLevel(48);
        // Not a multiple of the batch: the last batch is cut to the limit.
        const std::size_t limit = 5'000;
        const Run one = search(l, 1, limit);
        const Run two = search(l, 2, limit);
        QCOMPARE(two.result.statesExplored(), limit);
        QVERIFY(!two.result.complete());
        QVERIFY(!two.result.cancelled());
        compareResults(l, one, two);
    }

    void cancelWithHelpers() {
        const Level l = ts::test::bandLevel(48);
        const Run full = search(l, 2);
        int polls = 0;
        ReachOptions o;
        o.threads = 2;
        o.cancelled = [&] { return ++polls > 8; };
        const ReachResult cut = findReachable(l, o);
        QVERIFY(cut.cancelled());
        QVERIFY(!cut.complete());
        QVERIFY(cut.statesExplored() > 0);
        QVERIFY(cut.statesExplored() < full.result.statesExplored());
        // Polled before each batch of at most 1024 states.
        QVERIFY(cut.statesExplored() <= 8u * 1024u);
        QCOMPARE(polls, 9);
    }

    void smallSearchStaysOnTheCallingThread() {
        // A search that never has 64 states queued gives none to helpers.
        Level l = Level::make(6, 4, 16);
        for (int x = 0; x < 6; ++x)
            l.setTile(x, 3, Tile::Solid);
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 2));
        ReachOptions o;
        o.threads = 4;
        const ReachResult r = findReachable(l, o);
        QVERIFY(r.complete());
        QCOMPARE(r.threads(), 1);
    }
};

QTEST_APPLESS_MAIN(TestReachThreads)
#include "test_reach_threads.moc"
