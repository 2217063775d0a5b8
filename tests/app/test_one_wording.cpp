// One wording per rule: the same bad value gives the same sentence from each reader
// that reads it (the level loader, the TMX import, the replay reader and the
// input-script reader), each at its own FILE:LINE:COLUMN. A value is shown as its
// file writes it (".nan" in YAML, "nan" in a map or a replay), a long one cut alike.
// A step past the step limit reads alike from them and from `tilesmith simulate --steps`
// (run as a process).
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/level/rulemessages.h"
#include "tilesmith/tmx/tmx.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "processrun.h"

#include <vector>

using namespace ts;
using namespace ts::level;

namespace {

const char* const kLevel = R"(tilesmith: 1
name: w
tile_size: 16
width: 4
height: 2
tiles: |
  ....
  ####
spawns:
  - {id: 1, kind: player, x: 1, y: 0, mass: 1}
physics: {gravity: 1500, partition_cell: 16, dt: 0.016666668}
)";

const char* const kMap =
    R"(<map orientation="orthogonal" width="4" height="2" tilewidth="16" tileheight="16">
 <properties>
  <property name="physics.gravity" type="float" value="1500"/>
  <property name="physics.partition_cell" type="int" value="16"/>
  <property name="physics.dt" type="float" value="0.016666668"/>
 </properties>
 <objectgroup>
  <object id="1" type="player" x="16" y="0" width="8" height="16">
   <properties><property name="mass" type="float" value="1"/></properties>
  </object>
 </objectgroup>
</map>
)";

const char* const kReplay = R"(tilesmith-replay: 1
level: a.yaml
level-hash: 0123456789abcdef
physics: gravity=1500 walk_speed=160 jump_speed=480 max_fall_speed=720 one_way_threshold=2 partition_cell=16 dt=0.016666668
steps: 3
checkpoint-interval: 2
final-hash: 00000000000000ff
bodies: 1 2
inputs:
1 3 right
events:
checkpoints:
2 00000000000000aa 1,2 3,4
3 00000000000000ff = 5,6
)";

/// `sentence` when one of the errors says exactly that at a position; else all of them
/// (a refused value may bring other errors with it: a spawn whose id is refused, say).
QString said(const std::vector<Diagnostic>& errors, const QString& sentence) {
    QString all;
    for (const Diagnostic& d : errors) {
        if (d.line > 0 && d.column > 0 && QString::fromStdString(d.message) == sentence)
            return sentence;
        all += QString::fromStdString(d.toString()) + "\n";
    }
    return all.isEmpty() ? QStringLiteral("(no error)") : all;
}

QString replaced(const char* text, const QString& from, const QString& to) {
    QString s = QString::fromUtf8(text);
    const qsizetype at = s.indexOf(from);
    return at < 0 ? QStringLiteral("(no '%1' in the text)").arg(from)
                  : s.replace(at, from.size(), to);
}

} // namespace

class TestOneWording : public QObject {
    Q_OBJECT

private slots:
    void baseFilesLoad() {
        QVERIFY(loadLevelFromString(kLevel).ok());
        QVERIFY(tmx::importTmxFromData(kMap, QStringLiteral("w.tmx"), {}).ok());
        QVERIFY(loadReplayFromString(kReplay).ok());
    }

