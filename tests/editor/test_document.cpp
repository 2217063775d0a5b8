// LevelDocument, its undo commands, the renderer and clipboard regions.
#include "document/autosave.h"
#include "document/commands.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/region.h"
#include "tilesmith/render/levelrenderer.h"
#include "tools/filltool.h"

#include "tilesmith/level/levelio.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include <sys/stat.h>
#include <unistd.h>

using namespace ts::editor;
using ts::Tile;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

Q_DECLARE_METATYPE(ts::editor::ResizeAnchor)

namespace {

Level smallLevel() {
    Level l = Level::make(8, 6);
    l.name = "small";
    l.setTile(0, 5, Tile::Solid);
    l.setTile(1, 5, Tile::Solid);
    l.setTile(3, 2, Tile::OneWay);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 4));
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 2, 5, 4));
    return l;
}

std::vector<TileWrite> row(int y, int x0, int x1, Tile t) {
    std::vector<TileWrite> w;
    for (int x = x0; x <= x1; ++x)
        w.push_back({QPoint(x, y), t});
    return w;
}

} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private slots:
    void paintUndoRedo();
    void noOpPaintPushesNothing();
    void strokeMerging();
    void onePlayerRule();
    void removeAndMoveSpawns();
    void changeSpawnMergesAndDropsItself();
    void resizeAnchors_data();
    void resizeAnchors();
    void resizeDropsAndClampsSpawns();
    void settingsAndPhysics();
    void levelStaysLoadable();
    void saveAndReopen();
    void saveFailureKeepsOldFile();
    void saveKeepsPermissions();
    void autosaveKeepsPermissions();
    void openErrorFormat();
    void modifiedFollowsCleanState();
    void renderLevelDraws();
    void renderLevelRefusesHugeImages();
    void regionRoundTrip();
    void floodFillRegion();
    void bresenhamLine_data();
    void bresenhamLine();
};

void TestDocument::paintUndoRedo() {
    LevelDocument doc(smallLevel());
    QSignalSpy changed(&doc, &LevelDocument::tilesChanged);
    doc.paintTiles(row(1, 2, 4, Tile::Solid), "Paint");
    QCOMPARE(doc.level().tile(2, 1), Tile::Solid);
    QCOMPARE(doc.level().tile(4, 1), Tile::Solid);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.last().at(0).toRect(), QRect(2, 1, 3, 1));
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
    doc.undoStack()->redo();
    QCOMPARE(doc.level().tile(3, 1), Tile::Solid);
}

void TestDocument::noOpPaintPushesNothing() {
    LevelDocument doc(smallLevel());
    doc.paintTiles(row(5, 0, 1, Tile::Solid), "Paint"); // already solid
    doc.paintTiles({{QPoint(-1, 0), Tile::Solid}, {QPoint(8, 0), Tile::Solid}}, "Paint"); // outside
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
}

void TestDocument::strokeMerging() {
    LevelDocument doc(smallLevel());
    const int stroke = LevelDocument::newMergeId();
    doc.paintTiles(row(0, 0, 1, Tile::Solid), "Paint", stroke);
    doc.paintTiles(row(0, 1, 3, Tile::Solid), "Paint", stroke);
    doc.paintTiles(row(0, 3, 3, Tile::OneWay), "Paint", stroke); // repaint inside the stroke
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.level().tile(3, 0), Tile::OneWay);
    const int other = LevelDocument::newMergeId();
    doc.paintTiles(row(1, 0, 0, Tile::Solid), "Paint", other);
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
    // Big batches (fills) dedupe too: the last write to a tile wins.
    std::vector<TileWrite> big;
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 8; ++x)
            big.push_back({QPoint(x, y), Tile::Solid});
    for (int i = 0; i < 5000; ++i)
        big.push_back({QPoint(i % 8, 0), Tile::OneWay});
    doc.paintTiles(big, "Fill");
    QCOMPARE(doc.level().tile(7, 0), Tile::OneWay);
    QCOMPARE(doc.level().tile(7, 1), Tile::Solid);
    auto* cmd = static_cast<const PaintTilesCommand*>(doc.undoStack()->command(0));
    // Two tiles were already solid and two hold spawns (solid never covers a spawn).
    QCOMPARE(cmd->changes().size(), size_t(8 * 6 - 2 - 2));
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
    doc.undoStack()->clear();
    // strokeId 0 never merges
    doc.paintTiles(row(0, 0, 0, Tile::Solid), "Paint");
    doc.paintTiles(row(0, 1, 1, Tile::Solid), "Paint");
    QCOMPARE(doc.undoStack()->count(), 2);
}

