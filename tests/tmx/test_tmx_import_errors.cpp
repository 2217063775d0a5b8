// TMX import errors: every problem of a map (its XML, its attributes, the level it
// converts to) at the line and column of the element, attribute or property that holds
// it, in the level loader's words, each value shown as every reader shows one. Maps that
// import: test_tmx_import.cpp; export and round trips: test_tmx.cpp.
#include "tilesmith/level/levelio.h"
#include "tilesmith/tmx/tmx.h"

#include <QTemporaryDir>
#include <QTest>

using namespace ts;
using namespace ts::level;

class TestTmxImportErrors : public QObject {
    Q_OBJECT

private slots:
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
        QTest::newRow("no orientation")
            << "<map/>" << 1 << 1 << "the <map> has no 'orientation' attribute";
        QTest::newRow("not square")
            << "<map orientation=\"orthogonal\" width=\"3\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"8\"/>"
            << 1 << 1 << "tiles must be square";
        QTest::newRow("too big")
            << "<map orientation=\"orthogonal\" width=\"5000\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"16\"/>"
            << 1 << 31 << "'width' must be between 1 and 4096, got 5000"; // as in a level file
        // Past what an int holds, and past what 64 bits hold: still a number, too large.
        QTest::newRow("huge width")
            << "<map orientation=\"orthogonal\" width=\"99999999999\" height=\"2\" "
               "tilewidth=\"16\" tileheight=\"16\"/>"
            << 1 << 31 << "'width' must be between 1 and 4096, got 99999999999";
        QTest::newRow("huge height")
            << "<map orientation=\"orthogonal\" width=\"2\" height=\"+123456789012345678901234\" "
               "tilewidth=\"16\" tileheight=\"16\"/>"
            << 1 << 41 << "'height' must be between 1 and 4096, got +123456789012345678901234";
        QTest::newRow("huge firstgid")
            << "<map orientation=\"orthogonal\" width=\"3\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"16\">\n <tileset firstgid=\"99999999999\"/>\n</map>"
            << 2 << 11 << "'firstgid' must be between 1 and 2147483647, got 99999999999";
        QTest::newRow("bad width")
            << "<map orientation=\"orthogonal\" width=\"-3\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"16\"/>"
            << 1 << 31 << "'width' must be between 1 and 4096, got -3";
        QTest::newRow("infinite")
            << "<map orientation=\"orthogonal\" infinite=\"1\" width=\"3\" height=\"2\" "
               "tilewidth=\"16\" tileheight=\"16\"/>"
            << 1 << 1 << "infinite maps cannot be imported";
        QTest::newRow("bad csv value")
            << head +
                   " <layer width=\"3\" height=\"2\"><data encoding=\"csv\">\n0,0,0,\n0,x7,0\n"
                   "</data></layer>\n" +
                   obj + "</map>"
            << 8 << 3 << "expected an integer for a tile gid, got 'x7'";
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
                              << 6 << 30 << "the compression 'zstd' is not supported";
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
            << 8 << 1 << "expected true or false for property 'hard', got 'yes'";
        QTest::newRow("unknown physics setting")
            << head + "<properties><property name=\"physics.bounce\" value=\"1\"/></properties>" +
                   obj + "</map>"
            << 6 << 13 << "unknown physics setting 'physics.bounce'";
        QTest::newRow("partition cell past the level's limit")
            << head +
                   "<properties><property name=\"physics.partition_cell\" value=\"2000\"/>"
                   "</properties>" +
                   obj + "</map>"
            << 6 << 13 << "physics 'partition_cell' must be between 1 and 1024, got 2000";
        QTest::newRow("class property")
            << head +
                   "<properties><property name=\"c\" type=\"class\"><properties/></property>"
                   "</properties>" +
                   obj + "</map>"
            << 6 << 13 << "class property";
        QTest::newRow("not a number")
            << "<map orientation=\"orthogonal\" width=\"wide\" height=\"2\" tilewidth=\"16\" "
               "tileheight=\"16\"/>"
            << 1 << 31 << "expected an integer for 'width', got 'wide'";
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

