// Tileset images: the transparent colour (only an opaque pixel of exactly that colour),
// premultiplied ARGB32 from any PNG, the placeholder and the reason for it (a missing
// file, an unreadable one, one smaller than the tileset's geometry), and the cache
// (kept while unchanged, reloaded when the definition or the file changes, dropped with
// its tileset).
#include "tilesmith/render/tilesetimages.h"

#include "tilesmith/level/level.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ts;
using namespace ts::level;
using namespace ts::render;

namespace {

QRgb raw(const QImage& img, int x, int y) {
    return reinterpret_cast<const QRgb*>(img.constScanLine(y))[x];
}

Tileset sheet(const std::string& name, const std::string& image, int tileSize = 4, int columns = 2,
              int count = 4) {
    return {.name = name, .image = image, .tileSize = tileSize, .columns = columns, .count = count};
}

} // namespace

class TestTilesetImages : public QObject {
    Q_OBJECT

private slots:
    void transparentColourClearsExactlyThatOpaqueColour() {
        QTemporaryDir dir;
        QImage img(4, 1, QImage::Format_ARGB32);
        img.setPixel(0, 0, qRgba(0xff, 0x00, 0xff, 0xff)); // the key: cleared
        img.setPixel(1, 0, qRgba(0xff, 0x01, 0xff, 0xff)); // one off: kept
        img.setPixel(2, 0, qRgba(0xff, 0x00, 0xff, 0x80)); // the key, half transparent: kept
        img.setPixel(3, 0, qRgba(0x20, 0x40, 0x60, 0xff));
        QVERIFY(img.save(dir.filePath(QStringLiteral("t.png"))));
        Tileset t = sheet("t", "t.png", 1, 4, 4);
        t.transparentColor = 0xff00ff;
        const TilesetImage loaded = TilesetImages::load(t, dir.path());
        QVERIFY2(loaded.ok(), qPrintable(loaded.problem));
        QCOMPARE(loaded.image.format(), QImage::Format_ARGB32_Premultiplied);
        QCOMPARE(raw(loaded.image, 0, 0), QRgb(0));
        QCOMPARE(raw(loaded.image, 1, 0), qRgba(0xff, 0x01, 0xff, 0xff));
        QCOMPARE(raw(loaded.image, 2, 0), qPremultiply(qRgba(0xff, 0x00, 0xff, 0x80)));
        QCOMPARE(raw(loaded.image, 3, 0), qRgba(0x20, 0x40, 0x60, 0xff));
        // Without a transparent colour nothing is cleared.
        t.transparentColor = -1;
        QCOMPARE(raw(TilesetImages::load(t, dir.path()).image, 0, 0), qRgba(0xff, 0, 0xff, 0xff));
        // An 8-bit palette PNG (as Tiled's sewers tileset is) gets the same treatment.
        QImage indexed(4, 1, QImage::Format_Indexed8);
        indexed.setColorTable({img.pixel(0, 0), img.pixel(1, 0), img.pixel(2, 0), img.pixel(3, 0)});
        for (int x = 0; x < 4; ++x)
            indexed.setPixel(x, 0, uint(x));
        QVERIFY(indexed.save(dir.filePath(QStringLiteral("p.png"))));
        QCOMPARE(QImage(dir.filePath(QStringLiteral("p.png"))).format(), QImage::Format_Indexed8);
        t.image = "p.png";
        t.transparentColor = 0xff00ff;
        const TilesetImage pal = TilesetImages::load(t, dir.path());
        QCOMPARE(pal.image.format(), QImage::Format_ARGB32_Premultiplied);
        QCOMPARE(raw(pal.image, 0, 0), QRgb(0));
        QCOMPARE(raw(pal.image, 3, 0), qRgba(0x20, 0x40, 0x60, 0xff));
    }