    void sameSentence_data() {
        // Each reader's file with one value changed (from -> to; an empty replay `from`:
        // the replay has no such value), and the sentence, with %1 for the value as written.
        QTest::addColumn<QStringList>("yaml");
        QTest::addColumn<QStringList>("tmx");
        QTest::addColumn<QStringList>("replay");
        QTest::addColumn<QString>("sentence");
        const auto row = [](const char* name, QStringList yaml, QStringList tmx, QStringList replay,
                            const char* sentence) {
            QTest::newRow(name) << yaml << tmx << replay << QString::fromUtf8(sentence);
        };
        row("gravity", {"gravity: 1500", "gravity: 1e9", "1e9"},
            {"value=\"1500\"", "value=\"1e9\"", "1e9"}, {"gravity=1500", "gravity=1e9", "1e9"},
            "physics 'gravity' must be between 0 and 100000, got %1");
        row("gravity nan", {"gravity: 1500", "gravity: .nan", ".nan"},
            {"value=\"1500\"", "value=\"nan\"", "nan"}, {"gravity=1500", "gravity=nan", "nan"},
            "physics 'gravity' must be between 0 and 100000, got %1");
        row("dt 0", {"dt: 0.016666668", "dt: 0", "0"},
            {"value=\"0.016666668\"", "value=\"0\"", "0"}, {"dt=0.016666668", "dt=0", "0"},
            "physics 'dt' must be between 0.000001 and 1, got %1");
        row("partition cell", {"partition_cell: 16", "partition_cell: 2000", "2000"},
            {"value=\"16\"", "value=\"2000\"", "2000"},
            {"partition_cell=16", "partition_cell=2000", "2000"},
            "physics 'partition_cell' must be between 1 and 1024, got %1");
        row("mass", {"mass: 1", "mass: 2000000", "2000000"},
            {"type=\"float\" value=\"1\"", "type=\"float\" value=\"2000000\"", "2000000"}, {},
            "'mass' must be between 0 and 1000000, got %1");
        row("vx infinite", {"mass: 1", "mass: 1, vx: .inf", ".inf"},
            {"<property name=\"mass\"",
             "<property name=\"vx\" type=\"float\" value=\"inf\"/><property name=\"mass\"", "inf"},
            {}, "'vx' must be between -100000 and 100000, got %1");
        row("gravity not a number", {"gravity: 1500", "gravity: heavy", "heavy"},
            {"value=\"1500\"", "value=\"heavy\"", "heavy"},
            {"gravity=1500", "gravity=heavy", "heavy"},
            "expected a number for 'gravity', got '%1'");
        // A value that is no number is shown alike too: quoted, cut after 40 characters,
        // UTF-8 as written (a replay's settings key as a level file's physics key).
        const char* const lo = "heavyheavyheavyheavyheavyheavyheavyheavyheavyheavy"; // 50
        const char* const cut = "heavyheavyheavyheavyheavyheavyheavyheavy...";
        row("gravity not a number, long", {"gravity: 1500", QStringLiteral("gravity: ") + lo, cut},
            {"value=\"1500\"", QStringLiteral("value=\"%1\"").arg(lo), cut},
            {"gravity=1500", QStringLiteral("gravity=") + lo, cut},
            "expected a number for 'gravity', got '%1'");
        row("gravity not a number, UTF-8", {"gravity: 1500", "gravity: sehr\u00e9", "sehr\u00e9"},
            {"value=\"1500\"", "value=\"sehr\u00e9\"", "sehr\u00e9"},
            {"gravity=1500", "gravity=sehr\u00e9", "sehr\u00e9"},
            "expected a number for 'gravity', got '%1'");
        row("partition cell not an integer, long",
            {"partition_cell: 16", QStringLiteral("partition_cell: ") + lo, cut},
            {"value=\"16\"", QStringLiteral("value=\"%1\"").arg(lo), cut},
            {"partition_cell=16", QStringLiteral("partition_cell=") + lo, cut},
            "expected an integer for 'partition_cell', got '%1'");
        row("mass not a number", {"mass: 1", "mass: heavy", "heavy"},
            {"type=\"float\" value=\"1\"", "type=\"float\" value=\"heavy\"", "heavy"}, {},
            "expected a number for 'mass', got '%1'");
        row("spawn id past an int", {"id: 1", "id: 99999999999", "99999999999"},
            {"<property name=\"mass\"",
             "<property name=\"id\" type=\"int\" value=\"99999999999\"/><property name=\"mass\"",
             "99999999999"},
            {}, "'id' must be between 1 and 2147483647, got %1");
        // A long number out of the range is cut alike too (after 40 characters, "...").
        const QString digits(50, QLatin1Char('9'));
        const QString digitsCut = QString(40, QLatin1Char('9')) + "...";
        row("map width, long", {"width: 4", "width: " + digits, digitsCut},
            {"width=\"4\"", "width=\"" + digits + "\"", digitsCut}, {},
            "'width' must be between 1 and 4096, got %1");
        row("partition cell, long", {"partition_cell: 16", "partition_cell: " + digits, digitsCut},
            {"value=\"16\"", "value=\"" + digits + "\"", digitsCut},
            {"partition_cell=16", "partition_cell=" + digits, digitsCut},
            "physics 'partition_cell' must be between 1 and 1024, got %1");
        row("spawn id, long", {"id: 1", "id: " + digits, digitsCut},
            {"<property name=\"mass\"",
             "<property name=\"id\" type=\"int\" value=\"" + digits + "\"/><property name=\"mass\"",
             digitsCut},
            {}, "'id' must be between 1 and 2147483647, got %1");
        // A custom property's value (the YAML loader's plain scalar, the TMX import's typed
        // <property>): an integer past 64 bits was "property 'big' is out of range for a
        // 64-bit integer: N" in a level file and "property 'big': expected an integer, got
        // 'N'" in a map.
        const QString yamlProps = QStringLiteral("properties: {big: %1}\nphysics:");
        const QString tmxProp =
            QStringLiteral(" <properties>\n  <property name=\"big\" type=\"%1\" value=\"%2\"/>\n");
        const char* const past64 =
            "property 'big' must be between -9223372036854775808 and 9223372036854775807, got "
            "%1 (a property's integer has 64 bits)";
        for (const char* n :
             {"99999999999999999999", "-9223372036854775809", "+9223372036854775808"})
            row(qPrintable(QStringLiteral("property integer past 64 bits %1").arg(n)),
                {"physics:", yamlProps.arg(n), n}, {" <properties>\n", tmxProp.arg("int", n), n},
                {}, past64);
        row("property integer past 64 bits, long", {"physics:", yamlProps.arg(digits), digitsCut},
            {" <properties>\n", tmxProp.arg("int", digits), digitsCut}, {}, past64);
        row("property not finite", {"physics:", yamlProps.arg("1e999"), "1e999"},
            {" <properties>\n", tmxProp.arg("float", "1e999"), "1e999"}, {},
            "property 'big' must be a finite number, got %1");
        row("property nan", {"physics:", yamlProps.arg(".nan"), ".nan"},
            {" <properties>\n", tmxProp.arg("float", "nan"), "nan"}, {},
            "property 'big' must be a finite number, got %1");
        // A TMX float reads by the level loader's rule (level::readFloatText()): the format's
        // own .inf and .nan were "expected a number for property 'big', got '.inf'" in a map.
        for (const char* n : {".inf", "-.Inf", ".NAN", "+.nan"})
            row(qPrintable(QStringLiteral("property %1").arg(n)), {"physics:", yamlProps.arg(n), n},
                {" <properties>\n", tmxProp.arg("float", n), n}, {},
                "property 'big' must be a finite number, got %1");
        row("property -Infinity", {"physics:", yamlProps.arg("-.inf"), "-.inf"},
            {" <properties>\n", tmxProp.arg("float", " -Infinity "), "-Infinity"}, {},
            "property 'big' must be a finite number, got %1");
        row("map width", {"width: 4", "width: 5000", "5000"},
            {"width=\"4\"", "width=\"5000\"", "5000"}, {},
            "'width' must be between 1 and 4096, got %1");
    }
    void sameSentence() {
        QFETCH(QStringList, yaml);
        QFETCH(QStringList, tmx);
        QFETCH(QStringList, replay);
        QFETCH(QString, sentence);
        const LoadResult fromYaml =
            loadLevelFromString(replaced(kLevel, yaml[0], yaml[1]).toStdString(), "w.yaml");
        QCOMPARE(said(fromYaml.errors, sentence.arg(yaml[2])), sentence.arg(yaml[2]));
        const LoadResult fromTmx = tmx::importTmxFromData(replaced(kMap, tmx[0], tmx[1]).toUtf8(),
                                                          QStringLiteral("w.tmx"), {});
        QCOMPARE(said(fromTmx.errors, sentence.arg(tmx[2])), sentence.arg(tmx[2]));
        if (!replay.isEmpty()) {
            const ReplayLoadResult fromReplay = loadReplayFromString(
                replaced(kReplay, replay[0], replay[1]).toStdString(), "w.tsreplay");
            QCOMPARE(said(fromReplay.errors, sentence.arg(replay[2])), sentence.arg(replay[2]));
        }
    }

