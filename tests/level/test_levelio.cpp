// Level model, loading, canonical saving and hostile input.
#include "tilesmith/level/level.h"
#include "tilesmith/level/levelio.h"
#include "yamltree.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <random>
#include <sys/resource.h>
#include <unistd.h>

using namespace ts;
using namespace ts::level;

namespace {

QString levelsDir() {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels");
}

std::string readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray b = f.readAll();
    return std::string(b.constData(), static_cast<std::size_t>(b.size()));
}

std::string errorsText(const LoadResult& r) {
    std::string s;
    for (const Diagnostic& d : r.errors)
        s += d.toString() + "\n";
    return s;
}

/// A small valid level as text (row 0 on line 6).
const char* const kSmall = "tilesmith: 1\n"
                           "name: Small\n"
                           "width: 4\n"
                           "height: 3\n"
                           "tiles: |\n"
                           "  ....\n"
                           "  .==.\n"
                           "  ####\n"
                           "spawns:\n"
                           "  - {id: 1, kind: player, x: 0, y: 1}\n";

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
                                             "\x01"
                                             "ctl"};
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
                key = "k";
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

/// Both parsers must build the same tree: kinds, styles, positions, values.
bool sameTree(const detail::YTree& a, int ia, const detail::YTree& b, int ib, std::string& why) {
    if ((ia < 0) != (ib < 0)) {
        why = "one tree has a node the other lacks";
        return false;
    }
    if (ia < 0)
        return true;
    const detail::YNode& x = a.at(ia);
    const detail::YNode& y = b.at(ib);
    if (x.kind != y.kind || x.plain != y.plain || x.literal != y.literal || x.flow != y.flow ||
        x.line != y.line || x.column != y.column || a.value(x) != b.value(y) ||
        x.count != y.count) {
        why = "node at " + std::to_string(x.line) + ":" + std::to_string(x.column) + " '" +
              std::string(a.value(x)) + "' vs " + std::to_string(y.line) + ":" +
              std::to_string(y.column) + " '" + std::string(b.value(y)) + "' (kind " +
              std::to_string(int(x.kind)) + "/" + std::to_string(int(y.kind)) + ", plain " +
              std::to_string(x.plain) + "/" + std::to_string(y.plain) + ", flow " +
              std::to_string(x.flow) + "/" + std::to_string(y.flow) + ")";
        return false;
    }
    for (int ca = x.first, cb = y.first; ca >= 0 || cb >= 0;
         ca = ca >= 0 ? a.at(ca).next : -1, cb = cb >= 0 ? b.at(cb).next : -1) {
        if (!sameTree(a, ca, b, cb, why))
            return false;
    }
    return true;
}

/// 1 when the fast path took the text and matched yaml-cpp, 0 when it declined,
/// -1 on a mismatch (with `why`).
int compareParsers(const std::string& text, std::string& why) {
    detail::YTree fast, slow;
    const Limits limits;
    if (!detail::parseFastSubset(text, limits, fast))
        return 0;
    std::vector<Diagnostic> errors;
    if (!detail::parseWithYamlCpp(text, "t", limits, slow, errors)) {
        why = "yaml-cpp refuses text the fast path took: " + errors[0].toString();
        return -1;
    }
    return sameTree(fast, fast.root, slow, slow.root, why) ? 1 : -1;
}

} // namespace