    void placeholderSaysWhy() {
        QTemporaryDir dir;
        QVERIFY(
            QImage(8, 4, QImage::Format_ARGB32).save(dir.filePath(QStringLiteral("small.png"))));
        QFile text(dir.filePath(QStringLiteral("text.png")));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("not a picture");
        text.close();
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.png")));

        Level level = Level::make(2, 2, 4);
        level.tilesets = {sheet("gone", "art/gone.png"), sheet("text", "text.png"),
                          sheet("small", "small.png", 4, 2, 4), sheet("folder", "folder.png")};
        level.tilesets[2].margin = 1;
        TilesetImages images(level, dir.path());
        QCOMPARE(images.problems().size(), std::size_t(4));

        const TilesetImage* gone = images.find("gone");
        QCOMPARE(gone->status, TilesetImage::Status::Missing);
        QCOMPARE(gone->problem, QStringLiteral("cannot read art/gone.png: no such file"));
        QCOMPARE(gone->path, dir.filePath(QStringLiteral("art/gone.png")));
        QVERIFY(gone->image.isNull());
        QCOMPARE(gone->placeholder, TilesetImages::placeholderTile(4));

        const TilesetImage* bad = images.find("text");
        QCOMPARE(bad->status, TilesetImage::Status::Unreadable);
        QVERIFY2(bad->problem.startsWith(QLatin1String("cannot read text.png: ")),
                 qPrintable(bad->problem));

        const TilesetImage* small = images.find("small");
        QCOMPARE(small->status, TilesetImage::Status::TooSmall);
        QCOMPARE(small->problem,
                 QStringLiteral("small.png is 8 x 4 px, smaller than the 9 x 9 px its tileset "
                                "needs (4 tiles of 4 px in 2 columns (margin 1, spacing 0))"));

        const TilesetImage* folder = images.find("folder");
        QCOMPARE(folder->status, TilesetImage::Status::Unreadable);
        QCOMPARE(folder->problem, QStringLiteral("cannot read folder.png: it is a folder"));

        // The placeholder: a 4 x 4 checkerboard, cells of a quarter tile.
        const QImage p = TilesetImages::placeholderTile(16);
        QCOMPARE(p.size(), QSize(16, 16));
        QCOMPARE(raw(p, 0, 0), qRgb(255, 0, 255));
        QCOMPARE(raw(p, 3, 3), qRgb(255, 0, 255));
        QCOMPARE(raw(p, 4, 0), qRgb(0, 0, 0));
        QCOMPARE(raw(p, 4, 4), qRgb(255, 0, 255));
        QCOMPARE(raw(p, 15, 8), qRgb(0, 0, 0));
        QCOMPARE(raw(p, 15, 12), qRgb(255, 0, 255));
        QCOMPARE(TilesetImages::placeholderTile(0).size(), QSize(1, 1));
    }

    void absoluteAndRelativePaths() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("art")));
        QVERIFY(
            QImage(8, 8, QImage::Format_ARGB32).save(dir.filePath(QStringLiteral("art/a.png"))));
        Level level = Level::make(1, 1, 4);
        level.tilesets = {sheet("rel", "art/../art/a.png"),
                          sheet("abs", dir.filePath(QStringLiteral("art/a.png")).toStdString())};
        TilesetImages images(level, dir.path());
        QVERIFY(images.problems().empty());
        QCOMPARE(images.find("rel")->path, dir.filePath(QStringLiteral("art/a.png")));
        QCOMPARE(images.find("abs")->path, images.find("rel")->path);
        QCOMPARE(images.find("none"), nullptr);
    }

    void cacheKeepsReloadsAndDrops() {
        QTemporaryDir dir;
        QImage red(8, 8, QImage::Format_ARGB32);
        red.fill(Qt::red);
        QVERIFY(red.save(dir.filePath(QStringLiteral("a.png"))));
        QVERIFY(red.save(dir.filePath(QStringLiteral("b.png"))));
        Level level = Level::make(1, 1, 4);
        level.tilesets = {sheet("a", "a.png"), sheet("b", "b.png")};
        TilesetImages images;
        QVERIFY(images.sync(level, dir.path()));
        const qint64 keyA = images.find("a")->image.cacheKey();
        const qint64 keyB = images.find("b")->image.cacheKey();

        // Nothing changed: nothing reloaded.
        QVERIFY(!images.sync(level, dir.path()));
        QCOMPARE(images.find("a")->image.cacheKey(), keyA);

        // A changed definition reloads that tileset only.
        level.tilesets[0].transparentColor = 0xff0000;
        QVERIFY(images.sync(level, dir.path()));
        QVERIFY(images.find("a")->image.cacheKey() != keyA);
        QCOMPARE(raw(images.find("a")->image, 0, 0), QRgb(0));
        QCOMPARE(images.find("b")->image.cacheKey(), keyB);

        // A file changed on disk (another size) is read again.
        QImage blue(8, 12, QImage::Format_ARGB32);
        blue.fill(Qt::blue);
        QVERIFY(blue.save(dir.filePath(QStringLiteral("b.png"))));
        QVERIFY(images.sync(level, dir.path()));
        QCOMPARE(images.find("b")->image.size(), QSize(8, 12));

        // A file that appears replaces the placeholder.
        level.tilesets.push_back(sheet("c", "c.png"));
        QVERIFY(images.sync(level, dir.path()));
        QVERIFY(!images.find("c")->ok());
        QVERIFY(red.save(dir.filePath(QStringLiteral("c.png"))));
        QVERIFY(images.sync(level, dir.path()));
        QVERIFY(images.find("c")->ok());

        // A tileset removed is dropped; a name reused is a new tileset.
        level.tilesets.erase(level.tilesets.begin());
        QVERIFY(images.sync(level, dir.path()));
        QCOMPARE(images.find("a"), nullptr);
        QCOMPARE(images.all().size(), std::size_t(2));
        QCOMPARE(images.all()[0].tileset.name, std::string("b"));
        images.clear();
        QVERIFY(images.all().empty());
    }
};

QTEST_MAIN(TestTilesetImages)
#include "test_tilesetimages.moc"