    // A TMX map's typed property whose value is not of its type: in the rules' sentences
    // for a value that is no integer or number ("expected an integer for 'width', got
    // 'wide'"), the name for the key (were "property 'n': expected an integer, got 'x'",
    // "...: expected a number, got ...", "...: expected true or false, got ..."); an
    // int64.-escaped integer (the exporter's, for one past 32 bits) reads as an int's.
    void tmxTypedProperties() {
        const auto fromTmx = [](const QString& name, const QString& type, const QString& value) {
            return tmx::importTmxFromData(
                       replaced(kMap, " <properties>\n",
                                QStringLiteral(" <properties>\n  <property name=\"%1\"%2 "
                                               "value=\"%3\"/>\n")
                                    .arg(name,
                                         type.isEmpty() ? QString()
                                                        : QStringLiteral(" type=\"%1\"").arg(type),
                                         value))
                           .toUtf8(),
                       QStringLiteral("w.tmx"), {})
                .errors;
        };
        const QString integer = QStringLiteral("expected an integer for property 'n', got 'x'");
        QCOMPARE(said(fromTmx("n", "int", "x"), integer), integer);
        const QString number = QStringLiteral("expected a number for property 'n', got 'heavy'");
        QCOMPARE(said(fromTmx("n", "float", "heavy"), number), number);
        // A number the level loader reads is one in a map too, spaces around it allowed;
        // a hexadecimal one or a bare sign is none.
        QVERIFY(fromTmx("n", "float", " +1.5e3 ").empty());
        QVERIFY(fromTmx("n", "float", ".5").empty());
        for (const char* none : {"0x10", "+", "1,5", "1e"}) {
            const QString noNumber =
                QStringLiteral("expected a number for property 'n', got '%1'").arg(none);
            QCOMPARE(said(fromTmx("n", "float", none), noNumber), noNumber);
        }
        const QString boolean =
            QStringLiteral("expected true or false for property 'n', got 'yes'");
        QCOMPARE(said(fromTmx("n", "bool", "yes"), boolean), boolean);
        const QString wide = QStringLiteral("expected an integer for property 'int64.n', got 'x'");
        QCOMPARE(said(fromTmx("int64.n", {}, "x"), wide), wide);
        const QString past = QStringLiteral(
            "property 'int64.n' must be between -9223372036854775808 and 9223372036854775807, "
            "got 99999999999999999999 (a property's integer has 64 bits)");
        QCOMPARE(said(fromTmx("int64.n", {}, "99999999999999999999"), past), past);
        // Each at its <property> tag.
        const std::vector<Diagnostic> at = fromTmx("n", "bool", "yes");
        QVERIFY(!at.empty());
        QCOMPARE(at.front().line, 3);
        QCOMPARE(at.front().column, 3);
        // A long name and value cut as every reader cuts them.
        const QString lo(50, QLatin1Char('n'));
        const QString cut = rules::shownValue(lo.toStdString()).c_str();
        QVERIFY(cut.endsWith("...'"));
        const QString longOne = "expected true or false for property " + cut + ", got " + cut;
        QCOMPARE(said(fromTmx(lo, "bool", lo), longOne), longOne);
    }

