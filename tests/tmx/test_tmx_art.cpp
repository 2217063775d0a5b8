// Art through TMX, with the real Tiled as the judge: an exported level's art layers and
// tilesets as Tiled reads them, `tmxrasterizer --hide-layer collision --hide-layer spawns`
// of the export equal to render::renderArt() pixel for pixel, the export imported back,
// and Tiled's own example maps (desert, sewers, rpg/island) imported and drawn as
// tmxrasterizer draws them. Hand-written maps' art and its errors: test_tmx_art_import.cpp.
#include "artlevel.h"
#include "imagecompare.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/render/artrenderer.h"
#include "tilesmith/tmx/tmx.h"
#include "tmx_testutil.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace ts;
using namespace ts::level;

namespace {

/// The example maps of Debian's `tiled` package (not copied here: their licences do not
/// say they may be redistributed).
const QString kExamples = QStringLiteral("/usr/share/doc/tiled/examples");

/// artLevel() in `dir`/level, exported to `dir`/maps/art.tmx (so the map names the images
/// as ../level/art/...).
struct Exported {
    QTemporaryDir dir;
    Level level;
    QString levelDir, map;
    Exported() {
        levelDir = dir.filePath(QStringLiteral("level"));
        QDir().mkpath(levelDir);
        QDir().mkpath(dir.filePath(QStringLiteral("maps")));
        level = test::artLevel(levelDir);
        map = dir.filePath(QStringLiteral("maps/art.tmx"));
        tmx::ExportError error;
        if (!tmx::exportTmx(level, map, &error, levelDir))
            qFatal("export failed: %s", qPrintable(error.toString()));
    }
};

/// The level as it comes back from a map: auto layers are the tiles they painted.
Level asPainted(Level level) {
    for (ArtLayer& a : level.art) {
        a.cells = resolveArtLayer(level, a);
        a.isAuto = false;
        a.rules.clear();
        a.seed = 0;
    }
    return level;
}

/// The names of a map's layers that are not tile layers (objects, images): what
/// tmxrasterizer must hide to draw the art alone.
QStringList nonTileLayers(const QString& map) {
    QFile f(map);
    f.open(QIODevice::ReadOnly);
    QXmlStreamReader r(&f);
    QStringList names;
    while (!r.atEnd())
        if (r.readNext() == QXmlStreamReader::StartElement &&
            (r.name() == QLatin1String("objectgroup") || r.name() == QLatin1String("imagelayer")))
            names << r.attributes().value(QLatin1String("name")).toString();
    return names;
}

/// Imports `map`. A level library that still refuses a level without a player (before
/// the change that allows one) gets a player object added to the map's text, off the
/// art's layers, so the art is what is compared.
LoadResult importForArt(const QString& map) {
    const LoadResult r = tmx::importTmx(map);
    const bool allowsNoPlayer = validateLevel(Level::make(2, 2)).empty();
    if (r.ok() || allowsNoPlayer)
        return r;
    QFile f(map);
    f.open(QIODevice::ReadOnly);
    QByteArray text = f.readAll();
    text.replace("</map>", "<objectgroup name=\"test player\"><object type=\"player\" x=\"0\" "
                           "y=\"0\" width=\"1\" height=\"1\"/></objectgroup></map>");
    return tmx::importTmxFromData(text, map, QFileInfo(map).absolutePath());
}

QImage artOf(const Level& level, const QString& dir, double scale = 1) {
    const render::TilesetImages images(level, dir);
    for (const render::TilesetImage* bad : images.problems())
        qWarning("%s", qPrintable(bad->problem));
    QString error;
    return render::renderArt(level, images, scale, &error);
}

} // namespace

