// What the docs say a default jump reaches, measured with the character controller: the
// height the feet rise, the distance a running jump covers, and the widest pit it clears.
// docs/format/level-format.md ("What the default physics reaches") and physics/README.md
// state the numbers; this test measures them again and fails when a doc's number is off.
#include "tilesmith/level/levelworld.h"
#include "tilesmith/leveledit/jumparc.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace ts;
using namespace ts::level;
using namespace ts::leveledit;

namespace {

constexpr int kTile = 16;

/// A flat floor, the default player standing on it, default physics.
Level floorLevel() {
    Level l = Level::make(40, 12, kTile);
    for (int x = 0; x < l.width; ++x)
        l.setTile(x, l.height - 1, Tile::Solid);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 5, l.height - 2));
    return l;
}

const JumpArc* fullJumpRight(const JumpArcSet& arcs) {
    for (const JumpArc& a : arcs.arcs)
        if (a.kind == ArcKind::FullJump && a.direction > 0)
            return &a;
    return nullptr;
}

/// A floor with a pit `gap` tiles wide (three tiles deep); the default player, moved
/// `offset` px right of its spawn, runs at it from the left and jumps at step `jumpStep`
/// (right held throughout). True when it comes to stand on the floor beyond the pit.
bool crosses(int gap, float offset, int jumpStep) {
    constexpr int kBefore = 10, kFloorRow = 7;
    Level l = Level::make(kBefore + gap + 10, kFloorRow + 4, kTile);
    for (int x = 0; x < l.width; ++x) {
        if (x < kBefore || x >= kBefore + gap)
            l.setTile(x, kFloorRow, Tile::Solid);
        l.setTile(x, l.height - 1, Tile::Solid); // the pit's bottom
    }
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, kFloorRow - 1));
    LevelWorld lw = buildWorld(l);
    lw.world.setPosition(lw.player, lw.world.position(lw.player) + Vec2(offset, 0));
    const float floorTop = tileBottomCenter(l, 0, kFloorRow - 1).y;
    const float beyond = float(kBefore * kTile) + float(gap * kTile) / 2; // past the pit's middle
    for (int step = 1; step <= 600; ++step) {
        lw.world.setInput(lw.player, Input{false, true, step == jumpStep, false});
        lw.world.step();
        const Vec2 p = lw.world.position(lw.player);
        if (step > jumpStep && lw.world.hasContact(lw.player, OnGround))
            return p.y == floorTop && p.x > beyond;
        if (p.y < floorTop - kTile)
            return false; // in the pit
    }
    return false;
}

/// The widest pit (in tiles) a running jump clears, trying every takeoff step and, since
/// a step moves walk_speed * dt (2.67 px), starts every 1/8 px across one step.
int widestGap(float walkStep) {
    int widest = 0;
    for (int gap = 1; gap <= 20; ++gap) {
        bool any = false;
        for (float offset = 0; offset < walkStep && !any; offset += 0.125f)
            for (int k = 1; k <= 120 && !any; ++k)
                any = crosses(gap, offset, k);
        if (!any)
            break;
        widest = gap;
    }
    return widest;
}

QString docText(const char* path) {
    QFile f(QStringLiteral(TILESMITH_SOURCE_DIR "/") + QLatin1String(path));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// Every number `pattern` (one capture) finds in the doc; empty when none.
QList<double> numbersIn(const QString& text, const QString& pattern) {
    QList<double> out;
    QRegularExpressionMatchIterator it = QRegularExpression(pattern).globalMatch(text);
    while (it.hasNext())
        out.append(it.next().captured(1).toDouble());
    return out;
}

} // namespace

class TestDocJump : public QObject {
    Q_OBJECT

