// `tilesmith simulate --record` and `tilesmith replay check|update`, run as processes:
// a replay checks on its level, still checks after save -> reopen, fails at the right
// step after a tile under the route changes, and passes again after `replay update`.
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/replay.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "clitest.h"
#include "replayformats.h"

#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>

using namespace ts;
using namespace ts::level;

namespace {

using namespace ts::test::cli;

const char* const kRoute = "1 40 right\n41 41 right,jump\n42 90 right\n91 120 left\n";

Level loadOrDie(const QString& path) {
    const LoadResult r = loadLevelFile(path.toStdString());
    if (!r.ok())
        qFatal("cannot load %s", qPrintable(path));
    return *r.level;
}

} // namespace

class TestCliReplay : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mLevel, mInputs, mReplay;

    QString path(const char* name) const { return mDir.filePath(QString::fromLatin1(name)); }

private slots:
    void initTestCase() {
        QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built"));
        QVERIFY(mDir.isValid());
        mLevel = path("tutorial.yaml");
        mInputs = path("route.txt");
        mReplay = path("route.tsreplay");
        QVERIFY(QFile::copy(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"),
                            mLevel));
        writeFile(mInputs, kRoute);
    }

    void recordThenCheck() {
        const Run rec = run({"simulate", mLevel, "--steps", "150", "--inputs", mInputs, "--record",
                             mReplay, "--hash"});
        QVERIFY2(rec.exitCode == 0, qPrintable(describe(rec)));
        const ReplayLoadResult r = loadReplayFile(mReplay.toStdString());
        QVERIFY(r.ok());
        QCOMPARE(r.replay->levelPath, std::string("tutorial.yaml")); // relative to the replay
        QCOMPARE(r.replay->steps, std::uint64_t(150));
        // The replay's final hash is the one --hash printed: the same run.
        QCOMPARE(QString::fromStdString(hashToHex(r.replay->finalHash)), rec.out.trimmed());

        const Run check = run({"replay", "check", mReplay});
        QVERIFY2(check.exitCode == 0, qPrintable(describe(check)));
        QVERIFY(check.out.startsWith(mReplay + ": ok (150 steps"));

        const Run json = run({"replay", "check", "--json", mReplay});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray a = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QCOMPARE(a.size(), 1);
        QCOMPARE(a[0].toObject()[QStringLiteral("status")].toString(), QStringLiteral("ok"));
    }

    void checksAfterSaveAndReopen() {
        // The editor's save writes the canonical form; the content hash is unchanged.
        Level lv = loadOrDie(mLevel);
        QVERIFY(saveLevelFile(lv, mLevel.toStdString()));
        const Run check = run({"replay", "check", mReplay});
        QVERIFY2(check.exitCode == 0, qPrintable(describe(check)));
        QVERIFY(!check.out.contains(QStringLiteral("changed")));
    }

    void tileUnderTheRouteDesyncsThenUpdatePasses() {
        const Level before = loadOrDie(mLevel);
        Level after = before;
        after.setTile(8, 16, Tile::Solid); // a wall where the player walks
        QVERIFY(saveLevelFile(after, mLevel.toStdString()));

        // The expected step: the first checkpoint (every 60 steps) at or after the first
        // step where the two levels' runs differ.
        InputScript s;
        std::vector<Diagnostic> errors;
        QVERIFY(parseInputScript(kRoute, "route", s, errors));
        LevelWorld a = buildWorld(before), b = buildWorld(after);
        std::uint64_t first = 0;
        for (std::uint64_t k = 1; k <= 150 && !first; ++k) {
            for (LevelWorld* w : {&a, &b}) {
                w->world.setInput(w->player, s.at(k));
                w->world.step();
            }
            if (a.world.stateHash() != b.world.stateHash())
                first = k;
        }
        QVERIFY(first > 0);
        const std::uint64_t step = std::min<std::uint64_t>((first + 59) / 60 * 60, 150);

        const Run check = run({"replay", "check", mReplay});
        QVERIFY2(check.exitCode == 1, qPrintable(describe(check)));
        const QString expected =
            QStringLiteral("%1: error: desync at step %2: Player #1 is at tile ")
                .arg(mReplay)
                .arg(step);
        QVERIFY2(check.err.startsWith(expected), qPrintable(describe(check)));
        QVERIFY(check.err.contains(QStringLiteral(" px), recorded at tile ")));

        const Run json = run({"replay", "check", "--json", mReplay});
        QCOMPARE(json.exitCode, 1);
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).array()[0].toObject();
        QCOMPARE(o[QStringLiteral("status")].toString(), QStringLiteral("desync"));
        QCOMPARE(o[QStringLiteral("step")].toInteger(), qint64(step));
        QVERIFY(o[QStringLiteral("level_changed")].toBool());

        const Run update = run({"replay", "update", mReplay});
        QVERIFY2(update.exitCode == 0, qPrintable(describe(update)));
        const Run again = run({"replay", "check", mReplay});
        QVERIFY2(again.exitCode == 0, qPrintable(describe(again)));
    }

    // A session with a tile painted and a spawn deleted while playing, checked on the level
    // saved after it (the edits in it, as play mode leaves the document): the replay undoes
    // them and makes them at their steps, so it checks; the note says so. Without the tile
    // it painted over (a version-3 file cannot say) the wall is there from step 0: a desync.
    void editsWhilePlayingCheck() {
        const QString level = path("painted.yaml");
        const QString replay = path("painted.tsreplay");
        const Level before =
            loadOrDie(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"));
        InputScript s;
        std::vector<Diagnostic> errors;
        QVERIFY(parseInputScript(kRoute, "route", s, errors));
        LevelRun live(before);
        live.startRecording(before, std::nullopt, 60);
        Level after = before;
        for (std::uint64_t k = 1; k <= 150; ++k) {
            if (k == 70) { // a wall the player has passed: from step 0 it stands in its way
                ReplayEvent wall;
                wall.kind = ReplayEventKind::Tile;
                wall.x = 6, wall.y = 16, wall.tile = Tile::Solid;
                QVERIFY(live.apply(wall));
                after.setTile(6, 16, Tile::Solid);
            }
            if (k == 90) { // NPC #3 deleted
                const std::vector<Spawn> before = after.spawns;
                after.spawns.erase(std::find_if(after.spawns.begin(), after.spawns.end(),
                                                [](const Spawn& sp) { return sp.id == 3; }));
                for (const ReplayEvent& e : spawnEditEvents(before, after.spawns))
                    QVERIFY(live.apply(e));
            }
            live.step(s.at(k));
        }
        Replay r = live.recording();
        r.levelPath = "painted.yaml";
        QVERIFY(saveLevelFile(after, level.toStdString()));
        QVERIFY(saveReplayFile(r, replay.toStdString()));

        const Run check = run({"replay", "check", replay});
        QVERIFY2(check.exitCode == 0, qPrintable(describe(check)));
        QCOMPARE(check.out.trimmed(),
                 replay + ": ok (150 steps; the level has the 1 tile edit and 1 spawn edit the "
                          "session made while playing: the replay starts without them and makes "
                          "them at their steps)");
        const Run json = run({"replay", "check", "--json", replay});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).array()[0].toObject();
        QCOMPARE(o[QStringLiteral("status")].toString(), QStringLiteral("ok"));
        QVERIFY(!o[QStringLiteral("level_changed")].toBool());
        QCOMPARE(o[QStringLiteral("session_edits_undone")].toInteger(), qint64(2));

        // The same session without what the tile event painted over.
        Replay old = r;
        for (ReplayEvent& e : old.events)
            e.was.reset();
        const QString oldFile = path("painted-nowas.tsreplay");
        QVERIFY(saveReplayFile(old, oldFile.toStdString()));
        const Run oldCheck = run({"replay", "check", oldFile});
        QVERIFY2(oldCheck.exitCode == 1, qPrintable(describe(oldCheck)));
        QVERIFY2(oldCheck.err.contains(QStringLiteral("desync at step 60: Player #1")),
                 qPrintable(describe(oldCheck)));
    }

    // A replay recorded by another physics revision (the physics changed its motion
    // on purpose since) explains its desync, at the header line naming the revision.
    void otherPhysicsRevisionExplainsTheDesync() {
        const QString level = path("rev.yaml"), replay = path("rev.tsreplay");
        QVERIFY(QFile::copy(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"),
                            level));
        const Run rec =
            run({"simulate", level, "--steps", "150", "--inputs", mInputs, "--record", replay});
        QVERIFY2(rec.exitCode == 0, qPrintable(describe(rec)));
        Replay r = *loadReplayFile(replay.toStdString()).replay;
        QCOMPARE(r.physicsRevision, kPhysicsRevision);
        // Still matching under another revision: fine, with a note.
        r.physicsRevision = kPhysicsRevision - 1;
        QVERIFY(saveReplayFile(r, replay.toStdString()));
        const QString note = QStringLiteral("recorded with physics revision %1, this build is %2")
                                 .arg(kPhysicsRevision - 1)
                                 .arg(kPhysicsRevision);
        const Run same = run({"replay", "check", replay});
        QVERIFY2(same.exitCode == 0, qPrintable(describe(same)));
        QVERIFY2(same.out.startsWith(replay + ": ok (150 steps; " + note + ")"),
                 qPrintable(describe(same)));

        // What the older physics computed: other checkpoints from step 60 on.
        for (ReplayCheckpoint& c : r.checkpoints) {
            c.hash ^= 1;
            c.positions[0].x += 2;
        }
        r.finalHash = r.checkpoints.back().hash;
        QVERIFY(saveReplayFile(r, replay.toStdString()));
        const std::string text = saveReplayToString(r);
        const int line =
            1 + int(std::count(text.begin(), text.begin() + text.find("physics-revision:"), '\n'));
        const Run check = run({"replay", "check", replay});
        QCOMPARE(check.exitCode, 1);
        const QStringList lines = check.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == 2, qPrintable(describe(check)));
        QCOMPARE(lines[0], QStringLiteral("%1:%2:19: error: desync at step 60: %3; run 'tilesmith "
                                          "replay update %1' to re-record the checkpoints")
                               .arg(replay)
                               .arg(line)
                               .arg(note));
        QVERIFY2(lines[1].startsWith(replay + ": note: desync at step 60: Player #1 is at tile "),
                 qPrintable(lines[1]));

        const Run json = run({"replay", "check", "--json", replay});
        QCOMPARE(json.exitCode, 1);
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).array()[0].toObject();
        QCOMPARE(o[QStringLiteral("status")].toString(), QStringLiteral("desync"));
        QCOMPARE(o[QStringLiteral("physics_revision")].toInt(), kPhysicsRevision - 1);
        QCOMPARE(o[QStringLiteral("build_physics_revision")].toInt(), kPhysicsRevision);
        QCOMPARE(o[QStringLiteral("physics_revision_changed")].toString(), note);
        QVERIFY(o[QStringLiteral("hint")].toString().contains(QStringLiteral("replay update")));

        // A file from before revisions were stored: version 1, the version's place.
        const std::string old = testreplays::olderFormat(text, 1);
        writeFile(replay, QByteArray::fromStdString(old));
        const Run unknown = run({"replay", "check", replay});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.startsWith(
                     QStringLiteral("%1:2:19: error: desync at step 60: recorded before physics "
                                    "revisions were stored, this build is physics revision %2; "
                                    "run 'tilesmith replay update %1'")
                         .arg(replay)
                         .arg(kPhysicsRevision)),
                 qPrintable(describe(unknown)));
        const Run unknownJson = run({"replay", "check", "--json", replay});
        QVERIFY(QJsonDocument::fromJson(unknownJson.out.toUtf8())
                    .array()[0]
                    .toObject()[QStringLiteral("physics_revision")]
                    .isNull());

        // Updating re-records with this build's revision; then it checks.
        const Run update = run({"replay", "update", replay});
        QVERIFY2(update.exitCode == 0, qPrintable(describe(update)));
        QVERIFY2(update.out.contains(
                     QStringLiteral("; physics revision unknown -> %1)").arg(kPhysicsRevision)),
                 qPrintable(describe(update)));
        const ReplayLoadResult updated = loadReplayFile(replay.toStdString());
        QVERIFY(updated.ok());
        QCOMPARE(updated.replay->physicsRevision, kPhysicsRevision);
        const Run again = run({"replay", "check", replay});
        QVERIFY2(again.exitCode == 0, qPrintable(describe(again)));
        QCOMPARE(again.out.trimmed(), replay + QStringLiteral(": ok (150 steps)"));
    }

    void levelErrorsAreReported() {
        QVERIFY(QFile::copy(mReplay, path("broken.tsreplay")));
        writeFile(path("broken.tsreplay"), [&] {
            QFile f(mReplay);
            f.open(QIODevice::ReadOnly);
            return f.readAll().replace("level: tutorial.yaml", "level: bad.yaml");
        }());
        writeFile(path("bad.yaml"), "tilesmith: 1\nwidth: 0\n");
        const Run check = run({"replay", "check", path("broken.tsreplay")});
        QCOMPARE(check.exitCode, 1);
        QVERIFY2(check.err.contains(path("bad.yaml") + QStringLiteral(":2:")),
                 qPrintable(describe(check)));
        // The first line names the replay that needs the level and what to do; with many
        // replays in a CI run, a bare "LEVEL: error: ..." did not say which one failed.
        const QString needs = path("broken.tsreplay") +
                              QStringLiteral(": error: cannot load its level 'bad.yaml' (") +
                              path("bad.yaml") + QStringLiteral("): fix the level's errors");
        QVERIFY2(check.err.startsWith(needs), qPrintable(describe(check)));

        // A level that is gone: the same line, then the level's own error; update too.
        QVERIFY(QFile::remove(path("bad.yaml")));
        for (const char* command : {"check", "update"}) {
            const Run gone = run({"replay", command, path("broken.tsreplay")});
            QCOMPARE(gone.exitCode, 1);
            const QStringList lines = gone.err.split(u'\n', Qt::SkipEmptyParts);
            QVERIFY2(lines.size() == 2 && lines[0].startsWith(needs) &&
                         lines[1] == path("bad.yaml") +
                                         QStringLiteral(": error: cannot open the file: No such "
                                                        "file or directory"),
                     qPrintable(describe(gone)));
        }
        const Run json = run({"replay", "check", "--json", path("broken.tsreplay")});
        const QJsonArray errors = QJsonDocument::fromJson(json.out.toUtf8())
                                      .array()[0]
                                      .toObject()[QStringLiteral("errors")]
                                      .toArray();
        QVERIFY2(errors.size() == 2 && errors[0].toString().startsWith(needs),
                 qPrintable(describe(json)));
    }

    void playerStartOffTheMapIsNamed() {
        // Recorded with Play from Cursor on a tile the level no longer has (it shrank):
        // check and update name the replay's line and the map's size instead of running.
        const ReplayLoadResult r = loadReplayFile(mReplay.toStdString());
        QVERIFY(r.ok());
        Replay far = *r.replay;
        far.playerStart = std::pair{200, 3};
        const QString file = path("far.tsreplay");
        std::string error;
        QVERIFY2(saveReplayFile(far, file.toStdString(), &error), error.c_str());
        const QByteArray text = [&] {
            QFile f(file);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        const int at = text.indexOf("player-start: 200 3");
        QVERIFY(at >= 0);
        const int line = text.left(at).count('\n') + 1;
        const QString expected =
            QStringLiteral("%1:%2:15: error: player start (200, 3) is outside the map: x must be "
                           "0 to 59; its level %3 is 60 x 20 tiles: fix the replay's "
                           "'player-start:' line, or record it again\n")
                .arg(file)
                .arg(line)
                .arg(mLevel);
        for (const char* command : {"check", "update"}) {
            const Run bad = run({"replay", command, file});
            QCOMPARE(bad.exitCode, 1);
            QCOMPARE(bad.err, expected);
        }
    }

    void updateKeepsPermissions() {
        // A replay kept read-only (0444) stays so after `replay update`, as every other
        // mode does: the atomic write replaces the file, not its permission bits.
        const QString file = path("modes.tsreplay");
        const Run rec = run({"simulate", mLevel, "-n", "30", "--record", file});
        QVERIFY2(rec.exitCode == 0, qPrintable(describe(rec)));
        for (const mode_t mode : {mode_t(0444), mode_t(0640), mode_t(0604)}) {
            QVERIFY(::chmod(QFile::encodeName(file).constData(), mode) == 0);
            const Run update = run({"replay", "update", file});
            if (update.exitCode != 0 && mode == 0444 && ::geteuid() != 0)
                continue; // the atomic writer refuses a read-only file to anyone but root
            QVERIFY2(update.exitCode == 0, qPrintable(describe(update)));
            struct stat st {};
            QVERIFY(::stat(QFile::encodeName(file).constData(), &st) == 0);
            QCOMPARE(st.st_mode & 07777, mode);
        }
        QVERIFY(loadReplayFile(file.toStdString()).ok());
    }

    void outputsKeepPermissions() {
        // `export -o` (the map and its tileset image) and `simulate --trace` replace
        // their outputs with the old permission bits, as `replay update` does.
        const QString map = path("modes.tmx");
        const QString image = path("modes-tiles.png");
        const QString trace = path("modes.csv");
        const QStringList exportArgs{"export", mLevel, "-o", map};
        const QStringList traceArgs{"simulate", mLevel, "-n", "5", "--trace", trace};
        for (const QStringList& args : {exportArgs, traceArgs}) {
            const Run first = run(args);
            QVERIFY2(first.exitCode == 0, qPrintable(describe(first)));
        }
        const auto modeOf = [](const QString& file) {
            struct stat st {};
            return ::stat(QFile::encodeName(file).constData(), &st) == 0 ? st.st_mode & 07777
                                                                         : mode_t(0);
        };
        for (const mode_t mode : {mode_t(0444), mode_t(0640), mode_t(0604)}) {
            for (const QString& file : {map, image, trace})
                QVERIFY(::chmod(QFile::encodeName(file).constData(), mode) == 0);
            bool refused = false;
            for (const QStringList& args : {exportArgs, traceArgs}) {
                const Run again = run(args);
                refused = refused || (again.exitCode != 0 && mode == 0444 && ::geteuid() != 0);
                QVERIFY2(again.exitCode == 0 || refused, qPrintable(describe(again)));
            }
            if (refused)
                continue; // the atomic writer refuses a read-only file to anyone but root
            for (const QString& file : {map, image, trace})
                QVERIFY2(modeOf(file) == mode, qPrintable(file));
        }
    }

    void hostileReplay() {
        writeFile(path("nul.tsreplay"), QByteArray("tilesmith-replay: 1\nlevel: a\0b\n", 31));
        const Run check = run({"replay", "check", path("nul.tsreplay")});
        QCOMPARE(check.exitCode, 1);
        QVERIFY2(check.err.startsWith(path("nul.tsreplay") + QStringLiteral(":2:9: error: NUL")),
                 qPrintable(describe(check)));
    }

    /// `replay check -j N` checks several replays at once and reports them in the order
    /// given: the same output, byte for byte, for every N.
    void manyReplaysReportInTheGivenOrder() {
        QTemporaryDir dir;
        const QString tutorial =
            QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml");
        const QString level = dir.filePath("t.yaml"), changed = dir.filePath("u.yaml");
        QVERIFY(QFile::copy(tutorial, level) && QFile::copy(tutorial, changed));
        QStringList ok;
        for (int i = 0; i < 4; ++i) {
            ok << dir.filePath(QStringLiteral("ok%1.tsreplay").arg(i));
            const Run rec = run({"simulate", level, "--steps", QString::number(60 + 30 * i),
                                 "--inputs", mInputs, "--record", ok.back()});
            QVERIFY2(rec.exitCode == 0, qPrintable(describe(rec)));
        }
        const QString desync = dir.filePath("desync.tsreplay");
        QVERIFY(
            run({"simulate", changed, "--steps", "150", "--inputs", mInputs, "--record", desync})
                .exitCode == 0);
        Level wall = loadOrDie(changed);
        wall.setTile(8, 16, Tile::Solid); // a wall where the player walks
        QVERIFY(saveLevelFile(wall, changed.toStdString()));
        const QString broken = dir.filePath("nul.tsreplay");
        writeFile(broken, QByteArray("tilesmith-replay: 1\nlevel: a\0b\n", 31));
        const QStringList replays = {ok[0], desync, ok[1], broken, ok[2], ok[3]};

        const Run one = run(QStringList{"replay", "check", "-j", "1"} + replays);
        QCOMPARE(one.exitCode, 1);
        const QStringList okLines = one.out.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(okLines.size(), 4);
        for (int i = 0; i < 4; ++i)
            QVERIFY2(okLines[i].startsWith(ok[i] + QStringLiteral(": ok (")), qPrintable(one.out));
        QVERIFY2(one.err.startsWith(desync + QStringLiteral(": error: desync at step ")),
                 qPrintable(one.err));
        QVERIFY2(one.err.contains(broken + QStringLiteral(":2:9: error: NUL")),
                 qPrintable(one.err));
        QVERIFY(one.err.indexOf(desync) < one.err.indexOf(broken));
        const Run oneJson = run(QStringList{"replay", "check", "--json", "-j", "1"} + replays);
        QCOMPARE(QJsonDocument::fromJson(oneJson.out.toUtf8()).array().size(), 6);

        for (const QStringList& threads :
             {QStringList{"-j", "3"}, QStringList{"--threads", "6"}, QStringList{}}) {
            const Run r = run(QStringList{"replay", "check"} + threads + replays);
            QCOMPARE(r.exitCode, one.exitCode);
            QCOMPARE(r.out, one.out);
            QCOMPARE(r.err, one.err);
            const Run json = run(QStringList{"replay", "check", "--json"} + threads + replays);
            QCOMPARE(json.exitCode, oneJson.exitCode);
            QCOMPARE(json.out, oneJson.out);
        }
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("nothing") << QStringList{"replay"};
        QTest::newRow("unknown") << QStringList{"replay", "frob", "x.tsreplay"};
        QTest::newRow("no files") << QStringList{"replay", "check"};
        QTest::newRow("json update") << QStringList{"replay", "update", "--json", "x.tsreplay"};
        QTest::newRow("threads update") << QStringList{"replay", "update", "-j", "2", "x.tsreplay"};
        QTest::newRow("no threads") << QStringList{"replay", "check", "-j", "0", "x.tsreplay"};
        QTest::newRow("too many threads")
            << QStringList{"replay", "check", "--threads", "65", "x.tsreplay"};
        QTest::newRow("interval without record")
            << QStringList{"simulate", "x.yaml", "--steps", "1", "--checkpoint-interval", "5"};
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
    }

    void help() {
        const Run r = run({"replay", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("tilesmith replay check")));
    }
};

QTEST_GUILESS_MAIN(TestCliReplay)
#include "test_cli_replay.moc"
