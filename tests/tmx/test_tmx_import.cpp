// TMX import of maps made elsewhere: hand-written Tiled maps (base64, zlib, gzip,
// external tilesets, flip flags, <tile> elements, any case of a tile type, '+' in a whole
// number) and the levels they read as. Import errors: test_tmx_import_errors.cpp; export
// and round trips: test_tmx.cpp.
#include "tilesmith/level/levelio.h"
#include "tilesmith/tmx/tmx.h"
#include "tmx_testutil.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using namespace ts;
using namespace ts::level;

class TestTmxImport : public QObject {
    Q_OBJECT

private slots:
    // A map as another Tiled user would make it: two tilesets (one external, with the
    // Tiled 1.9 `class` attribute), base64 + zlib data, a second layer in a group with
    // uncompressed base64 and flipped tiles, decoration objects, a point spawn.
    void importsForeignMap() {
        QTemporaryDir dir;
        QFile tsx(dir.filePath(QStringLiteral("terrain.tsx")));
        QVERIFY(tsx.open(QIODevice::WriteOnly));
        tsx.write(R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="8" tileheight="8" tilecount="8" columns="4">
 <image source="terrain.png" width="32" height="16"/>
 <tile id="3" class="solid"/>
 <tile id="5" class="one_way"><properties><property name="x" value="y"/></properties></tile>
 <tile id="6" class="water"/>
</tileset>
)");
        tsx.close();

        const int w = 5, h = 4;
        // Layer 1 (zlib): gids of the external set (firstgid 1): 4 = solid, 6 = one_way,
        // 7 = water (empty), 2 = untyped (empty).
        const std::vector<quint32> layer1 = {0, 0, 0, 0, 0, //
                                             0, 6, 6, 0, 2, //
                                             0, 0, 0, 7, 0, //
                                             4, 4, 4, 4, 4};
        // Layer 2 (base64, in a group): the inline set (firstgid 20): 21 = solid; flip
        // flags must be ignored. A one_way under a solid stays solid.
        const quint32 flipH = 0x80000000u, flipV = 0x40000000u, flipD = 0x20000000u;
        const std::vector<quint32> layer2 = {21 | flipH, 0, 0,
                                             0,          0, //
                                             0,          0, 21 | flipV | flipD,
                                             0,          0, //
                                             0,          0, 0,
                                             0,          0, //
                                             0,          0, 0,
                                             0,          0};
        auto bytes = [](const std::vector<quint32>& gids) {
            QByteArray b;
            for (quint32 g : gids)
                for (int k = 0; k < 4; ++k)
                    b.append(char((g >> (8 * k)) & 0xff));
            return b;
        };
        const QByteArray zlib = qCompress(bytes(layer1)).mid(4); // drop Qt's size prefix
        const QByteArray tmxText = QStringLiteral(R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="5" height="4" tilewidth="8" tileheight="8" infinite="0" nextlayerid="5" nextobjectid="9">
 <properties>
  <property name="difficulty" type="int" value="3"/>
 </properties>
 <tileset firstgid="1" source="terrain.tsx"/>
 <tileset firstgid="20" name="inline" tilewidth="8" tileheight="8" tilecount="2" columns="2">
  <image source="inline.png" width="16" height="8"/>
  <tile id="1" type="solid"/>
 </tileset>
 <layer id="1" name="ground" width="5" height="4">
  <data encoding="base64" compression="zlib">
   %1
  </data>
 </layer>
 <group id="2" name="more">
  <layer id="3" name="walls" width="5" height="4">
   <data encoding="base64">%2</data>
  </layer>
 </group>
 <objectgroup id="4" name="stuff">
  <object id="1" name="hero" class="player" x="10" y="12" width="6" height="12"/>
  <object id="2" name="tree" type="decoration" x="0" y="0" width="8" height="8"/>
  <object id="3" type="ball" x="24" y="16" width="8" height="8"><ellipse/></object>
  <object id="4" type="npc" x="36"  y="24"><point/></object>
 </objectgroup>
</map>
)")
                                       .arg(QString::fromLatin1(zlib.toBase64()),
                                            QString::fromLatin1(bytes(layer2).toBase64()))
                                       .toUtf8();
        const QString path = dir.filePath(QStringLiteral("foreign.tmx"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(tmxText);
        f.close();

        const LoadResult r = tmx::importTmx(path);
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        const Level& l = *r.level;
        QCOMPARE(l.width, w);
        QCOMPARE(l.height, h);
        QCOMPARE(l.tileSize, 8);
        QCOMPARE(l.name, std::string("foreign"));
        QString rows;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x)
                rows += QLatin1Char(".#="[int(l.tile(x, y))]);
            rows += QLatin1Char('|');
        }
        QCOMPARE(rows, QStringLiteral("#....|.=#..|.....|#####|"));
        QVERIFY((l.properties == Properties{{"difficulty", std::int64_t(3)}}));
        QCOMPARE(l.spawns.size(), std::size_t(3));
        QCOMPARE(int(l.spawns[0].kind), int(SpawnKind::Player));
        QCOMPARE(l.spawns[0].id, 1); // the object id when there is no `id` property
        QCOMPARE(l.spawns[0].x, 1);  // centre x 13 -> column 1
        QCOMPARE(l.spawns[0].y, 2);  // bottom 24 is the top of row 3 -> stands in row 2
        QCOMPARE(l.spawns[0].width, 6.f);
        QCOMPARE(l.spawns[0].height, 12.f);
        QCOMPARE(int(l.spawns[1].kind), int(SpawnKind::Ball));
        QCOMPARE(l.spawns[1].radius, 4.f);
        QCOMPARE(l.spawns[1].x, 3);
        QCOMPARE(l.spawns[1].y, 2);
        QCOMPARE(int(l.spawns[2].kind), int(SpawnKind::Npc));
        QCOMPARE(l.spawns[2].x, 4); // a point marks the bottom centre
        QCOMPARE(l.spawns[2].y, 2);
        QVERIFY(l.spawns[2].width == Spawn::withDefaults(SpawnKind::Npc).width);
    }

