// No output option replaces one of the command's own inputs: `lint --route -o`, `simulate
// --trace/--record`, `export -o` (and its legend image), `import -o` and `render -o`
// refuse a file they read (or art the level names, or a map's external tileset), by its own path,
// through a symbolic link or by a hard link: "OUT: error: cannot write: it is WHAT (IN)", exit 1,
// the input untouched and nothing written.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

#include "clitest.h"

namespace {

using namespace ts::test::cli;

const QByteArray kLevel = "tilesmith: 1\nname: o\ntile_size: 16\nwidth: 6\nheight: 3\n"
                          "tiles: |\n  ......\n  ......\n  ######\n"
                          "spawns:\n  - {id: 1, kind: player, x: 1, y: 1}\n"
                          "  - {id: 2, kind: goal, x: 4, y: 1}\n"
                          "tilesets:\n"
                          "  - {name: cave, image: art/cave.png, tile_size: 16, columns: 1, "
                          "count: 1}\n";

/// How an output names the input: by the same path, a symbolic link, a hard link.
enum class Via { Path, Symlink, HardLink };

} // namespace

class TestCliOutputs : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QString mLevel, mScript, mImage, mMap;

    QString path(const QString& name) const { return mDir.filePath(name); }

    /// `name` in the test's folder, naming `target` as `via` says (the target itself for Path).
    QString alias(const QString& target, Via via, const QString& name) const {
        namespace fs = std::filesystem;
        if (via == Via::Path)
            return target;
        const QString at = path(name);
        QFile::remove(at);
        std::error_code ec;
        if (via == Via::Symlink)
            fs::create_symlink(fs::path(target.toStdString()), fs::path(at.toStdString()), ec);
        else
            fs::create_hard_link(fs::path(target.toStdString()), fs::path(at.toStdString()), ec);
        return ec ? QString() : at;
    }

