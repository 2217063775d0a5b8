// TMX export and import: structure of our maps, exact round trips, hand-written Tiled
// maps (base64, zlib, external tilesets, flip flags), errors with positions, and the
// real Tiled 1.8 (`tiled`, `tmxrasterizer`) reading our export when it is installed.
#include "tilesmith/level/levelio.h"
#include "tmx/tmx.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <charconv>

using namespace ts;
using namespace ts::level;

namespace {

QString samplesDir() {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels");
}

/// Every sample level; `small` leaves out the 1024 x 1024 one (for slow external tools).
QStringList samples(bool small = false) {
    QStringList out;
    for (const QString& f :
         QDir(samplesDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        if (small && QFileInfo(samplesDir() + QLatin1Char('/') + f).size() > 512 * 1024)
            continue;
        out << f;
    }
    return out;
}

Level loadSample(const QString& name) {
    const LoadResult r = loadLevelFile((samplesDir() + QLatin1Char('/') + name).toStdString());
    if (!r.ok()) {
        for (const Diagnostic& d : r.errors)
            qWarning("%s", d.toString().c_str());
        qFatal("sample %s does not load", qPrintable(name));
    }
    return *r.level;
}

int expectedGid(Tile t) {
    return t == Tile::Solid ? tmx::kSolidGid : t == Tile::OneWay ? tmx::kOneWayGid : 0;
}

float toFloat(const QString& s) {
    float v = 0;
    const std::string b = s.toStdString();
    std::from_chars(b.data(), b.data() + b.size(), v);
    return v;
}

QString describe(const LoadResult& r) {
    QStringList lines;
    for (const Diagnostic& d : r.errors)
        lines << QString::fromStdString(d.toString());
    return lines.join(QLatin1Char('\n'));
}

/// A level that uses every corner of the model: custom legend and physics, every
/// property type, names that collide with ours, multi-line text, odd sizes.
Level trickyLevel() {
    Level l = Level::make(9, 6, 24);
    l.name = "Tricky <&> \"level\"";
    l.legend = Legend{'_', 'X', '-'};
    l.physics.gravity = 1234.5f;
    l.physics.walkSpeed = 99.25f;
    l.physics.jumpSpeed = 401.f;
    l.physics.maxFallSpeed = 555.5f;
    l.physics.oneWayThreshold = 3.75f;
    l.physics.partitionCell = 8;
    l.physics.dt = 1.0f / 120.0f;
    for (int x = 0; x < l.width; ++x)
        l.setTile(x, l.height - 1, Tile::Solid);
    l.setTile(3, 2, Tile::OneWay);
    l.setTile(4, 2, Tile::OneWay);
    l.properties["author"] = std::string("Ana");
    l.properties["lines"] = std::string("first\nsecond & <third>");
    l.properties["lives"] = std::int64_t(-3);
    l.properties["big"] = std::int64_t(1) << 40;
    l.properties["ratio"] = 0.1;
    l.properties["whole"] = 2.0;
    l.properties["hard"] = true;
    l.properties["easy"] = false;
    l.properties["physics.gravity"] = std::string("not ours");
    l.properties["tilesmith.name"] = std::string("not ours either");
    l.properties["property.x"] = std::int64_t(7);
    l.properties["empty"] = std::string();
    Spawn p = Spawn::withDefaults(SpawnKind::Player, 5, 1, 4);
    p.width = 12.3f;
    p.height = 19.7f;
    p.properties["id"] = std::string("shadow id");
    p.properties["mass"] = 3.5;
    p.properties["property.q"] = true;
    p.properties["skin"] = std::string("blue");
    l.spawns.push_back(p);
    Spawn b = Spawn::withDefaults(SpawnKind::Ball, 2, 7, 4);
    b.radius = 5.5f;
    b.mass = 0.75f;
    b.restitution = 0.9f;
    b.vx = -120.5f;
    b.vy = 33.f;
    l.spawns.push_back(b);
    Spawn n = Spawn::withDefaults(SpawnKind::Npc, 9, 4, 1);
    n.properties["speed"] = 1.5;
    l.spawns.push_back(n);
    Spawn box = Spawn::withDefaults(SpawnKind::Box, 1, 8, 4);
    box.mass = 0;
    l.spawns.push_back(box);
    return l;
}

bool runTool(const QString& program, const QStringList& args, QString* output = nullptr) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return false;
    }
    if (output)
        *output = QString::fromLocal8Bit(p.readAllStandardOutput() + p.readAllStandardError());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

const QString kTiled = QStringLiteral("/usr/bin/tiled");
const QString kRasterizer = QStringLiteral("/usr/bin/tmxrasterizer");

} // namespace