void TestDocument::onePlayerRule() {
    LevelDocument doc(smallLevel());
    const int id = doc.addSpawn(Spawn::withDefaults(SpawnKind::Player, 0, 6, 3));
    QCOMPARE(id, 1);
    int players = 0;
    for (const auto& s : doc.level().spawns)
        players += s.kind == SpawnKind::Player;
    QCOMPARE(players, 1);
    QCOMPARE(doc.level().player()->x, 6);
    QCOMPARE(doc.level().player()->y, 3);
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());

    const int box = doc.addSpawn(Spawn::withDefaults(SpawnKind::Box, 0, 2, 2));
    QCOMPARE(box, 3);
    QCOMPARE(doc.level().spawns.size(), size_t(3));
    // An id already in use is replaced by a fresh one.
    const int ball = doc.addSpawn(Spawn::withDefaults(SpawnKind::Ball, 1, 2, 1));
    QCOMPARE(ball, 4);
}

void TestDocument::removeAndMoveSpawns() {
    LevelDocument doc(smallLevel());
    QSignalSpy spawns(&doc, &LevelDocument::spawnsChanged);
    doc.addSpawn(Spawn::withDefaults(SpawnKind::Ball, 0, 6, 1)); // id 3
    doc.removeSpawns({2});
    QCOMPARE(doc.level().spawns.size(), size_t(2));
    QCOMPARE(doc.level().spawns[1].id, 3);
    doc.undoStack()->undo();
    QCOMPARE(doc.level().spawns[1].id, 2); // order restored
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
    // Removing the player is allowed (save then asks for one, see levelStaysLoadable).
    doc.removeSpawns({1, 2});
    QVERIFY(doc.level().spawns.empty());
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
    doc.moveSpawns({1, 2}, QPoint(1, -2));
    QCOMPARE(doc.level().findSpawn(1)->x, 2);
    QCOMPARE(doc.level().findSpawn(1)->y, 2);
    QCOMPARE(doc.level().findSpawn(2)->x, 6);
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
    QVERIFY(spawns.count() >= 4);
    doc.removeSpawns({99});
    QCOMPARE(doc.undoStack()->index(), 0);
}

void TestDocument::changeSpawnMergesAndDropsItself() {
    LevelDocument doc(smallLevel());
    Spawn box = *doc.level().findSpawn(2);
    const int merge = LevelDocument::newMergeId();
    box.mass = 5;
    doc.changeSpawn(box, merge);
    box.mass = 7;
    doc.changeSpawn(box, merge);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.level().findSpawn(2)->mass, 7.0f);
    box.mass = smallLevel().findSpawn(2)->mass; // back to the start: the command drops itself
    doc.changeSpawn(box, merge);
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(doc.level(), smallLevel());
    // Without a merge id each change is its own step.
    box.restitution = 0.5f;
    doc.changeSpawn(box);
    box.restitution = 0.6f;
    doc.changeSpawn(box);
    QCOMPARE(doc.undoStack()->count(), 2);
    // A value typed back as -0 is the 0 it started as: the step drops itself and the
    // level saves as before (-0 would compare equal yet save as "-0").
    const std::string before = ts::level::saveLevelToString(doc.level());
    const int again = LevelDocument::newMergeId();
    box.vx = 3;
    doc.changeSpawn(box, again);
    box.vx = -0.0f;
    doc.changeSpawn(box, again);
    QCOMPARE(doc.undoStack()->count(), 2);
    QVERIFY(!std::signbit(doc.level().findSpawn(2)->vx));
    QCOMPARE(ts::level::saveLevelToString(doc.level()), before);
    box.vy = -0.0f;
    QCOMPARE(doc.changeSpawns({box}), 0);
}

void TestDocument::resizeAnchors_data() {
    QTest::addColumn<ResizeAnchor>("anchor");
    QTest::addColumn<QPoint>("offset"); // where old (0,0) lands when 8x6 -> 12x10
    QTest::newRow("top-left") << ResizeAnchor::TopLeft << QPoint(0, 0);
    QTest::newRow("top") << ResizeAnchor::Top << QPoint(2, 0);
    QTest::newRow("top-right") << ResizeAnchor::TopRight << QPoint(4, 0);
    QTest::newRow("left") << ResizeAnchor::Left << QPoint(0, 2);
    QTest::newRow("center") << ResizeAnchor::Center << QPoint(2, 2);
    QTest::newRow("right") << ResizeAnchor::Right << QPoint(4, 2);
    QTest::newRow("bottom-left") << ResizeAnchor::BottomLeft << QPoint(0, 4);
    QTest::newRow("bottom") << ResizeAnchor::Bottom << QPoint(2, 4);
    QTest::newRow("bottom-right") << ResizeAnchor::BottomRight << QPoint(4, 4);
}