    // A replay's whole numbers in the level's words: a header key's or a settings key's
    // value that is no integer reads as a level file's key does, a field described
    // ("the tile column") in the same sentence, the value shown alike; a negative one is
    // out of the range, as a level file's 'width: -3' is.
    void replayIntegers() {
        const auto fromReplay = [](const QString& from, const QString& to) {
            return loadReplayFromString(replaced(kReplay, from, to).toStdString(), "w.tsreplay")
                .errors;
        };
        const QString interval = QStringLiteral("expected an integer for 'checkpoint-interval', "
                                                "got 'often'");
        QCOMPARE(said(fromReplay("checkpoint-interval: 2", "checkpoint-interval: often"), interval),
                 interval);
        const QString width = QStringLiteral("expected an integer for 'width', got 'wide'");
        QCOMPARE(said(loadLevelFromString(replaced(kLevel, "width: 4", "width: wide").toStdString())
                          .errors,
                      width),
                 width);
        const QString settings = QStringLiteral(
            "events:\n1 settings gravity=1 walk_speed=1 jump_speed=1 max_fall_speed=1 "
            "one_way_threshold=1 partition_cell=%1 dt=0.01 correction_percent=0.2 "
            "correction_slop=0.01 solver_iterations=%2\n");
        const QString cell = QStringLiteral("expected an integer for 'partition_cell', got 'x'");
        QCOMPARE(said(fromReplay("events:\n", settings.arg("x", "4")), cell), cell);
        const QString iterations =
            QStringLiteral("expected an integer for 'solver_iterations', got 'x'");
        QCOMPARE(said(fromReplay("events:\n", settings.arg("8", "x")), iterations), iterations);
        // A long UTF-8 value: shown as the level loader shows it (quoted, cut).
        const QString lo = QStringLiteral("sehr\u00e9") + QString(45, QLatin1Char('w'));
        const std::vector<Diagnostic> wide =
            loadLevelFromString(replaced(kLevel, "width: 4", "width: " + lo).toStdString()).errors;
        QVERIFY(!wide.empty());
        const QString shownByYaml =
            QString::fromStdString(wide.front().message).section(" got ", 1);
        QVERIFY2(shownByYaml.endsWith("...'"), qPrintable(shownByYaml));
        const QString column =
            QStringLiteral("expected an integer for the tile column, got ") + shownByYaml;
        QCOMPARE(said(fromReplay("events:\n", "events:\n1 tile " + lo + " 0 solid\n"), column),
                 column);
        const QString negative =
            QStringLiteral("'checkpoint-interval' must be between 1 and 3600, got -3");
        QCOMPARE(said(fromReplay("checkpoint-interval: 2", "checkpoint-interval: -3"), negative),
                 negative);
        // A range with its reason: the rules' sentence, the reason after the value (was
        // "the tile row must be between 0 and 4095 (the largest map is ...), got 4096").
        const QString side = QString::number(limits::kMapSide.hi);
        const QString row =
            QStringLiteral("the tile row must be between 0 and %1, got %2 (the largest map is "
                           "%2 x %2 tiles)")
                .arg(QString::number(limits::kMapSide.hi - 1), side);
        QCOMPARE(said(fromReplay("events:\n", "events:\n1 tile 0 " + side + " solid\n"), row), row);
        const QString negativeWidth = QStringLiteral("'width' must be between 1 and 4096, got -3");
        QCOMPARE(
            said(
                loadLevelFromString(replaced(kLevel, "width: 4", "width: -3").toStdString()).errors,
                negativeWidth),
            negativeWidth);
    }

