// `tilesmith replay check` as a designer reads it, run as a process: a spawn removed,
// added, changed or swapped with another line since recording is named as such with the
// editor's names ("NPC #3"); a body that moved gets its tile beside the pixels; an
// edited hash or position in the file says so; values that differ never print equal.
// The text on stderr and the --json fields both.
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "clitest.h"
#include "replayformats.h"

using namespace ts::test::cli;

namespace {

const char* const kRoute = "1 40 right\n41 41 right,jump\n42 90 right\n91 120 left\n";

QJsonObject jsonOf(const Run& r) {
    return QJsonDocument::fromJson(r.out.toUtf8()).array()[0].toObject();
}

} // namespace

class TestCliReplayDesync : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mLevel, mReplay;
    QByteArray mLevelText, mReplayText;

    /// The level as recorded, with `from` replaced by `to` in its text.
    void levelWith(const QString& from, const QString& to) {
        QVERIFY2(mLevelText.contains(from.toUtf8()), qPrintable(from));
        writeFile(mLevel, QByteArray(mLevelText).replace(from.toUtf8(), to.toUtf8()));
    }

    /// `replay check REPLAY` (or with --json): exit 1, one error line and its note.
    Run check(bool json = false) {
        return json ? run({"replay", "check", "--json", mReplay})
                    : run({"replay", "check", mReplay});
    }

    QString error(const QString& what) const {
        return mReplay + QStringLiteral(": error: desync at step 60: ") + what;
    }