class TestTmx : public QObject {
    Q_OBJECT

private slots:
    void exportStructure_data() {
        QTest::addColumn<QString>("sample");
        for (const QString& s : samples())
            QTest::newRow(qPrintable(s)) << s;
    }
    void exportStructure() {
        QFETCH(QString, sample);
        const Level level = loadSample(sample);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.tmx"));
        QString error;
        QVERIFY2(tmx::exportTmx(level, path, &error), qPrintable(error));

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader r(&f);
        QVERIFY(r.readNextStartElement());
        QCOMPARE(r.name(), QLatin1String("map"));
        auto a = r.attributes();
        QCOMPARE(a.value(QLatin1String("version")), QLatin1String("1.8"));
        QCOMPARE(a.value(QLatin1String("orientation")), QLatin1String("orthogonal"));
        QCOMPARE(a.value(QLatin1String("width")).toInt(), level.width);
        QCOMPARE(a.value(QLatin1String("height")).toInt(), level.height);
        QCOMPARE(a.value(QLatin1String("tilewidth")).toInt(), level.tileSize);
        QCOMPARE(a.value(QLatin1String("tileheight")).toInt(), level.tileSize);

        bool sawProps = false, sawTileset = false, sawLayer = false, sawObjects = false;
        while (r.readNextStartElement()) {
            if (r.name() == QLatin1String("properties")) {
                sawProps = true;
                QMap<QString, QString> props;
                while (r.readNextStartElement()) {
                    props[r.attributes().value(QLatin1String("name")).toString()] =
                        r.attributes().value(QLatin1String("value")).toString();
                    r.skipCurrentElement();
                }
                QCOMPARE(props.value(QStringLiteral("tilesmith.name")),
                         QString::fromStdString(level.name));
                QCOMPARE(toFloat(props.value(QStringLiteral("physics.gravity"))),
                         level.physics.gravity);
                QCOMPARE(toFloat(props.value(QStringLiteral("physics.dt"))), level.physics.dt);
                QCOMPARE(props.value(QStringLiteral("physics.partition_cell")).toInt(),
                         level.physics.partitionCell);
                for (const auto& [key, value] : level.properties)
                    QVERIFY2(props.contains(QString::fromStdString(key)), key.c_str());
            } else if (r.name() == QLatin1String("tileset")) {
                sawTileset = true;
                QCOMPARE(r.attributes().value(QLatin1String("firstgid")).toInt(), 1);
                QCOMPARE(r.attributes().value(QLatin1String("tilecount")).toInt(), 3);
                QStringList types;
                while (r.readNextStartElement()) {
                    if (r.name() == QLatin1String("image")) {
                        const QString src =
                            r.attributes().value(QLatin1String("source")).toString();
                        QCOMPARE(src, QStringLiteral("out-tiles.png"));
                        const QImage img(dir.filePath(src));
                        QCOMPARE(img.size(), QSize(3 * level.tileSize, level.tileSize));
                        QCOMPARE(r.attributes().value(QLatin1String("width")).toInt(),
                                 3 * level.tileSize);
                    } else if (r.name() == QLatin1String("tile")) {
                        types << r.attributes().value(QLatin1String("id")).toString() + "=" +
                                     r.attributes().value(QLatin1String("type")).toString();
                    }
                    r.skipCurrentElement();
                }
                QCOMPARE(types.join(QLatin1Char(' ')), QStringLiteral("0=empty 1=solid 2=one_way"));
            } else if (r.name() == QLatin1String("layer")) {
                sawLayer = true;
                QCOMPARE(r.attributes().value(QLatin1String("name")), QLatin1String("collision"));
                QVERIFY(r.readNextStartElement());
                QCOMPARE(r.name(), QLatin1String("data"));
                QCOMPARE(r.attributes().value(QLatin1String("encoding")), QLatin1String("csv"));
                const QString text = r.readElementText();
                const QStringList rows = text.trimmed().split(QLatin1Char('\n'));
                QCOMPARE(rows.size(), level.height);
                for (int y = 0; y < level.height; ++y) {
                    QStringList cells = rows[y].split(QLatin1Char(','));
                    if (cells.last().isEmpty())
                        cells.removeLast();
                    QCOMPARE(cells.size(), level.width);
                    for (int x = 0; x < level.width; ++x)
                        if (cells[x].toInt() != expectedGid(level.tile(x, y)))
                            QFAIL(qPrintable(QStringLiteral("cell %1,%2").arg(x).arg(y)));
                }
                r.skipCurrentElement();
            } else if (r.name() == QLatin1String("objectgroup")) {
                sawObjects = true;
                QCOMPARE(r.attributes().value(QLatin1String("name")), QLatin1String("spawns"));
                std::size_t i = 0;
                while (r.readNextStartElement()) {
                    QVERIFY(i < level.spawns.size());
                    const Spawn& s = level.spawns[i++];
                    const auto oa = r.attributes();
                    QCOMPARE(oa.value(QLatin1String("type")).toString(),
                             QString::fromLatin1(spawnKindName(s.kind)));
                    const double x = oa.value(QLatin1String("x")).toDouble();
                    const double y = oa.value(QLatin1String("y")).toDouble();
                    const double w = oa.value(QLatin1String("width")).toDouble();
                    const double h = oa.value(QLatin1String("height")).toDouble();
                    // Bottom centre on the bottom centre of the spawn's tile, y down.
                    QCOMPARE(x + w / 2, (s.x + 0.5) * level.tileSize);
                    QCOMPARE(y + h, double(s.y + 1) * level.tileSize);
                    bool ellipse = false;
                    QString id;
                    while (r.readNextStartElement()) {
                        if (r.name() == QLatin1String("ellipse"))
                            ellipse = true;
                        if (r.name() == QLatin1String("properties")) {
                            while (r.readNextStartElement()) {
                                if (r.attributes().value(QLatin1String("name")) ==
                                    QLatin1String("id"))
                                    id = r.attributes().value(QLatin1String("value")).toString();
                                r.skipCurrentElement();
                            }
                            continue;
                        }
                        r.skipCurrentElement();
                    }
                    QCOMPARE(ellipse, s.kind == SpawnKind::Ball);
                    QCOMPARE(id.toInt(), s.id);
                }
                QCOMPARE(i, level.spawns.size());
            } else {
                r.skipCurrentElement();
            }
        }
        QVERIFY2(!r.hasError(), qPrintable(r.errorString()));
        QVERIFY(sawProps && sawTileset && sawLayer && sawObjects);
    }