    // The TMX import's own sentences (no level file says them: the orientation, the
    // encoding, a gid) show a value as the level loader does: a long UTF-8 value quoted
    // and cut alike, a long number out of the range unquoted and cut alike.
    void tmxOwnSentencesShowValuesAlike() {
        const auto shownByYaml = [](const QString& width) {
            const std::vector<Diagnostic> errors =
                loadLevelFromString(replaced(kLevel, "width: 4", "width: " + width).toStdString())
                    .errors;
            return errors.empty()
                       ? QStringLiteral("(no error)")
                       : QString::fromStdString(errors.front().message).section(" got ", 1);
        };
        const QString lo = QStringLiteral("sehr\u00e9") + QString(45, QLatin1Char('w'));
        const QString word = shownByYaml(lo);
        QVERIFY2(word.startsWith("'sehr\u00e9") && word.endsWith("...'"), qPrintable(word));
        const QString digits(50, QLatin1Char('9'));
        const QString number = shownByYaml(digits);
        QVERIFY2(number.endsWith("9..."), qPrintable(number));
        const auto fromTmx = [](const QString& from, const QString& to) {
            return tmx::importTmxFromData(replaced(kMap, from, to).toUtf8(),
                                          QStringLiteral("w.tmx"), {})
                .errors;
        };
        const auto layer = [&](const QString& encoding, const QString& data) {
            return fromTmx(" <objectgroup>", " <layer width=\"4\" height=\"2\"><data encoding=\"" +
                                                 encoding + "\">" + data +
                                                 "</data></layer>\n <objectgroup>");
        };
        const QString orientation = "only orthogonal maps can be imported, this one is " + word;
        QCOMPARE(said(fromTmx("orthogonal", lo), orientation), orientation);
        const QString encoding =
            "layer '': unknown data encoding " + word + " (expected csv or base64)";
        QCOMPARE(said(layer(lo, "0"), encoding), encoding);
        const QString gid = "expected an integer for a tile gid, got " + word;
        QCOMPARE(said(layer("csv", "0,0,0,0,0,0,0," + lo), gid), gid);
        const QString range = "a tile gid must be between 0 and 4294967295, got " + number;
        QCOMPARE(said(layer("csv", "0,0,0,0,0,0,0," + digits), range), range);
        // An element's name and a tileset's path too (were shown whole).
        const QString root =
            "expected a <map> element (is this a TMX file?), got the element " + word;
        QCOMPARE(said(tmx::importTmxFromData(("<" + lo + "/>").toUtf8(), "w.tmx", {}).errors, root),
                 root);
        QFile missing(lo);
        QVERIFY(!missing.open(QIODevice::ReadOnly));
        const QString tileset = "cannot open the tileset " + word + ": " + missing.errorString();
        QCOMPARE(said(fromTmx(" <objectgroup>",
                              " <tileset firstgid=\"1\" source=\"" + lo + "\"/>\n <objectgroup>"),
                      tileset),
                 tileset);
    }