class TestTmxArt : public QObject {
    Q_OBJECT

private slots:
    void exportWritesTilesetsAndLayersInOrder() {
        Exported e;
        QFile f(e.map);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QXmlStreamReader r(&f);
        QStringList tilesets, layers;
        QMap<QString, QXmlStreamAttributes> attrs, images;
        QString current;
        QStringList decorData;
        while (!r.atEnd()) {
            if (r.readNext() != QXmlStreamReader::StartElement)
                continue;
            const QXmlStreamAttributes a = r.attributes();
            if (r.name() == QLatin1String("tileset")) {
                current = a.value(QLatin1String("name")).toString();
                tilesets << current + QLatin1Char('@') +
                                a.value(QLatin1String("firstgid")).toString();
                attrs[current] = a;
            } else if (r.name() == QLatin1String("image")) {
                images[current] = a;
            } else if (r.name() == QLatin1String("layer") ||
                       r.name() == QLatin1String("objectgroup")) {
                current = a.value(QLatin1String("name")).toString();
                layers << current;
                attrs[QStringLiteral("layer ") + current] = a;
            } else if (r.name() == QLatin1String("data") && current == QLatin1String("decor")) {
                decorData = r.readElementText()
                                .simplified()
                                .remove(QLatin1Char(' '))
                                .split(QLatin1Char(','));
            }
        }
        // The legend tileset keeps gids 1-3; the art's follow, with Tiled's tile counts.
        QCOMPARE(tilesets, (QStringList{"tilesmith@1", "ground@4", "props@12"}));
        const QXmlStreamAttributes ground = attrs[QStringLiteral("ground")];
        QCOMPARE(ground.value(QLatin1String("margin")), QLatin1String("1"));
        QCOMPARE(ground.value(QLatin1String("spacing")), QLatin1String("2"));
        QCOMPARE(ground.value(QLatin1String("tilecount")), QLatin1String("8"));
        QCOMPARE(ground.value(QLatin1String("columns")), QLatin1String("4"));
        QCOMPARE(ground.value(QLatin1String("tilewidth")), QLatin1String("8"));
        QCOMPARE(images[QStringLiteral("ground")].value(QLatin1String("source")),
                 QLatin1String("../level/art/ground.png"));
        QCOMPARE(images[QStringLiteral("ground")].value(QLatin1String("trans")),
                 QLatin1String("ff00ff"));
        QCOMPARE(images[QStringLiteral("ground")].value(QLatin1String("width")),
                 QLatin1String("40"));
        QVERIFY(!images[QStringLiteral("props")].hasAttribute(QLatin1String("trans")));
        // Back layers in the level's order, the collision and spawns, then the front.
        QCOMPARE(layers,
                 (QStringList{"ground", "decor", "hidden", "big", "collision", "spawns", "front"}));
        QCOMPARE(attrs[QStringLiteral("layer collision")].value(QLatin1String("id")),
                 QLatin1String("1"));
        QCOMPARE(attrs[QStringLiteral("layer decor")].value(QLatin1String("opacity")),
                 QLatin1String("0.6"));
        QCOMPARE(attrs[QStringLiteral("layer hidden")].value(QLatin1String("visible")),
                 QLatin1String("0"));
        QCOMPARE(attrs[QStringLiteral("layer front")].value(QLatin1String("locked")),
                 QLatin1String("1"));
        QVERIFY(!attrs[QStringLiteral("layer ground")].hasAttribute(QLatin1String("opacity")));
        // Cell 3 of "decor" is tile 1 flipped horizontally and vertically: gid 4 + 1 with
        // Tiled's two top bits; cell 6 tile 2, flipped vertically and diagonally.
        QCOMPARE(decorData.size(), e.level.width * e.level.height);
        QCOMPARE(decorData[3].toUInt(), 5u | 0x80000000u | 0x40000000u);
        QCOMPARE(decorData[6].toUInt(), 6u | 0x40000000u | 0x20000000u);
        QCOMPARE(decorData[1].toUInt(), 0u);
    }

    void exportImportsBack() {
        Exported e;
        const LoadResult back = importForArt(e.map);
        QVERIFY2(back.ok(), qPrintable(describe(back)));
        Level level = *back.level;
        // The map names the images from its folder; moved to the level's, they are the
        // level's own paths again.
        QCOMPARE(level.tilesets.at(0).image, std::string("../level/art/ground.png"));
        tmx::relocateTilesetImages(level, QFileInfo(e.map).absolutePath(), e.levelDir);
        const Level want = asPainted(e.level);
        QVERIFY(level.tilesets == want.tilesets);
        QCOMPARE(level.art.size(), want.art.size());
        // Back layers come back in the export's order, the front one after them.
        const std::vector<std::size_t> order = render::artDrawingOrder(want, true);
        for (std::size_t i = 0; i < order.size(); ++i)
            QVERIFY2(level.art[i] == want.art[order[i]], want.art[order[i]].name.c_str());
        QCOMPARE(level.art.back().depth, ArtDepth::Front);
        QVERIFY(level.tiles == want.tiles);
        QVERIFY(level.spawns == want.spawns);
    }

