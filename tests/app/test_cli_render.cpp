// `tilesmith render` with art, as a process: --art-only draws what render::renderArt()
// draws (and so what Tiled draws, test_tmx_art), a Tiled map renders as it imports, the
// editor's picture has the art under the collision, and a missing tileset image renders
// anyway with placeholders and a warning naming the file.
#include "artlevel.h"
#include "clitest.h"
#include "imagecompare.h"
#include "samplelevels.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/render/artrenderer.h"
#include "tilesmith/render/levelrenderer.h"
#include "tilesmith/tmx/tmx.h"

#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace ts;
using namespace ts::test::cli;

namespace {

/// artLevel() exported as `dir`/art.tmx, its images in `dir`/art/.
level::Level exportArt(const QString& dir) {
    const level::Level level = test::artLevel(dir);
    if (!tmx::exportTmx(level, QDir(dir).filePath(QStringLiteral("art.tmx"))))
        qFatal("cannot export the art level");
    return level;
}

} // namespace

class TestCliRender : public QObject {
    Q_OBJECT

private slots:
    void artOnlyDrawsWhatAGameDraws() {
        QTemporaryDir dir;
        const level::Level level = exportArt(dir.path());
        const QString out = dir.filePath(QStringLiteral("art.png"));
        const Run r = run({QStringLiteral("render"), dir.filePath(QStringLiteral("art.tmx")),
                           QStringLiteral("-o"), out, QStringLiteral("--art-only")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral("wrote %1 (192 x 112 pixels)\n").arg(out));
        const QImage png(out);
        QVERIFY(png.hasAlphaChannel());
        const render::TilesetImages images(level, dir.path());
        QString error;
        const QString diff =
            test::imageDifference(png, render::renderArt(level, images, 1, &error));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // At a scale, the size follows.
        const Run small = run({QStringLiteral("render"), dir.filePath(QStringLiteral("art.tmx")),
                               QStringLiteral("-o"), out, QStringLiteral("--art-only"),
                               QStringLiteral("--scale"), QStringLiteral("0.25")});
        QVERIFY2(small.exitCode == 0, qPrintable(describe(small)));
        QCOMPARE(QImage(out).size(), QSize(48, 28));
    }

    void theEditorsPictureHasArtUnderTheCollision() {
        QTemporaryDir dir;
        const level::Level level = exportArt(dir.path());
        const QString out = dir.filePath(QStringLiteral("all.png"));
        const Run r = run({QStringLiteral("render"), dir.filePath(QStringLiteral("art.tmx")),
                           QStringLiteral("-o"), out});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const render::TilesetImages images(level, dir.path());
        QString error;
        const QString diff =
            test::imageDifference(QImage(out), render::renderLevel(level, 1, &error, &images));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // Not the art-less picture.
        QVERIFY(
            !test::imageDifference(QImage(out), render::renderLevel(level, 1, &error)).isEmpty());
    }

    void aMissingImageRendersWithAWarning() {
        QTemporaryDir dir;
        const level::Level level = exportArt(dir.path());
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("art/props.png"))));
        const QString map = dir.filePath(QStringLiteral("art.tmx"));
        const QString out = dir.filePath(QStringLiteral("art.png"));
        for (const bool artOnly : {false, true}) {
            QStringList args{QStringLiteral("render"), map, QStringLiteral("-o"), out};
            if (artOnly)
                args << QStringLiteral("--art-only");
            const Run r = run(args);
            QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
            QCOMPARE(r.err, QStringLiteral("%1: warning: tileset 'props': cannot read "
                                           "art/props.png: no such file; its tiles are drawn as "
                                           "placeholders\n")
                                .arg(map));
        }
        // The art with placeholders for the props: the big tile of cell (3, 2) stands on
        // its cell's bottom-left corner, two cells wide and high, magenta at its top left.
        const QImage png(out);
        const render::TilesetImages images(level, dir.path());
        QCOMPARE(images.problems().size(), std::size_t(1));
        QString error;
        const QString diff =
            test::imageDifference(png, render::renderArt(level, images, 1, &error));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QCOMPARE(png.pixel(3 * test::kArtTile, 1 * test::kArtTile), qRgb(255, 0, 255));
    }

    void aLevelWithoutArtDrawsNothing() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("none.png"));
        const QString level = dir.filePath(QStringLiteral("plain.yaml"));
        ts::level::Level plain = testlevels::loadSample("tutorial.yaml");
        plain.art.clear();
        plain.tilesets.clear();
        QVERIFY(ts::level::saveLevelFile(plain, level.toStdString()));
        const Run r = run({QStringLiteral("render"), level, QStringLiteral("-o"), out,
                           QStringLiteral("--art-only")});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        const QImage png = QImage(out).convertToFormat(QImage::Format_ARGB32);
        QVERIFY(png.width() > 0);
        for (int y = 0; y < png.height(); ++y)
            for (int x = 0; x < png.width(); ++x)
                if (qAlpha(png.pixel(x, y)) != 0)
                    QFAIL(qPrintable(QStringLiteral("pixel %1, %2 is drawn").arg(x).arg(y)));
    }
};

QTEST_MAIN(TestCliRender)
#include "test_cli_render.moc"