    void roundTripSamples_data() { exportStructure_data(); }
    void roundTripSamples() {
        QFETCH(QString, sample);
        const Level level = loadSample(sample);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("round.tmx"));
        QVERIFY(tmx::exportTmx(level, path));
        const LoadResult back = tmx::importTmx(path);
        QVERIFY2(back.ok(), qPrintable(describe(back)));
        QVERIFY(*back.level == level);
        // And the level file written from the import is the canonical sample file.
        QFile original(samplesDir() + QLatin1Char('/') + sample);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(QByteArray::fromStdString(saveLevelToString(*back.level)), original.readAll());
    }

    void roundTripEveryField() {
        const Level level = trickyLevel();
        const std::vector<Diagnostic> problems = validateLevel(level);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().toString().c_str());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tricky.tmx"));
        QVERIFY(tmx::exportTmx(level, path));
        const LoadResult back = tmx::importTmx(path);
        QVERIFY2(back.ok(), qPrintable(describe(back)));
        QCOMPARE(back.level->name, level.name);
        QVERIFY(back.level->legend == level.legend);
        QVERIFY(back.level->physics == level.physics);
        QVERIFY(back.level->properties == level.properties);
        QCOMPARE(back.level->spawns.size(), level.spawns.size());
        for (std::size_t i = 0; i < level.spawns.size(); ++i)
            QVERIFY2(back.level->spawns[i] == level.spawns[i], qPrintable(QString::number(i)));
        QVERIFY(*back.level == level);
    }

    void exportIsAtomicAndReplaces() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.tmx"));
        QVERIFY(tmx::exportTmx(trickyLevel(), path));
        QVERIFY(tmx::exportTmx(loadSample(QStringLiteral("tutorial.yaml")), path));
        const LoadResult back = tmx::importTmx(path);
        QVERIFY(back.ok());
        QCOMPARE(back.level->name, std::string("Tutorial"));
        // Only the map and its tileset image: no temporary files left behind.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 2);
        QString error;
        QVERIFY(!tmx::exportTmx(trickyLevel(), dir.filePath(QStringLiteral("no/such/dir/m.tmx")),
                                &error));
        QVERIFY(error.contains(QLatin1String("cannot write")));
    }

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

    void importErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        const QString head = QStringLiteral(
            "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"3\" height=\"2\" "
            "tilewidth=\"16\" tileheight=\"16\">\n"
            " <tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" tileheight=\"16\">\n"
            "  <tile id=\"1\" type=\"solid\"/>\n </tileset>\n");
        const QString obj = QStringLiteral(
            " <objectgroup id=\"2\" name=\"s\">\n  <object id=\"1\" type=\"player\" x=\"0\" "
            "y=\"0\" width=\"8\" height=\"16\"/>\n </objectgroup>\n");
        QTest::newRow("malformed xml")
            << head + " <layer width=\"3\" height=\"2\"><data encoding=\"csv\">0,0,0,0,0,0</layer>"
            << 6 << 70 << "malformed XML";
        QTest::newRow("not a map")
            << "<?xml version=\"1.0\"?>\n<tileset/>" << 2 << 1 << "expected a <map> element";
        QTest::newRow("isometric")
            << "<map orientation=\"isometric\" width=\"3\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"16\"/>"
            << 1 << 1 << "only orthogonal maps";
        QTest::newRow("not square")
            << "<map orientation=\"orthogonal\" width=\"3\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"8\"/>"
            << 1 << 1 << "tiles must be square";
        QTest::newRow("too big")
            << "<map orientation=\"orthogonal\" width=\"5000\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"16\"/>"
            << 1 << 1 << "the limit is 4096 x 4096";
        QTest::newRow("bad width")
            << "<map orientation=\"orthogonal\" width=\"-3\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"16\"/>"
            << 1 << 1 << "attribute 'width' of <map>: expected an integer >= 1, got '-3'";
        QTest::newRow("infinite")
            << "<map orientation=\"orthogonal\" infinite=\"1\" width=\"3\" height=\"2\" "
               "tilewidth=\"16\" tileheight=\"16\"/>"
            << 1 << 1 << "infinite maps cannot be imported";
        QTest::newRow("bad csv value")
            << head +
                   " <layer width=\"3\" height=\"2\"><data encoding=\"csv\">\n0,0,0,\n0,x7,0\n"
                   "</data></layer>\n" +
                   obj + "</map>"
            << 8 << 3 << "expected a tile gid (a whole number), got 'x7'";
        QTest::newRow("too few tiles")
            << head +
                   " <layer width=\"3\" height=\"2\"><data encoding=\"csv\">0,0,0,0,0</data>"
                   "</layer>\n" +
                   obj + "</map>"
            << 6 << 30 << "layer '' has 5 tiles, expected 3 x 2 = 6";
        QTest::newRow("layer size")
            << head + " <layer name=\"L\" width=\"4\" height=\"2\"/>\n</map>" << 6 << 2
            << "layer 'L' is 4 x 2 tiles, the map is 3 x 2";
        QTest::newRow("corrupt gzip")
            << head + " <layer width=\"3\" height=\"2\"><data encoding=\"base64\" "
                      "compression=\"gzip\">AAAA</data></layer>\n</map>"
            << 6 << 30 << "the gzip data is corrupt";
        QTest::newRow("zstd") << head +
                                     " <layer width=\"3\" height=\"2\"><data encoding=\"base64\" "
                                     "compression=\"zstd\">AAAA</data></layer>\n</map>"
                              << 6 << 30 << "zstd compression is not supported";
        // 16 MiB of zeros in a few KiB: inflating stops at the layer's 24 bytes.
        QTest::newRow("zlib bomb")
            << head +
                   " <layer width=\"3\" height=\"2\"><data encoding=\"base64\" "
                   "compression=\"zlib\">" +
                   QString::fromLatin1(qCompress(QByteArray(16 << 20, '\0')).mid(4).toBase64()) +
                   "</data></layer>\n</map>"
            << 6 << 30 << "the zlib data is corrupt or does not hold 6 tiles";
        QTest::newRow("corrupt zlib")
            << head + " <layer width=\"3\" height=\"2\"><data encoding=\"base64\" "
                      "compression=\"zlib\">AAAAAAAA</data></layer>\n</map>"
            << 6 << 30 << "the zlib data is corrupt";
        QTest::newRow("gid without tileset")
            << "<map orientation=\"orthogonal\" width=\"1\" height=\"1\" tilewidth=\"16\" "
               "tileheight=\"16\">\n <tileset firstgid=\"5\" name=\"t\"/>\n <layer width=\"1\" "
               "height=\"1\"><data encoding=\"csv\">3</data></layer>\n</map>"
            << 3 << 30 << "tile gid 3 (cell 0, 0) belongs to no tileset";
        QTest::newRow("missing tsx")
            << "<map orientation=\"orthogonal\" width=\"1\" height=\"1\" tilewidth=\"16\" "
               "tileheight=\"16\">\n <tileset firstgid=\"1\" source=\"nowhere.tsx\"/>\n</map>"
            << 2 << 2 << "cannot open the tileset 'nowhere.tsx'";
        QTest::newRow("bad bool property")
            << head + obj.left(obj.indexOf(QLatin1String("/>"))) +
                   "><properties>\n<property name=\"hard\" type=\"bool\" value=\"yes\"/>"
                   "</properties></object>\n </objectgroup>\n</map>"
            << 8 << 1 << "property 'hard': expected true or false, got 'yes'";
        QTest::newRow("unknown physics setting")
            << head + "<properties><property name=\"physics.bounce\" value=\"1\"/></properties>" +
                   obj + "</map>"
            << 6 << 13 << "unknown physics setting 'physics.bounce'";
        QTest::newRow("class property")
            << head +
                   "<properties><property name=\"c\" type=\"class\"><properties/></property>"
                   "</properties>" +
                   obj + "</map>"
            << 6 << 13 << "class property";
        QTest::newRow("semantic: no player") << head + "</map>" << 0 << 0 << "player";
    }
    void importErrors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const LoadResult r =
            tmx::importTmxFromData(text.toUtf8(), QStringLiteral("bad.tmx"), dir.path());
        QVERIFY(!r.ok());
        QVERIFY(!r.errors.empty());
        const Diagnostic& d = r.errors.front();
        QVERIFY2(QString::fromStdString(d.message).contains(message, Qt::CaseInsensitive),
                 d.toString().c_str());
        QVERIFY2(d.line == line && d.column == column, d.toString().c_str());
        QVERIFY(QString::fromStdString(d.file).endsWith(QLatin1String(".tmx")) ||
                QString::fromStdString(d.file).endsWith(QLatin1String(".tsx")));
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
    }

    // --- the real Tiled 1.8 -----------------------------------------------------------

    void tiledReadsExport_data() {
        QTest::addColumn<QString>("sample");
        for (const QString& s : samples(true))
            QTest::newRow(qPrintable(s)) << s;
        QTest::newRow("tricky") << QString();
    }
    void tiledReadsExport() {
        if (!QFileInfo::exists(kTiled) || !QFileInfo::exists(kRasterizer))
            QSKIP("Tiled is not installed (apt install tiled gives /usr/bin/tiled and "
                  "/usr/bin/tmxrasterizer); skipping the checks with the real Tiled");
        QFETCH(QString, sample);
        const Level level = sample.isEmpty() ? trickyLevel() : loadSample(sample);
        QTemporaryDir dir;
        const QString tmxPath = dir.filePath(QStringLiteral("ours.tmx"));
        QVERIFY(tmx::exportTmx(level, tmxPath));

        // Tiled's JSON export: the collision data and the spawn objects as Tiled sees them.
        const QString jsonPath = dir.filePath(QStringLiteral("tiled.json"));
        QString out;
        QVERIFY2(
            runTool(kTiled,
                    {QStringLiteral("--export-map"), QStringLiteral("json"), tmxPath, jsonPath},
                    &out),
            qPrintable(out));
        QFile jf(jsonPath);
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const QJsonObject map = QJsonDocument::fromJson(jf.readAll()).object();
        QCOMPARE(map.value(QLatin1String("width")).toInt(), level.width);
        QCOMPARE(map.value(QLatin1String("tilewidth")).toInt(), level.tileSize);
        bool sawLayer = false, sawObjects = false;
        for (const QJsonValue lv : map.value(QLatin1String("layers")).toArray()) {
            const QJsonObject layer = lv.toObject();
            if (layer.value(QLatin1String("name")) == QLatin1String("collision")) {
                sawLayer = true;
                const QJsonArray data = layer.value(QLatin1String("data")).toArray();
                QCOMPARE(data.size(), qsizetype(level.tiles.size()));
                for (qsizetype i = 0; i < data.size(); ++i)
                    if (data[i].toInt() != expectedGid(level.tiles[std::size_t(i)]))
                        QFAIL(qPrintable(QStringLiteral("cell %1").arg(i)));
            } else if (layer.value(QLatin1String("name")) == QLatin1String("spawns")) {
                sawObjects = true;
                const QJsonArray objects = layer.value(QLatin1String("objects")).toArray();
                QCOMPARE(objects.size(), qsizetype(level.spawns.size()));
                for (qsizetype i = 0; i < objects.size(); ++i) {
                    const QJsonObject o = objects[i].toObject();
                    const Spawn& s = level.spawns[std::size_t(i)];
                    QCOMPARE(o.value(QLatin1String("type")).toString(),
                             QString::fromLatin1(spawnKindName(s.kind)));
                    QCOMPARE(o.value(QLatin1String("ellipse")).toBool(), s.kind == SpawnKind::Ball);
                    QMap<QString, QJsonObject> props;
                    for (const QJsonValue pv : o.value(QLatin1String("properties")).toArray())
                        props[pv[QLatin1String("name")].toString()] = pv.toObject();
                    QCOMPARE(props[QStringLiteral("id")][QLatin1String("type")].toString(),
                             QStringLiteral("int"));
                    QCOMPARE(props[QStringLiteral("id")][QLatin1String("value")].toInt(), s.id);
                    // A goal is an area: no body fields.
                    QCOMPARE(props.contains(QStringLiteral("mass")), isBodyKind(s.kind));
                    if (isBodyKind(s.kind)) {
                        QCOMPARE(props[QStringLiteral("mass")][QLatin1String("type")].toString(),
                                 QStringLiteral("float"));
                        QCOMPARE(
                            float(props[QStringLiteral("mass")][QLatin1String("value")].toDouble()),
                            s.mass);
                    }
                    for (const auto& [key, value] : s.properties) {
                        const bool escaped = key == "id" || key == "mass" || key == "restitution" ||
                                             key == "vx" || key == "vy" ||
                                             key.rfind("property.", 0) == 0;
                        const QString name = (escaped ? QStringLiteral("property.") : QString()) +
                                             QString::fromStdString(key);
                        QVERIFY2(props.contains(name), key.c_str());
                        const QString type = props[name][QLatin1String("type")].toString();
                        const QString want = std::holds_alternative<bool>(value)           ? "bool"
                                             : std::holds_alternative<std::int64_t>(value) ? "int"
                                             : std::holds_alternative<double>(value)       ? "float"
                                                                                     : "string";
                        QCOMPARE(type, want);
                    }
                }
            }
        }
        QVERIFY(sawLayer && sawObjects);

        // tmxrasterizer draws the map with our tileset image at the map's pixel size.
        const QString pngPath = dir.filePath(QStringLiteral("tiled.png"));
        QVERIFY2(runTool(kRasterizer, {tmxPath, pngPath}, &out), qPrintable(out));
        const QImage png(pngPath);
        QCOMPARE(png.size(), QSize(level.width * level.tileSize, level.height * level.tileSize));
        // A solid cell shows the legend's solid tile colour.
        for (int i = 0; i < int(level.tiles.size()); ++i) {
            if (level.tiles[std::size_t(i)] != Tile::Solid)
                continue;
            const int x = (i % level.width) * level.tileSize + level.tileSize / 2;
            const int y = (i / level.width) * level.tileSize + level.tileSize / 2;
            QCOMPARE(QColor(png.pixel(x, y)),
                     QColor(tmx::legendTilesetImage(level.tileSize)
                                .pixel(level.tileSize + level.tileSize / 2, level.tileSize / 2)));
            break;
        }

        // Tiled's own TMX writer on our map, read back: tiles and spawns survive.
        const QString againPath = dir.filePath(QStringLiteral("tiled.tmx"));
        QVERIFY2(
            runTool(kTiled,
                    {QStringLiteral("--export-map"), QStringLiteral("tmx"), tmxPath, againPath},
                    &out),
            qPrintable(out));
        const LoadResult back = tmx::importTmx(againPath);
        QVERIFY2(back.ok(), qPrintable(describe(back)));
        QVERIFY(back.level->tiles == level.tiles);
        QVERIFY(back.level->spawns == level.spawns);
        QVERIFY(back.level->properties == level.properties);
        QVERIFY(back.level->physics == level.physics);
        QVERIFY(*back.level == level);
    }
};

QTEST_GUILESS_MAIN(TestTmx)
#include "test_tmx.moc"