    void anEmptyPaintedLayerComesBack() {
        // A layer made to paint on later: empty, half opaque, locked.
        QTemporaryDir dir;
        const QString levelDir = dir.filePath(QStringLiteral("level"));
        QVERIFY(QDir().mkpath(levelDir));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("maps"))));
        Level level = test::artLevel(levelDir);
        ArtLayer empty;
        empty.name = "still empty";
        empty.tileset = "props";
        empty.opacity = 0.5f;
        empty.locked = true;
        empty.cells.assign(level.tiles.size(), {});
        level.art.push_back(empty);
        const QString map = dir.filePath(QStringLiteral("maps/art.tmx"));
        tmx::ExportError error;
        QVERIFY2(tmx::exportTmx(level, map, &error, levelDir), qPrintable(error.toString()));
        const auto emptyLayerOf = [](const Level& l) {
            for (const ArtLayer& a : l.art)
                if (a.name == "still empty")
                    return a;
            return ArtLayer{};
        };
        const LoadResult back = importForArt(map);
        QVERIFY2(back.ok(), qPrintable(describe(back)));
        QVERIFY(emptyLayerOf(*back.level) == empty);
        QCOMPARE(back.level->art.size(), level.art.size());

        // Tiled opens it and keeps the layer: its own TMX writer's map imports the same.
        const QString tiled = QStringLiteral("/usr/bin/tiled");
        if (!QFileInfo::exists(tiled))
            QSKIP("Tiled is not installed (Debian package 'tiled')");
        const QString again = dir.filePath(QStringLiteral("maps/tiled.tmx"));
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(tiled, {QStringLiteral("--export-map"), QStringLiteral("tmx"), map, again});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAll().constData());
        const LoadResult throughTiled = importForArt(again);
        QVERIFY2(throughTiled.ok(), qPrintable(describe(throughTiled)));
        QVERIFY(emptyLayerOf(*throughTiled.level) == empty);
    }

    void tiledDrawsWhatRenderArtDraws_data() {
        QTest::addColumn<double>("scale");
        QTest::newRow("scale 1") << 1.0;
        QTest::newRow("scale 3") << 3.0;
    }
    void tiledDrawsWhatRenderArtDraws() {
        if (!test::haveTmxRasterizer())
            QSKIP("tmxrasterizer is not installed (Debian package 'tiled')");
        QFETCH(double, scale);
        Exported e;
        QString error;
        // Enlarged, Tiled draws nearest pixels when told not to smooth; so does renderArt().
        QStringList args{QStringLiteral("--hide-layer"), QStringLiteral("collision"),
                         QStringLiteral("--hide-layer"), QStringLiteral("spawns"),
                         QStringLiteral("-s"),           QString::number(scale)};
        if (scale > 1)
            args << QStringLiteral("--no-smoothing");
        const QImage tiled =
            test::rasterize(e.map, e.dir.filePath(QStringLiteral("tiled.png")), args, &error);
        QVERIFY2(!tiled.isNull(), qPrintable(error));
        const QImage ours = artOf(e.level, e.levelDir, scale);
        const QString diff = test::imageDifference(ours, tiled);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // The map imported again draws the same.
        const LoadResult back = importForArt(e.map);
        QVERIFY2(back.ok(), qPrintable(describe(back)));
        const QString again = test::imageDifference(
            artOf(*back.level, QFileInfo(e.map).absolutePath(), scale), tiled);
        QVERIFY2(again.isEmpty(), qPrintable(again));
    }

    void tiledExampleMaps_data() {
        QTest::addColumn<QString>("map");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("tilesets");
        QTest::newRow("desert") << QStringLiteral("desert.tmx") << 1 << 1;
        QTest::newRow("sewers") << QStringLiteral("sewers.tmx") << 2 << 1;
        QTest::newRow("rpg/island") << QStringLiteral("rpg/island.tmx") << 3 << 1;
    }
    void tiledExampleMaps() {
        QFETCH(QString, map);
        QFETCH(int, layers);
        QFETCH(int, tilesets);
        const QString path = kExamples + QLatin1Char('/') + map;
        if (!QFileInfo::exists(path))
            QSKIP("Tiled's example maps are not installed (Debian package 'tiled')");
        const LoadResult r = importForArt(path);
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QCOMPARE(int(r.level->art.size()), layers);
        QCOMPARE(int(r.level->tilesets.size()), tilesets);
        if (!test::haveTmxRasterizer())
            QSKIP("tmxrasterizer is not installed (Debian package 'tiled')");
        QStringList args;
        for (const QString& name : nonTileLayers(path))
            args << QStringLiteral("--hide-layer") << name;
        QTemporaryDir dir;
        QString error;
        const QImage tiled =
            test::rasterize(path, dir.filePath(QStringLiteral("tiled.png")), args, &error);
        QVERIFY2(!tiled.isNull(), qPrintable(error));
        const QString diff =
            test::imageDifference(artOf(*r.level, QFileInfo(path).absolutePath()), tiled);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
};

QTEST_MAIN(TestTmxArt)
#include "test_tmx_art.moc"