class TestLevelIo : public QObject {
    Q_OBJECT

private slots:
    void model();
    void diagnosticText();
    void loadsSmallLevel();
    void samples_data();
    void samples();
    void randomLevelsRoundTrip();
    void fastPathMatchesYamlCpp_data();
    void fastPathMatchesYamlCpp();
    void mutationsNeverCrash();
    void propertyTypesSurvive();
    void canonicalFormIsStable();
    void crlfAndBomLoad();
    void reportsAllErrorsUpToTheCap();
    void hostile_data();
    void hostile();
    void hugeInputs();
    void limitsAreConfigurable();
    void validateModel();
    void atomicSaveWritesAndReplaces();
    void atomicSaveFailureKeepsOldFile();
    void missingFile();
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
    const QStringList dirs{levelsDir(),
                           QStringLiteral(TILESMITH_SOURCE_DIR "/tests/level/invalid")};
    for (const QString& dir : dirs) {
        for (const QString& f : QDir(dir).entryList({"*.yaml"}, QDir::Files, QDir::Name)) {
            QFile file(dir + "/" + f);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QTest::newRow(qPrintable(f)) << file.readAll() << dir.endsWith("levels");
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

void TestLevelIo::reportsAllErrorsUpToTheCap() {
    // Three independent errors are all reported, in file order.
    std::string text = kSmall;
    text.replace(text.find("width: 4"), 8, "width: 4\nfoo: 1");
    text.replace(text.find("kind: player"), 12, "kind: player, mass: -2");
    text += "physics: {dt: 0}\n";
    const LoadResult r = loadLevelFromString(text, "x.yaml");
    QVERIFY(!r.ok());
    QVERIFY(!r.level.has_value());
    QCOMPARE(r.errors.size(), std::size_t(3));
    QCOMPARE(r.errors[0].line, 4);
    QVERIFY(r.errors[0].message.find("unknown key 'foo'") != std::string::npos);
    QCOMPARE(r.errors[1].line, 11);
    QVERIFY(r.errors[1].message.find("'mass'") != std::string::npos);
    QCOMPARE(r.errors[2].line, 12);
    QVERIFY(r.errors[2].message.find("'dt'") != std::string::npos);

    // A map full of bad characters stops at the cap with a final note.
    std::string many = "tilesmith: 1\nwidth: 100\nheight: 10\ntiles: |\n";
    for (int y = 0; y < 10; ++y)
        many += "  " + std::string(100, 'x') + "\n";
    Limits limits;
    limits.maxErrors = 20;
    const LoadResult m = loadLevelFromString(many, "many.yaml", limits);
    QCOMPARE(m.errors.size(), std::size_t(21));
    QVERIFY(m.errors.back().message.find("too many errors") != std::string::npos);
    QCOMPARE(m.errors[0].line, 5);
    QCOMPARE(m.errors[0].column, 3);
    QCOMPARE(m.errors[1].column, 4);
}

void TestLevelIo::hostile_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");

    QByteArray bomb = "tilesmith: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 30; ++i) {
        bomb += QByteArray("a") + QByteArray::number(i) + ": &a" + QByteArray::number(i) + " [";
        for (int k = 0; k < 10; ++k)
            bomb += (k ? ", *a" : "*a") + QByteArray::number(i - 1);
        bomb += "]\n";
    }
    QTest::newRow("alias bomb") << bomb << 2 << 5 << "anchors ('&name') are not allowed";
    QTest::newRow("alias only") << QByteArray("tilesmith: 1\nwidth: *w\n") << 2 << 8
                                << "invalid YAML: the referenced anchor is not defined";
    QTest::newRow("10k flow nesting")
        << (QByteArray("tilesmith: 1\nwidth: ") + QByteArray(10000, '[') + QByteArray(10000, ']'))
        << 2 << 71 << "nesting is too deep";
    QByteArray blockDeep = "tilesmith: 1\nx:\n";
    for (int i = 1; i <= 2000; ++i)
        blockDeep += QByteArray(i, ' ') + "k:\n";
    QTest::newRow("2000-deep block nesting") << blockDeep << 66 << 65 << "nesting is too deep";
    QTest::newRow("10k dashes") << (QByteArray("tilesmith: 1\nx:\n") +
                                    QByteArray(20000, '-').replace("--", "- "))
                                << 3 << 1 << "nesting is too deep";
    QTest::newRow("NUL") << QByteArray("tilesmith: 1\nname: a\0b\n", 23) << 2 << 8 << "NUL byte";
    QTest::newRow("bad UTF-8") << QByteArray("tilesmith: 1\nname: ab\xC3(\n") << 2 << 9
                               << "invalid UTF-8 (byte 0xC3)";
    QTest::newRow("overlong UTF-8")
        << QByteArray("tilesmith: 1\nname: \xC0\xAF\n") << 2 << 7 << "invalid UTF-8";
    QTest::newRow("UTF-16 surrogate")
        << QByteArray("tilesmith: 1\nname: \xED\xA0\x80\n") << 2 << 7 << "invalid UTF-8";
    QTest::newRow("1e400") << QByteArray(kSmall).replace("y: 1}", "y: 1, mass: 1e400}") << 10 << 45
                           << "'mass' must be between 0 and 1000000, got 1e400";
    QTest::newRow(".nan") << QByteArray(kSmall).replace("y: 1}", "y: 1, vx: .nan}") << 10 << 43
                          << "expected a finite number for 'vx'";
    QTest::newRow("-.inf") << QByteArray(kSmall).replace("y: 1}", "y: 1, vy: -.inf}") << 10 << 43
                           << "expected a finite number for 'vy'";
    QTest::newRow("huge int") << QByteArray(kSmall).replace("width: 4",
                                                            "width: 1" + QByteArray(400, '0'))
                              << 3 << 8 << "'width' must be between 1 and 4096";
    QTest::newRow("-5 size") << QByteArray(kSmall).replace("height: 3", "height: -5") << 4 << 9
                             << "'height' must be between 1 and 4096, got -5";
    QTest::newRow("negative spawn size") << QByteArray(kSmall).replace("y: 1}", "y: 1, width: -12}")
                                         << 10 << 46 << "'width' must be greater than 0";
    QTest::newRow("5000x5000") << QByteArray(
                                      "tilesmith: 1\nwidth: 5000\nheight: 5000\ntiles: |\n  ....\n")
                               << 2 << 8 << "'width' must be between 1 and 4096, got 5000";
    QTest::newRow("two documents")
        << (QByteArray(kSmall) + "---\n" + kSmall) << 11 << 1 << "one YAML document";
    QTest::newRow("tag") << QByteArray(kSmall).replace("name: Small", "name: !!binary AAAA") << 2
                         << 7 << "tags";
    QTest::newRow("control") << QByteArray("tilesmith: 1\nname: \x1b[31m\n") << 2 << 7
                             << "control character 0x1B";
    QTest::newRow("not yaml") << QByteArray("tilesmith: 1\nname: [a\n  b: c\n") << 3 << 4
                              << "invalid YAML";
    QTest::newRow("binary junk") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << 1 << 1
                                 << "invalid UTF-8 (byte 0x89)";
    QTest::newRow("scalar root") << QByteArray("hello") << 1 << 1 << "expected a mapping";
}

void TestLevelIo::hostile() {
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    const LoadResult r = loadLevelFromString(
        std::string(text.constData(), static_cast<std::size_t>(text.size())), "hostile.yaml");
    QVERIFY(!r.ok());
    QVERIFY(!r.errors.empty());
    const auto found = std::find_if(r.errors.begin(), r.errors.end(), [&](const Diagnostic& e) {
        return e.message.find(message.toStdString()) != std::string::npos;
    });
    QVERIFY2(found != r.errors.end(), r.errors[0].toString().c_str());
    const Diagnostic& d = *found;
    QCOMPARE(d.line, line);
    QCOMPARE(d.column, column);
}

void TestLevelIo::hugeInputs() {
    // A string one byte over the limit is refused before parsing.
    Limits limits;
    std::string big(limits.maxFileBytes + 1, ' ');
    const LoadResult r = loadLevelFromString(big, "big.yaml");
    QCOMPARE(r.errors.size(), std::size_t(1));
    QVERIFY(r.errors[0].message.find("too large") != std::string::npos);
    big.clear();
    big.shrink_to_fit();

    // A file over a (small) limit is refused without reading it all.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("big.yaml");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(300000, '#'));
    f.close();
    limits.maxFileBytes = 100000;
    const LoadResult rf = loadLevelFile(path.toStdString(), limits);
    QCOMPARE(rf.errors.size(), std::size_t(1));
    QVERIFY(rf.errors[0].message.find("too large") != std::string::npos);
    QCOMPARE(rf.errors[0].file, path.toStdString());

    // The largest map allowed loads.
    std::string maxMap = "tilesmith: 1\nwidth: 4096\nheight: 2\ntiles: |\n  " +
                         std::string(4096, '.') + "\n  " + std::string(4096, '#') +
                         "\nspawns:\n  - {id: 1, kind: player, x: 4095, y: 0}\n";
    const LoadResult mr = loadLevelFromString(maxMap);
    QVERIFY2(mr.ok(), errorsText(mr).c_str());
    QCOMPARE(mr.level->tiles.size(), std::size_t(8192));
}

void TestLevelIo::limitsAreConfigurable() {
    Limits limits;
    limits.maxSpawns = 2;
    std::string text = kSmall;
    text += "  - {id: 2, kind: npc, x: 1, y: 1}\n  - {id: 3, kind: box, x: 2, y: 1}\n";
    QVERIFY(loadLevelFromString(text).ok());
    LoadResult r = loadLevelFromString(text, "s.yaml", limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors[0].line, 10);
    QCOMPARE(r.errors[0].column, 3);
    QVERIFY(r.errors[0].message.find("too many spawns (3; the limit is 2)") != std::string::npos);

    limits = Limits{};
    limits.maxWidth = 3;
    r = loadLevelFromString(kSmall, "s.yaml", limits);
    QVERIFY(!r.ok());
    QVERIFY(r.errors[0].message.find("'width' must be between 1 and 3") != std::string::npos);

    limits = Limits{};
    limits.maxNodes = 10;
    r = loadLevelFromString(kSmall, "s.yaml", limits);
    QVERIFY(!r.ok());
    QVERIFY(r.errors[0].message.find("too many YAML values") != std::string::npos);

    limits = Limits{};
    limits.maxDepth = 4;
    r = loadLevelFromString(kSmall, "s.yaml", limits);
    QVERIFY2(r.ok(), errorsText(r).c_str()); // the format itself needs 4 levels
    text = kSmall;
    text.replace(text.find("y: 1}"), 5, "y: 1, properties: {a: [1]}}");
    r = loadLevelFromString(text, "s.yaml", limits);
    QVERIFY(!r.ok());
    QVERIFY(r.errors[0].message.find("nesting is too deep") != std::string::npos);
}

void TestLevelIo::validateModel() {
    Level l = Level::make(4, 3);
    l.setTile(0, 2, Tile::Solid);
    std::vector<Diagnostic> e = validateLevel(l, "m.yaml");
    QCOMPARE(e.size(), std::size_t(1));
    QVERIFY(e[0].message.find("no player") != std::string::npos);
    QCOMPARE(e[0].line, 0);
    QCOMPARE(e[0].file, std::string("m.yaml"));

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
    QVERIFY2(error.find("cannot replace") != std::string::npos, error.c_str());
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

void TestLevelIo::missingFile() {
    const LoadResult r = loadLevelFile("/nonexistent/dir/level.yaml");
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].toString(),
             std::string("/nonexistent/dir/level.yaml: error: cannot open the file: No such "
                         "file or directory"));
    QTemporaryDir dir;
    const LoadResult d = loadLevelFile(dir.path().toStdString());
    QVERIFY(!d.ok());
    QVERIFY2(d.errors[0].message.find("cannot read") != std::string::npos,
             d.errors[0].toString().c_str());
}