    // Errors the converted level's validation finds (validateLevel(), the rules of
    // rulemessages.h) point at the attribute or property that holds the value, with the
    // YAML loader's words and the value as written; one broken map for each kind.
    void errorsAtTheirSource_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // the first error, whole
        const QString xml = QStringLiteral("<?xml version=\"1.0\"?>\n");
        const auto map = [&](const QString& tile) {
            return xml + "<map orientation=\"orthogonal\" width=\"3\" height=\"2\" tilewidth=\"" +
                   tile + "\" tileheight=\"" + tile + "\">\n" +
                   " <tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" tileheight=\"16\">\n"
                   "  <tile id=\"1\" type=\"solid\"/>\n </tileset>\n";
        };
        const QString head = map(QStringLiteral("16")); // lines 1 to 5
        // Line 6: map properties (the <property> at column 13).
        const auto props = [](const QString& p) { return "<properties>" + p + "</properties>\n"; };
        // The object group: the player on the next line (attributes id at column 11, x 32,
        // y 38, width 44, height 54), its properties on the line after, then `more`.
        const auto objects = [](const QString& playerProps = {}, const QString& more = {},
                                const QString& width = QStringLiteral("8"),
                                const QString& x = QStringLiteral("0")) {
            QString player = "  <object id=\"1\" type=\"player\" x=\"" + x + "\" y=\"0\" width=\"" +
                             width + "\" height=\"16\"";
            player += playerProps.isEmpty()
                          ? QStringLiteral("/>\n")
                          : "><properties>\n" + playerProps + "</properties></object>\n";
            return " <objectgroup id=\"2\" name=\"s\">\n" + player + more +
                   " </objectgroup>\n</map>";
        };
        const auto row = [](const char* name, const QString& text, int line, int column,
                            const QString& message) {
            QTest::newRow(name)
                << text
                << QStringLiteral("bad.tmx:%1:%2: error: %3").arg(line).arg(column).arg(message);
        };
        row("tile size", map(QStringLiteral("300")) + objects(), 2, 52,
            "'tile_size' must be between 1 and 256, got 300");
        row("name",
            head +
                props("<property name=\"tilesmith.name\" value=\"" + QString(1100, 'n') + "\"/>") +
                objects(),
            6, 13, "'name' is too long (1100 bytes; the limit is 1024)");
        row("legend key",
            head + props("<property name=\"tilesmith.legend\" value=\". #\"/>") + objects(), 6, 13,
            "a legend key must be one printable ASCII character other than a space, got the "
            "string \" \"");
        row("legend twice the same",
            head + props("<property name=\"tilesmith.legend\" value=\"..=\"/>") + objects(), 6, 13,
            "the legend must use three different characters for empty, solid and one_way");
        row("property without a name",
            head + props("<property name=\"\" value=\"1\"/>") + objects(), 6, 13,
            "a property name cannot be empty");
        row("property nan",
            head + props("<property name=\"f\" type=\"float\" value=\"nan\"/>") + objects(), 6, 13,
            "property 'f' must be a finite number, got nan");
        row("physics",
            head + props("<property name=\"physics.gravity\" type=\"float\" value=\"1e9\"/>") +
                objects(),
            6, 13, "physics 'gravity' must be between 0 and 100000, got 1e9");
        row("physics nan",
            head + props("<property name=\"physics.dt\" type=\"float\" value=\"nan\"/>") +
                objects(),
            6, 13, "physics 'dt' must be between 0.000001 and 1, got nan");
        row("spawn id", head + objects("<property name=\"id\" type=\"int\" value=\"-3\"/>"), 8, 1,
            "'id' must be between 1 and 2147483647, got -3");
        // x -996: the bottom centre stays on the map, so the width is the only error.
        row("spawn width", head + objects({}, {}, QStringLiteral("2000"), QStringLiteral("-996")),
            7, 47, "'width' must be greater than 0 and at most 1024, got 2000");
        row("ball radius",
            head + objects({},
                           "  <object id=\"2\" type=\"ball\" x=\"-996\" y=\"-1184\" width=\"2000\" "
                           "height=\"1200\"><ellipse/></object>\n"),
            8, 62, "'radius' must be greater than 0 and at most 512, got 600");
        row("mass", head + objects("<property name=\"mass\" type=\"float\" value=\"2000000\"/>"), 8,
            1, "'mass' must be between 0 and 1000000, got 2000000");
        row("tiny mass", head + objects("<property name=\"mass\" type=\"float\" value=\"1e-7\"/>"),
            8, 1, "'mass' must be 0 or between 0.000001 and 1000000, got 1e-7");
        row("vx nan", head + objects("<property name=\"vx\" type=\"float\" value=\"nan\"/>"), 8, 1,
            "'vx' must be between -100000 and 100000, got nan");
        row("object x not a number",
            head + objects({}, {}, QStringLiteral("8"), QStringLiteral("abc")), 7, 32,
            "expected a number for 'x', got 'abc'");
        row("second player",
            head + objects({}, "  <object id=\"2\" type=\"player\" x=\"16\" y=\"0\"/>\n"), 8, 3,
            "a second player (spawn id 2): a level has at most one player, and spawn id 1 on "
            "line 7 is one");
        row("duplicate id",
            head + objects({}, "  <object id=\"1\" type=\"box\" x=\"24\" y=\"16\"/>\n"), 8, 11,
            "duplicate spawn id 1 (also used by the spawn on line 7)");
        row("outside the map", head + objects({}, {}, QStringLiteral("8"), QStringLiteral("100")),
            7, 32, "spawn 1 is outside the map: x is 6, expected 0 to 2");
        row("inside a solid tile",
            head +
                " <layer width=\"3\" height=\"2\"><data encoding=\"csv\">2,0,0,0,0,0</data>"
                "</layer>\n" +
                objects(),
            8, 3, "spawn 1 (player) is inside a solid tile at x 0, y 0");
        // Errors come in file order, as a level file's do: the physics property (line 6)
        // before the player's mass (line 8), though validateLevel() checks spawns first.
        row("file order",
            head + props("<property name=\"physics.gravity\" type=\"float\" value=\"1e9\"/>") +
                objects("<property name=\"mass\" type=\"float\" value=\"2000000\"/>"),
            6, 13, "physics 'gravity' must be between 0 and 100000, got 1e9");
    }
    void errorsAtTheirSource() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const LoadResult r =
            tmx::importTmxFromData(text.toUtf8(), QStringLiteral("bad.tmx"), dir.path());
        QVERIFY(!r.ok());
        QVERIFY(!r.errors.empty());
        QCOMPARE(QString::fromStdString(r.errors.front().toString()), expected);
    }

    // A value a TMX-only message shows is shown as every reader shows a value
    // (rules::shownValue()): quoted, a long one cut after 40 characters with "...", never
    // cut silently; at the same place as before. A gid past 32 bits is out of the range.
    void valuesShownAsEverywhere_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // the first error, whole
        const QString lo = QStringLiteral("isometric") + QString(41, QLatin1Char('x')); // 50
        const QString cut = "'" + lo.left(40) + "...'";
        const QString map = QStringLiteral(
            "<map orientation=\"orthogonal\" width=\"3\" height=\"1\" tilewidth=\"16\" "
            "tileheight=\"16\">\n <tileset firstgid=\"1\" name=\"t\"/>\n"); // lines 1, 2
        const QString player = QStringLiteral(
            " <objectgroup><object type=\"player\" x=\"0\" y=\"0\"/></objectgroup>\n</map>");
        const auto csv = [&](const QString& values) { // line 3, the values from column 60
            return map + " <layer name=\"L\" width=\"3\" height=\"1\"><data encoding=\"csv\">" +
                   values + "</data></layer>\n" + player;
        };
        const auto property = [&](const QString& attrs) { // line 3, column 14
            return map + " <properties><property " + attrs + "/></properties>\n" + player;
        };
        const auto row = [](const char* name, const QString& text, int line, int column,
                            const QString& message) {
            QTest::newRow(name)
                << text
                << QStringLiteral("bad.tmx:%1:%2: error: %3").arg(line).arg(column).arg(message);
        };
        row("orientation",
            "<map orientation=\"" + lo +
                "\" width=\"3\" height=\"1\" tilewidth=\"16\" "
                "tileheight=\"16\"/>",
            1, 1, "only orthogonal maps can be imported, this one is " + cut);
        row("encoding",
            map + " <layer name=\"L\" width=\"3\" height=\"1\"><data encoding=\"" + lo +
                "\">0,0,0</data></layer>\n" + player,
            3, 39, "layer 'L': unknown data encoding " + cut + " (expected csv or base64)");
        row("compression",
            map +
                " <layer name=\"L\" width=\"3\" height=\"1\"><data encoding=\"base64\" "
                "compression=\"" +
                lo + "\">AAAA</data></layer>\n" + player,
            3, 39,
            "layer 'L': the compression " + cut +
                " is not supported (use CSV, base64 uncompressed, zlib or gzip)");
        row("layer name", map + " <layer name=\"" + lo + "\" width=\"4\" height=\"1\"/>\n" + player,
            3, 2, "layer " + cut + " is 4 x 1 tiles, the map is 3 x 1");
        row("layer name with a %",
            map + " <layer name=\"%2 %1\" width=\"4\" height=\"1\"/>\n" + player, 3, 2,
            "layer '%2 %1' is 4 x 1 tiles, the map is 3 x 1");
        row("csv gid of 33 bits", csv(QStringLiteral("0,4294967296,0")), 3, 62,
            "a tile gid must be between 0 and 4294967295, got 4294967296");
        row("csv gid negative", csv(QStringLiteral("0,0,-1")), 3, 64,
            "a tile gid must be between 0 and 4294967295, got -1");
        row("csv gid long", csv("0," + QString(50, QLatin1Char('9'))), 3, 62,
            "a tile gid must be between 0 and 4294967295, got " + QString(40, QLatin1Char('9')) +
                "...");
        row("csv gid no integer, long", csv("0," + lo), 3, 62,
            "expected an integer for a tile gid, got " + cut);
        row("tile gid of 33 bits",
            map +
                " <layer width=\"3\" height=\"1\"><data><tile gid=\"1\"/>"
                "<tile gid=\"4294967296\"/></data></layer>\n" +
                player,
            3, 51, "a tile gid must be between 0 and 4294967295, got 4294967296");
        row("tile gid no integer",
            map + " <layer width=\"3\" height=\"1\"><data><tile gid=\"1.5\"/></data></layer>\n" +
                player,
            3, 36, "expected an integer for a tile gid, got '1.5'");
        row("bool property", property("name=\"" + lo + "\" type=\"bool\" value=\"" + lo + "\""), 3,
            14, "expected true or false for property " + cut + ", got " + cut);
        row("property type", property("name=\"" + lo + "\" type=\"" + lo + "\" value=\"1\""), 3, 14,
            "property " + cut + " has the unknown type " + cut);
        row("int64 property", property("name=\"int64.n\" value=\"" + lo + "\""), 3, 14,
            "expected an integer for property 'int64.n', got " + cut);
        row("class property", property("name=\"" + lo + "\" type=\"class\""), 3, 14,
            "property " + cut +
                " is a class property, which cannot be imported (use string, int, float or bool)");
        row("physics setting", property("name=\"physics." + lo + "\" value=\"1\""), 3, 14,
            "unknown physics setting 'physics." + lo.left(32) +
                "...' (expected physics.gravity, walk_speed, jump_speed, max_fall_speed, "
                "one_way_threshold, partition_cell or dt)");
        row("map property", property("name=\"tilesmith." + lo + "\" value=\"1\""), 3, 14,
            "unknown map property 'tilesmith." + lo.left(30) +
                "...' (expected tilesmith.name, tilesmith.version or tilesmith.legend)");
        row("version", property("name=\"tilesmith.version\" value=\"" + lo + "\""), 3, 14,
            "expected the format version 1 for 'tilesmith.version', got " + cut);
        row("legend", property("name=\"tilesmith.legend\" value=\"" + lo + "\""), 3, 14,
            "tilesmith.legend: expected 3 characters (empty, solid, one_way), got " + cut);
    }
    void valuesShownAsEverywhere() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const LoadResult r = tmx::importTmxFromData(text.toUtf8(), QStringLiteral("bad.tmx"), {});
        QVERIFY(!r.errors.empty());
        QCOMPARE(QString::fromStdString(r.errors.front().toString()), expected);
    }

    // A map without a player imports (a level may have none: it loads and saves; play
    // mode and `tilesmith simulate` say to place one), and saves as a level that loads.
    void mapWithoutAPlayerImports() {
        const QByteArray text =
            R"(<map orientation="orthogonal" width="4" height="2" tilewidth="16" tileheight="16">
 <objectgroup>
  <object id="2" type="box" x="24" y="16"/>
 </objectgroup>
</map>)";
        const LoadResult r = tmx::importTmxFromData(text, QStringLiteral("art.tmx"), {});
        QVERIFY2(r.ok(), r.errors.empty() ? "" : r.errors.front().toString().c_str());
        QVERIFY(!r.level->player());
        QCOMPARE(r.level->spawns.size(), std::size_t(1));
        const LoadResult again = loadLevelFromString(saveLevelToString(*r.level));
        QVERIFY(again.ok());
        QCOMPARE(*again.level, *r.level);
    }

    // Too many spawns: at the first object past the limit.
    void tooManySpawnsAtTheFirstOneTooMany() {
        const QByteArray text =
            R"(<map orientation="orthogonal" width="4" height="2" tilewidth="16" tileheight="16">
 <objectgroup>
  <object id="1" type="player" x="0" y="0"/>
  <object id="2" type="box" x="16" y="0"/>
 </objectgroup>
</map>)";
        Limits limits;
        limits.maxSpawns = 1;
        const LoadResult r = tmx::importTmxFromData(text, QStringLiteral("many.tmx"), {}, limits);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.errors.front().toString()),
                 QStringLiteral("many.tmx:4:3: error: too many spawns (2; the limit is 1)"));
    }
};

QTEST_GUILESS_MAIN(TestTmxImportErrors)
#include "test_tmx_import_errors.moc"
