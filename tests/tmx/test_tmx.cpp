// TMX export and import: structure of our maps, exact round trips, and the real Tiled
// 1.8 (`tiled`, `tmxrasterizer`) reading our export when it is installed. Maps made
// elsewhere (base64, zlib, external tilesets, flip flags) and errors with positions:
// test_tmx_import.cpp.
#include "samplelevels.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/tmx/tmx.h"
#include "tmx_testutil.h"

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
#include <sys/stat.h>
#include <unistd.h>

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
        tmx::ExportError error;
        QVERIFY2(tmx::exportTmx(level, path, &error), qPrintable(error.toString()));

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
        std::size_t artTilesets = 0, artLayers = 0;
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
            } else if (r.name() == QLatin1String("tileset") &&
                       r.attributes().value(QLatin1String("firstgid")).toInt() > 3) {
                // An art tileset, after the legend's three tiles (test_tmx_art checks them).
                ++artTilesets;
                r.skipCurrentElement();
            } else if (r.name() == QLatin1String("layer") &&
                       r.attributes().value(QLatin1String("name")) != QLatin1String("collision")) {
                ++artLayers; // an art layer (test_tmx_art checks its cells)
                r.skipCurrentElement();
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
        QCOMPARE(artTilesets, level.tilesets.size());
        QCOMPARE(artLayers, level.art.size());
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
        // The sample as Tiled keeps it: auto layers as their tiles (image names are
        // written as the level holds them when no level folder is given).
        const Level want = testlevels::withArtPainted(level);
        QCOMPARE(saveLevelToString(*back.level), saveLevelToString(want));
        QVERIFY(*back.level == want);
        // Without art, the level file written from the import is the canonical sample file.
        Level plain = level;
        plain.art.clear();
        plain.tilesets.clear();
        QVERIFY(tmx::exportTmx(plain, path));
        const LoadResult plainBack = tmx::importTmx(path);
        QVERIFY2(plainBack.ok(), qPrintable(describe(plainBack)));
        QCOMPARE(saveLevelToString(*plainBack.level), saveLevelToString(plain));
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
        tmx::ExportError error;
        QVERIFY(!tmx::exportTmx(trickyLevel(), dir.filePath(QStringLiteral("no/such/dir/m.tmx")),
                                &error));
        QCOMPARE(error.path, dir.filePath(QStringLiteral("no/such/dir/m-tiles.png")));
        QCOMPARE(error.reason, QStringLiteral("No such file or directory"));
        QVERIFY(error.toString().startsWith(QLatin1String("cannot write ") + error.path));
    }

    void exportKeepsPermissions() {
        // An export over a map (and its tileset image) keeps each file's permission bits,
        // as a level's Save does: a read-only (0444) map came back 0644 (as root, where
        // the export may replace it).
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("modes.tmx"));
        const QString image = tmx::tilesetImagePath(path);
        QVERIFY(tmx::exportTmx(trickyLevel(), path));
        const auto modeOf = [](const QString& file) {
            struct stat st {};
            return ::stat(QFile::encodeName(file).constData(), &st) == 0 ? st.st_mode & 07777
                                                                         : mode_t(0);
        };
        for (const mode_t mode : {mode_t(0640), mode_t(0444), mode_t(0604)}) {
            QVERIFY(::chmod(QFile::encodeName(path).constData(), mode) == 0);
            QVERIFY(::chmod(QFile::encodeName(image).constData(), mode & 0444) == 0);
            tmx::ExportError error;
            const bool exported = tmx::exportTmx(trickyLevel(), path, &error);
            if (!exported && ::geteuid() != 0)
                continue; // the atomic writer refuses a read-only file to anyone but root
            QVERIFY2(exported, qPrintable(error.toString()));
            QCOMPARE(modeOf(path), mode);
            QCOMPARE(modeOf(image), mode & 0444);
        }
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
        QVERIFY(*back.level == testlevels::withArtPainted(level));
    }
};

QTEST_GUILESS_MAIN(TestTmx)
#include "test_tmx.moc"
