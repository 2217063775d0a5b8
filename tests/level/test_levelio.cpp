// Level model, loading, canonical saving and atomic saves (errors and hostile
// input: test_levelio_errors.cpp).
#include "levelio_testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <random>
#include <sys/resource.h>
#include <unistd.h>
#include <utility>

using namespace ts;
using namespace ts::level;
using namespace ts::level::test;

namespace {

// Random but valid values, from a seeded generator (std::mt19937 is specified
// exactly by the standard, so the levels are the same everywhere).
struct Gen {
    std::mt19937 rng;
    explicit Gen(unsigned seed) : rng(seed) {}
    int range(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
    float real(float lo, float hi) {
        // Any float bit pattern in range: exercises the shortest round-trip text.
        return std::uniform_real_distribution<float>(lo, hi)(rng);
    }
    bool coin() { return range(0, 1) == 1; }

    std::string text() {
        static const char* const tricky[] = {"",
                                             "yes",
                                             "No",
                                             "true",
                                             "null",
                                             "~",
                                             "1",
                                             "-2.5",
                                             "1e5",
                                             "0x10",
                                             ".inf",
                                             " lead",
                                             "trail ",
                                             "a: b",
                                             "#hash",
                                             "x #y",
                                             "[list]",
                                             "{map}",
                                             "a, b",
                                             "quote\"",
                                             "back\\slash",
                                             "line\nbreak",
                                             "tab\there",
                                             "caf\xC3\xA9",
                                             "\xE2\x9C\x93 ok",
                                             "-dash",
                                             "? q",
                                             "& amp",
                                             "* star",
                                             "! bang",
                                             "| pipe",
                                             "> gt",
                                             "'single'",
                                             "%pct",
                                             "@at",
                                             "`tick`",
                                             "plain words",
                                             "under_score",
                                             "CamelCase",
                                             "a.b/c(d)+e",
                                             "\001ctl"};
        if (coin())
            return tricky[range(0, static_cast<int>(std::size(tricky)) - 1)];
        std::string s;
        const int n = range(1, 12);
        for (int i = 0; i < n; ++i)
            s += static_cast<char>(range(0x20, 0x7E));
        return s;
    }

    PropertyValue value() {
        switch (range(0, 3)) {
        case 0:
            return coin();
        case 1:
            if (coin())
                return static_cast<std::int64_t>(range(-1000, 1000));
            // Any 64-bit pattern, INT64_MIN and INT64_MAX included.
            return static_cast<std::int64_t>((std::uint64_t(rng()) << 32) | rng());
        case 2: {
            double d = std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
            if (range(0, 4) == 0)
                d = static_cast<double>(range(-5, 5)); // 2.0 must stay a float
            if (range(0, 9) == 0)
                d = std::ldexp(1.0, range(-300, 300));
            return d;
        }
        default:
            return text();
        }
    }

    Properties properties() {
        Properties p;
        const int n = range(0, 4);
        for (int i = 0; i < n; ++i) {
            std::string key = text();
            if (key.empty())
                key.push_back('k'); // not = "k": g++ 12 -O3 gives a false -Wrestrict
            p[key] = value();
        }
        return p;
    }

    Level level() {
        const int w = range(1, 40);
        const int h = range(1, 30);
        Level l = Level::make(w, h, range(1, 64));
        l.name = text();
        if (range(0, 3) == 0)
            l.legend = Legend{'_', 'X', '-'};
        for (Tile& t : l.tiles)
            t = static_cast<Tile>(range(0, 2));
        const int spawns = range(1, 12);
        for (int i = 0; i < spawns; ++i) {
            const SpawnKind kind = i == 0 ? SpawnKind::Player : static_cast<SpawnKind>(range(1, 3));
            Spawn s = Spawn::withDefaults(kind, i + 1 + range(0, 3) * 100, range(0, w - 1),
                                          range(0, h - 1));
            l.setTile(s.x, s.y, Tile::Empty);
            if (coin()) {
                if (kind == SpawnKind::Ball) {
                    s.radius = real(0.5f, 64.0f);
                } else {
                    s.width = real(1.0f, 64.0f);
                    s.height = real(1.0f, 64.0f);
                }
                s.mass = coin() ? 0.0f : real(0.0f, 100.0f);
                s.restitution = real(0.0f, 1.0f);
                s.vx = real(-500.0f, 500.0f);
                s.vy = real(-500.0f, 500.0f);
            }
            if (coin())
                s.properties = properties();
            l.spawns.push_back(s);
        }
        if (coin()) {
            l.physics.gravity = real(0, 5000);
            l.physics.walkSpeed = real(0, 500);
            l.physics.jumpSpeed = real(0, 900);
            l.physics.maxFallSpeed = real(1, 2000);
            l.physics.oneWayThreshold = real(0, 8);
            l.physics.partitionCell = range(1, 64);
            l.physics.dt = real(0.001f, 0.1f);
        }
        l.properties = properties();
        return l;
    }
};

} // namespace

class TestLevelIo : public QObject {
    Q_OBJECT

private slots:
    void model();
    void spawnFit();
    void diagnosticText();
    void loadsSmallLevel();
    void samples_data();
    void samples();
    void randomLevelsRoundTrip();
    void fastPathMatchesYamlCpp_data();
    void fastPathMatchesYamlCpp();
    void propertyTypesSurvive();
    void canonicalFormIsStable();
    void crlfAndBomLoad();
    void validateModel();
    void atomicSaveWritesAndReplaces();
    void atomicSaveFailureKeepsOldFile();
};

void TestLevelIo::model() {
    Level l = Level::make(5, 3, 8);
    QCOMPARE(l.width, 5);
    QCOMPARE(l.height, 3);
    QCOMPARE(l.tileSize, 8);
    QCOMPARE(l.tiles.size(), std::size_t(15));
    l.setTile(4, 2, Tile::Solid);
    l.setTile(5, 0, Tile::Solid);  // outside: ignored
    l.setTile(-1, 0, Tile::Solid); // outside: ignored
    QCOMPARE(l.tile(4, 2), Tile::Solid);
    QCOMPARE(l.tiles[14], Tile::Solid);
    QCOMPARE(l.tile(5, 0), Tile::Empty);
    QCOMPARE(l.tile(0, -1), Tile::Empty);
    QCOMPARE(std::count(l.tiles.begin(), l.tiles.end(), Tile::Solid), 1);

    QCOMPARE(l.nextSpawnId(), 1);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 7, 1, 1));
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 3, 2, 1));
    QCOMPARE(l.nextSpawnId(), 8);
    QVERIFY(l.findSpawn(3) && l.findSpawn(3)->kind == SpawnKind::Player);
    QVERIFY(l.findSpawn(4) == nullptr);
    QCOMPARE(l.player()->id, 3);

    const Spawn p = Spawn::withDefaults(SpawnKind::Player);
    QCOMPARE(p.width, 12.0f);
    QCOMPARE(p.height, 20.0f);
    QCOMPARE(p.mass, 1.0f);
    QCOMPARE(p.restitution, 0.0f);
    const Spawn b = Spawn::withDefaults(SpawnKind::Box);
    QCOMPARE(b.width, 16.0f);
    QCOMPARE(b.mass, 2.0f);
    QCOMPARE(b.restitution, 0.2f);
    const Spawn ball = Spawn::withDefaults(SpawnKind::Ball);
    QCOMPARE(ball.radius, 8.0f);
    QCOMPARE(ball.restitution, 0.8f);

    for (SpawnKind k : {SpawnKind::Player, SpawnKind::Npc, SpawnKind::Box, SpawnKind::Ball}) {
        SpawnKind back = SpawnKind::Box;
        QVERIFY(spawnKindFromName(spawnKindName(k), back));
        QCOMPARE(back, k);
    }
    SpawnKind unused = SpawnKind::Box;
    QVERIFY(!spawnKindFromName("enemy", unused));
    QVERIFY(!spawnKindFromName("Player", unused));
    // The editor's names, which replay reports use too.
    QCOMPARE(spawnLabel(SpawnKind::Npc, 2), std::string("NPC #2"));
    QCOMPARE(spawnLabel(SpawnKind::Player, 1), std::string("Player #1"));
    QCOMPARE(spawnLabel(SpawnKind::Ball, 12), std::string("Ball #12"));
    QCOMPARE(std::string(spawnKindTitle(SpawnKind::Goal)), std::string("Goal"));
    QCOMPARE(std::string(spawnKindTitle(SpawnKind::Box)), std::string("Box"));
}

