// The art of hand-written Tiled maps: a layer drawing from several tilesets (one art layer
// each), repeated names, groups flattened (opacity, visibility, lock passed on), layers
// after the spawns in front, external tilesets with images beside them, animated tiles,
// geometry from the image as Tiled cuts it, collision tilesets that are not art, and
// what cannot be imported as art, with its position.
#include "tilesmith/level/levelio.h"
#include "tilesmith/tmx/tmx.h"
#include "tmx_testutil.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace ts;
using namespace ts::level;

namespace {

constexpr std::uint32_t kH = 0x80000000u, kV = 0x40000000u, kD = 0x20000000u;

void write(const QString& path, const QByteArray& text) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

/// A `w` x `h` px PNG at `path`.
void sheet(const QString& path, int w, int h) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QImage img(w, h, QImage::Format_ARGB32);
    img.fill(Qt::darkGreen);
    QVERIFY(img.save(path));
}

/// A 4 x 2 map of 8 px tiles with `body` (tilesets, layers) and a player at cell (0, 1).
QByteArray map(const QByteArray& body) {
    const QByteArray head = R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="4" height="2" tilewidth="8" tileheight="8" infinite="0">
)";
    const QByteArray tail = R"(
 <objectgroup name="spawns"><object type="player" x="0" y="8" width="8" height="8"/></objectgroup>
</map>
)";
    return head + body + tail;
}

/// Two tilesets with images: "terrain" (gids 1-8, 4 x 2 tiles; tile 1 solid) and "rocks"
/// (gids 9-12, 2 x 2 tiles).
const QByteArray kTilesets = R"(
 <tileset firstgid="1" name="terrain" tilewidth="8" tileheight="8" tilecount="8" columns="4">
  <image source="terrain.png" width="32" height="16"/>
  <tile id="1" type="solid"/>
 </tileset>
 <tileset firstgid="9" name="rocks" tilewidth="8" tileheight="8" tilecount="4" columns="2">
  <image source="rocks.png" width="16" height="16"/>
 </tileset>)";

struct Dir {
    QTemporaryDir dir;
    Dir() {
        sheet(dir.filePath(QStringLiteral("terrain.png")), 32, 16);
        sheet(dir.filePath(QStringLiteral("rocks.png")), 16, 16);
    }
    LoadResult import(const QByteArray& body) {
        const QString path = dir.filePath(QStringLiteral("m.tmx"));
        write(path, map(body));
        return tmx::importTmx(path);
    }
};

ArtTile cell(const ArtLayer& l, int x, int y) {
    return l.cells.at(std::size_t(y) * 4 + std::size_t(x));
}

/// The first error's text without the file name.
QString firstError(const LoadResult& r) {
    if (r.errors.empty())
        return QStringLiteral("(no error)");
    const Diagnostic& d = r.errors.front();
    return QStringLiteral("%1:%2: %3")
        .arg(d.line)
        .arg(d.column)
        .arg(QString::fromStdString(d.message));
}

} // namespace

