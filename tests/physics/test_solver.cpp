// The velocity passes four contacts at a time (physics/src/contact_groups.h):
// they must give bit for bit what the passes in contact order give, whether the
// solve groups its contacts, the next resting pass reuses the groups, bodies are
// touched in between or the world is copied; and scenes that settle stay on the
// passes in contact order.
#include "crowdcase.h"
#include "testutil.h"

#include <QtTest/QtTest>

using namespace ts;
using namespace tstest;

namespace {

// crowdCaseWorld()'s state hash after kCrowdCaseSteps, recorded with the
// velocity passes in contact order only (before the grouped passes existed),
// per physics revision. When kPhysicsRevision changes, record the new one the
// same way: with grouping switched off (kMinGrouped in step_solve.cpp set past
// any contact count), never from a run that groups.
struct CrowdHash {
    int revision;
    std::uint64_t hash;
};
constexpr CrowdHash kCrowdHashes[] = {
    {7, 0x2dc0900b5fb6ce71ull},
    {8, 0x2dc0900b5fb6ce71ull}, // no tile is set in the crowd: as revision 7
};

std::uint64_t recordedCrowdHash() {
    for (const CrowdHash& c : kCrowdHashes)
        if (c.revision == kPhysicsRevision)
            return c.hash;
    return 0;
}

} // namespace

class TestSolver : public QObject {
    Q_OBJECT
private slots:
    void groupedPassesKeepContactOrder();
    void copiedWorldContinuesTheSame();
    void settlingPileStaysInContactOrder();
};

void TestSolver::groupedPassesKeepContactOrder() {
    World w = crowdCaseWorld();
    int groupedSteps = 0;
    int restingReused = 0; // steps whose resting pass ran grouped from its first pass
    std::uint32_t maxPasses = 0;
    for (int i = 0; i < kCrowdCaseSteps; ++i) {
        crowdCaseInputs(w, w.stepCount());
        w.step();
        const StepStats& s = w.stats();
        QVERIFY(s.groupedPasses <= s.velocityPasses);
        maxPasses = std::max(maxPasses, s.velocityPasses);
        if (s.groupedPasses > 0)
            ++groupedSteps;
        if (s.groupedPasses > static_cast<std::uint32_t>(w.settings().solverIterations))
            ++restingReused;
    }
    QVERIFY(maxPasses <= 2u * static_cast<std::uint32_t>(w.settings().solverIterations));
    // The case must exercise what it checks: grouped solves and grouped resting
    // passes (reused groups) on most steps.
    QVERIFY2(groupedSteps > kCrowdCaseSteps / 2, qPrintable(QString::number(groupedSteps)));
    QVERIFY2(restingReused > kCrowdCaseSteps / 4, qPrintable(QString::number(restingReused)));
    const std::uint64_t recorded = recordedCrowdHash();
    if (recorded == 0)
        QFAIL(qPrintable(QStringLiteral("no crowd hash recorded for physics revision %1: "
                                        "record it as kCrowdHashes' comment says")
                             .arg(kPhysicsRevision)));
    QCOMPARE(w.stateHash(), recorded);
}

void TestSolver::copiedWorldContinuesTheSame() {
    // A copy takes the grouped layout with it: both go on exactly as one world.
    World a = crowdCaseWorld();
    for (int i = 0; i < kCrowdCaseSteps / 2; ++i) {
        crowdCaseInputs(a, a.stepCount());
        a.step();
    }
    QVERIFY(a.stats().groupedPasses > 0);
    World b = a;
    for (int i = kCrowdCaseSteps / 2; i < kCrowdCaseSteps; ++i) {
        crowdCaseInputs(a, a.stepCount());
        a.step();
        crowdCaseInputs(b, b.stepCount());
        b.step();
        QCOMPARE(b.stateHash(), a.stateHash());
    }
    QCOMPARE(a.stateHash(), runCrowdCase());
}

void TestSolver::settlingPileStaysInContactOrder() {
    // A pile that comes to rest stops applying impulses after a pass or two: no
    // grouping (it would cost more than the passes it speeds up).
    TileMap m = makeMap(40, 40);
    fillRow(m, 0, Tile::Solid);
    World w(m);
    for (int row = 0; row < 10; ++row)
        for (int col = 0; col < 20; ++col)
            w.add(box({40.0f + static_cast<float>(col) * 17.0f,
                       24.0f + static_cast<float>(row) * 17.0f}));
    for (int i = 0; i < 300; ++i)
        w.step();
    std::uint32_t grouped = 0;
    for (int i = 0; i < 60; ++i) {
        w.step();
        grouped += w.stats().groupedPasses;
        QVERIFY(w.stats().velocityPasses <= 4u);
    }
    QCOMPARE(grouped, 0u);
}

QTEST_APPLESS_MAIN(TestSolver)
#include "test_solver.moc"