void TestLevelIo::spawnFit() {
    // The one rule for "a spawn (the player) can stand here", used by the loader's
    // checks, the editor's spawn edits and the jump arcs.
    Level l = Level::make(4, 3);
    l.setTile(1, 2, Tile::Solid);
    l.setTile(2, 2, Tile::OneWay);
    QCOMPARE(l.spawnFit(0, 0), SpawnFit::Fits);
    QCOMPARE(l.spawnFit(3, 2), SpawnFit::Fits);
    QCOMPARE(l.spawnFit(2, 2), SpawnFit::Fits); // a one-way platform holds a spawn
    QCOMPARE(l.spawnFit(1, 2), SpawnFit::Solid);
    const std::pair<int, int> offMap[] = {{-1, 0}, {4, 0}, {0, -1}, {0, 3}, {-1, -1}, {4, 3}};
    for (auto [x, y] : offMap)
        QCOMPARE(l.spawnFit(x, y), SpawnFit::OffMap);
    for (int y = -1; y <= 3; ++y)
        for (int x = -1; x <= 4; ++x)
            QCOMPARE(l.canHoldSpawn(x, y), l.spawnFit(x, y) == SpawnFit::Fits);

    // validateLevel refuses exactly the spawns that do not fit.
    for (int y = -1; y <= 3; ++y) {
        for (int x = -1; x <= 4; ++x) {
            Level v = l;
            v.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, x, y));
            QCOMPARE(validateLevel(v).empty(), v.canHoldSpawn(x, y));
        }
    }
}