private slots:
    void initTestCase() {
        QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built"));
        QVERIFY(mDir.isValid());
        mLevel = mDir.filePath("tutorial.yaml");
        mReplay = mDir.filePath("route.tsreplay");
        QVERIFY(QFile::copy(sample("tutorial.yaml"), mLevel));
        const QString route = mDir.filePath("route.txt");
        writeFile(route, kRoute);
        const Run rec =
            run({"simulate", mLevel, "--steps", "150", "--inputs", route, "--record", mReplay});
        QVERIFY2(rec.exitCode == 0, qPrintable(describe(rec)));
        mLevelText = readFile(mLevel);
        mReplayText = readFile(mReplay);
    }

    void init() {
        writeFile(mLevel, mLevelText);
        writeFile(mReplay, mReplayText);
    }

    void removedSpawn() {
        const QString npc3 = QStringLiteral(
            "  - {id: 3, kind: npc, x: 45, y: 16, width: 12, height: 20, mass: 1, restitution: "
            "0, vx: -80, vy: 0}\n");
        levelWith(npc3, "");
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QCOMPARE(c.err, error("NPC #3 was removed since recording\n") + mReplay +
                            ": note: " + mLevel + " changed since recording\n");
        const QJsonObject o = jsonOf(check(true));
        QCOMPARE(o["status"].toString(), QStringLiteral("desync"));
        QCOMPARE(o["cause"].toString(), QStringLiteral("spawns"));
        QVERIFY(o["body"].isNull());
        const QJsonObject change = o["spawn_changes"].toArray()[0].toObject();
        QCOMPARE(change["change"].toString(), QStringLiteral("removed"));
        QCOMPARE(change["spawn"].toInt(), 3);
        QCOMPARE(change["kind"].toString(), QStringLiteral("npc"));
        QCOMPARE(change["message"].toString(),
                 QStringLiteral("NPC #3 was removed since recording"));

        // A replay written before format version 3 knows the id only.
        writeFile(mReplay, QByteArray::fromStdString(
                               testreplays::olderFormat(mReplayText.toStdString(), 2)));
        QVERIFY(check().err.startsWith(error("spawn #3 was removed since recording\n")));
    }

    void addedSpawn() {
        levelWith("  - {id: 7, kind: goal",
                  "  - {id: 8, kind: box, x: 40, y: 10}\n  - {id: 7, kind: goal");
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.startsWith(error("Box #8 was added since recording at tile 40, 10")),
                 qPrintable(c.err));
        QCOMPARE(jsonOf(check(true))["spawn_changes"].toArray()[0].toObject()["change"].toString(),
                 QStringLiteral("added"));
    }

    void changedSpawn() {
        levelWith("vx: -80", "vx: 80");
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.startsWith(error("NPC #3 changed since recording: velocity x -80 -> 80; "
                                        "NPC #3 is at tile ")),
                 qPrintable(c.err));
        const QJsonObject o = jsonOf(check(true));
        QCOMPARE(o["body"].toString(), QStringLiteral("NPC #3"));
        QCOMPARE(o["spawn"].toInt(), 3);
        QCOMPARE(o["tile"].toArray().size(), 2);
        QCOMPARE(o["recorded_tile"].toArray()[1].toInt(), 16); // on the floor of row 16
    }

    // Two spawn lines swapped in the file read "positions agree, speeds differ".
    void swappedSpawnLines() {
        const QString box = QStringLiteral("  - {id: 4, kind: box");
        const qsizetype at = mLevelText.indexOf(box.toUtf8());
        const qsizetype mid = mLevelText.indexOf('\n', at) + 1;
        const qsizetype end = mLevelText.indexOf('\n', mid) + 1;
        QByteArray swapped = mLevelText;
        swapped.replace(at, end - at,
                        mLevelText.mid(mid, end - mid) + mLevelText.mid(at, mid - at));
        writeFile(mLevel, swapped);
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.startsWith(error("the level lists Ball #5 before Box #4, the recording "
                                        "after it")),
                 qPrintable(c.err));
        QVERIFY(!c.err.contains(QStringLiteral("speeds differ")));
    }

    // The hash of the first checkpoint edited in the file.
    void editedHash() {
        QByteArray text = mReplayText;
        const qsizetype line = text.indexOf("\n60 ") + 4;
        text[line] = text[line] == '0' ? '1' : '0';
        writeFile(mReplay, text);
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.startsWith(error("only the checkpoint's state hash differs (state hash ")),
                 qPrintable(c.err));
        QVERIFY(
            c.err.contains(QStringLiteral("the next checkpoint, at step 120, matches in full")));
        QCOMPARE(jsonOf(check(true))["cause"].toString(), QStringLiteral("file_hash"));
    }

    // A position edited to 1e39 passed: the hash still matched.
    void editedPosition() {
        QByteArray text = mReplayText;
        const qsizetype line = text.indexOf("\n60 ") + 1;
        const qsizetype player = text.indexOf(' ', text.indexOf(' ', line) + 1) + 1;
        const qsizetype comma = text.indexOf(',', player);
        text.replace(comma + 1, text.indexOf(' ', comma) - comma - 1, "1e39");
        writeFile(mReplay, text);
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.startsWith(error("the state hash matches, but the recorded position of "
                                        "Player #1 does not (the file was edited or damaged)")),
                 qPrintable(c.err));
        const QJsonObject o = jsonOf(check(true));
        QCOMPARE(o["cause"].toString(), QStringLiteral("file_checkpoint"));
        QVERIFY(o["recorded_y"].isNull()); // not a number JSON holds
        QVERIFY(o["recorded_tile"].isNull());
    }

    // 0.00009 px printed as two equal positions.
    void tinyDifferencePrintsDifferent() {
        ts::level::Replay r =
            *ts::level::loadReplayFromString(mReplayText.toStdString(), "r").replay;
        r.checkpoints[0].hash ^= 1;
        r.checkpoints[0].positions[0].x += 0.00009f;
        QVERIFY(ts::level::saveReplayFile(r, mReplay.toStdString()));
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.startsWith(error("Player #1 is at tile ")), qPrintable(c.err));
        const QString now =
            c.err.section(QStringLiteral(" ("), 1, 1).section(QLatin1Char(','), 0, 0);
        const QString was = c.err.section(QStringLiteral("recorded at"), 1)
                                .section(QStringLiteral(" ("), 1, 1)
                                .section(QLatin1Char(','), 0, 0);
        QVERIFY2(!now.isEmpty() && now != was, qPrintable(c.err));
        QVERIFY2(c.err.contains(QRegularExpression(QStringLiteral(": 0\\.0000\\d\\d px apart"))),
                 qPrintable(c.err));
        const QJsonObject o = jsonOf(check(true));
        QCOMPARE(o["cause"].toString(), QStringLiteral("position"));
        QVERIFY(o["x"].toDouble() != o["recorded_x"].toDouble());
    }

    // A tile under the route: the player, named and placed as the editor shows it.
    void movedBodyHasItsTile() {
        ts::level::LoadResult lv = ts::level::loadLevelFile(mLevel.toStdString());
        QVERIFY(lv.ok());
        lv.level->setTile(8, 16, ts::Tile::Solid);
        QVERIFY(ts::level::saveLevelFile(*lv.level, mLevel.toStdString()));
        const Run c = check();
        QCOMPARE(c.exitCode, 1);
        QVERIFY2(c.err.startsWith(error("Player #1 is at tile ")), qPrintable(c.err));
        QVERIFY2(c.err.contains(QRegularExpression(QStringLiteral(
                     "^.*Player #1 is at tile \\d+, \\d+ \\(-?\\d+\\.\\d\\d, "
                     "-?\\d+\\.\\d\\d px\\), recorded at tile \\d+, \\d+ \\(-?\\d+\\."
                     "\\d\\d, -?\\d+\\.\\d\\d px\\): \\d+\\.\\d\\d px apart\n"))),
                 qPrintable(c.err));
        const QJsonObject o = jsonOf(check(true));
        QCOMPARE(o["cause"].toString(), QStringLiteral("position"));
        QCOMPARE(o["body"].toString(), QStringLiteral("Player #1"));
        QCOMPARE(o["spawn"].toInt(), 1);
        QCOMPARE(o["body_step"].toInt(), 60);
        const QJsonArray tile = o["tile"].toArray();
        const std::optional<std::pair<int, int>> expected = ts::level::spawnTileAt(
            *lv.level, ts::Vec2{float(o["x"].toDouble()), float(o["y"].toDouble())});
        QVERIFY(expected);
        QCOMPARE(tile[0].toInt(), expected->first);
        QCOMPARE(tile[1].toInt(), expected->second);
        QVERIFY(o["message"].toString().startsWith(QStringLiteral("desync at step 60: Player #1")));
    }
};

QTEST_APPLESS_MAIN(TestCliReplayDesync)
#include "test_cli_replay_desync.moc"