void TestDocument::resizeAnchors() {
    QFETCH(ResizeAnchor, anchor);
    QFETCH(QPoint, offset);
    LevelDocument doc(smallLevel());
    QSignalSpy reset(&doc, &LevelDocument::levelReset);
    doc.resize(12, 10, anchor);
    const Level& l = doc.level();
    QCOMPARE(l.width, 12);
    QCOMPARE(l.height, 10);
    QCOMPARE(l.tiles.size(), size_t(120));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(l.tile(0 + offset.x(), 5 + offset.y()), Tile::Solid);
    QCOMPARE(l.tile(3 + offset.x(), 2 + offset.y()), Tile::OneWay);
    int solids = 0;
    for (Tile t : l.tiles)
        solids += t == Tile::Solid;
    QCOMPARE(solids, 2);
    QCOMPARE(l.findSpawn(1)->x, 1 + offset.x());
    QCOMPARE(l.findSpawn(1)->y, 4 + offset.y());
    QCOMPARE(l.findSpawn(2)->x, 5 + offset.x());
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
    doc.undoStack()->redo();
    QCOMPARE(doc.level().width, 12);
}

void TestDocument::resizeDropsAndClampsSpawns() {
    LevelDocument doc(smallLevel());
    // Shrink to 4x4 keeping the top-left: the box (5,4) falls out and is dropped,
    // the player (1,4) falls out below and is clamped in (a level keeps its player).
    doc.resize(4, 4, ResizeAnchor::TopLeft);
    const Level& l = doc.level();
    QCOMPARE(l.width, 4);
    QCOMPARE(l.height, 4);
    QVERIFY(!l.findSpawn(2));
    QVERIFY(l.findSpawn(1));
    QCOMPARE(l.findSpawn(1)->y, 3);
    QCOMPARE(l.tile(3, 2), Tile::OneWay);
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel()); // exact: tiles and spawns come back

    // A map left all solid (one row of the floor) keeps its player on an emptied tile,
    // and the level still loads (found by tilesmith-monkey: Level Properties, height 1).
    Level walled = smallLevel();
    for (int x = 0; x < walled.width; ++x)
        walled.setTile(x, walled.height - 1, Tile::Solid);
    walled.spawns[0].y = walled.height - 2; // the player, on the floor
    LevelDocument strip(walled);
    strip.resize(walled.width, 1, ResizeAnchor::Bottom);
    QVERIFY(strip.level().player());
    QCOMPARE(strip.level().player()->y, 0);
    QCOMPARE(strip.level().tile(strip.level().player()->x, 0), Tile::Empty);
    QVERIFY(ts::level::validateLevel(strip.level()).empty());
    strip.undoStack()->undo();
    QCOMPARE(strip.level(), walled);
}

void TestDocument::settingsAndPhysics() {
    LevelDocument doc(smallLevel());
    QSignalSpy settings(&doc, &LevelDocument::settingsChanged);
    QSignalSpy reset(&doc, &LevelDocument::levelReset);
    ts::level::PhysicsSettings p = doc.level().physics;
    p.gravity = 999;
    doc.setPhysics(p);
    QCOMPARE(doc.level().physics.gravity, 999.0f);
    QCOMPARE(settings.count(), 1);
    QCOMPARE(reset.count(), 0);
    ts::level::Properties props{{"music", std::string("cave.ogg")}};
    doc.changeSettings("Renamed", 32, p, props);
    QCOMPARE(doc.level().name, std::string("Renamed"));
    QCOMPARE(doc.level().tileSize, 32);
    QCOMPARE(reset.count(), 1); // tile size changes geometry
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.level(), smallLevel());
}