void TestLevelIo::diagnosticText() {
    Diagnostic d{"a.yaml", 3, 5, "unknown key 'colour'"};
    QCOMPARE(d.toString(), std::string("a.yaml:3:5: error: unknown key 'colour'"));
    d.column = 0;
    QCOMPARE(d.toString(), std::string("a.yaml:3: error: unknown key 'colour'"));
    d.line = 0;
    QCOMPARE(d.toString(), std::string("a.yaml: error: unknown key 'colour'"));
    d.file.clear();
    QCOMPARE(d.toString(), std::string("error: unknown key 'colour'"));
}

void TestLevelIo::loadsSmallLevel() {
    const LoadResult r = loadLevelFromString(kSmall, "small.yaml");
    QVERIFY2(r.ok(), errorsText(r).c_str());
    const Level& l = *r.level;
    QCOMPARE(l.name, std::string("Small"));
    QCOMPARE(l.tileSize, 16);
    QCOMPARE(l.tile(1, 1), Tile::OneWay);
    QCOMPARE(l.tile(0, 2), Tile::Solid);
    QCOMPARE(l.tile(0, 0), Tile::Empty);
    QCOMPARE(l.spawns.size(), std::size_t(1));
    // Fields left out take the kind's defaults.
    QCOMPARE(l.spawns[0], Spawn::withDefaults(SpawnKind::Player, 1, 0, 1));
    QCOMPARE(l.physics, PhysicsSettings{});
}

void TestLevelIo::samples_data() {
    QTest::addColumn<QString>("path");
    const QStringList files = QDir(levelsDir()).entryList({"*.yaml"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 4);
    for (const QString& f : files)
        QTest::newRow(qPrintable(f)) << levelsDir() + "/" + f;
    const QStringList valid = QDir(validDir()).entryList({"*.yaml"}, QDir::Files, QDir::Name);
    QVERIFY(!valid.isEmpty());
    for (const QString& f : valid)
        QTest::newRow(qPrintable("valid/" + f)) << validDir() + "/" + f;
}

void TestLevelIo::samples() {
    QFETCH(QString, path);
    const std::string text = readAll(path);
    QVERIFY(!text.empty());
    const LoadResult r = loadLevelFile(path.toStdString());
    QVERIFY2(r.ok(), errorsText(r).c_str());
    QVERIFY(validateLevel(*r.level).empty());
    // Canonical: load -> save gives the same bytes.
    const std::string saved = saveLevelToString(*r.level);
    QVERIFY2(saved == text, "sample is not in canonical form (regenerate it and save it)");
    const LoadResult again = loadLevelFromString(saved);
    QVERIFY(again.ok());
    QVERIFY(*again.level == *r.level);
}

void TestLevelIo::randomLevelsRoundTrip() {
    Gen gen(12345);
    for (int i = 0; i < 300; ++i) {
        const Level l = gen.level();
        const std::vector<Diagnostic> problems = validateLevel(l);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems[0].toString().c_str());
        const std::string text = saveLevelToString(l);
        const LoadResult r = loadLevelFromString(text, "random.yaml");
        QVERIFY2(r.ok(), (errorsText(r) + text).c_str());
        if (!(*r.level == l)) {
            qWarning("level %d does not round-trip:\n%s", i, text.c_str());
            QFAIL("load(save(level)) != level");
        }
        QCOMPARE(saveLevelToString(*r.level), text);
        QCOMPARE(saveLevelToString(l), text); // byte-identical every time
        // Canonical text always takes the fast path, and it reads it as yaml-cpp does.
        std::string why;
        QVERIFY2(compareParsers(text, why) == 1, (why + "\n" + text).c_str());
    }
}