    void importsGzip() {
        // Base64 of gzip(little-endian gids 1, 0, 2 | flip-H), made with Python's gzip.
        const QByteArray text =
            R"(<map orientation="orthogonal" width="3" height="1" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="t"><tile id="0" type="solid"/><tile id="1" type="one_way"/></tileset>
 <layer width="3" height="1"><data encoding="base64" compression="gzip">
   H4sIAAAAAAACA2NkgAAmBoYGAKvBwacMAAAA
 </data></layer>
 <objectgroup><object id="4" type="player" x="16" y="0" width="16" height="16"/></objectgroup>
</map>)";
        const LoadResult r = tmx::importTmxFromData(text, QStringLiteral("gz.tmx"), {});
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QVERIFY(r.level->tile(0, 0) == Tile::Solid);
        QVERIFY(r.level->tile(1, 0) == Tile::Empty);
        QVERIFY(r.level->tile(2, 0) == Tile::OneWay);
        QCOMPARE(r.level->spawns.at(0).id, 4);
    }

    void importsTileTypesInAnyCase() {
        // Tiled users type the types by hand: any case names the kind (the level
        // library's words, compared as Qt folds case); another spelling is no kind.
        const QByteArray text =
            R"(<map orientation="orthogonal" width="5" height="1" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="t"><tile id="0" type="SOLID"/><tile id="1" class="One_Way"/>
  <tile id="2" type="one-way"/><tile id="3" type=" solid"/><tile id="4" type="Empty"/></tileset>
 <layer width="5" height="1"><data encoding="csv">1,2,3,4,5</data></layer>
 <objectgroup><object type="player" x="16" y="0" width="16" height="16"/></objectgroup>
</map>)";
        const LoadResult r = tmx::importTmxFromData(text, QStringLiteral("case.tmx"), {});
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QCOMPARE(r.level->tile(0, 0), Tile::Solid);
        QCOMPARE(r.level->tile(1, 0), Tile::OneWay);
        QCOMPARE(r.level->tile(2, 0), Tile::Empty);
        QCOMPARE(r.level->tile(3, 0), Tile::Empty);
        QCOMPARE(r.level->tile(4, 0), Tile::Empty);
    }

    void importsTileElements() {
        // The oldest TMX form: one <tile gid=".."/> per cell.
        const QByteArray text =
            R"(<map orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="t"><tile id="0" type="solid"/><tile id="1" type="one_way"/></tileset>
 <layer width="2" height="2"><data><tile gid="2"/><tile/><tile gid="1"/><tile gid="1"/></data></layer>
 <objectgroup><object type="player" x="16" y="0" width="16" height="16"/></objectgroup>
</map>)";
        const LoadResult r = tmx::importTmxFromData(text, QStringLiteral("old.tmx"), {});
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QVERIFY(r.level->tile(0, 0) == Tile::OneWay);
        QVERIFY(r.level->tile(1, 0) == Tile::Empty);
        QVERIFY(r.level->tile(0, 1) == Tile::Solid);
        QVERIFY(r.level->tile(1, 1) == Tile::Solid);
        // A gid written with a '+' is the number, in CSV as in a <tile> (a level file's
        // "+2" is 2 too); flip flags in the top bits take the whole 32 bits.
        for (const QString& data :
             {QStringLiteral("<data encoding=\"csv\">+2,0,\n1,4026531841</data>"),
              QStringLiteral("<data><tile gid=\"+2\"/><tile/><tile gid=\"1\"/>"
                             "<tile gid=\"4026531841\"/></data>")}) {
            QString plus = QString::fromUtf8(text);
            plus.replace(QRegularExpression(QStringLiteral("<data>.*</data>")), data);
            const LoadResult p =
                tmx::importTmxFromData(plus.toUtf8(), QStringLiteral("old.tmx"), {});
            QVERIFY2(p.ok(), qPrintable(describe(p)));
            QVERIFY(p.level->tiles == r.level->tiles);
        }
    }

    // A whole number reads as a level file's does (level::readIntText()): "+5" is 5 in every
    // integer attribute and property, and a number past 64 bits, negative too, is out of
    // the range (was "must be between 1 and 4096, got +3" and "expected an integer").
    void integersReadAsLevelFilesReadThem() {
        const QString map = QStringLiteral(
            "<map orientation=\"orthogonal\" width=\"%1\" height=\"+2\" tilewidth=\"+16\" "
            "tileheight=\"16\">\n <properties><property name=\"tilesmith.version\" value=\"+1\"/>"
            "<property name=\"physics.partition_cell\" type=\"int\" value=\"+4\"/></properties>\n"
            " <tileset firstgid=\"+1\" name=\"t\"><tile id=\"+0\" type=\"solid\"/></tileset>\n"
            " <layer width=\"+3\" height=\"2\"><data encoding=\"csv\">0,0,0,+1,1,1</data></layer>\n"
            " <objectgroup><object id=\"+7\" type=\"player\" x=\"+16\" y=\"+16\"/></objectgroup>\n"
            "</map>");
        const LoadResult r = tmx::importTmxFromData(map.arg(QStringLiteral("+3")).toUtf8(),
                                                    QStringLiteral("p.tmx"), {});
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QCOMPARE(r.level->width, 3);
        QCOMPARE(r.level->tileSize, 16);
        QCOMPARE(r.level->physics.partitionCell, 4);
        QCOMPARE(r.level->spawns.at(0).id, 7);
        QCOMPARE(r.level->tile(0, 1), Tile::Solid);
        const QString huge = QStringLiteral("-99999999999999999999");
        const LoadResult h =
            tmx::importTmxFromData(map.arg(huge).toUtf8(), QStringLiteral("p.tmx"), {});
        QVERIFY(!h.errors.empty());
        QCOMPARE(QString::fromStdString(h.errors.front().toString()),
                 "p.tmx:1:31: error: 'width' must be between 1 and 4096, got " + huge);
    }
};

QTEST_GUILESS_MAIN(TestTmxImport)
#include "test_tmx_import.moc"