void TestDocument::levelStaysLoadable() {
    LevelDocument doc(smallLevel());
    // Solid paint never covers a spawn; one-way may.
    doc.paintTiles(row(4, 0, 7, Tile::Solid), "Paint");
    QCOMPARE(doc.level().tile(1, 4), Tile::Empty); // the player stands there
    QCOMPARE(doc.level().tile(5, 4), Tile::Empty); // the box
    QCOMPARE(doc.level().tile(2, 4), Tile::Solid);
    doc.paintTiles(row(4, 1, 1, Tile::OneWay), "Paint");
    QCOMPARE(doc.level().tile(1, 4), Tile::OneWay);
    // Spawns are not placed or moved into walls or off the map.
    QCOMPARE(doc.addSpawn(Spawn::withDefaults(SpawnKind::Box, 0, 2, 4)), 0);
    QCOMPARE(doc.addSpawn(Spawn::withDefaults(SpawnKind::Box, 0, 9, 0)), 0);
    QCOMPARE(doc.addSpawn(Spawn::withDefaults(SpawnKind::Player, 0, 3, 4)), 1); // stays
    QCOMPARE(doc.level().player()->x, 1);
    doc.moveSpawns({1, 2}, QPoint(1, 0)); // both targets are solid
    QCOMPARE(doc.level().findSpawn(1)->x, 1);
    QCOMPARE(doc.level().findSpawn(2)->x, 5);
    doc.moveSpawns({1, 2}, QPoint(1, -1)); // both free
    QCOMPARE(doc.level().findSpawn(1)->x, 2);
    QCOMPARE(doc.level().findSpawn(2)->y, 3);
    Spawn box = *doc.level().findSpawn(2);
    box.kind = SpawnKind::Player; // a second player
    const int steps = doc.undoStack()->count();
    doc.changeSpawn(box);
    box = *doc.level().findSpawn(2);
    box.y = 4; // into the wall
    doc.changeSpawn(box);
    QCOMPARE(doc.undoStack()->count(), steps);
    QVERIFY(ts::level::validateLevel(doc.level()).empty());
    // A macro in which nothing changed leaves no undo step.
    const int index = doc.undoStack()->index();
    doc.beginMacro("Nothing");
    doc.paintTiles(row(0, 0, 0, Tile::Empty), "Paint");
    doc.moveSpawns({2}, QPoint(0, 1)); // into the wall: refused
    doc.endMacro();
    QCOMPARE(doc.undoStack()->index(), index);
    QCOMPARE(doc.undoStack()->count(), index);

    // And save refuses what the loader would refuse, with its reasons.
    Level twoPlayers = Level::make(4, 4);
    for (const int id : {1, 2}) {
        Spawn player;
        player.id = id;
        player.kind = ts::level::SpawnKind::Player;
        player.x = id;
        player.y = 1;
        twoPlayers.spawns.push_back(player);
    }
    LevelDocument bad(twoPlayers);
    QTemporaryDir dir;
    QString error;
    QVERIFY(!bad.save(dir.filePath("bad.yaml"), &error));
    QVERIFY2(error.contains("at most one player"), qPrintable(error));
    QVERIFY(!QFile::exists(dir.filePath("bad.yaml")));
}

void TestDocument::saveAndReopen() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    LevelDocument doc(smallLevel());
    doc.paintTiles(row(0, 0, 7, Tile::OneWay), "Paint");
    Spawn npc = Spawn::withDefaults(SpawnKind::Npc, 0, 4, 1);
    npc.properties["speed"] = 2.5;
    doc.addSpawn(npc);
    QVERIFY(doc.isModified());
    const QString path = dir.filePath("saved.yaml");
    QString error;
    QVERIFY2(doc.save(path, &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.filePath(), path);
    QCOMPARE(doc.displayName(), QString("saved.yaml"));
    auto reopened = LevelDocument::open(path, &error);
    QVERIFY2(reopened, qPrintable(error));
    QCOMPARE(reopened->level(), doc.level());
    QCOMPARE(reopened->filePath(), path);
    QVERIFY(!reopened->isModified());
}

void TestDocument::saveFailureKeepsOldFile() {
    QTemporaryDir dir;
    LevelDocument doc(smallLevel());
    QString error;
    QVERIFY(!doc.save(dir.filePath("no/such/dir/x.yaml"), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(doc.filePath().isEmpty());
    // A read-only target directory: the old file stays byte-identical.
    const QString path = dir.filePath("keep.yaml");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old contents\n");
    }
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
    const bool saved = doc.save(path, &error);
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    if (saved)
        QSKIP("running as root: directory permissions are not enforced");
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("old contents\n"));
}