void TestLevelIo::fastPathMatchesYamlCpp_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("fast"); // must the fast path take it?
    const QStringList dirs{levelsDir(), validDir(),
                           QStringLiteral(TILESMITH_SOURCE_DIR "/tests/level/invalid")};
    for (const QString& dir : dirs) {
        for (const QString& f : QDir(dir).entryList({"*.yaml"}, QDir::Files, QDir::Name)) {
            QFile file(dir + "/" + f);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QTest::newRow(qPrintable(QDir(dir).dirName() + "/" + f))
                << file.readAll() << !dir.endsWith("invalid");
        }
    }
    QTest::newRow("small") << QByteArray(kSmall) << true;
    QTest::newRow("quoted keys") << QByteArray(
                                        "a: {\"x y\": 1, b: \"q\\\"\\x01\"}\nc:\n  \"k\": v w\n")
                                 << true;
    QTest::newRow("trailing spaces") << QByteArray("a: b  \nc: {d: e , f: g}\n") << true;
    QTest::newRow("comment") << QByteArray("a: 1 # c\n") << false;
    QTest::newRow("no final newline") << QByteArray("a: 1") << false;
    QTest::newRow("block list") << QByteArray("a:\n  - 1\n") << false;
    QTest::newRow("indented rows") << QByteArray("t: |\n   ..\n  ..\n") << false;
    QTest::newRow("flow list") << QByteArray("a: [1, 2]\n") << false;
    QTest::newRow("colon in value") << QByteArray("a: b:c\n") << false;
    QTest::newRow("null value") << QByteArray("a:\nb: 1\n") << false;
}

void TestLevelIo::fastPathMatchesYamlCpp() {
    QFETCH(QByteArray, text);
    QFETCH(bool, fast);
    std::string why;
    const int r = compareParsers(text.toStdString(), why);
    QVERIFY2(r >= 0, why.c_str());
    if (fast)
        QCOMPARE(r, 1);
}

void TestLevelIo::propertyTypesSurvive() {
    Level l = Level::make(2, 2);
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1));
    l.properties = {{"f", 2.0},
                    {"i", std::int64_t(2)},
                    {"s", std::string("2")},
                    {"b", true},
                    {"sb", std::string("true")},
                    {"big", std::int64_t(-9223372036854775807LL - 1)},
                    {"tiny", 5e-324},
                    {"e", 1e300}};
    const std::string text = saveLevelToString(l);
    QVERIFY2(text.find("  f: 2.0\n") != std::string::npos, text.c_str());
    QVERIFY2(text.find("  i: 2\n") != std::string::npos, text.c_str());
    QVERIFY2(text.find("  s: \"2\"\n") != std::string::npos, text.c_str());
    QVERIFY2(text.find("  sb: \"true\"\n") != std::string::npos, text.c_str());
    const LoadResult r = loadLevelFromString(text);
    QVERIFY2(r.ok(), errorsText(r).c_str());
    QVERIFY(r.level->properties == l.properties);
    QVERIFY(std::holds_alternative<double>(r.level->properties.at("f")));
    QVERIFY(std::holds_alternative<std::int64_t>(r.level->properties.at("i")));
    QVERIFY(std::holds_alternative<std::string>(r.level->properties.at("s")));
    QVERIFY(std::holds_alternative<bool>(r.level->properties.at("b")));
}