    // A format version this build does not read, or no version: one sentence for a level
    // file's 'tilesmith:', a TMX map's tilesmith.version property and a replay's
    // 'tilesmith-replay:', which names the two versions it reads (the map's said
    // "tilesmith.version 99 is not supported (this Tilesmith reads version 1)", the replay
    // "replay format version 99 is not supported (this Tilesmith reads versions 1 to 2)",
    // and for 0 "the format version must be between 1 and 1000000, got 0").
    void formatVersion() {
        const auto fromYaml = [](const QString& version) {
            return loadLevelFromString(
                       replaced(kLevel, "tilesmith: 1", "tilesmith: " + version).toStdString())
                .errors;
        };
        const auto fromTmx = [](const QString& version) {
            return tmx::importTmxFromData(
                       replaced(kMap, " <properties>\n",
                                " <properties>\n  <property name=\"tilesmith.version\" value=\"" +
                                    version + "\"/>\n")
                           .toUtf8(),
                       QStringLiteral("w.tmx"), {})
                .errors;
        };
        const QString newer = QStringLiteral(
            "this file needs a newer Tilesmith: it is format version 99 and this build reads "
            "version 1");
        QCOMPARE(said(fromYaml("99"), newer), newer);
        QCOMPARE(said(fromTmx("99"), newer), newer);
        QCOMPARE(said(fromTmx("+99"), newer), newer);
        const QString zero = QStringLiteral("expected the format version 1 for '%1', got '0'");
        QCOMPARE(said(fromYaml("0"), zero.arg("tilesmith")), zero.arg("tilesmith"));
        QCOMPARE(said(fromTmx("0"), zero.arg("tilesmith.version")), zero.arg("tilesmith.version"));
        QVERIFY(fromTmx("+1").empty());

        const auto fromReplay = [](const QString& version) {
            return loadReplayFromString(
                       replaced(kReplay, "tilesmith-replay: 1", "tilesmith-replay: " + version)
                           .toStdString(),
                       "w.tsreplay")
                .errors;
        };
        // The versions this build reads: 1 to the one its writer writes.
        const QString readable = QStringLiteral("1 to %1").arg(kReplayFormatVersion);
        const QString newerReplay = QString(newer).replace("version 1", "versions " + readable);
        QCOMPARE(said(fromReplay("99"), newerReplay), newerReplay);
        QCOMPARE(said(fromReplay("+99"), newerReplay), newerReplay);
        const QString zeroReplay =
            QString(zero).replace("the format version 1", "a format version from " + readable);
        for (const char* bad : {"0", "-1", "x"}) {
            const QString sentence =
                zeroReplay.arg("tilesmith-replay").replace("'0'", QStringLiteral("'%1'").arg(bad));
            QCOMPARE(said(fromReplay(bad), sentence), sentence);
        }
        QVERIFY(fromReplay("+1").empty());
        // Each at the version's column, as the level loader puts it at the value.
        const std::vector<Diagnostic> at = fromReplay("99");
        QVERIFY(!at.empty());
        QCOMPARE(at.front().line, 1);
        QCOMPARE(at.front().column, 19);
    }