class TestTmxArtImport : public QObject {
    Q_OBJECT

private slots:
    void aLayerPerTilesetItDrawsFrom() {
        Dir d;
        const QString csv = QStringLiteral("%1,2,0,10,\n%2,0,0,%3")
                                .arg(3u | kH)
                                .arg(12u | kD)
                                .arg(1u | kV | kH | kD);
        const QString layers = QStringLiteral(R"(
 <layer name="Ground" width="4" height="2"><data encoding="csv">%1</data></layer>
 <layer name="Ground" width="4" height="2"><data encoding="csv">0,0,5,0,0,0,0,0</data></layer>
 <layer name="empty" width="4" height="2"><data encoding="csv">0,0,0,0,0,0,0,0</data></layer>)");
        const LoadResult r = d.import(kTilesets + layers.arg(csv).toUtf8());
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        const Level& l = *r.level;
        QCOMPARE(l.tilesets.size(), std::size_t(2));
        QCOMPARE(l.tilesets[0].name, std::string("terrain"));
        QCOMPARE(l.tilesets[0].image, std::string("terrain.png"));
        QCOMPARE(l.tilesets[0].columns, 4);
        QCOMPARE(l.tilesets[0].count, 8);
        QCOMPARE(l.tilesets[1].name, std::string("rocks"));
        // The layer drawing from both tilesets is two art layers; the second "Ground" gets
        // a number; a layer without tiles is none.
        QCOMPARE(l.art.size(), std::size_t(3));
        QCOMPARE(l.art[0].name, std::string("Ground"));
        QCOMPARE(l.art[0].tileset, std::string("terrain"));
        QCOMPARE(l.art[1].name, std::string("Ground (rocks)"));
        QCOMPARE(l.art[1].tileset, std::string("rocks"));
        QCOMPARE(l.art[2].name, std::string("Ground 2"));
        QCOMPARE(cell(l.art[0], 0, 0), (ArtTile{2, kFlipHorizontal}));
        // The solid tile is the collision and, from a tileset with pictures, art too.
        QCOMPARE(cell(l.art[0], 1, 0), (ArtTile{1, 0}));
        QCOMPARE(l.tile(1, 0), Tile::Solid);
        QCOMPARE(cell(l.art[0], 3, 1),
                 (ArtTile{0, kFlipHorizontal | kFlipVertical | kFlipDiagonal}));
        QVERIFY(cell(l.art[0], 3, 0).empty());
        QCOMPARE(cell(l.art[1], 3, 0), (ArtTile{1, 0}));
        QCOMPARE(cell(l.art[1], 0, 1), (ArtTile{3, kFlipDiagonal}));
        QVERIFY(cell(l.art[1], 0, 0).empty());
        QCOMPARE(cell(l.art[2], 2, 0), (ArtTile{4, 0}));
        for (const ArtLayer& a : l.art) {
            QCOMPARE(a.depth, ArtDepth::Back);
            QVERIFY(!a.isAuto && a.visible && !a.locked && a.opacity == 1.0f);
        }
    }

    void groupsAreFlattenedInOrder() {
        Dir d;
        const LoadResult r = d.import(kTilesets + R"(
 <layer name="a" width="4" height="2" opacity="0.5"><data encoding="csv">3,0,0,0,0,0,0,0</data></layer>
 <group name="g" opacity="0.5" locked="1">
  <layer name="b" width="4" height="2" opacity="0.5"><data encoding="csv">0,3,0,0,0,0,0,0</data></layer>
  <group name="inner" visible="0">
   <layer name="c" width="4" height="2"><data encoding="csv">0,0,3,0,0,0,0,0</data></layer>
  </group>
 </group>
 <layer name="d" width="4" height="2" visible="0"><data encoding="csv">0,0,0,3,0,0,0,0</data></layer>)");
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        const std::vector<ArtLayer>& art = r.level->art;
        QCOMPARE(art.size(), std::size_t(4));
        QCOMPARE(art[0].name + art[1].name + art[2].name + art[3].name, std::string("abcd"));
        QCOMPARE(art[0].opacity, 0.5f);
        QCOMPARE(art[1].opacity, 0.25f); // its own and its group's
        QVERIFY(art[1].locked && art[2].locked && !art[3].locked);
        QVERIFY(art[0].visible && art[1].visible && !art[2].visible && !art[3].visible);
    }

