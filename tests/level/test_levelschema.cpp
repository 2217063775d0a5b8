// The JSON Schema (docs/format/level.schema.json) under a third-party
// validator: python3-jsonschema (Draft 2020-12) through /usr/bin/python3.
// Every sample (and tests/level/valid/) must pass; every invalid corpus file must
// fail, except those marked "# schema: valid (...)" whose mistake a schema cannot
// express (two values compared, e.g. rows against 'width'): the schema must accept those.
// Its numbers are the level library's limits (tilesmith/level/limits.h).
#include "tilesmith/level/limits.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

class TestLevelSchema : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void files_data();
    void files();
    void limitsAreTheLibrarys();

private:
    QHash<QString, QString> mVerdicts; ///< file -> "OK" or "INVALID: reason"
};

static const QString kSource = QStringLiteral(TILESMITH_SOURCE_DIR);

static QStringList allFiles() {
    QStringList out;
    for (const QString& dir : {kSource + "/resources/levels", kSource + "/tests/level/valid",
                               kSource + "/tests/level/invalid"}) {
        for (const QString& f : QDir(dir).entryList({"*.yaml"}, QDir::Files, QDir::Name))
            out << dir + "/" + f;
    }
    return out;
}

void TestLevelSchema::initTestCase() {
    const QString python = QStringLiteral("/usr/bin/python3");
    if (!QFile::exists(python))
        QSKIP("/usr/bin/python3 is missing (CI installs python3-jsonschema python3-yaml)");
    QProcess p;
    QStringList args{kSource + "/tests/level/check_schema.py",
                     kSource + "/docs/format/level.schema.json"};
    args << allFiles();
    p.start(python, args);
    QVERIFY(p.waitForFinished(240000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    if (p.exitCode() == 3)
        QSKIP(qPrintable("the schema check needs python3-jsonschema and python3-yaml: " + out));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
             qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
    for (const QString& line : out.split('\n', Qt::SkipEmptyParts)) {
        if (line.startsWith("OK ")) {
            mVerdicts.insert(line.mid(3), QStringLiteral("OK"));
        } else if (line.startsWith("INVALID ")) {
            const int colon = line.indexOf(": ", 8);
            mVerdicts.insert(line.mid(8, colon - 8), "INVALID: " + line.mid(colon + 2));
        }
    }
}

void TestLevelSchema::files_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("valid");
    for (const QString& path : allFiles()) {
        bool valid = !path.contains("/tests/level/invalid/");
        if (!valid) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            f.readLine();
            valid = f.readLine().startsWith("# schema: valid");
        }
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path << valid;
    }
}

void TestLevelSchema::files() {
    QFETCH(QString, path);
    QFETCH(bool, valid);
    QVERIFY2(mVerdicts.contains(path), "the validator gave no verdict");
    const QString verdict = mVerdicts.value(path);
    if (valid)
        QVERIFY2(verdict == "OK", qPrintable(verdict));
    else
        QVERIFY2(verdict.startsWith("INVALID"), "the schema accepts a file the loader refuses");
}

