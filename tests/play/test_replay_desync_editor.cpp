// The Replays dock's desync line in the designer's terms: a replay watched after spawn
// edits in the editor names the spawn as the Properties dock does ("NPC #3 was removed
// since recording", "Box #4 changed since recording: tile 17, 16 -> 18, 16") and a body
// that moved by its tile beside the pixels, marked on the map; the line is the one
// `tilesmith replay check` prints.
#include "ghostitem.h"
#include "replaydock.h"
#include "replaytimeline.h"
#include "samplelevels.h"
#include "sessionstore.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/replaycontroller.h"
#include "widgets/uitext.h"

#include <QGraphicsView>
#include <QLabel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using ts::editor::LevelDocument;
using ts::editor::LevelScene;
using ts::level::Level;
using ts::level::Replay;
using ts::play::PlayController;
using ts::play::ReplayController;

namespace {

/// The level in a document with a view, play mode and the Replays dock.
struct Harness {
    explicit Harness(Level level)
        : doc(std::move(level)), scene(&doc), play(&doc, &view), replays(&play) {
        view.setScene(&scene);
        view.resize(800, 480);
        view.show();
        replays.dock();
    }
    /// The tutorial route recorded on the level as it is now, saved and opened in the dock.
    void openRecording(const QString& path) {
        ts::level::InputScript s;
        std::vector<ts::level::Diagnostic> errors;
        QVERIFY(ts::level::parseInputScript("1 40 right\n41 41 right,jump\n42 90 right\n", "<test>",
                                            s, errors));
        Replay r = ts::level::recordScript(doc.level(), s, 150);
        r.levelPath = "tutorial.yaml";
        QVERIFY(ts::level::saveReplayFile(r, path.toStdString()));
        QString error;
        QVERIFY2(replays.openFile(path, &error), qPrintable(error));
    }
    /// Watches the session opened, and returns the dock's line (the controller's too).
    QString watched() {
        QString error;
        if (!replays.watch(0, &error))
            return QStringLiteral("cannot watch: ") + error;
        const QString line = replays.dock()->statusLabel()->text();
        return line == replays.status() ? line : QStringLiteral("the dock and status differ");
    }
    LevelDocument doc;
    LevelScene scene;
    QGraphicsView view;
    PlayController play;
    ReplayController replays;
};

} // namespace

class TestReplayDesyncEditor : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        ts::play::SessionStore::setRootOverride(mDir.filePath(QStringLiteral("kept")));
    }

    // Deleting a spawn after recording: the dock used to say "5 bodies, recorded 6".
    void removedSpawnIsNamedAsTheEditorNamesIt() {
        Harness h(testlevels::loadSample("tutorial.yaml"));
        h.openRecording(mDir.filePath(QStringLiteral("removed.tsreplay")));
        const QString name = ts::editor::spawnLabel(*h.doc.level().findSpawn(3));
        QCOMPARE(name, QStringLiteral("NPC #3"));
        h.doc.removeSpawns({3});
        QCOMPARE(h.watched(),
                 QStringLiteral("desync at step 60: %1 was removed since recording").arg(name));
        QVERIFY(h.replays.timeline()->desync());
        QVERIFY(!h.replays.ghostItem() || !h.replays.ghostItem()->hasDesyncMarker());
    }

    // A spawn moved in the Properties dock: what changed, then where its body is, by tile.
    void changedSpawnAndItsTile() {
        Harness h(testlevels::loadSample("tutorial.yaml"));
        h.openRecording(mDir.filePath(QStringLiteral("changed.tsreplay")));
        ts::level::Spawn box = *h.doc.level().findSpawn(4);
        box.x = 18;
        h.doc.changeSpawn(box);
        const QString line = h.watched();
        const QString name = ts::editor::spawnLabel(box);
        QVERIFY2(line.startsWith(QStringLiteral("desync at step 60: %1 changed since recording: "
                                                "tile 17, 16 -> 18, 16; %1 is at tile 18, 16 (")
                                     .arg(name)),
                 qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral(" px), recorded at tile 17, 16 (")),
                 qPrintable(line));
        QVERIFY(h.replays.ghostItem() && h.replays.ghostItem()->hasDesyncMarker());
    }
};

QTEST_MAIN(TestReplayDesyncEditor)
#include "test_replay_desync_editor.moc"