    // A whole number written with a '+' is the number, in a replay as in a level file and
    // a TMX map (level::readIntText(), the one rule): a header key's, a settings key's, an
    // event's and a checkpoint's (each was "expected an integer for ..., got '+2'"), and
    // the step numbers of its inputs, an input script's (were "expected a step number").
    void plusIntegers() {
        const LoadResult level = loadLevelFromString(
            replaced(kLevel, "partition_cell: 16", "partition_cell: +16").toStdString());
        QVERIFY(level.ok());
        QCOMPARE(level.level->physics.partitionCell, 16);
        const ReplayLoadResult base = loadReplayFromString(kReplay, "w.tsreplay");
        QVERIFY(base.ok());
        const QString settings = QStringLiteral(
            "events:\n%1 settings gravity=1 walk_speed=1 jump_speed=1 max_fall_speed=1 "
            "one_way_threshold=1 partition_cell=%2 dt=0.01 correction_percent=0.2 "
            "correction_slop=0.01 solver_iterations=%3\n%4 tile %5 %6 solid\n");
        const ReplayLoadResult withEvents = loadReplayFromString(
            replaced(kReplay, "events:\n", settings.arg("1", "8", "4", "2", "3", "1"))
                .toStdString(),
            "w.tsreplay");
        QVERIFY(withEvents.ok());
        QString plus =
            replaced(kReplay, "events:\n", settings.arg("+1", "+8", "+4", "+2", "+3", "+1"));
        for (const auto& [from, to] : std::vector<std::pair<QString, QString>>{
                 {"steps: 3", "steps: +3"},
                 {"checkpoint-interval: 2", "checkpoint-interval: +2"},
                 {"bodies: 1 2", "bodies: +1 +2"},
                 {"partition_cell=16 dt", "partition_cell=+16 dt"},
                 {"2 00000000000000aa", "+2 00000000000000aa"},
                 {"tilesmith-replay: 1", "tilesmith-replay: +1"},
                 {"1 3 right", "+1 +3 right"}}) {
            QVERIFY2(plus.contains(from), qPrintable(from));
            plus.replace(from, to);
        }
        const ReplayLoadResult read = loadReplayFromString(plus.toStdString(), "w.tsreplay");
        QString errors;
        for (const Diagnostic& d : read.errors)
            errors += QString::fromStdString(d.toString()) + "\n";
        QVERIFY2(read.ok(), qPrintable(errors));
        QVERIFY(*read.replay == *withEvents.replay);
        // A signed number the range refuses reads as a level file's: "got +0".
        const QString zero =
            QStringLiteral("'checkpoint-interval' must be between 1 and 3600, got +0");
        QCOMPARE(said(loadReplayFromString(
                          replaced(kReplay, "checkpoint-interval: 2", "checkpoint-interval: +0")
                              .toStdString(),
                          "w.tsreplay")
                          .errors,
                      zero),
                 zero);
    }