    double mRise = 0, mDistance = 0;
    int mGap = 0;

private slots:
    void initTestCase() {
        const Level level = floorLevel();
        QCOMPARE(level.physics.jumpSpeed, 480.0f); // the defaults the docs speak of
        QCOMPARE(level.physics.gravity, 1500.0f);
        QCOMPARE(level.physics.walkSpeed, 160.0f);
        const JumpArcSet arcs = computeJumpArcs(level, 5, level.height - 2);
        QVERIFY(arcs.ok);
        const JumpArc* full = fullJumpRight(arcs);
        QVERIFY(full && full->landed);
        float apex = arcs.start.y;
        for (Vec2 p : full->points)
            apex = std::max(apex, p.y);
        mRise = double(apex - arcs.start.y);
        mDistance = double(full->points.back().x - arcs.start.x);
        mGap = widestGap(level.physics.walkSpeed * level.physics.dt);
        qInfo("default jump: the feet rise %.4f px (%.4f tiles); a full jump lands %.4f px "
              "ahead; the widest pit cleared is %d tiles",
              mRise, mRise / kTile, mDistance, mGap);
        QVERIFY(mGap > 0);
    }

    // The controller moves once per step with the speed already reduced by g * dt, so the
    // rise is the sum over the rising steps, not v^2 / 2g (76.8 px): check the sum.
    void riseIsTheStepsSum() {
        const double v = 480, g = 1500, dt = double(1.0f / 60.0f);
        double y = 0, speed = v;
        while (speed - g * dt > 0) {
            speed -= g * dt;
            y += speed * dt;
        }
        QVERIFY2(std::abs(y - mRise) < 0.01, qPrintable(QString::number(y)));
        QVERIFY(mRise < v * v / (2 * g));
    }

    void levelFormatStatesTheMeasuredNumbers() {
        const QString doc = docText("docs/format/level-format.md");
        QVERIFY(!doc.isEmpty());
        const QList<double> rise = numbersIn(doc, QStringLiteral("feet rise \\*?\\*?([0-9.]+) px"));
        QVERIFY2(!rise.isEmpty(), "level-format.md states no jump height");
        for (double r : rise)
            QVERIFY2(std::abs(r - mRise) < 0.005, qPrintable(QString::number(r)));
        const QList<double> tiles = numbersIn(doc, QStringLiteral("px\\*?\\*?, ([0-9.]+) tiles"));
        QVERIFY(!tiles.isEmpty());
        for (double t : tiles)
            QVERIFY2(std::abs(t - mRise / kTile) < 0.005, qPrintable(QString::number(t)));
        const QList<double> distance =
            numbersIn(doc, QStringLiteral("lands \\*?\\*?([0-9.]+) px\\*?\\*? ahead"));
        QVERIFY2(!distance.isEmpty(), "level-format.md states no jump distance");
        for (double d : distance)
            QVERIFY2(std::abs(d - mDistance) < 0.005, qPrintable(QString::number(d)));
        const QList<double> gap = numbersIn(doc, QStringLiteral("a pit \\*?\\*?(\\d+) tiles wide"));
        QVERIFY2(!gap.isEmpty(), "level-format.md states no gap width");
        for (double w : gap)
            QCOMPARE(int(w), mGap);
        const QList<double> notGap =
            numbersIn(doc, QStringLiteral("not one of \\*?\\*?(\\d+) tiles"));
        QVERIFY(!notGap.isEmpty());
        for (double w : notGap)
            QCOMPARE(int(w), mGap + 1);
        QVERIFY2(!doc.contains(QStringLiteral("76.8 px")), "the continuous formula's height");
    }

    void physicsReadmeStatesTheMeasuredHeight() {
        const QString doc = docText("physics/README.md");
        QVERIFY(!doc.isEmpty());
        const QList<double> rise = numbersIn(doc, QStringLiteral("rises \\*?\\*?([0-9.]+) px"));
        QVERIFY2(!rise.isEmpty(), "physics/README.md states no jump height");
        for (double r : rise)
            QVERIFY2(std::abs(r - mRise) < 0.005, qPrintable(QString::number(r)));
        QVERIFY2(!doc.contains(QStringLiteral("76.8 px")), "the continuous formula's height");
    }
};

QTEST_GUILESS_MAIN(TestDocJump)
#include "test_doc_jump.moc"
