// `tilesmith lint` says why a goal is not reachable, run as a process: the error is
// followed by two notes (the nearest point reached, what stops the player there), each at
// its tile in the tiles block, and --json gives the same as fields ("nearest",
// "stopped_by", "stop", "notes"); a warning on an unreachable spawn gets them too, and a
// reachable goal none.
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/reach.h"
#include "tilesmith/level/reachreasons.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "clitest.h"
#include "rowlevel.h"

using namespace ts;
using namespace ts::level;
using namespace ts::test::cli;

namespace {

/// A wall 6 tiles high (x 6, top at y 1) between the player and goal 2, open above.
Level wallLevel() {
    return ts::test::levelFromRows({
        "..........",
        "......#...",
        "......#...",
        "......#...",
        "......#...",
        "......#...",
        ".P....#.2.",
        "##########",
    });
}

/// Writes `l` into `dir` as `name` and loads it back (its source map).
QString writeLevel(const QTemporaryDir& dir, const char* name, const Level& l) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    writeFile(path, QByteArray::fromStdString(saveLevelToString(l)));
    return path;
}

QStringList lines(const QString& text) {
    return text.split(u'\n', Qt::SkipEmptyParts);
}

} // namespace

class TestLintReasons : public QObject {
    Q_OBJECT

private slots:
    void errorIsFollowedByItsNotes() {
        QTemporaryDir dir;
        const QString path = writeLevel(dir, "wall.yaml", wallLevel());
        const LoadResult lr = loadLevelFile(path.toStdString());
        QVERIFY(lr.ok() && lr.tilesOrigin.line > 0);
        const Run r = run({"lint", path});
        QCOMPARE(r.exitCode, 1);
        const QStringList err = lines(r.err);
        QCOMPARE(err.size(), 3);
        QVERIFY2(err[0].contains(": error: goal 2 is not reachable from the player"),
                 qPrintable(describe(r)));
        // What the level library says, at the tiles it names: the nearest point (x 5, y 5,
        // against the wall) and the wall's top tile (x 6, y 1).
        const ReachReason reason = explainUnreached(*lr.level, findReachable(*lr.level), 2);
        QCOMPARE(reason.stop, ReachStop::Wall);
        const auto at = [&](LevelTile t) {
            return QStringLiteral("%1:%2:%3: note: ")
                .arg(path)
                .arg(lr.tilesOrigin.line + t.y)
                .arg(lr.tilesOrigin.column + t.x);
        };
        QCOMPARE(err[1], at(reason.nearest) + QString::fromStdString(reason.nearestText));
        QCOMPARE(err[2], at(reason.tile) + QString::fromStdString(reason.stopText));
        QVERIFY2(err[1].contains(QStringLiteral("note: nearest point reached: x 5, y 5, 32 px from "
                                                "Goal #2")),
                 qPrintable(err[1]));
        QVERIFY2(err[2].contains(QStringLiteral("note: stopped by the wall at x 6, y 1")),
                 qPrintable(err[2]));
        QCOMPARE(at(LevelTile{6, 1}), at(reason.tile));
    }

    void jsonCarriesTheReason() {
        QTemporaryDir dir;
        const QString path = writeLevel(dir, "wall.yaml", wallLevel());
        const Run r = run({"lint", path, "--json"});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject file =
            QJsonDocument::fromJson(r.out.toUtf8()).object()["files"].toArray()[0].toObject();
        const QJsonArray diags = file["diagnostics"].toArray();
        QCOMPARE(diags.size(), 1);
        const QJsonObject d = diags[0].toObject();
        QCOMPARE(d["severity"].toString(), QStringLiteral("error"));
        QCOMPARE(d["stopped_by"].toString(), QStringLiteral("wall"));
        const QJsonObject nearest = d["nearest"].toObject();
        QCOMPARE(nearest["tile"].toArray(), (QJsonArray{5, 5}));
        QCOMPARE(nearest["distance_px"].toDouble(), 32.0);
        QCOMPARE(nearest["from"].toArray(), (QJsonArray{5, 7}));
        const QJsonObject stop = d["stop"].toObject();
        QCOMPARE(stop["tile"].toArray(), (QJsonArray{6, 1}));
        // The feet fall short of the wall's top (96 px above them) by 96 - the measured rise.
        QCOMPARE(stop["short_by_px"].toDouble(),
                 std::round((96.0 - stop["jump_rise_px"].toDouble()) * 100.0) / 100.0);
        QVERIFY(stop["jump_rise_px"].toDouble() > 0);
        QVERIFY(stop["text"].toString().startsWith(QStringLiteral("stopped by the wall")));
        const QJsonArray notes = d["notes"].toArray();
        QCOMPARE(notes.size(), 2);
        QVERIFY(notes[0].toObject()["message"].toString().startsWith(
            QStringLiteral("nearest point reached: x 5, y 5")));
        QCOMPARE(notes[1].toObject()["message"].toString(), stop["text"].toString());
        QVERIFY(notes[1].toObject()["line"].toInt() > 0);
    }

    void unreachableSpawnGetsNotesAndReachableGoalNone() {
        QTemporaryDir dir;
        Level l = ts::test::levelFromRows({
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "P...2.....",
            "##########",
        });
        Spawn box = l.defaultSpawn(SpawnKind::Box, 3, 5, 1);
        box.mass = 0;
        l.spawns.push_back(box);
        const QString path = writeLevel(dir, "box.yaml", l);
        const Run r = run({"lint", path});
        QCOMPARE(r.exitCode, 0);
        const QStringList err = lines(r.err);
        QCOMPARE(err.size(), 3);
        QVERIFY2(err[0].contains(": warning: box 3 is not reachable from the player"),
                 qPrintable(describe(r)));
        QVERIFY2(err[1].contains(": note: nearest point reached: "), qPrintable(describe(r)));
        QVERIFY2(err[2].contains(": note: too high to jump to: the top of the highest jump is "),
                 qPrintable(describe(r)));
        QVERIFY2(err[2].contains(" below Box #3 (a jump rises "), qPrintable(describe(r)));
        QVERIFY2(r.out.contains("1 of 1 goal reachable"), qPrintable(describe(r)));
    }
};

QTEST_GUILESS_MAIN(TestLintReasons)
#include "test_lint_reasons.moc"