    // A decimal number written with a '+' is the number, in a replay as in a level file
    // (level::readFloatText(), the one rule): the physics header's and a settings
    // event's values, a scale event's and a checkpoint's body positions (each was
    // "expected a number for ..., got '+1.5'"); inf and nan stay a recorded position's.
    void plusFloats() {
        const LoadResult level = loadLevelFromString(
            replaced(kLevel, "gravity: 1500", "gravity: +1500.5").toStdString());
        QVERIFY(level.ok());
        QCOMPARE(level.level->physics.gravity, 1500.5f);
        const QString events = QStringLiteral(
            "events:\n1 settings gravity=%1 walk_speed=1 jump_speed=1 max_fall_speed=1 "
            "one_way_threshold=1 partition_cell=8 dt=0.01 correction_percent=%2 "
            "correction_slop=0.01 solver_iterations=4\n2 scale %3\n");
        const auto replay = [&](const QString& a, const QString& b, const QString& scale,
                                const QString& header, const QString& positions) {
            QString text = replaced(kReplay, "events:\n", events.arg(a, b, scale));
            text.replace("gravity=1500 walk_speed", "gravity=" + header + " walk_speed");
            text.replace("1,2 3,4", positions);
            return loadReplayFromString(text.toStdString(), "w.tsreplay");
        };
        const ReplayLoadResult base = replay("1.5", "0.25", "2", "1500", "1.5,2 3,0.5");
        QVERIFY(base.ok());
        const ReplayLoadResult read = replay("+1.5", "+.25", "+2", "+1500.0", "+1.5,+2 +3,+.5");
        QString errors;
        for (const Diagnostic& d : read.errors)
            errors += QString::fromStdString(d.toString()) + "\n";
        QVERIFY2(read.ok(), qPrintable(errors));
        QVERIFY(*read.replay == *base.replay);
        // A recorded position may be anything the world held, as the writer writes it.
        QVERIFY(replay("1", "0.5", "1", "1500", "inf,-inf nan,4").ok());
        // What is no number in a level file is none in a replay either.
        for (const char* bad : {"+", "1.5x", "++1", "+inf", ""})
            QVERIFY2(!replay("1", "0.5", bad, "1500", "1,2 3,4").ok(), bad);
    }

    // A step count or step number past limits::kMaxSteps, in one phrasing wherever it
    // is given: an input script and a replay's inputs (an input script in the replay),
    // a replay's 'steps:' header and an event's step, and `tilesmith simulate --steps`
    // (the editor's --play-steps and --replay-step too: test_editor_options).
    void stepLimit() {
        const QString form = QStringLiteral("%1 is too large (the limit is 100000000 steps)");
        const QString number = form.arg(QStringLiteral("step number '100000001'"));
        InputScript script;
        std::vector<Diagnostic> errors;
        QVERIFY(!parseInputScript("1 100000001 right\n", "run.txt", script, errors));
        QCOMPARE(said(errors, number), number);
        const auto fromReplay = [](const QString& from, const QString& to) {
            return loadReplayFromString(replaced(kReplay, from, to).toStdString(), "w.tsreplay")
                .errors;
        };
        QCOMPARE(said(fromReplay("1 3 right", "1 100000001 right"), number), number);
        const QString header = form.arg(QStringLiteral("'steps' 100000001"));
        QCOMPARE(said(fromReplay("steps: 3", "steps: 100000001"), header), header);
        const QString huge = form.arg(QStringLiteral("'steps' 99999999999999999999"));
        QCOMPARE(said(fromReplay("steps: 3", "steps: 99999999999999999999"), huge), huge);
        const QString event = form.arg(QStringLiteral("the event's step 100000001"));
        QCOMPARE(said(fromReplay("events:\n", "events:\n100000001 clone\n"), event), event);

        QTemporaryDir dir;
        const QString level = dir.filePath(QStringLiteral("w.yaml"));
        QFile file(level);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kLevel);
        file.close();
        const ts::test::ProcessRun simulate =
            ts::test::runProcess(QStringLiteral(TILESMITH_BIN_DIR "/tilesmith"),
                                 {QStringLiteral("simulate"), level, QStringLiteral("--steps"),
                                  QStringLiteral("100000001")});
        QVERIFY2(simulate.exitCode == 2, qPrintable(ts::test::describe(simulate)));
        const QString option = form.arg(QStringLiteral("--steps 100000001"));
        QVERIFY2(simulate.err.contains(QStringLiteral("tilesmith simulate: ") + option + "\n"),
                 qPrintable(ts::test::describe(simulate)));
    }
};

QTEST_GUILESS_MAIN(TestOneWording)
#include "test_one_wording.moc"