void TestLevelIo::mutationsNeverCrash() {
    // Seeded random edits of a valid level: every result loads or gives
    // positioned errors, never crashes (run under ASan in CI); a result that
    // loads round-trips; and the fast path never disagrees with yaml-cpp.
    const std::string base = readAll(levelsDir() + "/playground.yaml");
    QVERIFY(!base.empty());
    static const char pieces[][6] = {
        "{",  "}",  "[",   "]",    ":", ": ", ",",    "\"",           "'",    "#",
        "&a", "*a", "!",   "|",    ">", "-",  "- ",   "\n",           "\n  ", " ",
        "\t", "\\", "1e9", ".nan", "x", "=",  "\xC3", "\xE2\x9C\x93", "~"};
    std::mt19937 rng(777);
    int loaded = 0;
    int fast = 0;
    for (int round = 0; round < 600; ++round) {
        std::string text = base;
        const int edits = 1 + static_cast<int>(rng() % 3);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = rng() % (text.size() + 1);
            const char* piece = pieces[rng() % std::size(pieces)];
            switch (rng() % 3) {
            case 0:
                text.insert(at, piece);
                break;
            case 1:
                text.erase(at, 1 + rng() % 4);
                break;
            default:
                text.replace(at, 1, piece);
            }
        }
        const LoadResult r = loadLevelFromString(text, "m.yaml");
        if (r.ok()) {
            ++loaded;
            const LoadResult again = loadLevelFromString(saveLevelToString(*r.level));
            QVERIFY2(again.ok() && *again.level == *r.level, text.c_str());
        } else {
            QVERIFY(!r.errors.empty());
            for (const Diagnostic& d : r.errors)
                QVERIFY(d.line >= 0 && d.column >= 0 && !d.message.empty());
        }
        std::string why;
        // Only texts that pass the raw checks reach either parser.
        std::string normalized;
        detail::YTree unused;
        std::vector<Diagnostic> pre;
        if (detail::parseYamlTree(text, "m", Limits{}, normalized, unused, pre)) {
            const int c = compareParsers(normalized, why);
            QVERIFY2(c >= 0, (why + "\n" + text).c_str());
            fast += c;
        }
    }
    qInfo("%d of 600 edited levels loaded, %d took the fast path", loaded, fast);
    QVERIFY(loaded >= 5); // some edits keep the level valid
    QVERIFY(fast > 100);  // and the fast path was exercised
}

QTEST_GUILESS_MAIN(TestLevelIo)
#include "test_levelio.moc"