    void layersAfterTheSpawnsAreFrontLayers() {
        Dir d;
        const QString path = d.dir.filePath(QStringLiteral("m.tmx"));
        const QByteArray head =
            R"(<map orientation="orthogonal" width="4" height="2" tilewidth="8" tileheight="8">)";
        const QByteArray layers = R"(
 <layer name="back" width="4" height="2"><data encoding="csv">3,0,0,0,0,0,0,0</data></layer>
 <objectgroup name="deco"><object type="tree" x="0" y="0"/></objectgroup>
 <layer name="still back" width="4" height="2"><data encoding="csv">3,0,0,0,0,0,0,0</data></layer>
 <objectgroup name="spawns"><object type="player" x="0" y="8" width="8" height="8"/></objectgroup>
 <layer name="front" width="4" height="2"><data encoding="csv">3,0,0,0,0,0,0,0</data></layer>
</map>)";
        write(path, head + kTilesets + layers);
        const LoadResult r = tmx::importTmx(path);
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QCOMPARE(r.level->art.at(0).depth, ArtDepth::Back);
        QCOMPARE(r.level->art.at(1).depth, ArtDepth::Back);
        QCOMPARE(r.level->art.at(2).depth, ArtDepth::Front);
    }

    void externalTilesetsAnimationsAndTheImagesGeometry() {
        Dir d;
        // The .tsx in a folder, its image beside it: the level names it from the map's folder.
        // (Plain strings: moc misreads a raw string holding '#'.)
        write(
            d.dir.filePath(QStringLiteral("sets/anim.tsx")),
            "<?xml version=\"1.0\"?>\n"
            "<tileset name=\"anim\" tilewidth=\"8\" tileheight=\"8\" spacing=\"1\" margin=\"1\">\n"
            " <image source=\"img/anim.png\" trans=\"#00FF00\"/>\n"
            " <tile id=\"2\"><animation><frame tileid=\"5\" duration=\"100\"/>"
            "<frame tileid=\"6\" duration=\"100\"/></animation></tile>\n"
            "</tileset>\n");
        // 3 columns and 2 rows as Tiled cuts them: 1 + 3 * 8 + 2 = 27 px wide (a spare
        // pixel is no column), 1 + 2 * 8 + 1 = 18 high; no right or bottom margin needed.
        sheet(d.dir.filePath(QStringLiteral("sets/img/anim.png")), 28, 18);
        // No columns or count and no image: the size the map gives the image.
        const LoadResult r = d.import(R"(
 <tileset firstgid="1" source="sets/anim.tsx"/>
 <tileset firstgid="20" name="gone" tilewidth="8" tileheight="8">
  <image source="gone.png" width="24" height="8"/>
 </tileset>
 <layer name="a" width="4" height="2"><data encoding="csv">3,6,22,0,0,0,0,0</data></layer>)");
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        const Level& l = *r.level;
        QCOMPARE(l.tilesets.size(), std::size_t(2));
        const Tileset& anim = l.tilesets[0];
        QCOMPARE(anim.image, std::string("sets/img/anim.png"));
        QCOMPARE(anim.columns, 3);
        QCOMPARE(anim.count, 6);
        QCOMPARE(anim.margin, 1);
        QCOMPARE(anim.spacing, 1);
        QCOMPARE(anim.transparentColor, 0x00ff00);
        QCOMPARE(anim.minimumImageWidth(), 27);
        const Tileset& gone = l.tilesets[1];
        QCOMPARE(gone.columns, 3);
        QCOMPARE(gone.count, 3);
        // The animated tile is its first frame (as Tiled draws it unanimated).
        QCOMPARE(cell(l.art[0], 0, 0), (ArtTile{5, 0}));
        QCOMPARE(cell(l.art[0], 1, 0), (ArtTile{5, 0}));
        QCOMPARE(cell(l.art[1], 2, 0), (ArtTile{2, 0}));
        // Moved beside a level elsewhere, the paths are rewritten from there.
        Level moved = l;
        tmx::relocateTilesetImages(moved, d.dir.path(), d.dir.filePath(QStringLiteral("levels")));
        QCOMPARE(moved.tilesets[0].image, std::string("../sets/img/anim.png"));
        QCOMPARE(moved.tilesets[1].image, std::string("../gone.png"));
    }

    void collisionTilesetsAreNotArt() {
        Dir d;
        sheet(d.dir.filePath(QStringLiteral("legend.png")), 24, 8);
        // Every tile typed (as our legend tileset): collision only. No image: collision only.
        const LoadResult r = d.import(R"(
 <tileset firstgid="1" name="legend" tilewidth="8" tileheight="8" tilecount="3" columns="3">
  <image source="legend.png" width="24" height="8"/>
  <tile id="0" type="empty"/><tile id="1" type="solid"/><tile id="2" type="one_way"/>
 </tileset>
 <tileset firstgid="4" name="bare"><tile id="0" type="solid"/></tileset>
 <layer name="collision" width="4" height="2"><data encoding="csv">0,0,0,0,5,2,3,4</data></layer>)");
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QVERIFY(r.level->art.empty());
        QVERIFY(r.level->tilesets.empty());
        QCOMPARE(r.level->tile(0, 1), Tile::Empty); // an untyped tile of a tileset without image
        QCOMPARE(r.level->tile(1, 1), Tile::Solid);
        QCOMPARE(r.level->tile(2, 1), Tile::OneWay);
        QCOMPARE(r.level->tile(3, 1), Tile::Solid);
    }

    void whatCannotBeArtIsRefusedWhereItIs_data() {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error");
        // QTest wants a column's own type: the bodies as QByteArray, the errors as QString.
        using E = QString;
        const QByteArray layer =
            R"(<layer name="L" width="4" height="2"><data encoding="csv">1,0,0,0,0,0,0,0</data></layer>)";
        QTest::newRow("image collection")
            << R"( <tileset firstgid="1" name="c" tilewidth="8" tileheight="8" tilecount="1">
  <tile id="0"><image source="one.png" width="8" height="8"/></tile></tileset>
)" + layer
            << E("3:2: tileset 'c' is an image collection (an image per tile; only tilesets cut "
                 "from one image can be): its tiles cannot be imported as art");
        QTest::newRow("non-square")
            << R"( <tileset firstgid="1" name="n" tilewidth="8" tileheight="16">
  <image source="terrain.png" width="32" height="16"/></tileset>
)" + layer
            << E("3:2: tileset 'n' has tiles of 8 x 16 px (they must be square): its tiles "
                 "cannot be imported as art");
        QTest::newRow("tile offset")
            << R"( <tileset firstgid="1" name="o" tilewidth="8" tileheight="8">
  <tileoffset x="0" y="4"/><image source="terrain.png" width="32" height="16"/></tileset>
)" + layer
            << E("3:2: tileset 'o' draws its tiles offset by (0, 4) px (<tileoffset>): its "
                 "tiles cannot be imported as art");
        QTest::newRow("layer offset")
            << kTilesets + "\n <group offsetx=\"3\">" + layer + "</group>"
            << E("11:21: layer 'L' is offset by (3, 0) px: its art cannot be imported (set the "
                 "offset to 0 in Tiled first)");
        QTest::newRow("tint")
            << kTilesets + "\n " +
                   QByteArray(layer).replace("<layer ", "<layer tintcolor=\"#ff0000\" ")
            << E("11:2: layer 'L' is tinted (tintcolor): its art cannot be imported (remove the "
                 "tint in Tiled first)");
        QTest::newRow("beyond the image")
            << QByteArray(
                   R"( <tileset firstgid="1" name="s" tilewidth="8" tileheight="8" tilecount="9">
  <image source="rocks.png" width="16" height="16"/></tileset>
 <layer name="L" width="4" height="2"><data encoding="csv">0,5,0,0,0,0,0,0</data></layer>)")
            << E("5:2: tile gid 5 (cell 1, 0) is tile 4 of tileset 's', which has 4 tiles");
        QTest::newRow("trans")
            << R"( <tileset firstgid="1" name="t" tilewidth="8" tileheight="8">
  <image source="rocks.png" trans="magenta"/></tileset>
)" + layer
            << E("4:3: the transparent colour 'magenta' is no colour (expected six hexadecimal "
                 "digits, as in trans=\"ff00ff\")");
    }
    void whatCannotBeArtIsRefusedWhereItIs() {
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        Dir d;
        const LoadResult r = d.import(body);
        QVERIFY(!r.ok());
        QCOMPARE(firstError(r), error);
        QCOMPARE(QFileInfo(QString::fromStdString(r.errors.front().file)).fileName(),
                 QStringLiteral("m.tmx"));
    }
};

QTEST_MAIN(TestTmxArtImport)
#include "test_tmx_art_import.moc"