void TestDocument::saveKeepsPermissions() {
    // A level kept read-only (0444) stays so after Save (as root, where Save succeeds),
    // and other modes too: the atomic save replaces the file, not its permission bits.
    QTemporaryDir dir;
    const QString path = dir.filePath("modes.yaml");
    LevelDocument doc(smallLevel());
    QString error;
    QVERIFY2(doc.save(path, &error), qPrintable(error));
    for (const mode_t mode : {mode_t(0640), mode_t(0604), mode_t(0444)}) {
        QVERIFY(::chmod(QFile::encodeName(path).constData(), mode) == 0);
        const bool saved = doc.save(path, &error);
        if (!saved && mode == 0444 && ::geteuid() != 0)
            break; // the atomic writer refuses a read-only file to anyone but root
        QVERIFY2(saved, qPrintable(error));
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode);
    }
}

void TestDocument::autosaveKeepsPermissions() {
    // A recovery file keeps its permission bits when the next autosave replaces it
    // (a read-only one came back 0644 as root).
    QTemporaryDir dir;
    Autosave::setDirectoryOverride(dir.path());
    LevelDocument doc(smallLevel());
    Autosave autosave;
    autosave.setDocument(&doc);
    doc.paintTiles(row(0, 0, 2, Tile::Solid), "Paint");
    QVERIFY2(autosave.saveNow(), qPrintable(autosave.lastError()));
    const QString path = autosave.recoveryPath();
    Tile paint = Tile::OneWay;
    for (const mode_t mode : {mode_t(0444), mode_t(0600), mode_t(0640)}) {
        QVERIFY(::chmod(QFile::encodeName(path).constData(), mode) == 0);
        paint = paint == Tile::OneWay ? Tile::Solid : Tile::OneWay;
        doc.paintTiles(row(0, 3, 4, paint), "Paint");
        const bool saved = autosave.saveNow();
        if (!saved && mode == 0444 && ::geteuid() != 0)
            continue; // the atomic writer refuses a read-only file to anyone but root
        QVERIFY2(saved, qPrintable(autosave.lastError()));
        QCOMPARE(autosave.recoveryPath(), path);
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode);
    }
    autosave.discard();
    Autosave::setDirectoryOverride({});
}

void TestDocument::openErrorFormat() {
    QTemporaryDir dir;
    const QString path = dir.filePath("broken.yaml");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("version: 1\nname: [unclosed\n");
    }
    QString error;
    auto doc = LevelDocument::open(path, &error);
    QVERIFY(!doc);
    QVERIFY2(error.contains(QRegularExpression(":\\d+:\\d+: error: ")), qPrintable(error));
    QVERIFY(error.contains("broken.yaml"));
    error.clear();
    QVERIFY(!LevelDocument::open(dir.filePath("missing.yaml"), &error));
    QVERIFY(!error.isEmpty());
}

void TestDocument::modifiedFollowsCleanState() {
    LevelDocument doc(smallLevel());
    QSignalSpy modified(&doc, &LevelDocument::modifiedChanged);
    doc.paintTiles(row(0, 0, 0, Tile::Solid), "Paint");
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.last().at(0).toBool(), true);
    doc.undoStack()->undo();
    QCOMPARE(modified.count(), 2);
    QCOMPARE(modified.last().at(0).toBool(), false);
    QVERIFY(!doc.isModified());
}

void TestDocument::renderLevelDraws() {
    Level l = smallLevel();
    QString error;
    const QImage img = ts::render::renderLevel(l, 1.0, &error);
    QVERIFY2(!img.isNull(), qPrintable(error));
    QCOMPARE(img.size(), QSize(8 * 16, 6 * 16));
    const QRgb empty = img.pixel(6 * 16 + 8, 1 * 16 + 8);
    QCOMPARE(QColor(empty), ts::render::palette::mapBackground);
    const QRgb solid = img.pixel(0 * 16 + 8, 5 * 16 + 8); // middle of a solid tile
    QVERIFY(QColor(solid) != ts::render::palette::mapBackground);
    // One-way: a band at the top of the tile, empty below it.
    QVERIFY(QColor(img.pixel(3 * 16 + 8, 2 * 16 + 2)) != ts::render::palette::mapBackground);
    QCOMPARE(QColor(img.pixel(3 * 16 + 8, 2 * 16 + 12)), ts::render::palette::mapBackground);
    // The player is drawn over its tile.
    QVERIFY(QColor(img.pixel(1 * 16 + 8, 4 * 16 + 12)) != ts::render::palette::mapBackground);
    const QImage half = ts::render::renderLevel(l, 0.5, &error);
    QCOMPARE(half.size(), QSize(64, 48));
}