/// Every range the schema states is the one limits.h defines (the schema is a copy
/// for other tools; this keeps it from drifting).
void TestLevelSchema::limitsAreTheLibrarys() {
    namespace lim = ts::level::limits;
    QFile f(kSource + "/docs/format/level.schema.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject top = root.value("properties").toObject();
    const QJsonObject defs = root.value("$defs").toObject();
    const QJsonObject spawn = defs.value("spawn").toObject().value("properties").toObject();
    const QJsonObject physics = defs.value("physics").toObject().value("properties").toObject();
    const auto checkInt = [](const QJsonObject& o, const char* key, lim::IntRange r) {
        const QJsonObject p = o.value(key).toObject();
        QVERIFY2(p.value("minimum").toInt() == r.lo && p.value("maximum").toInt() == r.hi, key);
    };
    const auto checkFloat = [](const QJsonObject& o, const char* key, lim::FloatRange r) {
        const QJsonObject p = o.value(key).toObject();
        const char* lowKey = r.loOpen ? "exclusiveMinimum" : "minimum";
        QVERIFY2(p.contains(lowKey) && float(p.value(lowKey).toDouble()) == float(r.lo), key);
        QVERIFY2(p.value("maximum").toDouble() == r.hi, key);
    };
    checkInt(top, "tile_size", lim::kTileSize);
    checkInt(top, "width", lim::kMapSide);
    checkInt(top, "height", lim::kMapSide);
    QCOMPARE(top.value("name").toObject().value("maxLength").toInt(), int(lim::kMaxNameBytes));
    QCOMPARE(top.value("spawns").toObject().value("maxItems").toInt(), lim::kMaxSpawns);
    checkInt(spawn, "x", lim::kTileCoordinate);
    checkInt(spawn, "y", lim::kTileCoordinate);
    checkFloat(spawn, "width", lim::kSpawnSize);
    checkFloat(spawn, "height", lim::kSpawnSize);
    checkFloat(spawn, "radius", lim::kRadius);
    checkFloat(spawn, "restitution", lim::kRestitution);
    checkFloat(spawn, "vx", lim::kVelocity);
    checkFloat(spawn, "vy", lim::kVelocity);
    const QJsonObject mass =
        spawn.value("mass").toObject().value("anyOf").toArray().at(1).toObject();
    QCOMPARE(float(mass.value("minimum").toDouble()), lim::kMinMass);
    QCOMPARE(mass.value("maximum").toDouble(), lim::kMass.hi);
    checkFloat(physics, "gravity", lim::kGravity);
    checkFloat(physics, "walk_speed", lim::kSpeed);
    checkFloat(physics, "jump_speed", lim::kSpeed);
    checkFloat(physics, "max_fall_speed", lim::kMaxFallSpeed);
    checkFloat(physics, "one_way_threshold", lim::kOneWayThreshold);
    checkInt(physics, "partition_cell", lim::kPartitionCell);
    checkFloat(physics, "dt", lim::kDt);

    // Art: tilesets, art layers and auto rules.
    const QJsonObject tileset = defs.value("tileset").toObject().value("properties").toObject();
    const QJsonObject layer = defs.value("artLayer").toObject().value("properties").toObject();
    const QJsonObject rule = defs.value("autoRule").toObject().value("properties").toObject();
    checkInt(tileset, "tile_size", lim::kTilesetTileSize);
    checkInt(tileset, "columns", lim::kTilesetColumns);
    checkInt(tileset, "count", lim::kTilesetCount);
    checkInt(tileset, "margin", lim::kTilesetMargin);
    checkInt(tileset, "spacing", lim::kTilesetSpacing);
    QCOMPARE(tileset.value("name").toObject().value("maxLength").toInt(), int(lim::kMaxNameBytes));
    QCOMPARE(layer.value("name").toObject().value("maxLength").toInt(), int(lim::kMaxNameBytes));
    checkFloat(layer, "opacity", lim::kArtOpacity);
    QCOMPARE(layer.value("seed").toObject().value("maximum").toDouble(), 4294967295.0);
    QCOMPARE(top.value("tilesets").toObject().value("maxItems").toInt(), lim::kMaxTilesets);
    QCOMPARE(top.value("art").toObject().value("maxItems").toInt(), lim::kMaxArtLayers);
    QCOMPARE(layer.value("rules").toObject().value("maxItems").toInt(), lim::kMaxAutoRules);
    const QJsonObject tiles = rule.value("tiles").toObject();
    QCOMPARE(tiles.value("maxItems").toInt(), lim::kMaxRuleTiles);
    QCOMPARE(tiles.value("minItems").toInt(), 1);
    // A tile index is below the largest count (below its tileset's: the loader checks).
    const lim::IntRange index{0, lim::kTilesetCount.hi - 1, ""};
    checkInt(rule, "tile", index);
    checkInt(tiles, "items", index);
}

QTEST_GUILESS_MAIN(TestLevelSchema)
#include "test_levelschema.moc"