private slots:
    void initTestCase() {
        QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built"));
        QVERIFY(mDir.isValid());
        mLevel = path("level.yaml");
        writeFile(mLevel, kLevel);
        mScript = path("run.txt");
        writeFile(mScript, "1 3 right\n");
        QVERIFY(QDir(mDir.path()).mkpath("art"));
        mImage = path("art/cave.png");
        QImage tile(16, 16, QImage::Format_ARGB32);
        tile.fill(qRgb(0x40, 0x80, 0x20));
        QVERIFY(tile.save(mImage));
        mMap = path("map.tmx");
        const Run e = run({"export", mLevel, "-o", mMap});
        QVERIFY2(e.exitCode == 0, qPrintable(describe(e)));
    }

    void refused_data() {
        QTest::addColumn<QStringList>("args"); // "@" is the output
        QTest::addColumn<QString>("input");    // the file "@" names: LEVEL, SCRIPT, MAP or IMAGE
        QTest::addColumn<QString>("what");
        QTest::addColumn<int>("via");
        const QString level = QStringLiteral("the level this command reads");
        const QString script = QStringLiteral("the input script this command reads");
        const QStringList route{"lint", "LEVEL", "--route", "2", "-o", "@"};
        const QStringList trace{"simulate", "LEVEL",  "-n",      "3",
                                "--inputs", "SCRIPT", "--trace", "@"};
        const QStringList record{"simulate", "LEVEL", "--inputs", "SCRIPT", "--record", "@"};
        const QStringList exportTmx{"export", "--format", "tmx", "LEVEL", "-o", "@"};
        const QStringList render{"render", "LEVEL", "-o", "@"};
        for (const auto& [via, how] :
             {std::pair{Via::Path, "path"}, std::pair{Via::Symlink, "symlink"},
              std::pair{Via::HardLink, "hard link"}}) {
            const auto row = [&](const char* name, const QStringList& args, const char* input,
                                 const QString& what) {
                QTest::newRow(qPrintable(QStringLiteral("%1, %2").arg(name, how)))
                    << args << QString::fromLatin1(input) << what << int(via);
            };
            row("lint --route", route, "LEVEL", level);
            row("simulate --trace over the level", trace, "LEVEL", level);
            row("simulate --trace over the script", trace, "SCRIPT", script);
            row("simulate --record over the level", record, "LEVEL", level);
            row("simulate --record over the script", record, "SCRIPT", script);
            row("export", exportTmx, "LEVEL", level);
            row("import", {"import", "MAP", "-o", "@"}, "MAP",
                QStringLiteral("the map this command reads"));
            row("render over the level", render, "LEVEL", level);
            row("render over a tileset image", render, "IMAGE",
                QStringLiteral("the image of tileset 'cave', which this command reads"));
        }
    }

    void refused() {
        QFETCH(QStringList, args);
        QFETCH(QString, input);
        QFETCH(QString, what);
        QFETCH(int, via);
        const QString target = input == "LEVEL"    ? mLevel
                               : input == "SCRIPT" ? mScript
                               : input == "MAP"    ? mMap
                                                   : mImage;
        const QByteArray before = readFile(target);
        QVERIFY(!before.isEmpty());
        const QString out = alias(target, Via(via), QStringLiteral("out-alias"));
        QVERIFY2(!out.isEmpty(), "cannot make the link");
        for (QString& a : args)
            a = a == "@"        ? out
                : a == "LEVEL"  ? mLevel
                : a == "SCRIPT" ? mScript
                : a == "MAP"    ? mMap
                                : a;
        const Run r = run(args);
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, out + QStringLiteral(": error: cannot write: it is ") + what + " (" +
                            target + ")\n");
        QCOMPARE(readFile(target), before);
        QVERIFY(QFileInfo(out).exists()); // the link is still a link to it, or the file itself
        QCOMPARE(readFile(out), before);
    }

    // export writes a legend image beside the map: never over art the level names.
    void exportLegendOverArt() {
        const QByteArray image = readFile(mImage);
        const QString map = path("art/cave.tmx"); // its legend: art/cave-tiles.png
        QVERIFY(QFile::rename(mImage, path("art/cave-tiles.png")));
        const QString art = path("art/cave-tiles.png");
        QByteArray level = kLevel;
        level.replace("art/cave.png", "art/cave-tiles.png");
        const QString other = path("legend.yaml");
        writeFile(other, level);
        const Run r = run({"export", other, "-o", map});
        QVERIFY(QFile::rename(art, mImage));
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QCOMPARE(r.err, art +
                            QStringLiteral(": error: cannot write: it is the image of tileset "
                                           "'cave', which the map names (") +
                            art + ")\n");
        QVERIFY(!QFile::exists(map));
        QCOMPARE(readFile(mImage), image);
    }

    // import reads a map's external tilesets and names their art: it writes over neither.
    void importOverExternalTileset_data() {
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("what");
        QTest::newRow("the .tsx") << QStringLiteral("ext.tsx")
                                  << QStringLiteral("a tileset file the map reads");
        QTest::newRow("its image")
            << QStringLiteral("art/cave.png")
            << QStringLiteral("the image of tileset 'cave', which the map names");
    }
    void importOverExternalTileset() {
        QFETCH(QString, output);
        QFETCH(QString, what);
        writeFile(path("ext.tsx"),
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<tileset version=\"1.8\" tiledversion=\"1.8.2\" name=\"cave\" "
                  "tilewidth=\"16\" tileheight=\"16\" tilecount=\"1\" columns=\"1\">\n"
                  " <image source=\"art/cave.png\" width=\"16\" height=\"16\"/>\n"
                  "</tileset>\n");
        const QString map = path("ext.tmx");
        writeFile(map, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                       "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" "
                       "width=\"3\" height=\"2\" tilewidth=\"16\" tileheight=\"16\" "
                       "infinite=\"0\" nextlayerid=\"2\" nextobjectid=\"1\">\n"
                       " <tileset firstgid=\"1\" source=\"ext.tsx\"/>\n"
                       " <layer id=\"1\" name=\"Ground\" width=\"3\" height=\"2\">\n"
                       "  <data encoding=\"csv\">\n0,0,0,\n1,1,1\n</data>\n"
                       " </layer>\n"
                       "</map>\n");
        const QString target = path(output);
        const QByteArray before = readFile(target);
        QVERIFY(!before.isEmpty());
        const Run r = run({"import", map, "-o", target});
        QVERIFY2(r.exitCode == 1, qPrintable(describe(r)));
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, target + QStringLiteral(": error: cannot write: it is ") + what + " (" +
                            target + ")\n");
        QCOMPARE(readFile(target), before);
        // The same map imports to another file, with the tileset's art.
        const QString level = path("ext.yaml");
        const Run ok = run({"import", map, "-o", level});
        QVERIFY2(ok.exitCode == 0, qPrintable(describe(ok)));
        QVERIFY2(readFile(level).contains("art/cave.png"), readFile(level).constData());
    }

    // Another file is written as before.
    void otherOutputsAreWritten() {
        const QString route = path("route.inputs");
        const Run r = run({"lint", mLevel, "--route", "2", "-o", route});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY(readFile(route).startsWith("# tilesmith lint --route 2"));
        const Run t = run({"simulate", mLevel, "-n", "2", "--trace", path("t.csv")});
        QVERIFY2(t.exitCode == 0, qPrintable(describe(t)));
        QVERIFY(readFile(path("t.csv")).startsWith("step,id,kind"));
    }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "test_cli_outputs.moc"