void TestLevelIo::canonicalFormIsStable() {
    // Hand-written text with comments, any key order and flow/block mix loads
    // and saves to the canonical form; the canonical form then never changes.
    const std::string messy = "# a comment\n"
                              "spawns:\n"
                              "  - id: 2\n"
                              "    kind: ball\n"
                              "    x: 2\n"
                              "    y: 0\n"
                              "  - {kind: player, y: 1, x: 0, id: 1}\n"
                              "tiles: |\n"
                              "  ....\n"
                              "  .==.\n"
                              "  ####\n"
                              "height: 3\n"
                              "width: 4\n"
                              "tilesmith: 1\n"
                              "physics:\n"
                              "  dt: 0.0166666667\n";
    const LoadResult r = loadLevelFromString(messy);
    QVERIFY2(r.ok(), errorsText(r).c_str());
    const std::string canonical = saveLevelToString(*r.level);
    const std::string expected =
        "tilesmith: 1\n"
        "name: Untitled\n"
        "tile_size: 16\n"
        "width: 4\n"
        "height: 3\n"
        "tiles: |\n"
        "  ....\n"
        "  .==.\n"
        "  ####\n"
        "spawns:\n"
        "  - {id: 2, kind: ball, x: 2, y: 0, radius: 8, mass: 1, restitution: 0.8, vx: 0, vy: 0}\n"
        "  - {id: 1, kind: player, x: 0, y: 1, width: 12, height: 20, mass: 1, restitution: 0, "
        "vx: 0, vy: 0}\n"
        "physics: {gravity: 1500, walk_speed: 160, jump_speed: 480, max_fall_speed: 720, "
        "one_way_threshold: 2, partition_cell: 16, dt: 0.016666668}\n";
    QCOMPARE(canonical, expected);
    const LoadResult again = loadLevelFromString(canonical);
    QVERIFY(again.ok());
    QCOMPARE(saveLevelToString(*again.level), canonical);

    // A custom legend is written; the default one is not.
    Level l = *r.level;
    l.legend = Legend{' ' + 1, '"', '\\'};
    const std::string withLegend = saveLevelToString(l);
    QVERIFY2(withLegend.find("legend: {\"!\": empty, \"\\\"\": solid, \"\\\\\": one_way}\n") !=
                 std::string::npos,
             withLegend.c_str());
    const LoadResult lr = loadLevelFromString(withLegend);
    QVERIFY2(lr.ok(), errorsText(lr).c_str());
    QVERIFY(*lr.level == l);
}

void TestLevelIo::crlfAndBomLoad() {
    std::string crlf;
    for (const char* p = kSmall; *p; ++p) {
        if (*p == '\n')
            crlf += '\r';
        crlf += *p;
    }
    const LoadResult a = loadLevelFromString(kSmall);
    const LoadResult b = loadLevelFromString(crlf);
    const LoadResult c = loadLevelFromString("\xEF\xBB\xBF" + crlf);
    QVERIFY2(b.ok(), errorsText(b).c_str());
    QVERIFY2(c.ok(), errorsText(c).c_str());
    QVERIFY(*a.level == *b.level);
    QVERIFY(*a.level == *c.level);
    // Positions in CRLF files count lines as editors do.
    std::string bad = crlf;
    bad.replace(bad.find(".==."), 4, ".=x.");
    const LoadResult d = loadLevelFromString(bad, "crlf.yaml");
    QCOMPARE(d.errors.size(), std::size_t(1));
    QCOMPARE(d.errors[0].toString(),
             std::string("crlf.yaml:7:5: error: unknown tile character 'x' (the legend has "
                         "'.', '#' and '=')"));
}