void TestDocument::renderLevelRefusesHugeImages() {
    Level l;
    l.width = 4096;
    l.height = 4096;
    l.tileSize = 16; // tiles left empty on purpose: no allocation may be attempted
    QString error;
    QVERIFY(ts::render::renderLevel(l, 1.0, &error).isNull());
    QVERIFY2(error.contains("65536 x 65536 px at scale 1"), qPrintable(error));
    QVERIFY2(error.contains("--scale 0.125"), qPrintable(error));
    QVERIFY(ts::render::renderLevel(smallLevel(), 0.0, &error).isNull());
    QVERIFY(error.contains("scale"));
    QVERIFY(ts::render::renderLevel(smallLevel(), qQNaN(), &error).isNull());
}

void TestDocument::regionRoundTrip() {
    Level l = smallLevel();
    l.findSpawn(2)->properties["tag"] = std::string("crate");
    l.findSpawn(2)->properties["n"] = std::int64_t(3);
    const Region r = copyRegion(l, QRect(0, 2, 4, 4), {2});
    QCOMPARE(r.width(), 6); // tiles 0..3 united with the box at x=5
    QCOMPARE(r.height(), 4);
    QCOMPARE(r.stamp.tiles[size_t(3 * 6 + 0)], Tile::Solid);
    QCOMPARE(r.stamp.tiles[size_t(0 * 6 + 3)], Tile::OneWay);
    QCOMPARE(r.stamp.spawns.size(), size_t(1));
    QCOMPARE(r.stamp.spawns[0].x, 5);
    QCOMPARE(r.stamp.spawns[0].y, 2);
    QString error;
    const auto back = regionFromText(regionToText(r), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->stamp.tiles, r.stamp.tiles);
    QCOMPARE(back->stamp.spawns, r.stamp.spawns);
    QVERIFY(!regionFromText("{\"format\": \"other\"}", &error));
    QVERIFY(!regionFromText("not json", &error));
}

void TestDocument::floodFillRegion() {
    Level l = Level::make(10, 8);
    for (int x = 2; x <= 6; ++x) {
        l.setTile(x, 1, Tile::Solid);
        l.setTile(x, 5, Tile::Solid);
    }
    for (int y = 1; y <= 5; ++y) {
        l.setTile(2, y, Tile::Solid);
        l.setTile(6, y, Tile::Solid);
    }
    QCOMPARE(FillTool::region(l, QPoint(4, 3)).size(), size_t(3 * 3));
    QCOMPARE(FillTool::region(l, QPoint(2, 1)).size(), size_t(16)); // the ring itself
    QCOMPARE(FillTool::region(l, QPoint(0, 0)).size(), size_t(80 - 16 - 9));
    QVERIFY(FillTool::region(l, QPoint(-1, 0)).empty());
    // A big open map is filled completely, iteratively.
    Level big = Level::make(1024, 1024);
    QCOMPARE(FillTool::region(big, QPoint(500, 500)).size(), size_t(1024 * 1024));
}

void TestDocument::bresenhamLine_data() {
    QTest::addColumn<QPoint>("a");
    QTest::addColumn<QPoint>("b");
    QTest::addColumn<int>("count");
    QTest::newRow("point") << QPoint(3, 3) << QPoint(3, 3) << 1;
    QTest::newRow("horizontal") << QPoint(0, 0) << QPoint(9, 0) << 10;
    QTest::newRow("vertical up") << QPoint(2, 7) << QPoint(2, 0) << 8;
    QTest::newRow("diagonal") << QPoint(0, 0) << QPoint(5, 5) << 6;
    QTest::newRow("shallow") << QPoint(0, 0) << QPoint(10, 3) << 11;
    QTest::newRow("steep backwards") << QPoint(4, 12) << QPoint(0, 0) << 13;
}

void TestDocument::bresenhamLine() {
    QFETCH(QPoint, a);
    QFETCH(QPoint, b);
    QFETCH(int, count);
    const auto pts = lineTiles(a, b);
    QCOMPARE(int(pts.size()), count);
    QCOMPARE(pts.front(), a);
    QCOMPARE(pts.back(), b);
    for (size_t i = 1; i < pts.size(); ++i) { // 8-connected, no gaps
        QVERIFY(std::abs(pts[i].x() - pts[i - 1].x()) <= 1);
        QVERIFY(std::abs(pts[i].y() - pts[i - 1].y()) <= 1);
    }
}

QTEST_MAIN(TestDocument)
#include "test_document.moc"