void TestLevelIo::validateModel() {
    Level l = Level::make(4, 3);
    l.setTile(0, 2, Tile::Solid);
    // A level without a player is valid (a game may load one for its art).
    QVERIFY(validateLevel(l, "m.yaml").empty());
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 7, 0, 2));
    std::vector<Diagnostic> e = validateLevel(l, "m.yaml");
    QCOMPARE(e.size(), std::size_t(1));
    QVERIFY(e[0].message.find("inside a solid tile") != std::string::npos);
    QCOMPARE(e[0].line, 0);
    QCOMPARE(e[0].file, std::string("m.yaml"));
    l.spawns.clear();

    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 0, 1));
    QVERIFY(validateLevel(l).empty());
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 0, 2));
    l.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 3, 9, 1));
    l.spawns.back().restitution = 2;
    e = validateLevel(l);
    QCOMPARE(e.size(), std::size_t(5));
    std::string all;
    for (const Diagnostic& d : e)
        all += d.message + "\n";
    QVERIFY2(all.find("second player") != std::string::npos, all.c_str());
    QVERIFY2(all.find("duplicate spawn id 1") != std::string::npos, all.c_str());
    QVERIFY2(all.find("inside a solid tile") != std::string::npos, all.c_str());
    QVERIFY2(all.find("outside the map: x is 9") != std::string::npos, all.c_str());
    QVERIFY2(all.find("'restitution' must be between 0 and 1") != std::string::npos, all.c_str());

    Level bad = Level::make(0, 3);
    bad.physics.dt = 0;
    bad.tileSize = 0;
    bad.legend.solid = bad.legend.empty;
    e = validateLevel(bad);
    all.clear();
    for (const Diagnostic& d : e)
        all += d.message + "\n";
    QVERIFY2(all.find("'width' must be between 1 and 4096, got 0") != std::string::npos,
             all.c_str());
    QVERIFY2(all.find("'dt'") != std::string::npos, all.c_str());
    QVERIFY2(all.find("'tile_size'") != std::string::npos, all.c_str());
    QVERIFY2(all.find("three different characters") != std::string::npos, all.c_str());
}

void TestLevelIo::atomicSaveWritesAndReplaces() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("level.yaml").toStdString();
    Level a = *loadLevelFromString(kSmall).level;
    std::string error = "stale";
    QVERIFY(saveLevelFile(a, path, &error));
    QVERIFY(error.empty());
    QCOMPARE(readAll(QString::fromStdString(path)), saveLevelToString(a));
    Level b = a;
    b.name = "Second";
    QVERIFY(saveLevelFile(b, path, &error));
    QCOMPARE(readAll(QString::fromStdString(path)), saveLevelToString(b));
    const LoadResult r = loadLevelFile(path);
    QVERIFY(r.ok());
    QVERIFY(*r.level == b);
    // No temporary files are left behind.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"level.yaml"});
}

void TestLevelIo::atomicSaveFailureKeepsOldFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("level.yaml");
    Level small = *loadLevelFromString(kSmall).level;
    QVERIFY(saveLevelFile(small, path.toStdString()));
    const std::string old = readAll(path);

    // Writing fails half-way: a file size limit (works even as root).
    Level big = Level::make(1000, 100);
    big.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1));
    rlimit saved{};
    QVERIFY(getrlimit(RLIMIT_FSIZE, &saved) == 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small4k = saved;
    small4k.rlim_cur = 4096;
    QVERIFY(setrlimit(RLIMIT_FSIZE, &small4k) == 0);
    std::string error;
    const bool ok = saveLevelFile(big, path.toStdString(), &error);
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
    QVERIFY(!ok);
    QVERIFY2(error.find("cannot write") != std::string::npos, error.c_str());
    QCOMPARE(readAll(path), old);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"level.yaml"});

    // The target cannot be replaced (it is a directory): the temp file goes away.
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    QVERIFY(QFile::copy(path, dir.filePath("sub/keep.yaml")));
    QVERIFY(!saveLevelFile(small, dir.filePath("sub").toStdString(), &error));
    QVERIFY2(error.find("Is a directory") != std::string::npos, error.c_str());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"level.yaml"});

    // No directory to write into.
    QVERIFY(!saveLevelFile(small, dir.filePath("missing/level.yaml").toStdString(), &error));
    QVERIFY2(error.find("cannot create a temporary file") != std::string::npos, error.c_str());

    // An unwritable directory (only meaningful when not running as root).
    if (::geteuid() != 0) {
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        QVERIFY(!saveLevelFile(big, path.toStdString(), &error));
        QVERIFY(QFile::setPermissions(dir.path(),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QCOMPARE(readAll(path), old);
    }
}

QTEST_GUILESS_MAIN(TestLevelIo)
#include "test_levelio.moc"
